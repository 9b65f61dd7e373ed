"""Card abilities, one module per faction (with that faction's bases). Importing registers them."""

from domain.cards import (
    aliens,
    dinosaurs,
    ninjas,
    pirates,
    robots,
    samurai,
    tricksters,
    wizards,
    zombies,
)

__all__ = [
    "aliens",
    "dinosaurs",
    "ninjas",
    "pirates",
    "robots",
    "samurai",
    "tricksters",
    "wizards",
    "zombies",
]
