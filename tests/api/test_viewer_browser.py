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
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.helpers import ANN, BOB, bearer, create, create_scripted
from tests.api.live import live_server

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,900",
)
WAIT = 20.0
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


def _wait(driver: WebDriver, check: Callable[[WebDriver], Any], what: str) -> Any:
    return WebDriverWait(driver, WAIT, poll_frequency=0.1).until(check, what)


def _text(driver: WebDriver, element_id: str) -> str:
    text: str = driver.find_element(By.ID, element_id).text
    return text


def _screenshot(driver: WebDriver, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    return path


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
        assert _text(browser, "live") == "● live"
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
        minion = _wait(
            browser, lambda d: d.find_elements(By.CSS_SELECTOR, selector), "the Collector"
        )[0]
        assert "Collector" in minion.text
        _wait(
            browser,
            lambda d: _text(d, "version") == str(answer.get_json()["version"]),
            "the new version",
        )
        _screenshot(browser, "viewer-live.png")


def test_a_seat_token_shows_that_seats_hand_and_names_follow_the_language(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app()
    game = create_scripted(app.test_client())
    with live_server(app) as base_url:
        browser.get(f"{base_url}/games/{game.id}?lang=fr&token={game.tokens[0]}")
        _wait(browser, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
        assert _text(browser, "seat-label") == "seat 0 (Ann)"
        hand = _text(browser, "hand-cards")
        assert "Collector" in hand
        assert "King Rex" in hand
        assert "Oasis Luxuriant" in _text(browser, "bases")  # base.jungle_oasis in French
        url = browser.current_url
        assert "?lang=fr#token=" in url  # the token left the query for the fragment
        assert "token=" not in url.split("#")[0]
        bob_view = _text(browser, "players")
        assert "hand 2" in bob_view


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
