"""Logs, time travel and uploaded replays: the service side (no Flask), shared with the CLI.

* :func:`check_log` replays an uploaded log without storing it: each line is upcast to the
  current schema, decoded, then verified batch by batch against the rules from the game's own
  seed (:mod:`domain.verify`), so the first event that cannot apply is reported by version.
  Verifying re-decides each command, with the game's seeded random source, exactly as the
  server did when it played the game.
* :class:`Replays` serves a stored game's log and its state at any version: from the newest
  snapshot at or below that version (or an in-process checkpoint, whichever is newer) plus the
  events after it. Checkpoints are kept every :data:`~service.games.SNAPSHOT_EVERY` versions, and
  the last state asked for, so stepping through a game folds one event per step. Folding events
  calls no random number generator.
* :meth:`Replays.import_log` stores a verified, finished log as a new game (see there for how
  its id is chosen).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import threading
import typing
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import (
    Event,
    GameState,
    event_from_dict,
    evolve,
    rules,
    state_from_json,
    view,
)
from domain import events as ev
from domain.codec import to_json
from domain.decide import awaited_seat
from domain.verify import decode_records, derive
from domain.view import awaiting
from events.envelope import Envelope, utc_timestamp
from events.errors import GameExists, StoreError
from events.logfile import REASON_LIMIT, LogFormatError, read_log, upcast_log, write_log
from service.games import SNAPSHOT_EVERY, Games
from service.outcomes import GameNotFound, ServiceError

GAME_ID = re.compile(r"\A[A-Za-z0-9_-]{1,64}\Z")
MAX_LOG_EVENTS = rules.MAX_LOG_EVENTS
"""The longest log :func:`check_log` accepts: the longest a game can be (the domain ends any game
at :data:`domain.rules.VERSION_CAP`, within it)."""
CHECKPOINT_GAMES = 16
"""Games whose time-travel checkpoints are kept in memory."""
IMPORT_ATTEMPTS = 3


class InvalidLog(ServiceError):
    """A log whose event at ``version`` cannot apply, for ``reason``."""

    code = "invalid_log"

    def __init__(self, version: int, reason: str) -> None:
        reason = reason if len(reason) <= REASON_LIMIT else reason[: REASON_LIMIT - 1] + "…"
        super().__init__(f"the log is invalid at version {version}: {reason}")
        self.version = version
        self.reason = reason


class GameNotEnded(ServiceError):
    """What was asked for is only available once the game has ended."""

    code = "game_not_ended"


class VersionNotFound(ServiceError):
    """A game has no such version (yet)."""

    code = "version_not_found"

    def __init__(self, game_id: str, at: int, current: int) -> None:
        super().__init__(f"game {game_id!r} has versions 1 to {current}, not {at}")
        self.at = at
        self.current = current


@dataclass(frozen=True)
class CheckedLog:
    """A valid log: its envelopes as written, its events (at the current schema), its end."""

    envelopes: list[Envelope]
    events: list[Event]
    state: GameState


SetupPolicy = Callable[[list[dict[str, Any]], str], "str | None"]
"""Why a server would refuse to create a game with these players and seed (None: it would not):
the HTTP layer passes the check of its ``POST /v1/games`` schema."""


class _Watched(Sequence[ev.Event]):
    """A log's events that report how far the rules have read into them."""

    def __init__(self, items: Sequence[ev.Event], report: Callable[[int, int], None]) -> None:
        self.items = items
        self.report = report

    def __len__(self) -> int:
        return len(self.items)

    @typing.overload
    def __getitem__(self, index: int) -> ev.Event: ...

    @typing.overload
    def __getitem__(self, index: slice) -> Sequence[ev.Event]: ...

    def __getitem__(self, index: int | slice) -> ev.Event | Sequence[ev.Event]:
        if isinstance(index, int) and index >= 0:
            self.report(index + 1, len(self.items))
        return self.items[index]


def check_log(
    text: str,
    refuse_setup: SetupPolicy | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CheckedLog:
    """Replay a JSON Lines log without storing it, or raise :class:`InvalidLog`.

    Each stage (reading a line, upcasting it, decoding it) keeps the good prefix and its first
    problem; the rules then re-derive that prefix from the game's seed. The players and seed
    must be ones ``POST /v1/games`` accepts (printable names, known bots...). Each payload must be
    exactly the JSON of the event the rules made (same fields, same JSON types; a field may be
    left out if it has a default), so a log is stored only in a form that reads back the same.
    Whichever problem has the lowest version is reported. ``progress(version, total)`` is
    called as the rules reach each version.
    """
    written, cut = read_log(text)
    current, problem = upcast_log(written)
    cut = problem or cut
    decoded, bad = decode_records(current)
    if bad is not None:
        cut = LogFormatError(bad.version, bad.reason)
    derived, state, wrong = derive(decoded if progress is None else _Watched(decoded, progress))
    refused = _refused_setup(derived[0], refuse_setup) if derived else None
    if refused is not None:
        raise InvalidLog(1, refused)
    for version, (event, envelope) in enumerate(zip(derived, current, strict=False), start=1):
        if not _conforms(envelope["payload"], to_json(event)):
            reason = f"the {event.type} payload has unknown fields or values of the wrong type"
            raise InvalidLog(version, reason)
    if wrong is not None and (cut is None or wrong.version < cut.version):
        raise InvalidLog(wrong.version, wrong.reason)
    if cut is not None:
        raise InvalidLog(cut.version, cut.reason)
    assert state is not None
    return CheckedLog(written, derived, state)


def _refused_setup(created: Event, refuse_setup: SetupPolicy | None) -> str | None:
    """Why this server would not have created this game (None if it would have)."""
    assert isinstance(created, ev.GameCreated)
    players = [
        {"name": p.name, "factions": list(p.factions), "bot": p.bot} for p in created.players
    ]
    refused = refuse_setup(players, created.seed) if refuse_setup is not None else None
    if refused is not None:
        return f"game_created: this server creates no such game: {refused}"
    if not isinstance(created.game_id, str) or not GAME_ID.match(created.game_id):
        return "game_created: game_id must be 1 to 64 letters, digits, '_' or '-'"
    return None


def _conforms(given: Any, made: Any) -> bool:
    """Whether JSON ``given`` is ``made`` with the same types, maybe missing some object keys."""
    if isinstance(made, dict):
        return (
            isinstance(given, dict)
            and given.keys() <= made.keys()
            and all(_conforms(value, made[key]) for key, value in given.items())
        )
    if isinstance(made, list):
        return (
            isinstance(given, list)
            and len(given) == len(made)
            and all(_conforms(g, m) for g, m in zip(given, made, strict=True))
        )
    return type(given) is type(made) and given == made


def full_view(state: GameState) -> dict[str, Any]:
    """The game view with nothing hidden: every hand, and the options of the awaited seat."""
    shown = view(state, None)
    for player in shown["players"]:
        seat = player["seat"]
        player["hand"] = view(state, seat)["players"][seat]["hand"]
    seat = awaited_seat(state)
    if seat is not None:
        shown["awaiting"] = awaiting(state, seat)
    return shown


@dataclass(frozen=True)
class Imported:
    """A log stored as a game: its id, final state, and whether this call created it."""

    game_id: str
    state: GameState
    created: bool


class Replays:
    """Logs and time travel over the games of a :class:`Games` service, and log imports."""

    def __init__(
        self,
        games: Games,
        *,
        checkpoint_every: int = SNAPSHOT_EVERY,
        checkpoint_games: int = CHECKPOINT_GAMES,
    ) -> None:
        self.games = games
        self.store = games.store
        self.checkpoint_every = checkpoint_every
        self.checkpoint_games = checkpoint_games
        self._checkpoints: OrderedDict[str, dict[int, GameState]] = OrderedDict()
        self._lock = threading.Lock()

    def ended(self, game_id: str) -> bool:
        """Tell whether a game has ended (from its metadata, else from its state)."""
        status = self.store.meta(game_id).get("status")
        if status is None:
            status = self.games.load(game_id).status
        return status == "ended"

    def log(self, game_id: str, viewer: int | None) -> list[Envelope]:
        """The whole log once the game has ended; before that, a seat's own redacted log."""
        self.games.require(game_id)
        if self.ended(game_id):
            return self.store.read(game_id)
        if viewer is None:
            raise GameNotEnded(
                f"the log of game {game_id!r} is public once the game has ended; "
                "a seat may read its own redacted log with its token"
            )
        return self.games.redact(self.store.read(game_id), viewer)

    # -- time travel --------------------------------------------------------------------------

    def state_at(self, game_id: str, at: int | None = None) -> GameState:
        """The state after version ``at`` (default: the current one)."""
        current = self.store.version(game_id)
        if current == 0:
            raise GameNotFound(f"there is no game {game_id!r}")
        if at is None or at == current:
            return self.games.load(game_id)
        if not 1 <= at <= current:
            raise VersionNotFound(game_id, at, current)
        state = self._nearest(game_id, at)
        after = 0 if state is None else state.version
        for envelope in self.store.read(game_id, after=after, until=at):
            state = evolve(state, event_from_dict(envelope))
            if state.version % self.checkpoint_every == 0:
                self._keep(state)
        assert state is not None
        assert state.version == at
        self._keep(state)  # the cursor: stepping on from here folds one event at a time
        return state

    def _nearest(self, game_id: str, at: int) -> GameState | None:
        """The newest known state at or below ``at``: a snapshot or a checkpoint."""
        best: GameState | None = None
        found = self.store.load_snapshot(game_id, at_most=at)
        if found is not None:
            try:
                best = state_from_json(found[1])
            except (ValueError, KeyError, TypeError):
                best = None  # unreadable by this code: Games.load drops it
        with self._lock:
            kept = self._checkpoints.get(game_id, {})
            version = max((v for v in kept if v <= at), default=0)
            if version > (0 if best is None else best.version):
                best = kept[version]
        return best

    def _keep(self, state: GameState) -> None:
        """Keep a state: every multiple of the interval, and the last state asked for."""
        with self._lock:
            kept = self._checkpoints.setdefault(state.game_id, {})
            for version in [v for v in kept if v % self.checkpoint_every]:
                del kept[version]
            kept[state.version] = state
            self._checkpoints.move_to_end(state.game_id)
            while len(self._checkpoints) > self.checkpoint_games:
                self._checkpoints.popitem(last=False)

    # -- imports ------------------------------------------------------------------------------

    def import_log(self, log: CheckedLog) -> Imported:
        """Store a verified log of a finished game as a new game.

        The new id is derived from the log's content (a SHA-256 digest), so importing the same
        log again finds the same game instead of making a copy. The stored events are those
        uploaded (schema versions and timestamps included; older schemas are upcast when read)
        except one field: ``game_created.game_id`` becomes the new id. Nothing else depends on
        the id (the game's randomness comes from ``seed``), so the game replays the same.
        """
        envelopes, state = log.envelopes, log.state
        if state.status != "ended":
            raise ValueError("only a finished game can be imported")
        digest = hashlib.sha256("".join(write_log(envelopes)).encode()).hexdigest()
        source = str(envelopes[0]["payload"].get("game_id", ""))
        for attempt in range(IMPORT_ATTEMPTS):
            game_id = hashlib.sha256(f"{attempt}:{digest}".encode()).hexdigest()[:16]
            events = [_renamed(envelope, game_id) for envelope in envelopes]
            imported = dataclasses.replace(state, game_id=game_id)
            meta = {
                "created_at": utc_timestamp(),
                "seats": json.dumps(
                    [{"seat": p.seat, "name": p.name, "bot": p.bot} for p in state.players]
                ),
                "status": state.status,
                "imported_from": source,
            }
            try:
                self.store.create(game_id, events, meta)
            except GameExists:
                if self._holds(game_id, events):
                    return Imported(game_id, imported, created=False)
                continue
            self.games.save_snapshot(game_id, imported)
            return Imported(game_id, imported, created=True)
        raise StoreError("could not find a free game id for the imported log")

    def _holds(self, game_id: str, events: Sequence[Mapping[str, Any]]) -> bool:
        """Tell whether a stored game has exactly these events (after upcasting both)."""
        stored = self.store.read(game_id)
        ours, _ = upcast_log({**e, "version": n} for n, e in enumerate(events, start=1))
        return [(e["type"], e["payload"]) for e in stored] == [
            (e["type"], e["payload"]) for e in ours
        ]


def _renamed(envelope: Mapping[str, Any], game_id: str) -> dict[str, Any]:
    """An uploaded envelope as the store takes it; game_created gets the new game id."""
    payload = dict(envelope["payload"])
    if envelope["type"] == "game_created":
        payload["game_id"] = game_id
    event = {"type": envelope["type"], "schema": envelope["schema"], "payload": payload}
    if "ts" in envelope:
        event["ts"] = envelope["ts"]
    return event
