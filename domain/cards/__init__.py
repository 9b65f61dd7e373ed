"""Card abilities, one module per faction (with that faction's bases). Importing registers them."""

from domain.cards import (
    aliens,
    dinosaurs,
    ignobles,
    ninjas,
    pirates,
    robots,
    star_roamers,
    tricksters,
    wizards,
    zombies,
)

__all__ = [
    "aliens",
    "dinosaurs",
    "ignobles",
    "ninjas",
    "pirates",
    "robots",
    "star_roamers",
    "tricksters",
    "wizards",
    "zombies",
]
