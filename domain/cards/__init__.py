"""Card abilities, one module per faction (with that faction's bases). Importing registers them."""

from domain.cards import (
    aliens,
    astroknights,
    astroknights_actions,
    changerbots,
    changerbots_bases,
    dinosaurs,
    ignobles,
    ninjas,
    pirates,
    robots,
    samurai,
    star_roamers,
    tricksters,
    vikings,
    wizards,
    zombies,
)

__all__ = [
    "aliens",
    "astroknights",
    "astroknights_actions",
    "changerbots",
    "changerbots_bases",
    "dinosaurs",
    "ignobles",
    "ninjas",
    "pirates",
    "robots",
    "samurai",
    "star_roamers",
    "tricksters",
    "vikings",
    "wizards",
    "zombies",
]
