"""The games service: create games, load their state, run commands. Shared by the API and workers.

No Flask here: the service speaks domain objects and plain JSON-ready dicts. State is loaded from
the newest snapshot plus the events after it, with a small in-process cache of the latest state of
recently used games; a snapshot is saved every :data:`SNAPSHOT_EVERY` events.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from domain import (
    Command,
    Event,
    GameSetup,
    GameState,
    PlayerSetup,
    RuleViolation,
    ScriptedSetup,
    awaited_seat,
    decide_and_evolve,
    event_from_dict,
    event_to_dict,
    replay,
    snapshot_point,
    state_from_json,
    state_to_json,
)
from domain.model import Clock
from domain.view import awaiting
from events.envelope import Envelope
from events.errors import DuplicateCommand, GameExists, VersionConflict
from events.protocol import GameStore
from events.store import hash_token
from service.answers import command_answer, redact, replayed_answer
from service.answers import fingerprint as request_fingerprint
from service.creation import creation_meta, seat_grants, start_events
from service.metrics import COMMAND_TIMES, EVENTS_APPENDED, Stopwatch
from service.outcomes import (
    BotScheduler,
    CommandResult,
    CreatedGame,
    GameNotFound,
    StaleVersion,
)
from service.recent import CACHE_SIZE, Recent
from service.waiters import Waiters

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50
"""Save a snapshot whenever a game's version crosses a multiple of this."""
APPEND_RETRIES = 5
"""Attempts to run a command without ``expected_version`` when concurrent appends win."""
CREATE_RETRIES = 3


class Games:
    """Creates games and executes commands on them through the event store."""

    def __init__(
        self,
        store: GameStore,
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
        self.recent = Recent(cache_size)
        self.accounts_seen = self.recent.accounts
        """The ``accounts`` metadata of recently loaded games ('' for none); it never changes."""
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
        *,
        game_id: str | None = None,
        tokens: Sequence[str | None] | None = None,
        rated: bool = False,
        drafted: bool = False,
        boxes: int = 1,
    ) -> CreatedGame:
        """Create a game; raise :class:`InvalidSetup` when the rules refuse the setup.

        ``accounts`` names the player account of each seat (None: an anonymous seat); account
        seats get no seat token, their account's token acts for them. ``game_id`` is an id
        reserved beforehand (an open game's; :class:`GameExists` if it is taken) and
        ``tokens`` the digests of seat tokens already handed out (None for a seat without
        one): those seats keep them and get no new token. With ``rated``, a game whose every seat
        is an account and whose setup is not scripted is marked rated (``rated`` metadata).
        With ``drafted``, the players give no factions: they draft them, each faction at most
        ``boxes`` times (domain.draft).
        """
        owners = list(accounts or [None] * len(players))
        handed = list(tokens or [None] * len(players))
        chosen_seed = seed if seed is not None else secrets.token_hex(16)
        reserved = game_id
        for _ in range(1 if reserved is not None else CREATE_RETRIES):
            game_id = reserved or secrets.token_hex(8)
            setup = GameSetup(game_id, chosen_seed, tuple(players), scripted, clock, drafted, boxes)
            events = start_events(setup)
            state = replay(events)
            seats = seat_grants(state, owners, handed)
            for grant in seats:
                digest = handed[grant.seat] or (grant.token and hash_token(grant.token))
                if digest:
                    self.store.register_token(digest, game_id, grant.seat)
            meta = creation_meta(state, seats, owners, rated=rated, scripted=scripted)
            try:
                self.store.create(game_id, [event_to_dict(e) for e in events], meta)
            except GameExists:
                if reserved is not None:
                    raise
                continue
            EVENTS_APPENDED.inc(len(events))
            self.recent.remember(state)
            self._after_append(game_id, 0, state, schedule_bots=True)
            return CreatedGame(game_id, state.version, seats)
        raise RuntimeError("could not find a free game id")

    # -- loading ------------------------------------------------------------------------------

    def require(self, game_id: str) -> None:
        """Raise :class:`GameNotFound` unless the game exists."""
        if not self.store.exists(game_id):
            raise GameNotFound(f"there is no game {game_id!r}")

    def load(self, game_id: str) -> GameState:
        """The current state of a game: cache or snapshot, plus the events after it (one Redis
        round trip)."""
        return self.open(game_id)[0]

    def open(
        self, game_id: str, token: str | None = None
    ) -> tuple[GameState, tuple[str, int] | None]:
        """The current state of a game and, with ``token``, the ``(game_id, seat)`` that seat
        token belongs to (None if it is unknown), in one Redis round trip."""
        cached = self.recent.state(game_id)
        token_hash = None if token is None or len(token) > 256 else hash_token(token)
        loaded = self.store.load(game_id, 0 if cached is None else cached.version, token_hash)
        if loaded.version == 0:
            raise GameNotFound(f"there is no game {game_id!r}")
        self.recent.loaded(game_id, loaded.version, loaded.hooks, loaded.accounts or "")
        if cached is not None and loaded.after == cached.version:
            base: GameState | None = cached
        elif loaded.snapshot is not None:
            base = self._decode_snapshot(game_id, loaded.snapshot)
            if base is None:  # unreadable by this code: dropped, fold the whole log
                return self._fold(game_id, None, self.store.read(game_id)), loaded.token
        else:
            base = None
        return self._fold(game_id, base, loaded.entries), loaded.token

    def _fold(
        self, game_id: str, base: GameState | None, envelopes: Sequence[Envelope]
    ) -> GameState:
        """``base`` with ``envelopes`` applied, remembered (and snapshotted when long)."""
        if not envelopes and base is not None:
            self.recent.remember(base)
            return base
        state = replay((event_from_dict(e) for e in envelopes), base)
        self.recent.remember(state)
        if len(envelopes) >= self.snapshot_every:
            self.save_snapshot(game_id, state)
        return state

    def save_snapshot(self, game_id: str, state: GameState) -> None:
        """Keep a snapshot of ``state`` (of its oldest takeback checkpoint, if it has one: see
        :func:`domain.snapshot_point`) unless the game has a newer one."""
        point = snapshot_point(state)
        self.store.save_snapshot(game_id, point.version, state_to_json(point))

    def follow(self, game_id: str, state: GameState, envelopes: Sequence[Envelope]) -> GameState:
        """``state`` with ``envelopes``, the events read right after it, applied (no round
        trip); the game loaded instead when they do not follow it exactly (none, a gap)."""
        if envelopes and all(
            int(e["version"]) == state.version + i for i, e in enumerate(envelopes, 1)
        ):
            return self._fold(game_id, state, envelopes)
        return self.load(game_id)

    def hooks_at(self, game_id: str, version: int) -> int | None:
        """How many seat webhooks the game had when it was last loaded at ``version`` by this
        process (None: not known for that version)."""
        return self.recent.hooks_at(game_id, version)

    def _decode_snapshot(self, game_id: str, data: str) -> GameState | None:
        """A snapshot's state, or None if this code cannot read it (then it is dropped)."""
        try:
            return state_from_json(data)
        except (ValueError, KeyError, TypeError):
            log.warning("dropping an unreadable snapshot of game %s", game_id, exc_info=True)
            self.store.delete_snapshots(game_id)
            return None

    def event_time(self, game_id: str, version: int) -> str | None:
        """The ``ts`` of a game's event at ``version``: kept from this process's last append
        to the game when that is the one, else read (one round trip)."""
        known = self.recent.stamp_at(game_id, version)
        if known is not None:
            return known
        found = self.store.read(game_id, after=version - 1, until=version)
        return str(found[0]["ts"]) if found else None

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
        state: GameState | None = None,
    ) -> CommandResult:
        """Decide and append a command for ``seat``; the answer shows what that seat may see.

        ``state`` is the game as the caller just loaded it (else it is loaded): a fresh command
        then costs one Redis round trip, the append (with its idempotency record and, every
        :attr:`snapshot_every` versions, a snapshot). Raises a domain :class:`RuleViolation`,
        :class:`GameNotFound`, :class:`StaleVersion` or :class:`IdempotencyKeyReused`; nothing
        is appended then.
        """
        watch = Stopwatch()
        outcome = "refused"
        try:
            result = self._execute(
                game_id, seat, command, expected_version, idempotency_key, schedule_bots, state
            )
            outcome = "replayed" if result.replayed else "accepted"
            return result
        finally:
            COMMAND_TIMES[outcome].observe(watch.seconds())

    def _execute(
        self,
        game_id: str,
        seat: int,
        command: Command,
        expected_version: int | None,
        idempotency_key: str | None,
        schedule_bots: bool,
        state: GameState | None,
    ) -> CommandResult:
        if command.seat != seat:
            command = dataclasses.replace(command, seat=seat)
        key = None if idempotency_key is None else f"{seat}:{idempotency_key}"
        # Only an idempotency key's record and replays compare fingerprints.
        fingerprint = "" if key is None else request_fingerprint(command, expected_version)
        for _ in range(APPEND_RETRIES):
            if state is None:
                state = self.load(game_id)
            try:
                if expected_version is not None and expected_version != state.version:
                    raise StaleVersion(expected_version, state.version)
                events, new_state = decide_and_evolve(state, command)
            except (RuleViolation, StaleVersion):
                # A request with the same key may have been appended already (the retry of a
                # request whose answer was lost): answer as it did.
                found = None if key is None else self.store.idempotent_record(game_id, key)
                if found is None:
                    raise
                return replayed_answer(seat, found[0], found[1], fingerprint)
            next_up = awaiting(new_state, seat)
            record = None
            if key is not None:
                record = {
                    "first": state.version + 1,
                    "version": new_state.version,
                    "request": fingerprint,
                    "status": new_state.status,
                    "awaiting": next_up,
                }
            try:
                stored_events = self.commit(
                    game_id,
                    state,
                    [(events, new_state)],
                    idempotency_key=key,
                    response=record,
                    schedule_bots=schedule_bots,
                )
            except DuplicateCommand as duplicate:
                return replayed_answer(seat, duplicate.response, duplicate.envelopes, fingerprint)
            except VersionConflict as conflict:
                if expected_version is not None:
                    raise StaleVersion(expected_version, conflict.actual) from None
                state = None
                continue
            answer = command_answer(
                new_state.version, redact(stored_events, seat), new_state.status, next_up, seat
            )
            return CommandResult(answer, replayed=False, state=new_state)
        raise StaleVersion(None, self.store.version(game_id))

    def commit(
        self,
        game_id: str,
        state: GameState,
        steps: Sequence[tuple[Sequence[Event], GameState]],
        *,
        idempotency_key: str | None = None,
        response: Mapping[str, Any] | None = None,
        schedule_bots: bool = True,
    ) -> list[Envelope]:
        """Append the events of commands decided one after the other from ``state`` (each
        ``(events, state after them)``) in one atomic write; return the stored envelopes.

        The listeners are told of each command in turn, as if each had been appended alone;
        the bots are woken after the last. Raises :class:`VersionConflict` when the game left
        ``state.version`` and :class:`DuplicateCommand` when ``idempotency_key`` was used;
        nothing is written then.
        """
        final = steps[-1][1]
        crossed = final.version // self.snapshot_every > state.version // self.snapshot_every
        point = snapshot_point(final) if crossed else None
        stored = self.store.append(
            game_id,
            state.version,
            [event_to_dict(e) for events, _ in steps for e in events],
            idempotency_key=idempotency_key,
            response=response,
            meta={"status": final.status} if final.status != state.status else None,
            snapshot=None if point is None else state_to_json(point),
            snapshot_at=None if point is None else point.version,
            fresh_payloads=True,  # made by event_to_dict for this append only
        )
        EVENTS_APPENDED.inc(len(stored))
        self.recent.remember(final)
        self.recent.stamp(game_id, final.version, str(stored[-1]["ts"]))
        before = state
        for index, (_, after) in enumerate(steps):
            last = index == len(steps) - 1
            self._after_append(game_id, before.version, after, schedule_bots=schedule_bots and last)
            if not last:  # appended in the same write: what the load found holds there too
                self.recent.carry(game_id, before.version, after.version)
            before = after
        return stored

    def _after_append(
        self, game_id: str, old_version: int, state: GameState, *, schedule_bots: bool
    ) -> None:
        """Tell the listeners; wake the bots if needed."""
        for listener in self.listeners:
            listener(game_id, old_version, state)
        if schedule_bots and self.bots is not None and bot_awaited(state):
            self.bots.schedule(game_id, state.version)

    # -- reading ------------------------------------------------------------------------------

    redact = staticmethod(redact)

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
        return redact(envelopes[:limit], viewer)


AppendListener = Callable[[str, int, GameState], None]
"""Told ``(game_id, old_version, new_state)`` after events were appended to a game."""


def bot_awaited(state: GameState) -> bool:
    """Tell whether the game waits for a seat played by a bot."""
    seat = awaited_seat(state)
    return seat is not None and state.players[seat].bot is not None
