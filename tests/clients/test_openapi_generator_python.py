"""openapi-generator's ``python`` client, generated from the spec, plays a whole game unmodified.

The generator (``openapi-generator-cli``, Java 17) runs into a temporary directory; its log must
hold no warning about our spec: its only warnings are those it also gives for a minimal valid
spec (its own notes, measured in the same run). The generated package is imported as is and
plays against a live server on 127.0.0.1: it reads moves and posts them, reads the events, the
log (JSON Lines) and the game's stream, and reads a refusal as a problem with its ``code``.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from flask import Flask

from tests.api.contract import SPEC_PATH
from tests.api.live import live_server
from tests.clients.generators import generate, own_warnings, warnings

PACKAGE = "smashup_oag_client"
MAX_COMMANDS = 4000


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, set[str]]]:
    """The generated package, imported from a temporary directory, and what the generator
    warned about our spec (beyond its own notes)."""
    root = tmp_path_factory.mktemp("oag-python")
    options = ("--additional-properties", f"packageName={PACKAGE}")
    log = generate(SPEC_PATH, "python", root / "client", *options)
    about_ours = warnings(log) - own_warnings("python", root / "baseline", *options)
    sys.path.insert(0, str(root / "client"))
    try:
        yield importlib.import_module(PACKAGE), about_ours
    finally:
        sys.path.remove(str(root / "client"))
        for name in [n for n in sys.modules if n.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def test_the_python_generator_warns_about_nothing_in_the_spec(
    generated: tuple[ModuleType, set[str]],
) -> None:
    client, about_ours = generated
    assert not about_ours, sorted(about_ours)
    models = {p.stem for p in (Path(client.__file__).parent / "models").glob("*.py")}
    assert {"move_list", "command", "play_minion", "choose", "end_turn", "problem"} <= models
    assert "move" not in models, "a move is a Command, not a subclass of its oneOf"


def _api(client: ModuleType, base_url: str, token: str | None = None) -> Any:
    config = client.Configuration(host=base_url, access_token=token)
    return client.ApiClient(config)


def _play(client: ModuleType, base_url: str, seed: int) -> tuple[Any, list[Any], Any]:
    """Play a game through the generated client: (final game, moves played, created game)."""
    anonymous = client.GamesApi(_api(client, base_url))
    created = anonymous.create_game(
        client.CreateGame(
            players=[
                client.PlayerSetup(name="Ann", factions=["aliens", "dinosaurs"]),
                client.PlayerSetup(name="Bob", factions=["robots", "wizards"]),
            ],
            seed=client.GameSeed(seed),
        )
    )
    seats = [client.GamesApi(_api(client, base_url, seat.token)) for seat in created.seats]
    rng = random.Random(seed)
    played: list[Any] = []
    for sent in range(MAX_COMMANDS):
        game = anonymous.get_game(created.id)
        if game.status == "ended":
            return game, played, created
        seat = seats[game.awaiting.seat]
        listed = seat.list_moves(created.id)
        assert listed.moves, "the awaited seat has legal moves"
        plays = [m for m in listed.moves if m.actual_instance.type != "end_turn"]
        move = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(listed.moves)
        assert move.actual_instance.label, "every move tells what it does"
        result = seat.post_command(created.id, move, idempotency_key=f"k{sent}")
        assert result.version > move.actual_instance.expected_version
        played.append(move.actual_instance)
    raise AssertionError(f"no end after {MAX_COMMANDS} commands")


def test_the_generated_python_client_plays_a_game_and_reads_its_events_log_and_stream(
    generated: tuple[ModuleType, set[str]], make_app: Callable[..., Flask]
) -> None:
    client, _ = generated
    with live_server(make_app()) as base_url:
        game, played, created = _play(client, base_url, seed=11)
        games = client.GamesApi(_api(client, base_url))
        events, after = [], 0
        while True:
            page = games.list_events(created.id, after=after)
            if not page.events:
                break
            events.extend(page.events)
            after = page.next_after
        log = client.ReplaysApi(_api(client, base_url)).get_game_log(created.id)
        stream = games.stream_game(created.id, timeout=10)
    assert game.winner in (0, 1)
    assert max(p.vp for p in game.players) >= 15
    assert {type(m).__name__ for m in played} >= {"PlayMinion", "EndTurn", "Choose"}
    assert [e.version for e in events] == list(range(1, game.version + 1))
    assert events[-1].type == "game_ended"
    lines = [json.loads(line) for line in log.decode().splitlines()]
    assert [e["version"] for e in lines] == [e.version for e in events]
    streamed = [json.loads(line) for line in stream.decode().splitlines() if line]
    assert [e["version"] for e in streamed] == [e.version for e in events]


def test_the_generated_python_client_reads_a_refusal_as_a_problem_with_its_code(
    generated: tuple[ModuleType, set[str]], make_app: Callable[..., Flask]
) -> None:
    client, _ = generated
    with live_server(make_app()) as base_url:
        games = client.GamesApi(_api(client, base_url))
        exceptions = importlib.import_module(f"{PACKAGE}.exceptions")
        with pytest.raises(exceptions.NotFoundException) as refused:
            games.get_game("no-such-game")
    assert isinstance(refused.value.data, client.Problem)
    assert refused.value.data.code == "not_found"
    assert refused.value.status == 404
