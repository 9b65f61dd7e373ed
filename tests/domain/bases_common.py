"""Minions with plain printed power used to fill bases in base tests."""

from tests.domain.ids import ids

REX = "dinosaurs.king_rex"  # 7
OVERLORD = "aliens.supreme_overlord"  # 5
INVADER = "aliens.invader"  # 3
COLLECTOR = "aliens.collector"  # 2
TAR, OASIS, HOME, MOTHER = ids("base", "tar_pits jungle_oasis the_homeworld the_mothership")
