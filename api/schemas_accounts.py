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
    factions_for_setup,
    setup_mode,
)


class NewAccountSchema(Schema):
    """``POST /v1/players``."""

    name = fields.String(required=True, validate=[validate.Length(min=1, max=40), _printable])
    bot = StrictBoolean(load_default=False)


class NewChallengeSchema(Schema):
    """``POST /v1/challenges``: whom, with which factions, at which seat (0 plays first)."""

    to = fields.String(required=True, validate=_ID)
    factions = _factions(load_default=list)
    seat = StrictInteger(load_default=0, validate=validate.OneOf([0, 1]))
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)
    setup = setup_mode()

    @validates_schema
    def factions_or_draft(self, data: dict[str, Any], **_: Any) -> None:
        """The challenger's two factions, or none in a drafted game."""
        factions_for_setup(data)


class AcceptSchema(Schema):
    """``POST /v1/challenges/{id}/accept`` and ``POST /v1/seeks/{id}/accept``: the accepting
    account's factions (none when the game drafts them: the seek or challenge refuses what does
    not fit)."""

    factions = _factions(load_default=list)


class JoinSchema(Schema):
    """``POST /v1/games/{id}/join``: an anonymous ``name`` or the caller's ``player`` account,
    with two factions (none when the game drafts them: the table refuses what does not fit)."""

    name = fields.String(validate=[validate.Length(min=1, max=40), _printable])
    player = fields.String(validate=_ID)
    factions = _factions(load_default=list)

    @validates_schema
    def one_identity(self, data: dict[str, Any], **_: Any) -> None:
        """A name or a player account, not both."""
        if ("name" in data) == ("player" in data):
            raise ValidationError("give either 'name' or 'player'", "_schema")


class NewSeekSchema(Schema):
    """``POST /v1/seeks``: seats, the creator's factions, clock, rated or casual, setup."""

    seats = _seat_count()
    factions = _factions(load_default=list)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    rated = StrictBoolean(load_default=False)
    setup = setup_mode()
    boxes = StrictInteger(load_default=1, validate=validate.OneOf([1, 2]))

    @validates_schema
    def factions_or_draft(self, data: dict[str, Any], **_: Any) -> None:
        """The creator's two factions, or none in a drafted seek."""
        factions_for_setup(data)


class PairingSchema(Schema):
    """``POST /v1/pairing``: the seat count, clock and setup wanted, and the caller's factions
    (none for a draft)."""

    seats = _seat_count()
    factions = _factions(load_default=list)
    clock = fields.Nested(ClockSchema, load_default=None, allow_none=True)
    setup = setup_mode()

    @validates_schema
    def factions_or_draft(self, data: dict[str, Any], **_: Any) -> None:
        """The caller's two factions, or none for a drafted game."""
        factions_for_setup(data)


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
