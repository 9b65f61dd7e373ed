"""A small vocabulary of filters for triggered abilities: whether a source reacts to one
occurrence of a moment, from the moment's facts (domain.facts: what each moment carries)."""

from __future__ import annotations

from domain.facts import (
    BaseScored,
    MinionDestroyed,
    MinionDiscarded,
    MinionGone,
    MinionPlayed,
    Turn,
)
from domain.model import GameState
from domain.registry import Source


def played_here(state: GameState, src: Source, played: MinionPlayed) -> bool:
    """A minion was played on this card's base."""
    return played.base == src.base


def an_opponent_played_here(state: GameState, src: Source, played: MinionPlayed) -> bool:
    """Another player than this card's controller played a minion on its base."""
    return played_here(state, src, played) and played.by != src.controller


def destroyed_here(state: GameState, src: Source, destroyed: MinionDestroyed) -> bool:
    """A minion was destroyed on this card's base."""
    return destroyed.base == src.base


def scored_here(state: GameState, src: Source, scored: BaseScored) -> bool:
    """The base this card is on has just scored (base_scored: VP awarded, cards still there)."""
    return scored.base == src.base


def its_controllers_turn(state: GameState, src: Source, turn: Turn) -> bool:
    """The turn the moment is about is this card's controller's."""
    return turn.seat == src.controller


def another_of_its_controllers_minions(state: GameState, src: Source, gone: MinionGone) -> bool:
    """The minion the moment is about is another one controlled by this card's controller."""
    return gone.uid != src.uid and gone.controller == src.controller


def its_host_left(state: GameState, src: Source, gone: MinionDiscarded) -> bool:
    """For an attached action: the minion it is attached to went from play to the discard
    pile."""
    return src.host is not None and gone.uid == src.host


def its_host(state: GameState, src: Source, other: Source) -> bool:
    """For an attached action's ability: the minion it is attached to."""
    return src.host is not None and other.uid == src.host
