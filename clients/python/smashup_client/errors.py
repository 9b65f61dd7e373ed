"""Errors raised by the SDK: every refusal of the server is an :class:`ApiError`."""

from __future__ import annotations

from typing import Any


class SmashupError(Exception):
    """Base class of every error this package raises."""


class ApiError(SmashupError):
    """The server refused a request with an ``application/problem+json`` answer.

    ``code`` is the problem's stable machine code (``not_your_turn``, ``rate_limited``, ...),
    ``status`` the HTTP status, ``detail`` the human explanation and ``problem`` the whole body
    (extra members such as ``errors`` or ``current_version`` included).
    """

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        problem: dict[str, Any],
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.problem = problem
        self.retry_after = retry_after
        """Seconds the server asked to wait (``Retry-After``), when it said so."""


class Unauthorized(ApiError):
    """401: no token, or a token the server does not know."""


class Forbidden(ApiError):
    """403: the token may not do this."""


class NotFound(ApiError):
    """404: no such game, player, challenge or webhook."""


class Conflict(ApiError):
    """409: not the caller's turn, the game moved on, or it has ended."""


class Unprocessable(ApiError):
    """422: a field is invalid or the move is illegal."""


class RateLimited(ApiError):
    """429 that the client did not (or could no longer) wait out."""


class ServerError(ApiError):
    """5xx."""


_BY_STATUS: dict[int, type[ApiError]] = {
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    409: Conflict,
    422: Unprocessable,
    429: RateLimited,
}


def error_for(status: int, problem: dict[str, Any], retry_after: float | None = None) -> ApiError:
    """The exception for a refusal of ``status`` with body ``problem``."""
    kind = _BY_STATUS.get(status, ServerError if status >= 500 else ApiError)
    code = str(problem.get("code") or f"http_{status}")
    detail = str(problem.get("detail") or problem.get("title") or "")
    return kind(status, code, detail, problem, retry_after)


class TransportError(SmashupError):
    """The server could not be reached, or the connection broke, and retrying did not help."""
