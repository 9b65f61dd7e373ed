"""Leaving and undoing at the table, in a real browser: take back a misplayed minion, resign
with a confirming second click, and offer a draw that the other person accepts.

Debian's chromium, headless, driven by selenium, on an app served on 127.0.0.1 whose bot jobs
run inline. The games are scripted, so each plays the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.api.browser import (
    chromium,
    click_base,
    click_card,
    sign_in,
    text_of,
    wait_for,
)
from tests.api.helpers import bearer, create
from tests.api.live import live_server

ANN = {"name": "Ann", "factions": ["dinosaurs", "ninjas"], "bot": None}
BOB = {"name": "Bob", "factions": ["aliens", "wizards"], "bot": None}
ROBO = {"name": "Robo", "factions": ["pirates", "robots"], "bot": "greedy"}
QUIET: dict[str, Any] = {
    "bases": ["base.jungle_oasis", "base.tar_pits"],
    "base_deck": ["base.the_homeworld", "base.the_mothership"],
    "decks": [["dinosaurs.war_raptor"] * 6, ["pirates.first_mate"] * 6],
    "hands": [["dinosaurs.king_rex", "ninjas.shinobi"], ["pirates.first_mate"]],
}
"""Ann plays first; King Rex draws, reveals and scores nothing, so it can be taken back."""
REX_ON_OASIS = '.base[data-base="0"] .minion[data-card="dinosaurs.king_rex"]'
REX_IN_HAND = '#hand-cards button[data-card="dinosaurs.king_rex"][data-playable="true"]'


@pytest.fixture
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("leaving-profile")) as driver:
        yield driver


def table_button(driver: WebDriver, kind: str) -> Any:
    """The table-moves button of that command type, once shown."""
    selector = f'#table-moves button[data-type="{kind}"]'
    return wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, selector), kind)[0]


def test_a_misplayed_minion_is_taken_back_by_a_click_and_the_game_resigned_by_two(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app(STREAM_KEEPALIVE=0.5)  # a closed page's stream ends at once
    client = app.test_client()
    game = create(client, {"players": [ANN, ROBO], "scripted": QUIET})
    with live_server(app) as base_url:
        sign_in(browser, base_url, game.id, game.tokens[0], game.version)
        assert not browser.find_elements(By.CSS_SELECTOR, '#table-moves [data-type="takeback"]')
        click_card(browser, "dinosaurs.king_rex")
        click_base(browser, 0)
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, REX_ON_OASIS), "Rex played")
        asked = table_button(browser, "takeback")
        assert asked.text == "Ask to take back your last move"
        asked.click()  # Robo, a bot, accepts at once
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, REX_IN_HAND), "Rex back")
        assert not browser.find_elements(By.CSS_SELECTOR, REX_ON_OASIS)
        events = client.get(f"/v1/games/{game.id}/events?after=0").get_json()["events"]
        assert [e["type"] for e in events[-3:]] == [
            "takeback_requested",
            "takeback_accepted",
            "taken_back",
        ]
        resign = table_button(browser, "resign")
        assert resign.text == "Resign"
        resign.click()  # the first click only asks again
        wait_for(browser, lambda d: "click again" in resign.text, "the confirmation")
        assert client.get(f"/v1/games/{game.id}").get_json()["status"] == "active"
        resign.click()
        wait_for(browser, lambda d: text_of(d, "status") == "ended", "the game's end")
        assert "winner: Robo" in text_of(browser, "awaiting")
    final = client.get(f"/v1/games/{game.id}").get_json()
    assert (final["status"], final["winner"], final["end_reason"]) == ("ended", 1, "resigned")


def test_a_draw_offered_by_a_click_is_accepted_by_the_other_persons_click(
    browser: WebDriver, tmp_path_factory: pytest.TempPathFactory, make_app: Callable[..., Flask]
) -> None:
    app = make_app(STREAM_KEEPALIVE=0.5)
    client = app.test_client()
    game = create(client, {"players": [ANN, BOB], "scripted": QUIET})
    with chromium(tmp_path_factory.mktemp("bob-profile")) as bob, live_server(app) as base_url:
        sign_in(browser, base_url, game.id, game.tokens[0], game.version)
        sign_in(bob, base_url, game.id, game.tokens[1], game.version)
        table_button(browser, "offer_draw").click()
        accept = "#other-moves button"
        found = wait_for(bob, lambda d: d.find_elements(By.CSS_SELECTOR, accept), "the answers")
        assert sorted(b.text for b in found) == ["Accept the draw", "Decline the draw"]
        next(b for b in found if b.text == "Accept the draw").click()
        wait_for(browser, lambda d: text_of(d, "status") == "ended", "the draw, on Ann's page")
        wait_for(bob, lambda d: text_of(d, "status") == "ended", "the draw, on Bob's page")
        assert not any(b.is_displayed() for b in bob.find_elements(By.CSS_SELECTOR, accept))
    final = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
    assert (final["status"], final["winner"], final["end_reason"]) == ("ended", None, "agreed_draw")
