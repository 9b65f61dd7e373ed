"""The event store and the account services on a Redis Cluster (``redis+cluster://``)."""

from __future__ import annotations

import threading
import time
import uuid
from typing import Any

import pytest
import redis
from redis.cluster import RedisCluster as ClusterClient

from bootstrap import build
from events.connection import (
    RedisClient,
    connect,
    is_cluster,
    redis_url_for,
    rq_connection,
    separate,
)
from events.errors import DuplicateCommand, VersionConflict
from events.store import EventStore, hash_token
from service.expiry import delete_games
from tests.cluster.services import social_on_cluster
from tests.redis_server import RedisCluster, RedisServer
from tests.store.helpers import event


@pytest.fixture
def store(client: RedisClient) -> EventStore:
    """An event store on the cluster under a prefix of its own."""
    return EventStore(client, prefix=f"test-{uuid.uuid4().hex[:10]}")


def _new_id() -> str:
    return uuid.uuid4().hex[:16]


def test_a_cluster_url_gives_a_cluster_client_and_a_redis_url_a_plain_one(
    cluster: RedisCluster, rq_redis: RedisServer
) -> None:
    on_cluster = connect(cluster.url)
    plain = connect(rq_redis.url)
    assert isinstance(on_cluster, ClusterClient)
    assert is_cluster(on_cluster)
    assert len(on_cluster.get_primaries()) == 3
    assert isinstance(plain, redis.Redis)
    assert not is_cluster(plain)
    on_cluster.close()
    plain.close()


def test_the_url_for_a_cluster_client_and_a_separate_client_reach_the_same_cluster(
    client: RedisClient,
) -> None:
    key = f"probe:{{{_new_id()}}}"
    client.set(key, b"here", ex=60)
    url = redis_url_for(client)
    assert url.startswith("redis+cluster://127.0.0.1:")
    again = connect(url)
    own = separate(client)
    assert is_cluster(again)
    assert is_cluster(own)
    assert again.get(key) == own.get(key) == b"here"
    assert own is not client
    again.close()
    own.close()


def test_every_key_of_a_game_lives_in_one_slot(store: EventStore) -> None:
    game_id = _new_id()
    store.create(game_id, [event("game_created")], meta={"status": "active"})
    store.append(game_id, 1, [event("card_drawn")], idempotency_key="k1", response={"a": 1})
    store.save_snapshot(game_id, 2, "{}")
    keys = list(store.redis.scan_iter(match=f"{store.prefix}:{{{game_id}}}:*", count=1000))
    assert len(keys) >= 4  # events, meta, snapshot, idempotency record
    slots = {store.redis.keyslot(key) for key in keys}  # type: ignore[attr-defined]
    assert len(slots) == 1


def test_appends_are_exactly_once_and_checked_on_a_cluster(store: EventStore) -> None:
    game_id = _new_id()
    store.create(game_id, [event("game_created", seed=1)])
    stored = store.append(
        game_id, 1, [event("card_drawn", card="a")], idempotency_key="k", response={"ok": 1}
    )
    assert [e["version"] for e in stored] == [2]
    with pytest.raises(DuplicateCommand) as duplicate:
        store.append(game_id, 2, [event("card_drawn", card="b")], idempotency_key="k")
    assert duplicate.value.response == {"ok": 1}
    with pytest.raises(VersionConflict):
        store.append(game_id, 1, [event("card_drawn", card="c")])
    assert [e["payload"] for e in store.read(game_id)] == [{"seed": 1}, {"card": "a"}]
    assert store.idempotent_response(game_id, "k") == {"ok": 1}


def test_a_load_finds_the_events_and_the_token_on_other_nodes(store: EventStore) -> None:
    game_id = _new_id()
    store.create(game_id, [event("game_created")])
    store.append(game_id, 1, [event("card_drawn")])
    token = hash_token(f"token-{game_id}")
    store.register_token(token, game_id, 1)
    store.redis.script_flush()  # the load reloads its script
    loaded = store.load(game_id, token_hash=token)
    assert loaded.version == 2
    assert [e["type"] for e in loaded.entries] == ["game_created", "card_drawn"]
    assert loaded.token == (game_id, 1)
    assert store.load(_new_id()).version == 0


def test_a_long_poll_on_a_cluster_gets_an_event_appended_meanwhile(store: EventStore) -> None:
    game_id = _new_id()
    store.create(game_id, [event("game_created")])

    def later() -> None:
        time.sleep(0.3)
        store.append(game_id, 1, [event("card_drawn", card="late")])

    thread = threading.Thread(target=later)
    thread.start()
    started = time.monotonic()
    found = store.wait(game_id, after=1, timeout=5)
    thread.join()
    assert [e["payload"] for e in found] == [{"card": "late"}]
    assert time.monotonic() - started < 4


def test_the_games_index_is_spread_over_the_nodes_and_lists_every_game(
    store: EventStore,
) -> None:
    made = [_new_id() for _ in range(24)]
    for game_id in made:
        store.create(game_id, [event("game_created")], meta={"created_at": "2026-01-01T00:00Z"})
    cluster: Any = store.redis
    nodes = {cluster.get_node_from_key(key).name for key in store.index_keys()}
    assert len(nodes) == 3
    assert store.list_games() == sorted(made)
    pages: list[str] = []
    entry = None
    while batch := store.games_before(entry, 5):
        pages += batch
        entry = batch[-1]
    assert sorted(e.rsplit(" ", 1)[1] for e in pages) == sorted(made)
    assert pages == sorted(pages, reverse=True)


def test_expired_games_are_deleted_from_every_node(store: EventStore) -> None:
    kept, doomed = _new_id(), _new_id()
    for game_id in (kept, doomed):
        store.create(game_id, [event("game_created")])
        store.register_token(hash_token(f"token-{game_id}"), game_id, 0)
    delete_games(store, [doomed])
    assert store.list_games() == [kept]
    assert not store.exists(doomed)
    assert store.lookup_token(hash_token(f"token-{doomed}")) is None
    assert store.lookup_token(hash_token(f"token-{kept}")) == (kept, 0)


def test_rq_needs_a_plain_redis_of_its_own_when_the_events_live_on_a_cluster(
    client: RedisClient, cluster: RedisCluster, rq_redis: RedisServer, monkeypatch: Any
) -> None:
    monkeypatch.delenv("RQ_REDIS_URL", raising=False)
    with pytest.raises(ValueError, match="RQ_REDIS_URL"):
        rq_connection(client)
    monkeypatch.setenv("RQ_REDIS_URL", cluster.url)
    with pytest.raises(ValueError, match="plain Redis"):
        rq_connection(client)
    monkeypatch.setenv("RQ_REDIS_URL", rq_redis.url)
    games = build(client=client, prefix=f"test-{_new_id()}")
    queue: Any = games.bots
    assert not is_cluster(queue.queue.connection)
    assert queue.queue.connection.connection_pool.connection_kwargs["port"] == rq_redis.port


def test_accounts_challenges_and_webhooks_work_across_the_nodes(
    client: RedisClient, rq_redis: RedisServer
) -> None:
    _, social = social_on_cluster(client, rq_redis, webhook_networks=["127.0.0.0/8"])
    ann, ann_token = social.accounts.create("Ann")
    bob, _ = social.accounts.create("Bob")
    assert social.accounts.authenticate(ann_token) == ann.id
    new_token = social.accounts.rotate_token(ann.id)
    assert social.accounts.authenticate(ann_token) is None
    assert social.accounts.authenticate(new_token) == ann.id
    made = [social.challenges.create(ann.id, bob.id, ["aliens", "dinosaurs"], 0) for _ in range(3)]
    incoming = social.challenges.listing(bob.id, "incoming", None)
    assert {c["id"] for c in incoming} == {c["id"] for c in made}
    hooks = [
        social.webhooks.register(f"http://127.0.0.1:9/{n}", None, account=ann.id) for n in range(3)
    ]
    assert {h["id"] for h in social.webhooks.account_hooks(ann.id)} == {h["id"] for h in hooks}
    social.webhooks.delete(hooks[0])
    assert {h["id"] for h in social.webhooks.account_hooks(ann.id)} == {h["id"] for h in hooks[1:]}


def test_an_append_sent_to_a_node_that_does_not_hold_the_game_follows_the_move(
    store: EventStore,
) -> None:
    game_id = _new_id()
    store.create(game_id, [event("game_created")])
    cluster: Any = store.redis
    key = store.key(game_id, "events")
    right = cluster.get_node_from_key(key)
    wrong = next(n for n in cluster.get_primaries() if n.name != right.name)
    cluster.nodes_manager.slots_cache[cluster.keyslot(key)] = [wrong]  # as after a resharding
    stored = store.append(game_id, 1, [event("card_drawn", card="moved")])
    assert [e["version"] for e in stored] == [2]
    assert [e["payload"] for e in store.read(game_id)][1:] == [{"card": "moved"}]
    assert cluster.get_node_from_key(key).name == right.name
