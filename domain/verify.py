"""Checking a log: every batch must be exactly what the rules produce for the command that
started it, so an edited, reordered, duplicated or truncated log is caught at its first bad
version. Needs no RNG beyond the game's own seed, which the log carries."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import events as ev
from domain.commands import Choose, Command, EndTurn, PlayAction, PlayMinion, UseSpecial
from domain.decide import decide
from domain.errors import RuleViolation
from domain.evolve import evolve, replay
from domain.model import GameState
from domain.serialize import event_from_dict
from domain.setup import setup_events


@dataclass(frozen=True)
class LogError:
    """The first version of a log that cannot apply, and why."""

    version: int
    reason: str


def command_for(state: GameState, event: ev.Event) -> Command | None:
    """The command whose batch starts with `event` (None if no command starts that way)."""
    if isinstance(event, ev.DecisionMade):
        return Choose(event.seat, event.option)
    if isinstance(event, ev.MinionPlayed):
        return PlayMinion(event.seat, event.uid, event.base)
    if isinstance(event, ev.ActionPlayed):
        return PlayAction(event.seat, event.uid, event.base, event.target)
    if isinstance(event, ev.SpecialUsed):
        return UseSpecial(event.seat, event.uid)
    if isinstance(event, ev.PhaseChanged) and event.phase == "scoring":
        return EndTurn(state.active)
    return None


def decode_records(records: Iterable[Mapping[str, Any]]) -> tuple[list[ev.Event], LogError | None]:
    """Events from stored records ({version, type, payload, ...}), checking versions count
    1, 2, 3... and that each payload is a valid event."""
    out: list[ev.Event] = []
    for n, rec in enumerate(records, start=1):
        if rec.get("version") != n:
            return out, LogError(n, f"expected version {n}, found {rec.get('version')!r}")
        try:
            out.append(event_from_dict(dict(rec)))
        except (KeyError, TypeError, ValueError) as exc:
            return out, LogError(n, f"event {rec.get('type')!r} is not valid: {exc}")
    return out, None


def verify(events: Sequence[ev.Event]) -> tuple[GameState | None, LogError | None]:
    """The final state of a valid log, or the state before the first bad event and the error."""
    if not events or not isinstance(events[0], ev.GameCreated):
        return None, LogError(1, "a log starts with a game_created event")
    state = replay([events[0]])
    expected: Sequence[ev.Event] = setup_events(events[0])
    i = 1
    while True:
        for k, want in enumerate(expected):
            got = events[i + k] if i + k < len(events) else None
            if got is None:
                return state, LogError(i + k + 1, f"the log ends early: {want.type} expected")
            if got != want:
                reason = f"{got.type} does not follow from the rules here ({want.type} expected)"
                return state, LogError(i + k + 1, reason)
            state = evolve(state, got)
        i += len(expected)
        if i >= len(events):
            return state, None
        if state.status != "active":
            return state, LogError(i + 1, "an event after the end of the game")
        command = command_for(state, events[i])
        if command is None:
            return state, LogError(i + 1, f"{events[i].type} cannot start a command here")
        try:
            expected = decide(state, command)
        except RuleViolation as exc:
            return state, LogError(i + 1, f"illegal {command.type}: {exc.message}")
