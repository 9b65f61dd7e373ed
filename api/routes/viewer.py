"""The web viewer: ``/games/{id}`` (a page of package assets) and the narration it shows.

The page is plain HTML and JavaScript over the public API: the game view (a seat's, with the
seat token kept in the page's URL fragment, or a spectator's), the long-poll events feed for
live updates, and for a finished game ``state?at=N`` with the narration of each step.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort

from api.errors import ApiError
from api.routes.common import check_game_id, games, no_query
from api.routes.site import ASSETS, asset_text, file_response
from service.narration import narration

bp = Blueprint("viewer", __name__)

VIEWER_FILES = frozenset(
    {"viewer.js", "viewer.css", "home.js", "api.js", "i18n.js", "live.js", "play.js"}
)


@bp.get("/games/<game_id>")
def viewer_page(game_id: str) -> Response:
    """The viewer page of one game (the game itself is read by the page, through the API)."""
    check_game_id(game_id)
    return Response(asset_text("viewer.html"), mimetype="text/html")


@bp.get("/viewer/<name>")
def viewer_asset(name: str) -> Response:
    """The viewer's script and style sheet."""
    if name not in VIEWER_FILES:
        abort(404)
    return file_response(ASSETS, name)


@bp.get("/v1/games/<game_id>/narration")
def game_narration(game_id: str) -> dict[str, Any]:
    """One line per notable event of a finished game, with the version it happened at."""
    service = games()
    service.require(check_game_id(game_id))
    no_query()
    if service.load(game_id).status != "ended":
        raise ApiError(403, "game_not_ended", "the narration is public once the game has ended")
    lines = narration(service.store.read(game_id))
    return {"lines": lines}
