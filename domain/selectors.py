"""A small vocabulary of filters for triggered abilities: whether a source reacts to one
occurrence of a moment, from the moment's facts (see domain.triggers for what each carries)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.model import GameState
from domain.registry import Source

Facts = Mapping[str, Any]


def played_here(state: GameState, src: Source, facts: Facts) -> bool:
    """A minion was played on this card's base."""
    return facts.get("played_base") == src.base


def an_opponent_played_here(state: GameState, src: Source, facts: Facts) -> bool:
    """Another player than this card's controller played a minion on its base."""
    return played_here(state, src, facts) and facts.get("played_by") != src.controller


def destroyed_here(state: GameState, src: Source, facts: Facts) -> bool:
    """A minion was destroyed on this card's base."""
    return facts.get("destroyed_base") == src.base


def scored_here(state: GameState, src: Source, facts: Facts) -> bool:
    """The base this card is on has just scored (base_scored: VP awarded, cards still there)."""
    return facts.get("scored_base") == src.base


def its_controllers_turn(state: GameState, src: Source, facts: Facts) -> bool:
    """The turn the moment is about is this card's controller's."""
    return facts.get("seat") == src.controller


def another_of_its_controllers_minions(state: GameState, src: Source, facts: Facts) -> bool:
    """The minion the moment is about is another one controlled by this card's controller."""
    return facts.get("uid") != src.uid and facts.get("controller") == src.controller


def its_host(state: GameState, src: Source, other: Source) -> bool:
    """For an attached action's ability: the minion it is attached to."""
    return src.host is not None and other.uid == src.host
