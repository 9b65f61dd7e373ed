"""Health and the catalogue endpoints."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient
from redis.backoff import NoBackoff
from redis.retry import Retry
from rq import Queue, Worker

from api.routes.common import EXTENSION
from domain.catalogue import catalogue
from domain.registry import IMPLEMENTED
from events.connection import separate


def test_health_says_ok_when_redis_answers(client: FlaskClient) -> None:
    response = client.get("/v1/health")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ok"
    assert body["redis"]["ok"] is True
    assert body["bots"]["mode"] == "inline"


def test_health_counts_workers_when_bots_go_through_a_queue(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(RQ_ASYNC=True, RQ_QUEUE="test-health-queue")
    response = app.test_client().get("/v1/health")
    body = response.get_json()
    assert body["bots"] == {"mode": "queue", "queue": "test-health-queue", "workers": 0}
    assert (response.status_code, body["status"]) == (200, "degraded")  # bot seats would wait


def test_health_counts_a_live_worker_without_touching_the_request_paths_timeouts(
    make_app: Callable[..., Flask],
) -> None:
    app = make_app(RQ_ASYNC=True, RQ_QUEUE="test-health-live")
    client = app.extensions[EXTENSION].store.redis
    before = dict(client.connection_pool.connection_kwargs)
    own = separate(client)
    worker = Worker([Queue("test-health-live", connection=own)], connection=own)
    worker.register_birth()
    try:
        body = app.test_client().get("/v1/health").get_json()
    finally:
        worker.register_death()  # type: ignore[no-untyped-call]
    assert (body["status"], body["bots"]["workers"]) == ("ok", 1)
    # rq's Worker objects raise their connection's socket timeout: none was made on this one
    assert client.connection_pool.connection_kwargs == before


def _dead_redis() -> redis.Redis[bytes]:
    """A client to a port where no Redis listens, failing fast."""
    return redis.Redis(
        host="127.0.0.1", port=1, socket_connect_timeout=0.2, retry=Retry(NoBackoff(), 0)
    )


def test_health_answers_503_when_redis_is_unreachable(make_app: Callable[..., Flask]) -> None:
    response = make_app(REDIS_CLIENT=_dead_redis()).test_client().get("/v1/health")
    assert response.status_code == 503
    assert response.get_json() == {"status": "unavailable", "redis": {"ok": False}}
    assert "127.0.0.1" not in response.get_data(as_text=True)  # no raw error text


def test_a_dead_redis_gives_a_503_problem_not_a_500(make_app: Callable[..., Flask]) -> None:
    response = make_app(REDIS_CLIENT=_dead_redis()).test_client().get("/v1/games/abc")
    assert response.status_code == 503
    assert response.get_json()["code"] == "service_unavailable"


def test_the_catalogue_lists_every_faction_card_and_base(client: FlaskClient) -> None:
    cat = catalogue()
    factions = client.get("/v1/factions").get_json()
    cards = client.get("/v1/cards").get_json()
    bases = client.get("/v1/bases").get_json()
    assert factions["count"] == len(factions["factions"]) == len(cat.factions) == 16
    assert cards["count"] == len(cards["cards"]) == len(cat.cards)
    assert bases["count"] == len(bases["bases"]) == len(cat.bases) == 32
    assert [c["id"] for c in cards["cards"]] == list(cat.cards)


def test_cards_say_whether_their_ability_is_implemented(client: FlaskClient) -> None:
    cards = {c["id"]: c for c in client.get("/v1/cards").get_json()["cards"]}
    assert cards["aliens.collector"]["implemented"] is True
    assert {i for i, c in cards.items() if c["implemented"]} == IMPLEMENTED & set(cards)
    assert any(not c["implemented"] for c in cards.values()) == (not set(cards) <= IMPLEMENTED)
    assert cards["aliens.collector"]["power"] == 2
    assert cards["aliens.invasion"]["power"] is None


def test_bases_and_factions_carry_implemented_flags(client: FlaskClient) -> None:
    bases = {b["id"]: b for b in client.get("/v1/bases").get_json()["bases"]}
    factions = {f["id"]: f for f in client.get("/v1/factions").get_json()["factions"]}
    assert bases["base.jungle_oasis"]["implemented"] is True
    assert bases["base.jungle_oasis"]["breakpoint"] == 12
    assert {i for i, b in bases.items() if b["implemented"]} == IMPLEMENTED & set(bases)
    for faction in factions.values():
        assert faction["implemented"] == (set(faction["cards"]) <= IMPLEMENTED)
    assert factions["aliens"]["implemented"] is True
    assert len(factions["aliens"]["cards"]) == len(catalogue().faction("aliens").card_ids)


@pytest.mark.parametrize(
    ("lang", "faction_name", "base_name"),
    [
        ("en", "Dinosaurs", "Jungle Oasis"),
        ("fr", "Dinosaures", "Oasis Luxuriant"),
        ("es", "Dinosaurios", None),
    ],
)
def test_names_follow_the_requested_language(
    client: FlaskClient, lang: str, faction_name: str, base_name: str | None
) -> None:
    factions = client.get(f"/v1/factions?lang={lang}").get_json()
    assert factions["lang"] == lang
    assert {f["id"]: f["name"] for f in factions["factions"]}["dinosaurs"] == faction_name
    bases = {b["id"]: b["name"] for b in client.get(f"/v1/bases?lang={lang}").get_json()["bases"]}
    expected = base_name or catalogue().name("base.jungle_oasis", lang)
    assert bases["base.jungle_oasis"] == expected


def test_filters_by_set_and_faction(client: FlaskClient) -> None:
    aliens = client.get("/v1/cards?faction=aliens").get_json()["cards"]
    assert {c["faction"] for c in aliens} == {"aliens"}
    assert sum(c["count"] for c in aliens) == 20
    core_factions = client.get("/v1/factions?set=core").get_json()["factions"]
    assert len(core_factions) == 8
    core_bases = client.get("/v1/bases?set=core").get_json()["bases"]
    assert len(core_bases) == 16
    both = client.get("/v1/cards?set=core&faction=aliens").get_json()
    assert both["count"] == len(aliens)
    none = client.get("/v1/cards?set=cease_and_desist&faction=aliens").get_json()
    assert none["count"] == 0


def test_the_whole_core_set_is_implemented(client: FlaskClient) -> None:
    cards = client.get("/v1/cards?set=core").get_json()["cards"]
    bases = client.get("/v1/bases?set=core").get_json()["bases"]
    assert sum(c["count"] for c in cards) == 160
    assert len(bases) == 16
    assert [c["id"] for c in cards if not c["implemented"]] == []
    assert [b["id"] for b in bases if not b["implemented"]] == []


@pytest.mark.parametrize(
    "query",
    [
        "/v1/cards?lang=de",
        "/v1/cards?set=nope",
        "/v1/bases?faction=nope",
        "/v1/factions?faction=aliens",
        "/v1/cards?colour=red",
    ],
)
def test_bad_catalogue_queries_are_validation_errors(client: FlaskClient, query: str) -> None:
    response = client.get(query)
    assert response.status_code == 422
    assert response.get_json()["code"] == "validation_error"


@pytest.mark.parametrize(
    ("box", "cards", "bases"),
    [("core", 160, 16), ("oops_you_did_it_again", 80, 8), ("cease_and_desist", 80, 8)],
)
def test_every_card_and_base_of_each_box_is_implemented(
    client: FlaskClient, box: str, cards: int, bases: int
) -> None:
    listed = client.get(f"/v1/cards?set={box}").get_json()["cards"]
    based = client.get(f"/v1/bases?set={box}").get_json()["bases"]
    assert sum(c["count"] for c in listed) == cards
    assert len(based) == bases
    assert [c["id"] for c in listed if not c["implemented"]] == []
    assert [b["id"] for b in based if not b["implemented"]] == []
    factions = client.get("/v1/factions").get_json()["factions"]
    assert len(factions) == 16
    assert all(f["implemented"] for f in factions)
