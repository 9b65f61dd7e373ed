"""The replay example of docs/replays.md prints what the code prints (the game id aside)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from api.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "replays.md"
GAME = {
    "players": [
        {"name": "A", "factions": ["aliens", "dinosaurs"], "bot": "random"},
        {"name": "B", "factions": ["robots", "wizards"], "bot": "random"},
    ],
    "seed": "demo",
}


def _documented() -> str:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"which printed, for the game above.*?\n```text\n(.*?)```", text, re.S)
    assert found, "docs/replays.md shows what smashup replay printed"
    return found.group(1)


def _one_more_vp(line: str) -> str:
    """``jq -c 'if .type == "base_scored" then .payload.placements[0].vp += 1 else . end'``."""
    event = json.loads(line)
    if event["type"] == "base_scored":
        event["payload"]["placements"][0]["vp"] += 1
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def test_the_readme_replay_sample_is_what_smashup_replay_prints(
    make_app: Callable[..., Flask], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    client = make_app().test_client()
    created = client.post("/v1/games", json=GAME).get_json()
    assert client.get(f"/v1/games/{created['id']}").get_json()["status"] == "ended"
    log = client.get(f"/v1/games/{created['id']}/log").get_data(as_text=True)
    game = tmp_path / "game.jsonl"
    game.write_text(log, encoding="utf-8")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(_one_more_vp(x) + "\n" for x in log.splitlines()), encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(game)]) == 0
    head = capsys.readouterr().out.split("\n")[:6]
    assert main(["replay", str(game), "--at", "40", "--json"]) == 0
    at = json.loads(capsys.readouterr().out)
    picked = {"version": at["version"], "phase": at["phase"], "turn": at["turn"]}
    assert main(["replay", str(bad)]) == 1
    refused = capsys.readouterr().err
    printed = "\n".join(
        [*head, json.dumps(picked, separators=(",", ":")), refused.rstrip("\n"), "exit status 1"]
    )
    documented = _documented()
    shown_id = re.match(r"Game (\S+):", documented)
    assert shown_id
    assert documented == printed.replace(created["id"], shown_id.group(1)) + "\n"
