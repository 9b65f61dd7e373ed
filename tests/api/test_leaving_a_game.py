"""Over HTTP: take back a misplayed minion (refused after a draw), offer and accept a draw,
resign another game, a bot answering a takeback; every log verifies through POST /v1/replays."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from api.cli import main
from tests.api.helpers import ANN, BOB, Game, bearer, command, create, game_view, hand_uid

REX, STUDIES = "dinosaurs.king_rex", "wizards.mystic_studies"
SETUP: dict[str, Any] = {
    "first_seat": 0,
    "bases": ["base.jungle_oasis", "base.tar_pits"],
    "base_deck": ["base.the_homeworld"],
    "decks": [["dinosaurs.war_raptor"] * 10, ["pirates.first_mate"] * 10],
    "hands": [[REX, STUDIES], ["pirates.first_mate"]],
}


def listed(client: FlaskClient, game: Game, seat: int) -> dict[str, list[str]]:
    body = client.get(f"/v1/games/{game.id}/moves", headers=bearer(game.tokens[seat])).get_json()
    return {part: [m["type"] for m in body[part]] for part in ("moves", "table")}


def ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.get_json()
    answer: dict[str, Any] = response.get_json()
    return answer


def refused(response: Any, code: str, status: int = 422) -> None:
    problem = response.get_json()
    assert (response.status_code, problem["code"]) == (status, code), problem


def replays(client: FlaskClient, game: Game) -> dict[str, Any]:
    log = client.get(f"/v1/games/{game.id}/log").data
    return ok(client.post("/v1/replays", data=log, content_type="application/jsonl"))


def test_a_misplayed_minion_is_taken_back_then_a_draw_is_agreed_and_the_log_verifies(
    client: FlaskClient,
) -> None:
    game = create(client, {"players": [ANN, BOB], "scripted": SETUP})
    rex = hand_uid(game_view(client, game, 0), 0, REX)
    ok(command(client, game, 0, {"type": "play_minion", "card": rex, "base": 1}))  # misplayed
    assert "takeback" in listed(client, game, 0)["table"]
    asked = ok(command(client, game, 0, {"type": "takeback"}))
    assert [e["type"] for e in asked["events"]] == ["takeback_requested"]
    assert listed(client, game, 1)["moves"] == ["accept_takeback", "decline_takeback"]
    assert listed(client, game, 0)["moves"] == []
    assert game_view(client, game, 1)["awaiting"]["kind"] == "answer"
    accepted = ok(command(client, game, 1, {"type": "accept_takeback"}))
    assert [e["type"] for e in accepted["events"]] == ["takeback_accepted", "taken_back"]
    view = game_view(client, game, 0)
    assert rex in [c["uid"] for c in view["players"][0]["hand"]]
    assert [b["minions"] for b in view["bases"]] == [[], []]

    ok(command(client, game, 0, {"type": "play_minion", "card": rex, "base": 0}))
    studies = hand_uid(game_view(client, game, 0), 0, STUDIES)
    ok(command(client, game, 0, {"type": "play_action", "card": studies}))  # draws two cards
    assert "takeback" not in listed(client, game, 0)["table"]
    refused(command(client, game, 0, {"type": "takeback"}), "takeback_impossible")

    ok(command(client, game, 0, {"type": "offer_draw"}))
    refused(command(client, game, 0, {"type": "end_turn"}), "proposal_open")
    ended = ok(command(client, game, 1, {"type": "accept_draw"}))
    assert ended["events"][-1]["payload"]["reason"] == "agreed_draw"
    final = game_view(client, game)
    assert (final["status"], final["winner"], final["end_reason"]) == ("ended", None, "agreed_draw")
    assert replays(client, game)["version"] == game_view(client, game)["version"]


def test_a_seat_resigns_when_it_is_not_its_turn_and_the_other_seat_wins(
    client: FlaskClient,
) -> None:
    game = create(client, {"players": [ANN, BOB], "scripted": SETUP})
    assert listed(client, game, 1) == {"moves": [], "table": ["resign", "abort", "offer_draw"]}
    answer = ok(command(client, game, 1, {"type": "resign"}))
    assert [e["type"] for e in answer["events"]] == ["seat_resigned", "game_ended"]
    assert answer["events"][-1]["payload"]["reason"] == "resigned"
    view = game_view(client, game)
    assert (view["status"], view["winner"], view["end_reason"]) == ("ended", 0, "resigned")
    refused(command(client, game, 0, {"type": "resign"}), "game_not_active", 409)
    assert replays(client, game)["winner"] == 0


def test_abort_is_refused_once_both_seats_have_played(client: FlaskClient) -> None:
    game = create(client, {"players": [ANN, BOB], "scripted": SETUP})
    rex = hand_uid(game_view(client, game, 0), 0, REX)
    ok(command(client, game, 0, {"type": "play_minion", "card": rex, "base": 0}))
    ok(command(client, game, 0, {"type": "end_turn"}))
    while (awaiting := game_view(client, game)["awaiting"])["seat"] != 1 or awaiting[
        "kind"
    ] != "play":
        ok(command(client, game, awaiting["seat"], {"type": "choose", "option": "skip"}))
    mate = hand_uid(game_view(client, game, 1), 1, "pirates.first_mate")
    ok(command(client, game, 1, {"type": "play_minion", "card": mate, "base": 0}))
    assert "abort" not in listed(client, game, 0)["table"]
    refused(command(client, game, 0, {"type": "abort"}), "abort_too_late")


def test_a_bot_accepts_a_takeback_at_once(client: FlaskClient) -> None:
    robo = {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": "greedy"}
    game = create(client, {"players": [ANN, robo], "scripted": SETUP})
    rex = hand_uid(game_view(client, game, 0), 0, REX)
    ok(command(client, game, 0, {"type": "play_minion", "card": rex, "base": 1}))
    ok(command(client, game, 0, {"type": "takeback"}))
    view = game_view(client, game, 0)
    assert view["awaiting"]["seat"] == 0  # the bot answered
    assert rex in [c["uid"] for c in view["players"][0]["hand"]]
    events = client.get(f"/v1/games/{game.id}/events?after=0").get_json()["events"]
    assert [e["type"] for e in events][-2:] == ["takeback_accepted", "taken_back"]


def test_smashup_replay_tells_a_takeback_and_a_resignation(
    client: FlaskClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = create(client, {"players": [ANN, BOB], "scripted": SETUP})
    rex = hand_uid(game_view(client, game, 0), 0, REX)
    ok(command(client, game, 0, {"type": "play_minion", "card": rex, "base": 1}))
    ok(command(client, game, 0, {"type": "takeback"}))
    ok(command(client, game, 1, {"type": "accept_takeback"}))
    ok(command(client, game, 0, {"type": "resign"}))
    path = tmp_path / "game.jsonl"
    path.write_bytes(client.get(f"/v1/games/{game.id}/log").data)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann asks to take back a move" in out
    assert "Ann takes back a move" in out
    assert "Ann resigns" in out
    assert out.rstrip().splitlines()[-1].startswith("Game over: Bob wins, the others resigned")
