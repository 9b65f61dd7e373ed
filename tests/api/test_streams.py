"""Streams over a real HTTP server on 127.0.0.1: bots, resuming, SSE, keep-alives and the bound."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.store import EventStore
from tests.api.helpers import COLLECTOR_SETUP, bearer
from tests.api.live import open_stream, request, serving
from tests.security.oracle import Oracle

DOC = Path(__file__).resolve().parents[2] / "docs" / "accounts.md"
BOT_DEADLINE = 240.0
"""Seconds the two bots get to play a whole game (they take a few seconds)."""


@pytest.fixture
def live(make_app: Callable[..., Flask]) -> Iterator[str]:
    """The app served on 127.0.0.1, with keep-alives every 0.2 s."""
    with serving(make_app(STREAM_KEEPALIVE=0.2)) as base:
        yield base


def new_account(base: str, name: str) -> dict[str, Any]:
    status, body = request(base, "POST", "/v1/players", body={"name": name})
    assert status == 201
    assert isinstance(body, dict)
    return body


def readme_bot() -> dict[str, Any]:
    """The bot of docs/accounts.md, run as it is written there."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    code = next(b for b in blocks if "def play(" in b)
    assert len(code.strip().splitlines()) < 40
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/accounts.md", "exec"), namespace)
    return namespace


def lines_of(stream: Any, count: int) -> list[dict[str, Any]]:
    """Read ``count`` non-empty ndjson lines (skipping keep-alives)."""
    found: list[dict[str, Any]] = []
    while len(found) < count:
        line = stream.readline()
        assert line, "the stream ended early"
        if line.strip():
            found.append(json.loads(line))
    return found


def test_two_readme_bots_meet_by_challenge_and_play_a_game_to_its_end_from_the_streams(
    live: str,
) -> None:
    bot = readme_bot()
    ann, bob = new_account(live, "Ann"), new_account(live, "Bob")
    results: dict[str, Any] = {}

    def run(who: dict[str, Any], factions: list[str], seed: int) -> None:
        import random

        results[who["name"]] = bot["play"](live, who["token"], factions, 1, random.Random(seed))

    threads = [
        threading.Thread(target=run, args=(ann, ["aliens", "dinosaurs"], 1), daemon=True),
        threading.Thread(target=run, args=(bob, ["ninjas", "pirates"], 2), daemon=True),
    ]
    for thread in threads:
        thread.start()
    status, made = request(
        live,
        "POST",
        "/v1/challenges",
        ann["token"],
        {"to": bob["id"], "factions": ["aliens", "dinosaurs"]},
    )
    assert status == 201
    for thread in threads:
        thread.join(BOT_DEADLINE)
        assert not thread.is_alive(), "the bots did not finish the game in time"
    status, challenge = request(live, "GET", f"/v1/challenges/{made['id']}", ann["token"])
    game = challenge["game"]
    status, view = request(live, "GET", f"/v1/games/{game}")
    assert view["status"] == "ended"
    final = [p["vp"] for p in view["players"]]
    assert results == {"Ann": [final], "Bob": [final]}
    assert max(final) >= 15


def test_a_resumed_account_stream_misses_and_repeats_nothing(live: str) -> None:
    ann, bob = new_account(live, "Ann"), new_account(live, "Bob")
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    made = [request(live, "POST", "/v1/challenges", ann["token"], offer)[1] for _ in range(3)]
    with open_stream(live, "/v1/me/stream?after=0&timeout=10", bob["token"]) as stream:
        first = lines_of(stream, 2)
    more = [request(live, "POST", "/v1/challenges", ann["token"], offer)[1] for _ in range(2)]
    headers = {"Last-Event-ID": first[-1]["id"]}
    with open_stream(live, "/v1/me/stream?timeout=10", bob["token"], **headers) as stream:
        rest = lines_of(stream, 3)
    seen = [entry["data"]["id"] for entry in first + rest]
    assert seen == [c["id"] for c in made + more]
    assert [entry["type"] for entry in first + rest] == ["challenge"] * 5
    ids = [entry["id"] for entry in first + rest]
    assert len(set(ids)) == 5


def test_a_resumed_game_stream_gives_every_event_once_in_the_callers_view(
    live: str, store: EventStore
) -> None:
    ann, bob = new_account(live, "Ann"), new_account(live, "Bob")
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    made = request(live, "POST", "/v1/challenges", ann["token"], offer)[1]
    accepted = request(
        live,
        "POST",
        f"/v1/challenges/{made['id']}/accept",
        bob["token"],
        {"factions": ["ninjas", "pirates"]},
    )[1]
    game = accepted["game"]
    with open_stream(live, f"/v1/games/{game}/stream?timeout=10", ann["token"]) as stream:
        first = lines_of(stream, 2)
    # the game moves on while nobody listens: both seats answer their opening decisions
    for who in (ann, bob):
        _, moves = request(live, "GET", f"/v1/games/{game}/moves", who["token"])
        if moves["moves"]:
            request(live, "POST", f"/v1/games/{game}/commands", who["token"], moves["moves"][0])
    _, everything = request(live, "GET", f"/v1/games/{game}/events", ann["token"])
    total = len(everything["events"])
    assert total > 3
    path = f"/v1/games/{game}/stream?after={first[-1]['version']}&timeout=10"
    with open_stream(live, path, ann["token"]) as stream:
        rest = lines_of(stream, total - 2)
    assert first + rest == everything["events"]
    oracle = Oracle(store, game, 2)
    oracle.check_events(0, first + rest, "game stream")
    assert oracle.checked == total
    assert oracle.leaks == []


def test_streams_answer_server_sent_events_when_asked_with_keep_alives(live: str) -> None:
    ann, bob = new_account(live, "Ann"), new_account(live, "Bob")
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    made = request(live, "POST", "/v1/challenges", ann["token"], offer)[1]
    path = "/v1/me/stream?after=0&timeout=1"
    with open_stream(live, path, bob["token"], Accept="text/event-stream") as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        text = stream.read().decode()
    blocks = [b for b in text.split("\n\n") if b]
    events = [b for b in blocks if not b.startswith(":")]
    assert len(events) == 1
    fields = dict(line.split(": ", 1) for line in events[0].splitlines())
    assert fields["event"] == "challenge"
    assert json.loads(fields["data"])["data"]["id"] == made["id"]
    assert fields["id"] == json.loads(fields["data"])["id"]
    assert sum(1 for b in blocks if b == ": keep-alive") >= 2  # 1 s with one every 0.2 s


def test_stream_lines_follow_the_contract(client: FlaskClient) -> None:
    ann = client.post("/v1/players", json={"name": "Ann"}).get_json()
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    made = client.post("/v1/challenges", json=offer, headers=bearer(ann["token"])).get_json()
    accept = {"factions": ["ninjas", "pirates"]}
    client.post(f"/v1/challenges/{made['id']}/accept", json=accept, headers=bearer(bob["token"]))
    feed = client.get("/v1/me/stream?after=0&timeout=0.3", headers=bearer(bob["token"]))
    kinds = [json.loads(x)["type"] for x in feed.get_data(as_text=True).splitlines() if x]
    assert kinds[:2] == ["challenge", "game_started"]
    game = client.get("/v1/me/games", headers=bearer(bob["token"])).get_json()["games"][0]["game"]
    spectator = client.get(f"/v1/games/{game}/stream?timeout=0.3")
    assert spectator.status_code == 200
    assert spectator.mimetype == "application/x-ndjson"
    bad = client.get("/v1/me/stream?after=nonsense", headers=bearer(bob["token"]))
    assert (bad.status_code, bad.get_json()["code"]) == (422, "validation_error")
    assert client.get("/v1/me/stream").status_code == 401
    stranger = client.get(f"/v1/games/{game}/stream?after=-1")
    assert stranger.status_code == 422


def test_open_streams_are_bounded_like_long_polls_and_other_requests_still_pass(
    make_app: Callable[..., Flask],
) -> None:
    with serving(make_app(MAX_WAITERS=1, STREAM_KEEPALIVE=0.2)) as base:
        ann = new_account(base, "Ann")
        with open_stream(base, "/v1/me/stream?timeout=5", ann["token"]) as stream:
            assert stream.readline() == b"\n"
            status, body = request(base, "GET", "/v1/me/stream?timeout=1", ann["token"])
            assert status == 429
            assert body["code"] == "too_many_waiters"
            assert request(base, "GET", "/v1/players/me", ann["token"])[0] == 200


def test_an_account_long_poll_on_me_turns_returns_when_a_game_starts_waiting_for_it(
    live: str,
) -> None:
    ann, bob = new_account(live, "Ann"), new_account(live, "Bob")
    assert request(live, "GET", "/v1/me/turns?wait=0.2", bob["token"]) == (200, {"turns": []})
    answer: list[Any] = []
    waiting = threading.Thread(
        target=lambda: answer.append(request(live, "GET", "/v1/me/turns?wait=20", bob["token"])),
        daemon=True,
    )
    waiting.start()
    players = [
        {"player": ann["id"], "factions": ["aliens", "dinosaurs"]},
        {"player": bob["id"], "factions": ["ninjas", "pirates"]},
    ]
    scripted = {**COLLECTOR_SETUP, "first_seat": 1}  # Bob acts first
    status, game = request(
        live, "POST", "/v1/games", body={"players": players, "scripted": scripted}
    )
    assert status == 201
    waiting.join(30)
    assert not waiting.is_alive()
    status, body = answer[0]
    assert status == 200
    assert [(t["game"], t["seat"]) for t in body["turns"]] == [(game["id"], 1)]
