"""``smashup replay FILE [--at N] [--json]``: the replay API's answers, from the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from api.cli import main
from tests.replays.helpers import V1_FINAL, V1_LOG, bot_game, export, jsonl, lines, upload


@pytest.fixture
def log_file(tmp_path: Path, finished_log: str) -> Path:
    """A finished game's exported log, in a file."""
    path = tmp_path / "game.jsonl"
    path.write_text(finished_log, encoding="utf-8")
    return path


def test_replay_prints_a_turn_by_turn_account_of_a_valid_log(
    log_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(log_file)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("Game ")
    assert "\n== Turn 1: " in out
    assert " scores: " in out
    assert out.rstrip().splitlines()[-1].startswith("Game over: ")
    assert err == ""


@pytest.mark.redis
def test_replay_json_prints_what_post_v1_replays_answers(
    log_file: Path, client: FlaskClient, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", "--json", str(log_file)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown == upload(client, log_file.read_text(encoding="utf-8")).get_json()
    assert shown["status"] == "ended"


@pytest.mark.redis
def test_replay_at_n_shows_the_game_as_get_state_at_n_does(
    client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id = bot_game(client, seed="cli-at")
    path = tmp_path / "game.jsonl"
    path.write_text(export(client, game_id), encoding="utf-8")
    for version in (1, 77, 250):
        assert main(["replay", str(path), "--at", str(version), "--json"]) == 0
        shown = json.loads(capsys.readouterr().out)
        assert shown == client.get(f"/v1/games/{game_id}/state?at={version}").get_json()
    assert main(["replay", str(path), "--at", "77"]) == 0
    out = capsys.readouterr().out
    last = len(lines(path.read_text(encoding="utf-8")))
    assert out.rstrip().endswith(f"(stopped at version 77 of {last})")
    assert "Game over" not in out


def test_an_invalid_log_exits_with_1_and_says_the_version_and_the_reason(
    tmp_path: Path, finished_log: str, capsys: pytest.CaptureFixture[str]
) -> None:
    envelopes = lines(finished_log)
    envelopes[30]["payload"]["seat"] = 5
    path = tmp_path / "bad.jsonl"
    path.write_text(jsonl(envelopes), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("smashup replay: invalid log at version 31: ")


@pytest.mark.parametrize("at", ["0", "100000"])
def test_a_version_out_of_range_is_a_usage_error(
    log_file: Path, at: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(log_file), "--at", at]) == 2
    assert "--at must be a version from 1 to " in capsys.readouterr().err


def test_a_missing_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path / "nothing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_replay_reads_the_log_from_stdin_with_a_dash(
    log_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(log_file.read_bytes()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "ended"


def test_the_smashup_command_replays_the_v1_fixture_to_its_recorded_final_state() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "api.cli", "replay", str(V1_LOG), "--json"],
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert json.loads(done.stdout) == json.loads(V1_FINAL.read_text(encoding="utf-8"))
