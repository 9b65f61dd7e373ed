"""Marshmallow schemas of the query strings (``?lang=``, ``?wait=``, paging, filters)."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from api.schema_fields import (
    _ID,
    GAME_STATUSES,
    LANGUAGES,
    MAX_EVENTS,
    MAX_GAMES_PAGE,
    MAX_INT,
    MAX_WAIT,
)


class CatalogueQuery(Schema):
    """``?lang=&set=&faction=`` of the catalogue endpoints."""

    lang = fields.String(load_default="en", validate=validate.OneOf(LANGUAGES))
    set = fields.String(load_default=None, validate=_ID)
    faction = fields.String(load_default=None, validate=_ID)


class LangQuery(Schema):
    """``?lang=`` of the views that carry labels (absent: ``Accept-Language`` decides)."""

    lang = fields.String(load_default=None, validate=validate.OneOf(LANGUAGES))


class FactionsQuery(CatalogueQuery):
    """``GET /v1/factions`` takes no faction filter."""

    class Meta:
        exclude = ("faction",)


class _WaitQuery(Schema):
    wait = fields.Float(
        load_default=0.0, allow_nan=False, validate=validate.Range(min=0, max=MAX_WAIT)
    )


class EventsQuery(_WaitQuery):
    """``?after=N&wait=S&limit=L`` of the events feed."""

    after = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_INT))
    limit = fields.Integer(load_default=MAX_EVENTS, validate=validate.Range(min=1, max=MAX_EVENTS))


class CommandQuery(Schema):
    """``?view=true`` of ``POST /v1/games/{id}/commands``: answer the game view too; ``?lang=``:
    the language of the awaited decision's option labels."""

    view = fields.Boolean(load_default=False)
    lang = fields.String(load_default=None, validate=validate.OneOf(LANGUAGES))


class TurnsQuery(_WaitQuery):
    """``?wait=S`` of ``/v1/me/turns``."""


class GamesQuery(Schema):
    """``?status=&limit=&cursor=`` of the public list of games."""

    status = fields.String(load_default=None, validate=validate.OneOf(GAME_STATUSES))
    open = fields.Boolean(load_default=False)
    limit = fields.Integer(load_default=20, validate=validate.Range(min=1, max=MAX_GAMES_PAGE))
    cursor = fields.String(
        load_default=None,
        validate=[
            validate.Length(max=120),
            validate.Regexp(r"\A[0-9T:.+Z-]{0,40}~[0-9]{12}~[A-Za-z0-9_-]{1,64}\Z"),
        ],
    )


class MyGamesQuery(Schema):
    """``?status=`` of ``/v1/me/games``."""

    status = fields.String(load_default=None, validate=validate.OneOf(["active", "ended"]))


class ChallengesQuery(Schema):
    """``?direction=&status=`` of ``/v1/challenges``."""

    direction = fields.String(
        load_default="incoming", validate=validate.OneOf(["incoming", "outgoing"])
    )
    status = fields.String(
        load_default=None,
        validate=validate.OneOf(["pending", "accepting", "accepted", "declined", "canceled"]),
    )


class StreamQuery(Schema):
    """``?after=&timeout=`` of the streams (``after`` may come as ``Last-Event-ID`` instead)."""

    after = fields.String(load_default=None, validate=validate.Length(min=1, max=64))
    timeout = fields.Float(
        load_default=300.0, allow_nan=False, validate=validate.Range(min=0.1, max=3600)
    )
