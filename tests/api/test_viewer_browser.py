"""The web viewer in a real browser: Debian's chromium, headless, driven by selenium.

It loads the viewer of a live game and sees a move made through the API appear, shows a seat
its own hand with names in French, and scrubs a finished game with its narration. Screenshots
go to ``artifacts/`` (not committed). Chromium must be installed (``.ci/run`` installs it):
without it these tests fail, they are not skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.api.browser import ARTIFACTS, chromium, text_of, wait_for
from tests.api.browser import screenshot as save_screenshot
from tests.api.helpers import ANN, BOB, bearer, create, create_scripted
from tests.api.live import live_server


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("chromium-profile")) as driver:
        yield driver


@pytest.fixture(autouse=True)
def leave_the_page(browser: WebDriver) -> Iterator[None]:
    """After each test the page is closed, so its stream ends while Redis still runs."""
    yield
    browser.get("about:blank")


def _wait(driver: WebDriver, check: Callable[[WebDriver], Any], what: str) -> Any:
    return wait_for(driver, check, what)


def _text(driver: WebDriver, element_id: str) -> str:
    return text_of(driver, element_id)


def _screenshot(driver: WebDriver, name: str) -> Path:
    return save_screenshot(driver, ARTIFACTS / name)


def test_the_viewer_shows_a_move_made_through_the_api_as_it_happens(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app()
    client = app.test_client()
    game = create_scripted(client)
    ann = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
    version = ann["version"]
    collector = next(c for c in ann["players"][0]["hand"] if c["card"] == "aliens.collector")
    with live_server(app) as base_url:
        browser.get(f"{base_url}/games/{game.id}")
        _wait(browser, lambda d: _text(d, "version") == str(version), "the game's version")
        assert _text(browser, "seat-label") == "spectator"
        assert "Jungle Oasis" in _text(browser, "bases")
        _wait(browser, lambda d: _text(d, "live") == "● live", "the live stream")
        assert not browser.find_element(By.ID, "replay").is_displayed()
        first_base = browser.find_element(By.CSS_SELECTOR, '.base[data-index="0"]')
        assert "First Mate" in first_base.text
        assert not first_base.find_elements(By.CSS_SELECTOR, '[data-card="aliens.collector"]')
        assert "awaiting Ann" in _text(browser, "awaiting")
        body = {"type": "play_minion", "card": collector["uid"], "base": 0}
        answer = client.post(
            f"/v1/games/{game.id}/commands", json=body, headers=bearer(game.tokens[0])
        )
        assert answer.status_code == 200
        selector = '.base[data-index="0"] .minion[data-card="aliens.collector"]'
        # read inside the wait: a live update may redraw the minion between finding and reading
        shown = _wait(
            browser,
            lambda d: [m.text for m in d.find_elements(By.CSS_SELECTOR, selector)],
            "the Collector",
        )
        assert "Collector" in shown[0]
        _wait(
            browser,
            lambda d: _text(d, "version") == str(answer.get_json()["version"]),
            "the new version",
        )
        _screenshot(browser, "viewer-live.png")


def test_a_seat_token_in_the_address_moves_into_the_page_and_shows_that_seats_hand_in_french(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app()
    game = create_scripted(app.test_client())
    with live_server(app) as base_url:
        browser.get(f"{base_url}/games/{game.id}?lang=fr&token={game.tokens[0]}")
        _wait(browser, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
        assert _text(browser, "seat-label") == "siège 0 (Ann)"
        hand = _text(browser, "hand-cards")
        assert "Collector" in hand
        assert "King Rex" in hand
        assert "Oasis Luxuriant" in _text(browser, "bases")  # base.jungle_oasis in French
        url = browser.current_url
        assert url.endswith(f"/games/{game.id}?lang=fr")  # the token left the address
        kept = browser.execute_script(f"return sessionStorage.getItem('smashup.seat.{game.id}')")
        assert kept == game.tokens[0]
        bob_view = _text(browser, "players")
        assert "main 2" in bob_view
        assert _text(browser, "log").startswith("v1 · partie créée\nv2 · début du tour — Ann")
        browser.execute_script("localStorage.clear(); sessionStorage.clear();")


def test_a_finished_game_is_scrubbed_version_by_version_with_its_narration(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app()
    client = app.test_client()
    bots = [{**ANN, "bot": "random"}, {**BOB, "bot": "random"}]
    game = create(client, {"players": bots, "seed": "viewer"})
    final = client.get(f"/v1/games/{game.id}").get_json()
    assert final["status"] == "ended"
    last = final["version"]
    with live_server(app) as base_url:
        browser.get(f"{base_url}/games/{game.id}")
        _wait(browser, lambda d: d.find_element(By.ID, "replay").is_displayed(), "the scrubber")
        _wait(browser, lambda d: _text(d, "at") == str(last), "the last version")
        assert _text(browser, "narration").startswith("v")
        assert "winner: " in _text(browser, "awaiting")
        browser.find_element(By.ID, "first").click()
        _wait(browser, lambda d: _text(d, "version") == "1", "version 1")
        assert _text(browser, "narration").startswith(f"v1: Game {game.id}: Ann (")
        browser.find_element(By.ID, "next-line").click()
        _wait(browser, lambda d: _text(d, "version") != "1", "the next narrated step")
        stepped = int(_text(browser, "version"))
        assert _text(browser, "narration").startswith(f"v{stepped}: ")
        middle = last // 2
        browser.execute_script(
            "const s = document.getElementById('scrubber');"
            "s.value = arguments[0]; s.dispatchEvent(new Event('input'));",
            middle,
        )
        _wait(browser, lambda d: _text(d, "version") == str(middle), "the middle version")
        at_middle = client.get(f"/v1/games/{game.id}/state?at={middle}").get_json()
        shown_vp = [
            e.text.split(" VP")[0] for e in browser.find_elements(By.CSS_SELECTOR, ".player .vp")
        ]
        assert shown_vp == [str(p["vp"]) for p in at_middle["players"]]
        browser.find_element(By.ID, "prev").click()
        _wait(browser, lambda d: _text(d, "version") == str(middle - 1), "one version back")
        _screenshot(browser, "viewer-replay.png")
