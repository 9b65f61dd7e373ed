"""Challenges: one account invites another to a two-seat game; accepting creates the game.

``<prefix>:challenge:<id>`` holds the challenge as JSON; ``<prefix>:account:<id>:challenges``
is a sorted set of the account's challenges (both directions) by creation time. A challenge is
``pending`` until the challenged account accepts (the game is created, ``accepted``), declines
(``declined``) or the challenger cancels it (``canceled``); only a pending one changes.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import time
from collections.abc import Sequence
from typing import Any

from domain import PlayerSetup
from domain.model import Clock
from events.connection import mget, transaction
from events.envelope import utc_timestamp
from service.accounts import BUILTIN_BOTS, Accounts, AccountSeat, bot_factions
from service.feed import Feeds
from service.outcomes import ServiceError
from service.seating import check_seat_factions, lua_list

# KEYS: the challenge. ARGV: expected status, new status, fields to merge (JSON object).
_TRANSITION_LUA = """
local raw = redis.call('GET', KEYS[1])
if not raw then return {'missing'} end
local challenge = cjson.decode(raw)
if challenge['status'] ~= ARGV[1] then return {'status', challenge['status']} end
challenge['status'] = ARGV[2]
for k, v in pairs(cjson.decode(ARGV[3])) do challenge[k] = v end
local encoded = cjson.encode(challenge)
redis.call('SET', KEYS[1], encoded)
return {'ok', encoded}
"""


FIELDS = (
    "id",
    "from",
    "to",
    "factions",
    "seat",
    "clock",
    "status",
    "created_at",
    "game",
    "rated",
    "setup",
)
"""A challenge's fields, in the order answers show them."""


class ChallengeNotFound(ServiceError):
    """No challenge has this id (or the caller is not part of it)."""

    code = "challenge_not_found"


class ChallengeNotPending(ServiceError):
    """The challenge was already accepted, declined or canceled."""

    code = "challenge_not_pending"


class ChallengeForbidden(ServiceError):
    """The caller may not do this to this challenge (e.g. accept its own)."""

    code = "forbidden"


class Challenges:
    """Creates, lists and settles challenges between accounts."""

    def __init__(self, accounts: Accounts, feeds: Feeds) -> None:
        self.accounts = accounts
        self.feeds = feeds
        self.redis = accounts.redis
        self.prefix = accounts.prefix
        self._transition = self.redis.register_script(_TRANSITION_LUA)

    def _key(self, challenge_id: str) -> str:
        return f"{self.prefix}:challenge:{challenge_id}"

    def _index(self, account_id: str) -> str:
        return f"{self.prefix}:account:{account_id}:challenges"

    def create(
        self,
        challenger: str,
        target: str,
        factions: Sequence[str],
        seat: int,
        clock: Clock | None = None,
        rated: bool = False,
        setup: str = "factions",
    ) -> dict[str, Any]:
        """Challenge ``target`` to a game where ``challenger`` plays ``factions`` at ``seat``,
        with a turn clock if ``clock`` is given (the game gets it on acceptance), rated if
        ``rated``; with ``setup`` ``draft`` nobody names factions: the game drafts them. A
        built-in bot accepts at once (two factions drawn for it, none in a draft)."""
        if challenger == target:
            raise ChallengeForbidden("an account cannot challenge itself")
        if setup == "draft":
            check_seat_factions(factions, setup)
        self.accounts.get(target)
        challenge_id = secrets.token_hex(8)
        challenge: dict[str, Any] = {
            "id": challenge_id,
            "from": challenger,
            "to": target,
            "factions": list(factions),
            "seat": seat,
            "clock": None if clock is None else dataclasses.asdict(clock),
            "status": "pending",
            "created_at": utc_timestamp(),
            "game": None,
            "rated": rated,
            "setup": setup,
        }
        now = time.time()
        pipe = transaction(self.redis)
        pipe.set(self._key(challenge_id), json.dumps(challenge))
        pipe.zadd(self._index(challenger), {challenge_id: now})
        pipe.zadd(self._index(target), {challenge_id: now})
        pipe.execute()
        self.feeds.publish(target, "challenge", challenge)
        if target in BUILTIN_BOTS:  # the server's own bots accept at once
            mine = [] if setup == "draft" else bot_factions(challenge_id, factions)
            return self.accept(challenge_id, target, mine)
        return challenge

    def get(self, challenge_id: str, caller: str) -> dict[str, Any]:
        """A challenge the caller is part of."""
        raw = self.redis.get(self._key(challenge_id))
        challenge: dict[str, Any] | None = None if raw is None else json.loads(raw)
        if challenge is None or caller not in (challenge["from"], challenge["to"]):
            raise ChallengeNotFound(f"you have no challenge {challenge_id!r}")
        return challenge

    def listing(self, caller: str, direction: str, status: str | None) -> list[dict[str, Any]]:
        """The caller's ``incoming`` or ``outgoing`` challenges, newest first."""
        side = "to" if direction == "incoming" else "from"
        ids = [c.decode() for c in self.redis.zrevrange(self._index(caller), 0, -1)]
        found = []
        for raw in mget(self.redis, [self._key(i) for i in ids]) if ids else []:
            if raw is None:
                continue
            challenge = json.loads(raw)
            if challenge[side] == caller and status in (None, challenge["status"]):
                found.append(challenge)
        return found

    def accept(self, challenge_id: str, caller: str, factions: Sequence[str]) -> dict[str, Any]:
        """Accept a challenge addressed to the caller: the game is created and both are told."""
        challenge = self.get(challenge_id, caller)
        if challenge["to"] != caller:
            raise ChallengeForbidden("only the challenged account may accept")
        setup = challenge.get("setup") or "factions"
        if setup == "draft":
            check_seat_factions(factions, setup)
        accepted = self._move(challenge_id, "pending", "accepting", {})
        try:
            mine = AccountSeat(PlayerSetup("", tuple(challenge["factions"])), challenge["from"])
            theirs = AccountSeat(PlayerSetup("", tuple(factions)), caller)
            seats = [mine, theirs] if challenge["seat"] == 0 else [theirs, mine]
            clock = challenge["clock"]
            created = self.accounts.create_game(
                seats,
                clock=None if clock is None else Clock(**clock),
                rated=bool(challenge.get("rated")),
                drafted=setup == "draft",
            )
        except Exception:
            self._move(challenge_id, "accepting", "pending", {})
            raise
        accepted = self._move(challenge_id, "accepting", "accepted", {"game": created.game_id})
        self.feeds.publish(challenge["from"], "challenge_accepted", accepted)
        return accepted

    def decline(self, challenge_id: str, caller: str) -> dict[str, Any]:
        """Decline a challenge addressed to the caller."""
        return self._close(challenge_id, caller, "to", "declined")

    def cancel(self, challenge_id: str, caller: str) -> dict[str, Any]:
        """Withdraw a challenge the caller made."""
        return self._close(challenge_id, caller, "from", "canceled")

    def _close(self, challenge_id: str, caller: str, side: str, status: str) -> dict[str, Any]:
        """Move a pending challenge to ``status`` for the account on its ``side`` (``to``: the
        challenged declines; ``from``: the challenger cancels), and tell the other account."""
        challenge = self.get(challenge_id, caller)
        if challenge[side] != caller:
            who = "the challenged account" if side == "to" else "the challenger"
            verb = "decline" if status == "declined" else "cancel"
            raise ChallengeForbidden(f"only {who} may {verb}")
        closed = self._move(challenge_id, "pending", status, {})
        self.feeds.publish(
            challenge["from" if side == "to" else "to"], f"challenge_{status}", closed
        )
        return closed

    def _move(self, challenge_id: str, old: str, new: str, extra: dict[str, Any]) -> dict[str, Any]:
        reply = self._transition(keys=[self._key(challenge_id)], args=[old, new, json.dumps(extra)])
        status = reply[0].decode()
        if status == "missing":
            raise ChallengeNotFound(f"there is no challenge {challenge_id!r}")
        if status == "status":
            raise ChallengeNotPending(f"the challenge is {reply[1].decode()}, not {old}")
        moved: dict[str, Any] = json.loads(reply[1])
        # a challenge stored before a field existed answers without it (as get and listing do)
        return {field: lua_list(moved[field]) for field in FIELDS if field in moved}
