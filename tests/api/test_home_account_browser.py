"""The home page with a player account: its games, its challenges, and games it starts.

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

from tests.api.browser import chromium, text_of, wait_for
from tests.api.helpers import bearer
from tests.api.live import live_server


@pytest.fixture
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("account-profile")) as driver:
        yield driver


def new_account(client: FlaskClient, name: str) -> dict[str, Any]:
    """POST /v1/players: the account with its token."""
    response = client.post("/v1/players", json={"name": name})
    assert response.status_code == 201
    body: dict[str, Any] = response.get_json()
    return body


def sign_in_home(driver: WebDriver, base_url: str, token: str) -> None:
    """Open the home page and sign in to an account by typing its token."""
    driver.get(f"{base_url}/")
    field = wait_for(driver, lambda d: d.find_element(By.ID, "account-token"), "the field")
    field.send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "#account-form button").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "account").is_displayed(), "the account")


def test_an_account_accepts_a_challenge_on_the_home_page_and_plays_its_seat_at_the_table(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    app = make_app(STREAM_KEEPALIVE=0.5)
    client = app.test_client()
    ann = new_account(client, "Ann")
    bob = new_account(client, "Bob")
    body = {"to": ann["id"], "factions": ["ninjas", "pirates"], "seat": 1}
    challenge = client.post("/v1/challenges", json=body, headers=bearer(bob["token"]))
    assert challenge.status_code == 201
    with live_server(app) as base_url:
        sign_in_home(browser, base_url, ann["token"])
        wait_for(browser, lambda d: text_of(d, "account-name") == "Ann", "Ann's name")
        wait_for(browser, lambda d: text_of(d, "challenges") != "", "the challenges")
        assert text_of(browser, "my-games") == "none"
        assert "Ninjas + Pirates — pending" in text_of(browser, "challenges")
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#mine-1 option"), "factions")
        accept = '//button[normalize-space(.)="Accept (with your factions)"]'
        browser.find_element(By.XPATH, accept).click()
        wait_for(browser, lambda d: "/games/" in d.current_url, "the table")
        game_id = browser.current_url.rsplit("/games/", 1)[1]
        wait_for(browser, lambda d: text_of(d, "seat-label") == "seat 0 (Ann)", "Ann's seat")
        assert "token" not in browser.current_url
        view = client.get(f"/v1/games/{game_id}").get_json()
        assert [p["name"] for p in view["players"]] == ["Ann", "Bob"]
        assert view["players"][0]["factions"] == ["aliens", "dinosaurs"]  # the first two
        browser.get(f"{base_url}/")
        listed = f'#my-games a[href="/games/{game_id}"]'
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, listed), "the game listed")
        assert "accepted" in text_of(browser, "challenges")
        browser.find_element(By.XPATH, '//button[normalize-space(.)="Play against a bot"]').click()
        wait_for(browser, lambda d: "/games/" in d.current_url.replace(game_id, ""), "a new game")
        wait_for(browser, lambda d: text_of(d, "seat-label") == "seat 0 (Ann)", "Ann's seat")
        against_bot = browser.current_url.rsplit("/games/", 1)[1]
        mine = client.get("/v1/me/games", headers=bearer(ann["token"])).get_json()["games"]
        assert {g["game"] for g in mine} == {game_id, against_bot}
        browser.get("about:blank")
