"""Signed webhooks: an account's feed, or a seat's view of its game, POSTed to a URL.

An *account hook* receives every entry of the account's feed (``challenge``, ``game_started``,
``your_turn``, ``game_ended``...); a *seat hook* (registered for one game) receives each new
event of that game as the seat sees it (the API's redaction). Each delivery is a JSON body
signed with HMAC-SHA256 over ``<timestamp>.<body>`` (header ``Smashup-Signature:
t=<timestamp>,v1=<hex>``), sent by an rq job, retried with exponential backoff and given up
after :data:`MAX_ATTEMPTS` attempts. Targets must be http(s) URLs whose addresses are public,
unless an operator allows some networks (``WEBHOOK_ALLOWED_NETWORKS``); they are checked when
registered and again before every attempt, and redirects are never followed.

Keys: ``<prefix>:webhook:<id>`` (the hook, JSON, with its secret), ``<prefix>:account:<id>:
webhooks`` and ``<prefix>:{<game_id>}:webhooks`` (sets of hook ids), ``<prefix>:delivery:<id>``
(a delivery record, JSON) and ``<prefix>:webhook:<id>:deliveries`` (the newest delivery ids).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
import socket
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol
from urllib.parse import urlsplit

from domain import GameState
from events.connection import mget, transaction
from events.envelope import utc_timestamp
from service.accounts import Accounts
from service.outcomes import ServiceError

MAX_ATTEMPTS = 6
"""Attempts per delivery (the first and 5 retries); then the delivery is ``failed``."""
BACKOFF = 10.0
"""Seconds before the first retry; each next one waits twice as long (10, 20, 40, 80, 160)."""
TIMEOUT = 5.0
"""Seconds a receiver has to answer an attempt."""
KEEP_DELIVERIES = 200
"""Deliveries listed per hook (older ones expire)."""
DELIVERY_TTL = 7 * 24 * 3600
MAX_HOOKS = 10
"""Hooks per account, and per seat of a game."""
SIGNATURE_HEADER = "Smashup-Signature"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class WebhookUrlRefused(ServiceError):
    """The URL is not http(s), does not resolve, or points at a private address."""

    code = "webhook_url_refused"


class WebhookNotFound(ServiceError):
    """No hook has this id (or the caller does not own it)."""

    code = "webhook_not_found"


class TooManyWebhooks(ServiceError):
    """The owner already has :data:`MAX_HOOKS` hooks."""

    code = "too_many_webhooks"


class DeliveryQueue(Protocol):
    """Runs delivery attempts, now or later."""

    def deliver(self, delivery_id: str, delay: float = 0.0) -> None:
        """Attempt ``delivery_id`` after ``delay`` seconds."""


def networks(texts: Iterable[str]) -> tuple[Network, ...]:
    """Parse CIDR networks (``127.0.0.1/32``, ``10.0.0.0/8``...)."""
    return tuple(ipaddress.ip_network(t.strip(), strict=False) for t in texts if t.strip())


def check_url(url: str, allowed: Sequence[Network]) -> str:
    """Refuse a URL that is not http(s) or resolves to a non-public address not ``allowed``;
    return the address checked, which a delivery connects to (no second lookup, whose answer
    could differ)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookUrlRefused("a webhook URL must be an http:// or https:// URL with a host")
    if parts.username or parts.password:
        raise WebhookUrlRefused("a webhook URL may not hold credentials")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        found = socket.getaddrinfo(parts.hostname, port, proto=socket.IPPROTO_TCP)
    except (OSError, ValueError, UnicodeError):
        raise WebhookUrlRefused(f"the host of {url!r} does not resolve") from None
    for *_, address in found:
        ip = ipaddress.ip_address(address[0])
        if not ip.is_global and not any(ip in net for net in allowed):
            raise WebhookUrlRefused(
                f"{parts.hostname} is a private or reserved address ({ip}): the server's "
                f"operator may allow its network with WEBHOOK_ALLOWED_NETWORKS (CIDRs, e.g. "
                f"{ipaddress.ip_network(ip)}), else use a public address"
            )
    return str(found[0][4][0])


def sign(secret: str, timestamp: int, body: bytes) -> str:
    """The ``Smashup-Signature`` header value of a body sent at ``timestamp``."""
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


Sender = Callable[[str, bytes, dict[str, str], str], int]
"""POSTs a body to a URL with headers, connecting to the given (checked) address whatever the
URL's host resolves to now; returns the status (raises ``OSError`` on failure)."""


class Webhooks:
    """Registers hooks, records deliveries and runs delivery attempts."""

    def __init__(
        self,
        accounts: Accounts,
        queue: DeliveryQueue | None = None,
        allowed: Sequence[Network] = (),
        backoff: float = BACKOFF,
    ) -> None:
        self.accounts = accounts
        self.redis = accounts.redis
        self.prefix = accounts.prefix
        self.queue = queue
        self.allowed = tuple(allowed)
        self.backoff = backoff

    # -- keys ---------------------------------------------------------------------------------

    def _hook_key(self, hook_id: str) -> str:
        return f"{self.prefix}:webhook:{hook_id}"

    def _owner_key(self, hook: dict[str, Any]) -> str:
        if hook["account"] is not None:
            return f"{self.prefix}:account:{hook['account']}:webhooks"
        return self.accounts.store.key(hook["game"], "webhooks")

    def _delivery_key(self, delivery_id: str) -> str:
        return f"{self.prefix}:delivery:{delivery_id}"

    # -- hooks --------------------------------------------------------------------------------

    def register(
        self,
        url: str,
        secret: str | None,
        *,
        account: str | None = None,
        game: str | None = None,
        seat: int | None = None,
    ) -> dict[str, Any]:
        """A new hook of an account (``account``) or of a seat (``game`` and ``seat``)."""
        check_url(url, self.allowed)
        hook_id = secrets.token_hex(8)
        hook: dict[str, Any] = {
            "id": hook_id,
            "url": url,
            "account": account,
            "game": game,
            "seat": seat,
            "created_at": utc_timestamp(),
            "secret": secret or secrets.token_urlsafe(32),
        }
        owner = self._owner_key(hook)
        mine = [h for h in self._hooks(owner) if h["seat"] == seat]
        if len(mine) >= MAX_HOOKS:
            raise TooManyWebhooks(f"at most {MAX_HOOKS} webhooks per account or seat")
        pipe = transaction(self.redis)
        pipe.set(self._hook_key(hook_id), json.dumps(hook))
        pipe.sadd(owner, hook_id)
        pipe.execute()
        return hook

    def get(self, hook_id: str) -> dict[str, Any]:
        """A hook (with its secret), or :class:`WebhookNotFound`."""
        raw = self.redis.get(self._hook_key(hook_id))
        if raw is None:
            raise WebhookNotFound(f"there is no webhook {hook_id!r}")
        hook: dict[str, Any] = json.loads(raw)
        return hook

    def owned(
        self, hook_id: str, account: str | None, seat: tuple[str, int] | None
    ) -> dict[str, Any]:
        """A hook the caller owns: its account's, or its seat's (a seat or account token)."""
        hook = self.get(hook_id)
        if hook["account"] is not None and hook["account"] == account:
            return hook
        if hook["account"] is None:
            if seat is not None and (hook["game"], hook["seat"]) == seat:
                return hook
            if account is not None and self.accounts.seat_in(account, hook["game"]) == hook["seat"]:
                return hook
        raise WebhookNotFound(f"you have no webhook {hook_id!r}")

    def delete(self, hook: dict[str, Any]) -> None:
        """Remove a hook; its pending deliveries are dropped."""
        pipe = transaction(self.redis)
        pipe.delete(self._hook_key(hook["id"]))
        pipe.srem(self._owner_key(hook), hook["id"])
        pipe.execute()

    def _hooks(self, owner_key: str) -> list[dict[str, Any]]:
        ids = sorted(i.decode() for i in self.redis.smembers(owner_key))
        if not ids:
            return []
        raws = mget(self.redis, [self._hook_key(i) for i in ids])
        return [json.loads(r) for r in raws if r is not None]

    def account_hooks(self, account: str) -> list[dict[str, Any]]:
        """The hooks of an account."""
        return self._hooks(f"{self.prefix}:account:{account}:webhooks")

    # -- what triggers deliveries -------------------------------------------------------------

    def on_feed(self, account: str, entry: dict[str, Any]) -> None:
        """A feed entry was written: deliver it to the account's hooks."""
        for hook in self.account_hooks(account):
            self._new_delivery(hook, entry["type"], entry)

    def on_append(
        self,
        game_id: str,
        old_version: int,
        state: GameState,
        redact: Callable[[list[Any], int | None], list[Any]],
    ) -> None:
        """Events were appended: deliver each, as its seat sees it, to the game's seat hooks."""
        if self.accounts.games.hooks_at(game_id, old_version) == 0:
            return  # the command's own load found none: no extra round trip
        hooks = self._hooks(self.accounts.store.key(game_id, "webhooks"))
        if not hooks:
            return
        envelopes = self.accounts.store.read(game_id, after=old_version, until=state.version)
        for hook in hooks:
            for event in redact(envelopes, hook["seat"]):
                data = {"game": game_id, "seat": hook["seat"], "event": event}
                self._new_delivery(hook, "game_event", data)

    def _new_delivery(self, hook: dict[str, Any], kind: str, data: dict[str, Any]) -> None:
        delivery_id = secrets.token_hex(10)
        body = {"delivery": delivery_id, "hook": hook["id"], "type": kind, "data": data}
        record = {
            "id": delivery_id,
            "hook": hook["id"],
            "type": kind,
            "status": "pending",
            "created_at": utc_timestamp(),
            "attempts": [],
            "body": json.dumps(body, ensure_ascii=False, separators=(",", ":")),
        }
        listing = f"{self._hook_key(hook['id'])}:deliveries"
        pipe = transaction(self.redis)
        pipe.set(self._delivery_key(delivery_id), json.dumps(record), ex=DELIVERY_TTL)
        pipe.lpush(listing, delivery_id)
        pipe.ltrim(listing, 0, KEEP_DELIVERIES - 1)
        pipe.execute()
        if self.queue is not None:
            self.queue.deliver(delivery_id)

    # -- deliveries ---------------------------------------------------------------------------

    def deliveries(self, hook_id: str) -> list[dict[str, Any]]:
        """The hook's newest deliveries, newest first (without their bodies)."""
        listing = f"{self._hook_key(hook_id)}:deliveries"
        ids = [i.decode() for i in self.redis.lrange(listing, 0, -1)]
        raws = mget(self.redis, [self._delivery_key(i) for i in ids]) if ids else []
        shown = []
        for raw in raws:
            if raw is not None:
                record = json.loads(raw)
                record["body"] = json.loads(record["body"])
                shown.append(record)
        return shown

    def attempt(self, delivery_id: str, send: Sender) -> float | None:
        """Try a delivery once; return the delay before the next attempt, or None if done."""
        raw = self.redis.get(self._delivery_key(delivery_id))
        if raw is None:
            return None
        record = json.loads(raw)
        try:
            hook = self.get(record["hook"])
        except WebhookNotFound:
            return None
        if record["status"] != "pending":
            return None
        body = record["body"].encode()
        now = int(time.time())
        headers = {
            "Content-Type": "application/json",
            SIGNATURE_HEADER: sign(hook["secret"], now, body),
            "Smashup-Delivery": delivery_id,
            "Smashup-Event": record["type"],
        }
        outcome: dict[str, Any] = {"at": utc_timestamp(), "status": None, "error": None}
        try:
            address = check_url(hook["url"], self.allowed)
            outcome["status"] = send(hook["url"], body, headers, address)
        except WebhookUrlRefused as refused:
            outcome["error"] = refused.message
        except OSError as error:
            outcome["error"] = f"{type(error).__name__}: {error}"[:200]
        record["attempts"].append(outcome)
        status = outcome["status"]
        if status is not None and 200 <= status < 300:
            record["status"] = "delivered"
        elif len(record["attempts"]) >= MAX_ATTEMPTS:
            record["status"] = "failed"
        self.redis.set(self._delivery_key(delivery_id), json.dumps(record), ex=DELIVERY_TTL)
        if record["status"] != "pending":
            return None
        return float(self.backoff * 2 ** (len(record["attempts"]) - 1))


def public(hook: dict[str, Any]) -> dict[str, Any]:
    """A hook as its owner sees it (the secret is shown only when it is created)."""
    return {k: v for k, v in hook.items() if k != "secret"}
