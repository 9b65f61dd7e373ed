"""Leaving a game and agreeing at the table: resign, abort, draw offers and takebacks.

- `resign`: any seat still in the game, at any time. With two seats the other seat wins. With
  3-4 seats the resigning seat stays at the table played by the `random` bot (its cards stay
  where they are, its turns go on) and can no longer win; the game ends, won by the last seat
  in it, when one seat remains.
- `abort`: any seat, while some seat has not yet played a card (a minion or an action, by a
  command or an effect): the game ends with no winner (reason `aborted`) and is not rated.
- `offer_draw`: once per seat per turn, when nothing is open. The game then waits for every
  other seat still in it, in turn order: `accept_draw` or `decline_draw`. All accept: a draw
  (reason `agreed_draw`); one declines: the game goes on. The offerer's own commands while it
  is open (`resign`, `abort`) withdraw it by ending the game or its part in it.
- `takeback`: the seat whose turn it is, when the game waits for it, asks to return to the
  state before its last command of the turn; the others answer `accept_takeback` or
  `decline_takeback` in turn order. All accept: `taken_back` returns the game to that version.
  Possible only back to a checkpoint (domain.table_state): none survives a draw, a shuffle, a
  look at or reveal of a hidden card, another seat's decision, or the end of the play phase.
"""

from __future__ import annotations

from domain import events as ev
from domain import table_state as ts
from domain.commands import COMMAND_TYPES, Command
from domain.errors import GameNotActive, RuleViolation
from domain.evolve import evolve
from domain.model import GameState, Proposal

RESIGNED_BOT = "random"
"""The bot that plays a resigned seat's turns in a game of 3-4 seats."""


def _command(kind: str, doc: str) -> type[Command]:
    """A table command class: nothing but its type (the seat comes from the caller's token)."""
    return ts.subclass(Command, kind, doc, type=kind, __module__=__name__)


Resign = _command("resign", "Leave the game: it is lost for this seat.")
Abort = _command("abort", "End the game with no result, while some seat has not played a card.")
OfferDraw = _command("offer_draw", "Offer every other seat a draw.")
AcceptDraw = _command("accept_draw", "Accept the open draw offer.")
DeclineDraw = _command("decline_draw", "Decline the open draw offer: the game goes on.")
Takeback = _command("takeback", "Ask to take back this seat's last command of the turn.")
AcceptTakeback = _command("accept_takeback", "Accept the open takeback request.")
DeclineTakeback = _command("decline_takeback", "Decline the takeback request: the command stands.")


TABLE_COMMANDS: tuple[type[Command], ...] = (
    Resign,
    Abort,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Takeback,
    AcceptTakeback,
    DeclineTakeback,
)
LEAVING: tuple[type[Command], ...] = (Resign, Abort, OfferDraw)
"""The table commands a seat may send whether or not the game waits for it."""
UNAWAITED: tuple[type[Command], ...] = (*LEAVING, Takeback)
"""The table commands the game does not wait for (the answers are awaited: /moves lists
these apart, so that a client playing whatever the game waits for never leaves by chance)."""
COMMAND_TYPES.update({c.type: c for c in TABLE_COMMANDS})  # clients post them like any other
ANSWERS = {"draw": (AcceptDraw, DeclineDraw), "takeback": (AcceptTakeback, DeclineTakeback)}


class TableViolation(RuleViolation):
    """A table command (resign, abort, draw, takeback) that is not allowed now (abstract: its
    subclasses are raised)."""


class AbortTooLate(TableViolation):
    """Every seat has played a card: the game can no longer be aborted (resign instead)."""

    code = "abort_too_late"


class NothingToAnswer(TableViolation):
    """No offer or request awaits this seat's answer."""

    code = "nothing_to_answer"


class ProposalOpen(TableViolation):
    """A draw offer or takeback request is open: the game waits for its answers."""

    code = "proposal_open"


class DrawAlreadyOffered(TableViolation):
    """This seat offered a draw this turn already."""

    code = "draw_already_offered"


class TakebackImpossible(TableViolation):
    """No command of this seat can be taken back: there is none this turn, or something hidden
    was revealed, something random happened or another seat decided since."""

    code = "takeback_impossible"


class SeatResignedError(TableViolation):
    """This seat has resigned: it sends no more commands."""

    code = "seat_resigned"


def in_game(state: GameState) -> list[int]:
    """The seats that have not resigned, in seat order."""
    gone = ts.table_of(state).resigned
    return [p.seat for p in state.players if p.seat not in gone]


def answerer(state: GameState) -> int | None:
    """The seat whose answer the open proposal awaits (None when nothing is open)."""
    t = ts.table_of(state)
    p = t.proposal
    if p is None:
        return None
    n = len(state.players)
    for k in range(1, n):
        seat = (p.seat + k) % n
        if seat not in t.resigned and seat not in p.accepted:
            return seat
    return None


def takeback_target(state: GameState, seat: int) -> int | None:
    """The version a takeback by `seat` would return to, if it may ask for one now."""
    cp = ts.table_of(state).undo
    if cp is None or cp.seat != seat or state.active != seat:
        return None
    return cp.version


def _may_abort(state: GameState) -> bool:
    return len(set(ts.table_of(state).played)) < len(state.players)


def table_commands(state: GameState, seat: int, awaited: int | None) -> list[Command]:
    """The table commands `seat` may send now (`awaited`: the seat the game waits for)."""
    if state.status != "active" or not 0 <= seat < len(state.players):
        return []
    t = ts.table_of(state)
    if seat in t.resigned:
        return []
    if state.phase == "draft":  # nothing is played yet: the game may only be called off
        return [Abort(seat)]
    out: list[Command] = [Resign(seat)]
    if _may_abort(state):
        out.append(Abort(seat))
    if t.proposal is not None:
        if answerer(state) == seat:
            out += [cls(seat) for cls in ANSWERS[t.proposal.kind]]
        return out
    if seat not in t.offered and len(in_game(state)) > 1:
        out.append(OfferDraw(seat))
    if awaited == seat and takeback_target(state, seat) is not None:
        out.append(Takeback(seat))
    return out


def check(state: GameState, command: Command, awaited: int | None) -> None:
    """Raise the precise TableViolation when the table command is not legal now."""
    if state.status != "active":
        raise GameNotActive(f"game {state.game_id} has ended; no command is accepted")
    if command in table_commands(state, command.seat, awaited):
        return
    t = ts.table_of(state)
    name = command.type
    if command.seat in t.resigned:
        raise SeatResignedError(f"seat {command.seat} has resigned")
    if isinstance(command, Abort):
        raise AbortTooLate("every seat has played a card: the game can no longer be aborted")
    answers = (AcceptDraw, DeclineDraw, AcceptTakeback, DeclineTakeback)
    if isinstance(command, answers):
        kind = "draw" if isinstance(command, AcceptDraw | DeclineDraw) else "takeback"
        raise NothingToAnswer(f"no {kind} offer awaits seat {command.seat}'s answer")
    if t.proposal is not None:
        raise ProposalOpen(f"a {t.proposal.kind} proposal is open; {name} must wait")
    if isinstance(command, OfferDraw):
        raise DrawAlreadyOffered(f"seat {command.seat} offered a draw this turn already")
    raise TakebackImpossible(
        f"seat {command.seat} has no command to take back: none this turn, or a card was drawn,"
        " looked at, revealed or shuffled, or another seat decided since"
    )


def _ended(
    state: GameState, events: list[ev.Event], winner: int | None, reason: str
) -> tuple[tuple[ev.Event, ...], GameState]:
    events.append(ev.GameEnded(winner, tuple(p.vp for p in state.players), reason))
    return _apply(state, events)


def decide(state: GameState, command: Command) -> tuple[tuple[ev.Event, ...], GameState]:
    """The events of a legal table command and the state they lead to."""
    seat = command.seat
    if isinstance(command, Resign):
        left = [s for s in in_game(state) if s != seat]
        if len(left) == 1:
            return _ended(state, [ts.SeatResigned(seat, None)], left[0], "resigned")
        return _apply(state, [ts.SeatResigned(seat, RESIGNED_BOT)])
    if isinstance(command, Abort):
        return _ended(state, [ts.GameAborted(seat)], None, "aborted")
    if isinstance(command, OfferDraw):
        return _apply(state, [ts.DrawOffered(seat)])
    if isinstance(command, Takeback):
        version = takeback_target(state, seat)
        assert version is not None
        return _apply(state, [ts.TakebackRequested(seat, version)])
    proposal = ts.table_of(state).proposal
    assert proposal is not None
    if isinstance(command, DeclineDraw | DeclineTakeback):
        no = ts.DrawDeclined(seat) if proposal.kind == "draw" else ts.TakebackDeclined(seat)
        return _apply(state, [no])
    yes = ts.DrawAccepted(seat) if proposal.kind == "draw" else ts.TakebackAccepted(seat)
    after = evolve(state, yes)
    if answerer(after) is not None:
        return (yes,), after
    if proposal.kind == "draw":
        return _ended(state, [yes], None, "agreed_draw")
    back = ts.TakenBack(proposal.seat, proposal.version)
    return (yes, back), evolve(after, back)


def _apply(state: GameState, events: list[ev.Event]) -> tuple[tuple[ev.Event, ...], GameState]:
    for e in events:
        state = evolve(state, e)
    return tuple(events), state


def command_for(event: ev.Event) -> Command | None:
    """The table command whose batch starts with `event` (None for any other event)."""
    found = _FIRST.get(type(event))
    return found(event.seat) if found else None  # type: ignore[attr-defined]


_FIRST: dict[type[ev.Event], type[Command]] = {
    ts.SeatResigned: Resign,
    ts.GameAborted: Abort,
    ts.DrawOffered: OfferDraw,
    ts.DrawAccepted: AcceptDraw,
    ts.DrawDeclined: DeclineDraw,
    ts.TakebackRequested: Takeback,
    ts.TakebackAccepted: AcceptTakeback,
    ts.TakebackDeclined: DeclineTakeback,
}


def has_resigned(state: GameState, seat: int) -> bool:
    """Whether `seat` resigned (a bot plays it on: its client's token sends nothing more)."""
    return seat in ts.table_of(state).resigned


def refuse_resigned(state: GameState, seat: int) -> None:
    """Raise SeatResignedError for a client's command from a seat that resigned."""
    if has_resigned(state, seat):
        raise SeatResignedError(f"seat {seat} has resigned: it sends no more commands")


def proposal_of(state: GameState) -> Proposal | None:
    """The open draw offer or takeback request, if any."""
    return ts.table_of(state).proposal
