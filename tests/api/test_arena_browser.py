"""The arena page: the leaderboard and a tournament's standings, updated while it is played.

Debian's chromium, headless, driven by selenium, on an app served on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.api.browser import chromium, text_of, wait_for
from tests.api.helpers import bearer
from tests.api.live import live_server
from tests.api.test_accounts import account


@pytest.fixture
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("arena-profile")) as driver:
        yield driver


def rows(driver: WebDriver, table: str) -> list[list[str]]:
    """The cells of a table's body, row by row."""
    found = driver.find_elements(By.CSS_SELECTOR, f"#{table} tbody tr")
    return [[td.text for td in tr.find_elements(By.TAG_NAME, "td")] for tr in found]


def test_the_arena_page_follows_a_tournament_to_its_end_and_the_leaderboard(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app(SEARCH_PLAYOUTS=3)
    client = app.test_client()
    host = account(client, "Host")
    body = {"name": "Robots", "bots": ["builtin-random", "builtin-greedy"]}
    made = client.post("/v1/tournaments", json=body, headers=bearer(host["token"])).get_json()
    with live_server(app) as base_url:
        browser.get(f"{base_url}/arena?tournament={made['id']}")
        wait_for(browser, lambda d: "Robots: open" in text_of(d, "tournament-status"), "open")
        assert [r[1] for r in rows(browser, "standings")] == ["random (BOT)", "greedy (BOT)"]
        assert rows(browser, "leaderboard") == []
        started = client.post(f"/v1/tournaments/{made['id']}/start", headers=bearer(host["token"]))
        assert started.status_code == 200  # played inline: it has ended already
        wait_for(
            browser,
            lambda d: "Robots: finished, round 1 of 1" in text_of(d, "tournament-status"),
            "the finished tournament, without reloading the page",
        )
        shown = client.get(f"/v1/tournaments/{made['id']}").get_json()
        names = {"builtin-random": "random (BOT)", "builtin-greedy": "greedy (BOT)"}
        expected = [[names[r["player"]], f"{r['points']:g}"] for r in shown["standings"]]
        wait_for(browser, lambda d: [r[1:3] for r in rows(d, "standings")] == expected, "points")
        [game] = shown["games"]
        link = browser.find_element(By.CSS_SELECTOR, "#tournament-games a")
        assert link.get_attribute("href") == f"{base_url}/games/{game['game']}"
        board = client.get("/v1/leaderboard?bots=include").get_json()["players"]
        wait_for(browser, lambda d: len(rows(d, "leaderboard")) == 2, "the leaderboard")
        assert [r[1] for r in rows(browser, "leaderboard")] == [
            names[e["player"]["id"]] for e in board
        ]
        assert not browser.find_element(By.ID, "error").is_displayed()
        browser.get("about:blank")
