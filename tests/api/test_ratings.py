"""Bot accounts, rated games, their exactly-once rating update, profiles and the leaderboard."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue, SimpleWorker

from api.routes.common import EXTENSION
from events.store import EventStore
from service.games import Games
from service.ratings import Rating, Ratings, places, rate
from service.social import social_of
from tests.api.helpers import ANN, bearer
from tests.api.test_accounts import account, challenge
from tests.api.test_seeks import accept, seek
from tests.problems import refused

RANDOM, GREEDY = "builtin-random", "builtin-greedy"


def ratings_of(app: Flask) -> Ratings:
    """The ratings service of the app."""
    service: Games = app.extensions[EXTENSION]
    social = social_of(service)
    assert social is not None
    return social.ratings


def bot_game(client: FlaskClient, first: str, second: str, **extra: Any) -> str:
    """A game between two accounts (built-in bots play it to the end, inline)."""
    body = {
        "players": [
            {"player": first, "factions": ["aliens", "dinosaurs"]},
            {"player": second, "factions": ["ninjas", "pirates"]},
        ],
        "seed": "ratings",
        **extra,
    }
    response = client.post("/v1/games", json=body)
    assert response.status_code == 201, response.get_json()
    return str(response.get_json()["id"])


def two_seat(client: FlaskClient, player: str) -> dict[str, Any]:
    """The account's 2-seat rating, from its profile."""
    profile = client.get(f"/v1/players/{player}").get_json()
    found: dict[str, Any] = next(r for r in profile["ratings"] if r["category"] == "2p")
    return found


def test_a_bot_account_says_it_is_one_in_every_account_view(client: FlaskClient) -> None:
    made = client.post("/v1/players", json={"name": "Robo", "bot": True}).get_json()
    person = account(client, "Ann")
    assert made["bot"] is True
    assert person["bot"] is False
    assert client.get("/v1/players/me", headers=bearer(made["token"])).get_json()["bot"] is True
    assert client.get(f"/v1/players/{made['id']}").get_json()["bot"] is True
    assert client.get(f"/v1/players/{person['id']}").get_json()["bot"] is False


def test_the_built_in_bots_are_bot_accounts_with_stable_ids(client: FlaskClient) -> None:
    for name in ("random", "greedy", "search"):
        profile = client.get(f"/v1/players/builtin-{name}").get_json()
        assert (profile["id"], profile["name"], profile["bot"]) == (f"builtin-{name}", name, True)


def test_a_new_account_has_the_starting_provisional_rating_in_both_categories(
    client: FlaskClient,
) -> None:
    made = account(client, "Ann")
    profile = client.get(f"/v1/players/{made['id']}").get_json()
    assert [r["category"] for r in profile["ratings"]] == ["2p", "3-4p"]
    start = Rating()
    for shown in profile["ratings"]:
        assert shown["games"] == 0
        assert shown["provisional"] is True
        assert shown["mu"] == pytest.approx(start.mu, abs=1e-3)
        assert shown["sigma"] == pytest.approx(start.sigma, abs=1e-3)
    assert profile["games"] == {"total": 0, "rated": 0}
    assert profile["factions"] == {}
    assert profile["recent"] == []


def test_a_rated_game_of_built_in_bots_rates_both_once_with_history_and_factions(
    app: Flask, client: FlaskClient, store: EventStore
) -> None:
    game_id = bot_game(client, RANDOM, GREEDY, rated=True)
    assert store.meta(game_id)["status"] == "ended"
    assert ratings_of(app).is_rated(game_id)
    state = app.extensions[EXTENSION].load(game_id)
    ranks = places([p.vp for p in state.players], state.winner)
    expected = rate([Rating(), Rating()], ranks)
    for seat, player in enumerate((RANDOM, GREEDY)):
        shown = two_seat(client, player)
        assert shown["games"] == 1
        assert shown["wins"] == int(ranks[seat] == 1)
        assert shown["mu"] == pytest.approx(expected[seat].mu, abs=1e-3)
        assert shown["rating"] == pytest.approx(expected[seat].rating, abs=1e-3)
        profile = client.get(f"/v1/players/{player}").get_json()
        assert profile["games"] == {"total": 1, "rated": 1}
        [recent] = profile["recent"]
        assert (recent["game"], recent["place"], recent["category"]) == (game_id, ranks[seat], "2p")
        assert recent["opponents"] == [GREEDY if player == RANDOM else RANDOM]
        for faction in state.players[seat].factions:
            assert profile["factions"][faction] == {"games": 1, "wins": int(ranks[seat] == 1)}


def test_running_the_rating_job_again_changes_no_rating(
    app: Flask, client: FlaskClient, redis_client: Any, prefix: str
) -> None:
    game_id = bot_game(client, RANDOM, GREEDY, rated=True)
    before = [two_seat(client, p) for p in (RANDOM, GREEDY)]
    assert ratings_of(app).apply(game_id) is False
    queue = Queue("ratings-test", connection=redis_client)
    jobs = [  # the real rq job, twice, in a worker
        queue.enqueue("workers.ratings.rate_game", game_id, prefix=prefix) for _ in range(2)
    ]
    SimpleWorker([queue], connection=redis_client).work(burst=True)
    assert [(j.get_status(), j.return_value()) for j in jobs] == [("finished", False)] * 2
    assert [two_seat(client, p) for p in (RANDOM, GREEDY)] == before
    assert len(client.get(f"/v1/players/{RANDOM}").get_json()["recent"]) == 1


def test_a_worker_dying_mid_update_writes_nothing_and_the_next_run_rates_once(
    app: Flask, client: FlaskClient
) -> None:
    ratings = ratings_of(app)
    ratings.scheduler = None  # the game ends with its update not yet done
    game_id = bot_game(client, RANDOM, GREEDY, rated=True)
    assert not ratings.is_rated(game_id)
    assert two_seat(client, RANDOM)["games"] == 0

    def die() -> None:
        raise SystemExit("the worker died between computing and writing")

    with pytest.raises(SystemExit):
        ratings.apply(game_id, between=die)
    assert not ratings.is_rated(game_id)
    assert [two_seat(client, p)["games"] for p in (RANDOM, GREEDY)] == [0, 0]
    assert client.get(f"/v1/players/{RANDOM}").get_json()["recent"] == []
    assert ratings.apply(game_id) is True
    once = [two_seat(client, p) for p in (RANDOM, GREEDY)]
    assert ratings.apply(game_id) is False
    assert [two_seat(client, p) for p in (RANDOM, GREEDY)] == once
    assert [r["games"] for r in once] == [1, 1]


def test_a_game_not_asked_rated_changes_no_rating(app: Flask, client: FlaskClient) -> None:
    game_id = bot_game(client, RANDOM, GREEDY)
    assert ratings_of(app).apply(game_id) is False
    assert two_seat(client, RANDOM)["games"] == 0
    assert client.get(f"/v1/players/{RANDOM}").get_json()["games"] == {"total": 1, "rated": 0}


def test_a_rated_game_needs_every_seat_an_account_and_no_script(client: FlaskClient) -> None:
    body = {"players": [{"player": RANDOM, "factions": ["aliens", "dinosaurs"]}, ANN]}
    refused = client.post("/v1/games", json={**body, "rated": True})
    assert refused.status_code == 422
    assert "rated" in refused.get_json()["errors"]
    scripted = {
        "players": [
            {"player": RANDOM, "factions": ["aliens", "dinosaurs"]},
            {"player": GREEDY, "factions": ["ninjas", "pirates"]},
        ],
        "scripted": {"first_seat": 0},
        "rated": True,
    }
    assert client.post("/v1/games", json=scripted).status_code == 422
    assert client.post("/v1/games", json={**body, "rated": "yes"}).status_code == 422


def test_the_leaderboard_lists_bot_accounts_apart_best_first_a_page_at_a_time(
    client: FlaskClient,
) -> None:
    bot_game(client, RANDOM, GREEDY, rated=True)
    assert client.get("/v1/leaderboard").get_json()["players"] == []
    first = client.get("/v1/leaderboard?category=2p&bots=only&limit=1").get_json()
    assert first["next_cursor"] == "1"
    assert [e["rank"] for e in first["players"]] == [1]
    second = client.get(f"/v1/leaderboard?bots=only&limit=1&cursor={first['next_cursor']}")
    page = second.get_json()
    assert page["next_cursor"] is None
    assert [e["rank"] for e in page["players"]] == [2]
    both = first["players"] + page["players"]
    assert {e["player"]["id"] for e in both} == {RANDOM, GREEDY}
    assert both[0]["rating"] >= both[1]["rating"]
    assert all(e["player"]["bot"] for e in both)
    everyone = client.get("/v1/leaderboard?bots=include").get_json()["players"]
    assert [e["player"]["id"] for e in everyone] == [e["player"]["id"] for e in both]
    assert client.get("/v1/leaderboard?category=3-4p&bots=include").get_json()["players"] == []


@pytest.mark.parametrize("query", ["category=5p", "bots=maybe", "limit=0", "cursor=-1"])
def test_a_bad_leaderboard_query_is_a_422(client: FlaskClient, query: str) -> None:
    response = client.get(f"/v1/leaderboard?{query}")
    refused(response, 422, "validation_error")


def test_a_rated_challenge_and_a_rated_seek_make_rated_games(
    client: FlaskClient, store: EventStore
) -> None:
    ann, bob = account(client, "Ann"), account(client, "Bob")
    made = challenge(client, ann, bob, rated=True).get_json()
    assert made["rated"] is True
    body = {"factions": ["ninjas", "pirates"]}
    accepted = client.post(
        f"/v1/challenges/{made['id']}/accept", json=body, headers=bearer(bob["token"])
    ).get_json()
    assert store.meta(accepted["game"]).get("rated") == "1"
    casual = challenge(client, ann, bob).get_json()
    played = client.post(
        f"/v1/challenges/{casual['id']}/accept", json=body, headers=bearer(bob["token"])
    ).get_json()
    assert "rated" not in store.meta(played["game"])
    opened = seek(client, ann, rated=True).get_json()
    joined = accept(client, opened["id"], bob, ["robots", "wizards"]).get_json()
    assert store.meta(joined["table"]["game"]).get("rated") == "1"


def test_a_built_in_bot_accepts_a_challenge_at_once_with_factions_of_its_own(
    client: FlaskClient, store: EventStore
) -> None:
    ann = account(client, "Ann")
    answer = challenge(client, ann, {"id": GREEDY}, rated=True, seat=1)
    assert answer.status_code == 201, answer.get_json()
    made = answer.get_json()
    assert (made["status"], made["rated"]) == ("accepted", True)
    assert store.meta(made["game"]).get("rated") == "1"
    view = client.get(f"/v1/games/{made['game']}").get_json()
    bot_seat, ann_seat = view["players"]
    assert len(set(bot_seat["factions"]) | set(ann_seat["factions"])) == 4
    assert client.get(f"/v1/players/{GREEDY}").get_json()["games"]["total"] == 1
