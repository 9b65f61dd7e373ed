"""Logs and replays: a game's JSON Lines log, its state at any version, and uploaded logs."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, request, url_for
from marshmallow import Schema, fields, validate

from api import auth
from api.errors import ApiError, problem
from api.routes.common import body_bytes, check_game_id, games, no_query
from api.schemas import MAX_INT, load_query, refused_setup
from domain import view
from domain.events import GameCreated
from domain.setup import RULES_VERSION
from domain.verify import checked_by_rules
from events.logfile import MEDIA_TYPES, count_events, write_log
from service.replays import (
    MAX_LOG_EVENTS,
    GameNotEnded,
    InvalidLog,
    Replays,
    VersionNotFound,
    check_log,
    full_view,
)

bp = Blueprint("replays", __name__, url_prefix="/v1")

EXTENSION = "smashup.replays"
MAX_LOG_LENGTH = 4 * 1024 * 1024
"""Default ``MAX_LOG_LENGTH``: the largest log ``POST /v1/replays`` reads, in bytes."""


class StateQuery(Schema):
    """``?at=N`` of ``GET /v1/games/{id}/state``."""

    at = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_INT))


class ReplayQuery(Schema):
    """``?store=true`` of ``POST /v1/replays``."""

    store = fields.Boolean(load_default=False)


def replays() -> Replays:
    """The replays service of the current app (made on first use, over its games service)."""
    found: Replays | None = current_app.extensions.get(EXTENSION)
    if found is None:
        found = current_app.extensions.setdefault(EXTENSION, Replays(games()))
    return found


@bp.errorhandler(InvalidLog)
def _invalid_log(error: InvalidLog) -> Response:
    return problem(422, error.code, error.message, version=error.version, reason=error.reason)


@bp.errorhandler(GameNotEnded)
def _game_not_ended(error: GameNotEnded) -> Response:
    return problem(403, error.code, error.message)


@bp.errorhandler(VersionNotFound)
def _version_not_found(error: VersionNotFound) -> Response:
    return problem(404, error.code, error.message, current_version=error.current)


@bp.get("/games/<game_id>/log")
def game_log(game_id: str) -> Response:
    """The unredacted log once the game has ended; before that, the caller's seat's own log."""
    service = replays()
    service.games.require(check_game_id(game_id))
    viewer = auth.viewer(service.games, game_id)
    no_query()
    envelopes = service.log(game_id, viewer)
    mimetype = request.accept_mimetypes.best_match(MEDIA_TYPES) or MEDIA_TYPES[0]
    return Response("".join(write_log(envelopes)), mimetype=mimetype)


@bp.get("/games/<game_id>/state")
def game_state(game_id: str) -> dict[str, Any]:
    """The game after version ``?at=`` as the caller may see it (everything once it ended)."""
    service = replays()
    service.games.require(check_game_id(game_id))
    viewer = auth.viewer(service.games, game_id)
    query = load_query(StateQuery, request.args)
    state = service.state_at(game_id, query["at"])
    return full_view(state) if service.ended(game_id) else view(state, viewer)


@bp.post("/replays")
def replay() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Replay an uploaded log: its final state, or the first event that cannot apply.

    With ``?store=true`` a finished game's log is also stored as a new game (201, or 200 when
    the same log was imported before).
    """
    query = load_query(ReplayQuery, request.args)
    request.max_content_length = current_app.config.get("MAX_LOG_LENGTH", MAX_LOG_LENGTH)
    try:
        text = body_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApiError(400, "malformed_json", "a log is UTF-8 JSON Lines text") from None
    if count_events(text) > MAX_LOG_EVENTS:
        raise ApiError(413, "payload_too_large", f"a log has at most {MAX_LOG_EVENTS} events")
    log = check_log(text, refused_setup)
    state = log.state
    created = log.events[0]
    assert isinstance(created, GameCreated)
    by_rules = checked_by_rules(created)
    # rules: every command re-decided by this server's rules; facts: a log recorded under an
    # older rules version, replayed from its events and checked for structure only
    checked = {"Smashup-Log-Check": "rules" if by_rules else "facts"}
    if not query["store"]:
        return full_view(state), 200, checked
    if not by_rules:
        raise ApiError(
            422,
            "rules_version_mismatch",
            f"this log was recorded under rules version {created.rules or 'none'!r} and this "
            f"server plays {RULES_VERSION!r}: it can be replayed, not imported",
        )
    if state.status != "ended":
        raise ApiError(
            422,
            "game_not_ended",
            f"only a finished game can be stored; this log ends at "
            f"version {state.version} with the game {state.status}",
        )
    imported = replays().import_log(log)
    location = url_for("games.get_game", game_id=imported.game_id)
    headers = {"Location": location, **checked}
    return full_view(imported.state), 201 if imported.created else 200, headers
