"""Streams: ``/v1/me/stream`` (the account's feed) and ``/v1/games/{id}/stream`` (one game).

Both answer newline-delimited JSON (``application/x-ndjson``), or Server-Sent Events when the
client asks for ``text/event-stream``; both resume after a cursor (``Last-Event-ID`` or
``?after=``), send keep-alives (an empty line, or an SSE comment) every ``STREAM_KEEPALIVE``
seconds, end after ``?timeout=`` seconds (clients reconnect with their cursor), and hold one of
the process's waiter slots while open (429 ``too_many_waiters`` past the bound).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, current_app, request
from marshmallow import ValidationError

from api import auth
from api.routes.accounts import caller_account, social
from api.routes.common import check_game_id, games
from api.schemas import StreamQuery, load_query
from service.feed import valid_cursor
from service.games import Games
from service.waiters import Waiters

me_stream_bp = Blueprint("me_stream", __name__, url_prefix="/v1/me")
game_stream_bp = Blueprint("game_stream", __name__, url_prefix="/v1/games")

NDJSON = "application/x-ndjson"
SSE = "text/event-stream"
DEFAULT_KEEPALIVE = 15.0


def account_turns(service: Games, player: str, wait: float) -> list[dict[str, Any]]:
    """The account's awaited decisions; waits up to ``wait`` s (on its feed) for one."""
    found = social()
    cursor = found.feeds.last_cursor(player)
    turns = found.accounts.turns(player)
    if turns or wait <= 0:
        return turns
    deadline = time.monotonic() + wait
    with service.waiters.slot():
        while (remaining := deadline - time.monotonic()) > 0:
            entries = found.feeds.read(player, cursor, remaining)
            if not entries:
                break
            cursor = entries[-1]["id"]
            if any(e["type"] in ("your_turn", "game_started") for e in entries):
                turns = found.accounts.turns(player)
                if turns:
                    return turns
    return found.accounts.turns(player)


def _hold(waiters: Waiters) -> Callable[[], None]:
    """Take a waiter slot now (429 if none); return an idempotent release."""
    slot = waiters.slot()
    slot.__enter__()
    released = threading.Event()
    lock = threading.Lock()

    def release() -> None:
        with lock:
            if not released.is_set():
                released.set()
                slot.__exit__(None, None, None)

    return release


def _wants_sse() -> bool:
    best = request.accept_mimetypes.best_match([NDJSON, SSE], default=NDJSON)
    return best == SSE and request.accept_mimetypes[SSE] > request.accept_mimetypes[NDJSON]


def _cursor() -> tuple[str | None, float]:
    query = load_query(StreamQuery, request.args)
    header = (request.headers.get("Last-Event-ID") or "").strip()
    after: str | None = header or query["after"]  # an empty header names no cursor
    return after, float(query["timeout"])


def _line(cursor: str, kind: str, body: dict[str, Any], sse: bool) -> str:
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    if sse:
        return f"id: {cursor}\nevent: {kind}\ndata: {text}\n\n"
    return text + "\n"


def _stream(produce: Iterator[str], release: Callable[[], None], sse: bool) -> Response:
    def body() -> Iterator[str]:
        try:
            yield from produce
        finally:
            release()

    response = Response(body(), mimetype=SSE if sse else NDJSON)
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    response.call_on_close(release)
    return response


def _keepalive_line(sse: bool) -> str:
    return ": keep-alive\n\n" if sse else "\n"


@me_stream_bp.get("/stream")
def me_stream() -> Response:
    """The caller account's feed: challenges, games started, your turn, games ended."""
    player = caller_account()
    after, timeout = _cursor()
    if after is not None and not valid_cursor(after):
        raise ValidationError({"after": ["not a cursor of this stream"]})
    feeds = social().feeds
    start = after if after is not None else feeds.last_cursor(player)
    keepalive = float(current_app.config.get("STREAM_KEEPALIVE", DEFAULT_KEEPALIVE))
    sse = _wants_sse()
    release = _hold(games().waiters)

    def produce() -> Iterator[str]:
        cursor = start
        deadline = time.monotonic() + timeout
        yield _keepalive_line(sse)  # headers and a first byte out at once
        while (remaining := deadline - time.monotonic()) > 0:
            entries = feeds.read(player, cursor, min(remaining, keepalive))
            if not entries:
                yield _keepalive_line(sse)
            for entry in entries:
                cursor = entry["id"]
                yield _line(cursor, entry["type"], entry, sse)

    return _stream(produce(), release, sse)


@game_stream_bp.get("/<game_id>/stream")
def game_stream(game_id: str) -> Response:
    """The caller's view of each event of a game after the cursor; ends after the game ends."""
    service = games()
    service.require(check_game_id(game_id))
    viewer = auth.viewer(service, game_id)
    after_text, timeout = _cursor()
    after = 0
    if after_text is not None:
        if not after_text.isdigit() or len(after_text) > 10:
            raise ValidationError({"after": ["must be a version (an integer of 0 or more)"]})
        after = int(after_text)
    keepalive = float(current_app.config.get("STREAM_KEEPALIVE", DEFAULT_KEEPALIVE))
    sse = _wants_sse()
    release = _hold(service.waiters)

    def produce() -> Iterator[str]:
        cursor = after
        deadline = time.monotonic() + timeout
        yield _keepalive_line(sse)
        while (remaining := deadline - time.monotonic()) > 0:
            envelopes = service.store.wait(game_id, cursor, min(remaining, keepalive))
            if not envelopes:
                if service.store.meta(game_id).get("status") == "ended":
                    return
                yield _keepalive_line(sse)
                continue
            for envelope in service.redact(envelopes, viewer):
                cursor = envelope["version"]
                yield _line(str(cursor), envelope["type"], dict(envelope), sse)

    return _stream(produce(), release, sse)
