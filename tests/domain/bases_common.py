"""Minions with plain printed power used to fill bases in base tests."""

REX = "dinosaurs.king_rex"  # 7
OVERLORD = "aliens.supreme_overlord"  # 5
INVADER = "aliens.invader"  # 3
COLLECTOR = "aliens.collector"  # 2
TAR, OASIS, HOME, MOTHER = (
    "base.tar_pits",
    "base.jungle_oasis",
    "base.the_homeworld",
    "base.the_mothership",
)
