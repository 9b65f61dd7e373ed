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

from typing import Any, TypeVar

from domain import ability_kinds as _kinds
from domain.boards import LAST, Board, base_active_here, by_moment, card_ids
from domain.boards import LOSES_ABILITIES as LOSES_ABILITIES
from domain.boards import board as _board
from domain.card_scripts import GENERATION as GENERATION  # the scripts, importable from here
from domain.card_scripts import card as card
from domain.card_scripts import extra as extra
from domain.card_scripts import printed as printed
from domain.card_scripts import with_kind as with_kind
from domain.memo import WeakMemo
from domain.model import GameState
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
    whose granted abilities it lost with them (kept with the board)."""
    return _board(state).losing


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


_STATES: WeakMemo[GameState, dict[Any, Any]] = WeakMemo()


def scripted_cards(state: GameState) -> frozenset[str] | None:
    """The card ids of :func:`sources`, or None while something grants or removes abilities (a
    card may then have others than its script's). Kept with the board's other answers."""
    return scripted(state)[0]


def scripted(state: GameState) -> tuple[frozenset[str] | None, dict[Any, bool]]:
    """:func:`scripted_cards`, with the dict its board keeps answers by kind in (e.g. whether
    any card in play has one: ``rules.none_in_play``; those hold while the board does)."""
    board = _board(state)
    found = board.cards
    if found is None:
        found = board.cards = (card_ids(board.sources) if board.plain else None, {})
    return found


def sources(state: GameState) -> tuple[Source, ...]:
    """Every card in play that may carry an ongoing ability, then lingering effects. The
    answer depends on the bases, the lingering effects and the turn only: it is kept with the
    other answers about that board (see :class:`domain.boards.Board`), shared by the states
    holding those very objects (most events change none of them)."""
    return _board(state).sources


def of_base(state: GameState, index: int, kind: type[A], seat: int | None = None) -> tuple[A, ...]:
    """The abilities of a kind that the base at `index` has now (see :func:`of`)."""
    card_id = state.bases[index].card
    return of(state, Source(card_id, card_id, index, -1), kind, seat)


def in_play(
    state: GameState, kind: type[A], seat: int | None = None
) -> list[tuple[Source, A]] | tuple[()]:
    """Every (source in play, ability) of a kind, in board order, as `of` answers for `seat`.
    Kept beside the state (see :func:`_answers`)."""
    asked = LAST.last  # the hot path: _board's first look (the state asked about last)
    board = asked[1] if asked is not None and asked[0] is state else _board(state)
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


def _in_play(state: GameState, kind: type[A], board: Board) -> list[tuple[Source, A]]:
    if not board.plain:  # granted or removed: ask each
        return [(s, a) for s in board.sources for a in of(state, s, kind)]
    found: list[tuple[Source, A]] = []
    for part in board.parts:  # each base's, kept with it (most boards share most bases)
        pairs = part.pairs.get(kind)
        if pairs is None:
            pairs = part.scripted(kind)
        if pairs:
            found += pairs
    return found


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
    name their `moment`. While nothing grants or removes abilities, looked up in the board's
    index by moment (made from each base's own: a new board mostly has one new base); else
    kept beside the state (see :func:`_answers`)."""
    board = _board(state)
    if not board.plain:  # every moment's at once
        answers = _answers(state)
        index = answers.get((kind, _BY_MOMENT, seat))
        if index is None:
            index = answers[(kind, _BY_MOMENT, seat)] = by_moment(in_play(state, kind, seat))
        return index.get(moment, _NONE)
    found = board.moments.get(kind)
    if found is None:
        found = board.by_moment(kind)
    pairs = found.get(moment)
    if pairs is None:
        return _NONE
    return pairs if seat is None else _seat_view(state, pairs, seat) or _NONE


_BY_MOMENT = object()
"""The key of the triggers in play indexed by moment, among a state's answers."""
_NONE: list[Any] = []  # the answer for a moment nothing reacts to (never changed by callers)


def base_active(state: GameState, index: int, seat: int | None = None) -> bool:
    """False while an attached card blanks the base's ability (e.g. Jammed Signal); with
    `seat`, also while that seat ignores it (a per-seat blank it controls, e.g. Infiltrate)."""
    return base_active_here(state.bases[index], seat)
