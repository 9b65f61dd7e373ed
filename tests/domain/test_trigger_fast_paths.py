"""The trigger steps' fast paths give exactly what the general way gives, on every state of
seeded random games: a minion played that nothing reacts to fires nothing, with no facts made."""

from __future__ import annotations

import random

import pytest

from domain.facts import MinionPlayed
from domain.fx import Fx
from domain.moments import Moment
from domain.playing import minion_played
from domain.triggers import fire, reacting
from tests.domain.seeded import game_states


@pytest.mark.parametrize("seed", [2, 7])
def test_minion_played_fires_what_fire_finds_for_its_facts(seed: int) -> None:
    states, _ = game_states(seed)
    asked = {True: 0, False: 0}
    fired = 0
    for state in states:
        for i, b in enumerate(state.bases):
            for m in b.minions:
                for by in range(len(state.players)):
                    ctx = {"src": m.uid, "card": m.card, "by": by, "base": i, "kind": "minion"}
                    fx = Fx(state, ctx, random.Random(0))
                    general = fire(state, Moment.MINION_PLAYED, MinionPlayed(m.uid, m.card, by, i))
                    assert minion_played(fx, uid=m.uid) == general
                    fired += bool(general)
                    asked[reacting(state, Moment.MINION_PLAYED, by)] += 1
    assert asked[True] > 20  # both ways were taken
    assert asked[False] > 20
    assert fired > 5
