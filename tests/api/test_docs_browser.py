"""``/docs`` and CORS in a real browser (Debian's chromium, headless, driven by selenium).

Swagger UI's "Try it out" on a server that is not on the default port gets a 200 (the spec's
``servers`` is relative), and a page served from another origin on 127.0.0.1 creates a game and
reads its moves with a seat token through ``fetch`` (preflights included). Chromium must be
installed (``.ci/run`` installs it): without it these tests fail, they are not skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.browser import WAIT
from tests.api.live import live_server, serving
from tests.api.test_viewer_browser import browser

__all__ = ["browser"]  # the viewer tests' headless chromium, a fixture of this module too

DEFAULT_PORT = 8000

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>waiting</title></head><body><script>
const api = new URLSearchParams(location.search).get("api");
(async () => {
  const created = await fetch(api + "/v1/games", {
    method: "POST",
    headers: {"Content-Type": "application/json", "Idempotency-Key": "page-1"},
    body: JSON.stringify({players: [
      {name: "Ann", factions: ["aliens", "dinosaurs"]},
      {name: "Bob", factions: ["robots", "wizards"]}], seed: 3}),
  });
  const game = await created.json();
  const moves = await fetch(api + "/v1/games/" + game.id + "/moves?lang=fr", {
    headers: {"Authorization": "Bearer " + game.seats[0].token},
  });
  const listed = await moves.json();
  document.title = "done " + created.status + " " + moves.status + " " + listed.moves.length;
})().catch((error) => { document.title = "failed " + error; });
</script></body></html>
"""


def _wait(driver: WebDriver, check: Callable[[WebDriver], Any], what: str) -> Any:
    return WebDriverWait(driver, WAIT, poll_frequency=0.1).until(check, what)


def _page(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """A static page on its own origin (another port of 127.0.0.1)."""
    start_response("200 OK", [("Content-Type", "text/html; charset=utf-8")])
    return [PAGE.encode()]


def test_try_it_out_in_docs_gets_a_200_from_a_server_on_another_port(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    with live_server(make_app()) as base_url:
        assert not base_url.endswith(f":{DEFAULT_PORT}")
        browser.get(f"{base_url}/docs/#/service/getHealth")
        assert browser.current_url.startswith(f"{base_url}/docs#"), "/docs/ redirects to /docs"
        _wait(
            browser,
            lambda d: d.find_elements(By.CSS_SELECTOR, "#operations-service-getHealth"),
            "the operation",
        )
        operation = browser.find_element(By.CSS_SELECTOR, "#operations-service-getHealth")
        try_out = [
            b
            for b in operation.find_elements(By.CSS_SELECTOR, "button.try-out__btn")
            if b.text == "Try it out"
        ]
        for button in try_out:
            button.click()
        _wait(
            browser, lambda d: operation.find_elements(By.CSS_SELECTOR, "button.execute"), "Execute"
        )
        operation.find_element(By.CSS_SELECTOR, "button.execute").click()
        status = _wait(
            browser,
            lambda d: [
                e.text
                for e in operation.find_elements(
                    By.CSS_SELECTOR, ".live-responses-table tr.response .response-col_status"
                )
                if e.text.strip()
            ],
            "the live response",
        )
        url = operation.find_element(By.CSS_SELECTOR, ".request-url pre").text
    assert status[0].strip() == "200"
    assert url == f"{base_url}/v1/health"


def test_a_page_on_another_origin_creates_a_game_and_reads_its_moves_with_fetch(
    browser: WebDriver, make_app: Callable[..., Flask]
) -> None:
    with live_server(make_app()) as base_url, serving(_page) as page_url:
        assert page_url != base_url
        browser.get(f"{page_url}/?api={base_url}")
        title = _wait(browser, lambda d: d.title if d.title != "waiting" else None, "the fetches")
    done, created, listed, count = title.split(" ")
    assert (done, created, listed) == ("done", "201", "200"), title
    assert int(count) > 0
