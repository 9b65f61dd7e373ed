"""Turn clocks in the rules: an expiry is recorded, a forfeit ends the game, logs verify."""

from __future__ import annotations

import pytest

from domain import (
    GameSetup,
    IllegalMove,
    InvalidSetup,
    NotYourTurn,
    PlayerSetup,
    awaited_seat,
    decide_and_evolve,
    legal_commands,
    replay,
    start_game,
    view,
)
from domain.commands import COMMAND_TYPES, ExpireClock
from domain.events import ClockExpired, Event, GameEnded
from domain.model import Clock, GameState, replace
from domain.narrate import narrate
from domain.table import Resign
from domain.verify import verify

PLAYERS = (
    PlayerSetup("Ann", ("aliens", "dinosaurs")),
    PlayerSetup("Bob", ("ninjas", "pirates")),
    PlayerSetup("Cid", ("robots", "wizards")),
)


def clocked(on_expiry: str, players: tuple[PlayerSetup, ...] = PLAYERS[:2]) -> list[Event]:
    return list(start_game(GameSetup("g", "clock", players, clock=Clock(30, on_expiry))))


def test_a_clock_is_part_of_the_game_and_of_its_view() -> None:
    state = replay(clocked("bot"))
    assert state.clock == Clock(30, "bot", "greedy")
    shown = view(state, None)["clock"]
    assert shown == {"seconds": 30, "on_expiry": "bot", "bot": "greedy", "deadline": None}
    assert "clock" not in view(replay(start_game(GameSetup("g", "c", PLAYERS[:2]))), None)


def test_an_expiry_with_a_bot_is_recorded_and_leaves_the_decision_to_play() -> None:
    events = clocked("bot")
    state = replay(events)
    seat = awaited_seat(state)
    assert seat is not None
    made, after = decide_and_evolve(state, ExpireClock(seat))
    assert made == (ClockExpired(seat, "bot"),)
    assert after.version == state.version + 1
    assert legal_commands(after, seat) == legal_commands(state, seat)
    log = [*events, *made]
    final, error = verify(log)
    assert error is None
    assert final == after
    assert any("ran out of time and is played by the server" in line for line in narrate(log))


@pytest.mark.parametrize("vp", [(3, 9, 9), (3, 9, 10), (12, 0, 0)])
def test_a_forfeit_ends_the_game_won_by_the_other_seat_with_most_vp(vp: tuple[int, ...]) -> None:
    state = replay(clocked("forfeit", PLAYERS))
    seat = awaited_seat(state)
    assert seat is not None
    players = tuple(replace(p, vp=v) for p, v in zip(state.players, vp, strict=True))
    state = replace(state, players=players)
    made, after = decide_and_evolve(state, ExpireClock(seat))
    others = [(seat + k) % 3 for k in (1, 2)]
    best = max(vp[s] for s in others)
    winner = next(s for s in others if vp[s] == best)
    assert made == (ClockExpired(seat, "forfeit"), GameEnded(winner, vp, "forfeit"))
    assert (after.status, after.winner) == ("ended", winner)


def test_a_forfeit_is_never_won_by_a_seat_that_resigned_even_with_most_vp() -> None:
    state = replay(clocked("forfeit", PLAYERS))
    seat = awaited_seat(state)
    assert seat is not None
    quitter, other = (seat + 1) % 3, (seat + 2) % 3
    vp = tuple(9 if s == quitter else 2 for s in range(3))
    state = replace(
        state, players=tuple(replace(p, vp=v) for p, v in zip(state.players, vp, strict=True))
    )
    _, state = decide_and_evolve(state, Resign(quitter))
    assert state.status == "active"  # three seats: a bot plays the quitter's turns
    made, after = decide_and_evolve(state, ExpireClock(seat))
    assert made[-1] == GameEnded(other, vp, "forfeit")
    assert (after.status, after.winner) == ("ended", other)


def test_an_expiry_is_refused_without_a_clock_for_another_seat_or_a_bot() -> None:
    plain = replay(start_game(GameSetup("g", "c", PLAYERS[:2])))
    seat = awaited_seat(plain)
    assert seat is not None
    with pytest.raises(IllegalMove, match="no turn clock"):
        decide_and_evolve(plain, ExpireClock(seat))
    state: GameState = replay(clocked("bot"))
    seat = awaited_seat(state)
    assert seat is not None
    with pytest.raises(NotYourTurn):
        decide_and_evolve(state, ExpireClock(1 - seat))
    botted = replace(
        state,
        players=tuple(replace(p, bot="random") if p.seat == seat else p for p in state.players),
    )
    with pytest.raises(NotYourTurn):
        decide_and_evolve(botted, ExpireClock(seat))
    assert "expire_clock" not in COMMAND_TYPES
    assert ExpireClock(seat) not in legal_commands(state, seat)


@pytest.mark.parametrize(
    ("clock", "message"),
    [
        (Clock(0), "clock.seconds must be 1 to"),
        (Clock(5, "nap"), "clock.on_expiry must be 'bot' or 'forfeit'"),
        (Clock(5, "bot", "clever"), "clock.bot: unknown bot 'clever'"),
    ],
)
def test_a_bad_clock_is_refused(clock: Clock, message: str) -> None:
    with pytest.raises(InvalidSetup, match=message):
        start_game(GameSetup("g", "c", PLAYERS[:2], clock=clock))
