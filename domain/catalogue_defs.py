"""The catalogue's definitions: its constants, the frozen definition of each set, faction,
card and base, and the read-only :class:`Catalogue` that indexes them (built by
:mod:`domain.catalogue`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Literal, TypeAlias, TypeVar

CardType: TypeAlias = Literal["minion", "action"]
ActionKind: TypeAlias = Literal["standard", "ongoing_base", "ongoing_minion"]

CARD_TYPES: Final[tuple[CardType, ...]] = ("minion", "action")
ACTION_KINDS: Final[tuple[ActionKind, ...]] = ("standard", "ongoing_base", "ongoing_minion")

DEFAULT_LANGUAGE: Final = "en"
FACTION_SIZE: Final = 20
"""Card copies in every faction deck (two factions make a 40-card deck)."""

EXPECTED_SETS: Final[Mapping[str, tuple[int, int]]] = MappingProxyType(
    {
        # set id (= data file name): (number of factions, number of bases); catalogue order.
        "core": (8, 16),
        "oops_you_did_it_again": (4, 8),
        "cease_and_desist": (4, 8),
    }
)


class CatalogueError(ValueError):
    """The card data is malformed or breaks one of the catalogue's invariants."""


@dataclass(frozen=True, slots=True)
class SetDef:
    """One box (core set or expansion)."""

    id: str
    names: Mapping[str, str] = field(hash=False)


@dataclass(frozen=True, slots=True)
class FactionDef:
    """One faction; ``card_ids`` lists its distinct cards in catalogue order."""

    id: str
    set: str
    names: Mapping[str, str] = field(hash=False)
    card_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardDef:
    """One distinct card; ``count`` copies of it are in its faction's 20-card deck."""

    id: str
    set: str
    faction: str
    type: CardType
    names: Mapping[str, str] = field(hash=False)
    count: int
    power: int | None
    timing: tuple[str, ...]
    action_kind: ActionKind | None
    effect: str
    notes: str


@dataclass(frozen=True, slots=True)
class BaseDef:
    """One base card; ``vp`` is (winner, runner-up, third place)."""

    id: str
    set: str
    faction: str
    names: Mapping[str, str] = field(hash=False)
    breakpoint: int
    vp: tuple[int, int, int]
    effect: str
    notes: str


Named: TypeAlias = CardDef | BaseDef | FactionDef | SetDef


@dataclass(frozen=True, eq=False, slots=True)
class Catalogue:
    """Read-only index of every set, faction, card and base, in catalogue order.

    Catalogue order is set order (core, then expansions as in :data:`EXPECTED_SETS`), then file
    order inside each set.
    """

    sets: Mapping[str, SetDef]
    factions: Mapping[str, FactionDef]
    cards: Mapping[str, CardDef]
    bases: Mapping[str, BaseDef]

    def card(self, card_id: str) -> CardDef:
        """The card with this id; ``KeyError`` if there is none."""
        return _known(self.cards, "card", card_id)

    def base(self, base_id: str) -> BaseDef:
        """The base with this id; ``KeyError`` if there is none."""
        return _known(self.bases, "base", base_id)

    def faction(self, faction_id: str) -> FactionDef:
        """The faction with this id; ``KeyError`` if there is none."""
        return _known(self.factions, "faction", faction_id)

    def faction_set(self, faction_id: str) -> str:
        """Id of the set a faction comes from; ``KeyError`` for an unknown faction."""
        return self.faction(faction_id).set

    def deck_for(self, faction_ids: Iterable[str]) -> list[str]:
        """Unshuffled deck: every card id of the factions repeated by its count.

        Factions are taken in the given order, cards in catalogue order; two factions give 40
        ids. ``KeyError`` for an unknown faction, ``ValueError`` if a faction is given twice.
        """
        ids = _id_list(faction_ids, "faction_ids")
        if len(set(ids)) != len(ids):
            raise ValueError(f"a faction may appear only once in a deck: {ids!r}")
        deck: list[str] = []
        for faction_id in ids:
            for card_id in self.faction(faction_id).card_ids:
                deck.extend([card_id] * self.cards[card_id].count)
        return deck

    def bases_for_sets(self, set_ids: Iterable[str]) -> list[str]:
        """Ids of every base in the given sets, in catalogue order; ``KeyError`` if unknown."""
        wanted = frozenset(_id_list(set_ids, "set_ids"))
        unknown = sorted(wanted - self.sets.keys())
        if unknown:
            raise KeyError(f"unknown set id(s) {unknown!r}")
        return [base.id for base in self.bases.values() if base.set in wanted]

    def name(self, obj: Named | str, lang: str = DEFAULT_LANGUAGE) -> str:
        """Display name of a definition (or of a card/base/faction/set id) in ``lang``.

        ``lang`` may carry a region (``fr-CA``, ``es_MX``): the exact tag is tried, then the
        language alone, then English.
        """
        names = (self._lookup(obj) if isinstance(obj, str) else obj).names
        tag = lang.strip().replace("_", "-").lower()
        for candidate in (tag, tag.split("-", 1)[0], DEFAULT_LANGUAGE):
            found = names.get(candidate)
            if found:
                return found
        raise KeyError(f"no {DEFAULT_LANGUAGE!r} name for {obj!r}")  # unreachable: checked on load

    def _lookup(self, some_id: str) -> Named:
        for table in (self.cards, self.bases, self.factions, self.sets):
            found = table.get(some_id)
            if found is not None:
                return found
        raise KeyError(f"unknown card, base, faction or set id {some_id!r}")


_Known = TypeVar("_Known")


def _known(table: Mapping[str, _Known], kind: str, some_id: str) -> _Known:
    """The entry of `table` with this id; ``KeyError`` naming the kind if there is none."""
    try:
        return table[some_id]
    except KeyError:
        raise KeyError(f"unknown {kind} id {some_id!r}") from None


def _id_list(ids: Iterable[str], argument: str) -> list[str]:
    if isinstance(ids, str):  # a lone id would otherwise be read as a list of characters
        raise TypeError(f"{argument} must be a collection of ids, not the string {ids!r}")
    return list(ids)
