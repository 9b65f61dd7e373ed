"""Tournament arithmetic, pure: the tables of each round, game points and standings.

A game of ``k`` seats gives each seat one point per opponent it placed ahead of and half a
point per opponent sharing its place (places as the rules rank them, :func:`places`): 1, 0.5
or 0 in a two-seat game, up to 3 for the winner of a four-seat game. A bye (a two-seat
tournament with an odd number of players) is worth a win: 1 point.

Standings order players by points, then the tie-breaks, in this order: *Buchholz* (the sum of
the points of every opponent met, once per game), games won (first places), total VP, and last
the order in which the players joined.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

FORMATS = ("round_robin", "swiss")
BYE_POINTS = 1.0
"""Points of a bye (a win's, in a two-seat game)."""
SWISS_ROUNDS = 3
"""Rounds of a Swiss tournament that names none."""

Table = list[str]
"""The players of one game of a round, in seat order."""


def game_points(ranks: Sequence[int], seat: int) -> float:
    """Points of ``seat`` in a game whose seats took places ``ranks`` (1 first)."""
    mine = ranks[seat]
    ahead = sum(1 for other, place in enumerate(ranks) if other != seat and place > mine)
    tied = sum(1 for other, place in enumerate(ranks) if other != seat and place == mine)
    return ahead + tied / 2


def full_rounds(players: int, seats: int) -> int:
    """Rounds of a complete round-robin: every pair meets once with two seats; with more, each
    player meets every other at least once if the tables allow it."""
    if seats == 2:
        return players - 1 if players % 2 == 0 else players
    return max(1, math.ceil((players - 1) / (seats - 1)))


def planned_rounds(fmt: str, players: int, seats: int, asked: int | None) -> int:
    """How many rounds a tournament of ``players`` plays (``asked``: the creator's cap)."""
    if fmt == "round_robin":
        full = full_rounds(players, seats)
        return full if asked is None else min(asked, full)
    return SWISS_ROUNDS if asked is None else asked


def table_sizes(players: int, seats: int) -> list[int]:
    """The sizes of a round's tables: as few tables as ``seats`` allows, sizes as even as
    possible, largest first (every table has 2 seats at least when ``players`` >= 2)."""
    tables = math.ceil(players / seats)
    base, extra = divmod(players, tables)
    return [base + 1] * extra + [base] * (tables - extra)


def circle_round(players: Sequence[str], round_no: int) -> tuple[list[Table], str | None]:
    """Round ``round_no`` (1 first) of the circle method for two seats: the tables and the
    player with a bye (None with an even number of players)."""
    ring: list[str | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    turn = (round_no - 1) % (n - 1)
    rotated = [ring[0], *(ring[1 + (i - turn) % (n - 1)] for i in range(n - 1))]
    tables: list[Table] = []
    bye = None
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
            continue
        tables.append([a, b] if (i + round_no) % 2 else [b, a])
    return tables, bye


def meetings(games: Sequence[Mapping[str, Any]]) -> dict[frozenset[str], int]:
    """How many games each pair of players met in."""
    met: dict[frozenset[str], int] = {}
    for game in games:
        for pair in combinations(game["players"], 2):
            key = frozenset(pair)
            met[key] = met.get(key, 0) + 1
    return met


def group(
    order: Sequence[str], sizes: Sequence[int], met: Mapping[frozenset[str], int]
) -> list[Table]:
    """Tables of ``sizes`` from players in preference ``order``: each table starts with the
    first player left and adds, one by one, the player left who met its members least (the
    earliest in ``order`` on a tie)."""
    left = list(order)
    tables = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(
                range(len(left)),
                key=lambda i: (sum(met.get(frozenset((left[i], p)), 0) for p in table), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    return tables


def pair_round(tournament: Mapping[str, Any], round_no: int) -> tuple[list[Table], str | None]:
    """The tables of round ``round_no`` (1 first) of a running tournament and the player with
    a bye, if any. Depends only on the record (players, format, seats, seed, games and byes
    so far): computing it twice gives the same round."""
    players = [p["player"] for p in tournament["players"]]
    seats = tournament["seats"]
    rng = random.Random(f"{tournament['seed']}:{round_no}")
    if tournament["format"] == "round_robin" and seats == 2:
        return circle_round(
            random.Random(tournament["seed"]).sample(players, len(players)), round_no
        )
    bye = None
    if tournament["format"] == "round_robin":
        order = rng.sample(players, len(players))
    else:
        order = [row["player"] for row in standings(tournament)]
        if seats == 2 and len(order) % 2:
            had = {b["player"] for b in tournament["byes"]}
            bye = next((p for p in reversed(order) if p not in had), order[-1])
            order.remove(bye)
    tables = group(order, table_sizes(len(order), seats), meetings(tournament["games"]))
    turned = [t[round_no % len(t) :] + t[: round_no % len(t)] for t in tables]
    return turned, bye


def standings(tournament: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every player's row, best first: ``rank``, ``player``, ``points``, ``buchholz``,
    ``games``, ``wins``, ``vp``, ``byes`` (games still being played count for nothing yet)."""
    joined = [p["player"] for p in tournament["players"]]
    rows = {
        p: {"player": p, "points": 0.0, "games": 0, "wins": 0, "vp": 0, "byes": 0} for p in joined
    }
    opponents: dict[str, list[str]] = {p: [] for p in joined}
    for game in tournament["games"]:
        if game.get("places") is None:
            continue
        for seat, player in enumerate(game["players"]):
            row = rows[player]
            row["points"] += game_points(game["places"], seat)
            row["games"] += 1
            row["wins"] += game["places"][seat] == 1
            row["vp"] += game["vp"][seat]
            opponents[player] += [o for o in game["players"] if o != player]
    for bye in tournament["byes"]:
        rows[bye["player"]]["points"] += BYE_POINTS
        rows[bye["player"]]["byes"] += 1
    for player, row in rows.items():
        row["buchholz"] = sum(rows[o]["points"] for o in opponents[player])
    ordered = sorted(
        rows.values(),
        key=lambda r: (
            -r["points"],
            -r["buchholz"],
            -r["wins"],
            -r["vp"],
            joined.index(r["player"]),
        ),
    )
    return [{"rank": i + 1, **row} for i, row in enumerate(ordered)]
