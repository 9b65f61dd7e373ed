"""The table and the home page in a real browser: a person plays by clicks only.

Debian's chromium, headless, driven by selenium, on an app served on 127.0.0.1 whose bot jobs
run inline. The games are scripted (exact hands, decks and scores) so each is short and
always plays the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.api.browser import (
    chromium,
    click_base,
    click_card,
    click_option,
    settle,
    sign_in,
    text_of,
    wait_for,
)
from tests.api.helpers import bearer, create
from tests.api.live import live_server
from tests.api.proxy import relay

HUMAN = {"name": "Ann", "factions": ["dinosaurs", "ninjas"], "bot": None}
GREEDY = {"name": "Robo", "factions": ["pirates", "aliens"], "bot": "greedy"}
SPECIAL_GAME: dict[str, Any] = {
    "first_seat": 1,
    "bases": ["base.jungle_oasis", "base.tar_pits"],
    "base_deck": ["base.the_homeworld", "base.the_mothership"],
    "decks": [["dinosaurs.war_raptor"] * 6, ["pirates.first_mate"] * 6],
    "hands": [["dinosaurs.king_rex", "ninjas.shinobi"], ["pirates.first_mate"]],
    "board": [{"base": 0, "card": "dinosaurs.armor_stego", "owner": 0}],
    "vp": [13, 0],
}
"""Robo (greedy) plays first; then Ann's King Rex breaks Jungle Oasis (breakpoint 12), her
Shinobi is a Special in the "Me first!" window, and the 2 VP of first place end the game."""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Headless chromium with a fresh profile."""
    with chromium(tmp_path_factory.mktemp("table-profile")) as driver:
        yield driver


@pytest.fixture(autouse=True)
def leave_the_page(browser: WebDriver) -> Iterator[None]:
    """After each test the page is closed, so its stream ends while Redis still runs."""
    yield
    browser.get("about:blank")


@pytest.fixture
def second_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebDriver]:
    """Another person's headless chromium, with its own profile (its own session storage)."""
    with chromium(tmp_path_factory.mktemp("second-profile")) as driver:
        yield driver


@pytest.fixture
def app(make_app: Callable[..., Flask]) -> Flask:
    """The app with short stream keep-alives (a closed page's stream ends at once)."""
    return make_app(STREAM_KEEPALIVE=0.5)


def logged_versions(driver: WebDriver) -> list[int]:
    """The versions of the narration's lines, in order."""
    items = driver.find_elements(By.CSS_SELECTOR, "#log li")
    return [int(item.get_attribute("data-version") or 0) for item in items]


def test_a_person_plays_a_whole_game_against_the_greedy_bot_by_clicks_only(
    browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    game = create(client, {"players": [HUMAN, GREEDY], "scripted": SPECIAL_GAME})
    with live_server(app) as base_url:
        version = client.get(f"/v1/games/{game.id}").get_json()["version"]
        sign_in(browser, base_url, game.id, game.tokens[0], version)
        assert text_of(browser, "seat-label") == "seat 0 (Ann)"
        rex = browser.find_element(By.CSS_SELECTOR, '#hand-cards [data-card="dinosaurs.king_rex"]')
        assert "King Rex" in rex.text
        assert "7" in rex.text
        assert browser.find_elements(By.CSS_SELECTOR, '[data-base="1"]')
        assert "Robo" in text_of(browser, "players")
        click_card(browser, "dinosaurs.king_rex")
        assert "King Rex" in text_of(browser, "hint")
        click_base(browser, 0)
        rex_played = '.base[data-base="0"] .minion[data-card="dinosaurs.king_rex"]'
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, rex_played), "Rex in play")
        wait_for(browser, lambda d: d.find_element(By.ID, "end-turn").is_displayed(), "end turn")
        browser.find_element(By.ID, "end-turn").click()
        prompt = wait_for(
            browser, lambda d: d.find_element(By.ID, "decision-prompt").text, "the Special"
        )
        assert "Me first!" in prompt
        click_option(browser, "Shinobi: play it here")
        shinobi = '.base[data-base="0"] .minion[data-card="ninjas.shinobi"]'
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, shinobi), "Shinobi in play")
        click_option(browser, "Pass")
        wait_for(browser, lambda d: text_of(d, "status") == "ended", "the game's end")
        assert "winner: Ann" in text_of(browser, "awaiting")
        assert not browser.find_element(By.ID, "decision").is_displayed()
        assert "game ended" in text_of(browser, "log")
    final = client.get(f"/v1/games/{game.id}").get_json()
    assert final["status"] == "ended"
    assert final["winner"] == 0
    assert [p["vp"] for p in final["players"]] == [15, 0]
    robo_minions = [(m["card"], m["controller"]) for m in final["bases"][1]["minions"]]
    assert ("pirates.first_mate", 1) in robo_minions  # the greedy bot played its turns


def test_the_home_pages_button_starts_a_game_against_a_bot_and_opens_its_table(
    browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    with live_server(app) as base_url:
        browser.get(f"{base_url}/")
        browser.execute_script("sessionStorage.clear(); localStorage.clear();")
        browser.get(f"{base_url}/")
        mine = wait_for(browser, lambda d: Select(d.find_element(By.ID, "mine-1")), "factions")
        wait_for(browser, lambda d: len(mine.options) >= 16, "the 16 factions")
        mine.select_by_value("wizards")
        Select(browser.find_element(By.ID, "mine-2")).select_by_value("zombies")
        Select(browser.find_element(By.ID, "bot-1")).select_by_value("robots")
        Select(browser.find_element(By.ID, "bot-2")).select_by_value("tricksters")
        browser.find_element(By.XPATH, '//button[normalize-space(.)="Play against a bot"]').click()
        wait_for(browser, lambda d: "/games/" in d.current_url, "the table")
        game_id = browser.current_url.rsplit("/games/", 1)[1]
        assert "token" not in browser.current_url
        wait_for(browser, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
        view = client.get(f"/v1/games/{game_id}").get_json()
        settle(browser, view["version"])
        bases = "return [...document.querySelectorAll('[data-base]')].map(b => b.dataset.base);"
        assert browser.execute_script(bases) == ["0", "1", "2"]
        assert [p["factions"] for p in view["players"]] == [
            ["wizards", "zombies"],
            ["robots", "tricksters"],
        ]
        assert [p["bot"] for p in view["players"]] == [None, "greedy"]
        assert view["awaiting"]["seat"] == 0  # the bot's turn, if first, was played inline
        if view["awaiting"]["kind"] == "play":
            assert browser.find_elements(By.CSS_SELECTOR, '[data-playable="true"]')
        else:  # a hand without minions: the mulligan is offered as a dialog
            assert browser.find_elements(By.CSS_SELECTOR, "dialog[open] button")
        browser.get(f"{base_url}/")
        mine = wait_for(browser, lambda d: Select(d.find_element(By.ID, "lang")), "language")
        mine.select_by_value("fr")
        french = '//button[normalize-space(.)="Jouer contre un bot"]'
        wait_for(browser, lambda d: d.find_elements(By.XPATH, french), "the French button")
        browser.execute_script("localStorage.clear();")


THREE_SEATS: dict[str, Any] = {
    "first_seat": 0,
    "bases": ["base.the_homeworld", "base.the_mothership", "base.ninja_dojo", "base.tortuga"],
    "base_deck": ["base.jungle_oasis", "base.tar_pits"],
    "decks": [["dinosaurs.war_raptor"] * 6, ["wizards.archmage"] * 6, ["robots.warbot"] * 6],
    "hands": [["dinosaurs.king_rex"], ["aliens.invader"], ["robots.warbot"]],
}
"""Ann and Bob each in their own browser, and a greedy bot; nothing breaks a base."""


def play_and_pass(player: WebDriver, card: str, base: int, watcher: WebDriver) -> None:
    """Play a card on a base by clicks and end the turn; the watcher sees both live."""
    click_card(player, card)
    click_base(player, base)
    played = f'.base[data-base="{base}"] .minion[data-card="{card}"]'
    wait_for(watcher, lambda d: d.find_elements(By.CSS_SELECTOR, played), f"{card} seen")
    player.find_element(By.ID, "end-turn").click()
    wait_for(watcher, lambda d: d.find_element(By.ID, "end-turn").is_displayed(), "its turn")


def test_two_browsers_and_a_bot_play_a_three_seat_game_each_seeing_only_its_own_hand(
    browser: WebDriver, second_browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    players = [
        {"name": "Ann", "factions": ["dinosaurs", "ninjas"], "bot": None},
        {"name": "Bob", "factions": ["aliens", "wizards"], "bot": None},
        {"name": "Robo", "factions": ["robots", "pirates"], "bot": "greedy"},
    ]
    game = create(client, {"players": players, "scripted": THREE_SEATS})
    with live_server(app) as base_url:
        sign_in(browser, base_url, game.id, game.tokens[0], game.version)
        sign_in(second_browser, base_url, game.id, game.tokens[1], game.version)
        assert text_of(second_browser, "seat-label") == "seat 1 (Bob)"
        assert not second_browser.find_element(By.ID, "end-turn").is_displayed()
        play_and_pass(browser, "dinosaurs.king_rex", 2, second_browser)
        ann = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
        drawn = [c["uid"] for c in ann["players"][0]["hand"]]
        assert len(drawn) == 2
        for uid in drawn:  # Ann's new cards are nowhere in Bob's page
            assert uid not in second_browser.page_source
        play_and_pass(second_browser, "aliens.invader", 3, browser)  # then Robo plays
        view = client.get(f"/v1/games/{game.id}").get_json()
        assert view["active_seat"] == 0
        assert view["turn"] == 4  # Ann, Bob, Robo, Ann
        settle(browser, view["version"])
        settle(second_browser, view["version"])
        vp = [e.text for e in second_browser.find_elements(By.CSS_SELECTOR, ".player .vp")]
        assert vp == [f"{p['vp']} VP" for p in view["players"]]
        assert view["players"][1]["vp"] == 1  # the Invader's point


def test_the_table_catches_up_after_its_stream_is_dropped(browser: WebDriver, app: Flask) -> None:
    client = app.test_client()
    game = create(client, {"players": [HUMAN, GREEDY], "scripted": SPECIAL_GAME})
    version = client.get(f"/v1/games/{game.id}").get_json()["version"]
    with live_server(app) as server_url, relay(server_url) as link:
        sign_in(browser, link.url, game.id, game.tokens[0], version)
        before = logged_versions(browser)
        assert before == list(range(1, version + 1))
        link.cut()
        wait_for(browser, lambda d: text_of(d, "live") == "reconnecting…", "the dropped stream")
        ann = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
        rex = next(c["uid"] for c in ann["players"][0]["hand"] if c["card"] == "dinosaurs.king_rex")
        body = {"type": "play_minion", "card": rex, "base": 0}
        answer = client.post(
            f"/v1/games/{game.id}/commands", json=body, headers=bearer(game.tokens[0])
        )
        assert answer.status_code == 200
        link.restore()
        settle(browser, answer.get_json()["version"])
        played = '.base[data-base="0"] .minion[data-card="dinosaurs.king_rex"]'
        assert browser.find_elements(By.CSS_SELECTOR, played)
        assert not browser.find_elements(By.CSS_SELECTOR, '[data-card="dinosaurs.king_rex"].card')
        assert logged_versions(browser) == list(range(1, answer.get_json()["version"] + 1))
        assert text_of(browser, "error") == ""


def test_a_wrong_token_is_refused_on_the_table_in_the_apis_words(
    browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    game = create(client, {"players": [HUMAN, GREEDY], "scripted": SPECIAL_GAME})
    refused = client.get(f"/v1/games/{game.id}", headers=bearer("not-a-seat-token"))
    assert refused.status_code == 401
    problem = refused.get_json()
    with live_server(app) as base_url:
        browser.get(f"{base_url}/games/{game.id}")
        field = wait_for(browser, lambda d: d.find_element(By.ID, "token"), "the token field")
        field.send_keys("not-a-seat-token")
        browser.find_element(By.ID, "sign-in-button").click()
        shown = f"{problem['code']}: {problem['detail']}"
        wait_for(browser, lambda d: text_of(d, "error") == shown, "the API's words")
        assert not browser.find_element(By.ID, "hand").is_displayed()
        browser.find_element(By.ID, "sign-out").click()  # forget the token: a spectator again
        wait_for(browser, lambda d: text_of(d, "seat-label") == "spectator", "a spectator")
        assert text_of(browser, "error") == ""


DUEL: dict[str, Any] = {
    "first_seat": 0,
    "bases": ["base.jungle_oasis", "base.tar_pits"],
    "base_deck": ["base.the_homeworld"],
    "decks": [["dinosaurs.war_raptor"] * 4, ["aliens.invader"] * 4],
    "hands": [["cowboys.gunfighter", "dinosaurs.king_rex"], ["aliens.invader"]],
    "board": [{"base": 0, "card": "aliens.collector", "owner": 1}],
}
"""Ann's Gunfighter duels Bob's Collector on Jungle Oasis; each may put a card face down."""


def click_option_with(driver: WebDriver, words: str) -> None:
    """Click the decision dialog's option button whose label contains ``words``."""
    xpath = f'//dialog[@open]//button[contains(., "{words}")]'

    def click(found: WebDriver) -> bool:
        buttons = found.find_elements(By.XPATH, xpath)
        if buttons:
            buttons[0].click()  # redrawn meanwhile: stale, and wait_for looks again
        return bool(buttons)

    wait_for(driver, click, words)


def test_a_duel_is_fought_in_dialogs_and_a_face_down_card_is_named_only_to_its_owner(
    browser: WebDriver, second_browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    players = [
        {"name": "Ann", "factions": ["cowboys", "dinosaurs"], "bot": None},
        {"name": "Bob", "factions": ["aliens", "ninjas"], "bot": None},
    ]
    game = create(client, {"players": players, "scripted": DUEL})
    with live_server(app) as base_url:
        sign_in(browser, base_url, game.id, game.tokens[0], game.version)
        sign_in(second_browser, base_url, game.id, game.tokens[1], game.version)
        click_card(browser, "cowboys.gunfighter")
        click_base(browser, 0)
        click_option_with(browser, "Collector")  # the minion to duel
        click_option_with(browser, "King Rex")  # Ann's card, face down
        wait_for(second_browser, lambda d: "Ann: ?" in text_of(d, "duel"), "the card, unnamed")
        assert "King Rex" not in text_of(second_browser, "duel")
        wait_for(browser, lambda d: "King Rex" in text_of(d, "duel"), "Ann's face-down card")
        options = second_browser.find_elements(By.CSS_SELECTOR, "dialog[open] button")
        assert options[0].text.startswith("Invader")
        options[-1].click()  # Bob puts nothing face down
        wait_for(browser, lambda d: "Me first!" in text_of(d, "decision-prompt"), "Me first!")
        click_option(browser, "Pass")  # the duel's "Me first!" window (Bob holds no Special)
        wait_for(browser, lambda d: "duel ended" in text_of(d, "log"), "the duel's end")
        wait_for(second_browser, lambda d: not d.find_element(By.ID, "duel").is_displayed(), "-")
    view = client.get(f"/v1/games/{game.id}").get_json()
    assert "duel" not in view
    assert [m["card"] for m in view["bases"][0]["minions"]] == ["cowboys.gunfighter"]


def test_a_talent_is_used_by_its_button_and_its_choice_made_in_a_dialog(
    browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    players = [{**HUMAN, "factions": ["vikings", "dinosaurs"]}, GREEDY]
    scripted = {
        **SPECIAL_GAME,
        "first_seat": 0,
        "hands": [["dinosaurs.king_rex"], ["pirates.first_mate"]],
        "board": [{"base": 1, "card": "vikings.huscarl", "owner": 0}],
    }
    game = create(client, {"players": players, "scripted": scripted})
    with live_server(app) as base_url:
        sign_in(browser, base_url, game.id, game.tokens[0], game.version)
        huscarl = '.base[data-base="1"] .minion[data-card="vikings.huscarl"] .p'
        assert browser.find_element(By.CSS_SELECTOR, huscarl).text == "2"
        browser.find_element(By.XPATH, '//button[normalize-space(.)="Talent: Huscarl"]').click()
        click_option_with(browser, "King Rex")  # put on top of the deck
        wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, huscarl).text == "4", "+2")
        assert not browser.find_elements(By.XPATH, '//button[contains(., "Talent")]')
    ann = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
    assert ann["players"][0]["hand"] == []


def test_a_buried_card_is_named_to_its_owner_and_hidden_from_the_other_seat(
    browser: WebDriver, second_browser: WebDriver, app: Flask
) -> None:
    client = app.test_client()
    players = [
        {"name": "Ann", "factions": ["ancient_egyptians", "dinosaurs"], "bot": None},
        {"name": "Bob", "factions": ["aliens", "ninjas"], "bot": None},
    ]
    scripted = {
        **DUEL,
        "hands": [["dinosaurs.king_rex", "dinosaurs.war_raptor"], ["aliens.invader"]],
        "board": [{"base": 0, "card": "ancient_egyptians.pyramid_engineer", "owner": 0}],
    }
    game = create(client, {"players": players, "scripted": scripted})
    with live_server(app) as base_url:
        sign_in(browser, base_url, game.id, game.tokens[0], game.version)
        sign_in(second_browser, base_url, game.id, game.tokens[1], game.version)
        talent = '//button[normalize-space(.)="Talent: Pyramid Engineer"]'
        browser.find_element(By.XPATH, talent).click()
        click_option_with(browser, "King Rex")  # the card to bury from the hand
        buried = '.base[data-base="0"] .buried'
        wait_for(browser, lambda d: d.find_elements(By.CSS_SELECTOR, buried), "Ann's buried card")
        assert browser.find_element(By.CSS_SELECTOR, buried).text == "buried: King Rex"
        wait_for(second_browser, lambda d: d.find_elements(By.CSS_SELECTOR, buried), "for Bob")
        assert second_browser.find_element(By.CSS_SELECTOR, buried).text == "buried: ?"
        assert "King Rex" not in second_browser.find_element(By.ID, "log").text
