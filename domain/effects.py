"""The abilities that run an effect (a function of an :class:`~domain.fx.Fx` returning
steps): :class:`OnPlay`, :class:`OnUncover`, :class:`Triggered` (a moment), :class:`Special`
(a window and a zone), :class:`Talent` and :class:`BaseHook` (a scored base's moment).

They stand above `domain.fx`, the verbs their effects use; the other kinds of ability, and the
queries about what has which ability now (``abilities.of``, ``abilities.in_play``), stand
below it in `domain.abilities`, which the rule queries (`domain.rules`) and `Fx` ask.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Never, Protocol

from domain import plays
from domain.abilities import Ability
from domain.facts import FACTS, Facts
from domain.fx import Fx, Steps
from domain.model import GameState, Zone
from domain.moments import Hook, Moment, ScriptError, Window, checked
from domain.plays import PlaysItself
from domain.registry import Source

Effect = Callable[[Fx], Steps]
FactsEffect = Callable[[Fx, Never], Steps]
"""A trigger's effect reading its moment's facts: `def f(fx: Fx, played: MinionPlayed)`."""
TriggerFilter = Callable[[GameState, Source, Never], bool]
"""A trigger's `when`: `def f(state: GameState, src: Source, played: MinionPlayed) -> bool`."""
WhenFn = Callable[[GameState, int, str, int], bool]


@dataclass(frozen=True)
class OnPlay(Ability):
    """What happens when the card is played (a minion onto a base, an action)."""

    effect: Effect


@dataclass(frozen=True)
class OnUncover(Ability):
    """'Special, on being uncovered': what the card does when it is uncovered, played again
    as it would be from a hand but with this effect instead of its on-play ability (which buries
    it, and a card just uncovered cannot be buried again at once)."""

    effect: Effect


@dataclass(frozen=True)
class Triggered(Ability):
    """A reaction of a card in play (or a base) to a moment of the game: ends_at_start_of_turn,
    start_of_turn, end_of_turn, minion_played, destroyed (this minion), minion_destroyed (any),
    affected (this minion, by another player's card), power_raised (a minion's power directly
    increased by an action being played, see IncreasesPower), base_scored (its VP awarded, its
    cards still there), discarded_from_play (this minion, gone to the discard pile from play),
    minion_discarded_from_play (any), card_buried, card_uncovered and action_attached (an
    ongoing action played onto a base or minion). Its effect takes the Fx, or the Fx and the
    moment's facts (`domain.facts`: `MinionPlayed` for minion_played, ...), annotated with
    that moment's facts class: a trigger reading another moment's facts is a ScriptError when
    the card is imported, a field its facts lack a mypy error.
    `when` (see domain.selectors) says whether it reacts to this occurrence at all, from the
    state, its source and the facts: only the abilities that do take part in ordering
    simultaneous effects."""

    moment: Moment
    effect: Effect | FactsEffect
    when: TriggerFilter | None = None
    takes_facts: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        moment = checked(Moment, self.moment, "Triggered")
        object.__setattr__(self, "moment", moment)
        takes = _facts_parameter(self.effect, 1, moment) is not None
        object.__setattr__(self, "takes_facts", takes)
        if self.when is not None and _facts_parameter(self.when, 2, moment) is None:
            raise ScriptError(f"Triggered({moment.value!r}): its when takes no facts")

    def reacts(self, state: GameState, src: Source, facts: Facts) -> bool:
        """Whether this ability of `src` reacts to a moment with these facts."""
        if self.when is None:
            return True
        # its type is checked at import (no cast: a call, on the hot path)
        when: Callable[[GameState, Source, Facts], bool] = self.when  # type: ignore[assignment]
        return when(state, src, facts)

    def run(self, fx: Fx, facts: Mapping[str, object]) -> Steps:
        """Its effect, given the moment's facts (as a trigger's task holds them) if it reads
        them."""
        if not self.takes_facts:
            plain: Effect = self.effect  # type: ignore[assignment]
            return plain(fx)
        effect: Callable[[Fx, Facts], Steps] = self.effect  # type: ignore[assignment]
        return effect(fx, FACTS[self.moment].of(facts))


def _facts_parameter(fn: Callable[..., object], at: int, moment: Moment) -> type[Facts] | None:
    """The facts class `fn` takes as its parameter number `at` (None if it has no such
    parameter): a ScriptError unless it is annotated with `moment`'s facts class (or a union
    holding it, or a base class of it), naming the function, the moment and the class."""
    params = list(inspect.signature(fn).parameters)
    if len(params) <= at:
        return None
    name = getattr(fn, "__qualname__", repr(fn))
    expected = FACTS[moment]
    try:
        hint = typing.get_type_hints(fn).get(params[at])
    except NameError as e:
        raise ScriptError(f"Triggered({moment.value!r}): {name}: {e}") from e
    options = typing.get_args(hint) if typing.get_origin(hint) in _UNIONS else (hint,)
    if any(isinstance(o, type) and issubclass(expected, o) for o in options):
        return expected
    raise ScriptError(
        f"Triggered({moment.value!r}): {name} reads {_named(hint)} facts, but "
        f"{moment.value!r} carries {expected.__name__} (annotate {params[at]!r} with it)"
    )


_UNIONS = (typing.Union, types.UnionType)


def _named(hint: object) -> str:
    return getattr(hint, "__name__", None) or str(hint)


@dataclass(frozen=True)
class Special(Ability):
    """A Special: usable from `zone` (hand, play, discard) in `window` (play: the owner's play
    phase, through use_special; before_scoring / after_scoring: a Me first! round) when
    `when(state, seat, uid, scoring base)` holds."""

    window: Window
    zone: Zone
    label: str
    when: WhenFn
    effect: Effect
    plays_it: bool | PlaysItself = False

    def __post_init__(self) -> None:
        where = f"Special {self.label!r}"
        object.__setattr__(self, "window", checked(Window, self.window, where))
        object.__setattr__(self, "zone", checked(Zone, self.zone, where))

    def usable(self, state: GameState, seat: int, card: str, uid: str, base: int) -> bool:
        """Whether `seat` may use it now. A Special that plays its card (`plays_it`: "play
        this card as a Special in window W") is offered only if nothing forbids the seat to
        play it: with True a minion on the window's base, an action on no base; or where a
        `PlaysItself` says (the base it stands on, some base). The engine checks it, so its
        `when` says only what the card adds."""
        if self.plays_it:
            where = PlaysItself.WINDOW if self.plays_it is True else self.plays_it
            if not plays.may_play_itself(state, seat, card, uid, base, where):
                return False
        return self.when(state, seat, uid, base)


def anytime(state: GameState, seat: int, uid: str, base: int) -> bool:
    """A Special's `when` for one usable whenever its window opens."""
    return True


class Cost(Protocol):
    """What a Talent's player pays to get its effect (see domain.costs): offered only when
    `payable`; `pay` runs the payment, then the effect (a continuation, or a plain effect,
    as the kind of cost says)."""

    def payable(self, state: GameState, seat: int, uid: str, base: int) -> bool:
        """Whether `seat` can pay it now for the Talent of `uid` (on base `base`)."""
        ...

    def pay(self, fx: Fx, effect: Callable[..., Steps]) -> Steps:
        """The payment, then `effect`."""
        ...


@dataclass(frozen=True)
class Talent(Ability):
    """A Talent: usable once during each of its controller's turns, in the play phase, through
    use_talent: of a card in play that seat controls (a minion, or an action on a minion or on
    a base), or of a base, by the seat whose turn it is. Like an extra action, it may go
    unused. `when(state, seat, uid, base)` narrows when it may be used, if given; a `cost`
    (domain.costs) is paid first and offers it only when it can be paid."""

    label: str
    effect: Callable[..., Steps]
    when: WhenFn | None = None
    cost: Cost | None = None


@dataclass(frozen=True)
class BaseHook(Ability):
    """A scored base's ability at a moment: before_scoring, after_scoring, replacement (it
    chooses the next base) or replaced (after the next base is in)."""

    moment: Hook
    effect: Effect

    def __post_init__(self) -> None:
        object.__setattr__(self, "moment", checked(Hook, self.moment, "BaseHook"))


def play_itself(fx: Fx) -> Steps:
    """A Special's effect that plays its card (from where it is, outside the play limits)."""
    return fx.play(fx.src)
