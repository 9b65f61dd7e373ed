"""The rule queries' fast paths give exactly what their plain definitions give: the random
source made again for a command and the bases ready to score, on seeded random games."""

from __future__ import annotations

import random

from domain import rules
from domain.decide import rng_for
from domain.randomness import SeededRandom
from tests.domain.seeded import game_states


def draws(rng: random.Random) -> list[object]:
    deck = list(range(30))
    rng.shuffle(deck)
    return [deck, rng.sample(range(50), 5), rng.random(), rng.getrandbits(40), rng.gauss(0, 1)]


def test_a_random_source_made_again_draws_what_a_new_random_random_of_its_text_draws() -> None:
    for version in range(40):
        rng = SeededRandom.of("g7", version)
        if version % 3:  # some are drawn from before the next is made
            assert draws(rng) == draws(random.Random(f"g7:{version}"))
        del rng
    rng = SeededRandom.of("g7", 99)
    assert rng.getstate() == random.Random("g7:99").getstate()
    assert draws(rng) == draws(random.Random("g7:99"))


def test_a_random_source_still_held_is_never_made_again_for_another_command() -> None:
    first = SeededRandom.of("g8", 1)
    second = SeededRandom.of("g8", 2)
    assert first is not second
    assert draws(second) == draws(random.Random("g8:2"))
    assert draws(first) == draws(random.Random("g8:1"))
    held = [SeededRandom.of("g8", v) for v in range(5)]
    assert len({id(r) for r in held}) == 5


def test_a_random_source_given_a_state_before_its_first_draw_draws_from_that_state() -> None:
    plain = random.Random("other")
    rng = SeededRandom.of("g9", 3)
    rng.setstate(plain.getstate())
    assert draws(rng) == draws(plain)


def test_the_random_source_of_each_state_of_seeded_games_is_random_random_of_its_text() -> None:
    for seed in range(2):
        states, _ = game_states(seed)
        for state in states[::7]:
            rng = rng_for(state)
            plain = random.Random(f"{state.seed}:{state.version}")
            assert rng.getstate() == plain.getstate()
            assert draws(rng) == draws(plain)


def test_bases_ready_to_score_are_those_whose_total_power_reaches_their_breakpoint() -> None:
    for seed in range(3):
        states, _ = game_states(seed)
        for state in states:
            plain = [
                i
                for i, b in enumerate(state.bases)
                if b.minions and rules.total_power(state, i) >= rules.breakpoint(state, i)
            ]
            assert rules.ready_to_score(state) == plain
            for b in state.bases:
                total = sum(max(0, rules.printed_power(m.card) + m.counters) for m in b.minions)
                assert rules.plain_total(b.minions) == total
