"""Racing clients, retries and long-polls: batches never interleave, a key appends once.

Each thread has its own test client over one app (one Redis client pool, one service cache),
as the threads of a server would. After a race the stored log is checked with the domain's
``verify``: every batch must be exactly what the rules produce from the state before it, so an
interleaved or lost batch would be caught at its first event.
"""

from __future__ import annotations

import itertools
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask

from api.routes.common import EXTENSION
from domain import PlayMinion, redact_payload
from domain.verify import decode_records, verify
from events.store import EventStore
from service.games import Games
from tests.api.helpers import ANN, BOB, Game, bearer, create, create_scripted

THREADS = 12


def _verified(store: EventStore, game_id: str) -> int:
    """Check a game's whole log with the rules; return its length."""
    envelopes = store.read(game_id)
    events, error = decode_records(envelopes)
    assert error is None, error
    state, error = verify(events)
    assert error is None, error
    assert state is not None
    assert state.game_id == game_id
    return len(envelopes)


def _run(workers: list[Callable[[], None]]) -> None:
    """Run functions in threads started together; re-raise the first failure."""
    failures: list[BaseException] = []
    barrier = threading.Barrier(len(workers))

    def wrap(work: Callable[[], None]) -> None:
        try:
            barrier.wait()
            work()
        except BaseException as error:  # reported in the main thread
            failures.append(error)

    threads = [threading.Thread(target=wrap, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not any(t.is_alive() for t in threads)
    if failures:
        raise failures[0]


def _racer(app: Flask, game: Game, seed: int, deadline: float, batches: list[Any]) -> None:
    """Send random legal moves of both seats, stale or not, some retried with their key."""
    rng = random.Random(seed)
    client = app.test_client()
    path = f"/v1/games/{game.id}"
    n = 0
    while time.monotonic() < deadline:
        seat = rng.choice(sorted(game.tokens))
        headers = bearer(game.tokens[seat])
        moves = client.get(f"{path}/moves", headers=headers).get_json()["moves"]
        if not moves:
            continue
        move = dict(rng.choice(moves))
        if rng.random() < 0.5:
            move.pop("expected_version")
        n += 1
        key = f"racer-{seed}-{n}" if rng.random() < 0.3 else None
        sent = {**headers, "Idempotency-Key": key} if key else headers
        response = client.post(f"{path}/commands", json=move, headers=sent)
        assert response.status_code in (200, 409, 422), response.get_json()
        if response.status_code != 200:
            assert response.get_json()["code"] in (
                "version_conflict",
                "not_your_turn",
                "illegal_move",
                "illegal_target",
                "unknown_card",
                "game_not_active",
            )
            continue
        answer = response.get_json()
        batches.append((seat, answer))
        if key is not None:
            again = client.post(f"{path}/commands", json=move, headers=sent)
            assert again.status_code == 200
            assert again.headers["Idempotent-Replayed"] == "true"
            assert again.get_json()["version"] == answer["version"]
            assert again.get_json()["events"] == answer["events"]


def test_racing_clients_on_one_game_never_interleave_batches(app: Flask, store: EventStore) -> None:
    client = app.test_client()
    game = create(client, {"players": [ANN, BOB], "seed": "race"})
    batches: list[Any] = []
    deadline = time.monotonic() + 5
    _run([lambda s=s: _racer(app, game, s, deadline, batches) for s in range(THREADS)])
    length = _verified(store, game.id)
    spans = sorted((a["events"][0]["version"], a["version"]) for _, a in batches if a["events"])
    assert len(spans) > 20
    for (_, last), (first, _) in itertools.pairwise(spans):
        assert last < first, "two accepted commands claim the same versions"
    assert spans[-1][1] <= length
    stored = {e["version"]: e for e in store.read(game.id)}
    for seat, answer in batches:
        for event in answer["events"]:
            true = stored[event["version"]]
            assert event["type"] == true["type"]
            assert event["payload"] == redact_payload(true["type"], true["payload"], seat)


def test_one_command_raced_under_one_key_is_appended_once(app: Flask, store: EventStore) -> None:
    game = create_scripted(app.test_client())
    view = app.test_client().get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0]))
    uid = next(
        c["uid"] for c in view.get_json()["players"][0]["hand"] if c["card"] == "aliens.collector"
    )
    body = {"type": "play_minion", "card": uid, "base": 1}
    headers = {**bearer(game.tokens[0]), "Idempotency-Key": "once"}
    answers: list[tuple[bool, Any]] = []

    def send() -> None:
        response = app.test_client().post(
            f"/v1/games/{game.id}/commands", json=body, headers=headers
        )
        assert response.status_code == 200, response.get_json()
        answers.append((response.headers.get("Idempotent-Replayed") == "true", response.get_json()))

    _run([send] * 16)
    assert sorted(replayed for replayed, _ in answers) == [False] + [True] * 15
    first = answers[0][1]
    assert all(a == first for _, a in answers)
    assert store.version(game.id) == first["version"] == game.version + len(first["events"])
    assert _verified(store, game.id) == first["version"]


def test_a_retry_checked_just_before_the_first_append_still_gets_the_first_answer(
    app: Flask, store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = create_scripted(app.test_client())
    service: Games = app.extensions[EXTENSION]
    state = service.load(game.id)
    uid = next(c.uid for c in state.players[0].hand if c.card == "aliens.collector")
    command = PlayMinion(0, uid, 1)
    first = service.execute(game.id, 0, command, idempotency_key="late")
    looked_up = service.store.idempotent_response
    misses = iter([None])  # the retry looked for the key before the first one was appended

    def racing_lookup(game_id: str, key: str) -> Any:
        return next(misses, None) or looked_up(game_id, key)

    monkeypatch.setattr(service.store, "idempotent_response", racing_lookup)
    again = service.execute(game.id, 0, command, idempotency_key="late")
    assert again.replayed
    assert again.answer == first.answer
    assert store.version(game.id) == first.answer["version"]


def test_long_polls_wake_on_the_next_event(app: Flask, store: EventStore) -> None:
    game = create_scripted(app.test_client())
    woke: dict[str, tuple[float, Any]] = {}
    after = game.version

    def poll(name: str, path: str, headers: dict[str, str]) -> Callable[[], None]:
        def run() -> None:
            response = app.test_client().get(path, headers=headers)
            assert response.status_code == 200, response.get_json()
            woke[name] = (time.monotonic(), response.get_json())

        return run

    events = f"/v1/games/{game.id}/events?after={after}&wait=20"
    pollers = [
        poll("ann", events, bearer(game.tokens[0])),
        poll("bob", events, bearer(game.tokens[1])),
        poll("spectator", events, {}),
        poll("bob turns", "/v1/me/turns?wait=20", bearer(game.tokens[1])),
    ]
    sent: list[float] = []

    def end_turn() -> None:
        time.sleep(0.5)
        sent.append(time.monotonic())
        response = app.test_client().post(
            f"/v1/games/{game.id}/commands",
            json={"type": "end_turn"},
            headers=bearer(game.tokens[0]),
        )
        assert response.status_code == 200

    started = time.monotonic()
    _run([*pollers, end_turn])
    assert time.monotonic() - started < 10
    for name, (at, body) in woke.items():
        assert at - sent[0] < 3, f"{name} woke {at - sent[0]:.2f}s after the command"
        if name == "bob turns":
            assert [t["game"] for t in body["turns"]] == [game.id]
        else:
            assert body["events"][0]["version"] == after + 1


def _player(app: Flask, game: Game, seed: int, moves: int) -> Callable[[], None]:
    def run() -> None:
        rng = random.Random(seed)
        client = app.test_client()
        for _ in range(moves):
            view = client.get(f"/v1/games/{game.id}").get_json()
            if view["awaiting"] is None:
                return
            seat = view["awaiting"]["seat"]
            headers = bearer(game.tokens[seat])
            options = client.get(f"/v1/games/{game.id}/moves", headers=headers).get_json()
            response = client.post(
                f"/v1/games/{game.id}/commands", json=rng.choice(options["moves"]), headers=headers
            )
            assert response.status_code == 200, response.get_json()

    return run


def test_many_games_played_at_once_keep_their_own_logs(app: Flask, store: EventStore) -> None:
    client = app.test_client()
    games = [create(client, {"players": [ANN, BOB], "seed": f"many-{i}"}) for i in range(8)]
    versions = {g.id: g.version for g in games}
    _run([_player(app, g, i, 25) for i, g in enumerate(games)])
    for g in games:
        assert _verified(store, g.id) > versions[g.id] + 20
