"""Open games, seeks and the pairing pool on a Redis Cluster: every script touches one slot."""

from __future__ import annotations

from events.connection import RedisClient
from service.seeks import Seeks
from service.tables import Tables, TableSeat
from tests.cluster.services import social_on_cluster
from tests.redis_server import RedisServer


def test_open_games_seeks_and_pairing_start_their_games_across_the_nodes(
    client: RedisClient, rq_redis: RedisServer
) -> None:
    games, social = social_on_cluster(client, rq_redis)
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
