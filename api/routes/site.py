"""What people and tools read beside the API: the spec, its docs page and the home page.

Every file served here is package data (``api/assets``, and Swagger UI's dist from the
``flask-swagger-ui`` package), so an installed server needs no checkout and no internet.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from importlib.resources.abc import Traversable

import yaml
from flask import Blueprint, Response, abort, redirect
from flask.typing import ResponseReturnValue

from api.routes.common import no_query

bp = Blueprint("site", __name__)

ASSETS = resources.files("api") / "assets"
SWAGGER_FILES = frozenset({"swagger-ui.css", "swagger-ui-bundle.js"})
MEDIA = {".css": "text/css", ".js": "text/javascript"}
CACHE_SECONDS = 3600


def asset_text(name: str) -> str:
    """A text file of ``api/assets``."""
    return (ASSETS / name).read_text(encoding="utf-8")


@functools.cache
def spec_yaml() -> str:
    """openapi.yaml as shipped with the package."""
    return asset_text("openapi.yaml")


@functools.cache
def spec_json() -> str:
    """openapi.yaml as JSON."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's: 8x faster, same result
    return json.dumps(yaml.load(spec_yaml(), Loader=loader), ensure_ascii=False)


def _swagger_dist() -> Traversable:
    return resources.files("flask_swagger_ui") / "dist"


def file_response(source: Traversable, name: str) -> Response:
    """A static file with a media type from its suffix and a cache lifetime."""
    suffix = name[name.rfind(".") :]
    response = Response((source / name).read_bytes(), mimetype=MEDIA[suffix])
    response.cache_control.public = True
    response.cache_control.max_age = CACHE_SECONDS
    return response


@bp.get("/openapi.yaml")
def openapi_yaml() -> Response:
    """The OpenAPI document, as written."""
    no_query()
    return Response(spec_yaml(), mimetype="application/yaml")


@bp.get("/openapi.json")
def openapi_json() -> Response:
    """The OpenAPI document as JSON."""
    no_query()
    return Response(spec_json(), mimetype="application/json")


@bp.get("/docs")
def docs() -> Response:
    """The interactive API page (Swagger UI over ``/openapi.json``)."""
    no_query()
    return Response(asset_text("docs.html"), mimetype="text/html")


@bp.get("/docs/")
def docs_slash() -> ResponseReturnValue:
    """``/docs/`` is ``/docs`` (a permanent redirect)."""
    return redirect("/docs", code=308)


@bp.get("/docs/assets/<name>")
def docs_asset(name: str) -> Response:
    """Swagger UI's own files."""
    if name not in SWAGGER_FILES:
        abort(404)
    return file_response(_swagger_dist(), name)


@bp.get("/")
def home() -> Response:
    """Links to the docs, the metrics and the games being played."""
    no_query()
    return Response(asset_text("index.html"), mimetype="text/html")
