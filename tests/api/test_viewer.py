"""The viewer's page and assets, and the narration of a finished game (without a browser)."""

from __future__ import annotations

from flask.testing import FlaskClient

from domain import event_from_dict
from domain.narrate import narrate
from events.store import EventStore
from tests.api.helpers import ANN, BOB, create, create_scripted

BOTS = {"players": [{**ANN, "bot": "random"}, {**BOB, "bot": "random"}], "seed": "narrated"}


MODULES = ("viewer.js", "play.js", "live.js", "api.js", "i18n.js", "home.js")


def test_the_table_page_and_its_modules_come_from_the_package(client: FlaskClient) -> None:
    game = create_scripted(client)
    page = client.get(f"/games/{game.id}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<script type="module" src="/viewer/viewer.js">' in html
    scripts = ""
    for name in (*MODULES, "viewer.css"):
        asset = client.get(f"/viewer/{name}")
        assert asset.status_code == 200
        assert asset.mimetype == ("text/css" if name.endswith(".css") else "text/javascript")
        scripts += asset.get_data(as_text=True)
    for text in (html, scripts):  # nothing from a CDN: the server works offline
        assert "http://" not in text
        assert "https://" not in text
    for path in ("/stream", "/moves", "/commands", "/state?at=", "/narration", "Authorization"):
        assert path in scripts
    assert "sessionStorage" in scripts


def test_the_home_page_links_the_metrics_and_lists_games_through_the_api(
    client: FlaskClient,
) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'href="/metrics"' in page
    assert "/v1/games?status=" in client.get("/viewer/home.js").get_data(as_text=True)


def test_a_malformed_game_id_or_an_unknown_asset_is_a_404_problem(client: FlaskClient) -> None:
    for path in ("/games/not%20an%20id", "/viewer/secret.py", "/viewer/..%2Fopenapi.yaml"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.get_json()["code"] == "not_found"


def test_the_narration_tells_each_line_of_smashup_replay_with_its_version(
    client: FlaskClient, store: EventStore
) -> None:
    game = create(client, BOTS)
    response = client.get(f"/v1/games/{game.id}/narration")
    assert response.status_code == 200
    lines = response.get_json()["lines"]
    events = [event_from_dict(e) for e in store.read(game.id)]
    assert [line["text"] for line in lines] == [line.strip() for line in narrate(events)]
    versions = [line["version"] for line in lines]
    assert versions == sorted(versions)
    assert versions[0] == 1
    assert lines[0]["text"].startswith(f"Game {game.id}: Ann (")
    assert versions[-1] == len(events)
    assert lines[-1]["text"].startswith("Game over: ")
    for line in lines:
        if line["text"].startswith("== Turn "):
            assert events[line["version"] - 1].type == "turn_started"


def test_the_narration_of_a_game_that_goes_on_is_refused(client: FlaskClient) -> None:
    game = create_scripted(client)
    response = client.get(f"/v1/games/{game.id}/narration")
    assert response.status_code == 403
    assert response.get_json()["code"] == "game_not_ended"
    missing = client.get("/v1/games/nope/narration")
    assert missing.status_code == 404
    assert client.get(f"/v1/games/{game.id}/narration?x=1").status_code == 422
