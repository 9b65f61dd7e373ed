"""Hook registries: card abilities register here by card id, the engine looks them up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from domain.fx import Fx, Steps
    from domain.model import GameState, Minion, Task

Effect = Callable[["Fx"], "Steps"]
PowerFn = Callable[["GameState", "Source", int, "Minion"], int]
GuardFn = Callable[["GameState", "Source", int, "Minion", "Cause"], "str | Task | None"]


@dataclass(frozen=True)
class Source:
    """A card in play whose ongoing ability is being asked about."""

    card: str
    uid: str
    base: int
    controller: int
    host: str | None = None  # uid of the minion an action is attached to


@dataclass(frozen=True)
class Cause:
    """What is trying to affect a minion: the card, its kind and the seat behind it."""

    card: str
    kind: str  # minion | action | base | rule
    seat: int | None
    verb: str = ""  # destroy | return | deck_bottom | move | power | attach | control
    uid: str = ""  # the uid of the card behind the effect (one copy, e.g. for "this action")


@dataclass(frozen=True)
class Special:
    """A Special ability: where the card must be, in which window, and whether it may be used."""

    card: str
    window: str  # play (own play phase, via use_special) | before_scoring | after_scoring
    zone: str  # hand | play | discard
    effect: Effect
    when: Callable[[GameState, int, str, int], bool]  # (state, seat, uid, scoring base)
    label: str


ON_PLAY: dict[str, Effect] = {}
TRIGGERS: dict[str, dict[str, Effect]] = {}
CONTINUATIONS: dict[str, Effect] = {}
ONGOING_POWER: dict[str, PowerFn] = {}
GUARDS: dict[str, GuardFn] = {}
BLANKS_BASE: set[str] = set()
# attached to a base: its controller ignores the base (while the card bears this note, if any)
BLANKS_BASE_FOR: dict[str, str | None] = {}
AttachFn = Callable[["GameState", int, int, "Minion | None"], bool]
ATTACH_CONDITIONS: dict[str, AttachFn] = {}
SPECIALS: dict[str, list[Special]] = {}
BASE_HOOKS: dict[str, dict[str, Effect]] = {}
SCORING_BONUS: dict[str, Callable[[GameState, int, dict[int, int]], dict[int, int]]] = {}
RestrictionFn = Callable[["GameState", "Source", int, str, int], bool]
PLAY_RESTRICTIONS: dict[str, RestrictionFn] = {}
ZoneGrantFn = Callable[["GameState", "Source", int, int], bool]
DISCARD_PLAYS: dict[str, ZoneGrantFn] = {}
ConditionFn = Callable[["GameState", int, str, int], bool]
PLAY_CONDITIONS: dict[str, ConditionFn] = {}
DESTROY_REDIRECT: dict[
    str, str
] = {}  # base card id -> destination zone for minions destroyed there
IMPLEMENTED: set[str] = set()


def _register(table: dict[str, Any], card: str, fn: Any) -> Any:
    table[card] = fn
    IMPLEMENTED.add(card)
    return fn


def on_play(card: str) -> Callable[[Effect], Effect]:
    """The ability that runs when this card is played."""
    return lambda fn: _register(ON_PLAY, card, fn)


def trigger(card: str, moment: str) -> Callable[[Effect], Effect]:
    """An ability of a card in play (or a base) that reacts to a moment of the game:
    ends_at_start_of_turn (effects lasting until a turn starts end here, before any
    start_of_turn ability), start_of_turn, end_of_turn, minion_played, destroyed (this
    minion), minion_destroyed (any minion), affected (this minion, by another player's
    card). The effect filters itself: fx.ctx holds the moment's facts (see domain.triggers)."""

    def wrap(fn: Effect) -> Effect:
        TRIGGERS.setdefault(card, {})[moment] = fn
        IMPLEMENTED.add(card)
        return fn

    return wrap


def continuation(key: str) -> Callable[[Effect], Effect]:
    """A step that runs after a choice; `fx.choice` holds the chosen value."""

    def wrap(fn: Effect) -> Effect:
        CONTINUATIONS[key] = fn
        return fn

    return wrap


def ongoing_power(card: str) -> Callable[[PowerFn], PowerFn]:
    """An ongoing power modifier: fn(state, source, base, minion) -> bonus for that minion."""
    return lambda fn: _register(ONGOING_POWER, card, fn)


def guard(card: str) -> Callable[[GuardFn], GuardFn]:
    """An ongoing protection: fn(...) -> 'block', 'absorb' or None for an effect on a minion."""
    return lambda fn: _register(GUARDS, card, fn)


def blanks_base(card: str) -> None:
    """While attached to a base, that base's ability is ignored."""
    BLANKS_BASE.add(card)
    IMPLEMENTED.add(card)


def blanks_base_for(card: str, when_noted: str | None = None) -> None:
    """While attached to a base, that base's ability is ignored for this card's controller only
    (a per-seat blank: see rules.base_active); with `when_noted`, only while the attached card
    bears that note (its controller chose to)."""
    BLANKS_BASE_FOR[card] = when_noted
    IMPLEMENTED.add(card)


def attach_condition(card: str) -> Callable[[AttachFn], AttachFn]:
    """Where this ongoing action may be attached: fn(state, seat, base, minion or None for the
    base itself) -> allowed."""
    return lambda fn: _register(ATTACH_CONDITIONS, card, fn)


def special(
    card: str,
    window: str,
    zone: str,
    label: str,
    when: Callable[[GameState, int, str, int], bool],
) -> Callable[[Effect], Effect]:
    """A Special: in a Me-first window ('before_scoring', 'after_scoring') or, with window
    'play', during the seat's own play phase through the use_special command."""

    def wrap(fn: Effect) -> Effect:
        SPECIALS.setdefault(card, []).append(Special(card, window, zone, fn, when, label))
        IMPLEMENTED.add(card)
        return fn

    return wrap


def base_hook(card: str, moment: str) -> Callable[[Effect], Effect]:
    """A scored base's ability: before_scoring, after_scoring, replacement (chooses the next
    base) or replaced (after the next base is in). Other moments use @trigger."""

    def wrap(fn: Effect) -> Effect:
        BASE_HOOKS.setdefault(card, {})[moment] = fn
        IMPLEMENTED.add(card)
        return fn

    return wrap


def scoring_bonus(
    card: str,
) -> Callable[
    [Callable[[GameState, int, dict[int, int]], dict[int, int]]],
    Callable[[GameState, int, dict[int, int]], dict[int, int]],
]:
    """Extra VP while a base is scored: fn(state, base, places by seat) -> VP by seat."""
    return lambda fn: _register(SCORING_BONUS, card, fn)


def forbids_play(card: str) -> Callable[[RestrictionFn], RestrictionFn]:
    """A "can't": fn(state, source, seat, card, base) -> True forbids that play. A can't
    always beats a can: no allowance or extra play overrides it."""
    return lambda fn: _register(PLAY_RESTRICTIONS, card, fn)


def discard_plays(card: str) -> Callable[[ZoneGrantFn], ZoneGrantFn]:
    """fn(state, source, seat, base) -> True lets that seat play minions from its discard pile
    onto that base with its ordinary minion plays."""
    return lambda fn: _register(DISCARD_PLAYS, card, fn)


def play_condition(key: str) -> Callable[[ConditionFn], ConditionFn]:
    """A named condition an extra play may carry: fn(state, seat, card, base) -> allowed."""

    def wrap(fn: ConditionFn) -> ConditionFn:
        PLAY_CONDITIONS[key] = fn
        return fn

    return wrap


def destroyed_here_go_to(card: str, zone: str) -> None:
    """Minions destroyed on this base go to `zone` of their owner instead of the discard."""
    DESTROY_REDIRECT[card] = zone
    IMPLEMENTED.add(card)


def vanilla(*cards: str) -> None:
    """Cards with no ability text: nothing to implement, so they are complete."""
    IMPLEMENTED.update(cards)
