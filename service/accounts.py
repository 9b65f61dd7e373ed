"""Player accounts: a long-lived identity whose token acts for its seats in every game.

Keys (global, not per game): ``<prefix>:account:<id>`` (a hash: name, created_at, token hash),
``<prefix>:account-token:<sha256>`` (the account id), ``<prefix>:account:<id>:games`` (a sorted
set of game ids by creation time). A game's account seats are in its metadata (``accounts``, a
JSON list with one account id or null per seat). Tokens are stored only as SHA-256 digests.

An account is *provisional* until it is used: with :attr:`Accounts.provisional_ttl` set, its
keys expire that many seconds after its creation unless its token is used first (any request
authenticated with it) or a game seats it; then they stop expiring. So accounts made and
abandoned (never used, no games) go away by themselves.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain import PlayerSetup, ScriptedSetup, awaited_seat
from domain.catalogue import catalogue
from domain.model import Clock
from domain.view import awaiting
from events.connection import transaction
from events.envelope import utc_timestamp
from events.protocol import RedisStore, on_redis
from events.store import hash_token
from service.games import Games
from service.outcomes import CreatedGame, ServiceError

TOKEN_PREFIX = "sua_"
"""Account tokens start with this, so a client (and a leak scanner) can tell them from seats."""
GAME_STATUSES = ("active", "ended")
BUILTIN_BOTS = {"builtin-random": "random", "builtin-greedy": "greedy", "builtin-search": "search"}
"""The server's own bots as accounts: seated like any account, played by the server's workers."""
BUILTIN_SINCE = "2026-01-01T00:00:00.000Z"
"""The ``created_at`` the built-in accounts show (they are not stored)."""


def bot_factions(seed: str, taken: Sequence[str]) -> list[str]:
    """Two factions for a built-in bot answering a challenge: drawn (seeded by ``seed``) from
    the catalogue's factions its opponent does not play."""
    free = sorted(set(catalogue().factions) - set(taken))
    return random.Random(seed).sample(free, 2)


class AccountNotFound(ServiceError):
    """No account has this id."""

    code = "player_not_found"


class AccountSeatedTwice(ServiceError):
    """A game may seat an account only once."""

    code = "player_seated_twice"


@dataclass(frozen=True)
class Account:
    """A player account as others may see it."""

    id: str
    name: str
    created_at: str
    bot: bool = False

    def as_json(self) -> dict[str, Any]:
        """The public part of the account (``bot``: a bot account, as lichess's BOT title)."""
        return {"id": self.id, "name": self.name, "created_at": self.created_at, "bot": self.bot}


@dataclass(frozen=True)
class AccountSeat:
    """A seat of a new game: an account's, or anonymous (``player`` None)."""

    setup: PlayerSetup
    player: str | None = None


class Accounts:
    """Creates accounts, resolves their tokens and knows their seats in games."""

    def __init__(self, games: Games, cache_size: int = 1024) -> None:
        self.games = games
        self.store: RedisStore = on_redis(games.store, "accounts, challenges and webhooks")
        self.redis = self.store.redis
        self.prefix = self.store.prefix
        self._seats: OrderedDict[str, tuple[str | None, ...]] = OrderedDict()
        self._cache_size = cache_size
        self.provisional_ttl: int | None = None
        """Seconds a new account lives unless it is used or seated first (None: forever)."""

    # -- keys ---------------------------------------------------------------------------------

    def _key(self, account_id: str, part: str = "") -> str:
        return f"{self.prefix}:account:{account_id}" + (f":{part}" if part else "")

    def _token_key(self, token_hash: str) -> str:
        return f"{self.prefix}:account-token:{token_hash}"

    # -- accounts -----------------------------------------------------------------------------

    def create(self, name: str, bot: bool = False) -> tuple[Account, str]:
        """A new account (a bot account with ``bot``) and its token (shown once; only its hash
        is kept)."""
        account_id = secrets.token_hex(8)
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        created = utc_timestamp()
        digest = hash_token(token)
        pipe = transaction(self.redis)
        pipe.hset(
            self._key(account_id),
            mapping={"name": name, "created_at": created, "token": digest, "bot": int(bot)},
        )
        pipe.set(self._token_key(digest), account_id)
        if self.provisional_ttl:
            pipe.expire(self._key(account_id), self.provisional_ttl)
            pipe.expire(self._token_key(digest), self.provisional_ttl)
        pipe.execute()
        return Account(account_id, name, created, bot), token

    def get(self, account_id: str) -> Account:
        """The account (a built-in bot's too), or :class:`AccountNotFound`."""
        builtin = BUILTIN_BOTS.get(account_id)
        if builtin is not None:
            return Account(account_id, builtin, BUILTIN_SINCE, bot=True)
        raw = self.redis.hmget(self._key(account_id), ["name", "created_at", "bot"])
        if raw[0] is None or raw[1] is None:
            raise AccountNotFound(f"there is no player {account_id!r}")
        return Account(account_id, raw[0].decode(), raw[1].decode(), raw[2] == b"1")

    def authenticate(self, token: str) -> str | None:
        """The account id of a live account token, or None."""
        if not token.startswith(TOKEN_PREFIX):
            return None
        key = self._token_key(hash_token(token))
        pipe = self.redis.pipeline(transaction=False)
        pipe.get(key)
        pipe.pttl(key)
        raw, left = pipe.execute()
        if raw is None:
            return None
        if int(left) > 0:  # provisional: its first use keeps it
            self.keep(raw.decode())
        return str(raw.decode())

    def keep(self, account_id: str) -> None:
        """Make a provisional account permanent (nothing if it already is)."""
        digest = self.redis.hget(self._key(account_id), "token")
        self.redis.persist(self._key(account_id))
        if digest is not None:
            self.redis.persist(self._token_key(digest.decode()))

    def rotate_token(self, account_id: str) -> str:
        """Revoke the account's token and return a new one."""
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        self._replace_token(account_id, hash_token(token))
        return token

    def revoke_token(self, account_id: str) -> None:
        """Revoke the account's token: nothing acts for the account any more."""
        self._replace_token(account_id, None)

    def _replace_token(self, account_id: str, digest: str | None) -> None:
        old = self.redis.hget(self._key(account_id), "token")
        pipe = transaction(self.redis)
        if old is not None:
            pipe.delete(self._token_key(old.decode()))
        if digest is None:
            pipe.hdel(self._key(account_id), "token")
        else:
            pipe.hset(self._key(account_id), "token", digest)
            pipe.set(self._token_key(digest), account_id)
        pipe.execute()

    # -- games --------------------------------------------------------------------------------

    def create_game(
        self,
        seats: Sequence[AccountSeat],
        seed: str | None = None,
        scripted: ScriptedSetup | None = None,
        clock: Clock | None = None,
        *,
        game_id: str | None = None,
        tokens: Sequence[str | None] | None = None,
        rated: bool = False,
        drafted: bool = False,
        boxes: int = 1,
    ) -> CreatedGame:
        """Create a game seating accounts (by id; a built-in bot's seat is played by its bot)
        and anonymous players (``game_id``, ``tokens``, ``rated``, ``drafted`` and ``boxes``: as
        :meth:`Games.create`)."""
        owners = [s.player for s in seats]
        named = [p for p in owners if p is not None]
        if len(set(named)) != len(named):
            raise AccountSeatedTwice("a game may seat each player account only once")
        players = []
        for seat in seats:
            if seat.player is None:
                players.append(seat.setup)
            else:
                name = self.get(seat.player).name
                bot = BUILTIN_BOTS.get(seat.player)
                players.append(PlayerSetup(name, seat.setup.factions, bot))
        return self.games.create(
            players,
            seed,
            scripted,
            accounts=owners if named else None,
            clock=clock,
            game_id=game_id,
            tokens=tokens,
            rated=rated,
            drafted=drafted,
            boxes=boxes,
        )

    def seats_of_game(self, game_id: str) -> tuple[str | None, ...]:
        """The account id of each seat of a game (None: anonymous or bot); cached."""
        known = self._seats.get(game_id)
        if known is not None:
            return known
        raw = self.games.accounts_seen.get(game_id)
        if raw is None:
            raw = self.store.meta(game_id).get("accounts")
        owners: tuple[str | None, ...] = tuple(json.loads(raw)) if raw else ()
        self._seats[game_id] = owners
        while len(self._seats) > self._cache_size:
            self._seats.popitem(last=False)
        return owners

    def seat_in(self, account_id: str, game_id: str) -> int | None:
        """The account's seat in a game, or None if it has none there."""
        owners = self.seats_of_game(game_id)
        return owners.index(account_id) if account_id in owners else None

    def index_game(self, game_id: str) -> None:
        """Record a new game in the game list of each of its accounts."""
        now = time.time()
        for owner in self.seats_of_game(game_id):
            if owner is not None:
                self.redis.zadd(self._key(owner, "games"), {game_id: now})
                self.keep(owner)

    def game_ids(self, account_id: str) -> list[str]:
        """The account's games, oldest first."""
        return [g.decode() for g in self.redis.zrange(self._key(account_id, "games"), 0, -1)]

    def games_of(self, account_id: str, status: str | None = None) -> list[dict[str, Any]]:
        """The account's games (optionally only ``active`` or ``ended`` ones), newest first."""
        listed = []
        for game_id in reversed(self.game_ids(account_id)):
            meta = self.store.meta(game_id)
            if status is not None and meta.get("status") != status:
                continue
            seat = self.seat_in(account_id, game_id)
            if seat is None:
                continue
            listed.append(
                {
                    "game": game_id,
                    "seat": seat,
                    "status": meta.get("status", "active"),
                    "created_at": meta.get("created_at", ""),
                    "version": self.store.version(game_id),
                }
            )
        return listed

    def turns(self, account_id: str) -> list[dict[str, Any]]:
        """Every game waiting for a decision of the account, oldest game first."""
        found = []
        for game_id in self.game_ids(account_id):
            if self.store.meta(game_id).get("status") == "ended":
                continue
            seat = self.seat_in(account_id, game_id)
            state = self.games.load(game_id)
            if seat is not None and awaited_seat(state) == seat:
                found.append(
                    {
                        "game": game_id,
                        "seat": seat,
                        "version": state.version,
                        "awaiting": awaiting(state, seat),
                    }
                )
        return found
