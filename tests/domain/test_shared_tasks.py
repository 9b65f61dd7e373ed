"""The turn's tasks, plays, phase changes and moments' facts are made once and shared by every
turn of every game (domain.flow): each is what the general way makes, and no game changes one
(nor a task's context). A turn whose start triggers nothing skips uncover_at_start for a seat
with no buried card: the step would do nothing; one at which nothing ends runs start_abilities
at once, on the very state the task would have run on."""

from __future__ import annotations

import random

import pytest

from domain import flow
from domain.events import PhaseChanged
from domain.facts import TurnEnding, TurnStarted
from domain.fx import Fx
from domain.model import Allowance, Task
from domain.moments import Moment
from domain.steps import CONTINUATIONS
from domain.triggers import fire
from tests.domain.seeded import game_states, play_to_the_end, seeded_start

NO_PARAMETERS = {
    "end_phase": flow._END_PHASE,
    "draw_phase": flow._DRAW_PHASE,
    "to_scoring": flow._TO_SCORING,
    "scoring_check": flow._SCORING_CHECK,
    "expire": flow._EXPIRE,
}


def test_a_shared_task_is_the_task_the_general_way_makes() -> None:
    for key, shared in NO_PARAMETERS.items():
        assert shared == Task(key)
        assert type(shared.ctx) is dict
    for seat in range(4):
        shared = flow.seat_task("hand_limit", seat)
        assert shared == Task("hand_limit", {"seat": seat})
        assert type(shared.ctx) is dict
        assert flow.seat_task("hand_limit", seat) is shared
        for facts, cls in (
            (flow._turn_started(seat), TurnStarted),
            (flow._turn_ending(seat), TurnEnding),
        ):
            assert facts == cls(seat)
            assert type(facts) is cls
    assert flow.start_turn(1) == Task("start_turn", {"seat": 1})
    assert flow.end_play_phase() == [Task("end_phase"), Task("draw_phase"), Task("to_scoring")]
    assert flow.end_play_phase() is not flow.end_play_phase()  # the runner pops its stack
    assert (Allowance("minion"), Allowance("action")) == flow._PLAYS
    phases = (flow._TO_PLAY, flow._TO_SCORING_PHASE, flow._TO_DRAW, flow._TO_END)
    assert phases == (
        PhaseChanged("play"),
        PhaseChanged("scoring"),
        PhaseChanged("draw", plays_lost=True),
        PhaseChanged("end"),
    )


@pytest.mark.parametrize(("seed", "seats"), [(2, 2), (7, 2), (4, 3)])
def test_no_game_changes_a_shared_task(seed: int, seats: int) -> None:
    rng, events = seeded_start(seed, seats)
    final, _, states = play_to_the_end(events, rng)
    assert final.status == "ended"
    assert len(states) > 100
    for key, shared in NO_PARAMETERS.items():
        assert (shared.key, shared.ctx) == (key, {})
    made = flow._SEAT_TASKS
    assert {seat for _, seat in made} >= set(range(seats))  # every seat's turn ran them
    for (key, seat), shared in made.items():
        assert (shared.key, shared.ctx) == (key, {"seat": seat})
    assert (Allowance("minion"), Allowance("action")) == flow._PLAYS


@pytest.mark.parametrize(("seed", "seats"), [(3, 2), (5, 3)])
def test_uncovering_at_the_start_of_a_turn_does_nothing_without_a_buried_card(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    uncover = CONTINUATIONS["uncover_at_start"]
    checked = 0
    for state in states:
        for seat in range(seats):
            if not Fx(state).buried(controller=seat):
                assert uncover(Fx(state, {"seat": seat}, random.Random(0))) == ()
                checked += 1
    assert checked > 200


@pytest.mark.parametrize(("seed", "seats"), [(3, 2), (8, 2)])
def test_a_turn_start_at_which_nothing_ends_gives_what_start_abilities_gives(
    seed: int, seats: int
) -> None:
    states, _ = game_states(seed, seats)
    start, then = CONTINUATIONS["start_triggers"], CONTINUATIONS["start_abilities"]
    at_once = 0
    for state in states[::2]:
        for seat in range(seats):
            ctx = {"seat": seat}
            ending = fire(state, Moment.ENDS_AT_START_OF_TURN, TurnStarted(seat))
            steps = start(Fx(state, ctx, random.Random(0)))
            if ending:
                assert steps == (*ending, Task("start_abilities", ctx))
            else:
                assert steps == then(Fx(state, ctx, random.Random(0)))
                at_once += 1
    assert at_once > 100
