"""A bot's turn in few writes: consecutive bot moves appended together, the same log and the
same listener calls as one by one; a long-poll of a seat's turn folds the events it woke on."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bootstrap import in_memory
from domain import Choose, EndTurn, GameState, PlayerSetup
from domain.decide import awaited_seat
from events.envelope import Envelope
from events.memory import MemoryStore
from service.games import Games
from service.turns import seat_turns
from workers import bots

BOTS = [
    PlayerSetup("R1", ("aliens", "dinosaurs"), bot="random"),
    PlayerSetup("R2", ("ninjas", "pirates"), bot="random"),
]
VERSUS = [PlayerSetup("Human", ("aliens", "dinosaurs")), BOTS[1]]


class CountingStore(MemoryStore):
    """The in-memory store, counting its appends and loads."""

    def __init__(self) -> None:
        super().__init__()
        self.appends = 0
        self.loads = 0

    def append(
        self, game_id: str, expected_version: int, events: Sequence[Mapping[str, Any]], **kw: Any
    ) -> list[Envelope]:
        self.appends += 1
        return super().append(game_id, expected_version, events, **kw)

    def load(self, *args: Any, **kwargs: Any) -> Any:
        self.loads += 1
        return super().load(*args, **kwargs)


def _bots_play(flush: float, moves: int, monkeypatch: pytest.MonkeyPatch) -> tuple[Games, int]:
    """An all-bot game whose bots made ``moves`` moves in one job, appended every ``flush`` s."""
    monkeypatch.setattr(bots, "FLUSH_SECONDS", flush)
    games = Games(CountingStore())
    created = games.create(BOTS, seed="batch", game_id="g1")
    assert bots.run_bots(games, "g1", created.version, max_moves=moves) == moves
    return games, created.version


def _log(games: Games) -> list[tuple[int, str, Any]]:
    return [(e["version"], e["type"], e["payload"]) for e in games.store.read("g1")]


def test_a_fast_bot_turn_is_one_write_holding_the_events_of_its_moves_one_by_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    batched, _ = _bots_play(60.0, 12, monkeypatch)
    single, _ = _bots_play(0.0, 12, monkeypatch)
    assert isinstance(batched.store, CountingStore)
    assert isinstance(single.store, CountingStore)
    assert batched.store.appends == 1
    assert single.store.appends == 12
    assert _log(batched) == _log(single)
    assert batched.load("g1") == single.load("g1")


def test_the_listeners_are_told_of_each_bot_move_of_a_batch_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: list[tuple[int, int]] = []
    monkeypatch.setattr(bots, "FLUSH_SECONDS", 60.0)
    games = Games(CountingStore())
    created = games.create(BOTS, seed="batch", game_id="g1")
    games.listeners.append(lambda _game, old, state: told.append((old, state.version)))
    bots.run_bots(games, "g1", created.version, max_moves=8)
    assert len(told) == 8
    assert told[0][0] == created.version
    assert all(
        old == before[1] for old, before in zip([o for o, _ in told[1:]], told, strict=False)
    )
    assert told[-1][1] == games.store.version("g1")


def test_a_slow_bot_appends_each_move_once_it_spent_its_flush_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    games, _ = _bots_play(0.0, 5, monkeypatch)
    assert isinstance(games.store, CountingStore)
    assert games.store.appends == 5


def test_a_bot_move_refused_by_a_concurrent_append_is_decided_again_on_the_new_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bots, "FLUSH_SECONDS", 60.0)
    games = in_memory()
    created = games.create(BOTS, seed="race", game_id="g1")
    stale = games.load("g1")
    other = Games(games.store)  # another process plays the bots first
    bots.run_bots(other, "g1", created.version, max_moves=3)
    assert games.recent.state("g1") == stale  # this one's cache is behind the log
    assert bots.run_bots(games, "g1", games.store.version("g1"), max_moves=3) == 3
    assert games.store.version("g1") == games.load("g1").version


def test_a_seat_turn_long_poll_folds_the_events_it_woke_on_without_loading_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bots, "FLUSH_SECONDS", 60.0)
    store = CountingStore()
    games = Games(store)
    games.create(VERSUS, seed="poll", game_id="g1")
    handed = _until_bot(games, games.load("g1"))
    woke: list[int] = []
    loads: list[int] = []

    def wait(game_id: str, after: int, timeout: float, count: int | None = None) -> list[Envelope]:
        woke.append(after)
        bots.run_bots(Games(store), game_id, handed.version)  # the worker, elsewhere
        loads.append(store.loads)
        return MemoryStore.read(store, game_id, after)

    monkeypatch.setattr(store, "wait", wait)
    turns = seat_turns(games, "g1", 0, wait=5)
    assert woke == [handed.version]
    assert [(t["seat"], t["version"]) for t in turns] == [(0, store.version("g1"))]
    assert store.loads == loads[-1]  # the woken events were folded: no load after the wake
    assert games.load("g1").version == store.version("g1")
    assert games.follow("g1", handed, []) == games.load("g1")  # nothing read: loaded


def _until_bot(games: Games, state: GameState) -> GameState:
    """The human ends the turn (answering the first option of any decision) until the bot is
    awaited."""
    while awaited_seat(state) == 0:
        pending = state.pending
        command: Any = Choose(0, pending.options[0]) if pending is not None else EndTurn(0)
        result = games.execute("g1", 0, command, state.version)
        assert result.state is not None
        state = result.state
    return state
