"""docs/ratings.md: the requests it shows are answered as it says."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from tests.api.helpers import bearer, doc_page


def page() -> str:
    """docs/ratings.md, as :func:`~tests.api.helpers.doc_page` reads it."""
    return doc_page("ratings.md")


def test_the_bot_account_the_page_creates_is_a_bot_everywhere(client: FlaskClient) -> None:
    body = re.search(r"-X POST \$BASE/players .*?-d '(\{.*?\})'", page(), re.DOTALL)
    assert body is not None
    made = client.post("/v1/players", json=json.loads(body.group(1)))
    assert made.status_code == 201
    assert made.get_json()["bot"] is True
    me = client.get("/v1/players/me", headers=bearer(made.get_json()["token"])).get_json()
    assert me["bot"] is True


def test_the_rated_game_the_page_shows_is_rated_once_it_ends(client: FlaskClient) -> None:
    me = client.post("/v1/players", json={"name": "MyBot", "bot": True}).get_json()["id"]
    body = re.search(r"-X POST \$BASE/games .*?-d '(\{.*?)'\$ME'(.*?\})'", page(), re.DOTALL)
    assert body is not None
    sent = json.loads(body.group(1) + me + body.group(2))
    assert sent["rated"] is True
    made = client.post("/v1/games", json=sent)
    assert made.status_code == 201, made.get_json()
    assert [s["player"] for s in made.get_json()["seats"]] == [me, "builtin-greedy"]


def test_every_leaderboard_query_of_the_page_is_answered(client: FlaskClient) -> None:
    queries = re.findall(r'"\$BASE(/leaderboard\?[^"]*)"', page())
    assert len(queries) >= 2
    for query in queries:
        response = client.get("/v1" + query)
        assert response.status_code == 200, (query, response.get_json())
        assert response.get_json()["bots"] == "only"


def test_the_challenge_to_a_built_in_bot_the_page_shows_is_accepted_at_once(
    client: FlaskClient,
) -> None:
    made = client.post("/v1/players", json={"name": "MyBot", "bot": True}).get_json()
    body = re.search(r"-X POST \$BASE/challenges .*?-d '(\{.*?\})'", page(), re.DOTALL)
    assert body is not None
    answer = client.post(
        "/v1/challenges", json=json.loads(body.group(1)), headers=bearer(made["token"])
    )
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["status"] == "accepted"
