"""Ratings: ``GET /v1/leaderboard`` (profiles are ``GET /v1/players/{id}``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from marshmallow import Schema, fields, validate

from api.routes.accounts import social
from api.schemas import load_query
from service.ratings import BOTS_FILTERS, CATEGORIES

bp = Blueprint("ratings", __name__, url_prefix="/v1")

MAX_PAGE = 100


class LeaderboardQuery(Schema):
    """``?category=&bots=&limit=&cursor=`` of the leaderboard."""

    category = fields.String(load_default="2p", validate=validate.OneOf(CATEGORIES))
    bots = fields.String(load_default="exclude", validate=validate.OneOf(BOTS_FILTERS))
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=MAX_PAGE))
    cursor = fields.String(
        load_default="0", validate=[validate.Length(max=9), validate.Regexp(r"\A[0-9]+\Z")]
    )


@bp.get("/leaderboard")
def leaderboard() -> dict[str, Any]:
    """One page of a category's ranking, best first: people (default), bot accounts only
    (``bots=only``) or everyone (``bots=include``)."""
    query = load_query(LeaderboardQuery, request.args)
    return social().ratings.leaderboard(
        query["category"], query["bots"], int(query["cursor"]), query["limit"]
    )
