"""A real HTTP server on 127.0.0.1 (a werkzeug thread) for streams and webhook receivers."""

from __future__ import annotations

import json
import socket
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from werkzeug.serving import BaseWSGIServer, make_server

PORTS = range(18500, 18600)
"""The ports these tests may listen on."""


def free_port() -> int:
    """A port of :data:`PORTS` nobody listens on now."""
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 18500-18599")


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """Serve a WSGI app on 127.0.0.1 in a thread; yield its base URL; stop it afterwards."""
    server: BaseWSGIServer | None = None
    for _ in range(5):
        try:
            server = make_server("127.0.0.1", free_port(), app, threaded=True)
            break
        except OSError:
            continue
    assert server is not None, "could not listen on 127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


def request(
    base: str, method: str, path: str, token: str | None = None, body: Any = None
) -> tuple[int, Any]:
    """Send one JSON request; return the status and the parsed body (None if empty)."""
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        with error:
            return error.code, json.loads(error.read())


def open_stream(base: str, path: str, token: str | None, **headers: str) -> Any:
    """Open a streaming GET; the caller closes it."""
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(base + path, headers=headers)
    return urllib.request.urlopen(req, timeout=30)


@contextmanager
def live_server(app: Any) -> Iterator[str]:
    """Serve ``app`` on an ephemeral port of 127.0.0.1; yields its base URL, then stops it."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()
