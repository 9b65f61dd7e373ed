"""Streams as iterators that resume from their cursor: after the server ends a connection,
and after the connection breaks."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
from sdk_helpers import account, wait_until
from smashup_client import Client

TWO_HUMANS = [
    {"name": "Ann", "factions": ["aliens", "dinosaurs"]},
    {"name": "Bob", "factions": ["ninjas", "pirates"]},
]
ALL_BOTS = [
    {"name": "R1", "factions": ["aliens", "dinosaurs"], "bot": "random"},
    {"name": "R2", "factions": ["ninjas", "pirates"], "bot": "random"},
]


class _Cut(httpx.SyncByteStream):
    """The body of a stream, broken off after ``lines`` lines with content."""

    def __init__(self, inner: httpx.SyncByteStream, lines: int) -> None:
        self.inner = inner
        self.lines = lines

    def __iter__(self) -> Iterator[bytes]:
        seen = 0
        for chunk in self.inner:
            for line in chunk.splitlines(keepends=True):
                yield line
                seen += bool(line.strip())
                if seen >= self.lines:
                    raise httpx.ReadError("connection reset by peer")

    def close(self) -> None:
        self.inner.close()


class CutsFirstStream(httpx.HTTPTransport):
    """A real transport whose first streaming answer breaks after ``lines`` entries."""

    def __init__(self, lines: int) -> None:
        super().__init__()
        self.lines = lines
        self.requests: list[httpx.URL] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        if request.url.path.endswith("/stream"):
            self.requests.append(request.url)
            if len(self.requests) == 1:
                assert isinstance(response.stream, httpx.SyncByteStream)
                response.stream = _Cut(response.stream, self.lines)
        return response


def _versions(events: list[dict[str, Any]]) -> list[int]:
    return [event["version"] for event in events]


def test_a_game_stream_reconnects_after_each_server_timeout_and_misses_no_event(
    client: Client,
) -> None:
    # two human seats: the game waits for them, so the stream must outlive server timeouts
    game = client.games.create(TWO_HUMANS, seed="sdk-stream")
    game_id = game["id"]
    connections: list[int] = []
    stream = client.games.stream(game_id, timeout=0.3, on_connect=lambda: connections.append(1))
    events: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: events.extend(stream))
    reader.start()
    try:
        wait_until(lambda: len(connections) >= 3, 30, "the stream to reconnect twice")
        awaited = client.games.get(game_id)["awaiting"]["seat"]
        with client.with_token(game["seats"][awaited]["token"]) as seat:
            moved = seat.games.command(game_id, seat.games.moves(game_id)["moves"][0])
        wait_until(lambda: events and events[-1]["version"] >= moved["version"], 30, "the move")
    finally:
        stream.close()
        reader.join(timeout=10)
    assert not reader.is_alive()
    assert _versions(events) == list(range(1, moved["version"] + 1))
    assert stream.connections == len(connections) > 1


def test_a_game_stream_resumes_from_its_cursor_after_a_dropped_connection(
    server_url: str, client: Client
) -> None:
    game = client.games.create(ALL_BOTS, seed="sdk-drop")["id"]
    wait_until(lambda: client.games.get(game)["status"] == "ended", 120, "the bots' game to end")
    cutting = CutsFirstStream(lines=3)
    with httpx.Client(base_url=server_url, transport=cutting) as http:
        events = list(Client(server_url, http=http).games.stream(game))
    assert _versions(events) == list(range(1, client.games.get(game)["version"] + 1))
    assert len(cutting.requests) == 2
    assert cutting.requests[1].params["after"] == "3"


def test_the_account_feed_resumes_after_a_dropped_connection_with_each_entry_once(
    server_url: str,
) -> None:
    ann, ann_id = account(server_url, "Ann")
    bob, _ = account(server_url, "Bob")
    with ann, bob:
        sent = [bob.challenges.create(ann_id, ["aliens", "dinosaurs"])["id"] for _ in range(3)]
        cutting = CutsFirstStream(lines=1)
        with httpx.Client(base_url=server_url, transport=cutting) as http:
            feed = Client(server_url, ann.token, http=http).me.stream(after="0")
            received = []
            for entry in feed:
                received.append(entry)
                if len(received) == 3:
                    feed.close()
        assert [e["data"]["id"] for e in received] == sent
        assert {e["type"] for e in received} == {"challenge"}
        assert len(cutting.requests) == 2
        assert cutting.requests[1].params["after"] == received[0]["id"]
        assert feed.cursor == received[-1]["id"]


def test_a_closed_stream_stops_iterating_at_once(server_url: str) -> None:
    ann, _ = account(server_url, "Ann")
    with ann:
        feed = ann.me.stream(on_connect=lambda: feed.close())
        assert list(feed) == []
        assert feed.closed


def test_a_stream_closed_from_another_thread_stops_while_it_waits(server_url: str) -> None:
    ann, _ = account(server_url, "Ann")
    with ann:
        connected = threading.Event()
        feed = ann.me.stream(on_connect=connected.set)
        received: list[dict[str, Any]] = []
        reader = threading.Thread(target=lambda: received.extend(feed))
        reader.start()
        assert connected.wait(30)
        time.sleep(0.3)  # the reader now waits for the next line (keep-alives come every 15 s)
        closed_at = time.monotonic()
        feed.close()
        reader.join(timeout=10)
        assert not reader.is_alive()
        assert time.monotonic() - closed_at < 3
        assert received == []
