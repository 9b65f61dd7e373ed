"""ndjson streams as iterators that reconnect from their cursor when the connection drops."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from smashup_client.errors import TransportError
from smashup_client.transport import Transport

log = logging.getLogger("smashup_client")

NDJSON = "application/x-ndjson"


class Stream:
    """Iterate over the entries of an ndjson stream, across as many connections as it takes.

    Blank lines (keep-alives) are skipped. After each entry the stream remembers its cursor
    (``cursor``); when the server ends the connection (its ``timeout``) or the connection
    breaks, the stream reconnects with ``after=<cursor>``, so every entry comes once and in
    order. Iteration stops when ``finished(entry)`` is true, after ``max_reconnects``
    consecutive failed reconnections (raising :class:`TransportError`), or once
    :meth:`close` was called (from any thread). ``on_connect`` runs after each connection is
    open: the right moment to re-read state that the cursor does not cover.
    """

    def __init__(
        self,
        transport: Transport,
        path: str,
        *,
        cursor_of: Callable[[dict[str, Any]], str],
        after: str | None = None,
        timeout: float | None = None,
        finished: Callable[[dict[str, Any]], bool] | None = None,
        on_connect: Callable[[], None] | None = None,
        read_timeout: float = 60.0,
        max_reconnects: int = 10,
    ) -> None:
        self._transport = transport
        self._path = path
        self._cursor_of = cursor_of
        self.cursor = after
        self._timeout = timeout
        self._finished = finished or (lambda entry: False)
        self.on_connect = on_connect
        self._read_timeout = read_timeout
        self._max_reconnects = max_reconnects
        self._closed = threading.Event()
        self._response: httpx.Response | None = None
        self.connections = 0
        """How many connections this stream has opened so far."""

    def close(self) -> None:
        """Stop the iteration, at once even if another thread waits on the connection."""
        self._closed.set()
        response = self._response
        if response is None:
            return
        # Shutting the socket down wakes a thread blocked reading it (closing it would not);
        # that thread then closes the response itself.
        network = response.extensions.get("network_stream")
        sock = network.get_extra_info("socket") if network is not None else None
        if isinstance(sock, socket.socket):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        else:
            response.close()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._closed.is_set()

    def __enter__(self) -> Stream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[dict[str, Any]]:
        failures = 0
        while not self._closed.is_set():
            params = {"after": self.cursor, "timeout": self._timeout}
            try:
                with self._transport.stream(
                    self._path, params, {"Accept": NDJSON}, self._read_timeout
                ) as response:
                    self._response = response
                    if self._closed.is_set():  # closed while connecting
                        return
                    self.connections += 1
                    failures = 0
                    if self.on_connect is not None:
                        self.on_connect()
                    for line in response.iter_lines():
                        if self._closed.is_set():
                            return
                        if not line.strip():
                            continue
                        entry: dict[str, Any] = json.loads(line)
                        self.cursor = self._cursor_of(entry)
                        yield entry
                        if self._finished(entry):
                            return
            except (httpx.TransportError, httpx.StreamError, TransportError) as error:
                if self._closed.is_set():
                    return
                failures += 1
                if failures > self._max_reconnects:
                    raise TransportError(f"stream {self._path} lost: {error!r}") from error
                log.info(
                    "stream %s dropped (%r); resuming after %s", self._path, error, self.cursor
                )
                self._closed.wait(self._transport.retry.delay(failures))
            finally:
                self._response = None
