"""docs/browser.md: its request bodies are accepted and the pictures it shows exist."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from tests.api.helpers import DOCS

PAGE = (DOCS / "browser.md").read_text(encoding="utf-8")


def curl_body(path: str) -> object:
    """The JSON body of the page's curl example POSTing to ``path``."""
    found = re.search(rf"curl -s -X POST http://127\.0\.0\.1:8000{path} .*?-d '(.*?)'", PAGE, re.S)
    assert found, path
    return json.loads(found.group(1))


def test_the_pages_curl_examples_create_an_account_and_a_game_against_a_bot(
    client: FlaskClient,
) -> None:
    account = client.post("/v1/players", json=curl_body("/v1/players"))
    assert account.status_code == 201
    assert account.get_json()["token"].startswith("sua_")
    game = client.post("/v1/games", json=curl_body("/v1/games"))
    assert game.status_code == 201
    seats = game.get_json()["seats"]
    assert [s["bot"] for s in seats] == [None, "greedy"]
    assert seats[0]["token"]


def test_every_picture_the_page_shows_is_in_docs() -> None:
    pictures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", PAGE)
    assert sorted(pictures) == [
        "browser-home-desktop.png",
        "browser-home-phone.png",
        "browser-table-desktop.png",
        "browser-table-phone.png",
    ]
    for name in pictures:
        assert (DOCS / name).stat().st_size > 10_000
