"""Choosing how to create a game (plain seats, or seats of player accounts) is the service's."""

from __future__ import annotations

import pytest

from bootstrap import build, in_memory
from domain import PlayerSetup
from events.connection import RedisClient
from service.accounts import AccountNotFound, AccountSeat
from service.social import new_game, social_of

PLAYERS = [PlayerSetup("A", ("aliens", "dinosaurs")), PlayerSetup("B", ("ninjas", "pirates"))]


def test_a_game_of_anonymous_seats_is_created_without_account_services() -> None:
    games = in_memory()
    created = new_game(games, PLAYERS, "plain", None)
    assert games.store.exists(created.game_id)
    assert all(seat.token is not None for seat in created.seats)


def test_an_account_seat_without_account_services_is_an_error() -> None:
    games = in_memory()
    seats = [AccountSeat(PLAYERS[0], "someone"), PLAYERS[1]]
    with pytest.raises(RuntimeError, match="no account services"):
        new_game(games, seats, "accounts", None)


@pytest.mark.redis
def test_an_account_seat_is_seated_through_the_accounts(
    redis_client: RedisClient, prefix: str
) -> None:
    games = build(client=redis_client, prefix=prefix, rq_async=False)
    with pytest.raises(AccountNotFound):
        new_game(games, [AccountSeat(PLAYERS[0], "nobody"), PLAYERS[1]], "x", None)
    social = social_of(games)
    assert social is not None
    account, _ = social.accounts.create("Robo")
    created = new_game(games, [AccountSeat(PLAYERS[0], account.id), PLAYERS[1]], "y", None)
    assert created.seats[0].player == account.id
    assert created.seats[0].token is None
    assert created.seats[1].token is not None
