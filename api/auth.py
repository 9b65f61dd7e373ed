"""Tokens: ``Authorization: Bearer <token>``, a seat's or an account's; none means a spectator.

An account token acts for the account's seat in every game that seats it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from flask import g, request

from api.errors import ApiError
from service.accounts import TOKEN_PREFIX
from service.games import Games
from service.social import social_of

_CHALLENGE = 'Bearer realm="smashup"'


def _authorization() -> tuple[str, str] | None:
    """The Authorization header's scheme and credentials, each stripped (None: no header)."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    return scheme, token.strip()


def _is_bearer(scheme: str, token: str) -> bool:
    """Whether the header is ``Bearer <one token without spaces>``."""
    return scheme.lower() == "bearer" and bool(token) and " " not in token


def _bearer() -> str | None:
    """The bearer token of the request, None if there is no Authorization header."""
    found = _authorization()
    if found is None:
        return None
    if not _is_bearer(*found):
        raise ApiError(
            401,
            "invalid_token",
            "the Authorization header must be 'Bearer <seat token>'",
            {"WWW-Authenticate": f'{_CHALLENGE}, error="invalid_request"'},
        )
    return found[1]


Lookup = Callable[[str], "tuple[str, int] | None"]
"""Finds the ``(game_id, seat)`` of a seat token (default: ``Games.authenticate``)."""


def token_or_none() -> str | None:
    """The bearer token if the Authorization header is well formed, else None (no refusal)."""
    found = _authorization()
    return found[1] if found is not None and _is_bearer(*found) else None


@dataclass(frozen=True)
class Caller:
    """What a valid bearer token names: a player account, or a seat of a game."""

    token: str
    account: str | None = None
    seat: tuple[str, int] | None = None

    @property
    def identity(self) -> str:
        """The name the limits count this caller under: its account, else its token's digest
        (a token is never stored)."""
        if self.account is not None:
            return "account-" + self.account
        return "token-" + hashlib.sha256(self.token.encode()).hexdigest()[:32]


_CALLER = "smashup_caller"


def caller(games: Games) -> Caller | None:
    """The caller named by the request's bearer token, None without one; 401
    ``invalid_token`` if the header is malformed or the token names no live account and no
    seat (made up, revoked, or of an expired account). Looked up once per request."""
    if _CALLER in g:
        known: Caller | None = g.get(_CALLER)
        return known
    token = _bearer()
    found = None if token is None else _lookup(games, token)
    if token is not None and found is None:
        raise ApiError(
            401,
            "invalid_token",
            "this token belongs to no seat and no player account",
            {"WWW-Authenticate": f'{_CHALLENGE}, error="invalid_token"'},
        )
    setattr(g, _CALLER, found)
    return found


def _lookup(games: Games, token: str) -> Caller | None:
    if len(token) > 256:
        return None
    social = social_of(games)
    if social is not None and token.startswith(TOKEN_PREFIX):
        account_id = social.accounts.authenticate(token)
        return None if account_id is None else Caller(token, account=account_id)
    seat = games.authenticate(token)
    return None if seat is None else Caller(token, seat=seat)


def account(games: Games) -> str | None:
    """The account id of the caller's token if it is an account token (else None)."""
    token = _bearer()
    if token is None or not token.startswith(TOKEN_PREFIX):
        return None  # a seat token, or none: no lookup
    found = caller(games)
    return None if found is None else found.account


def identity(games: Games, lookup: Lookup | None = None) -> tuple[str, int] | None:
    """The ``(game_id, seat)`` of the caller's token; None without a token; 401 if unknown."""
    token = _bearer()
    if token is None:
        return None
    if lookup is None:
        known = caller(games)
        found = None if known is None else known.seat
    else:
        found = lookup(token) if len(token) <= 256 else None
        if found is not None:
            setattr(g, _CALLER, Caller(token, seat=found))
    if found is None and account(games) is not None:
        raise ApiError(403, "forbidden", "this account token acts only inside a game")
    if found is None:
        raise ApiError(
            401,
            "invalid_token",
            "this token belongs to no seat",
            {"WWW-Authenticate": f'{_CHALLENGE}, error="invalid_token"'},
        )
    return found


def viewer(games: Games, game_id: str, lookup: Lookup | None = None) -> int | None:
    """The caller's seat in ``game_id``, or None for a spectator; 403 for another game's token."""
    player = account(games)
    social = social_of(games)
    if player is not None and social is not None:
        seat_of = social.accounts.seat_in(player, game_id)
        if seat_of is None:
            raise ApiError(403, "forbidden", "this account has no seat in this game")
        return seat_of
    found = identity(games, lookup)
    if found is None:
        return None
    if found[0] != game_id:
        raise ApiError(403, "forbidden", "this token belongs to a seat of another game")
    return found[1]


def seat(games: Games, game_id: str, lookup: Lookup | None = None) -> int:
    """The caller's seat in ``game_id``; 401 without a token."""
    found = viewer(games, game_id, lookup)
    if found is None:
        raise ApiError(
            401,
            "unauthenticated",
            "send 'Authorization: Bearer <seat token>' to act for a seat",
            {"WWW-Authenticate": _CHALLENGE},
        )
    return found
