"""Per-address caps in the server itself: one address holding slow sockets or waiting requests
cannot take the connections or the waiter slots every other client needs.

Two clients on one machine: the "greedy" one connects from 127.0.0.2 (all of 127.0.0.0/8 is
loopback on Linux), the other from 127.0.0.1.
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from flask import Flask

from tests.api.helpers import ANN, BOB
from tests.api.test_server import _serving

GREEDY = "127.0.0.2"


def _slow_socket(port: int, source: str) -> socket.socket:
    """A connection that sends half a request line and then nothing."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: x")
    return sock


def _closed_at_once(sock: socket.socket) -> bool:
    sock.settimeout(2.0)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def _get(port: int, path: str, source: str = "127.0.0.1") -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", path)
        answer = conn.getresponse()
        return answer.status, json.loads(answer.read() or b"null")
    finally:
        conn.close()


def test_an_address_past_its_connection_cap_is_closed_and_another_still_gets_in(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app()
    with (
        _serving(app, connection_limit=20, connections_per_address=5) as server,
        ExitStack() as held,
    ):
        kept = [held.enter_context(_slow_socket(server.port, GREEDY)) for _ in range(5)]
        time.sleep(0.3)
        extra = [held.enter_context(_slow_socket(server.port, GREEDY)) for _ in range(10)]
        assert all(_closed_at_once(sock) for sock in extra), "past the cap: closed at once"
        assert server.refused_connections == 10
        assert not _closed_at_once(kept[0]), "the first five are still open"
        started = time.perf_counter()
        assert _get(server.port, "/v1/health")[0] == 200
        assert time.perf_counter() - started < 2.0


def test_a_trusted_proxy_is_not_capped(make_app: Callable[..., Flask]) -> None:
    app = make_app()
    settings = {"connections_per_address": 2, "trusted_proxies": ("127.0.0.2/32",)}
    with _serving(app, **settings) as server, ExitStack() as held:
        socks = [held.enter_context(_slow_socket(server.port, GREEDY)) for _ in range(6)]
        time.sleep(0.3)
        assert not any(_closed_at_once(sock) for sock in socks[-2:])
        assert server.refused_connections == 0


def test_one_address_holds_at_most_its_share_of_waiting_requests(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(MAX_WAITERS=8, MAX_WAITERS_PER_ADDRESS=2)
    client = app.test_client()
    game = client.post("/v1/games", json={"players": [ANN, BOB]}).get_json()
    path = f"/v1/games/{game['id']}/events?after=99&wait=3"
    with _serving(app) as server:
        answers: list[int] = []
        waiting = [
            threading.Thread(target=lambda: answers.append(_get(server.port, path, GREEDY)[0]))
            for _ in range(2)
        ]
        for thread in waiting:
            thread.start()
        time.sleep(0.5)
        status, body = _get(server.port, path.replace("wait=3", "wait=0.2"), GREEDY)
        assert (status, body["code"]) == (429, "too_many_waiters")
        assert "from this client" in body["detail"]
        assert _get(server.port, path.replace("wait=3", "wait=0.2"))[0] == 200, "others wait"
        for thread in waiting:
            thread.join(10)
        assert answers == [200, 200]
