"""Card abilities, one module per faction (with that faction's bases). Importing registers them."""

from domain.cards import (
    aliens,
    dinosaurs,
    ignobles,
    ninjas,
    pirates,
    robots,
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
    "tricksters",
    "wizards",
    "zombies",
]
