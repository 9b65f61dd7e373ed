"""The card catalogue: every set, faction, card and base the server knows.

The facts live in ``domain/data/<set>.yaml`` (read-only copies of the project's card files). They
are read once, checked (here), and exposed as the frozen definitions of
:mod:`domain.catalogue_defs` (all importable from this module)::

    cat = catalogue()
    cat.card("aliens.collector").power        # 2
    cat.deck_for(["aliens", "dinosaurs"])     # 40 card ids, copies repeated by count
    cat.name(cat.base("base.jungle_oasis"), "fr")  # 'Oasis Luxuriant'

Data quirks handled on load:

* names may be missing for a language or given as ``null`` (not yet translated): such entries
  are dropped, and :meth:`Catalogue.name` falls back to English;
* ``notes`` is optional on cards (many core cards have none): it becomes ``""``;
* ``power`` exists only on minions (``0`` is a valid printed power); actions get ``None``;
* ``action_kind`` exists only on actions; minions get ``None``;
* ``timing`` may be empty (vanilla minions such as King Rex);
* a base's ``effect`` may be empty (bases without an ability, e.g. Jungle Oasis).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any, Final, TypeVar, cast

import yaml

from domain.catalogue_defs import (
    ACTION_KINDS,
    CARD_TYPES,
    DEFAULT_LANGUAGE,
    EXPECTED_SETS,
    FACTION_SIZE,
    ActionKind,
    BaseDef,
    CardDef,
    CardType,
    Catalogue,
    CatalogueError,
    FactionDef,
    Named,
    SetDef,
)

__all__ = [
    "ACTION_KINDS",
    "CARD_TYPES",
    "DEFAULT_LANGUAGE",
    "EXPECTED_SETS",
    "FACTION_SIZE",
    "ActionKind",
    "BaseDef",
    "CardDef",
    "CardType",
    "Catalogue",
    "CatalogueError",
    "FactionDef",
    "Named",
    "SetDef",
    "build_catalogue",
    "catalogue",
    "load_documents",
]


@functools.cache
def catalogue() -> Catalogue:
    """The catalogue built from the packaged data files (loaded and checked once)."""
    return build_catalogue(load_documents())


_DATA_PACKAGE: Final = "domain"
_DATA_FOLDER: Final = "data"


def load_documents() -> list[dict[str, Any]]:
    """Parse the packaged data file of every set in :data:`EXPECTED_SETS`, in catalogue order."""
    folder = resources.files(_DATA_PACKAGE).joinpath(_DATA_FOLDER)
    documents: list[dict[str, Any]] = []
    for set_id in EXPECTED_SETS:
        resource = folder.joinpath(f"{set_id}.yaml")
        try:
            text = resource.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise CatalogueError(f"missing card data file {_DATA_FOLDER}/{set_id}.yaml") from None
        document = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if not isinstance(document, dict):
            raise CatalogueError(f"{_DATA_FOLDER}/{set_id}.yaml: expected a mapping at top level")
        documents.append(document)
    return documents


def build_catalogue(
    documents: Iterable[Mapping[str, Any]],
    *,
    expected_sets: Mapping[str, tuple[int, int]] = EXPECTED_SETS,
) -> Catalogue:
    """Build and validate a catalogue from parsed set documents.

    ``expected_sets`` maps each set id to its (factions, bases) counts; the documents must be
    exactly those sets. Raises :class:`CatalogueError` on any malformed or inconsistent data.
    """
    sets: dict[str, SetDef] = {}
    factions: dict[str, FactionDef] = {}
    cards: dict[str, CardDef] = {}
    bases: dict[str, BaseDef] = {}
    seen_ids: dict[str, str] = {}  # every card/base id -> where it was first defined

    def claim(item_id: str, where: str) -> None:
        if item_id in seen_ids:
            raise CatalogueError(f"{where}: id {item_id!r} already used by {seen_ids[item_id]}")
        seen_ids[item_id] = where

    for document in documents:
        set_id = _str(document, "set", "set document")
        where = f"set {set_id!r}"
        if set_id in sets:
            raise CatalogueError(f"{where}: defined twice")
        sets[set_id] = SetDef(id=set_id, names=_names(document, where))

        for raw_faction in _list(document, "factions", where):
            faction = _parse_faction(raw_faction, where)
            if faction.id in factions:
                raise CatalogueError(f"faction {faction.id!r} defined twice")
            fwhere = f"faction {faction.id!r}"
            parsed = [_parse_card(raw, set_id, faction.id, fwhere) for raw in faction.cards]
            for card in parsed:
                claim(card.id, fwhere)
                cards[card.id] = card
            total = sum(card.count for card in parsed)
            if total != FACTION_SIZE:
                raise CatalogueError(f"{fwhere}: has {total} cards, expected {FACTION_SIZE}")
            factions[faction.id] = FactionDef(
                id=faction.id,
                set=set_id,
                names=faction.names,
                card_ids=tuple(card.id for card in parsed),
            )

        for raw_base in _list(document, "bases", where):
            base = _parse_base(raw_base, set_id, where)
            claim(base.id, where)
            bases[base.id] = base

    _check_shape(sets, factions, bases, expected_sets)
    for base in bases.values():
        if base.faction not in factions:
            raise CatalogueError(f"base {base.id!r}: unknown faction {base.faction!r}")

    # Present everything in catalogue order (the order of ``expected_sets``).
    order = {set_id: index for index, set_id in enumerate(expected_sets)}
    return Catalogue(
        sets=MappingProxyType({k: sets[k] for k in expected_sets}),
        factions=_ordered(factions, order),
        cards=_ordered(cards, order),
        bases=_ordered(bases, order),
    )


# ---------------------------------------------------------------------------------------------
# Parsing helpers


@dataclass(frozen=True, slots=True)
class _RawFaction:
    id: str
    names: Mapping[str, str]
    cards: list[Mapping[str, Any]]


def _parse_faction(raw: Any, where: str) -> _RawFaction:
    entry = _mapping(raw, f"{where}: faction entry")
    faction_id = _str(entry, "id", f"{where}: faction")
    fwhere = f"faction {faction_id!r}"
    raw_cards = _list(entry, "cards", fwhere)
    return _RawFaction(
        id=faction_id,
        names=_names(entry, fwhere),
        cards=[_mapping(card, f"{fwhere}: card entry") for card in raw_cards],
    )


def _parse_card(raw: Mapping[str, Any], set_id: str, faction_id: str, where: str) -> CardDef:
    card_id = _str(raw, "id", f"{where}: card")
    cwhere = f"card {card_id!r}"
    if not card_id.startswith(f"{faction_id}."):
        raise CatalogueError(f"{cwhere}: id must start with its faction {faction_id + '.'!r}")
    card_type = raw.get("type")
    if card_type not in CARD_TYPES:
        raise CatalogueError(f"{cwhere}: type {card_type!r} is not one of {CARD_TYPES}")
    count = _int(raw, "count", cwhere)
    if count < 1:
        raise CatalogueError(f"{cwhere}: count must be at least 1, got {count}")

    power: int | None = None
    action_kind: ActionKind | None = None
    if card_type == "minion":
        power = _int(raw, "power", cwhere)
        if raw.get("action_kind") is not None:
            raise CatalogueError(f"{cwhere}: a minion has no action_kind")
    else:
        if raw.get("power") is not None:
            raise CatalogueError(f"{cwhere}: an action has no power")
        kind = raw.get("action_kind")
        if kind not in ACTION_KINDS:
            raise CatalogueError(f"{cwhere}: action_kind {kind!r} is not one of {ACTION_KINDS}")
        action_kind = cast(ActionKind, kind)

    return CardDef(
        id=card_id,
        set=set_id,
        faction=faction_id,
        type=cast(CardType, card_type),
        names=_names(raw, cwhere),
        count=count,
        power=power,
        timing=_timing(raw, cwhere),
        action_kind=action_kind,
        effect=_text(raw, "effect", cwhere, required=True),
        notes=_text(raw, "notes", cwhere, required=False),
    )


def _parse_base(raw: Any, set_id: str, where: str) -> BaseDef:
    entry = _mapping(raw, f"{where}: base entry")
    base_id = _str(entry, "id", f"{where}: base")
    bwhere = f"base {base_id!r}"
    vp = entry.get("vp")
    if not (
        isinstance(vp, list)
        and len(vp) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in vp)
    ):
        raise CatalogueError(f"{bwhere}: vp must be three non-negative integers, got {vp!r}")
    breakpoint_ = _int(entry, "breakpoint", bwhere)
    if breakpoint_ < 1:
        raise CatalogueError(f"{bwhere}: breakpoint must be positive, got {breakpoint_}")
    return BaseDef(
        id=base_id,
        set=set_id,
        faction=_str(entry, "faction", bwhere),
        names=_names(entry, bwhere),
        breakpoint=breakpoint_,
        vp=(vp[0], vp[1], vp[2]),
        effect=_text(entry, "effect", bwhere, required=True),
        notes=_text(entry, "notes", bwhere, required=False),
    )


def _check_shape(
    sets: Mapping[str, SetDef],
    factions: Mapping[str, FactionDef],
    bases: Mapping[str, BaseDef],
    expected_sets: Mapping[str, tuple[int, int]],
) -> None:
    if set(sets) != set(expected_sets):
        raise CatalogueError(
            f"sets {sorted(sets)} differ from the expected {sorted(expected_sets)}"
        )
    for set_id, (want_factions, want_bases) in expected_sets.items():
        got_factions = sum(1 for f in factions.values() if f.set == set_id)
        got_bases = sum(1 for b in bases.values() if b.set == set_id)
        if got_factions != want_factions:
            raise CatalogueError(
                f"set {set_id!r}: has {got_factions} factions, expected {want_factions}"
            )
        if got_bases != want_bases:
            raise CatalogueError(f"set {set_id!r}: has {got_bases} bases, expected {want_bases}")


_Def = TypeVar("_Def", FactionDef, CardDef, BaseDef)


def _ordered(items: Mapping[str, _Def], order: Mapping[str, int]) -> Mapping[str, _Def]:
    ranked = sorted(items.items(), key=lambda item: order[item[1].set])  # stable: file order kept
    return MappingProxyType(dict(ranked))


def _mapping(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise CatalogueError(f"{where}: expected a mapping, got {type(value).__name__}")
    return cast(Mapping[str, Any], value)


def _list(entry: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = entry.get(key)
    if not isinstance(value, list):
        raise CatalogueError(f"{where}: {key!r} must be a list, got {value!r}")
    return value


def _str(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value:
        raise CatalogueError(f"{where}: {key!r} must be a non-empty string, got {value!r}")
    return value


def _text(entry: Mapping[str, Any], key: str, where: str, *, required: bool) -> str:
    value = entry.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise CatalogueError(f"{where}: {key!r} must be a string, got {value!r}")
    return value


def _int(entry: Mapping[str, Any], key: str, where: str) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise CatalogueError(f"{where}: {key!r} must be an integer, got {value!r}")
    return value


def _timing(entry: Mapping[str, Any], where: str) -> tuple[str, ...]:
    value = entry.get("timing")
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(t, str) and t for t in value):
        raise CatalogueError(f"{where}: 'timing' must be a list of strings, got {value!r}")
    return tuple(value)


def _names(entry: Mapping[str, Any], where: str) -> Mapping[str, str]:
    """Language -> name; untranslated (null or blank) entries are dropped, English is required."""
    raw = _mapping(entry.get("names"), f"{where}: names")
    names: dict[str, str] = {}
    for lang, name in raw.items():
        if name is None or (isinstance(name, str) and not name.strip()):
            continue
        if not isinstance(lang, str) or not isinstance(name, str):
            raise CatalogueError(f"{where}: bad name entry {lang!r}: {name!r}")
        names[lang.lower()] = name
    if DEFAULT_LANGUAGE not in names:
        raise CatalogueError(f"{where}: needs an {DEFAULT_LANGUAGE!r} name")
    return MappingProxyType(names)
