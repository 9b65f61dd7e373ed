"""Marshmallow schemas of the request bodies around accounts: new accounts, challenges, seeks,
pairing, joining an open seat, and webhooks."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from api.schema_fields import (
    _ID,
    ClockSchema,
    StrictBoolean,
    StrictInteger,
    _factions,
    _printable,
    _seat_count,
)


class NewAccountSchema(Schema):
    """``POST /v1/players``."""

    name = fields.String(required=True, validate=[validate.Length(min=1, max=40), _printable])
    bot = StrictBoolean(load_default=False)


class NewChallengeSchema(Schema):
    """``POST /v1/challenges``: whom, with which factions, at which seat (0 plays first)."""

    to = fields.String(required=True, validate=_ID)
    factions = _factions(required=True)
    seat = StrictInteger(load_default=0, validate=validate.OneOf([0, 1]))
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)


class AcceptSchema(Schema):
    """``POST /v1/challenges/{id}/accept``: the accepting account's factions."""

    factions = _factions(required=True)


class JoinSchema(Schema):
    """``POST /v1/games/{id}/join``: an anonymous ``name`` or the caller's ``player`` account,
    with two factions."""

    name = fields.String(validate=[validate.Length(min=1, max=40), _printable])
    player = fields.String(validate=_ID)
    factions = _factions(required=True)

    @validates_schema
    def one_identity(self, data: dict[str, Any], **_: Any) -> None:
        """A name or a player account, not both."""
        if ("name" in data) == ("player" in data):
            raise ValidationError("give either 'name' or 'player'", "_schema")


class NewSeekSchema(Schema):
    """``POST /v1/seeks``: seats, the creator's factions, clock, rated or casual, setup."""

    seats = _seat_count()
    factions = _factions(required=True)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)
    setup = fields.String(load_default="factions", validate=validate.OneOf(["factions", "draft"]))
    boxes = StrictInteger(load_default=1, validate=validate.OneOf([1, 2]))


class PairingSchema(Schema):
    """``POST /v1/pairing``: the seat count and clock wanted, and the caller's factions."""

    seats = _seat_count()
    factions = _factions(required=True)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)


SECRET_MIN, SECRET_MAX = 16, 200
"""The length limits of a webhook's signing secret (openapi.yaml's ``NewWebhook``)."""


class NewWebhookSchema(Schema):
    """``POST /v1/webhooks``: where to deliver, and the signing secret (made if absent)."""

    url = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    secret = fields.String(
        load_default=None,
        validate=validate.Length(
            min=SECRET_MIN,
            max=SECRET_MAX,
            error=f"a webhook secret has {SECRET_MIN} to {SECRET_MAX} characters",
        ),
    )
