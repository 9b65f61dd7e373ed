"""A six-account round-robin runs to the end by itself: the server's three built-in bots and
three bot accounts played by the SDK's runner, against a real ``smashup serve``."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from sdk_helpers import serve, wait_until
from sdk_strategies import random_move
from smashup_client import Client
from smashup_client.bot import BotRunner, RunnerConfig

BUILTINS = ["builtin-random", "builtin-greedy", "builtin-search"]


@contextmanager
def running(runner: BotRunner) -> Iterator[None]:
    """Run ``runner`` in a thread until the block ends."""
    thread = threading.Thread(target=runner.run, name="bot-runner")
    thread.start()
    try:
        yield
    finally:
        runner.stop()
        thread.join(timeout=30)


def points(places: list[int], seat: int) -> float:
    """The tournament points of ``seat``: opponents placed behind it, half for a shared place."""
    mine = places[seat]
    return sum(1 if p > mine else 0.5 if p == mine else 0 for p in places) - 0.5


def test_a_six_account_round_robin_runs_to_the_end_with_consistent_standings_and_ratings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SMASHUP_SEARCH_PLAYOUTS", "4")  # a quick search bot in the worker
    with ExitStack() as stack:
        base = stack.enter_context(serve(tmp_path, "--rate-limit", "0"))
        anonymous = stack.enter_context(Client(base))
        bots: list[tuple[Client, str]] = []
        for name in ("Alpha", "Beta", "Gamma"):
            made = anonymous.accounts.create(name, bot=True)
            bots.append((stack.enter_context(Client(base, made["token"])), made["id"]))
        host = stack.enter_context(Client(base, anonymous.accounts.create("Host")["token"]))
        made = host.tournaments.create("Six", bots=BUILTINS, seats=2, rated=True)
        for client, _ in bots:
            client.tournaments.join(made["id"])
            runner = BotRunner(random_move, RunnerConfig(url=base, token=str(client.token)))
            stack.enter_context(running(runner))
        started = time.monotonic()
        host.tournaments.start(made["id"])
        done = wait_until(
            lambda: (t := anonymous.tournaments.get(made["id"]))["status"] == "finished" and t,
            600,
            "the round-robin to finish",
        )
        took = time.monotonic() - started
        ids = [p["player"] for p in done["players"]]
        assert sorted(ids) == sorted(BUILTINS + [b for _, b in bots])
        assert (done["rounds"], done["round"], done["byes"]) == (5, 5, [])
        pairs = sorted(tuple(sorted(g["players"])) for g in done["games"])
        assert pairs == sorted({(a, b) for a in ids for b in ids if a < b})  # each pair once
        expected = dict.fromkeys(ids, 0.0)
        wins = dict.fromkeys(ids, 0)
        for game in done["games"]:
            view = anonymous.games.get(game["game"])
            assert view["status"] == "ended"
            assert [p["vp"] for p in view["players"]] == game["vp"]
            if view["winner"] is not None:
                assert game["places"][view["winner"]] == 1
            for seat, player in enumerate(game["players"]):
                expected[player] += points(game["places"], seat)
                wins[player] += game["places"][seat] == 1
        rows = {r["player"]: r for r in done["standings"]}
        assert {p: r["points"] for p, r in rows.items()} == expected
        assert [r["points"] for r in done["standings"]] == sorted(expected.values(), reverse=True)
        games_of = {p: {g["game"]: g for g in done["games"] if p in g["players"]} for p in ids}
        ratings = {}
        for player in ids:  # every game rated once, the history chained game after game
            profile = wait_until(
                lambda p=player: (
                    (found := anonymous.accounts.get(p))["games"]["rated"] >= 5 and found
                ),
                60,
                "the last rating jobs",
            )
            [two] = [r for r in profile["ratings"] if r["category"] == "2p"]
            assert (two["games"], two["wins"]) == (5, wins[player])
            history = [h for h in profile["recent"] if h["game"] in games_of[player]]
            assert len(history) == 5
            for entry in history:
                game = games_of[player][entry["game"]]
                assert entry["place"] == game["places"][game["players"].index(player)]
            for newer, older in itertools.pairwise(history):
                assert newer["rating_before"] == older["rating"]
            assert history[0]["rating"] == two["rating"]
            ratings[player] = two["rating"]
        board = anonymous.ratings.leaderboard("2p", bots="only")["players"]
        shown = [(e["player"]["id"], e["rating"]) for e in board if e["player"]["id"] in ids]
        assert shown == sorted(ratings.items(), key=lambda kv: -kv[1])
        feed: list[dict[str, Any]] = []
        client, bot_id = bots[0]
        for entry in client.me.stream(after="0", timeout=5):
            if entry["type"].startswith("tournament_"):
                feed.append(entry)
            if entry["type"] == "tournament_ended":
                break
        kinds = [e["type"] for e in feed]
        assert kinds == ["tournament_started"] + ["tournament_round"] * 5 + ["tournament_ended"]
        assert feed[-1]["data"]["place"] == rows[bot_id]["rank"]
    print(f"6-account round-robin: 15 games in {took:.0f} s")
