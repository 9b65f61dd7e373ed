"""Health and the card catalogue: ``/v1/health``, ``/v1/factions``, ``/v1/cards``, ``/v1/bases``."""

from __future__ import annotations

import functools
from typing import Any

from flask import Blueprint, current_app, request
from marshmallow import ValidationError

from api.redis_supervisor import EXTENSION as REDIS_SUPERVISOR
from api.routes.common import games
from api.schemas import CatalogueQuery, FactionsQuery, load_query
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from service.health import health as service_health

bp = Blueprint("catalogue", __name__, url_prefix="/v1")


@bp.get("/health")
def health() -> tuple[dict[str, Any], int]:
    """Liveness, and whether Redis answers (503 when it does not)."""
    body, status = service_health(games())
    watch = current_app.extensions.get(REDIS_SUPERVISOR)
    if status == 503 and watch is not None and watch.restarting:
        body["status"] = "degraded"  # an embedded Redis being restarted: coming back by itself
    return body, status


def _check(kind: str, value: str | None, known: Any) -> None:
    if value is not None and value not in known:
        raise ValidationError({kind: [f"unknown {kind} {value!r}"]})


@functools.cache
def _factions(lang: str) -> tuple[dict[str, Any], ...]:
    cat = catalogue()
    return tuple(
        {
            "id": f.id,
            "set": f.set,
            "name": cat.name(f, lang),
            "cards": list(f.card_ids),
            "implemented": all(c in IMPLEMENTED for c in f.card_ids),
        }
        for f in cat.factions.values()
    )


@functools.cache
def _cards(lang: str) -> tuple[dict[str, Any], ...]:
    cat = catalogue()
    return tuple(
        {
            "id": c.id,
            "set": c.set,
            "faction": c.faction,
            "name": cat.name(c, lang),
            "type": c.type,
            "count": c.count,
            "power": c.power,
            "action_kind": c.action_kind,
            "timing": list(c.timing),
            "effect": c.effect,
            "notes": c.notes,
            "implemented": c.id in IMPLEMENTED,
        }
        for c in cat.cards.values()
    )


@functools.cache
def _bases(lang: str) -> tuple[dict[str, Any], ...]:
    cat = catalogue()
    return tuple(
        {
            "id": b.id,
            "set": b.set,
            "faction": b.faction,
            "name": cat.name(b, lang),
            "breakpoint": b.breakpoint,
            "vp": list(b.vp),
            "effect": b.effect,
            "notes": b.notes,
            "implemented": b.id in IMPLEMENTED,
        }
        for b in cat.bases.values()
    )


def _filtered(items: tuple[dict[str, Any], ...], query: dict[str, Any]) -> list[dict[str, Any]]:
    cat = catalogue()
    _check("set", query.get("set"), cat.sets)
    _check("faction", query.get("faction"), cat.factions)
    return [
        item
        for item in items
        if query.get("set") in (None, item["set"])
        and query.get("faction") in (None, item.get("faction"))
    ]


@bp.get("/factions")
def factions() -> dict[str, Any]:
    """Every faction (``?set=``), with its card ids, names in ``?lang=``."""
    query = load_query(FactionsQuery, request.args)
    items = _filtered(_factions(query["lang"]), query)
    return {"lang": query["lang"], "count": len(items), "factions": items}


@bp.get("/cards")
def cards() -> dict[str, Any]:
    """Every card (``?set=``, ``?faction=``), with ``implemented`` flags."""
    query = load_query(CatalogueQuery, request.args)
    items = _filtered(_cards(query["lang"]), query)
    return {"lang": query["lang"], "count": len(items), "cards": items}


@bp.get("/bases")
def bases() -> dict[str, Any]:
    """Every base (``?set=``, ``?faction=``), with ``implemented`` flags."""
    query = load_query(CatalogueQuery, request.args)
    items = _filtered(_bases(query["lang"]), query)
    return {"lang": query["lang"], "count": len(items), "bases": items}
