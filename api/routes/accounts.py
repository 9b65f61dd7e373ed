"""Player accounts, the account's games and turns, and challenges between accounts."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request, url_for
from marshmallow import ValidationError

from api import auth
from api.errors import ApiError
from api.limits import count_account_creation, hold_game
from api.routes.common import games, no_query, read_json
from api.schemas import (
    AcceptSchema,
    ChallengesQuery,
    MyGamesQuery,
    NewAccountSchema,
    NewChallengeSchema,
    load_query,
)
from service.accounts import AccountNotFound
from service.social import Social, social_of

players_bp = Blueprint("players", __name__, url_prefix="/v1/players")
me_bp = Blueprint("me_account", __name__, url_prefix="/v1/me")
challenges_bp = Blueprint("challenges", __name__, url_prefix="/v1/challenges")


def social() -> Social:
    """The account services of the current app."""
    found = social_of(games())
    if found is None:
        raise RuntimeError("the games service has no account services attached")
    return found


def caller_account() -> str:
    """The caller's account id; 401 unless the token is a live account token."""
    found = auth.account(games())
    if found is None:
        raise ApiError(
            401,
            "unauthenticated",
            "send 'Authorization: Bearer <player token>' (from POST /v1/players)",
            {"WWW-Authenticate": 'Bearer realm="smashup"'},
        )
    return found


# -- accounts ---------------------------------------------------------------------------------


@players_bp.post("")
def create_account() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Create an account: 201 with its id and its token (shown only here)."""
    no_query()
    data = NewAccountSchema().load(read_json())
    count_account_creation()
    account, token = social().accounts.create(data["name"], data["bot"])
    location = url_for("players.get_account", player_id=account.id)
    return {**account.as_json(), "token": token}, 201, {"Location": location}


@players_bp.get("/me")
def get_me() -> dict[str, Any]:
    """The caller's account."""
    no_query()
    return social().accounts.get(caller_account()).as_json()


@players_bp.get("/<player_id>")
def get_account(player_id: str) -> dict[str, Any]:
    """An account's public profile: the account, its ratings, game counts, rated results by
    faction and its latest rated games."""
    no_query()
    return social().ratings.profile(player_id)


@players_bp.post("/me/token")
def rotate_token() -> dict[str, Any]:
    """Replace the caller's token: the old one stops working at once."""
    no_query()
    account_id = caller_account()
    return {"id": account_id, "token": social().accounts.rotate_token(account_id)}


@players_bp.delete("/me/token")
def revoke_token() -> dict[str, Any]:
    """Revoke the caller's token (no token acts for the account any more)."""
    no_query()
    account_id = caller_account()
    social().accounts.revoke_token(account_id)
    return {"id": account_id, "token": None}


# -- the account's games ----------------------------------------------------------------------


@me_bp.get("/games")
def my_games() -> dict[str, Any]:
    """The caller's games, newest first, optionally only ``?status=active|ended``."""
    account_id = caller_account()
    query = load_query(MyGamesQuery, request.args)
    return {"games": social().accounts.games_of(account_id, query["status"])}


# -- challenges -------------------------------------------------------------------------------


@challenges_bp.post("")
def create_challenge() -> tuple[dict[str, Any], int, dict[str, str]]:
    """Challenge another account: 201 with the pending challenge."""
    challenger = caller_account()
    no_query()
    data = NewChallengeSchema().load(read_json())
    try:
        social().accounts.get(data["to"])
    except AccountNotFound as missing:
        raise ValidationError({"to": [missing.message]}) from None
    with hold_game() as held:  # a built-in bot accepts at once: a game is created
        challenge = social().challenges.create(
            challenger,
            data["to"],
            data["factions"],
            data["seat"],
            data["clock"],
            data["rated"],
            data["setup"],
        )
        if challenge["game"] is not None:
            held.keep(challenge["game"])
    location = url_for("challenges.get_challenge", challenge_id=challenge["id"])
    return challenge, 201, {"Location": location}


@challenges_bp.get("")
def list_challenges() -> dict[str, Any]:
    """The caller's ``incoming`` (default) or ``outgoing`` challenges, newest first."""
    caller = caller_account()
    query = load_query(ChallengesQuery, request.args)
    found = social().challenges.listing(caller, query["direction"], query["status"])
    return {"challenges": found}


@challenges_bp.get("/<challenge_id>")
def get_challenge(challenge_id: str) -> dict[str, Any]:
    """One challenge the caller made or received."""
    caller = caller_account()
    no_query()
    return social().challenges.get(challenge_id, caller)


@challenges_bp.post("/<challenge_id>/accept")
def accept(challenge_id: str) -> dict[str, Any]:
    """Accept a challenge: the game is created (its id is in ``game``)."""
    caller = caller_account()
    no_query()
    data = AcceptSchema().load(read_json())
    if (
        not data["factions"]
        and social().challenges.get(challenge_id, caller).get("setup") != "draft"
    ):
        raise ValidationError({"factions": ["Missing data for required field."]})
    with hold_game() as held:
        accepted = social().challenges.accept(challenge_id, caller, data["factions"])
        held.keep(accepted["game"])
    return accepted


@challenges_bp.post("/<challenge_id>/decline")
def decline(challenge_id: str) -> dict[str, Any]:
    """Decline a challenge addressed to the caller."""
    caller = caller_account()
    no_query()
    return social().challenges.decline(challenge_id, caller)


@challenges_bp.post("/<challenge_id>/cancel")
def cancel(challenge_id: str) -> dict[str, Any]:
    """Withdraw a challenge the caller made."""
    caller = caller_account()
    no_query()
    return social().challenges.cancel(challenge_id, caller)
