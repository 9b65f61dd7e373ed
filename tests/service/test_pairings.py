"""service/pairings.py: the tables of each round, game points, standings and tie-breaks."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from service.pairings import (
    circle_round,
    full_rounds,
    game_points,
    pair_round,
    planned_rounds,
    standings,
    table_sizes,
)


def record(players: list[str], **extra: Any) -> dict[str, Any]:
    """A running tournament's record with no game yet."""
    return {
        "players": [{"player": p} for p in players],
        "format": "swiss",
        "seats": 2,
        "seed": "s",
        "games": [],
        "byes": [],
        **extra,
    }


def played(tables: list[list[str]], round_no: int, places: list[list[int]]) -> list[dict[str, Any]]:
    """Games of a round whose tables took ``places``, 5 VP per place from the last."""
    return [
        {
            "players": table,
            "round": round_no,
            "places": ranks,
            "vp": [5 * (len(table) - r) for r in ranks],
        }
        for table, ranks in zip(tables, places, strict=True)
    ]


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8])
def test_the_circle_method_pairs_every_two_players_exactly_once(count: int) -> None:
    players = [f"p{i}" for i in range(count)]
    met: list[frozenset[str]] = []
    byes = []
    for round_no in range(1, full_rounds(count, 2) + 1):
        tables, bye = circle_round(players, round_no)
        seated = [p for t in tables for p in t] + ([bye] if bye else [])
        assert sorted(seated) == sorted(players)  # everyone plays or rests, once a round
        met += [frozenset(t) for t in tables]
        byes.append(bye)
    assert sorted(met, key=sorted) == sorted(
        (frozenset(p) for p in combinations(players, 2)), key=sorted
    )
    if count % 2:
        assert sorted(b for b in byes if b) == sorted(players)  # each rests once


def test_a_two_seat_game_gives_one_half_or_no_point_and_a_four_seat_winner_three() -> None:
    assert [game_points([1, 2], s) for s in (0, 1)] == [1, 0]
    assert [game_points([1, 1], s) for s in (0, 1)] == [0.5, 0.5]
    assert [game_points([1, 2, 2, 4], s) for s in range(4)] == [3, 1.5, 1.5, 0]


def test_tables_are_as_even_as_the_seats_allow() -> None:
    assert table_sizes(6, 2) == [2, 2, 2]
    assert table_sizes(5, 4) == [3, 2]
    assert table_sizes(6, 4) == [3, 3]
    assert table_sizes(8, 4) == [4, 4]
    assert table_sizes(7, 3) == [3, 2, 2]


def test_a_round_robin_plays_every_pair_and_swiss_its_rounds_unless_capped() -> None:
    assert planned_rounds("round_robin", 6, 2, None) == 5
    assert planned_rounds("round_robin", 5, 2, None) == 5
    assert planned_rounds("round_robin", 6, 2, 2) == 2
    assert planned_rounds("round_robin", 7, 4, None) == 2
    assert planned_rounds("swiss", 10, 2, None) == 3
    assert planned_rounds("swiss", 10, 2, 5) == 5


def test_standings_order_by_points_then_buchholz_wins_vp_and_entry() -> None:
    tournament = record(["a", "b", "c", "d"])
    tournament["games"] = played([["a", "b"], ["c", "d"]], 1, [[1, 2], [1, 1]])
    tournament["games"] += played([["a", "c"], ["b", "d"]], 2, [[2, 1], [1, 2]])
    rows = {r["player"]: r for r in standings(tournament)}
    assert {p: r["points"] for p, r in rows.items()} == {"a": 1, "b": 1, "c": 1.5, "d": 0.5}
    # a and b tie on points; a met b (1) and c (1.5), b met a (1) and d (0.5)
    assert rows["a"]["buchholz"] == 2.5
    assert rows["b"]["buchholz"] == 1.5
    assert [r["player"] for r in standings(tournament)] == ["c", "a", "b", "d"]
    assert [r["rank"] for r in standings(tournament)] == [1, 2, 3, 4]


def test_equal_rows_keep_the_order_players_entered() -> None:
    assert [r["player"] for r in standings(record(["z", "y", "x"]))] == ["z", "y", "x"]


def test_swiss_pairs_by_standings_avoids_rematches_and_gives_the_bye_to_the_last() -> None:
    tournament = record(["a", "b", "c", "d", "e"])
    first, bye = pair_round(tournament, 1)
    assert bye == "e"  # nobody has points: the last to enter rests
    tournament["byes"].append({"round": 1, "player": bye})
    tournament["games"] = played(first, 1, [[1, 2], [1, 2]])
    second, bye2 = pair_round(tournament, 2)
    assert bye2 is not None
    assert bye2 != "e"  # a player rests once while others have not
    old = {frozenset(t) for t in first}
    assert not old & {frozenset(t) for t in second}


def test_pairing_a_round_twice_gives_the_same_tables() -> None:
    tournament = record([f"p{i}" for i in range(7)], format="round_robin", seats=3)
    assert pair_round(tournament, 1) == pair_round(tournament, 1)
    tables, bye = pair_round(tournament, 1)
    assert bye is None
    assert sorted(len(t) for t in tables) == [2, 2, 3]


def test_a_multi_seat_round_robin_seats_players_who_have_not_met_together() -> None:
    tournament = record([f"p{i}" for i in range(6)], format="round_robin", seats=3)
    first, _ = pair_round(tournament, 1)
    tournament["games"] = played(first, 1, [[1, 2, 3], [1, 2, 3]])
    second, _ = pair_round(tournament, 2)
    for table in second:
        repeats = sum(1 for a, b in combinations(table, 2) if any({a, b} <= set(t) for t in first))
        assert repeats <= 1  # two tables of three from two of three: one old pair at most
