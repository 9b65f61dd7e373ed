"""Abilities as values. Each card's script (``card(id, *abilities)`` in its faction's module)
lists typed ability values; the engine asks one function, :func:`of`, which abilities of a
kind a source has *now*. That function is the one place that applies base blanking (for
everyone, or for one seat), and where losing or gaining abilities will apply.

The kinds (:class:`OngoingPower`, :class:`Protection`, :class:`Restriction`, ...) are defined in
``domain.ability_kinds`` and importable from here. The kinds that run an effect (OnPlay,
OnUncover, Triggered, Special, Talent, BaseHook) take an `Fx` and are in `domain.effects`,
above `domain.fx`; this module is below both (it imports neither `fx` nor `rules`: what is in
play, :func:`sources`, is answered here).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar, cast

from domain import ability_kinds as _kinds
from domain.card_scripts import GENERATION as GENERATION  # the scripts, importable from here
from domain.card_scripts import card as card
from domain.card_scripts import extra as extra
from domain.card_scripts import printed as printed
from domain.card_scripts import with_kind as with_kind
from domain.memo import Memo, WeakMemo
from domain.model import Base, GameState, Minion
from domain.registry import IMPLEMENTED as IMPLEMENTED  # importable from here, as before
from domain.registry import Source

# every kind, importable from here as before (a card script imports them from this module)
Ability = _kinds.Ability
AttachCondition = _kinds.AttachCondition
AttachFn = _kinds.AttachFn
BlanksBase = _kinds.BlanksBase
BonusFn = _kinds.BonusFn
DestroyedGoTo = _kinds.DestroyedGoTo
ExtraBaseUntilScoring = _kinds.ExtraBaseUntilScoring
GrantsAbilities = _kinds.GrantsAbilities
GuardFn = _kinds.GuardFn
IncreasesPower = _kinds.IncreasesPower
OngoingPower = _kinds.OngoingPower
PlaysFromDiscard = _kinds.PlaysFromDiscard
PowerFn = _kinds.PowerFn
Protection = _kinds.Protection
RemovesAbilities = _kinds.RemovesAbilities
Restriction = _kinds.Restriction
RestrictionFn = _kinds.RestrictionFn
ScoringBonus = _kinds.ScoringBonus
Selector = _kinds.Selector
ZoneGrantFn = _kinds.ZoneGrantFn


def increases_power(card_id: str) -> bool:
    """Whether this card is an action that directly increases the power of a minion."""
    return bool(printed(card_id, IncreasesPower))


A = TypeVar("A", bound=Ability)


def of(state: GameState, src: Source, kind: type[A], seat: int | None = None) -> tuple[A, ...]:
    """The abilities of a kind that `src` has now: its script's, none while something in play
    removes its abilities, plus those something in play grants it. A base has none while its
    ability is blanked, or, with `seat`, while that seat ignores it. (What grants or removes
    abilities is read from scripts: a card that lost its abilities still grants nothing new.)"""
    found = printed(src.card, kind)
    is_base = src.uid == src.card and src.controller < 0 and src.base >= 0
    if is_base and (found or _changers(state)) and not base_active(state, src.base, seat):
        return ()
    stripped = _losing(state).get(src.uid) if state.lingering else None
    if stripped is not None:  # it lost its own abilities, and those granted to it then
        found = ()
    changers = _changers(state)
    if not changers:
        return found
    granted: list[A] = []
    for giver, change in changers:
        if giver.uid == src.uid or not change.reaches(state, giver, src):
            continue
        if isinstance(change, RemovesAbilities):
            return ()
        if stripped is None or giver.uid not in stripped:
            granted += [a for a in change.abilities if isinstance(a, kind)]
    return (*found, *granted) if granted else found


def changes_in_play(state: GameState) -> bool:
    """Whether anything in play grants or removes abilities now (if not, every card has just
    its script's abilities, bases aside)."""
    return bool(_changers(state)) or bool(state.lingering and _losing(state))


LOSES_ABILITIES = "loses_abilities:"
"""The note of a lingering effect by which a minion has no abilities while it lasts (e.g.
Bruiser's or The Touch's Talent): ``loses_abilities:<minion uid>|<giver uid>,...``. Its own
abilities are gone, and those the listed cards (what granted it abilities when it lost them)
grant it; abilities granted later stay (TBGB), and what actions attached to it do to it by
their own abilities (e.g. +1 power) stays too."""


def loses_abilities_note(state: GameState, uid: str) -> str:
    """The note of a lingering effect making the minion `uid` lose its abilities now."""
    found = [
        Source(m.card, m.uid, i, m.controller)
        for i, b in enumerate(state.bases)
        for m in b.minions
        if m.uid == uid
    ]
    givers = [
        g.uid
        for g, change in _changers(state)
        for me in found
        if isinstance(change, GrantsAbilities) and g.uid != uid and change.reaches(state, g, me)
    ]
    return f"{LOSES_ABILITIES}{uid}|{','.join(givers)}"


def _losing(state: GameState) -> dict[str, frozenset[str]]:
    """The minions that have lost their abilities now (lingering effects): uid -> the cards
    whose granted abilities it lost with them."""
    board = _board(state)
    if board.losing is not None:
        return board.losing
    out: dict[str, frozenset[str]] = {}
    for x in state.lingering:
        if x.note is None or not x.note.startswith(LOSES_ABILITIES):
            continue
        if x.from_turn <= state.turn <= x.until_turn:
            uid, _, givers = x.note[len(LOSES_ABILITIES) :].partition("|")
            out[uid] = out.get(uid, frozenset()) | frozenset(filter(None, givers.split(",")))
    board.losing = out
    return out


def granted_by(state: GameState, src: Source, ability: Ability) -> list[Source]:
    """The cards in play granting `src` this very ability, in board order (none when it is not
    a granted one; several when two copies of a card grant it)."""
    return [
        giver
        for giver, change in _changers(state)
        if isinstance(change, GrantsAbilities)
        and giver.uid != src.uid
        and any(a is ability for a in change.abilities)
        and change.reaches(state, giver, src)
    ]


def _changers(state: GameState) -> list[tuple[Source, RemovesAbilities | GrantsAbilities]]:
    """What in play grants or removes abilities (the same for every state on that board)."""
    return _board(state).changers


class _Board:
    """The answers about abilities on one board. They depend on the bases, the lingering
    effects and the turn only (the turn through which lingering effects are in force only:
    without any, every turn's answers are the same), so the states holding those very
    objects share them: kept beside the bases tuple (see domain.memo), never on a state."""

    __slots__ = ("answers", "bases", "changers", "lingering", "losing", "parts", "sources", "turn")

    def __init__(self, state: GameState, last: _Board | None = None) -> None:
        self.lingering = state.lingering
        self.turn = state.turn
        self.bases = bases = state.bases
        # a base the last board (made or found) has at the same place keeps its part; the others'
        # are made again (most events change one base, if any; other boards' are seldom met)
        same = last if last is not None and len(last.bases) == len(bases) else None
        here: list[Source] = []
        changers: list[tuple[Source, RemovesAbilities | GrantsAbilities]] = []
        self.parts: list[_Part] = []
        for i, b in enumerate(bases):
            if same is not None and same.bases[i] is b:
                known = same.parts[i]  # a base's part depends on that object and its place only
            else:
                known = _base_sources(state, i, b)
            self.parts.append(known)
            here += known[1]
            changers += known[2]
        if state.lingering:
            lingering = tuple(
                Source(x.card, f"lingering:{x.card}", -1, x.seat)
                for x in state.lingering
                if x.from_turn <= self.turn <= x.until_turn
            )
            here += lingering
            self.parts.append((-1, lingering, _find_changers(lingering), {}))  # after the bases'
            changers += self.parts[-1][2]
        self.sources = tuple(here)
        self.changers = changers
        self.losing: dict[str, frozenset[str]] | None = None
        self.answers: dict[Any, Any] = {}  # (kind, seat) or (kind, moment, seat) -> pairs


def _board(state: GameState) -> _Board:
    last = _BOARDS.last  # the memo's last answer, looked at first without a call
    board = last[1] if last is not None and last[0] is state.bases else _BOARDS.get(state.bases)
    if (
        board is None
        or board.lingering is not state.lingering
        or (board.turn != state.turn and state.lingering)
    ):
        board = _BOARDS.put(state.bases, _Board(state, last[1] if last is not None else None))
    return board


def _find_changers(in_play: tuple[Source, ...]) -> _Changers:
    removes, grants = with_kind(RemovesAbilities), with_kind(GrantsAbilities)
    found: list[tuple[Source, RemovesAbilities | GrantsAbilities]] = []
    if not removes and not grants:  # no card has such an ability: nothing to look for
        return found
    for s in in_play:
        if s.card in removes:
            found += [(s, r) for r in removes[s.card]]
        if s.card in grants:
            found += [(s, g) for g in grants[s.card]]
    return found


def _answers(state: GameState) -> dict[Any, Any]:
    """The answers about abilities in play for `state`: its board's while nothing in play
    grants or removes abilities, else its own (granted ones may depend on anything)."""
    board = _board(state)
    if not board.changers:
        return board.answers
    mine = _STATES.get(state)
    if mine is None:
        mine = _STATES.put(state, {})
    return mine


_BOARDS: Memo[tuple[Base, ...], _Board] = Memo(2)
_STATES: WeakMemo[GameState, dict[Any, Any]] = WeakMemo()


def scripted_cards(state: GameState) -> frozenset[str] | None:
    """The card ids of :func:`sources`, or None while something grants or removes abilities (a
    card may then have others than its script's). Kept with the board's other answers."""
    board = _board(state)
    if board.changers or (state.lingering and _losing(state)):
        return None
    cards: frozenset[str] | None = board.answers.get(_CARDS)
    if cards is None:
        cards = board.answers[_CARDS] = frozenset([s.card for s in board.sources])
    return cards


_CARDS = "cards"  # the key of the card ids of its sources among a board's answers (not a tuple)


def sources(state: GameState) -> tuple[Source, ...]:
    """Every card in play that may carry an ongoing ability, then lingering effects. The
    answer depends on the bases, the lingering effects and the turn only: it is kept with the
    other answers about that board (see :class:`_Board`), shared by the states holding those
    very objects (most events change none of them)."""
    return _board(state).sources


_Changers = list[tuple[Source, RemovesAbilities | GrantsAbilities]]
# a base's part of a board: its place, its sources, its changers, its triggers (once asked)
_Part = tuple[int, tuple[Source, ...], _Changers, dict[Any, Any]]
_MINION_SOURCES: Memo[Minion, tuple[int, tuple[Source, ...]]] = Memo(64)  # beside a minion


def _base_sources(state: GameState, i: int, b: Base) -> _Part:
    here = [Source(b.card, b.card, i, -1)] if base_active(state, i) else []
    here += [Source(a.card, a.uid, i, a.controller) for a in b.attached]
    young = _MINION_SOURCES.young  # looked at without a call first: most minions are there
    for m in b.minions:  # a minion's (it, then its actions) depend on it and its place only
        entry = young.get(id(m))
        known = entry[1] if entry is not None and entry[0] is m else _MINION_SOURCES.get(m)
        if known is None or known[0] != i:
            mine = [Source(m.card, m.uid, i, m.controller)]
            mine += [Source(a.card, a.uid, i, a.controller, m.uid) for a in m.attached]
            known = _MINION_SOURCES.put(m, (i, tuple(mine)))
        here += known[1]
    found = tuple(here)
    return i, found, _find_changers(found), {}


def of_base(state: GameState, index: int, kind: type[A], seat: int | None = None) -> tuple[A, ...]:
    """The abilities of a kind that the base at `index` has now (see :func:`of`)."""
    card_id = state.bases[index].card
    return of(state, Source(card_id, card_id, index, -1), kind, seat)


def in_play(
    state: GameState, kind: type[A], seat: int | None = None
) -> list[tuple[Source, A]] | tuple[()]:
    """Every (source in play, ability) of a kind, in board order, as `of` answers for `seat`.
    Kept beside the state (see :func:`_answers`)."""
    last = _BOARDS.last  # the hot path: _board (the memo's last answer first), _answers
    board = last[1] if last is not None and last[0] is state.bases else _BOARDS.get(state.bases)
    if (
        board is None
        or board.lingering is not state.lingering
        or (board.turn != state.turn and state.lingering)
    ):
        board = _BOARDS.put(state.bases, _Board(state, last[1] if last is not None else None))
    if board.changers:
        answers = _STATES.get(state)
        if answers is None:
            answers = _STATES.put(state, {})
    else:
        answers = board.answers
    found: list[tuple[Source, A]] | tuple[()] | None = answers.get((kind, seat))
    if found is None:
        if seat is None:
            found = answers[(kind, None)] = _in_play(state, kind, board)
        else:  # the seat's view of everyone's: blanks for it applied
            pairs = answers.get((kind, None))
            if pairs is None:
                pairs = answers[(kind, None)] = _in_play(state, kind, board)
            found = answers[(kind, seat)] = _seat_view(state, pairs, seat)
    return found


def _in_play(state: GameState, kind: type[A], board: _Board) -> list[tuple[Source, A]]:
    here = board.sources
    if board.changers or (state.lingering and _losing(state)):  # granted or removed: ask each
        return [(s, a) for s in here for a in of(state, s, kind)]
    return _scripted(here, with_kind(kind))


def _scripted(here: tuple[Source, ...], table: dict[str, tuple[A, ...]]) -> list[tuple[Source, A]]:
    """Every (source, ability) of these sources, as their scripts give them (`table`)."""
    return [(s, a) for s in here if s.card in table for a in table[s.card]]


def _seat_view(
    state: GameState, pairs: list[tuple[Source, A]], seat: int
) -> list[tuple[Source, A]]:
    """`pairs` less the bases' abilities `seat` ignores (the same list when no base has any)."""
    for s, _ in pairs:  # a loop, not any(...): the hot path
        if s.controller < 0:
            break
    else:
        return pairs
    return [(s, a) for s, a in pairs if s.controller >= 0 or base_active(state, s.base, seat)]


def triggered_at(
    state: GameState, kind: type[A], moment: str, seat: int | None = None
) -> list[tuple[Source, A]]:
    """The abilities of `kind` in play that react to this moment, as :func:`in_play` lists
    them. `kind` is ``domain.effects.Triggered`` (it stands above this module), whose values
    name their `moment`. Kept beside the state (see :func:`_answers`); while nothing grants or
    removes abilities, made from each base's own (a new board mostly has one new base)."""
    board = _board(state)
    if board.changers or (state.lingering and _losing(state)):  # every moment's at once
        answers = _answers(state)
        by_moment = answers.get((kind, _BY_MOMENT, seat))
        if by_moment is None:
            by_moment = answers[(kind, _BY_MOMENT, seat)] = _by_moment(in_play(state, kind, seat))
        return by_moment.get(moment, _NONE)
    found: list[tuple[Source, A]] | None = board.answers.get((kind, moment, seat))
    if found is None:  # each base's for the moment (then the lingering effects'), in order
        found = []
        for part in board.parts:
            index = part[3].get(kind)
            if index is None:
                index = part[3][kind] = _by_moment(_scripted(part[1], with_kind(kind)))
            pairs = index.get(moment)
            if pairs:
                found += pairs if seat is None else _seat_view(state, pairs, seat)
        board.answers[(kind, moment, seat)] = found = found or _NONE
    return found


def _by_moment(pairs: Iterable[tuple[Source, A]]) -> dict[str, list[tuple[Source, A]]]:
    """These (source, triggered ability) pairs by the moment each reacts to, in order."""
    out: dict[str, list[tuple[Source, A]]] = {}
    for s, a in pairs:
        out.setdefault(cast(_AtMoment, a).moment, []).append((s, a))
    return out


_BY_MOMENT = object()
"""The key of the triggers in play indexed by moment, among a board's or a state's answers."""
_NONE: list[Any] = []  # the answer for a moment nothing reacts to (never changed by callers)


class _AtMoment(Protocol):
    """An ability reacting to a moment (``domain.effects.Triggered``)."""

    @property
    def moment(self) -> str: ...


def base_active(state: GameState, index: int, seat: int | None = None) -> bool:
    """False while an attached card blanks the base's ability (e.g. Jammed Signal); with
    `seat`, also while that seat ignores it (a per-seat blank it controls, e.g. Infiltrate)."""
    for a in state.bases[index].attached:
        for blank in printed(a.card, BlanksBase):
            if blank.when_noted not in (None, a.note):
                continue
            if not blank.only_for_controller or (seat is not None and a.controller == seat):
                return False
    return True
