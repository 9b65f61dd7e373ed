"""Rulebook scoring examples, driven by scenarios/scoring.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.domain.table import Table

SCENARIOS: list[dict[str, Any]] = yaml.safe_load(
    (Path(__file__).parent / "scenarios" / "scoring.yaml").read_text()
)


@pytest.mark.parametrize("case", SCENARIOS, ids=[c["name"] for c in SCENARIOS])
def test_rulebook_scoring_example(case: dict[str, Any]) -> None:
    board = [(0, card, seat) for seat, cards in enumerate(case["minions"]) for card in cards]
    t = Table(
        bases=[case["base"], "base.the_homeworld"],
        hands=[[] for _ in case["minions"]],
        board=board,
        base_deck=["base.the_mothership"],
    )
    t.end_turn()
    assert t.vp() == case["vp"]
    assert t.state.bases[0].card == "base.the_mothership"
