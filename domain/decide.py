"""decide(state, command) -> events, and legal_commands(state, seat): the rules' front door."""

from __future__ import annotations

import random
from itertools import repeat
from operator import is_

from domain import abilities, draft, moves, plays, rules, table, talents
from domain import events as ev
from domain.catalogue import catalogue
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
from domain.effects import Talent
from domain.engine import answer, apply_steps, run
from domain.errors import (
    GameNotActive,
    IllegalMove,
    IllegalTarget,
    NotYourTurn,
    RuleViolation,
    UnknownCard,
)
from domain.evolve import evolve, talent_flag
from domain.flow import end_play_phase
from domain.fx import Steps
from domain.model import GameState, Option, Task, Zone
from domain.moments import Window
from domain.randomness import SeededRandom
from domain.specials import specials_for
from domain.verbs import play_steps

_PLAY, _HAND, _DISCARD = Window.PLAY, Zone.HAND, Zone.DISCARD
"""Enum members read once (read off its class, one costs several times a global's read)."""
_PLAYS = (PlayMinion, PlayAction)  # a tuple made once: `A | B` makes a union at every read


def rng_for(state: GameState) -> random.Random:
    """The seeded random source for the command applied at this version."""
    return SeededRandom.of(state.seed, state.version)


def awaited_seat(state: GameState) -> int | None:
    """The seat the game waits for, or None once it has ended."""
    if state.status != "active":
        return None
    if state.table is not None and state.table.proposal is not None:
        return table.answerer(state)
    if state.pending is not None:
        return state.pending.seat
    return state.active


def play_specials(state: GameState, seat: int) -> list[Option]:
    """Specials `seat` may use now in its own play phase."""
    return specials_for(state, seat, _PLAY, -1)


def legal_commands(state: GameState, seat: int) -> list[Command]:
    """Every command `seat` may send now; the one source of truth for legality: the game's
    moves (:func:`game_commands`), then the table's (resign, abort, draw, takeback: see
    domain.table)."""
    return [*legal_moves(state, seat), *table.table_commands(state, seat, awaited_seat(state))]


def game_commands(state: GameState, seat: int) -> list[Command]:
    """The moves of the game itself `seat` may send now (what bots choose from)."""
    return list(legal_moves(state, seat))


def legal_moves(state: GameState, seat: int) -> tuple[Command, ...]:
    """:func:`game_commands` as a tuple kept for the state and seat last asked about (states
    are immutable): for callers that only read it (the random bot). A bot lists the moves of
    a state, then plays one of them on it: :func:`is_legal` finds it among them."""
    generation = abilities.GENERATION[0]  # the scripts as they are
    last = _LISTED[0]
    if last is not None and last[0] is state and last[1] == seat and last[2] == generation:
        return last[3]
    found = tuple(_legal_commands(state, seat))
    _LISTED[0] = (state, seat, generation, found)
    return found


_LISTED: list[tuple[GameState, int, int, tuple[Command, ...]] | None] = [None]
"""The state and seat :func:`legal_moves` last listed moves for, with the scripts' generation
they hold for and the moves (one only, held until moves are listed for another: a weak memo
of every state listed cost more to keep than it saved)."""


def is_legal(state: GameState, command: Command) -> bool:
    """Whether `command` is among `legal_commands(state, command.seat)`, checked directly for
    that one command (the same rules, without listing every move)."""
    seat = command.seat
    last = _LISTED[0]
    if (
        last is not None
        and last[0] is state
        and last[1] == seat
        and last[2] == abilities.GENERATION[0]
    ):  # most often the very object listed (a bot picked it): a game move, no table command
        if any(map(is_, last[3], repeat(command))):  # identity, compared in C
            return True
        if not isinstance(command, table.TABLE_COMMANDS):
            return command in last[3]
    if isinstance(command, table.TABLE_COMMANDS):
        return command in table.table_commands(state, seat, awaited_seat(state))
    if awaited_seat(state) != seat or table.proposal_of(state) is not None:
        return False
    if state.pending is not None:
        return isinstance(command, Choose) and any(
            o.id == command.option for o in state.pending.options
        )
    if isinstance(command, PickFaction):
        return command.faction in draft.picks_for(state, seat)
    if state.phase != "play" or isinstance(command, Choose):
        return False
    if isinstance(command, EndTurn):
        return True
    if isinstance(command, UseSpecial):
        return any(o.uid == command.card for o in play_specials(state, seat))
    if isinstance(command, UseTalent):
        return any(src.uid == command.card for src, _ in talents.usable(state, seat))
    if isinstance(command, PlayMinion):
        return plays.minion_play_legal(state, seat, command.card, command.base)
    if isinstance(command, PlayAction):
        return plays.action_play_legal(state, seat, command.card, command.base, command.target)
    return False


def _legal_commands(state: GameState, seat: int) -> list[Command]:
    # the seat awaited (awaited_seat), with no proposal open: inlined, it is asked every move
    if state.status != "active" or (state.table is not None and state.table.proposal is not None):
        return []
    pending = state.pending
    if pending is not None:
        return moves.choices(seat, pending.options) if pending.seat == seat else []
    if state.active != seat:
        return []
    if state.phase == "draft":
        return list(draft.legal_picks(state, seat))
    if state.phase != "play":
        return []
    # with no play left, no card is ever playable
    where = moves.HandPlays(state, seat) if state.players[seat].plays else None
    out = [] if where is None else where.cards()
    specials = specials_for(state, seat, _PLAY, -1)
    if specials:  # a card with two Specials is used by naming it: once
        out += dict.fromkeys(UseSpecial(seat, str(o.uid)) for o in specials)
    if not rules.none_in_play(state, Talent):  # else no card in play has a Talent
        out += [UseTalent(seat, src.uid) for src, _ in talents.usable(state, seat)]
    out.append(moves.end_turn(seat))
    return out


def decide(
    state: GameState, command: Command, rng: random.Random | None = None
) -> tuple[ev.Event, ...]:
    """The events that `command` causes, or a RuleViolation naming what is wrong."""
    return decide_and_evolve(state, command, rng)[0]


_PLAY_MOVES = frozenset({Choose, EndTurn, PlayAction, PlayMinion, UseSpecial, UseTalent})
"""The classes of a game's own moves after the draft: no clock, table or draft command is of
one of them (told by the exact class, one set look-up)."""


def decide_and_evolve(
    state: GameState, command: Command, rng: random.Random | None = None
) -> tuple[tuple[ev.Event, ...], GameState]:
    """The events that `command` causes and the state they lead to (the fold of those events
    over `state`, computed while deciding), or a RuleViolation naming what is wrong."""
    if type(command) not in _PLAY_MOVES:  # else none of these (asked of every command)
        if isinstance(command, ExpireClock):
            return _expire_clock(state, command.seat)
        if isinstance(command, table.TABLE_COMMANDS):
            table.check(state, command, awaited_seat(state))
            return _capped(*table.decide(state, command))
        if isinstance(command, PickFaction) and state.status == "active":
            return draft.pick(state, command, rng or rng_for(state))
    last = _LISTED[0]  # a bot's pick is the very object legal_moves listed: legal already
    if not (
        last is not None
        and last[0] is state
        and last[2] == abilities.GENERATION[0]
        and any(map(is_, last[3], repeat(command)))
    ):
        _check(state, command)
    rng = rng or rng_for(state)
    seat = command.seat
    if isinstance(command, Choose):
        made = ev.DecisionMade(seat, command.option)
        after, events = run(evolve(state, made), answer(state, command.option), rng)
        return _capped((made, *events), after)
    if isinstance(command, EndTurn):
        after, events = run(state, end_play_phase(), rng)
        return _capped(tuple(events), after)
    if isinstance(command, UseTalent):
        steps: Steps = talents.use(state, seat, command.card)
    elif isinstance(command, UseSpecial):
        option = next(o for o in play_specials(state, seat) if o.uid == command.card)
        used = ev.SpecialUsed(seat, command.card, str(option.card))
        steps = (used, Task("use_special", {"seat": seat, "choice": option.value}))
    else:
        assert isinstance(command, _PLAYS)
        # a legal play names a card of the seat's hand, or a minion of its discard pile
        p = state.players[seat]
        zone, card, uid = _HAND, "", command.card
        for c in p.hand:
            if c.uid == uid:
                card = c.card
                break
        else:
            zone = _DISCARD
            card = next(c.card for c in p.discard if c.uid == uid)
        base = command.base
        target = getattr(command, "target", None)
        if target is not None:
            found = rules.find_minion(state, target)
            base_of_target = found[0] if found else None
        else:
            base_of_target = base
        allowance = plays.allowance(state, seat, card, base_of_target, zone)
        steps = play_steps(state, seat, command.card, card, base, target, allowance, zone)
    out: list[ev.Event] = []
    stack: list[Task] = []
    after, stopped = apply_steps(state, steps, stack, out)
    if not stopped:
        after, more = run(after, stack, rng)
        out += more
    return _capped(tuple(out), after)


def _capped(
    events: tuple[ev.Event, ...], after: GameState
) -> tuple[tuple[ev.Event, ...], GameState]:
    """End a game still on at :data:`rules.VERSION_CAP` as a draw, after the command's events."""
    if after.status != "active" or after.version < rules.VERSION_CAP:
        return events, after
    ended = ev.GameEnded(None, tuple(p.vp for p in after.players), "version_cap")
    return (*events, ended), evolve(after, ended)


def _expire_clock(state: GameState, seat: int) -> tuple[tuple[ev.Event, ...], GameState]:
    """The awaited seat's clock ran out: recorded, then (forfeit) the game ends, won by the
    other seat with the most VP that has not resigned (ties: the first of them in turn order
    after `seat`)."""
    if state.status != "active":
        raise GameNotActive(f"game {state.game_id} has ended; no command is accepted")
    if state.clock is None:
        raise IllegalMove("this game has no turn clock")
    if awaited_seat(state) != seat or state.players[seat].bot is not None:
        raise NotYourTurn(f"seat {seat} is not a client's seat the game waits for")
    expired = ev.ClockExpired(seat, state.clock.on_expiry)
    after = evolve(state, expired)
    if state.clock.on_expiry != "forfeit":
        return (expired,), after
    n = len(state.players)
    resigned = state.table.resigned if state.table is not None else ()
    others = [(seat + k) % n for k in range(1, n) if (seat + k) % n not in resigned]
    winner = max(others, key=lambda s: (state.players[s].vp, -others.index(s)))
    ended = ev.GameEnded(winner, tuple(p.vp for p in state.players), "forfeit")
    return (expired, ended), evolve(after, ended)


def _check(state: GameState, command: Command) -> None:
    """Raise the most precise RuleViolation when `command` is not a legal move."""
    if state.status != "active":
        raise GameNotActive(f"game {state.game_id} has ended; no command is accepted")
    if is_legal(state, command):
        return
    proposal = table.proposal_of(state)
    if proposal is not None:
        raise table.ProposalOpen(f"a {proposal.kind} proposal is open: the game waits for it")
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
    if state.phase == "draft":
        raise IllegalMove(f"the factions are being drafted: {command.type} waits for the game")
    if state.phase != "play":
        raise NotYourTurn(f"seat {command.seat} cannot act during the {state.phase} phase")
    if isinstance(command, PlayMinion | PlayAction):
        _check_play(state, command)
    if isinstance(command, UseSpecial):
        raise IllegalMove(f"card {command.card!r} has no Special seat {command.seat} may use now")
    if isinstance(command, UseTalent):
        _check_talent(state, command)
    raise IllegalMove(f"{command.type} is not a legal move now")


def _unknown_card(card: str, where: str, missing: str) -> UnknownCard:
    """The refusal of a `card` that names no card `where` it should be: a card id given for a
    uid is told apart."""
    if card in catalogue().cards:
        return UnknownCard(
            f"{card!r} is a card id; 'card' takes the uid of a card {where} "
            "(each card's 'uid' in the game view, or a move from /moves)"
        )
    return UnknownCard(f"card {card!r} {missing}")


def _check_talent(state: GameState, command: UseTalent) -> None:
    src = next((s for s in abilities.sources(state) if s.uid == command.card), None)
    if src is None:
        raise _unknown_card(command.card, "in play", "is not in play")
    user = talents.user_of(state, command.card, command.seat)
    controller = (user or src).controller
    if 0 <= controller != command.seat:
        raise IllegalTarget(f"card {command.card!r} is controlled by seat {controller}")
    if user is not None:
        if talent_flag(src.uid, command.seat) in state.flags:
            raise IllegalMove(f"the Talent of {command.card!r} was used this turn already")
        raise IllegalMove(f"the Talent of {command.card!r} cannot be used now")
    raise IllegalMove(f"card {command.card!r} ({src.card}) has no Talent")


def _check_play(state: GameState, command: PlayMinion | PlayAction) -> None:
    p = state.players[command.seat]
    hand = {c.uid: c.card for c in (*p.hand, *p.discard)}
    if command.card not in hand:
        raise _unknown_card(command.card, "in your hand", f"is not in seat {command.seat}'s hand")
    card = hand[command.card]
    want = "minion" if isinstance(command, PlayMinion) else "action"
    if rules.card_type(card) != want:
        raise IllegalMove(f"card {command.card!r} ({card}) is not a {want}")
    base_for_check = None if want == "action" else command.base
    no_play_here = plays.allowance(state, command.seat, card, base_for_check, choose=False) is None
    no_play_anywhere = want == "action" or not any(
        plays.allowance(state, command.seat, card, b, choose=False) is not None
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
    "game_commands",
    "is_legal",
    "legal_commands",
    "legal_moves",
    "rng_for",
]
