"""``smashup simulate``: bot games in-process, a progress bar, a win-rate table, CSV and JSON."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from api.cli import main
from service.simulation import wilson


def test_the_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 20)
    assert low == 0.0
    assert 0.16 < high < 0.17


def test_simulate_prints_a_win_rate_table_and_writes_every_game_as_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "run.json"
    argv = ["simulate", "--bots", "random,greedy", "--games", "3", "--seed", "7"]
    assert main([*argv, "--json", str(out_file), "--progress"]) == 0
    out, err = capsys.readouterr()
    assert err.startswith("\r[")
    assert err.endswith("] 3/3 games " + err.rsplit("games ", 1)[1])
    assert err.endswith("s\n")
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["bot", "seats", "wins", "win"]
    assert [line.split()[0] for line in lines[1:3]] == ["random", "greedy"]
    assert lines[3].startswith("3 games (2 seats)")
    data = json.loads(out_file.read_text(encoding="utf-8"))
    games = data["games"]
    assert [g["bots"] for g in games] == [
        ["random", "greedy"],
        ["greedy", "random"],
        ["random", "greedy"],
    ]
    assert all(len({f for pair in g["factions"] for f in pair}) == 4 for g in games)
    table = {r["bot"]: r for r in data["table"]}
    assert table["random"]["seats"] == table["greedy"]["seats"] == 3
    winners = [g["bots"][g["winner"]] for g in games if g["winner"] is not None]
    for bot in ("random", "greedy"):
        assert table[bot]["wins"] == winners.count(bot)
        assert table[bot]["ci95_low"] <= table[bot]["win_rate"] <= table[bot]["ci95_high"]
        assert f"{100 * table[bot]['win_rate']:.1f}%" in out
    for g in games:
        assert g["winner"] is None or max(g["vp"]) == g["vp"][g["winner"]] >= 15
    # the same seed plays the same games
    again = tmp_path / "again.json"
    assert main([*argv, "--json", str(again), "--no-progress"]) == 0
    assert json.loads(again.read_text(encoding="utf-8"))["games"] == games
    assert capsys.readouterr().err == ""


def test_simulate_plays_search_and_several_seat_counts_and_writes_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_file = tmp_path / "run.csv"
    argv = ["simulate", "--bots", "search,random", "--games", "3", "--seats", "2..4"]
    argv += ["--playouts", "4", "--factions", "aliens,ninjas,pirates,robots,wizards,zombies"]
    assert main([*argv, "--csv", str(out_file), "--no-progress"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "3 games (2, 3, 4 seats)" in out
    with out_file.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["bot"] for r in rows] == ["search", "random"]
    # 2 + 3 + 4 seats, the two bots seated in turn
    assert sum(int(r["seats"]) for r in rows) == 9
    assert float(rows[0]["ms_per_decision"]) > 0
    assert int(rows[0]["decisions"]) >= int(rows[0]["decisions_over_1s"]) >= 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "random,clever"], "--bots: unknown clever (known: random, greedy, search)"),
        (["--seats", "5"], "--seats must be 2 to 4 players"),
        (["--seats", "two"], "--seats: bad number 'two'"),
        (["--factions", "aliens,elves"], "--factions: need two or more implemented factions"),
        (["--games", "0"], "--games and --playouts must be positive"),
        (["--playouts", "0"], "--games and --playouts must be positive"),
    ],
)
def test_simulate_refuses_bad_arguments_with_exit_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    assert message in capsys.readouterr().err


def test_simulate_with_factions_all_draws_from_every_implemented_faction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from domain.catalogue import catalogue
    from domain.setup import implemented_faction

    out_file = tmp_path / "all.json"
    argv = ["simulate", "--bots", "random", "--games", "12", "--seats", "4", "--seed", "1"]
    assert main([*argv, "--factions", "all", "--json", str(out_file), "--no-progress"]) == 0
    capsys.readouterr()
    games = json.loads(out_file.read_text(encoding="utf-8"))["games"]
    drawn = {f for g in games for pair in g["factions"] for f in pair}
    implemented = {f for f in catalogue().factions if implemented_faction(f)}
    assert drawn <= implemented
    assert len(drawn) > 8  # 12 games of 8 factions each reach past any eight
    assert "ignobles" in implemented
