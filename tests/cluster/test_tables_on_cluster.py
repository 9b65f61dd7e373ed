"""Open games, seeks and the pairing pool on a Redis Cluster: every script touches one slot."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from bootstrap import build
from events.connection import RedisClient, connect
from service.seeks import Seeks
from service.social import social_of
from service.tables import Tables, TableSeat
from tests.redis_server import RedisCluster, RedisServer


@pytest.fixture
def client(cluster: RedisCluster) -> Iterator[RedisClient]:
    """A client of the test cluster."""
    made = connect(cluster.url)
    yield made
    made.close()


def test_open_games_seeks_and_pairing_start_their_games_across_the_nodes(
    client: RedisClient, rq_redis: RedisServer
) -> None:
    games = build(client=client, rq_client=connect(rq_redis.url), prefix=f"t-{uuid.uuid4().hex}")
    social = social_of(games)
    assert social is not None
    tables = Tables(social.accounts, social.feeds)
    seeks = Seeks(tables)

    opened = [
        tables.open("game", [TableSeat(("aliens", "dinosaurs"), name="Ann"), None])[0]
        for _ in range(4)
    ]
    assert [t["id"] for t in tables.listing("game")] == [t["id"] for t in opened]
    for table in opened:
        joined = tables.join(table["id"], TableSeat(("ninjas", "pirates"), name="Bob"))
        assert joined.game is not None
        assert games.load(table["id"]).status == "active"
    assert tables.listing("game") == []

    ann, _ = social.accounts.create("Ann")
    bob, _ = social.accounts.create("Bob")
    seek = seeks.create(ann.id, 2, ["aliens", "dinosaurs"])
    accepted = seeks.accept(seek["id"], bob.id, ["robots", "wizards"])
    assert accepted.table["game"] == seek["id"]
    assert social.accounts.seat_in(bob.id, seek["id"]) == 1

    waiting = seeks.pair(ann.id, 2, ["aliens", "dinosaurs"])
    paired = seeks.pair(bob.id, 2, ["robots", "wizards"])
    assert (waiting.status, paired.status) == ("waiting", "started")
    assert paired.seek["id"] == waiting.seek["id"]
