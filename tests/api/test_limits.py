"""Rate limits per client, the quota of active games, and abandoned games expiring."""

from __future__ import annotations

import time
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient

from events.connection import RedisClient
from events.store import EventStore
from service.expiry import Sweeper, expire_idle_games
from service.limits import RateLimited, RateLimiter
from tests.api.helpers import ANN, BOB, bearer, create

ALL_BOTS = {
    "players": [
        {"name": "R1", "factions": ["aliens", "dinosaurs"], "bot": "random"},
        {"name": "R2", "factions": ["ninjas", "pirates"], "bot": "random"},
    ],
    "seed": "quota",
}


def _assert_429(response: object, code: str, most: int) -> None:
    assert response.status_code == 429  # type: ignore[attr-defined]
    body = response.get_json()  # type: ignore[attr-defined]
    assert body["code"] == code
    assert 1 <= int(response.headers["Retry-After"]) <= most  # type: ignore[attr-defined]


def test_a_client_past_its_rate_limit_gets_429_with_retry_after_until_the_window_ends(
    make_app: Callable[..., Flask],
) -> None:
    client = make_app(RATE_LIMIT=(3, 60)).test_client()
    assert [client.get("/v1/factions").status_code for _ in range(3)] == [200] * 3
    _assert_429(client.get("/v1/factions"), "rate_limited", 60)
    _assert_429(client.post("/v1/games", json={}), "rate_limited", 60)
    assert client.get("/v1/health").status_code == 200  # never limited


def test_processes_sharing_redis_share_the_limits(make_app: Callable[..., Flask]) -> None:
    first, second = (make_app(RATE_LIMIT=(2, 60)).test_client() for _ in range(2))
    assert first.get("/v1/bases").status_code == 200
    assert second.get("/v1/bases").status_code == 200
    _assert_429(first.get("/v1/bases"), "rate_limited", 60)
    _assert_429(second.get("/v1/bases"), "rate_limited", 60)


def test_the_window_ends_and_the_client_may_send_again(make_app: Callable[..., Flask]) -> None:
    client = make_app(RATE_LIMIT=(1, 2)).test_client()
    time.sleep(2 - time.time() % 2 + 0.01)  # the start of a window
    assert client.get("/v1/bases").status_code == 200
    _assert_429(client.get("/v1/bases"), "rate_limited", 2)
    time.sleep(2.0)
    assert client.get("/v1/bases").status_code == 200


def test_a_client_with_its_quota_of_active_games_may_create_none_until_one_ends_or_expires(
    make_app: Callable[..., Flask], store: EventStore
) -> None:
    client = make_app(GAME_QUOTA=2).test_client()
    ended = create(client, ALL_BOTS)  # the bots play it to its end at once (inline)
    assert client.get(f"/v1/games/{ended.id}").get_json()["status"] == "ended"
    first = create(client, {"players": [ANN, BOB]})
    create(client, {"players": [ANN, BOB]})  # the ended game does not count
    _assert_429(client.post("/v1/games", json={"players": [ANN, BOB]}), "too_many_games", 60)
    other = client.post(
        "/v1/games", json={"players": [ANN, BOB]}, environ_base={"REMOTE_ADDR": "10.0.0.9"}
    )
    assert other.status_code == 201, "another address has a quota of its own"
    # the first game is left alone for long enough: it expires and stops counting
    first_events = store.read(first.id)
    assert expire_idle_games(store, ttl=3600, now=time.time() + 3601) != []
    assert store.version(first.id) == 0
    assert first_events
    create(client, {"players": [ANN, BOB]})


def test_an_expired_game_is_gone_everywhere_and_an_ended_one_stays(
    client: FlaskClient, store: EventStore, redis_client: RedisClient, prefix: str
) -> None:
    idle = create(client, {"players": [ANN, BOB]})
    ended = create(client, ALL_BOTS)
    now = time.time()
    assert expire_idle_games(store, ttl=3600, now=now) == []  # nothing idle for an hour yet
    assert expire_idle_games(store, ttl=3600, now=now + 3601) == [idle.id]
    for path in ("", "/moves", "/events?after=0", "/log", "/state?at=1"):
        answer = client.get(f"/v1/games/{idle.id}{path}")
        assert (answer.status_code, answer.get_json()["code"]) == (404, "not_found"), path
        answer = client.get(f"/v1/games/{idle.id}{path}", headers=bearer(idle.tokens[0]))
        assert (answer.status_code, answer.get_json()["code"]) == (401, "invalid_token"), path
    command = client.post(
        f"/v1/games/{idle.id}/commands", json={"type": "end_turn"}, headers=bearer(idle.tokens[0])
    )
    assert command.status_code == 404, "the command route looks the game up with the token"
    listed = [g["id"] for g in client.get("/v1/games?limit=100").get_json()["games"]]
    assert idle.id not in listed
    assert ended.id in listed
    assert not [k for k in redis_client.scan_iter(match=f"{prefix}:*") if idle.id.encode() in k]
    assert client.get(f"/v1/games/{ended.id}").status_code == 200


def test_one_process_at_a_time_sweeps(client: FlaskClient, store: EventStore) -> None:
    first, second = Sweeper(store, ttl=0, interval=30), Sweeper(store, ttl=0, interval=30)
    one = create(client, {"players": [ANN, BOB]})
    time.sleep(0.01)
    assert first.sweep() == [one.id]
    two = create(client, {"players": [ANN, BOB]})
    time.sleep(0.01)
    assert second.sweep() == [], "the first one holds the lock for its interval"
    store.redis.delete(f"{store.prefix}:sweeper-lock")
    assert second.sweep() == [two.id]


def _until_refused(limiters: list[RateLimiter], client: str) -> tuple[int, RateLimited | None]:
    """Hit the limiters in turn until one refuses (at most 400 times): the hits accepted."""
    for hits in range(400):
        try:
            limiters[hits % len(limiters)].hit(client)
        except RateLimited as refused:
            return hits, refused
    return 400, None


def test_processes_take_requests_in_blocks_and_refuse_at_most_a_block_each_early(
    store: EventStore,
) -> None:
    first, second = (RateLimiter(store.redis, store.prefix, 300, 60) for _ in range(2))
    assert first.block == 3
    first.hit("c")
    counters = list(store.redis.scan_iter(match=f"{store.prefix}:rate:*"))
    assert [int(store.redis.get(k) or 0) for k in counters] == [3], "one block taken"
    first.hit("c")
    first.hit("c")
    assert int(store.redis.get(counters[0]) or 0) == 3, "spent locally, no round trip"
    accepted, refused = _until_refused([second, first], "c")
    assert refused is not None
    assert 1 <= refused.retry_after <= 60
    assert 300 - 2 * (first.block - 1) <= 3 + accepted <= 300
