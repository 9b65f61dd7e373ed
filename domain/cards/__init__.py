"""Card abilities, one module per faction (with that faction's bases). Importing registers them."""

from domain.cards import (
    aliens,
    astroknights,
    astroknights_actions,
    changerbots,
    changerbots_bases,
    cowboys,
    dinosaurs,
    ignobles,
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
    "astroknights",
    "astroknights_actions",
    "changerbots",
    "changerbots_bases",
    "cowboys",
    "dinosaurs",
    "ignobles",
    "ninjas",
    "pirates",
    "robots",
    "samurai",
    "tricksters",
    "wizards",
    "zombies",
]
