"""The production server of ``smashup serve`` (waitress, api/server.py), over raw sockets."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask

from api.server import MAX_HEADER_BYTES, MAX_REQUEST_LINE, Server, Settings
from tests.api.contract import Contract

SLOW = 1.0
"""The request deadline these tests serve with (seconds)."""


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    closed: bool

    def json(self) -> Any:
        return json.loads(self.body)


@contextmanager
def _serving(app: Flask, **settings: Any) -> Iterator[Server]:
    """Run a server for ``app`` on an ephemeral port with 4 threads until the block ends."""
    server = Server(app, Settings(port=0, threads=4, **settings))
    thread = threading.Thread(target=server.serve, name="served")
    thread.start()
    try:
        yield server
    finally:
        server.stop()
        thread.join(timeout=15)
        assert not thread.is_alive()


@pytest.fixture
def served(make_app: Callable[..., Flask]) -> Iterator[Server]:
    """A running server with 4 threads and a 1 s request deadline."""
    app = make_app(MAX_WAITERS=Settings(threads=4).max_waiters)
    with _serving(app, request_timeout=SLOW, idle_timeout=2, graceful_timeout=3.0) as server:
        yield server


def _connect(server: Server) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    return sock


def _read(sock: socket.socket) -> Answer:
    """Read one answer (Content-Length framed), and tell whether the server closed after it."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    length = int(headers["content-length"])
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk
        body += chunk
    timeout = sock.gettimeout()
    sock.settimeout(0.5)
    try:
        closed = sock.recv(1) == b""
    except TimeoutError:
        closed = False
    except ConnectionResetError:
        closed = True
    sock.settimeout(timeout)
    return Answer(int(lines[0].split()[1]), headers, body[:length], closed)


def _send(server: Server, data: bytes) -> Answer:
    with _connect(server) as sock:
        sock.sendall(data)
        sock.settimeout(10)
        return _read(sock)


def _assert_problem(answer: Answer, status: int, code: str, contract: Contract) -> None:
    assert answer.status == status
    assert answer.headers["content-type"] == "application/problem+json"
    body = answer.json()
    contract._validate("/components/schemas/Problem", body, f"{status} from the server")
    assert (body["status"], body["code"]) == (status, code)
    assert answer.closed, "the server closes the connection after refusing a request"


def test_a_request_line_too_long_is_refused_414_as_problem_json(
    served: Server, contract: Contract
) -> None:
    target = "/v1/health?x=" + "a" * MAX_REQUEST_LINE
    answer = _send(served, f"GET {target} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
    _assert_problem(answer, 414, "uri_too_long", contract)
    endless = _send(served, b"GET /v1/health?x=" + b"a" * (4 * MAX_HEADER_BYTES))
    _assert_problem(endless, 414, "uri_too_long", contract)


def test_headers_too_large_are_refused_431_as_problem_json(
    served: Server, contract: Contract
) -> None:
    headers = "".join(f"X-Filler-{n}: {'b' * 1000}\r\n" for n in range(20))
    answer = _send(served, f"GET /v1/health HTTP/1.1\r\nHost: t\r\n{headers}\r\n".encode())
    _assert_problem(answer, 431, "headers_too_large", contract)
    assert "instance" not in answer.json()


def test_what_is_not_http_and_a_body_too_large_are_refused_as_problem_json(
    served: Server, contract: Contract
) -> None:
    _assert_problem(_send(served, b"NOT HTTP AT ALL\r\n\r\n"), 400, "bad_request", contract)
    huge = b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Length: 900000000\r\n\r\n{"
    _assert_problem(_send(served, huge), 413, "payload_too_large", contract)


def test_a_request_not_received_in_time_is_refused_408_and_closed(
    served: Server, contract: Contract
) -> None:
    with _connect(served) as sock:
        started = time.monotonic()
        sock.sendall(b"GET /v1/health HTTP/1.1\r\nHost: t\r\n")  # never finished
        for _ in range(3):  # a byte now and then does not keep it alive
            time.sleep(SLOW / 3)
            sock.sendall(b"X")
        answer = _read(sock)
    _assert_problem(answer, 408, "request_timeout", contract)
    assert SLOW <= time.monotonic() - started < SLOW + 5


def test_slow_clients_hold_sockets_not_threads(make_app: Callable[..., Flask]) -> None:
    with _serving(make_app(), request_timeout=30.0) as server:
        slow = [_connect(server) for _ in range(40)]  # ten times the threads
        try:
            for sock in slow:
                sock.sendall(b"POST /v1/games HTTP/1.1\r\nHost: t\r\nContent-Length: 99\r\n\r\n{")
            started = time.monotonic()
            answer = _send(server, b"GET /v1/health HTTP/1.1\r\nHost: t\r\n\r\n")
            assert answer.status == 200
            assert answer.json()["status"] in ("ok", "degraded")
            assert time.monotonic() - started < 10, "answered long before the slow ones time out"
            for sock in slow:  # all still waiting for the rest of their body
                sock.setblocking(False)
                with pytest.raises(BlockingIOError):
                    sock.recv(1)
        finally:
            for sock in slow:
                sock.close()


def test_a_kept_alive_connection_serves_several_requests(served: Server) -> None:
    with _connect(served) as sock:
        for _ in range(3):
            sock.sendall(b"GET /v1/factions HTTP/1.1\r\nHost: t\r\n\r\n")
            answer = _read(sock)
            assert answer.status == 200
            assert not answer.closed


def test_a_stop_finishes_the_requests_in_progress_and_accepts_no_more(
    make_app: Callable[..., Flask],
) -> None:
    server = Server(make_app(), Settings(port=0, threads=4, graceful_timeout=5.0))
    thread = threading.Thread(target=server.serve, name="stopping")
    thread.start()
    created = _send(
        server,
        _post(
            "/v1/games",
            {
                "players": [
                    {"name": "A", "factions": ["aliens", "dinosaurs"]},
                    {"name": "B", "factions": ["ninjas", "pirates"]},
                ]
            },
        ),
    ).json()
    path = f"/v1/games/{created['id']}/events?after={created['version']}&wait=1.5"
    with _connect(server) as waiting:
        waiting.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\n\r\n".encode())
        time.sleep(0.3)  # the long-poll is in progress
        server.stop()
        time.sleep(0.6)
        with pytest.raises(ConnectionRefusedError):
            _send(server, b"GET /v1/health HTTP/1.1\r\nHost: t\r\n\r\n")
        answer = _read(waiting)
    assert answer.status == 200
    assert answer.json()["events"] == []
    thread.join(timeout=10)
    assert not thread.is_alive()


def _post(path: str, body: Any) -> bytes:
    data = json.dumps(body).encode()
    head = f"POST {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
    return head.encode() + f"Content-Length: {len(data)}\r\n\r\n".encode() + data
