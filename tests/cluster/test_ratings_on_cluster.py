"""Ratings and tournaments on a Redis Cluster: their multi-key transactions and scripts touch
one slot each (the ``{ratings}`` and ``{tournaments}`` hash tags)."""

from __future__ import annotations

from domain import PlayerSetup
from domain.ai.search import Budget
from events.connection import RedisClient
from service.accounts import AccountSeat
from service.tournaments import tournaments_of
from tests.cluster.services import social_on_cluster
from tests.redis_server import RedisServer


def test_a_rated_game_and_a_tournament_of_built_in_bots_are_written_on_a_cluster(
    client: RedisClient, rq_redis: RedisServer
) -> None:
    games, social = social_on_cluster(
        client,
        rq_redis,
        rq_async=False,  # the bots, the rating job and the tournament job run inline
        search_budget=Budget(playouts=3),
    )
    tournaments = tournaments_of(games)
    assert tournaments is not None
    seats = [
        AccountSeat(PlayerSetup("", ("aliens", "dinosaurs")), "builtin-random"),
        AccountSeat(PlayerSetup("", ("ninjas", "pirates")), "builtin-greedy"),
    ]
    created = social.accounts.create_game(seats, "cluster", rated=True)
    assert games.load(created.game_id).status == "ended"
    assert social.ratings.is_rated(created.game_id)
    assert social.ratings.apply(created.game_id) is False  # once only, on a cluster too
    board = social.ratings.leaderboard("2p", "only")["players"]
    assert sorted(e["player"]["id"] for e in board) == ["builtin-greedy", "builtin-random"]
    assert [e["games"] for e in board] == [1, 1]

    host, _ = social.accounts.create("Host")
    made = tournaments.create(host.id, {"name": "Cluster"}, ["builtin-random", "builtin-search"])
    tournaments.start(made["id"], host.id)
    shown = tournaments.get(made["id"])
    assert shown["status"] == "finished"
    [game] = shown["games"]
    assert social.ratings.is_rated(game["game"])
    assert [t["id"] for t in tournaments.listing("finished")] == [made["id"]]
