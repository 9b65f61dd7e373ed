"""The documented production set-up: deploy/nginx.conf (Debian's nginx) in front of the server,
which trusts the proxy's X-Forwarded-For. Started on 127.0.0.1 by the test; clients connect
from several loopback addresses (127.0.0.2, 127.0.0.3, ...)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from api.server import Server, Settings
from tests.api.helpers import ANN, BOB
from tests.proxy import nginx


@pytest.fixture
def proxied(make_app: Callable[..., Flask], tmp_path: Path) -> Iterator[tuple[int, Flask]]:
    """The server (trusting 127.0.0.1 as its proxy) behind nginx; yields nginx's port."""
    app = make_app(
        TRUSTED_PROXIES=["127.0.0.1/32"],
        RATE_LIMIT=(1000, 60),
        ADDRESS_RATE_LIMIT=(30, 3600),  # an hour's window: the counts never straddle two
        MAX_WAITERS=16,
        MAX_WAITERS_PER_ADDRESS=4,
    )
    settings = Settings(port=0, threads=8, trusted_proxies=("127.0.0.1/32",))
    server = Server(app, settings)
    thread = threading.Thread(target=server.serve, name="served")
    thread.start()
    try:
        with nginx(server.port, tmp_path / "nginx") as port:
            yield port, app
    finally:
        server.stop()
        thread.join(15)


def _get(port: int, path: str, source: str) -> tuple[int, str, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15, source_address=(source, 0))
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        body = answer.read()
        kind = answer.getheader("Content-Type") or ""
        return answer.status, kind, json.loads(body) if body else None
    finally:
        conn.close()


def test_behind_the_proxy_each_client_address_has_its_own_limit(
    proxied: tuple[int, Flask],
) -> None:
    port, _ = proxied
    first = [_get(port, "/v1/bases", "127.0.0.2")[0] for _ in range(31)]
    assert first == [200] * 30 + [429], "the server counted the client, not the proxy"
    assert _get(port, "/v1/bases", "127.0.0.3")[0] == 200


def test_slow_sockets_of_one_address_leave_another_client_served_at_once(
    proxied: tuple[int, Flask],
) -> None:
    port, _ = proxied
    with ExitStack() as held:
        for _ in range(300):
            sock = held.enter_context(
                socket.create_connection(
                    ("127.0.0.1", port), timeout=5, source_address=("127.0.0.2", 0)
                )
            )
            sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x")
        started = time.perf_counter()
        status, _, body = _get(port, "/v1/health", "127.0.0.3")
        assert (status, body["redis"]["ok"]) == (200, True)
        assert time.perf_counter() - started < 1.0


def test_waiters_past_an_address_s_share_are_refused_with_problem_json(
    proxied: tuple[int, Flask],
) -> None:
    port, app = proxied
    game = app.test_client().post("/v1/games", json={"players": [ANN, BOB]}).get_json()["id"]
    path = f"/v1/games/{game}/events?after=99&wait=2"
    answers: list[tuple[int, str, Any]] = []
    threads = [
        threading.Thread(target=lambda: answers.append(_get(port, path, "127.0.0.4")))
        for _ in range(12)
    ]
    for thread in threads:
        thread.start()
    time.sleep(0.3)
    assert _get(port, path.replace("wait=2", "wait=0"), "127.0.0.5")[0] == 200
    for thread in threads:
        thread.join(15)
    refused = [a for a in answers if a[0] != 200]
    assert len(answers) == 12
    assert len(refused) >= 8, [a[0] for a in answers]
    for status, kind, body in refused:
        assert (status, kind) == (429, "application/problem+json")
        assert body["code"] in ("too_many_waiters", "rate_limited")
