"""The end of a turn's fast paths give exactly what running each of its tasks gives, on seeded
random games: no hand_limit task when the hand drawn stays within the limit, no expire task when
nothing acts at the end of the turn, and the next turn begun without its start_turn task."""

from __future__ import annotations

import random
from collections.abc import Callable

from domain import events as ev
from domain import flow, rules
from domain.engine import answer, run
from domain.evolve import evolve
from domain.facts import TurnEnding
from domain.fx import Fx, Steps
from domain.model import GameState
from domain.moments import Moment
from domain.steps import CONTINUATIONS
from domain.triggers import fire
from domain.verbs import draw_cards
from tests.domain.seeded import game_states


def plain_draw_phase(fx: Fx) -> Steps:
    seat = fx.state.active
    return flow._TO_DRAW, *draw_cards(fx, seat, 2), flow.seat_task("hand_limit", seat)


def plain_end_phase(fx: Fx) -> Steps:
    ending = fire(fx.state, Moment.END_OF_TURN, TurnEnding(fx.state.active))
    return (flow._TO_END, *ending, flow._EXPIRE)


def plain_expire(fx: Fx) -> Steps:
    s = fx.state
    vps = [p.vp for p in s.players]
    gone = s.table.resigned if s.table else ()
    can_win = [-1 if seat in gone else vp for seat, vp in enumerate(vps)]
    best = max(can_win)
    if best >= rules.WIN_VP and can_win.count(best) == 1:
        end: Steps = (ev.GameEnded(can_win.index(best), tuple(vps), "victory"),)
    else:
        end = (flow.start_turn(rules.next_seat(s, s.active)),)
    return (ev.EffectsExpired(s.turn), *end)


def end_turn(
    state: GameState, seed: int, plain: bool = False
) -> tuple[list[ev.Event], GameState, list[str]]:
    """The events and state of ending the turn of `state` (each decision on the way answered
    with its last option) until the next turn's play phase, and the key of each task run;
    `plain`: every task of the turn's end run as a task of its own (hand_limit after the draw,
    expire after the end phase, start_turn after the turn's end)."""
    real = dict(CONTINUATIONS)
    steps = dict(real)
    if plain:
        steps.update(draw_phase=plain_draw_phase, end_phase=plain_end_phase)
        steps["expire"] = plain_expire
    keys: list[str] = []

    def spy(key: str, fn: Callable[[Fx], Steps]) -> Callable[[Fx], Steps]:
        def step(fx: Fx) -> Steps:
            keys.append(key)
            return fn(fx)

        return step

    CONTINUATIONS.update({key: spy(key, fn) for key, fn in steps.items()})
    try:
        rng = random.Random(seed)
        after, out = run(state, flow.end_play_phase(), rng)
        while after.pending is not None and after.status == "active":  # the last option taken
            made = ev.DecisionMade(after.pending.seat, after.pending.options[-1].id)
            resumed, more = run(evolve(after, made), answer(after, made.option), rng)
            out += [made, *more]
            after = resumed
    finally:
        CONTINUATIONS.update(real)
    return out, after, keys


def test_ending_a_turn_gives_the_events_and_state_running_each_task_gives() -> None:
    skipped: set[str] = set()
    ran: set[str] = set()
    for seed in (0, 1, 2):  # games with end-of-turn abilities, and hands over the limit
        states, _ = game_states(seed)
        ends = [s for s in states if s.phase == "play" and not s.pending and s.status == "active"]
        assert len(ends) > 50
        for k, state in enumerate(ends):
            fast_events, fast_after, fast_keys = end_turn(state, k)
            ran.update(fast_keys)
            plain_events, plain_after, plain_keys = end_turn(state, k, plain=True)
            assert fast_events == plain_events
            assert fast_after == plain_after
            # the fast way runs the same tasks, less some of those the plain way runs
            left = list(plain_keys)
            for key in fast_keys:
                while left[0] != key:
                    skipped.add(left.pop(0))
                left.pop(0)
            skipped.update(left)
    assert skipped == {"hand_limit", "expire", "start_turn"}
    assert {"hand_limit", "expire"} <= ran  # the ways that are not fast are taken too
