"""The step runner's fast paths give exactly what the general way gives, on seeded random games:
the Fx it makes for each task is the one `Fx(state, ctx, rng)` makes (its seat, `me`, the one
its context names, as an int); the steps it applies itself (an event, a last task, a last
decision) and the tasks it stacks at once are applied and stacked as `apply_steps` does in
general; a decision's event is the one normalizing it
gives (the very same object when that changes nothing); the option declining a decision is the
one made anew; the option answered is found as next() found it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import MappingProxyType

import pytest

from domain import codec, engine
from domain.engine import SKIP, _requested, _skip, answer
from domain.events import DecisionRequested
from domain.fx import Fx, Steps
from domain.model import Decision, Option, Task, replace
from domain.steps import CONTINUATIONS
from tests.domain.seeded import game_states, play_to_the_end, seeded_start


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
            by = fx.ctx.get("by", fx.state.active)  # the seat `me` names, the general way
            if by is not None:
                assert fx.me == int(by)
                assert type(fx.me) is int
            seen.append(fx)
            return fn(fx)

        return run

    CONTINUATIONS.update({key: spy(fn) for key, fn in real.items()})
    try:
        yield seen
    finally:
        CONTINUATIONS.update(real)


@pytest.mark.parametrize("seed", [5, 11])
def test_a_game_plays_as_when_every_step_goes_the_general_way(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng, events = seeded_start(seed)
    fast = play_to_the_end(events, rng)[1]
    real = dict(CONTINUATIONS)

    def listed(fn: Callable[[Fx], Steps]) -> Callable[[Fx], Steps]:
        def run(fx: Fx) -> Steps:
            return list(fn(fx) or ())  # type: ignore[return-value]  # not a tuple: apply_steps

        return run

    monkeypatch.setattr(engine, "_TASK", frozenset())  # tasks stacked one by one (_later)
    CONTINUATIONS.update({key: listed(fn) for key, fn in real.items()})
    try:
        rng, events = seeded_start(seed)
        general = play_to_the_end(events, rng)[1]
    finally:
        CONTINUATIONS.update(real)
    assert [codec.to_json(e) for e in fast] == [codec.to_json(e) for e in general]
    kinds = {e.type for e in fast}
    assert {"decision_requested", "minion_played", "game_ended"} <= kinds


@pytest.mark.parametrize("seed", [3, 9])
def test_the_runner_gives_each_step_the_fx_the_class_makes(steps_seen: list[Fx], seed: int) -> None:
    rng, events = seeded_start(seed)
    play_to_the_end(events, rng)
    assert len(steps_seen) > 400
    assert len({fx.ctx.get("seat") for fx in steps_seen}) > 1


def same_as_normalized(decision: Decision) -> None:
    general = codec.normalize(DecisionRequested(decision))
    fast = _requested(decision)
    assert fast == general
    assert type(fast) is DecisionRequested
    assert (fast.decision is decision) == (general.decision is decision)
    assert codec.to_json(fast) == codec.to_json(general)


@pytest.mark.parametrize("seed", [4, 10])
def test_a_decision_asked_is_the_event_normalizing_it_gives(seed: int) -> None:
    states, _ = game_states(seed)
    asked = [s.pending for s in states if s.pending is not None]
    assert len(asked) > 20
    odd_value = Option("x", "X", (1, 2))  # a tuple, a list once decoded
    odd_ctx = Task("k", {"picked": (1,)})
    empty_proxy = Task("k", MappingProxyType({}))  # empty, but not a dict
    for d in asked:
        same_as_normalized(replace(d, stack=(*d.stack, empty_proxy)))
        same_as_normalized(d)
        same_as_normalized(replace(d, options=(*d.options, odd_value)))
        same_as_normalized(replace(d, then=odd_ctx))
        same_as_normalized(replace(d, stack=(*d.stack, odd_ctx)))
        same_as_normalized(replace(d, stack=(odd_ctx, *d.stack), then=Task("k", {"l": [[1]]})))


def test_the_option_declining_a_decision_is_the_one_made_anew() -> None:
    for label in ("Skip", "Done", "Pass", *(f"label {n}" for n in range(100))):
        assert _skip(label) == Option(id=SKIP, label=label, value=None)
        assert _skip(label) is _skip(label)


@pytest.mark.parametrize("seed", [6, 12])
def test_the_option_answered_is_the_one_next_finds(seed: int) -> None:
    states, _ = game_states(seed)
    for s in states:
        d = s.pending
        if d is None:
            continue
        for o in d.options:
            chosen = next(x for x in d.options if x.id == o.id)
            resumed = answer(s, o.id)
            if o.id == SKIP and o.value is None:
                continue
            assert resumed[-1] == Task(d.then.key, {**d.then.ctx, "choice": chosen.value})
            assert resumed[:-1] == list(d.stack)


def test_answering_an_option_the_decision_lacks_is_an_error_naming_it() -> None:
    states, _ = game_states(6)
    waiting = next(s for s in states if s.pending is not None)
    with pytest.raises(ValueError, match="no option 'no-such-option' in the pending decision"):
        answer(waiting, "no-such-option")
