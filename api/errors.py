"""Problem details (RFC 9457): every refusal and failure answers ``application/problem+json``.

Domain rule violations, service and store errors, validation errors and HTTP errors are all
mapped here to a status and a stable machine ``code``; nothing escapes as a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import redis
from flask import Flask, Response, json, request
from marshmallow import ValidationError
from werkzeug.exceptions import HTTPException

from domain import (
    GameNotActive,
    IllegalMove,
    IllegalTarget,
    InvalidSetup,
    NotYourTurn,
    RuleViolation,
    UnknownCard,
)
from domain.errors import FactionAlreadyPicked
from events.archive import ArchiveError
from events.archived import GameArchived
from events.errors import AppendOutcomeUnknown, StoreError
from service.accounts import AccountNotFound, AccountSeatedTwice
from service.challenges import ChallengeForbidden, ChallengeNotFound, ChallengeNotPending
from service.limits import RateLimited, TooManyAccounts, TooManyGames
from service.outcomes import (
    GameNotFound,
    IdempotencyKeyReused,
    ServiceError,
    StaleVersion,
    TooManyWaiters,
)
from service.ratings import UnknownCategory
from service.seating import (
    AlreadySeated,
    FactionTaken,
    GameAlreadyStarted,
    GameFull,
    PoolBusy,
    SeekNotFound,
    TableCanceled,
    TableForbidden,
)
from service.tournament_records import (
    AlreadyEntered,
    NotEntered,
    TooFewPlayers,
    TournamentForbidden,
    TournamentFull,
    TournamentNotFound,
    TournamentNotOpen,
)
from service.webhooks import TooManyWebhooks, WebhookNotFound, WebhookUrlRefused

log = logging.getLogger(__name__)

PROBLEM_TYPE = "urn:smashup:problem:"
PROBLEM_MIMETYPE = "application/problem+json"

TITLES = {
    "malformed_json": "Malformed JSON",
    "bad_request": "Bad request",
    "validation_error": "Invalid request",
    "unauthenticated": "Authentication required",
    "invalid_token": "Invalid token",
    "forbidden": "Forbidden",
    "not_found": "Not found",
    "method_not_allowed": "Method not allowed",
    "payload_too_large": "Payload too large",
    "request_timeout": "Request timeout",
    "uri_too_long": "URI too long",
    "headers_too_large": "Request header fields too large",
    "not_your_turn": "Not your turn",
    "version_conflict": "Version conflict",
    "game_not_active": "Game not active",
    "illegal_move": "Illegal move",
    "illegal_target": "Illegal target",
    "unknown_card": "Unknown card",
    "invalid_setup": "Invalid setup",
    "faction_not_implemented": "Faction not implemented",
    "idempotency_key_reused": "Idempotency key reused",
    "player_not_found": "Player not found",
    "player_seated_twice": "Player seated twice",
    "challenge_not_found": "Challenge not found",
    "challenge_not_pending": "Challenge not pending",
    "webhook_url_refused": "Webhook URL refused",
    "webhook_not_found": "Webhook not found",
    "too_many_webhooks": "Too many webhooks",
    "rate_limited": "Too many requests",
    "too_many_games": "Too many active games",
    "too_many_accounts": "Too many accounts",
    "game_full": "Game full",
    "game_started": "Game started",
    "table_canceled": "Canceled",
    "faction_taken": "Faction taken",
    "already_seated": "Already seated",
    "seek_not_found": "Seek not found",
    "tournament_not_found": "Tournament not found",
    "tournament_not_open": "Tournament not open",
    "tournament_full": "Tournament full",
    "already_entered": "Already entered",
    "not_entered": "Not entered",
    "too_few_players": "Too few players",
    "service_unavailable": "Service unavailable",
    "game_archived": "Game archived",
    "internal_error": "Internal error",
}

RULE_STATUS: tuple[tuple[type[RuleViolation], int], ...] = (
    (FactionAlreadyPicked, 409),  # as the tables' faction_taken
    (NotYourTurn, 409),
    (GameNotActive, 409),
    (UnknownCard, 422),
    (IllegalTarget, 422),
    (IllegalMove, 422),
    (InvalidSetup, 422),
)
SERVICE_STATUS: dict[type[ServiceError], int] = {
    GameNotFound: 404,
    StaleVersion: 409,
    IdempotencyKeyReused: 422,
    TooManyWaiters: 429,
    RateLimited: 429,
    TooManyGames: 429,
    TooManyAccounts: 429,
    AccountNotFound: 404,
    AccountSeatedTwice: 422,
    ChallengeNotFound: 404,
    ChallengeNotPending: 409,
    ChallengeForbidden: 403,
    WebhookUrlRefused: 422,
    WebhookNotFound: 404,
    TooManyWebhooks: 422,
    GameFull: 409,
    GameAlreadyStarted: 409,
    TableCanceled: 409,
    FactionTaken: 409,
    AlreadySeated: 409,
    SeekNotFound: 404,
    PoolBusy: 503,
    UnknownCategory: 422,
    TableForbidden: 403,
    TournamentNotFound: 404,
    TournamentNotOpen: 409,
    TournamentFull: 409,
    AlreadyEntered: 409,
    NotEntered: 409,
    TooFewPlayers: 409,
    TournamentForbidden: 403,
}
HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
}


class ApiError(Exception):
    """An HTTP refusal raised by the API layer itself."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra


def problem(
    status: int, code: str, detail: str, headers: dict[str, str] | None = None, **extra: Any
) -> Response:
    """A problem+json response."""
    body: dict[str, Any] = {
        "type": PROBLEM_TYPE + code,
        "title": TITLES.get(code, code.replace("_", " ").capitalize()),
        "status": status,
        "detail": detail,
        "code": code,
        "instance": request.path,
        **extra,
    }
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MIMETYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _api_error(error: ApiError) -> Response:
    return problem(error.status, error.code, error.detail, error.headers, **error.extra)


def _rule_violation(error: RuleViolation) -> Response:
    status = next((s for cls, s in RULE_STATUS if isinstance(error, cls)), 422)
    return problem(status, error.code, error.message)


def _service_error(error: ServiceError) -> Response:
    extra: dict[str, Any] = {}
    if isinstance(error, StaleVersion):
        extra = {"expected_version": error.expected, "current_version": error.actual}
    headers = None
    retry_after = getattr(error, "retry_after", None)
    if retry_after is not None:
        headers = {"Retry-After": str(retry_after)}
    status = SERVICE_STATUS.get(type(error), 409)
    return problem(status, error.code, error.message, headers, **extra)


def _validation_error(error: ValidationError) -> Response:
    messages = error.messages if isinstance(error.messages, dict) else {"_schema": error.messages}
    return problem(
        422, "validation_error", "the request has invalid or unknown fields", errors=messages
    )


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    code = HTTP_CODES.get(status, "bad_request" if status < 500 else "internal_error")
    detail = error.description or TITLES.get(code, "")
    if status == 404:
        detail = f"there is no resource at {request.path}"
    elif status == 405:
        detail = f"{request.method} is not allowed on {request.path}"
    elif status == 413:
        detail = "the request body is too large"
    headers = {}
    allow = error.get_headers()
    for name, value in allow:
        if name.lower() == "allow":
            headers["Allow"] = value
    return problem(status, code, detail, headers)


def _redis_error(error: redis.RedisError) -> Response:
    log.error("redis error: %s", error)
    return problem(503, "service_unavailable", "the game store is unreachable; retry later")


def _store_error(error: StoreError) -> Response:
    log.error("event store error: %s", error)
    return problem(503, "service_unavailable", "the game store refused the operation")


def _outcome_unknown(error: AppendOutcomeUnknown) -> Response:
    log.error("event store error: %s", error)
    return problem(
        503,
        "service_unavailable",
        "the game store did not answer: this command may have been applied; read the game, or"
        " send it again with the same Idempotency-Key",
    )


def _game_archived(error: GameArchived) -> Response:
    return problem(409, "game_archived", f"{error}; its log and states can still be read")


def _archive_error(error: ArchiveError) -> Response:
    log.error("archive unreadable on %s %s: %s", request.method, request.path, error)
    return problem(503, "service_unavailable", "the game's archived log cannot be read now")


def _unexpected(error: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.path, exc_info=error)
    return problem(500, "internal_error", "an unexpected error occurred; it has been logged")


def register_error_handlers(app: Flask) -> None:
    """Answer every error of ``app`` with a problem+json body."""
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(RuleViolation, _rule_violation)
    app.register_error_handler(ServiceError, _service_error)
    app.register_error_handler(ValidationError, _validation_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(redis.RedisError, _redis_error)
    app.register_error_handler(StoreError, _store_error)
    app.register_error_handler(GameArchived, _game_archived)
    app.register_error_handler(ArchiveError, _archive_error)
    app.register_error_handler(AppendOutcomeUnknown, _outcome_unknown)
    app.register_error_handler(Exception, _unexpected)
