"""Time travel: the state at any version, rebuilt from snapshots and the log, is the one decided."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NoReturn

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain import view
from events.store import EventStore
from service.replays import full_view
from tests.api.helpers import bearer
from tests.replays.helpers import play, replays_of, service

pytestmark = pytest.mark.redis


@pytest.mark.parametrize("seed", range(12))
def test_the_state_rebuilt_at_every_version_equals_the_state_the_server_decided(
    app: Flask, seed: int
) -> None:
    played = play(app, seed, 2 + seed % 3)
    assert played.final.status == "ended"
    replays = replays_of(app)
    for version in sorted(played.states):
        assert replays.state_at(played.game_id, version) == played.states[version], version
    assert replays.state_at(played.game_id) == played.final


def test_get_state_shows_every_version_of_a_finished_game_with_every_hand(
    app: Flask, client: FlaskClient
) -> None:
    played = play(app, 101, 2)
    final = played.final.version
    for version in [*range(1, final + 1, 7), final]:
        response = client.get(f"/v1/games/{played.game_id}/state?at={version}")
        assert response.status_code == 200
        assert response.get_json() == full_view(played.states[version])
    hands = client.get(f"/v1/games/{played.game_id}/state?at=20").get_json()["players"]
    assert all("hand" in player for player in hands)


def test_while_a_game_is_played_its_past_states_are_redacted_for_the_caller(
    app: Flask, client: FlaskClient
) -> None:
    played = play(app, 102, 3, moves=30)
    assert played.final.status == "active"
    url = f"/v1/games/{played.game_id}/state?at=12"
    spectator = client.get(url).get_json()
    seat = client.get(url, headers=bearer(played.tokens[1])).get_json()
    assert spectator == view(played.states[12], None)
    assert seat == view(played.states[12], 1)
    assert [("hand" in p) for p in seat["players"]] == [False, True, False]
    assert not any("hand" in p for p in spectator["players"])


def test_without_at_the_state_is_the_current_one(app: Flask, client: FlaskClient) -> None:
    played = play(app, 103, 2, moves=5)
    response = client.get(f"/v1/games/{played.game_id}/state")
    assert response.get_json() == view(played.final, None)


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("at=0", 422, "validation_error"),
        ("at=-3", 422, "validation_error"),
        ("at=seven", 422, "validation_error"),
        ("at=100000", 404, "version_not_found"),
    ],
)
def test_a_version_out_of_range_is_a_problem_with_a_stable_code(
    app: Flask, client: FlaskClient, query: str, status: int, code: str
) -> None:
    played = play(app, 104, 2, moves=3)
    response = client.get(f"/v1/games/{played.game_id}/state?{query}")
    assert response.status_code == status
    assert response.get_json()["code"] == code
    if code == "version_not_found":
        assert response.get_json()["current_version"] == played.final.version


def test_the_state_of_an_unknown_game_is_not_found(client: FlaskClient) -> None:
    response = client.get("/v1/games/nosuchgame/state?at=1")
    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"


def _spy_reads(store: EventStore, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, Any]]:
    calls: list[tuple[int, Any]] = []
    read = store.read

    def spy(game_id: str, after: int = 0, until: int | None = None) -> Any:
        calls.append((after, until))
        return read(game_id, after, until)

    monkeypatch.setattr(store, "read", spy)
    return calls


def test_time_travel_starts_from_the_newest_snapshot_at_or_below_the_version(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = play(app, 105, 2)
    games = service(app)
    found = games.store.load_snapshot(played.game_id)
    assert found is not None
    snapshot = found[0]
    assert 50 <= snapshot < played.final.version
    calls = _spy_reads(games.store, monkeypatch)
    replays = replays_of(app)
    assert replays.state_at(played.game_id, snapshot + 1) == played.states[snapshot + 1]
    assert calls == [(snapshot, snapshot + 1)]
    calls.clear()
    assert replays.state_at(played.game_id, 120) == played.states[120]
    assert calls == [(0, 120)]
    calls.clear()
    assert replays.state_at(played.game_id, 110) == played.states[110]
    assert calls == [(100, 110)], "an in-process checkpoint is the newest state at or below"
    calls.clear()
    assert replays.state_at(played.game_id, 111) == played.states[111]
    assert calls == [(110, 111)], "stepping on from the last state folds one event"


def test_rebuilding_a_state_from_the_log_calls_no_random_number_generator(
    make_app: Callable[..., Flask], monkeypatch: pytest.MonkeyPatch
) -> None:
    played = play(make_app(), 106, 2)
    fresh = make_app()  # nothing cached in memory
    service(fresh).store.delete_snapshots(played.game_id)
    expected = {v: full_view(played.states[v]) for v in (1, 40, 333, played.final.version)}

    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        raise AssertionError("replaying a log must not draw a random number")

    monkeypatch.setattr(random, "Random", refuse)
    for name in ("random", "shuffle", "choice", "sample", "randrange", "randint", "getrandbits"):
        monkeypatch.setattr(random, name, refuse)
    client = fresh.test_client()
    for version, shown in expected.items():
        response = client.get(f"/v1/games/{played.game_id}/state?at={version}")
        assert response.status_code == 200
        assert response.get_json() == shown
    assert client.get(f"/v1/games/{played.game_id}").get_json()["version"] == max(expected)
