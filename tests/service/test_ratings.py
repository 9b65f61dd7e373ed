"""The pure part of the ratings: places as the rules rank them, and one Plackett-Luce update."""

from __future__ import annotations

import pytest

from service.ratings import PROVISIONAL_GAMES, Rating, category_of, places, rate


def test_the_winner_is_first_and_the_others_rank_by_vp() -> None:
    assert places([15, 9, 12], 0) == [1, 3, 2]


def test_seats_with_equal_vp_behind_the_winner_share_a_place() -> None:
    assert places([16, 10, 10, 4], 0) == [1, 2, 2, 3]


def test_a_game_without_a_winner_ranks_every_seat_by_vp_with_ties_shared() -> None:
    assert places([12, 12, 7], None) == [1, 1, 2]


def test_a_forfeit_winner_is_first_even_with_fewer_vp() -> None:
    assert places([14, 6], 1) == [2, 1]


def test_two_seats_are_the_2p_category_and_three_or_four_the_3_4p_one() -> None:
    assert [category_of(n) for n in (2, 3, 4)] == ["2p", "3-4p", "3-4p"]


def test_the_winner_gains_the_loser_loses_and_both_grow_more_certain() -> None:
    winner, loser = rate([Rating(), Rating()], [1, 2])
    assert winner.mu > Rating().mu > loser.mu
    assert winner.sigma < Rating().sigma
    assert loser.sigma < Rating().sigma
    assert (winner.games, winner.wins, loser.games, loser.wins) == (1, 1, 1, 0)


def test_a_shared_place_between_equals_moves_them_alike() -> None:
    first, second, third = rate([Rating(), Rating(), Rating()], [1, 1, 2])
    assert first.mu == pytest.approx(second.mu)
    assert first.mu > third.mu
    assert (first.wins, second.wins, third.wins) == (1, 1, 0)


def test_a_rating_is_mu_minus_three_sigma_and_provisional_until_enough_games() -> None:
    shown = Rating(30.0, 2.0, PROVISIONAL_GAMES, 4)
    assert shown.rating == pytest.approx(24.0)
    assert not shown.provisional
    assert Rating(games=PROVISIONAL_GAMES - 1).provisional


def test_a_seat_that_resigned_ranks_last_whatever_its_vp() -> None:
    assert places([14, 3], 1, resigned=[0]) == [2, 1]
    assert places([16, 10, 4], 1, resigned=[0]) == [3, 1, 2]


def test_seats_that_resigned_rank_after_the_others_the_first_to_leave_last() -> None:
    assert places([9, 8, 7, 6], 3, resigned=[0, 1]) == [4, 3, 2, 1]


def test_an_agreed_draw_puts_every_seat_first_whatever_their_vp() -> None:
    assert places([12, 3, 8], None, reason="agreed_draw") == [1, 1, 1]
