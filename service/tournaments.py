"""Tournaments (arenas): accounts enter, a worker pairs each round, the standings follow.

A tournament is JSON at ``<prefix>:{tournaments}:tournament:<id>``, listed in the sorted set
``<prefix>:{tournaments}:index`` (by creation time); ``<prefix>:{tournaments}:game:<game>``
names the tournament of each of its games. The ``{tournaments}`` hash tag keeps them in one slot
of a Redis Cluster, so one script changes a record, the index and the game marks together.

Every change is a compare-and-set on the record's ``revision``
(:data:`service.tournament_games.CAS_LUA`). The worker job (:meth:`Tournaments.advance`) is
idempotent: it records the results of the games that ended, then pairs the next round
(:func:`service.pairings.pair_round`, a function of the record alone) and writes it with its
games' ids (``<tournament>-<round>-<table>``) *before* creating the games; any later run
creates those of the round that do not exist yet. Run twice, or after a worker died half-way,
it pairs each round exactly once and creates each game once.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import secrets
import time
from collections.abc import Sequence
from typing import Any

from domain import GameState
from domain.model import Clock
from events.envelope import utc_timestamp
from service.accounts import BUILTIN_BOTS, Accounts
from service.feed import Feeds
from service.games import Games
from service.pairings import pair_round, planned_rounds, standings
from service.ratings import places
from service.social import social_of
from service.tournament_games import CAS_LUA, create_games
from service.tournament_records import (
    OPTIONS,
    SUMMARY,
    AlreadyEntered,
    NotEntered,
    TooFewPlayers,
    TournamentForbidden,
    TournamentFull,
    TournamentNotFound,
    TournamentScheduler,
    cancel_open,
    check_open,
    drawn_factions,
    seconds_of,
    table_factions,
)

log = logging.getLogger(__name__)

LIST_LIMIT = 100
MIN_PLAYERS = 2


class Tournaments:
    """Creates tournaments, takes entries, pairs rounds; listens to games that end."""

    def __init__(
        self, accounts: Accounts, feeds: Feeds, scheduler: TournamentScheduler | None = None
    ) -> None:
        self.accounts = accounts
        self.feeds = feeds
        self.redis = accounts.redis
        self.prefix = accounts.prefix
        self.scheduler = scheduler
        self._cas = self.redis.register_script(CAS_LUA)

    def _key(self, tournament_id: str) -> str:
        return f"{self.prefix}:{{tournaments}}:tournament:{tournament_id}"

    def _index(self) -> str:
        return f"{self.prefix}:{{tournaments}}:index"

    def _game(self, game_id: str) -> str:
        return f"{self.prefix}:{{tournaments}}:game:{game_id}"

    # -- records --------------------------------------------------------------------------------

    def record(self, tournament_id: str) -> dict[str, Any]:
        """The stored record (:class:`TournamentNotFound` if there is none)."""
        raw = self.redis.get(self._key(tournament_id)) if tournament_id.isalnum() else None
        if raw is None:
            raise TournamentNotFound(f"there is no tournament {tournament_id!r}")
        found: dict[str, Any] = json.loads(raw)
        return found

    def _write(
        self, old: dict[str, Any] | None, new: dict[str, Any], games: Sequence[str] = ()
    ) -> bool:
        """Store ``new`` if the stored record is still ``old`` (None: there is none); True if
        written. ``games``: ids of new games, marked as this tournament's."""
        revision = 0 if old is None else old["revision"]
        new["revision"] = revision + 1
        keys = [self._key(new["id"]), self._index(), *(self._game(g) for g in games)]
        score = str(time.time()) if old is None else ""
        return bool(self._cas(keys=keys, args=[str(revision), json.dumps(new), new["id"], score]))

    def _change(self, tournament_id: str, change: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """Apply ``change(record) -> new record`` (a copy) until the compare-and-set holds;
        answer (old, new)."""
        while True:
            old = self.record(tournament_id)
            new = change(json.loads(json.dumps(old)))
            if self._write(old, new):
                return old, new

    # -- views ----------------------------------------------------------------------------------

    def get(self, tournament_id: str) -> dict[str, Any]:
        """The tournament as anyone may see it, with its standings and every game."""
        return self.shown(self.record(tournament_id))

    def shown(self, record: dict[str, Any]) -> dict[str, Any]:
        """A record as answers show it (the seed left out, standings added)."""
        shown = {k: v for k, v in record.items() if k not in ("seed", "revision")}
        shown["players"] = [
            {**p, "name": self.accounts.get(p["player"]).name, "bot": self._is_bot(p["player"])}
            for p in record["players"]
        ]
        shown["standings"] = standings(record)
        return shown

    def _is_bot(self, account_id: str) -> bool:
        return self.accounts.get(account_id).bot

    def listing(self, status: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """The newest tournaments (optionally of one ``status``), newest first, summarised."""
        ids = [i.decode() for i in self.redis.zrevrange(self._index(), 0, LIST_LIMIT - 1)]
        found = []
        for tournament_id in ids:
            try:
                record = self.record(tournament_id)
            except TournamentNotFound:
                continue
            if status is None or record["status"] == status:
                summary = {k: record[k] for k in SUMMARY}
                summary["players"] = len(record["players"])
                found.append(summary)
            if len(found) == limit:
                break
        return found

    # -- entries --------------------------------------------------------------------------------

    def create(self, by: str, options: dict[str, Any], bots: Sequence[str] = ()) -> dict[str, Any]:
        """A new open tournament by account ``by``; ``options`` as :data:`OPTIONS` names them,
        ``bots``: built-in bot accounts entered at once."""
        tournament_id = secrets.token_hex(8)
        clock: Clock | None = options.get("clock")
        record: dict[str, Any] = {
            "id": tournament_id,
            "by": by,
            **{k: options.get(k, default) for k, default in OPTIONS.items()},
            "clock": None if clock is None else dataclasses.asdict(clock),
            "status": "open",
            "created_at": utc_timestamp(),
            "started_at": None,
            "finished_at": None,
            "round": 0,
            "players": [],
            "games": [],
            "byes": [],
            "seed": secrets.token_hex(16),
        }
        for bot in bots:
            if bot not in BUILTIN_BOTS:
                raise NotEntered(f"{bot!r} is not a built-in bot (others enter themselves)")
            if bot not in [p["player"] for p in record["players"]]:
                record["players"].append(self._entry(record, bot, None))
        if len(record["players"]) > record["max_players"]:
            raise TournamentFull(f"more built-in bots than the {record['max_players']} players")
        self._write(None, record)
        if record["starts_at"] is not None and self.scheduler is not None:
            self.scheduler.schedule_tournament(tournament_id, seconds_of(record["starts_at"]))
        return self.shown(record)

    def _entry(
        self, record: dict[str, Any], player: str, factions: Sequence[str] | None
    ) -> dict[str, Any]:
        if record["factions"] == "fixed" and factions is None:
            factions = drawn_factions(f"{record['seed']}:{player}", 2)
        return {
            "player": player,
            "factions": None if factions is None else list(factions),
            "joined_at": utc_timestamp(),
        }

    def join(
        self, tournament_id: str, player: str, factions: Sequence[str] | None
    ) -> dict[str, Any]:
        """Enter account ``player`` (with its ``factions`` when they are fixed; else ignored);
        the tournament starts if it starts when full and this filled it."""
        self.accounts.get(player)

        def enter(record: dict[str, Any]) -> dict[str, Any]:
            check_open(record)
            if player in [p["player"] for p in record["players"]]:
                raise AlreadyEntered("you have already entered this tournament")
            if len(record["players"]) >= record["max_players"]:
                raise TournamentFull(f"the tournament takes {record['max_players']} players")
            mine = factions if record["factions"] == "fixed" else None
            record["players"].append(self._entry(record, player, mine))
            return record

        _, new = self._change(tournament_id, enter)
        if new["start_when_full"] and len(new["players"]) == new["max_players"]:
            return self.start(tournament_id, None)
        return self.shown(new)

    def leave(self, tournament_id: str, player: str) -> dict[str, Any]:
        """Take account ``player`` out of an open tournament."""

        def withdraw(record: dict[str, Any]) -> dict[str, Any]:
            check_open(record)
            if player not in [p["player"] for p in record["players"]]:
                raise NotEntered("you have not entered this tournament")
            record["players"] = [p for p in record["players"] if p["player"] != player]
            return record

        return self.shown(self._change(tournament_id, withdraw)[1])

    def start(self, tournament_id: str, caller: str | None) -> dict[str, Any]:
        """Start an open tournament (``caller``: its creator; None: the server, at its time or
        when full); the worker pairs its first round."""

        def begin(record: dict[str, Any]) -> dict[str, Any]:
            if caller is not None and caller != record["by"]:
                raise TournamentForbidden("only the tournament's creator may start it")
            check_open(record)
            if len(record["players"]) < MIN_PLAYERS:
                raise TooFewPlayers(f"{len(record['players'])} player(s): two at least")
            record["status"] = "running"
            record["started_at"] = utc_timestamp()
            record["rounds"] = planned_rounds(
                record["format"], len(record["players"]), record["seats"], record["rounds"]
            )
            return record

        _, new = self._change(tournament_id, begin)
        for entry in new["players"]:
            self.feeds.publish(entry["player"], "tournament_started", self._notice(new))
        self._schedule(tournament_id)
        return self.shown(new)

    def _notice(self, record: dict[str, Any], **extra: Any) -> dict[str, Any]:
        return {
            "tournament": record["id"],
            "name": record["name"],
            "round": record["round"],
            **extra,
        }

    def _schedule(self, tournament_id: str) -> None:
        if self.scheduler is not None:
            self.scheduler.schedule_tournament(tournament_id)

    # -- the worker's job -----------------------------------------------------------------------

    def __call__(self, game_id: str, old_version: int, state: GameState) -> None:
        """The games listener: a tournament game that ended gets its tournament's job run."""
        if state.status != "ended" or self.scheduler is None:
            return
        try:
            owner = self.redis.get(self._game(game_id))
            if owner is not None:
                self.scheduler.schedule_tournament(owner.decode())
        except Exception:  # the events are stored: never the command's answer
            log.exception("game %s: scheduling its tournament's job failed", game_id)

    def advance(self, tournament_id: str, now: float | None = None) -> str:
        """The worker's job: start a tournament whose time has come, record the results of its
        games that ended, create the games of its current round that do not exist yet, pair
        the next round when every game of the current one has ended, or finish it. Idempotent;
        answers what it did (``started``, ``waiting``, ``paired``, ``finished``, ``nothing``)."""
        record = self.record(tournament_id)
        if record["status"] == "open":
            due = record["starts_at"] is not None and seconds_of(record["starts_at"]) <= (
                now or time.time()
            )
            if not due:
                return "nothing"
            try:
                self.start(tournament_id, None)
            except TooFewPlayers:
                self._change(tournament_id, cancel_open)
                return "canceled"
            return "started"
        if record["status"] != "running":
            return "nothing"
        record = self._record_results(record)
        current = [g for g in record["games"] if g["round"] == record["round"]]
        if current:  # a run that died after writing the round left some of them to make
            create_games(self.accounts, record, current)
        if any(g["places"] is None for g in current):
            return "waiting"
        if record["round"] >= record["rounds"]:
            return self._finish(record)
        return self._pair(record)

    def _record_results(self, record: dict[str, Any]) -> dict[str, Any]:
        """The record with the results of its games that ended written in (stored if any)."""
        pending = [g for g in record["games"] if g["places"] is None]
        if not pending:
            return record
        ended = {}
        for game in pending:
            if self.accounts.store.meta(game["game"]).get("status") == "ended":
                state = self.accounts.games.load(game["game"])
                vp = [p.vp for p in state.players]
                ended[game["game"]] = (places(vp, state.winner), vp)
        if not ended:
            return record

        def write(current: dict[str, Any]) -> dict[str, Any]:
            for game in current["games"]:
                if game["game"] in ended and game["places"] is None:
                    game["places"], game["vp"] = ended[game["game"]]
                    game["status"] = "ended"
            return current

        return self._change(record["id"], write)[1]

    def _pair(self, record: dict[str, Any]) -> str:
        """Write the next round into the record (if no other run did), then create its games."""
        round_no = record["round"] + 1
        tables, bye = pair_round(record, round_no)
        games = []
        for index, table in enumerate(tables):
            factions = table_factions(record, round_no, index, table)
            games.append(
                {
                    "game": f"{record['id']}-{round_no}-{index}",
                    "round": round_no,
                    "table": index,
                    "players": table,
                    "factions": factions,
                    "status": "active",
                    "places": None,
                    "vp": None,
                }
            )
        new = json.loads(json.dumps(record))
        new["round"] = round_no
        new["games"] += games
        if bye is not None:
            new["byes"].append({"round": round_no, "player": bye})
        if not self._write(record, new, [g["game"] for g in games]):
            return "nothing"  # another run changed it first: it pairs, or its job follows
        for game in games:
            for seat, player in enumerate(game["players"]):
                notice = self._notice(new, game=game["game"], seat=seat, players=game["players"])
                self.feeds.publish(player, "tournament_round", notice)
        if bye is not None:
            self.feeds.publish(bye, "tournament_round", self._notice(new, game=None, bye=True))
        create_games(self.accounts, new, games)
        if not games:  # a round of byes only (cannot happen with two players or more)
            self._schedule(record["id"])
        return "paired"

    def _finish(self, record: dict[str, Any]) -> str:
        def end(current: dict[str, Any]) -> dict[str, Any]:
            if current["status"] == "running":
                current["status"] = "finished"
                current["finished_at"] = utc_timestamp()
            return current

        old, new = self._change(record["id"], end)
        if old["status"] != "running":
            return "nothing"
        table = standings(new)
        for row in table:
            notice = self._notice(new, place=row["rank"], points=row["points"], players=len(table))
            self.feeds.publish(row["player"], "tournament_ended", notice)
        return "finished"


def tournaments_of(games: Games) -> Tournaments | None:
    """The tournaments service listening to ``games``, if any."""
    return next((t for t in games.listeners if isinstance(t, Tournaments)), None)


def attach_tournaments(games: Games, scheduler: TournamentScheduler) -> Tournaments:
    """Build the tournaments service over ``games`` (its account services attached first),
    told of every append, its jobs run by ``scheduler``."""
    existing = tournaments_of(games)
    if existing is not None:
        return existing
    social = social_of(games)
    if social is None:
        raise RuntimeError("the games service has no account services attached")
    tournaments = Tournaments(social.accounts, social.feeds, scheduler)
    games.listeners.append(tournaments)
    return tournaments
