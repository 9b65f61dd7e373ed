"""Card abilities, one module per faction (with that faction's bases). Importing registers them."""

from domain.cards import (
    aliens,
    ancient_egyptians,
    cowboys,
    cowboys_actions,
    cowboys_bases,
    dinosaurs,
    ninjas,
    pirates,
    robots,
    tricksters,
    wizards,
    zombies,
)

__all__ = [
    "aliens",
    "ancient_egyptians",
    "cowboys",
    "cowboys_actions",
    "cowboys_bases",
    "dinosaurs",
    "ninjas",
    "pirates",
    "robots",
    "tricksters",
    "wizards",
    "zombies",
]
