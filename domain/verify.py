"""Checking a log: every batch must be exactly what the rules produce for the command that
started it, so an edited, reordered, duplicated or truncated log is caught at its first bad
version. The first event, game_created, must be exactly what creating a game from its seed and
setup produces, so its decks cannot be stacked. Needs no RNG beyond the game's own seed, which the
log carries. Hostile input never raises: anything that cannot apply is a LogError."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from domain import events as ev
from domain import table
from domain.codec import to_json
from domain.commands import (
    Choose,
    Command,
    EndTurn,
    ExpireClock,
    PickFaction,
    PlayAction,
    PlayMinion,
    UseSpecial,
    UseTalent,
)
from domain.decide import decide_and_evolve
from domain.errors import RuleViolation
from domain.evolve import evolve, replay
from domain.model import GameState
from domain.serialize import event_from_dict
from domain.setup import (
    RULES_VERSION,
    BoardCard,
    GameSetup,
    PlayerSetup,
    ScriptedSetup,
    _UidMaker,
    drafted,
    setup_events,
    start_game,
)


@dataclass(frozen=True)
class LogError:
    """The first version of a log that cannot apply, and why."""

    version: int
    reason: str


def command_for(state: GameState, event: ev.Event) -> Command | None:
    """The command whose batch starts with `event` (None if no command starts that way)."""
    found = table.command_for(event)
    if found is not None:
        return found
    if isinstance(event, ev.DecisionMade):
        return Choose(event.seat, event.option)
    if isinstance(event, ev.MinionPlayed):
        return PlayMinion(event.seat, event.uid, event.base)
    if isinstance(event, ev.ActionPlayed):
        return PlayAction(event.seat, event.uid, event.base, event.target)
    if isinstance(event, ev.SpecialUsed):
        return UseSpecial(event.seat, event.uid)
    if isinstance(event, ev.TalentUsed):
        return UseTalent(event.seat, event.uid)
    if isinstance(event, ev.ClockExpired):
        return ExpireClock(event.seat)
    if isinstance(event, ev.FactionPicked):
        return PickFaction(event.seat, event.faction)
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
        except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
            return out, LogError(n, f"event {rec.get('type')!r} is not valid: {exc!r}")
    return out, None


def verify(events: Sequence[ev.Event]) -> tuple[GameState | None, LogError | None]:
    """The final state of a valid log, or the state before the first bad event and the error."""
    _, state, error = derive(events)
    return state, error


def derive(
    events: Sequence[ev.Event],
) -> tuple[list[ev.Event], GameState | None, LogError | None]:
    """What the rules produce for a log, as far as it agrees with them: those events (equal to
    the log's, and built by the rules, so with the right types), the state they lead to, and
    the error at the first event that differs (None for a valid log)."""
    if not events or not isinstance(events[0], ev.GameCreated):
        return [], None, LogError(1, "a log starts with a game_created event")
    if not checked_by_rules(events[0]):
        return _replayed(events)
    created, problem = _created(events[0])
    if created is None:
        return [], None, LogError(1, problem or "game_created cannot apply")
    derived: list[ev.Event] = [created]
    state = replay(derived)
    expected: Sequence[ev.Event] = setup_events(created, declared_boxes(events))
    after = replay(expected, state)
    i = 1
    while True:
        for k, want in enumerate(expected):
            got = events[i + k] if i + k < len(events) else None
            if got is None or got != want:
                # the state before the first bad event: the good part of the batch applied
                state = replay(expected[:k], state) if k else state
                derived.extend(expected[:k])
                if got is None:
                    reason = f"the log ends early: {want.type} expected"
                else:
                    reason = mismatch(got, want)
                return derived, state, LogError(i + k + 1, reason)
        state = after
        derived.extend(expected)
        i += len(expected)
        if i >= len(events):
            return derived, state, None
        if state.status != "active":
            return derived, state, LogError(i + 1, "an event after the end of the game")
        command = command_for(state, events[i])
        if command is None:
            reason = f"{events[i].type} cannot start a command here"
            return derived, state, LogError(i + 1, reason)
        try:
            expected, after = decide_and_evolve(state, command)
        except RuleViolation as exc:
            return derived, state, LogError(i + 1, f"illegal {command.type}: {exc.message}")
        except Exception as exc:  # an edited event's fields may not even have the right types
            reason = f"{events[i].type} cannot apply here: {exc!r}"
            return derived, state, LogError(i + 1, reason)


SHOWN = 80
"""Characters of a value shown in a mismatch (longer ones are cut)."""


def mismatch(found: ev.Event, expected: ev.Event) -> str:
    """Why a logged event is not the one the rules make here: its type, or the first payload
    field that differs (``placements[0].vp``), with the value the rules give and the value the
    log holds."""
    if found.type != expected.type:
        return f"the rules make a {expected.type} event here, the log has {found.type}"
    where, want, got = _difference(to_json(expected), to_json(found), "")
    return (
        f"{expected.type}: payload field {where} differs from the rules: expected "
        f"{_shown(want)}, found {_shown(got)}"
    )


def _difference(want: Any, got: Any, at: str) -> tuple[str, Any, Any]:
    """The path of the first difference between two JSON values, and the values there."""
    if isinstance(want, dict) and isinstance(got, dict):
        for key in [*want, *(k for k in got if k not in want)]:
            if want.get(key) != got.get(key):
                return _difference(want.get(key), got.get(key), f"{at}.{key}" if at else key)
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        for n, (a, b) in enumerate(zip(want, got, strict=True)):
            if a != b:
                return _difference(a, b, f"{at}[{n}]")
    return at or "(the payload)", want, got


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def declared_boxes(events: Sequence[ev.Event]) -> int:
    """The boxes a drafted game's log declares in its draft_started event (1 otherwise): a
    declaration of the players, not a random outcome, so the log's own word."""
    started = events[1] if len(events) > 1 else None
    if isinstance(started, ev.DraftStarted) and started.boxes in (1, 2):
        return started.boxes
    return 1


def checked_by_rules(created: ev.GameCreated) -> bool:
    """Whether a log can be re-decided: it was recorded under the current rules version."""
    return created.rules == RULES_VERSION


def _replayed(
    events: Sequence[ev.Event],
) -> tuple[list[ev.Event], GameState | None, LogError | None]:
    """A log recorded under other rules: its events are facts, so it replays as it was played;
    only its structure is checked (it starts with a game and nothing follows the game's end)."""
    state = replay(events[:1])
    for n, e in enumerate(events[1:], start=2):
        if state.status != "active":
            return list(events[: n - 1]), state, LogError(n, "an event after the end of the game")
        if isinstance(e, ev.GameCreated):
            return list(events[: n - 1]), state, LogError(n, "a second game_created event")
        try:
            state = evolve(state, e)
        except Exception as exc:  # a fact that cannot apply to this state at all
            return list(events[: n - 1]), state, LogError(n, f"{e.type} cannot apply: {exc!r}")
    return list(events), state, None


def creation_problem(created: ev.GameCreated) -> str | None:
    """Why a game_created event is not what creating that game produces (None if it is)."""
    return _created(created)[1]


def _created(created: ev.GameCreated) -> tuple[ev.GameCreated | None, str | None]:
    """What creating this game produces, if the event is exactly that; else why not."""
    try:
        first = start_game(_setup_of(created))[0]
    except RuleViolation as exc:
        return None, f"game_created: the setup is refused: {exc.message}"
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        return None, f"game_created: the setup cannot be rebuilt: {exc!r}"
    if not isinstance(first, ev.GameCreated) or first != created:
        return None, "game_created does not follow from its seed and setup"
    return first, None


def _setup_of(e: ev.GameCreated) -> GameSetup:
    """The setup that created the game: players, and for a scripted game its exact position."""
    players = tuple(PlayerSetup(p.name, p.factions, p.bot) for p in e.players)
    if drafted(e):
        return GameSetup(e.game_id, e.seed, players, clock=e.clock, draft=True)
    if not e.scripted:
        return GameSetup(e.game_id, e.seed, players, clock=e.clock)
    script = ScriptedSetup(
        bases=e.bases,
        decks=tuple(tuple(c.card for c in p.deck) for p in e.players),
        first_seat=e.first_seat,
        hands=None if e.deal else tuple(tuple(c.card for c in p.hand) for p in e.players),
        discards=tuple(tuple(c.card for c in p.discard) for p in e.players),
        base_deck=e.base_deck,
        board=_board_of(e),
        vp=tuple(p.vp for p in e.players),
    )
    return GameSetup(e.game_id, e.seed, players, script, e.clock)


def _board_of(e: ev.GameCreated) -> tuple[BoardCard, ...]:
    """The scripted board in its original order, which is the order its uids were made in."""
    items: list[tuple[str, int, str, int, str | None]] = []  # uid, base, card, owner, host uid
    for m in e.board:
        items.append((m.uid, m.base, m.card, m.owner, None))
        items += [(a.uid, m.base, a.card, a.owner, m.uid) for a in m.attached]
    items += [(a.uid, base, a.card, a.owner, None) for base, a in e.base_attached]
    cards = sum(len(p.deck) + len(p.hand) + len(p.discard) for p in e.players)
    make = _UidMaker(random.Random(f"{e.seed}:setup"))
    made = [make() for _ in range(cards + len(items))]
    rank = {uid: k for k, uid in enumerate(made[cards:])}
    items.sort(key=lambda item: rank.get(item[0], len(rank)))
    index = {item[0]: k for k, item in enumerate(items)}
    return tuple(
        BoardCard(base, card, owner, None if host is None else index.get(host))
        for _, base, card, owner, host in items
    )
