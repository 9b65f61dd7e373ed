"""The games service: create games, load their state, run commands. Shared by the API and workers.

No Flask here: the service speaks domain objects and plain JSON-ready dicts. State is loaded from
the newest snapshot plus the events after it, with a small in-process cache of the latest state of
recently used games; a snapshot is saved every :data:`SNAPSHOT_EVERY` events.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain import (
    Command,
    GameSetup,
    GameState,
    InvalidSetup,
    PlayerSetup,
    RuleViolation,
    ScriptedSetup,
    awaited_seat,
    decide_and_evolve,
    event_from_dict,
    event_to_dict,
    redact_payload,
    replay,
    start_game,
    state_from_json,
    state_to_json,
    view,
)
from domain.model import Clock
from domain.view import awaiting
from events.envelope import Envelope, utc_timestamp
from events.errors import DuplicateCommand, GameExists, VersionConflict
from events.store import EventStore, hash_token
from service.metrics import COMMAND_SECONDS, EVENTS_APPENDED, Stopwatch
from service.outcomes import (
    BotScheduler,
    CommandResult,
    CreatedGame,
    GameNotFound,
    IdempotencyKeyReused,
    SeatGrant,
    StaleVersion,
)
from service.waiters import Waiters

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50
"""Save a snapshot whenever a game's version crosses a multiple of this."""
CACHE_SIZE = 256
"""Games whose latest state is kept in memory."""
APPEND_RETRIES = 5
"""Attempts to run a command without ``expected_version`` when concurrent appends win."""
CREATE_RETRIES = 3


class Games:
    """Creates games and executes commands on them through the event store."""

    def __init__(
        self,
        store: EventStore,
        bots: BotScheduler | None = None,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        cache_size: int = CACHE_SIZE,
        waiters: Waiters | None = None,
    ) -> None:
        self.store = store
        self.bots = bots
        self.waiters = waiters if waiters is not None else Waiters()
        self.snapshot_every = snapshot_every
        self.cache_size = cache_size
        self._cache: OrderedDict[str, GameState] = OrderedDict()
        self._lock = threading.Lock()
        self.listeners: list[AppendListener] = []
        """Called after every append (and creation) with the game id, old version and state."""

    # -- creating -----------------------------------------------------------------------------

    def create(
        self,
        players: Sequence[PlayerSetup],
        seed: str | None = None,
        scripted: ScriptedSetup | None = None,
        accounts: Sequence[str | None] | None = None,
        clock: Clock | None = None,
    ) -> CreatedGame:
        """Create a game; raise :class:`InvalidSetup` when the rules refuse the setup.

        ``accounts`` names the player account of each seat (None: an anonymous seat); account
        seats get no seat token, their account's token acts for them.
        """
        owners = list(accounts or [None] * len(players))
        chosen_seed = seed if seed is not None else secrets.token_hex(16)
        for _ in range(CREATE_RETRIES):
            game_id = secrets.token_hex(8)
            events = _start(GameSetup(game_id, chosen_seed, tuple(players), scripted, clock))
            state = replay(events)
            seats = tuple(
                SeatGrant(
                    p.seat,
                    p.name,
                    p.bot,
                    None if p.bot or owners[p.seat] else secrets.token_urlsafe(32),
                    owners[p.seat],
                )
                for p in state.players
            )
            for grant in seats:
                if grant.token is not None:
                    self.store.register_token(hash_token(grant.token), game_id, grant.seat)
            meta = {
                "created_at": utc_timestamp(),
                "seats": json.dumps(
                    [{"seat": s.seat, "name": s.name, "bot": s.bot} for s in seats]
                ),
                "status": state.status,
            }
            if any(owners):
                meta["accounts"] = json.dumps(owners)
            try:
                self.store.create(game_id, [event_to_dict(e) for e in events], meta)
            except GameExists:
                continue
            EVENTS_APPENDED.inc(len(events))
            self._remember(state)
            self._after_append(game_id, 0, state, schedule_bots=True)
            return CreatedGame(game_id, state.version, seats)
        raise RuntimeError("could not find a free game id")

    # -- loading ------------------------------------------------------------------------------

    def require(self, game_id: str) -> None:
        """Raise :class:`GameNotFound` unless the game exists."""
        if not self.store.exists(game_id):
            raise GameNotFound(f"there is no game {game_id!r}")

    def load(self, game_id: str) -> GameState:
        """The current state of a game: cache or snapshot, plus the events after it."""
        version = self.store.version(game_id)
        if version == 0:
            raise GameNotFound(f"there is no game {game_id!r}")
        with self._lock:
            cached = self._cache.get(game_id)
        if cached is not None and cached.version == version:
            return cached
        base = cached if cached is not None and cached.version < version else None
        snapshot = self._snapshot(game_id, version)
        if snapshot is not None and (base is None or snapshot.version > base.version):
            base = snapshot
        after = base.version if base is not None else 0
        envelopes = self.store.read(game_id, after=after)
        state = replay((event_from_dict(e) for e in envelopes), base)
        self._remember(state)
        if len(envelopes) >= self.snapshot_every:
            self.store.save_snapshot(game_id, state.version, state_to_json(state))
        return state

    def _snapshot(self, game_id: str, version: int) -> GameState | None:
        """The stored snapshot, or None if absent or unreadable by this code (then dropped)."""
        found = self.store.load_snapshot(game_id, at_most=version)
        if found is None:
            return None
        try:
            return state_from_json(found[1])
        except (ValueError, KeyError, TypeError):
            log.warning("dropping an unreadable snapshot of game %s", game_id, exc_info=True)
            self.store.delete_snapshots(game_id)
            return None

    def _remember(self, state: GameState) -> None:
        with self._lock:
            known = self._cache.get(state.game_id)
            if known is None or known.version <= state.version:
                self._cache[state.game_id] = state
            self._cache.move_to_end(state.game_id)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)

    # -- tokens -------------------------------------------------------------------------------

    def authenticate(self, token: str) -> tuple[str, int] | None:
        """The ``(game_id, seat)`` a seat token belongs to, or None."""
        return self.store.lookup_token(hash_token(token))

    # -- commands -----------------------------------------------------------------------------

    def execute(
        self,
        game_id: str,
        seat: int,
        command: Command,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        *,
        schedule_bots: bool = True,
    ) -> CommandResult:
        """Decide and append a command for ``seat``; the answer shows what that seat may see.

        Raises a domain :class:`RuleViolation`, :class:`GameNotFound`, :class:`StaleVersion`
        or :class:`IdempotencyKeyReused`; nothing is appended then.
        """
        watch = Stopwatch()
        outcome = "refused"
        try:
            result = self._execute(
                game_id, seat, command, expected_version, idempotency_key, schedule_bots
            )
            outcome = "replayed" if result.replayed else "accepted"
            return result
        finally:
            COMMAND_SECONDS.labels(outcome=outcome).observe(watch.seconds())

    def _execute(
        self,
        game_id: str,
        seat: int,
        command: Command,
        expected_version: int | None,
        idempotency_key: str | None,
        schedule_bots: bool,
    ) -> CommandResult:
        command = dataclasses.replace(command, seat=seat)
        fingerprint = _fingerprint(command, expected_version)
        key = None if idempotency_key is None else f"{seat}:{idempotency_key}"
        if key is not None:
            stored = self.store.idempotent_response(game_id, key)
            if stored is not None:
                return self._replay_answer(game_id, seat, stored, fingerprint)
        for _ in range(APPEND_RETRIES):
            state = self.load(game_id)
            try:
                if expected_version is not None and expected_version != state.version:
                    raise StaleVersion(expected_version, state.version)
                events, new_state = decide_and_evolve(state, command)
            except (RuleViolation, StaleVersion):
                # A concurrent request with the same key may have been appended since the
                # check above (its record is written with its events): answer as it did.
                stored = None if key is None else self.store.idempotent_response(game_id, key)
                if stored is None:
                    raise
                return self._replay_answer(game_id, seat, stored, fingerprint)
            game = view(new_state, seat)
            record = None
            if key is not None:
                record = {
                    "first": state.version + 1,
                    "version": new_state.version,
                    "game": game,
                    "request": fingerprint,
                }
            meta = {"status": new_state.status} if new_state.status != state.status else None
            try:
                stored_events = self.store.append(
                    game_id,
                    state.version,
                    [event_to_dict(e) for e in events],
                    idempotency_key=key,
                    response=record,
                    meta=meta,
                )
            except DuplicateCommand as duplicate:
                return self._replay_answer(game_id, seat, duplicate.response, fingerprint)
            except VersionConflict as conflict:
                if expected_version is not None:
                    raise StaleVersion(expected_version, conflict.actual) from None
                continue
            EVENTS_APPENDED.inc(len(stored_events))
            self._remember(new_state)
            self._after_append(game_id, state.version, new_state, schedule_bots=schedule_bots)
            answer = {
                "version": new_state.version,
                "events": self.redact(stored_events, seat),
                "game": game,
            }
            return CommandResult(answer, replayed=False, state=new_state)
        raise StaleVersion(None, self.store.version(game_id))

    def _replay_answer(
        self, game_id: str, seat: int, stored: Mapping[str, Any], fingerprint: str
    ) -> CommandResult:
        """The first answer to an idempotency key, rebuilt from its record and the log."""
        if stored.get("request") != fingerprint:
            raise IdempotencyKeyReused(
                "this Idempotency-Key was already used for a different command"
            )
        first, last = int(stored["first"]), int(stored["version"])
        envelopes = self.store.read(game_id, after=first - 1, until=last)
        answer = {"version": last, "events": self.redact(envelopes, seat), "game": stored["game"]}
        return CommandResult(answer, replayed=True)

    def _after_append(
        self, game_id: str, old_version: int, state: GameState, *, schedule_bots: bool
    ) -> None:
        """Snapshot when a multiple of the interval was crossed; wake the bots if needed."""
        if state.version // self.snapshot_every > old_version // self.snapshot_every:
            self.store.save_snapshot(game_id, state.version, state_to_json(state))
        for listener in self.listeners:
            listener(game_id, old_version, state)
        if schedule_bots and self.bots is not None and bot_awaited(state):
            self.bots.schedule(game_id, state.version)

    # -- reading ------------------------------------------------------------------------------

    @staticmethod
    def redact(envelopes: Sequence[Envelope], viewer: int | None) -> list[Envelope]:
        """Envelopes as ``viewer`` (a seat, or None for spectators) may see them."""
        return [
            {**e, "payload": redact_payload(e["type"], e["payload"], viewer)} for e in envelopes
        ]

    def events(
        self, game_id: str, viewer: int | None, after: int, wait: float, limit: int
    ) -> list[Envelope]:
        """The viewer's events after ``after`` (at most ``limit``), waiting up to ``wait`` s."""
        self.require(game_id)
        if wait > 0:
            with self.waiters.slot():
                envelopes = self.store.wait(game_id, after, wait, count=limit)
        else:
            envelopes = self.store.read(game_id, after, until=after + limit)
        return self.redact(envelopes[:limit], viewer)

    def turns(self, game_id: str, seat: int, wait: float) -> list[dict[str, Any]]:
        """The awaited decision of ``seat`` in its game, waiting up to ``wait`` s for one."""
        deadline = time.monotonic() + wait
        state = self.load(game_id)
        if awaited_seat(state) != seat and state.status == "active" and wait > 0:
            with self.waiters.slot():
                while awaited_seat(state) != seat:
                    remaining = deadline - time.monotonic()
                    if state.status != "active" or remaining <= 0:
                        return []
                    self.store.wait(game_id, state.version, remaining)
                    state = self.load(game_id)
        if awaited_seat(state) != seat:
            return []
        return [
            {
                "game": game_id,
                "seat": seat,
                "version": state.version,
                "awaiting": awaiting(state, seat),
            }
        ]

    def resume_bots(self) -> int:
        """Schedule bot turns for every active game waiting for a bot; return how many."""
        if self.bots is None:
            return 0
        count = 0
        for game_id in self.store.list_games():
            if self.store.meta(game_id).get("status") == "ended":
                continue
            state = self.load(game_id)
            if bot_awaited(state):
                self.bots.schedule(game_id, state.version)
                count += 1
        return count


AppendListener = Callable[[str, int, GameState], None]
"""Told ``(game_id, old_version, new_state)`` after events were appended to a game."""


def bot_awaited(state: GameState) -> bool:
    """Tell whether the game waits for a seat played by a bot."""
    seat = awaited_seat(state)
    return seat is not None and state.players[seat].bot is not None


def _start(setup: GameSetup) -> tuple[Any, ...]:
    """The creation events; any refusal of the setup becomes :class:`InvalidSetup`."""
    try:
        return start_game(setup)
    except RuleViolation:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as error:
        log.warning("start_game refused a setup with %r", error, exc_info=True)
        raise InvalidSetup(f"the setup cannot be played: {error}") from error


def _fingerprint(command: Command, expected_version: int | None) -> str:
    """A digest of what a command asks, to detect an idempotency key reused for another one."""
    body = {**command.body(), "expected_version": expected_version}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
