"""Debian's chromium, headless, driven by selenium: shared by the browser tests.

Chromium must be installed (``.ci/run`` installs it): without it these tests fail, they are
not skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

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
)
DESKTOP = (1280, 900)
PHONE = (390, 844)
WAIT = 20.0
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def start_chromium(profile: Path, size: tuple[int, int] = DESKTOP) -> WebDriver:
    """A headless chromium with a fresh profile in ``profile`` and a window of ``size``."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(WAIT)
    return driver


@contextmanager
def chromium(profile: Path, size: tuple[int, int] = DESKTOP) -> Iterator[WebDriver]:
    """:func:`start_chromium`, quit when the block ends."""
    driver = start_chromium(profile, size)
    try:
        yield driver
    finally:
        driver.quit()


def wait_for(driver: WebDriver, check: Callable[[WebDriver], Any], what: str) -> Any:
    """Poll ``check`` until it gives something true (at most :data:`WAIT` seconds); an element
    that a live update redrew between finding and reading it is looked for again."""
    wait = WebDriverWait(
        driver, WAIT, poll_frequency=0.1, ignored_exceptions=(StaleElementReferenceException,)
    )
    return wait.until(check, what)


def text_of(driver: WebDriver, element_id: str) -> str:
    """The visible text of the element with that id."""
    text: str = driver.find_element(By.ID, element_id).text
    return text


def screenshot(driver: WebDriver, path: Path) -> Path:
    """Save a screenshot (checked to be a real picture, not an empty one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(path))
    assert path.stat().st_size > 10_000
    return path


def sign_in(driver: WebDriver, base_url: str, game_id: str, token: str, version: int) -> None:
    """Open the table, sign in to a seat by typing its token, wait for ``version``."""
    driver.get(f"{base_url}/games/{game_id}")
    field = wait_for(driver, lambda d: d.find_element(By.ID, "token"), "the token field")
    wait_for(driver, lambda d: field.is_displayed(), "the sign-in form")
    field.send_keys(token)
    driver.find_element(By.ID, "sign-in-button").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "hand").is_displayed(), "the hand")
    settle(driver, version)


def settle(driver: WebDriver, version: int) -> None:
    """Wait until the page follows the stream live and shows ``version``."""
    wait_for(driver, lambda d: text_of(d, "live") in ("● live", "● en direct"), "live")
    wait_for(driver, lambda d: text_of(d, "version") == str(version), f"version {version}")


def click_card(driver: WebDriver, card: str) -> None:
    """Click a playable card of the hand."""
    selector = f'#hand-cards button[data-card="{card}"][data-playable="true"]'
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, selector), card)[0].click()


def click_base(driver: WebDriver, index: int) -> None:
    """Click a base marked as a target of the picked card."""
    selector = f'.base.target[data-base="{index}"]'
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, selector), "the base")[0].click()


def click_option(driver: WebDriver, label: str) -> None:
    """Click the decision dialog's option button with that label."""
    xpath = f'//dialog[@open]//button[normalize-space(.)="{label}"]'
    wait_for(driver, lambda d: d.find_elements(By.XPATH, xpath), label)[0].click()
