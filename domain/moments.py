"""The names abilities are keyed by: moments (what triggers react to), windows (when a Special
is used) and base hooks (a scored base's moments), as enums, and the error a card author sees
when a script is written wrong. The enums are `StrEnum`s: their values are the strings that
logs and snapshots persist, unchanged. This module imports nothing of the domain: it is the
bottom layer cards and the engine both stand on."""

from __future__ import annotations

import difflib
from enum import StrEnum
from typing import TypeVar


class ScriptError(TypeError):
    """A card script (or rule code) is written wrong: a misspelt moment, window or zone, or an
    effect returning something that is not a step. A programming error, never a rule refusal
    (not a RuleViolation): it names the mistake and where it was made."""


class Moment(StrEnum):
    """A moment of the game that `Triggered` abilities react to (see domain.facts for the
    facts each one carries)."""

    ENDS_AT_START_OF_TURN = "ends_at_start_of_turn"  # before any start-of-turn ability
    START_OF_TURN = "start_of_turn"
    END_OF_TURN = "end_of_turn"
    MINION_PLAYED = "minion_played"
    DESTROYED = "destroyed"  # this minion
    MINION_DESTROYED = "minion_destroyed"  # any minion
    AFFECTED = "affected"  # this minion, by another player's card
    POWER_RAISED = "power_raised"
    BASE_SCORED = "base_scored"  # its VP awarded, its cards still there
    DISCARDED_FROM_PLAY = "discarded_from_play"  # this minion
    MINION_DISCARDED_FROM_PLAY = "minion_discarded_from_play"  # any minion
    CARD_BURIED = "card_buried"
    CARD_UNCOVERED = "card_uncovered"
    ACTION_ATTACHED = "action_attached"
    DUEL_STARTED = "duel_started"  # before any duel card is placed
    TALENT_USED = "talent_used"


class Window(StrEnum):
    """When a `Special` may be used."""

    PLAY = "play"  # its owner's play phase, through use_special
    BEFORE_SCORING = "before_scoring"  # the Me first! round before a base scores
    AFTER_SCORING = "after_scoring"  # the Me first! round after a base scores
    DUEL = "duel"  # placing a duel card (domain.duels)
    SEEN = "seen"  # answering a look at its hand or a reveal from its deck (domain.seen)


class Hook(StrEnum):
    """A scored base's moments (`BaseHook`)."""

    BEFORE_SCORING = "before_scoring"
    AFTER_SCORING = "after_scoring"
    REPLACEMENT = "replacement"  # it chooses the next base
    REPLACED = "replaced"  # after the next base is in


E = TypeVar("E", bound=StrEnum)


def checked(kind: type[E], value: object, where: str) -> E:
    """`value` as a member of `kind`, or a ScriptError naming `where` it was written, the
    closest valid name and every valid one (a plain string spelt right is accepted)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str) and value in kind._value2member_map_:
        return kind(value)
    names = [m.value for m in kind]
    close = difflib.get_close_matches(str(value), names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ScriptError(
        f"{where}: {value!r} is not a {kind.__name__}{hint} (one of {', '.join(names)})"
    )
