"""The turn-by-turn account of a game."""

from __future__ import annotations

from domain.narrate import narrate
from tests.domain.table import Table


def test_the_account_names_who_played_what_where_what_scored_and_the_vp() -> None:
    t = Table(
        ["base.jungle_oasis", "base.tar_pits"],
        hands=[["dinosaurs.king_rex"], []],
        board=[(0, "aliens.supreme_overlord", 0)],
        base_deck=["base.the_homeworld"],
    )
    t.play("dinosaurs.king_rex", 0)
    t.end_turn()
    lines = list(narrate(t.events))
    assert lines[0].startswith("Game t1: p0 (aliens + dinosaurs), p1 (ninjas + robots)")
    assert "p0 plays King Rex on Jungle Oasis" in lines
    scored = next(x for x in lines if "scores" in x)
    assert "Jungle Oasis scores: p0 12 power 1st +2 VP" in scored
    assert scored.endswith("VP now: p0 2, p1 0")
    assert "  The Homeworld replaces Jungle Oasis" in lines
    assert lines[-1].startswith("\n== Turn 2: p1")
