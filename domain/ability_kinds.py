"""The kinds of ability a card's script lists, as frozen values (``domain.abilities`` holds the
scripts and answers which abilities a source has now, and re-exports every kind here).

Kinds: :class:`OngoingPower`, :class:`Protection`, :class:`Restriction` (a "can't"),
:class:`AttachCondition`, :class:`ScoringBonus`, :class:`PlaysFromDiscard`,
:class:`DestroyedGoTo`, :class:`BlanksBase`, the marks (:class:`ExtraBaseUntilScoring`,
:class:`IncreasesPower`) and the changers (:class:`RemovesAbilities`, :class:`GrantsAbilities`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.model import Zone
from domain.moments import checked
from domain.registry import Cause, Source

if TYPE_CHECKING:
    from domain.model import GameState, Minion, Task

PowerFn = Callable[["GameState", Source, int, "Minion"], int]
GuardFn = Callable[["GameState", Source, int, "Minion", Cause], "str | Task | None"]
RestrictionFn = Callable[["GameState", Source, int, str, int], bool]
AttachFn = Callable[["GameState", int, int, "Minion | None"], bool]
BonusFn = Callable[["GameState", int, dict[int, int]], dict[int, int]]
ZoneGrantFn = Callable[["GameState", Source, int, int], bool]


class Ability:
    """Base class of every ability value."""


@dataclass(frozen=True)
class OngoingPower(Ability):
    """A power change while in play: modifier(state, source, base, minion) -> bonus."""

    modifier: PowerFn


@dataclass(frozen=True)
class Protection(Ability):
    """verdict(state, source, base, minion, cause) -> 'block', 'absorb', a replacement task,
    or None, for an effect about to touch a minion."""

    verdict: GuardFn


@dataclass(frozen=True)
class Restriction(Ability):
    """A "can't": forbids(state, source, seat, card, base) -> True forbids that play; it beats
    every allowance and extra play."""

    forbids: RestrictionFn


@dataclass(frozen=True)
class AttachCondition(Ability):
    """Where this ongoing action may be attached: allows(state, seat, base, minion or None)."""

    allows: AttachFn


@dataclass(frozen=True)
class ExtraBaseUntilScoring(Ability):
    """The extra base this card brought into play lasts until the next base scores: then,
    if the card is still in play, it is discarded and the scored base is not replaced."""


@dataclass(frozen=True)
class ScoringBonus(Ability):
    """Extra VP while this base scores: bonus(state, base, places by seat) -> VP by seat."""

    bonus: BonusFn


@dataclass(frozen=True)
class PlaysFromDiscard(Ability):
    """grants(state, source, seat, base): that seat may play minions from its discard pile onto
    that base with its ordinary minion plays."""

    grants: ZoneGrantFn


@dataclass(frozen=True)
class DestroyedGoTo(Ability):
    """Minions destroyed on this base go to this zone of their owner instead of the discard."""

    zone: Zone

    def __post_init__(self) -> None:
        object.__setattr__(self, "zone", checked(Zone, self.zone, "DestroyedGoTo"))


@dataclass(frozen=True)
class BlanksBase(Ability):
    """While attached to a base, that base's ability is ignored: by everyone, or only by this
    card's controller; with `when_noted`, only while the card bears that note."""

    only_for_controller: bool = False
    when_noted: str | None = None


@dataclass(frozen=True)
class IncreasesPower(Ability):
    """A mark, not an effect: this action directly increases the power of a minion when played
    (it gives +N power, places or transfers a +1 power counter, or raises printed power). Giving
    a talent that raises power, or destroying a card that lowers it, is not such an increase.
    Space Prince, Walking Carpet, Alien Guru and Hive of Scum ask :func:`increases_power`; the
    verbs raise the ``power_raised`` moment for each minion such an action raises."""


Selector = Callable[["GameState", Source, Source], bool]
"""(state, the source whose ability it is, another source) -> whether the ability reaches it."""


@dataclass(frozen=True)
class RemovesAbilities(Ability):
    """While in play, the sources it reaches have no abilities at all (e.g. an action that
    makes its host lose its abilities)."""

    reaches: Selector


@dataclass(frozen=True)
class GrantsAbilities(Ability):
    """While in play, the sources it reaches have these abilities too."""

    reaches: Selector
    abilities: tuple[Ability, ...]
