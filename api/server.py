"""The HTTP server of ``smashup serve``: waitress, with bounded threads, timeouts and a drain.

Why waitress: its main loop reads and buffers each whole request (line, headers and body)
without a thread, and hands it to one of a fixed number of threads only once it is complete;
answers are buffered too. So slow or silent clients hold sockets (bounded, and closed by the
timeouts below), never the threads that run the app. (gunicorn's ``gthread`` worker reads the
headers inside a worker thread with no deadline: a few hundred slowloris sockets hold them all.)
It is pure Python, so ``smashup serve`` stays one command on a fresh machine.

What this module adds to waitress:

* every refusal made before the app sees a request is ``application/problem+json`` like the
  app's: 400 ``bad_request``, 408 ``request_timeout``, 413 ``payload_too_large``, 414
  ``uri_too_long``, 431 ``headers_too_large``, 500 ``internal_error``;
* a request deadline: a request not fully received :attr:`Settings.request_timeout` seconds
  after its first byte is answered 408 and its connection closed (waitress alone only closes
  connections idle for a while, which a client sending a byte now and then never is);
* a graceful stop: :meth:`Server.stop` (on SIGTERM) stops accepting, lets the requests in
  progress finish for up to :attr:`Settings.graceful_timeout` seconds, then closes the rest;
* a cap per client address on open connections (:attr:`Settings.connections_per_address`): a
  connection past it is closed as soon as it is accepted, so that one address holding slow
  sockets cannot take the whole :attr:`Settings.connection_limit` from everyone else. Trusted
  front proxies (:attr:`Settings.trusted_proxies`) are not capped: they carry many clients.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask
from waitress.utilities import BadRequest, Error, RequestHeaderFieldsTooLarge

log = logging.getLogger(__name__)

MAX_REQUEST_LINE = 8 * 1024
"""Longest request line (method, target, version) in bytes; past it 414 ``uri_too_long``."""
MAX_HEADER_BYTES = 16 * 1024
"""Request line plus headers, in bytes; past it 431 ``headers_too_large``."""
LINGER = 2.0
"""Seconds a refused connection is still read (and what comes dropped) before it is closed."""
MAX_BODY_BYTES = 8 * 1024 * 1024
"""Largest body the server reads at all (the app's own limits are lower: 64 KiB, and 4 MiB
for ``POST /v1/replays``); past it 413 ``payload_too_large``."""


@dataclass(frozen=True)
class Settings:
    """How ``smashup serve`` serves (each has a ``smashup serve`` option)."""

    host: str = "127.0.0.1"
    port: int = 8000
    threads: int = 48
    """Threads running the app: the most requests served at once."""
    connection_limit: int = 512
    """Open connections past which the server stops accepting until some close."""
    request_timeout: float = 10.0
    """Seconds from a request's first byte to its last (line, headers and body); then 408."""
    idle_timeout: int = 30
    """Seconds a connection with no request in progress may stay silent before it is closed."""
    graceful_timeout: float = 10.0
    """Seconds a stop waits for the requests in progress before closing their connections."""
    connections_per_address: int = 64
    """Open connections one client address may hold at once; past it a new one is closed."""
    trusted_proxies: tuple[str, ...] = ()
    """CIDRs of front proxies: not capped per address, and their ``X-Forwarded-For`` names the
    client (see ``api/limits.py``)."""

    @property
    def max_waiters(self) -> int:
        """Long-polls and streams served at once: two thirds of the threads, so that waiting
        requests never hold every thread (past it 429 ``too_many_waiters``)."""
        return max(1, self.threads * 2 // 3)


class UriTooLong(BadRequest):  # type: ignore[misc]
    """The request line is longer than :data:`MAX_REQUEST_LINE`."""

    code = 414
    reason = "URI Too Long"


class RequestTimeout(BadRequest):  # type: ignore[misc]
    """The request was not received in time."""

    code = 408
    reason = "Request Timeout"


CODES = {
    400: "bad_request",
    408: "request_timeout",
    413: "payload_too_large",
    414: "uri_too_long",
    431: "headers_too_large",
}


def problem_body(error: Error, path: str | None) -> bytes:
    """The problem+json body of a refusal made by the server itself."""
    from api.errors import PROBLEM_TYPE, TITLES  # not at import: the CLI's parser reads Settings

    code = CODES.get(error.code, "internal_error" if error.code >= 500 else "bad_request")
    body: dict[str, Any] = {
        "type": PROBLEM_TYPE + code,
        "title": TITLES.get(code, error.reason),
        "status": error.code,
        "detail": _DETAILS.get(code, "the server could not serve this request"),
        "code": code,
    }
    if path:
        body["instance"] = path
    return json.dumps(body).encode()


_DETAILS = {
    "bad_request": "the request is not valid HTTP",
    "request_timeout": "the request was not received in time",
    "payload_too_large": "the request body is too large",
    "uri_too_long": f"the request line is longer than {MAX_REQUEST_LINE} bytes",
    "headers_too_large": f"the request line and headers are longer than {MAX_HEADER_BYTES} bytes",
    "internal_error": "an unexpected error occurred; it has been logged",
}


class _Request(HTTPRequestParser):  # type: ignore[misc]
    """Waitress's parser, telling a too long request line (414) from too many headers (431)."""

    completed: bool
    error: Error | None

    def __init__(self, adj: Adjustments) -> None:
        super().__init__(adj)
        self.started = time.monotonic()
        self.overflowed = False

    def received(self, data: bytes) -> int:
        in_header = self.body_rcv is None and not self.completed
        seen = self.header_plus + data if in_header else b""
        consumed: int = super().received(data)
        if not in_header:
            return consumed
        line_unended = b"\n" not in seen[: MAX_REQUEST_LINE + 2]
        if isinstance(self.error, RequestHeaderFieldsTooLarge):
            self.overflowed = True  # waitress made up a path: the answer names none
            if line_unended:
                self.error = UriTooLong("request line too long")
            return consumed
        line_long = self.error is None and len(getattr(self, "first_line", b"")) > MAX_REQUEST_LINE
        if (line_unended and len(seen) > MAX_REQUEST_LINE + 2) or line_long:
            self._refuse(UriTooLong("request line too long"))
        return consumed

    def _refuse(self, error: Error) -> None:
        self.overflowed = True
        self.error = error
        self.completed = True


class _ProblemTask(ErrorTask):  # type: ignore[misc]
    """Waitress's error answer, as problem+json."""

    def execute(self) -> None:
        error = self.request.error
        path = None if self.request.overflowed else getattr(self.request, "path", None)
        body = problem_body(error, path)
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/problem+json"))
        self.set_close_on_finish()
        self.channel.refused = True
        self.content_length = len(body)
        self.write(body)


class _Channel(HTTPChannel):  # type: ignore[misc]
    """Waitress's channel with problem+json refusals, a request deadline and a lingering close.

    After a refusal the server may not have read all the client sent (a 431 arrives before the
    rest of the headers): closing then would reset the connection and lose the answer. So the
    channel half-closes, reads and drops what still comes for up to :data:`LINGER` seconds,
    then closes.
    """

    parser_class = _Request
    error_task_class = _ProblemTask
    refused = False
    linger_until: float | None = None
    request: _Request | None

    def handle_close(self) -> None:
        if self.refused and self.linger_until is None and self.connected:
            try:
                self.socket.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            else:
                self.linger_until = time.monotonic() + LINGER
                self.will_close = False
                return
        super().handle_close()

    def readable(self) -> bool:
        return self.linger_until is not None or bool(super().readable())

    def writable(self) -> bool:
        return self.linger_until is None and bool(super().writable())

    def handle_read(self) -> None:
        if self.linger_until is None:
            super().handle_read()
        else:
            self.recv(self.adj.recv_bytes)  # dropped; at the end, recv closes the channel

    def time_out(self) -> None:
        """Answer the request being received 408 (called from the server's main loop)."""
        with self.requests_lock:
            request = self.request
            if request is None or request.completed or self.will_close:
                return
            request.error = RequestTimeout("request not received in time")
            request.completed = True
            self.request = None
            self.requests.append(request)
            if len(self.requests) == 1:
                self.server.add_task(self)


def _host_of(channel: Any) -> str | None:
    addr = getattr(channel, "addr", None)
    return addr[0] if isinstance(addr, tuple | list) and addr else None


class Server(TcpWSGIServer):  # type: ignore[misc]
    """A waitress TCP server with :class:`Settings`' limits, deadline and graceful stop."""

    channel_class = _Channel

    def __init__(self, app: Any, settings: Settings) -> None:
        adj = Adjustments(
            host=settings.host,
            port=settings.port,
            threads=settings.threads,
            connection_limit=settings.connection_limit,
            channel_timeout=settings.idle_timeout,
            cleanup_interval=1,
            max_request_header_size=MAX_HEADER_BYTES,
            max_request_body_size=MAX_BODY_BYTES,
            ident="smashup",
            expose_tracebacks=False,
            asyncore_use_poll=True,
            # X-Forwarded-For reaches the app, which believes it only from a trusted proxy
            clear_untrusted_proxy_headers=False,
        )
        super().__init__(app, map={}, adj=adj, sockinfo=adj.listen[0])
        self.settings = settings
        self._stopping = threading.Event()
        self._proxies = [ipaddress.ip_network(c, strict=False) for c in settings.trusted_proxies]
        self.refused_connections = 0
        """Connections closed at once because their address held its share."""

    def handle_accept(self) -> None:
        """Accept a connection, unless its address already holds its share of them."""
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            return
        host = addr[0] if isinstance(addr, tuple) else None
        if host is not None and not self._trusted(host):
            held = sum(1 for c in self.active_channels.values() if _host_of(c) == host)
            if held >= self.settings.connections_per_address:
                self.refused_connections += 1
                if self.refused_connections % 1000 == 1:
                    log.warning("%s holds %d connections: closing its new ones", host, held)
                conn.close()
                return
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)

    def _trusted(self, host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in network for network in self._proxies)

    @property
    def port(self) -> int:
        """The port listened on (useful with port 0)."""
        return int(self.effective_port)

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        cutoff = time.monotonic() - self.settings.request_timeout
        for channel in list(self.active_channels.values()):
            request = channel.request
            if request is not None and not request.completed and request.started < cutoff:
                channel.time_out()
            if channel.linger_until is not None and channel.linger_until < time.monotonic():
                channel.linger_until = None
                channel.refused = False
                channel.handle_close()

    def stop(self) -> None:
        """Ask :meth:`serve` to stop (safe from a signal handler or another thread)."""
        self._stopping.set()

    def serve(self) -> None:
        """Serve until :meth:`stop`, then drain and close everything."""
        while not self._stopping.is_set():
            wasyncore.loop(timeout=0.5, map=self._map, use_poll=True, count=1)
        log.info("stopping: no new connections; finishing the requests in progress")
        self.accepting = False
        wasyncore.dispatcher.close(self)  # the listening socket only; the trigger stays
        deadline = time.monotonic() + self.settings.graceful_timeout
        while time.monotonic() < deadline:
            busy = False
            for channel in list(self.active_channels.values()):
                if channel.requests or channel.total_outbufs_len:
                    busy = True
                else:  # idle, or a request not yet complete: nothing to finish
                    channel.will_close = True
            if not busy and len(self._map) <= 1:  # the trigger alone is left
                break
            wasyncore.loop(timeout=0.1, map=self._map, use_poll=True, count=1)
        else:
            log.warning("stopping: %d connections still busy, closed", len(self.active_channels))
        self.task_dispatcher.shutdown(cancel_pending=True, timeout=2)
        wasyncore.close_all(self._map)  # the trigger too
