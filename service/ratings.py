"""Ratings of player accounts: Weng-Lin Plackett-Luce (``openskill``), one per account and
category (``2p``: two seats, ``3-4p``: three or four), updated once per rated game.

A game is *rated* when its creator asked for it, every seat is an account and its setup was not
scripted (all three are checked when it is created: its metadata then holds ``rated: "1"``) and
it did not end by being aborted. When it ends, :class:`Ratings` (a games listener) asks its
:class:`RatingScheduler` for a job that calls :meth:`Ratings.apply`.

:meth:`Ratings.apply` updates exactly once per game: it reads the ratings under ``WATCH`` and
writes the new ratings, their history, results by faction, the leaderboards and the game's
``rated`` mark in one ``MULTI``/``EXEC``. A second run sees the mark and does nothing; a run that
dies before ``EXEC`` wrote nothing, so the next run does the whole update.

Keys (global, all with the hash tag ``{ratings}`` so that one transaction may change them on a
Redis Cluster: they live in one slot): ``<prefix>:{ratings}:rating:<account>:<category>`` (a
hash: mu, sigma, games, wins), ``<prefix>:{ratings}:rating:<account>:history`` (a list, newest
first, of JSON entries), ``<prefix>:{ratings}:rating:<account>:factions`` (a hash:
``<faction>:games``, ``<faction>:wins``), ``<prefix>:{ratings}:leaderboard:<category>:<bots|
people|all>`` (sorted sets by rating) and ``<prefix>:{ratings}:rating-done:<game>`` (the mark:
the game's update is written).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import redis
from openskill.models import PlackettLuce

from domain import GameState
from events.envelope import utc_timestamp
from service.accounts import Accounts
from service.outcomes import ServiceError

CATEGORIES = ("2p", "3-4p")
BOTS_FILTERS = ("exclude", "only", "include")
"""``bots=`` of the leaderboard: people only (default), bot accounts only, or everyone."""
PROVISIONAL_GAMES = 10
"""A rating is provisional until this many rated games in its category."""
HISTORY_KEPT = 200
"""History entries kept per account (all categories), newest first."""
MODEL = PlackettLuce()


class UnknownCategory(ServiceError):
    """No rating category has this name."""

    code = "unknown_category"


class RatingScheduler(Protocol):
    """Something that gets a game's rating update done later (an rq job) or right away."""

    def schedule_rating(self, game_id: str) -> None:
        """Ask for :meth:`Ratings.apply` on ``game_id``."""


def category_of(seats: int) -> str:
    """The rating category of a game of ``seats`` seats."""
    return "2p" if seats == 2 else "3-4p"


def places(
    vp: Sequence[int], winner: int | None, resigned: Sequence[int] = (), reason: str = ""
) -> list[int]:
    """Each seat's place, 1 first, as the rules rank: the winner first, then by VP; seats with
    the same VP (other than the winner) share a place. Seats that resigned come after every
    other, in the reverse order they resigned (the first to leave is last); an agreed draw
    puts every seat first."""
    if reason == "agreed_draw":
        return [1] * len(vp)
    stayed = [seat for seat in range(len(vp)) if seat not in resigned]
    others = sorted({vp[seat] for seat in stayed if seat != winner}, reverse=True)
    first = 1 if winner is None else 2
    out = [1 if seat == winner else first + others.index(vp[seat]) for seat in stayed]
    last = max(out, default=0)
    ranks = dict(zip(stayed, out, strict=True))
    for n, seat in enumerate(reversed(resigned), start=1):
        ranks[seat] = last + n
    return [ranks[seat] for seat in range(len(vp))]


@dataclass(frozen=True)
class Rating:
    """One account's rating in one category."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    games: int = 0
    wins: int = 0

    @property
    def rating(self) -> float:
        """The number that orders players: a conservative estimate, ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """True until :data:`PROVISIONAL_GAMES` rated games."""
        return self.games < PROVISIONAL_GAMES

    def as_json(self, category: str) -> dict[str, Any]:
        """The rating as profiles and the leaderboard show it."""
        return {
            "category": category,
            "rating": round(self.rating, 3),
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "games": self.games,
            "wins": self.wins,
            "provisional": self.provisional,
        }


def rate(before: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The seats' ratings after a game where seat ``i`` took place ``ranks[i]`` (1 first;
    equal places are ties). Pure: nothing is stored."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [
        Rating(team[0].mu, team[0].sigma, old.games + 1, old.wins + (place == 1))
        for old, team, place in zip(before, after, ranks, strict=True)
    ]


class Ratings:
    """Reads and updates ratings; listens to the games service for rated games that end."""

    def __init__(self, accounts: Accounts, scheduler: RatingScheduler | None = None) -> None:
        self.accounts = accounts
        self.redis = accounts.redis
        self.prefix = accounts.prefix
        self.scheduler = scheduler

    # -- keys -----------------------------------------------------------------------------------

    def _key(self, account_id: str, part: str) -> str:
        return f"{self.prefix}:{{ratings}}:rating:{account_id}:{part}"

    def _board(self, category: str, group: str) -> str:
        return f"{self.prefix}:{{ratings}}:leaderboard:{category}:{group}"

    def _done(self, game_id: str) -> str:
        return f"{self.prefix}:{{ratings}}:rating-done:{game_id}"

    # -- the update -----------------------------------------------------------------------------

    def __call__(self, game_id: str, old_version: int, state: GameState) -> None:
        """The games listener: a rated game that just ended gets its update scheduled."""
        if state.status != "ended" or self.scheduler is None:
            return
        if self.accounts.store.meta(game_id).get("rated") == "1":
            self.scheduler.schedule_rating(game_id)

    def is_rated(self, game_id: str) -> bool:
        """True once the game's rating update is written."""
        return bool(self.redis.exists(self._done(game_id)))

    def apply(self, game_id: str, between: Callable[[], None] | None = None) -> bool:
        """Update the ratings of a rated game that ended, exactly once; True if this call did.

        ``between`` runs after the new ratings are computed and before they are written (tests
        make it raise, as a worker dying there)."""
        meta = self.accounts.store.meta(game_id)
        if meta.get("rated") != "1" or meta.get("status") != "ended":
            return False
        state = self.accounts.games.load(game_id)
        version = self.accounts.store.version(game_id)
        last = self.accounts.store.read(game_id, version - 1)
        reason = str(last[-1]["payload"].get("reason", "")) if last else ""
        if reason == "aborted":  # an aborted game has no result
            return False
        owners = [o for o in self.accounts.seats_of_game(game_id) if o is not None]
        if len(owners) != len(state.players):
            return False
        category = category_of(len(owners))
        resigned = state.table.resigned if state.table else ()
        ranks = places([p.vp for p in state.players], state.winner, resigned, reason)
        keys = [self._key(o, category) for o in owners]
        pipe: Any
        with self.redis.pipeline(transaction=True) as pipe:  # WATCHed reads at once, then MULTI
            while True:
                try:
                    pipe.watch(self._done(game_id), *keys)
                    if pipe.exists(self._done(game_id)):
                        return False
                    before = [_read(pipe.hgetall(k)) for k in keys]
                    after = rate(before, ranks)
                    if between is not None:
                        between()
                    pipe.multi()
                    self._write_update(pipe, game_id, state, owners, ranks, before, after)
                    pipe.execute()
                    return True
                except redis.WatchError:
                    continue

    def _write_update(
        self,
        pipe: Any,
        game_id: str,
        state: GameState,
        owners: Sequence[str],
        ranks: Sequence[int],
        before: Sequence[Rating],
        after: Sequence[Rating],
    ) -> None:
        """Queue on ``pipe`` (in MULTI) every write of one game's update, its mark last."""
        category = category_of(len(owners))
        ended = utc_timestamp()
        for seat, owner in enumerate(owners):
            new, old = after[seat], before[seat]
            pipe.hset(self._key(owner, category), mapping=_write(new))
            entry = {
                "game": game_id,
                "category": category,
                "place": ranks[seat],
                "seats": len(owners),
                "factions": list(state.players[seat].factions),
                "vp": state.players[seat].vp,
                "opponents": [o for o in owners if o != owner],
                "rating_before": round(old.rating, 3),
                "rating": round(new.rating, 3),
                "ended_at": ended,
            }
            pipe.lpush(self._key(owner, "history"), json.dumps(entry))
            pipe.ltrim(self._key(owner, "history"), 0, HISTORY_KEPT - 1)
            for faction in state.players[seat].factions:
                pipe.hincrby(self._key(owner, "factions"), f"{faction}:games", 1)
                pipe.hincrby(self._key(owner, "factions"), f"{faction}:wins", int(ranks[seat] == 1))
            group = "bots" if self.accounts.get(owner).bot else "people"
            for board in (group, "all"):
                pipe.zadd(self._board(category, board), {owner: new.rating})
        pipe.set(self._done(game_id), ended)

    # -- reading --------------------------------------------------------------------------------

    def of(self, account_id: str) -> list[dict[str, Any]]:
        """The account's rating in each category (the starting one where it has no games)."""
        pipe = self.redis.pipeline(transaction=False)
        for category in CATEGORIES:
            pipe.hgetall(self._key(account_id, category))
        found = pipe.execute()
        return [_read(raw).as_json(c) for c, raw in zip(CATEGORIES, found, strict=True)]

    def profile(self, account_id: str, recent: int = 10) -> dict[str, Any]:
        """The account's public profile: the account, its ratings, game counts, rated results
        by faction and its latest rated games (:class:`AccountNotFound` for no account)."""
        shown = self.accounts.get(account_id).as_json()
        ratings = self.of(account_id)
        total = int(self.redis.zcard(f"{self.prefix}:account:{account_id}:games"))
        return {
            **shown,
            "ratings": ratings,
            "games": {"total": total, "rated": sum(r["games"] for r in ratings)},
            "factions": self.by_faction(account_id),
            "recent": self.history(account_id, recent),
        }

    def history(self, account_id: str, limit: int = 20) -> list[dict[str, Any]]:
        """The account's latest rated games, newest first."""
        raw = self.redis.lrange(self._key(account_id, "history"), 0, limit - 1)
        return [json.loads(r) for r in raw]

    def by_faction(self, account_id: str) -> dict[str, dict[str, int]]:
        """Rated games and wins of the account with each faction."""
        counts: dict[str, dict[str, int]] = {}
        for field, value in self.redis.hgetall(self._key(account_id, "factions")).items():
            faction, _, what = field.decode().rpartition(":")
            counts.setdefault(faction, {"games": 0, "wins": 0})[what] = int(value)
        return dict(sorted(counts.items()))

    def leaderboard(
        self, category: str, bots: str = "exclude", cursor: int = 0, limit: int = 50
    ) -> dict[str, Any]:
        """One page of the ranking of ``category``, best first, from position ``cursor``; with
        the cursor of the next page (None at the end)."""
        if category not in CATEGORIES:
            raise UnknownCategory(f"no category {category!r} (known: {', '.join(CATEGORIES)})")
        group = {"exclude": "people", "only": "bots", "include": "all"}[bots]
        ids = self.redis.zrevrange(self._board(category, group), cursor, cursor + limit)
        page = [i.decode() for i in ids[:limit]]
        pipe = self.redis.pipeline(transaction=False)
        for account_id in page:
            pipe.hgetall(self._key(account_id, category))
        entries = []
        for rank, (account_id, raw) in enumerate(zip(page, pipe.execute(), strict=True)):
            account = self.accounts.get(account_id)
            entries.append(
                {
                    "rank": cursor + rank + 1,
                    "player": account.as_json(),
                    **_read(raw).as_json(category),
                }
            )
        more = len(ids) > limit
        return {
            "category": category,
            "bots": bots,
            "players": entries,
            "next_cursor": str(cursor + limit) if more else None,
        }


def _read(raw: dict[bytes, bytes]) -> Rating:
    if not raw:
        return Rating()
    return Rating(
        float(raw[b"mu"]), float(raw[b"sigma"]), int(raw[b"games"]), int(raw.get(b"wins", 0))
    )


def _write(rating: Rating) -> dict[str, str]:
    return {
        "mu": repr(rating.mu),
        "sigma": repr(rating.sigma),
        "games": str(rating.games),
        "wins": str(rating.wins),
    }
