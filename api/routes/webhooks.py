"""Webhooks: register a URL for an account's feed or a seat's game, list its deliveries."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, url_for

from api import auth
from api.errors import ApiError
from api.routes.accounts import social
from api.routes.common import check_game_id, games, no_query, read_json
from api.schemas import NewWebhookSchema
from service.webhooks import public

bp = Blueprint("webhooks", __name__, url_prefix="/v1")


def _created(hook: dict[str, Any]) -> tuple[dict[str, Any], int, dict[str, str]]:
    location = url_for("webhooks.get_webhook", hook_id=hook["id"])
    return hook, 201, {"Location": location}


def _unauthenticated() -> ApiError:
    return ApiError(
        401,
        "unauthenticated",
        "send 'Authorization: Bearer <player or seat token>'",
        {"WWW-Authenticate": 'Bearer realm="smashup"'},
    )


@bp.post("/webhooks")
def create_webhook() -> tuple[dict[str, Any], int, dict[str, str]]:
    """A hook of the caller: its account's feed (account token) or its seat (seat token)."""
    service = games()
    account = auth.account(service)
    seat = None if account is not None else auth.identity(service)
    if account is None and seat is None:
        raise _unauthenticated()
    no_query()
    data = NewWebhookSchema().load(read_json())
    hooks = social().webhooks
    if account is not None:
        return _created(hooks.register(data["url"], data["secret"], account=account))
    assert seat is not None
    return _created(hooks.register(data["url"], data["secret"], game=seat[0], seat=seat[1]))


@bp.post("/games/<game_id>/webhooks")
def create_game_webhook(game_id: str) -> tuple[dict[str, Any], int, dict[str, str]]:
    """A hook of the caller's seat in this game (seat token, or an account seated there)."""
    service = games()
    service.require(check_game_id(game_id))
    seat = auth.seat(service, game_id)
    no_query()
    data = NewWebhookSchema().load(read_json())
    return _created(
        social().webhooks.register(data["url"], data["secret"], game=game_id, seat=seat)
    )


def _owned(hook_id: str) -> dict[str, Any]:
    service = games()
    account = auth.account(service)
    seat = None if account is not None else auth.identity(service)
    if account is None and seat is None:
        raise _unauthenticated()
    return social().webhooks.owned(hook_id, account, seat)


@bp.get("/webhooks/<hook_id>")
def get_webhook(hook_id: str) -> dict[str, Any]:
    """One of the caller's hooks (without its secret)."""
    hook = _owned(hook_id)
    no_query()
    return public(hook)


@bp.delete("/webhooks/<hook_id>")
def delete_webhook(hook_id: str) -> dict[str, Any]:
    """Remove one of the caller's hooks; its pending retries are dropped."""
    hook = _owned(hook_id)
    no_query()
    social().webhooks.delete(hook)
    return public(hook)


@bp.get("/webhooks/<hook_id>/deliveries")
def deliveries(hook_id: str) -> dict[str, Any]:
    """The hook's newest deliveries (newest first), each with its attempts."""
    hook = _owned(hook_id)
    no_query()
    return {"deliveries": social().webhooks.deliveries(hook["id"])}
