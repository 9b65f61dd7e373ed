"""Tournaments over the API: entries, starts, rounds paired once by the job, standings, feeds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from api.routes.common import EXTENSION
from service import tournaments as tournaments_module
from service.pairings import game_points
from service.tournaments import Tournaments, tournaments_of
from tests.api.helpers import bearer
from tests.api.test_accounts import account

BUILTINS = ["builtin-random", "builtin-greedy", "builtin-search"]


@pytest.fixture
def fast(make_app: Callable[..., Flask]) -> Flask:
    """The app with a search bot of few playouts (inline bot jobs)."""
    return make_app(SEARCH_PLAYOUTS=4)


def service_of(app: Flask) -> Tournaments:
    """The tournaments service of the app."""
    found = tournaments_of(app.extensions[EXTENSION])
    assert found is not None
    return found


def create(client: FlaskClient, by: dict[str, Any], **body: Any) -> dict[str, Any]:
    """POST /v1/tournaments by account ``by``; the created tournament."""
    response = client.post("/v1/tournaments", json=body, headers=bearer(by["token"]))
    assert response.status_code == 201, response.get_json()
    made: dict[str, Any] = response.get_json()
    return made


def feed_types(app: Flask, who: dict[str, Any]) -> list[str]:
    """The types of the tournament entries of an account's feed, oldest first."""
    entries = service_of(app).feeds.read(who["id"], "0", 0)
    return [e["type"] for e in entries if e["type"].startswith("tournament_")]


def test_a_round_robin_of_the_built_in_bots_runs_to_the_end_by_itself(fast: Flask) -> None:
    client = fast.test_client()
    host = account(client, "Host")
    made = create(client, host, name="Bots", bots=BUILTINS)
    assert made["status"] == "open"
    assert [p["player"] for p in made["players"]] == BUILTINS
    started = client.post(f"/v1/tournaments/{made['id']}/start", headers=bearer(host["token"]))
    assert started.status_code == 200, started.get_json()
    shown = client.get(f"/v1/tournaments/{made['id']}").get_json()
    assert shown["status"] == "finished"
    assert (shown["rounds"], shown["round"]) == (3, 3)  # three players: one rests each round
    assert sorted(b["player"] for b in shown["byes"]) == sorted(BUILTINS)
    pairs = sorted(tuple(sorted(g["players"])) for g in shown["games"])
    assert pairs == sorted(tuple(sorted(p)) for p in [BUILTINS[:2], BUILTINS[1:], BUILTINS[::2]])
    points = dict.fromkeys(BUILTINS, 1.0)  # the bye
    for game in shown["games"]:
        view = client.get(f"/v1/games/{game['game']}").get_json()
        assert view["status"] == "ended"
        assert [p["vp"] for p in view["players"]] == game["vp"]
        for seat, player in enumerate(game["players"]):
            points[player] += game_points(game["places"], seat)
    assert {r["player"]: r["points"] for r in shown["standings"]} == points
    assert [r["points"] for r in shown["standings"]] == sorted(points.values(), reverse=True)
    for player in BUILTINS:  # every game rated: two each
        profile = client.get(f"/v1/players/{player}").get_json()
        assert next(r for r in profile["ratings"] if r["category"] == "2p")["games"] == 2
    listed = client.get("/v1/tournaments?status=finished").get_json()["tournaments"]
    assert [t["id"] for t in listed] == [made["id"]]
    assert listed[0]["players"] == 3


def test_entries_open_until_the_start_and_the_creator_alone_starts(
    app: Flask, client: FlaskClient
) -> None:
    host, ann, bob, cat = (account(client, n) for n in ("Host", "Ann", "Bob", "Cat"))
    made = create(client, host, max_players=2)
    url = f"/v1/tournaments/{made['id']}"
    assert client.post(f"{url}/start", headers=bearer(host["token"])).get_json()["code"] == (
        "too_few_players"
    )
    assert client.post(f"{url}/join", headers=bearer(ann["token"])).status_code == 200
    again = client.post(f"{url}/join", headers=bearer(ann["token"]))
    assert (again.status_code, again.get_json()["code"]) == (409, "already_entered")
    assert client.post(f"{url}/join", headers=bearer(bob["token"])).status_code == 200
    full = client.post(f"{url}/join", headers=bearer(cat["token"]))
    assert (full.status_code, full.get_json()["code"]) == (409, "tournament_full")
    gone = client.post(f"{url}/leave", headers=bearer(cat["token"]))
    assert (gone.status_code, gone.get_json()["code"]) == (409, "not_entered")
    assert client.post(f"{url}/leave", headers=bearer(bob["token"])).status_code == 200
    assert client.post(f"{url}/join", headers=bearer(cat["token"])).status_code == 200
    refused = client.post(f"{url}/start", headers=bearer(ann["token"]))
    assert (refused.status_code, refused.get_json()["code"]) == (403, "forbidden")
    started = client.post(f"{url}/start", headers=bearer(host["token"])).get_json()
    assert started["status"] == "running"
    assert [p["player"] for p in started["players"]] == [ann["id"], cat["id"]]
    late = client.post(f"{url}/join", headers=bearer(bob["token"]))
    assert (late.status_code, late.get_json()["code"]) == (409, "tournament_not_open")
    [game] = client.get(url).get_json()["games"]  # round 1: the two people, waiting to play
    assert sorted(game["players"]) == sorted([ann["id"], cat["id"]])
    assert client.get(f"/v1/games/{game['game']}").get_json()["status"] == "active"
    for who in (ann, cat):
        assert feed_types(app, who) == ["tournament_started", "tournament_round"]
    assert client.get("/v1/tournaments/nope").get_json()["code"] == "tournament_not_found"


def test_a_tournament_that_starts_when_full_starts_with_its_last_entry(client: FlaskClient) -> None:
    host, ann = account(client, "Host"), account(client, "Ann")
    made = create(client, host, max_players=2, start_when_full=True, bots=["builtin-random"])
    joined = client.post(f"/v1/tournaments/{made['id']}/join", headers=bearer(ann["token"]))
    assert joined.get_json()["status"] == "running"
    assert len(client.get(f"/v1/tournaments/{made['id']}").get_json()["games"]) == 1


def test_fixed_factions_are_given_when_joining_and_played_in_every_game(
    client: FlaskClient,
) -> None:
    host, ann = account(client, "Host"), account(client, "Ann")
    made = create(client, host, factions="fixed", bots=["builtin-random"])
    url = f"/v1/tournaments/{made['id']}"
    missing = client.post(f"{url}/join", json={}, headers=bearer(ann["token"]))
    assert (missing.status_code, missing.get_json()["code"]) == (422, "validation_error")
    body = {"factions": ["robots", "wizards"]}
    assert client.post(f"{url}/join", json=body, headers=bearer(ann["token"])).status_code == 200
    client.post(f"{url}/start", headers=bearer(host["token"]))
    [game] = client.get(url).get_json()["games"]
    seat = game["players"].index(ann["id"])
    assert game["factions"][seat] == ["robots", "wizards"]
    view = client.get(f"/v1/games/{game['game']}").get_json()
    assert view["players"][seat]["factions"] == ["robots", "wizards"]


def test_a_drafted_tournament_game_opens_with_the_faction_draft(client: FlaskClient) -> None:
    host, ann = account(client, "Host"), account(client, "Ann")
    made = create(client, host, factions="draft", bots=["builtin-random"])
    url = f"/v1/tournaments/{made['id']}"
    assert client.post(f"{url}/join", json={}, headers=bearer(ann["token"])).status_code == 200
    client.post(f"{url}/start", headers=bearer(host["token"]))
    [game] = client.get(url).get_json()["games"]
    assert game["factions"] == [[], []]
    view = client.get(f"/v1/games/{game['game']}", headers=bearer(ann["token"])).get_json()
    picks = view["draft"]["picks"]
    assert [p["seat"] for p in picks] == view["draft"]["order"][: len(picks)]
    assert view["phase"] == "draft"  # the bot picked when its turn came; Ann's pick is awaited
    assert view["draft"]["picking"] == game["players"].index(ann["id"])


def test_a_bad_tournament_is_refused(client: FlaskClient) -> None:
    host = account(client, "Host")
    for body in (
        {"seats": 5},
        {"format": "knockout"},
        {"bots": ["builtin-random", "builtin-random"]},
        {"bots": ["someone"]},
        {"factions": "chosen"},
        {"surprise": 1},
    ):
        answer = client.post("/v1/tournaments", json=body, headers=bearer(host["token"]))
        assert (answer.status_code, answer.get_json()["code"]) == (422, "validation_error"), body
    assert client.post("/v1/tournaments", json={}).status_code == 401


def test_the_round_job_run_again_or_after_dying_pairs_each_round_once(
    fast: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = fast.test_client()
    host = account(client, "Host")
    made = create(client, host, bots=BUILTINS[:2])
    service = service_of(fast)
    scheduler, service.scheduler = service.scheduler, None  # no job runs by itself
    client.post(f"/v1/tournaments/{made['id']}/start", headers=bearer(host["token"]))

    def die(accounts: Any, record: dict[str, Any], games: Any) -> None:
        raise SystemExit("the worker died after writing the round, before its games")

    monkeypatch.setattr(tournaments_module, "create_games", die)
    with pytest.raises(SystemExit):
        service.advance(made["id"])
    [game] = service.record(made["id"])["games"]
    assert not service.accounts.store.exists(game["game"])
    monkeypatch.undo()
    service.scheduler = scheduler
    service.advance(made["id"])  # makes the game; played inline, its end runs the job again
    assert service.record(made["id"])["status"] == "finished"
    for _ in range(2):
        assert service.advance(made["id"]) == "nothing"
    shown = client.get(f"/v1/tournaments/{made['id']}").get_json()
    assert [g["game"] for g in shown["games"]] == [game["game"]]
    assert shown["status"] == "finished"
    assert feed_types(fast, host) == []  # the creator did not enter


def test_a_tournament_starts_at_its_time_or_is_canceled_without_players(
    client: FlaskClient, app: Flask
) -> None:
    host = account(client, "Host")
    service = service_of(app)
    lone = create(client, host, starts_at="2030-01-01T00:00:00+00:00", bots=["builtin-random"])
    assert lone["starts_at"] == "2030-01-01T00:00:00.000Z"
    assert service.advance(lone["id"], now=0) == "nothing"  # not yet
    assert service.advance(lone["id"], now=1.9e9) == "canceled"
    assert service.record(lone["id"])["status"] == "canceled"
    pair = create(client, host, starts_at="2030-01-01T00:00:00Z", bots=BUILTINS[:2])
    assert service.advance(pair["id"], now=1.9e9) == "started"
    assert service.record(pair["id"])["status"] in ("running", "finished")
