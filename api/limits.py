"""Who a request comes from, and the limits it counts against (see :mod:`service.limits`).

Every ``/v1`` request that carries a bearer token has it checked first: a malformed, made-up or
revoked token is refused 401 ``invalid_token`` on every route, public ones too, and leaves no
key behind. Then each request counts against two rate-limit policies:

* ``address``: its client address (an IPv6 address by its /64), whatever tokens it sends;
* ``identity``: its account (or its seat token's digest), else its address again, so that an
  anonymous client has the identity limit too.

The client address is the peer of the connection, unless that peer is a trusted front proxy
(``TRUSTED_PROXIES``: CIDRs; none by default): then it is the right-most address of
``X-Forwarded-For`` that is not itself a trusted proxy. Account creation has a limit of its own
per address (``ACCOUNT_LIMIT``), and the active-game quota (``GAME_QUOTA``) counts each game
against its creator's address and identity (:func:`hold_game`). ``/v1/health`` and
``/metrics`` are not limited (load balancers and scrapers poll them). Every limited answer
carries ``RateLimit-Policy`` and ``RateLimit`` (draft-ietf-httpapi-ratelimit-headers).
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from flask import Flask, Response, current_app, g, request

from api import auth
from service.limits import RateLimited, RateLimiter, Standing, TooManyAccounts
from service.quota import GameQuota, Hold
from service.waiters import OWNER

LIMITER = "smashup.rate_limiter"
ADDRESS_LIMITER = "smashup.address_limiter"
ACCOUNT_LIMITER = "smashup.account_limiter"
QUOTA = "smashup.game_quota"
PROXIES = "smashup.trusted_proxies"
EXEMPT = frozenset({"/v1/health", "/metrics"})
SELF_CHECKED = frozenset({"games.command"})
"""Endpoints that check the token themselves, in the Redis round trip that loads the game:
they call :func:`count_identity` once it is known."""
_STANDINGS = "smashup_standings"

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(setting: str | Sequence[str] | None) -> list[Network]:
    """The trusted proxies: CIDRs (a list, or one comma-separated string); None reads
    ``SMASHUP_TRUSTED_PROXIES``; empty: trust no proxy."""
    if setting is None:
        setting = os.environ.get("SMASHUP_TRUSTED_PROXIES", "")
    items = setting.split(",") if isinstance(setting, str) else list(setting)
    return [ipaddress.ip_network(item.strip(), strict=False) for item in items if item.strip()]


def _trusted(address: str, networks: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address() -> str:
    """The client's address: the peer, or what trusted proxies say the client was."""
    peer = request.remote_addr or "unknown"
    networks: list[Network] = current_app.extensions.get(PROXIES, [])
    if not networks or not _trusted(peer, networks):
        return peer
    hops = [h.strip() for h in ",".join(request.headers.getlist("X-Forwarded-For")).split(",")]
    for hop in reversed([h for h in hops if h]):
        if not _trusted(hop, networks):
            return hop
    return peer


def address_id() -> str:
    """The name the address policy counts the caller under (an IPv6 address by its /64)."""
    address = client_address()
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return "ip-" + address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return "ip-" + str(ip.ipv4_mapped)
        return "ip-" + str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return "ip-" + str(ip)


def client_id() -> str:
    """The caller's identity: its account, else its seat token's digest, else its address."""
    from api.routes.common import games  # not at import: the routes import this module

    found = auth.caller(games()) if _checks_tokens() else None
    return address_id() if found is None else found.identity


def _checks_tokens() -> bool:
    """Whether the request's token is checked: on every ``/v1`` route but the health check."""
    return request.path.startswith("/v1/") and request.path not in EXEMPT


def _guard() -> None:
    """Count the request against its address, check its token, count it against its
    identity; so a made-up token costs its address a request and leaves no key."""
    from api.routes.common import games

    limited = request.path not in EXEMPT
    OWNER.set(address_id())  # the waiter slots one address may hold are capped
    standings: list[Standing] = []
    setattr(g, _STANDINGS, standings)
    by_address: RateLimiter | None = current_app.extensions.get(ADDRESS_LIMITER)
    if limited and by_address is not None:
        standings.append(by_address.hit(address_id()))
    if request.endpoint in SELF_CHECKED and auth.token_or_none() is not None:
        return
    if _checks_tokens():
        auth.caller(games())
    if limited:
        count_identity()


def count_identity() -> None:
    """Count the request against the caller's identity (429 ``rate_limited`` past it)."""
    by_identity: RateLimiter | None = current_app.extensions.get(LIMITER)
    if by_identity is not None:
        g.get(_STANDINGS, []).append(by_identity.hit(client_id()))


def _headers(response: Response) -> Response:
    """``RateLimit-Policy`` and ``RateLimit`` on every answer of a limited request."""
    policies = [
        limiter
        for limiter in (
            current_app.extensions.get(ADDRESS_LIMITER),
            current_app.extensions.get(LIMITER),
        )
        if limiter is not None
    ]
    if not policies or request.path in EXEMPT:
        return response
    response.headers["RateLimit-Policy"] = ", ".join(
        f'"{p.policy}";q={p.limit};w={p.window}' for p in policies
    )
    standings: list[Standing] = g.get(_STANDINGS) or []
    if standings:
        response.headers["RateLimit"] = ", ".join(
            f'"{s.policy}";r={s.remaining};t={s.reset}' for s in standings
        )
    return response


def quota() -> GameQuota | None:
    """The game quota of the current app, if it has one."""
    found: GameQuota | None = current_app.extensions.get(QUOTA)
    return found


@contextmanager
def hold_game() -> Iterator[Hold]:
    """A place in the game quota of the caller's address and identity for the ``with`` block
    that creates a game (429 ``too_many_games`` if either is full); see
    :meth:`service.quota.GameQuota.hold`. Without a quota, a hold that counts nothing."""
    limit = quota()
    if limit is None:
        yield Hold()
        return
    with limit.hold([address_id(), client_id()]) as held:
        yield held


def count_account_creation() -> None:
    """Count one account created by the caller's address (429 ``too_many_accounts`` past
    ``ACCOUNT_LIMIT``)."""
    limiter: RateLimiter | None = current_app.extensions.get(ACCOUNT_LIMITER)
    if limiter is None:
        return
    try:
        limiter.hit(address_id())
    except RateLimited as refused:
        raise TooManyAccounts(limiter.limit, limiter.window, refused.retry_after) from None


def install(app: Flask) -> None:
    """Check tokens up front, and apply ``RATE_LIMIT`` (per identity),
    ``ADDRESS_RATE_LIMIT``, ``ACCOUNT_LIMIT`` (each ``(requests, seconds)`` or None),
    ``GAME_QUOTA`` (or None), ``TRUSTED_PROXIES``, ``ACCOUNT_TTL`` (or None) and
    ``MAX_WAITERS_PER_ADDRESS`` (None: a quarter of ``MAX_WAITERS``)."""
    from api.routes.common import EXTENSION  # not at import: the routes import this module

    service = app.extensions[EXTENSION]
    redis, prefix = service.store.redis, service.store.prefix
    app.extensions[PROXIES] = trusted_networks(app.config.get("TRUSTED_PROXIES"))
    limits: tuple[tuple[str, str, str, str], ...] = (
        ("RATE_LIMIT", LIMITER, "rate", "identity"),
        ("ADDRESS_RATE_LIMIT", ADDRESS_LIMITER, "rate-address", "address"),
        ("ACCOUNT_LIMIT", ACCOUNT_LIMITER, "account-rate", "accounts"),
    )
    for setting, slot, name, policy in limits:
        rate: Any = app.config.get(setting)
        if rate:
            limit, window = rate
            app.extensions[slot] = RateLimiter(
                redis, prefix, int(limit), int(window), name=name, policy=policy
            )
    app.before_request(_guard)
    app.after_request(_headers)
    if app.config.get("MAX_WAITERS_PER_ADDRESS") is not None:
        service.waiters.per_owner = int(app.config["MAX_WAITERS_PER_ADDRESS"])
    if app.config.get("GAME_QUOTA"):
        ttl = app.config.get("GAME_TTL") or None
        app.extensions[QUOTA] = GameQuota(service, int(app.config["GAME_QUOTA"]), ttl)
    from service.social import social_of

    social = social_of(service)
    if social is not None and app.config.get("ACCOUNT_TTL"):
        social.accounts.provisional_ttl = int(app.config["ACCOUNT_TTL"])
