"""A client generated from openapi.yaml by openapi-python-client plays a whole game, unmodified.

The generator runs into a temporary directory with tests/clients/openapi-python-client.yaml (the
media types it does not parse, JSON Lines, ndjson and YAML, read as bytes); its output must hold
no warning at all. The
generated package is then imported as is and plays a game against a live server on 127.0.0.1.
"""

from __future__ import annotations

import importlib
import itertools
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from flask import Flask

from tests.api.contract import SPEC_PATH
from tests.api.live import live_server

PACKAGE = "smashup_generated_client"
CONFIG = Path(__file__).resolve().parent / "openapi-python-client.yaml"
"""Its configuration: the media types it does not parse (JSON Lines, ndjson, YAML) as bytes."""
MAX_COMMANDS = 4000


def _warnings(output: str) -> list[str]:
    """The generator's warning blocks (a block starts at a line naming a problem)."""
    starts = re.compile(r"^(WARNING|Unable to|Failure to|Cannot|ERROR)", re.MULTILINE)
    marks = [m.start() for m in starts.finditer(output)] + [len(output)]
    return [output[a:b].strip() for a, b in itertools.pairwise(marks)]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ModuleType, str]]:
    """The generated client package, imported from a temporary directory, and the log."""
    root = tmp_path_factory.mktemp("generated")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(SPEC_PATH),
            "--meta",
            "none",
            "--config",
            str(CONFIG),
            "--output-path",
            str(root / PACKAGE),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        },
    )  # its post-hooks run ruff, installed beside this Python
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(PACKAGE), output
    finally:
        sys.path.remove(str(root))
        for name in [n for n in sys.modules if n.split(".")[0] == PACKAGE]:
            del sys.modules[name]


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"{PACKAGE}.{name}")


def test_the_generator_reports_nothing_about_the_apis_schemas(
    generated: tuple[ModuleType, str],
) -> None:
    _, output = generated
    blocks = _warnings(output)
    assert not blocks, blocks
    models = {p.stem for p in (Path(generated[0].__file__).parent / "models").glob("*.py")}
    assert {"move_list", "play_minion", "choose", "end_turn"} <= models
    assert not [m for m in models if re.search(r"_type_\d", m)], "one class per enum"


def _play(
    base_url: str, seed: int
) -> tuple[Any, list[Any], int]:  # (final game, moves types played, commands sent)
    client_mod = _module("client")
    models = _module("models")
    create_game = _module("api.games.create_game")
    get_game = _module("api.games.get_game")
    list_moves = _module("api.games.list_moves")
    post_command = _module("api.games.post_command")
    anonymous = client_mod.Client(base_url=base_url, raise_on_unexpected_status=True)
    body = models.CreateGame(
        players=[
            models.PlayerSetup(name="Ann", factions=["aliens", "dinosaurs"]),
            models.PlayerSetup(name="Bob", factions=["robots", "wizards"]),
        ],
        seed=seed,
    )
    created = create_game.sync(client=anonymous, body=body)
    assert isinstance(created, models.CreatedGame), created
    seats = [
        client_mod.AuthenticatedClient(
            base_url=base_url, token=seat.token, raise_on_unexpected_status=True
        )
        for seat in created.seats
    ]
    rng = random.Random(seed)
    played: list[Any] = []
    sent = 0
    while sent < MAX_COMMANDS:
        game = get_game.sync(created.id, client=anonymous)
        assert isinstance(game, models.GameView), game
        if game.status == models.GameViewStatus.ENDED:
            return game, played, sent
        seat = seats[game.awaiting.seat]
        listed = list_moves.sync(created.id, client=seat)
        assert isinstance(listed, models.MoveList), listed
        assert listed.moves, "the awaited seat has legal moves"
        assert all(m.label for m in listed.moves), "every move tells what it does"
        plays = [m for m in listed.moves if not isinstance(m, models.EndTurn)]
        move = rng.choice(plays) if plays and rng.random() < 0.9 else rng.choice(listed.moves)
        result = post_command.sync(created.id, client=seat, body=move, idempotency_key=f"k{sent}")
        assert isinstance(result, models.CommandResult), result
        assert result.version > move.expected_version
        played.append(type(move).__name__)
        sent += 1
    raise AssertionError(f"no end after {MAX_COMMANDS} commands")


def _read_events_log_and_stream(base_url: str, game_id: str) -> tuple[list[Any], bytes, bytes]:
    """The game's events page by page, its JSON Lines log and its stream (as bytes)."""
    client_mod = _module("client")
    list_events = _module("api.games.list_events")
    get_game_log = _module("api.replays.get_game_log")
    stream_game = _module("api.games.stream_game")
    anonymous = client_mod.Client(base_url=base_url, raise_on_unexpected_status=True)
    events: list[Any] = []
    after = 0
    while True:
        page = list_events.sync(game_id, client=anonymous, after=after)
        if not page.events:
            break
        events.extend(page.events)
        after = page.next_after
    log = get_game_log.sync(game_id, client=anonymous)
    stream = stream_game.sync(game_id, client=anonymous, timeout=10)
    return events, log.payload.read(), stream.payload.read()


def test_a_generated_client_plays_a_whole_game_against_a_live_server(
    generated: tuple[ModuleType, str], make_app: Callable[..., Flask]
) -> None:
    models = _module("models")
    with live_server(make_app()) as base_url:
        game, played, sent = _play(base_url, seed=7)
        events, log, stream = _read_events_log_and_stream(base_url, game.id)
    assert [e.version for e in events] == list(range(1, game.version + 1))
    assert [json.loads(line)["version"] for line in log.decode().splitlines()] == [
        e.version for e in events
    ]
    assert [json.loads(line)["version"] for line in stream.decode().splitlines() if line] == [
        e.version for e in events
    ]
    assert game.winner in (0, 1)
    assert max(p.vp for p in game.players) >= 15
    assert {"PlayMinion", "EndTurn", "Choose"} <= set(played)
    assert sent == len(played)
    assert isinstance(game.players[0], models.PlayerView)


def test_a_generated_client_reads_a_problem_as_a_problem(
    generated: tuple[ModuleType, str], make_app: Callable[..., Flask]
) -> None:
    client_mod = _module("client")
    models = _module("models")
    get_game = _module("api.games.get_game")
    with live_server(make_app()) as base_url:
        anonymous = client_mod.Client(base_url=base_url)
        missing = get_game.sync("no-such-game", client=anonymous)
    assert isinstance(missing, models.Problem)
    assert missing.code == models.ProblemCode.NOT_FOUND
