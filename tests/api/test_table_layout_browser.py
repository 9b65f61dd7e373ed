"""The table and the home page on a phone-sized screen, by keyboard, with accessible names.

Screenshots of both pages at desktop and phone sizes go to ``artifacts/`` (or to the folder
named by ``SMASHUP_SCREENSHOTS``, e.g. ``docs`` to refresh docs/browser-*.png).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver

from tests.api.browser import ARTIFACTS, DESKTOP, PHONE, chromium, screenshot, wait_for
from tests.api.helpers import create
from tests.api.live import live_server
from tests.api.test_table_browser import GREEDY, HUMAN, SPECIAL_GAME, settle, sign_in

SHOTS = Path(os.environ.get("SMASHUP_SCREENSHOTS") or ARTIFACTS)
CONTROLS = "button:not([hidden]), input, select, [role=button]"
SELECTS = ("mine-1", "mine-2", "bot-1", "bot-2")


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a phone-sized window."""
    with chromium(tmp_path_factory.mktemp("phone-profile"), PHONE) as driver:
        yield driver


@pytest.fixture(autouse=True)
def leave_the_page(phone: WebDriver) -> Iterator[None]:
    """After each test the page is closed, so its stream ends while Redis still runs."""
    yield
    phone.get("about:blank")


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The app with short stream keep-alives."""
    return make_app(STREAM_KEEPALIVE=0.5)


def unnamed_controls(driver: WebDriver) -> list[str]:
    """The visible controls without an accessible name (their outer HTML).

    A live update may draw the board anew during the scan: then the scan starts again.
    """
    for _ in range(5):
        try:
            return [
                str(control.get_attribute("outerHTML"))[:120]
                for control in driver.find_elements(By.CSS_SELECTOR, CONTROLS)
                if control.is_displayed() and not (control.accessible_name or "").strip()
            ]
        except StaleElementReferenceException:
            continue
    raise AssertionError("the page kept changing during the scan")


def fits_the_width(driver: WebDriver) -> bool:
    """Nothing sticks out sideways (no horizontal scrolling)."""
    return bool(
        driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth + 1;"
        )
    )


def home_at(driver: WebDriver, base_url: str, size: tuple[int, int], shot: str) -> None:
    """Open the home page in a window of ``size``, check it fits and is named, screenshot it."""
    driver.set_window_size(*size)
    driver.get(f"{base_url}/")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#mine-1 option"), "factions")
    assert fits_the_width(driver)
    assert unnamed_controls(driver) == []
    screenshot(driver, SHOTS / shot)


def test_a_phone_sized_table_is_played_by_keyboard_with_every_control_named(
    phone: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    game = create(client, {"players": [HUMAN, GREEDY], "scripted": SPECIAL_GAME})
    version = client.get(f"/v1/games/{game.id}").get_json()["version"]
    with live_server(app) as base_url:
        home_at(phone, base_url, PHONE, "browser-home-phone.png")
        names = [phone.find_element(By.ID, i).accessible_name for i in SELECTS]
        assert names == [
            "Your factions",
            "Your second faction",
            "Bot's factions",
            "Bot's second faction",
        ]
        sign_in(phone, base_url, game.id, game.tokens[0], version)
        assert fits_the_width(phone)
        assert unnamed_controls(phone) == []
        rex = phone.find_element(By.CSS_SELECTOR, '[data-card="dinosaurs.king_rex"]')
        rex.send_keys(Keys.ENTER)  # a hand card is a button: Enter picks it
        base = wait_for(
            phone, lambda d: d.find_elements(By.CSS_SELECTOR, '.base.target[data-base="0"]'), "0"
        )[0]
        assert base.get_attribute("tabindex") == "0"
        assert base.accessible_name
        screenshot(phone, SHOTS / "browser-table-phone.png")
        base.send_keys(Keys.ENTER)
        settle(phone, version + 1)
        end_turn = phone.find_element(By.ID, "end-turn")
        end_turn.send_keys(Keys.ENTER)
        option = '//dialog[@open]//button[normalize-space(.)="Pass"]'
        wait_for(phone, lambda d: d.find_elements(By.XPATH, option), "the dialog")
        focused = phone.switch_to.active_element
        assert focused.tag_name == "button"  # the dialog takes the focus
        options = phone.find_elements(By.CSS_SELECTOR, "dialog[open] button")
        assert [o.accessible_name for o in options] == ["Shinobi: play it here", "Pass"]
        assert phone.find_element(By.ID, "decision").accessible_name.startswith("Me first!")
        option_button = phone.find_element(By.XPATH, option)
        option_button.send_keys(Keys.ENTER)
        wait_for(phone, lambda d: d.find_element(By.ID, "status").text == "ended", "the end")
    assert client.get(f"/v1/games/{game.id}").get_json()["winner"] == 0


def test_screenshots_of_the_table_and_the_home_page_at_desktop_size(
    phone: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    body = {"players": [HUMAN, GREEDY], "scripted": SPECIAL_GAME, "clock": {"seconds": 600}}
    game = create(client, body)
    version = client.get(f"/v1/games/{game.id}").get_json()["version"]
    with live_server(app) as base_url:
        home_at(phone, base_url, DESKTOP, "browser-home-desktop.png")
        sign_in(phone, base_url, game.id, game.tokens[0], version)
        clock = wait_for(phone, lambda d: d.find_element(By.ID, "clock").text, "the clock")
        assert clock.startswith("clock: 9:") or clock == "clock: 10:00"
        phone.find_element(By.CSS_SELECTOR, '[data-card="dinosaurs.king_rex"]').click()
        wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, ".base.target"), "targets")
        assert fits_the_width(phone)
        assert unnamed_controls(phone) == []
        screenshot(phone, SHOTS / "browser-table-desktop.png")
