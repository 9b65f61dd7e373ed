"""The card catalogue: every set, faction, card and base the server knows.

The facts live in ``domain/data/<set>.yaml`` (read-only copies of the project's card files). They
are read once, checked, and exposed as frozen definitions::

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
from domain.catalogue_load import build_catalogue, load_documents

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
