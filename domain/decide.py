"""decide(state, command) -> events, and legal_commands(state, seat): the rules' front door."""

from __future__ import annotations

import random
from dataclasses import replace

from domain import abilities, rules
from domain import events as ev
from domain import registry as reg
from domain.abilities import Restriction
from domain.catalogue import catalogue
from domain.commands import Choose, Command, EndTurn, PlayAction, PlayMinion, UseSpecial
from domain.engine import answer, apply_steps, run
from domain.errors import (
    GameNotActive,
    IllegalMove,
    IllegalTarget,
    NotYourTurn,
    RuleViolation,
    UnknownCard,
)
from domain.evolve import evolve
from domain.flow import end_play_phase, specials_for
from domain.fx import Steps
from domain.model import Allowance, GameState, Option, Task
from domain.verbs import play_steps


def rng_for(state: GameState) -> random.Random:
    """The seeded random source for the command applied at this version."""
    return random.Random(f"{state.seed}:{state.version}")


def awaited_seat(state: GameState) -> int | None:
    """The seat the game waits for, or None once it has ended."""
    if state.status != "active":
        return None
    if state.pending is not None:
        return state.pending.seat
    return state.active


def _allowance(
    state: GameState,
    seat: int,
    card: str,
    base: int | None,
    zone: str = "hand",
    choose: bool = True,
) -> int | None:
    """Index of the most restrictive play allowance this card can use, or None. A "can't"
    (a play restriction) beats every allowance."""
    kind = rules.card_type(card)
    power = rules.printed_power(card)
    fitting: list[tuple[tuple[int, ...], int]] = []
    for i, a in enumerate(state.players[seat].plays):
        if a.kind != kind or (a.max_power is not None and power > a.max_power):
            continue
        if a.base is not None and (base is None or state.bases[base].card != a.base):
            continue
        if a.zone != zone and not (
            zone == "discard"
            and a.zone == "hand"
            and base is not None
            and rules.discard_play_granted(state, seat, base)
        ):
            continue
        cond = reg.PLAY_CONDITIONS.get(a.condition) if a.condition else None
        if cond is not None and (base is None or not cond(state, seat, card, base)):
            continue
        fitting.append((_strictness(a), i))
    if not fitting or rules.play_forbidden(state, seat, card, -1 if base is None else base):
        return None
    if choose and len(fitting) > 1:
        fitting = [((_left_playable(state, seat, card, i), *key), i) for key, i in fitting]
    return max(fitting)[1] if fitting else None


def _left_playable(state: GameState, seat: int, card: str, used: int) -> int:
    """How many of the seat's other hand cards could still be played if allowance `used` is
    spent: when several plays fit, the one whose loss costs the least is spent."""
    p = state.players[seat]
    left = tuple(a for k, a in enumerate(p.plays) if k != used)
    rest = replace(
        state, players=tuple(replace(q, plays=left) if q.seat == seat else q for q in state.players)
    )
    others = [c.card for c in p.hand]
    if card in others:
        others.remove(card)
    where: list[int | None] = list(range(len(state.bases)))
    return sum(
        1
        for c in others
        if any(
            _allowance(rest, seat, c, b if rules.card_type(c) == "minion" else None, choose=False)
            is not None
            for b in where
        )
    )


def _strictness(a: Allowance) -> tuple[int, int]:
    restrictions = (a.base is not None) + (a.max_power is not None) + (a.condition is not None)
    return restrictions + (a.zone != "hand"), -(a.max_power or 0)


def play_specials(state: GameState, seat: int) -> list[Option]:
    """Specials `seat` may use now in its own play phase."""
    return specials_for(state, seat, "play", -1)


def legal_commands(state: GameState, seat: int) -> list[Command]:
    """Every command `seat` may send now; the one source of truth for legality. States are
    immutable, so the list is kept on the state object (outside its fields)."""
    cache: dict[int, tuple[Command, ...]] = state.__dict__.setdefault("_legal", {})
    found = cache.get(seat)
    if found is None:
        found = cache[seat] = tuple(_legal_commands(state, seat))
    return list(found)


def is_legal(state: GameState, command: Command) -> bool:
    """Whether `command` is among `legal_commands(state, command.seat)`, checked directly for
    that one command (the same rules, without listing every move)."""
    seat = command.seat
    if state.__dict__.get("_legal", {}).get(seat) is not None:
        return command in state.__dict__["_legal"][seat]
    if awaited_seat(state) != seat:
        return False
    if state.pending is not None:
        return isinstance(command, Choose) and any(
            o.id == command.option for o in state.pending.options
        )
    if state.phase != "play" or isinstance(command, Choose):
        return False
    if isinstance(command, EndTurn):
        return True
    if isinstance(command, UseSpecial):
        return any(o.uid == command.card for o in play_specials(state, seat))
    if isinstance(command, PlayMinion):
        return _minion_play_legal(state, seat, command)
    if isinstance(command, PlayAction):
        return _action_play_legal(state, seat, command)
    return False


def _minion_play_legal(state: GameState, seat: int, command: PlayMinion) -> bool:
    p = state.players[seat]
    for zone, cards in (("hand", p.hand), ("discard", p.discard)):
        for c in cards:
            if c.uid == command.card:
                return (
                    rules.card_type(c.card) == "minion"
                    and 0 <= command.base < len(state.bases)
                    and _allowance(state, seat, c.card, command.base, zone, choose=False)
                    is not None
                )
    return False


def _action_play_legal(state: GameState, seat: int, command: PlayAction) -> bool:
    card = next((c.card for c in state.players[seat].hand if c.uid == command.card), None)
    if card is None or rules.card_type(card) != "action":
        return False
    kind = rules.action_kind(card)
    base, target = command.base, command.target
    if kind == "standard":
        return (
            base is None
            and target is None
            and _allowance(state, seat, card, None, choose=False) is not None
        )
    if kind == "ongoing_base":
        return (
            target is None
            and base is not None
            and 0 <= base < len(state.bases)
            and _allowance(state, seat, card, base, choose=False) is not None
            and rules.attach_allowed(state, seat, card, base, None)
        )
    found = None if base is not None or target is None else rules.find_minion(state, target)
    return (
        found is not None
        and _allowance(state, seat, card, found[0], choose=False) is not None
        and rules.attach_allowed(state, seat, card, found[0], found[1])
    )


def _legal_commands(state: GameState, seat: int) -> list[Command]:
    if awaited_seat(state) != seat:
        return []
    if state.pending is not None:
        return [Choose(seat, o.id) for o in state.pending.options]
    if state.phase != "play":
        return []
    out: list[Command] = []
    bases = range(len(state.bases))
    minions = [m.uid for _, m in rules.all_minions(state)]
    p = state.players[seat]
    kinds = {a.kind for a in p.plays}  # a card of a kind with no play left is never legal
    for zone, cards in (("hand", p.hand), ("discard", p.discard)):
        for c in cards:
            if rules.card_type(c.card) not in kinds:
                continue
            if rules.card_type(c.card) == "minion":
                out += [
                    PlayMinion(seat, c.uid, b) for b in _minion_bases(state, seat, c.card, zone)
                ]
            elif zone == "hand":
                out += _action_moves(state, seat, c.uid, c.card, bases, minions)
    out += [UseSpecial(seat, str(o.uid)) for o in play_specials(state, seat)]
    out.append(EndTurn(seat))
    return list(dict.fromkeys(out))


def _minion_bases(state: GameState, seat: int, card: str, zone: str) -> list[int]:
    """The bases this minion may be played on now. With only plain plays (no base, condition or
    zone attached) and nothing in play that forbids plays, that is every base or none: the
    answer `_allowance` gives base by base, without asking it for each."""
    bases = range(len(state.bases))
    plays = state.players[seat].plays
    plain = zone == "hand" and all(
        a.base is None and a.condition is None and a.zone == "hand" for a in plays
    )
    if plain and not abilities.in_play(state, Restriction):
        power = rules.printed_power(card)
        fits = any(
            a.kind == "minion" and (a.max_power is None or power <= a.max_power) for a in plays
        )
        return list(bases) if fits else []
    return [b for b in bases if _allowance(state, seat, card, b, zone, choose=False) is not None]


def _action_moves(
    state: GameState, seat: int, uid: str, card: str, bases: range, minions: list[str]
) -> list[Command]:
    kind = rules.action_kind(card)
    if kind == "standard":
        return (
            [PlayAction(seat, uid)]
            if _allowance(state, seat, card, None, choose=False) is not None
            else []
        )
    if kind == "ongoing_base":
        return [
            PlayAction(seat, uid, base=b)
            for b in bases
            if _allowance(state, seat, card, b, choose=False) is not None
            and rules.attach_allowed(state, seat, card, b, None)
        ]
    out: list[Command] = []
    for u in minions:
        found = rules.find_minion(state, u)
        if (
            found
            and _allowance(state, seat, card, found[0], choose=False) is not None
            and rules.attach_allowed(state, seat, card, found[0], found[1])
        ):
            out.append(PlayAction(seat, uid, target=u))
    return out


def decide(
    state: GameState, command: Command, rng: random.Random | None = None
) -> tuple[ev.Event, ...]:
    """The events that `command` causes, or a RuleViolation naming what is wrong."""
    return decide_and_evolve(state, command, rng)[0]


def decide_and_evolve(
    state: GameState, command: Command, rng: random.Random | None = None
) -> tuple[tuple[ev.Event, ...], GameState]:
    """The events that `command` causes and the state they lead to (the fold of those events
    over `state`, computed while deciding), or a RuleViolation naming what is wrong."""
    _check(state, command)
    rng = rng or rng_for(state)
    seat = command.seat
    if isinstance(command, Choose):
        made = ev.DecisionMade(seat, command.option)
        after, events = run(evolve(state, made), answer(state, command.option), rng)
        return (made, *events), after
    if isinstance(command, EndTurn):
        after, events = run(state, end_play_phase(), rng)
        return tuple(events), after
    if isinstance(command, UseSpecial):
        option = next(o for o in play_specials(state, seat) if o.uid == command.card)
        used = ev.SpecialUsed(seat, command.card, str(option.card))
        steps: Steps = (used, Task("use_special", {"seat": seat, "choice": option.value}))
    else:
        assert isinstance(command, PlayMinion | PlayAction)
        zone, _ = rules.locate(state, command.card) or ("hand", seat)
        card = next(c for c in getattr(state.players[seat], zone) if c.uid == command.card).card
        base = command.base
        target = getattr(command, "target", None)
        if target is not None:
            found = rules.find_minion(state, target)
            base_of_target = found[0] if found else None
        else:
            base_of_target = base
        allowance = _allowance(state, seat, card, base_of_target, zone)
        steps = play_steps(state, seat, command.card, card, base, target, allowance, zone)
    out: list[ev.Event] = []
    stack: list[Task] = []
    after, stopped = apply_steps(state, steps, stack, out)
    if not stopped:
        after, more = run(after, stack, rng)
        out += more
    return tuple(out), after


def _check(state: GameState, command: Command) -> None:
    """Raise the most precise RuleViolation when `command` is not a legal move."""
    if state.status != "active":
        raise GameNotActive(f"game {state.game_id} has ended; no command is accepted")
    if is_legal(state, command):
        return
    waiting = awaited_seat(state)
    if waiting != command.seat:
        raise NotYourTurn(f"seat {command.seat} is not awaited; the game waits for seat {waiting}")
    if state.pending is not None:
        if not isinstance(command, Choose):
            raise IllegalMove(
                f"a decision is pending ({state.pending.prompt}); answer it with 'choose'"
            )
        raise IllegalTarget(f"option {command.option!r} is not one of the pending options")
    if isinstance(command, Choose):
        raise IllegalMove("there is no pending decision to choose for")
    if state.phase != "play":
        raise NotYourTurn(f"seat {command.seat} cannot act during the {state.phase} phase")
    if isinstance(command, PlayMinion | PlayAction):
        _check_play(state, command)
    if isinstance(command, UseSpecial):
        raise IllegalMove(f"card {command.card!r} has no Special seat {command.seat} may use now")
    raise IllegalMove(f"{command.type} is not a legal move now")


def _check_play(state: GameState, command: PlayMinion | PlayAction) -> None:
    p = state.players[command.seat]
    hand = {c.uid: c.card for c in (*p.hand, *p.discard)}
    if command.card not in hand:
        if command.card in catalogue().cards:
            raise UnknownCard(
                f"{command.card!r} is a card id; 'card' takes the uid of a card in your hand "
                "(each card's 'uid' in the game view, or a move from /moves)"
            )
        raise UnknownCard(f"card {command.card!r} is not in seat {command.seat}'s hand")
    card = hand[command.card]
    want = "minion" if isinstance(command, PlayMinion) else "action"
    if rules.card_type(card) != want:
        raise IllegalMove(f"card {command.card!r} ({card}) is not a {want}")
    base_for_check = None if want == "action" else command.base
    no_play_here = _allowance(state, command.seat, card, base_for_check, choose=False) is None
    no_play_anywhere = want == "action" or not any(
        _allowance(state, command.seat, card, b, choose=False) is not None
        for b in range(len(state.bases))
    )
    if no_play_here and no_play_anywhere:
        raise IllegalMove(f"seat {command.seat} has no {want} play left that fits {card}")
    base = command.base
    if base is not None and not 0 <= base < len(state.bases):
        raise IllegalTarget(f"base {base} is not in play (bases 0-{len(state.bases) - 1})")
    if isinstance(command, PlayAction):
        kind = rules.action_kind(card)
        if kind == "ongoing_minion" and rules.find_minion(state, command.target or "") is None:
            raise IllegalTarget(f"{card} must target a minion in play; got {command.target!r}")
        if kind == "ongoing_base" and base is None:
            raise IllegalTarget(f"{card} must be attached to a base: give 'base'")
        if kind == "standard" and (base is not None or command.target is not None):
            raise IllegalTarget(f"{card} takes no base or target; its choices come after playing")
    raise IllegalTarget(f"{command.type} of {card} onto base {base} is not allowed")


__all__ = [
    "RuleViolation",
    "awaited_seat",
    "decide",
    "decide_and_evolve",
    "is_legal",
    "legal_commands",
    "rng_for",
]
