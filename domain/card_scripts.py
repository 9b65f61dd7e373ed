"""The card scripts: the abilities each card's script gives it, as values (``card(id,
*abilities)`` in its faction's module, through ``domain.abilities``), and the cards with
abilities of a kind. What a card in play has *now* is answered by ``domain.abilities``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from domain.ability_kinds import Ability
from domain.memo import forget_all
from domain.registry import IMPLEMENTED

A = TypeVar("A", bound=Ability)

_SCRIPTS: dict[str, tuple[Ability, ...]] = {}
_BY_KIND: dict[type[Ability], dict[str, tuple[Ability, ...]]] = {}  # kind -> card -> abilities


def card(card_id: str, *abilities: Ability) -> None:
    """A card's script: its abilities as values (none for a card without ability text)."""
    if card_id in _SCRIPTS:
        raise ValueError(f"card {card_id!r} already has a script")
    _SCRIPTS[card_id] = abilities
    IMPLEMENTED.add(card_id)
    _scripts_changed()


GENERATION = [0]
"""Counts changes to the scripts (every memo of answers derived from them forgets them then)."""


def _scripts_changed() -> None:
    """Forget every answer derived from the scripts."""
    GENERATION[0] += 1
    _BY_KIND.clear()
    forget_all()


def with_kind(kind: type[A]) -> dict[str, tuple[A, ...]]:
    """Every card whose script has abilities of this kind (e.g. every hand Special), with them."""
    table = _BY_KIND.get(kind)
    if table is None:
        table = {}
        for card_id, script in _SCRIPTS.items():
            mine = tuple(a for a in script if isinstance(a, kind))
            if mine:
                table[card_id] = mine
        _BY_KIND[kind] = table
    return table  # type: ignore[return-value]


def printed(card_id: str, kind: type[A]) -> tuple[A, ...]:
    """The abilities of a kind that a card's script gives it (wherever the card is)."""
    return with_kind(kind).get(card_id, ())


@contextmanager
def extra(card_id: str, *abilities: Ability) -> Iterator[None]:
    """For tests: `card_id` also has these abilities inside the block."""
    before = _SCRIPTS.get(card_id)
    _SCRIPTS[card_id] = (*(before or ()), *abilities)
    _scripts_changed()
    try:
        yield
    finally:
        if before is None:
            del _SCRIPTS[card_id]
        else:
            _SCRIPTS[card_id] = before
        _scripts_changed()
