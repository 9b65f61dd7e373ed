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
