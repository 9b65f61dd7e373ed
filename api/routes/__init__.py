"""The v1 blueprints."""

from __future__ import annotations

from flask import Blueprint

from api.routes.accounts import challenges_bp, players_bp
from api.routes.accounts import me_bp as me_account_bp
from api.routes.catalogue import bp as catalogue_bp
from api.routes.export import bp as export_bp
from api.routes.games import bp as games_bp
from api.routes.listing import bp as listing_bp
from api.routes.me import bp as me_bp
from api.routes.metrics import bp as metrics_bp
from api.routes.ratings import bp as ratings_bp
from api.routes.replays import bp as replays_bp
from api.routes.site import bp as site_bp
from api.routes.streams import game_stream_bp, me_stream_bp
from api.routes.tables import join_bp, pairing_bp, seeks_bp
from api.routes.tournaments import bp as tournaments_bp
from api.routes.tournaments import page_bp as arena_bp
from api.routes.viewer import bp as viewer_bp
from api.routes.webhooks import bp as webhooks_bp

BLUEPRINTS: tuple[Blueprint, ...] = (
    catalogue_bp,
    games_bp,
    listing_bp,
    me_bp,
    metrics_bp,
    replays_bp,
    site_bp,
    viewer_bp,
    players_bp,
    me_account_bp,
    challenges_bp,
    me_stream_bp,
    game_stream_bp,
    webhooks_bp,
    join_bp,
    seeks_bp,
    pairing_bp,
    export_bp,
    ratings_bp,
    tournaments_bp,
    arena_bp,
)
