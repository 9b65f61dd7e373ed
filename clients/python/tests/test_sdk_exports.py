"""Bulk exports and the docs redirect through the SDK, against a real server."""

from __future__ import annotations

from sdk_helpers import wait_until
from smashup_client import Client

BOTS = [
    {"name": "A", "factions": ["aliens", "dinosaurs"], "bot": "random"},
    {"name": "B", "factions": ["robots", "wizards"], "bot": "random"},
]


def test_a_finished_game_is_in_the_export_with_its_whole_log(client: Client) -> None:
    game_id = client.games.create(BOTS, seed="sdk-export")["id"]
    wait_until(lambda: client.games.get(game_id)["status"] == "ended", 60, "the bots' game")
    exported = {line["game_id"]: line for line in client.exports.games(limit=10000)}
    log = client.games.log(game_id)
    assert exported[game_id]["events"] == log
    events = client.exports.games(limit=10000, format="events")
    assert [e for e in events if e["game_id"] == game_id] == [
        {"game_id": game_id, **event} for event in log
    ]


def test_the_docs_redirect_names_the_docs_page(client: Client) -> None:
    assert client.site.docs_redirect().endswith("/docs")
