"""What a triggered ability knows about its moment: one frozen facts class per moment (two
moments may share one), created where the engine fires the moment and handed typed to the
trigger's `when` filter and to its effect.

A trigger's task persists the facts in its context under stable keys (the ones logs and
snapshots already hold, e.g. ``played_base``); a class lists in `KEYS` the fields persisted
under another name than their own. This module stands on `domain.moments` only: cards and
the engine both import it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Self

from domain.moments import Moment, ScriptError

Value = int | str | bool | None | list[int]
"""A fact as a task context holds it (JSON)."""


@dataclass(frozen=True)
class Facts:
    """The facts of one occurrence of a moment (a subclass per moment)."""

    KEYS: ClassVar[Mapping[str, str]] = {}
    """Field name -> the key it is persisted under, when they differ."""
    SUBJECT: ClassVar[str] = ""
    """The field naming the seat the moment is about, if any."""

    def subject(self) -> int | None:
        """The seat the moment is about (a base that seat ignores does not react), if any."""
        seat: int | None = getattr(self, self.SUBJECT) if self.SUBJECT else None
        return seat

    def ctx(self) -> dict[str, Value]:
        """The facts as a task context holds them: persisted keys, in field order."""
        keys = self.KEYS
        out: dict[str, Value] = {}
        for f in _fields(type(self)):
            value = getattr(self, f)
            out[keys.get(f, f)] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def of(cls, ctx: Mapping[str, object]) -> Self:
        """The facts back from a task context (a ScriptError names a missing key)."""
        keys = cls.KEYS
        values: dict[str, object] = {}
        for f in _fields(cls):
            key = keys.get(f, f)
            if key not in ctx:
                raise ScriptError(f"{cls.__name__}: the task has no fact {key!r} ({sorted(ctx)})")
            value = ctx[key]
            values[f] = tuple(value) if isinstance(value, list) else value
        return cls(**values)


_FIELDS: dict[type[Facts], tuple[str, ...]] = {}


def _fields(cls: type[Facts]) -> tuple[str, ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return found


@dataclass(frozen=True)
class Turn(Facts):
    """The turn of `seat`: what `TurnStarted` and `TurnEnding` share (a `when` serving both
    moments may take it)."""

    SUBJECT: ClassVar[str] = "seat"
    seat: int


@dataclass(frozen=True)
class TurnStarted(Turn):
    """start_of_turn and ends_at_start_of_turn: the turn of `seat` begins."""


@dataclass(frozen=True)
class TurnEnding(Turn):
    """end_of_turn: the turn of `seat` is ending."""


@dataclass(frozen=True)
class MinionPlayed(Facts):
    """minion_played: seat `by` played minion `uid` (card `card`) on base `base`."""

    KEYS: ClassVar[Mapping[str, str]] = {
        "card": "played_card",
        "by": "played_by",
        "base": "played_base",
    }
    SUBJECT: ClassVar[str] = "by"
    uid: str
    card: str
    by: int
    base: int


@dataclass(frozen=True)
class MinionGone(Facts):
    """A minion (`uid`, card `card`) of `owner`, controlled by `controller`, left play from
    base `base`: what `MinionDestroyed` and `MinionDiscarded` share (a `when` serving both
    moments may take it)."""

    SUBJECT: ClassVar[str] = "controller"
    uid: str
    card: str
    owner: int
    controller: int
    base: int


@dataclass(frozen=True)
class MinionDestroyed(MinionGone):
    """destroyed (this minion) and minion_destroyed (any): the minion was destroyed, by an
    effect of seat `by` (None: a rule's)."""

    KEYS: ClassVar[Mapping[str, str]] = {
        "card": "destroyed_card",
        "base": "destroyed_base",
        "by": "destroyed_by",
    }
    by: int | None


@dataclass(frozen=True)
class Affected(Facts):
    """affected (this minion): a card `card` of another seat, `by`, touched it; `played`: that
    card was being played (an on-play ability, an attach, a Special), not already in play."""

    KEYS: ClassVar[Mapping[str, str]] = {
        "by": "cause_seat",
        "card": "cause_card",
        "played": "cause_played",
    }
    by: int
    card: str
    played: bool


@dataclass(frozen=True)
class PowerRaised(Facts):
    """power_raised: the action `cause` (card `card`) played by seat `by` directly increased
    the power of minion `uid` (on base `base`, controlled by `controller`)."""

    KEYS: ClassVar[Mapping[str, str]] = {
        "base": "raised_base",
        "controller": "raised_controller",
        "by": "raised_by",
        "card": "cause_card",
        "cause": "cause_uid",
    }
    SUBJECT: ClassVar[str] = "by"
    uid: str
    base: int
    controller: int
    by: int
    card: str
    cause: str


@dataclass(frozen=True)
class BaseScored(Facts):
    """base_scored: base `base` scored (its VP awarded, its cards still there); `winners`: the
    seats in first place."""

    KEYS: ClassVar[Mapping[str, str]] = {"base": "scored_base"}
    base: int
    winners: tuple[int, ...]


@dataclass(frozen=True)
class MinionDiscarded(MinionGone):
    """discarded_from_play (this minion) and minion_discarded_from_play (any): the minion went
    to its owner's discard pile (`reason`: destroyed, scored, ...), with `power` its power as
    it left."""

    KEYS: ClassVar[Mapping[str, str]] = {
        "card": "discarded_card",
        "base": "discarded_base",
        "power": "discarded_power",
    }
    power: int
    reason: str


@dataclass(frozen=True)
class CardBuried(Facts):
    """card_buried: seat `seat` buried a card (its handle `handle`) at base `base`."""

    KEYS: ClassVar[Mapping[str, str]] = {"base": "buried_base"}
    SUBJECT: ClassVar[str] = "seat"
    seat: int
    handle: str
    base: int


@dataclass(frozen=True)
class CardUncovered(Facts):
    """card_uncovered: the buried card `uid` (card `card`) of seat `seat` at base `base` was
    turned face up."""

    KEYS: ClassVar[Mapping[str, str]] = {"card": "uncovered_card", "base": "uncovered_base"}
    SUBJECT: ClassVar[str] = "seat"
    seat: int
    uid: str
    card: str
    base: int


@dataclass(frozen=True)
class ActionAttached(Facts):
    """action_attached: seat `seat` played the ongoing action `uid` onto base `base`, on the
    minion `to` (None: on the base itself)."""

    KEYS: ClassVar[Mapping[str, str]] = {
        "uid": "attached_uid",
        "base": "attached_base",
        "to": "attached_to",
    }
    SUBJECT: ClassVar[str] = "seat"
    seat: int
    uid: str
    base: int
    to: str | None


@dataclass(frozen=True)
class DuelStarted(Facts):
    """duel_started: minion `challenger` challenged minion `challenged` on base `base`, before
    any duel card is placed."""

    KEYS: ClassVar[Mapping[str, str]] = {"base": "duel_base"}
    challenger: str
    challenged: str
    base: int


@dataclass(frozen=True)
class TalentUsed(Facts):
    """talent_used: seat `seat` used the Talent of minion `uid` (or of an action on it) while
    it was on base `base`."""

    KEYS: ClassVar[Mapping[str, str]] = {"base": "talent_base"}
    SUBJECT: ClassVar[str] = "seat"
    uid: str
    base: int
    seat: int


FACTS: Mapping[Moment, type[Facts]] = {
    Moment.ENDS_AT_START_OF_TURN: TurnStarted,
    Moment.START_OF_TURN: TurnStarted,
    Moment.END_OF_TURN: TurnEnding,
    Moment.MINION_PLAYED: MinionPlayed,
    Moment.DESTROYED: MinionDestroyed,
    Moment.MINION_DESTROYED: MinionDestroyed,
    Moment.AFFECTED: Affected,
    Moment.POWER_RAISED: PowerRaised,
    Moment.BASE_SCORED: BaseScored,
    Moment.DISCARDED_FROM_PLAY: MinionDiscarded,
    Moment.MINION_DISCARDED_FROM_PLAY: MinionDiscarded,
    Moment.CARD_BURIED: CardBuried,
    Moment.CARD_UNCOVERED: CardUncovered,
    Moment.ACTION_ATTACHED: ActionAttached,
    Moment.DUEL_STARTED: DuelStarted,
    Moment.TALENT_USED: TalentUsed,
}
"""The facts class of each moment: what its triggers receive."""


def of_moment(moment: Moment, facts: Facts) -> Facts:
    """`facts`, checked to be `moment`'s kind (a ScriptError names both otherwise)."""
    expected = FACTS[moment]
    if type(facts) is not expected:
        raise ScriptError(
            f"moment {moment.value!r} carries {expected.__name__} facts, not {type(facts).__name__}"
        )
    return facts
