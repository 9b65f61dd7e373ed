"""The README's replay example prints what the code prints (the game id aside); the refusal of
the edited log is the example of docs/clients.md (which the README's sample is to follow)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask

from api.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"
CLIENTS_DOC = Path(__file__).resolve().parents[2] / "docs" / "clients.md"
REFUSAL = "smashup replay: invalid log at version "
GAME = {
    "players": [
        {"name": "A", "factions": ["aliens", "dinosaurs"], "bot": "random"},
        {"name": "B", "factions": ["robots", "wizards"], "bot": "random"},
    ],
    "seed": "demo",
}


def _documented() -> str:
    text = README.read_text(encoding="utf-8")
    found = re.search(r"which printed, for the game above.*?\n```text\n(.*?)```", text, re.S)
    assert found, "the README shows what smashup replay printed"
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
    assert refused.startswith(REFUSAL)
    assert refused.rstrip("\n") in CLIENTS_DOC.read_text(encoding="utf-8")
    printed = "\n".join([*head, json.dumps(picked, separators=(",", ":")), "exit status 1"])
    documented = "".join(
        line for line in _documented().splitlines(keepends=True) if not line.startswith(REFUSAL)
    )
    shown_id = re.match(r"Game (\S+):", documented)
    assert shown_id
    assert documented == printed.replace(created["id"], shown_id.group(1)) + "\n"
