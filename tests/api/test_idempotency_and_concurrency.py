"""Idempotency keys, expected versions and concurrent commands."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import Game, command, create_scripted, game_view, hand_uid


def _rex_play(client: FlaskClient, game: Game) -> dict[str, Any]:
    rex = hand_uid(game_view(client, game, 0), 0, "dinosaurs.king_rex")
    return {"type": "play_minion", "card": rex, "base": 0}


def test_an_idempotency_key_replays_the_first_answer_and_appends_nothing(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    body = _rex_play(client, collector_game)
    first = command(client, collector_game, 0, body, **{"Idempotency-Key": "play-rex-1"})
    assert first.status_code == 200
    assert "Idempotent-Replayed" not in first.headers
    version = store.version(collector_game.id)
    again = command(client, collector_game, 0, body, **{"Idempotency-Key": "play-rex-1"})
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.get_json() == first.get_json()
    assert store.version(collector_game.id) == version


def test_an_idempotency_key_reused_for_another_command_is_refused(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    body = _rex_play(client, collector_game)
    assert command(client, collector_game, 0, body, **{"Idempotency-Key": "k1"}).status_code == 200
    version = store.version(collector_game.id)
    other = command(client, collector_game, 0, {"type": "end_turn"}, **{"Idempotency-Key": "k1"})
    assert other.status_code == 422
    assert other.get_json()["code"] == "idempotency_key_reused"
    assert store.version(collector_game.id) == version


def test_idempotency_keys_belong_to_one_seat(client: FlaskClient, collector_game: Game) -> None:
    assert (
        command(
            client, collector_game, 0, {"type": "end_turn"}, **{"Idempotency-Key": "same"}
        ).status_code
        == 200
    )
    bob = command(client, collector_game, 1, {"type": "end_turn"}, **{"Idempotency-Key": "same"})
    assert bob.status_code == 200
    assert "Idempotent-Replayed" not in bob.headers
    assert bob.get_json()["awaiting"]["seat"] == 0


def test_an_invalid_idempotency_key_is_a_validation_error(
    client: FlaskClient, collector_game: Game
) -> None:
    response = command(
        client, collector_game, 0, {"type": "end_turn"}, **{"Idempotency-Key": "has space"}
    )
    assert response.status_code == 422
    assert "Idempotency-Key" in response.get_json()["errors"]


def test_an_expected_version_that_moved_on_is_a_conflict(
    client: FlaskClient, collector_game: Game, store: EventStore
) -> None:
    body = _rex_play(client, collector_game)
    old = collector_game.version
    assert command(client, collector_game, 0, {**body, "expected_version": old}).status_code == 200
    now = store.version(collector_game.id)
    stale = command(client, collector_game, 0, {"type": "end_turn", "expected_version": old})
    assert stale.status_code == 409
    problem = stale.get_json()
    assert problem["code"] == "version_conflict"
    assert (problem["expected_version"], problem["current_version"]) == (old, now)
    assert store.version(collector_game.id) == now


def _race(app: Flask, game: Game, body: dict[str, Any]) -> list[Any]:
    """Send the same command from two threads at once; return both responses."""
    barrier = threading.Barrier(2)
    results: list[Any] = [None, None]

    def send(index: int) -> None:
        local = app.test_client()
        barrier.wait()
        results[index] = command(local, game, 0, body)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    return results


@pytest.mark.parametrize(
    ("with_version", "loser"),
    [(True, (409, "version_conflict")), (False, (422, "unknown_card"))],
    ids=["with expected_version", "without expected_version"],
)
def test_two_racing_copies_of_a_command_store_one_batch(
    app: Flask, store: EventStore, with_version: bool, loser: tuple[int, str]
) -> None:
    client = app.test_client()
    game = create_scripted(client)
    body = _rex_play(client, game)
    if with_version:
        body["expected_version"] = game.version
    results = _race(app, game, body)
    statuses = sorted(r.status_code for r in results)
    assert statuses == sorted([200, loser[0]])
    winner = next(r for r in results if r.status_code == 200).get_json()
    refused = next(r for r in results if r.status_code != 200).get_json()
    assert refused["code"] == loser[1]
    stored = store.read(game.id, after=game.version)
    assert [e["version"] for e in stored] == [e["version"] for e in winner["events"]]
    assert [e["type"] for e in stored].count("minion_played") == 1
