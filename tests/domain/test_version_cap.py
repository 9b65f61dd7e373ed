"""One version cap for every game: still on at ``VERSION_CAP``, a game ends as a draw."""

from __future__ import annotations

import dataclasses
import random

from domain import GameSetup, PlayerSetup, ScriptedSetup, decide_and_evolve, replay, start_game
from domain import events as ev
from domain.bots import random_bot
from domain.decide import awaited_seat, legal_commands
from domain.rules import MAX_LOG_EVENTS, VERSION_CAP
from service.replays import MAX_LOG_EVENTS as REPLAYS_READ

HUMANS = (PlayerSetup("Ann", ("aliens", "dinosaurs")), PlayerSetup("Bob", ("ninjas", "pirates")))


def test_the_cap_leaves_room_for_the_last_command_within_the_longest_log_replays_read() -> None:
    assert REPLAYS_READ == MAX_LOG_EVENTS
    assert VERSION_CAP == MAX_LOG_EVENTS - 100


def test_a_human_command_that_reaches_the_cap_ends_the_game_as_a_draw_right_after_it() -> None:
    state = replay(start_game(GameSetup("g", "cap", HUMANS)))
    seat = awaited_seat(state)
    assert seat is not None
    command = legal_commands(state, seat)[0]
    below, _ = decide_and_evolve(dataclasses.replace(state, version=VERSION_CAP - 100), command)
    assert not any(isinstance(e, ev.GameEnded) for e in below)
    near = dataclasses.replace(state, version=VERSION_CAP - 1)
    events, after = decide_and_evolve(near, command)
    assert events[:-1] == below
    assert events[-1] == ev.GameEnded(None, (0, 0), "version_cap")
    assert (after.status, after.winner, after.pending) == ("ended", None, None)
    assert awaited_seat(after) is None


def test_a_game_where_nothing_can_score_ends_at_the_cap_within_the_longest_log() -> None:
    nothing = ScriptedSetup(bases=("base.tar_pits",), decks=((), ()), hands=((), ()))
    bots = tuple(dataclasses.replace(p, bot="random") for p in HUMANS)
    events = list(start_game(GameSetup("g", "nothing", bots, nothing)))
    state = replay(events)
    while state.status == "active":
        seat = awaited_seat(state)
        assert seat is not None
        command = random_bot(state, seat, random.Random(state.version))
        assert command is not None
        batch, state = decide_and_evolve(state, command)
        events += batch
    assert VERSION_CAP <= len(events) == state.version <= MAX_LOG_EVENTS
    assert events[-1] == ev.GameEnded(None, (0, 0), "version_cap")
    assert replay(events) == state
