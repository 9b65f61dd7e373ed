"""The home page's open games: a person joins a game opened over HTTP and plays it at the table.

Debian's chromium, headless, driven by selenium, on an app served on 127.0.0.1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.api.browser import chromium, text_of, wait_for
from tests.api.helpers import bearer
from tests.api.live import live_server

ANN = {"name": "Ann", "factions": ["aliens", "dinosaurs"]}
OPEN = {"open": True}


@pytest.fixture
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("open-games-profile")) as driver:
        yield driver


def open_game(client: FlaskClient, *players: dict[str, Any]) -> dict[str, Any]:
    """POST /v1/games leaving seats open: the 202 answer."""
    response = client.post("/v1/games", json={"players": list(players), "seed": 3})
    assert response.status_code == 202, response.get_json()
    body: dict[str, Any] = response.get_json()
    return body


def join_from_home(driver: WebDriver, base_url: str, game_id: str, name: str) -> None:
    """On the home page, Join the listed game as `name` with Ninjas + Pirates, by keyboard."""
    driver.get(f"{base_url}/")
    button = f'#open-games button[data-table="{game_id}"]'
    join = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, button), "the open game")
    assert join.text == "Join"
    assert join.get_attribute("aria-label") == "Join the game of Ann"
    assert "Ann (Aliens + Dinosaurs), open seat" in text_of(driver, "open-games")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#join-1 option"), "factions")
    join.click()
    form = driver.find_element(By.ID, "join-form")
    assert form.is_displayed()
    assert driver.switch_to.active_element.get_attribute("id") == "join-title"
    field = driver.find_element(By.ID, "join-name")
    field.clear()
    field.send_keys(name)
    Select(driver.find_element(By.ID, "join-1")).select_by_value("ninjas")
    Select(driver.find_element(By.ID, "join-2")).select_by_value("pirates")
    assert driver.find_element(By.ID, "join-2").get_attribute("aria-label") == "Your second faction"
    driver.find_element(By.ID, "join-go").click()
    wait_for(driver, lambda d: f"/games/{game_id}" in d.current_url, "the table")
    assert "token" not in driver.current_url


def test_a_person_joins_an_open_game_from_the_home_page_and_sees_their_hand(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app(STREAM_KEEPALIVE=0.5)
    client = app.test_client()
    made = open_game(client, ANN, OPEN)
    game_id = made["id"]
    with live_server(app) as base_url:
        join_from_home(browser, base_url, game_id, "Bob")
        wait_for(browser, lambda d: text_of(d, "seat-label") == "seat 1 (Bob)", "Bob's seat")
        wait_for(browser, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
        assert browser.find_elements(By.CSS_SELECTOR, "#hand-cards button.card")
        assert not browser.find_element(By.ID, "waiting").is_displayed()
        stored = browser.execute_script(f"return sessionStorage.getItem('smashup.seat.{game_id}')")
        view = client.get(f"/v1/games/{game_id}", headers=bearer(stored)).get_json()
        assert view["players"][1]["name"] == "Bob"
        assert view["players"][1]["factions"] == ["ninjas", "pirates"]
        assert isinstance(view["players"][1]["hand"], list)
        browser.get(f"{base_url}/")
        wait_for(browser, lambda d: text_of(d, "open-games") == "none", "no open game left")
        browser.get("about:blank")


def test_the_table_waits_for_the_last_seat_then_shows_the_hand(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app(STREAM_KEEPALIVE=0.5)
    client = app.test_client()
    made = open_game(client, ANN, OPEN, OPEN)
    game_id = made["id"]
    with live_server(app) as base_url:
        browser.get(f"{base_url}/")
        button = f'#open-games button[data-table="{game_id}"]'
        wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, button), "the game")
        Select(browser.find_element(By.ID, "lang")).select_by_value("fr")
        wait_for(browser, lambda d: "Rejoindre" in text_of(d, "open-games"), "Rejoindre")
        Select(browser.find_element(By.ID, "lang")).select_by_value("en")
        join_from_home(browser, base_url, game_id, "Bob")
        waiting = "Waiting for players"
        wait_for(browser, lambda d: waiting in text_of(d, "waiting"), "the waiting message")
        assert browser.find_element(By.ID, "waiting").get_attribute("role") == "status"
        assert not browser.find_element(By.ID, "error").is_displayed()
        body = {"name": "Cy", "factions": ["robots", "wizards"]}
        last = client.post(f"/v1/games/{game_id}/join", json=body)
        assert last.status_code == 200, last.get_json()
        wait_for(browser, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
        assert text_of(browser, "seat-label") == "seat 1 (Bob)"
        assert not browser.find_element(By.ID, "waiting").is_displayed()
        browser.get("about:blank")


def test_a_signed_in_account_accepts_a_seek_from_the_home_page(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app(STREAM_KEEPALIVE=0.5)
    client = app.test_client()
    ann, bob = (client.post("/v1/players", json={"name": n}).get_json() for n in ("Ann", "Bob"))
    body = {"seats": 2, "factions": ["aliens", "dinosaurs"], "rated": False}
    seek = client.post("/v1/seeks", json=body, headers=bearer(ann["token"]))
    assert seek.status_code in (200, 201), seek.get_json()
    seek_id = seek.get_json()["id"]
    with live_server(app) as base_url:
        browser.get(f"{base_url}/")
        field = wait_for(browser, lambda d: d.find_element(By.ID, "account-token"), "the field")
        field.send_keys(bob["token"])
        browser.find_element(By.CSS_SELECTOR, "#account-form button").click()
        button = f'#seeks button[data-table="{seek_id}"]'
        join = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, button), "the seek")
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#join-1 option"), "factions")
        join.click()
        assert not browser.find_element(By.ID, "join-name").is_displayed()  # the account's name
        Select(browser.find_element(By.ID, "join-1")).select_by_value("ninjas")
        Select(browser.find_element(By.ID, "join-2")).select_by_value("pirates")
        browser.find_element(By.ID, "join-go").click()
        wait_for(browser, lambda d: "/games/" in d.current_url, "the table")
        wait_for(browser, lambda d: text_of(d, "seat-label") == "seat 1 (Bob)", "Bob's seat")
        wait_for(browser, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
        browser.get("about:blank")
