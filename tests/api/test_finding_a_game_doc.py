"""docs/finding-a-game.md: its curl walk-throughs, run with the bodies the page shows."""

from __future__ import annotations

import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from tests.api.helpers import bearer, doc_page

_CURL = re.compile(r"-X POST \$BASE(/[^ ]+)(?:(?!curl).)*?-d '(\{.*?\})'", re.DOTALL)


def requests_shown() -> list[tuple[str, dict[str, Any]]]:
    """Every ``POST`` of the page with a literal JSON body: ``(path, body)``, in page order."""
    text = doc_page("finding-a-game.md")
    return [(path, json.loads(body)) for path, body in _CURL.findall(text)]


def shown(path: str) -> dict[str, Any]:
    """The first body the page sends to ``path`` (a path of the page, variables and all)."""
    return next(body for where, body in requests_shown() if where == path)


def test_the_page_shows_a_body_for_each_step_of_its_walk_throughs() -> None:
    paths = [path for path, _ in requests_shown()]
    for step in ("/games", "/games/$GAME/join", "/players", "/seeks", "/seeks/$SEEK/accept"):
        assert step in paths, step
    assert "/pairing" in paths


def test_two_shells_find_each_other_as_the_page_shows(client: FlaskClient, app: Flask) -> None:
    made = client.post("/v1/games", json=shown("/games"))
    assert made.status_code == 202, made.get_json()
    game_id, ann = made.get_json()["id"], made.get_json()["tokens"][0]["token"]
    bob_shell = app.test_client()
    assert [g["id"] for g in bob_shell.get("/v1/games?open=true").get_json()["games"]] == [game_id]
    joined = bob_shell.post(f"/v1/games/{game_id}/join", json=shown("/games/$GAME/join"))
    assert joined.status_code == 200, joined.get_json()
    assert joined.get_json()["table"]["status"] == "started"
    view = client.get(f"/v1/games/{game_id}", headers=bearer(ann)).get_json()
    assert view["status"] == "active"
    moves = bob_shell.get(
        f"/v1/games/{game_id}/moves", headers=bearer(joined.get_json()["token"])
    ).get_json()
    assert moves["seat"] == 1


def test_two_accounts_meet_through_a_seek_and_the_pool_as_the_page_shows(
    client: FlaskClient,
) -> None:
    ann = client.post("/v1/players", json=shown("/players")).get_json()
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    made = client.post("/v1/seeks", json=shown("/seeks"), headers=bearer(ann["token"]))
    assert made.status_code == 201, made.get_json()
    seek_id = made.get_json()["id"]
    accepted = client.post(
        f"/v1/seeks/{seek_id}/accept",
        json=shown("/seeks/$SEEK/accept"),
        headers=bearer(bob["token"]),
    )
    assert accepted.get_json()["table"]["game"] == seek_id
    feed = client.get("/v1/me/stream?after=0&timeout=0.3", headers=bearer(ann["token"]))
    kinds = [json.loads(x)["type"] for x in feed.get_data(as_text=True).splitlines() if x]
    assert kinds[:2] == ["seek_accepted", "game_started"]

    pairing = shown("/pairing")
    first = client.post("/v1/pairing", json=pairing, headers=bearer(ann["token"])).get_json()
    assert first["status"] == "waiting"
    other = {**pairing, "factions": ["ninjas", "pirates"]}
    second = client.post("/v1/pairing", json=other, headers=bearer(bob["token"])).get_json()
    assert (second["status"], second["seek"]["id"]) == ("started", first["seek"]["id"])
