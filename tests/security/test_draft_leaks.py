"""A drafted game leaks nothing: during the draft (no card exists yet) and after the deal, whose
decks and base deck are shown to nobody (see test_leaks.py for the oracle's rule)."""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient

from events.store import EventStore
from tests.security.table import FACTIONS, Table


def draft_scenario(client: FlaskClient, store: EventStore) -> Table:
    """Ann, Bob and Cid draft with two boxes, among the factions whose reveals the oracle
    knows (tests.security.table.FACTIONS); the draft ends, the deal is made."""
    players = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cid"}]
    body = {"players": players, "setup": "draft", "boxes": 2, "seed": "drafted-leak"}
    table = Table.create(client, store, body)
    table.look()
    rng = random.Random(4)
    while table.oracle.state is not None and table.oracle.state.phase == "draft":
        seat = table.awaited()
        assert seat is not None
        picks = [m for m in table.moves(seat) if m["faction"] in FACTIONS]
        table.act(seat, rng.choice(picks))
        table.look()
    assert "factions_dealt" in table.oracle.seen_types
    return table


@pytest.mark.parametrize("seed", range(2))
def test_a_drafted_game_leaks_nothing_in_its_draft_or_after_the_deal(
    client: FlaskClient, store: EventStore, seed: int
) -> None:
    table = draft_scenario(client, store)
    played = table.play_random(random.Random(seed), 30, probe_every=6)
    assert played > 5
    table.look(full=True)
    leaks = table.oracle.leaks
    assert not leaks, f"{len(leaks)} leaks, first ones:\n" + "\n".join(map(str, leaks[:8]))
    assert table.oracle.checked > 0
