"""The step runner's fast paths give exactly what the general way gives, on seeded random games:
the Fx it makes for each task is the one `Fx(state, ctx, rng)` makes."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from domain.fx import Fx, Steps
from domain.steps import CONTINUATIONS
from tests.domain.seeded import play_to_the_end, seeded_start


@pytest.fixture
def steps_seen() -> Iterator[list[Fx]]:
    """Every step the engine runs is spied on: each Fx it is given, compared with a new one."""
    seen: list[Fx] = []
    real = dict(CONTINUATIONS)

    def spy(fn: Callable[[Fx], Steps]) -> Callable[[Fx], Steps]:
        def run(fx: Fx) -> Steps:
            made = Fx(fx.state, fx.ctx, fx.rng)
            for name in Fx.__slots__:  # every field, those out of __init__ too
                assert getattr(fx, name) is getattr(made, name), name
            seen.append(fx)
            return fn(fx)

        return run

    CONTINUATIONS.update({key: spy(fn) for key, fn in real.items()})
    try:
        yield seen
    finally:
        CONTINUATIONS.update(real)


@pytest.mark.parametrize("seed", [3, 9])
def test_the_runner_gives_each_step_the_fx_the_class_makes(steps_seen: list[Fx], seed: int) -> None:
    rng, events = seeded_start(seed)
    play_to_the_end(events, rng)
    assert len(steps_seen) > 500
    assert len({fx.ctx.get("seat") for fx in steps_seen}) > 1
