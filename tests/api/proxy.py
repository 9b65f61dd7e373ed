"""A TCP relay on 127.0.0.1 whose connections a test can cut, to drop a browser's stream."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from urllib.parse import urlsplit


class Relay:
    """Relays each connection to an upstream host:port; ``cut`` drops them all."""

    def __init__(self, upstream: str) -> None:
        parts = urlsplit(upstream)
        self.target = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.1)
        self.port = self.listener.getsockname()[1]
        self.refusing = threading.Event()
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.open: list[socket.socket] = []
        self.cuts = 0
        self.thread = threading.Thread(target=self._accept, name="relay", daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        """The relay's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def _accept(self) -> None:
        while not self.stopping.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            if self.refusing.is_set():
                client.close()
                continue
            upstream = socket.create_connection(self.target, timeout=10)
            with self.lock:
                self.open += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with suppress(OSError):
            while chunk := source.recv(65536):
                sink.sendall(chunk)
        for end in (source, sink):
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Drop every open connection and refuse new ones until :meth:`restore`."""
        self.refusing.set()
        with self.lock:
            dropped, self.open = self.open, []
        for end in dropped:
            with suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
            end.close()
        self.cuts += 1

    def restore(self) -> None:
        """Accept connections again."""
        self.refusing.clear()

    def close(self) -> None:
        """Stop relaying."""
        self.stopping.set()
        self.thread.join(5)
        self.cut()
        self.listener.close()


@contextmanager
def relay(upstream: str) -> Iterator[Relay]:
    """A :class:`Relay` to ``upstream`` for the duration of the block."""
    found = Relay(upstream)
    try:
        yield found
    finally:
        found.close()
