"""Old logs keep replaying: a schema-1 log (``card_discarded.zone``) after the rename in 2, and
schema-2 turns (allowances implied by ``turn_started``) after events carry them in 3, and
games ended before `game_ended` said why (4)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from domain import event_from_dict, event_to_dict, replay
from domain import events as ev
from domain.model import Allowance
from domain.serialize import EVENT_SCHEMA
from events import envelope
from events.connection import RedisClient
from events.envelope import upcast
from events.store import EventStore
from service.replays import full_view
from tests.replays.helpers import (
    V1_FINAL,
    V1_LOG,
    as_v1,
    bot_game,
    export,
    jsonl,
    lines,
    service,
    upload,
)


def _v1() -> list[dict[str, Any]]:
    return lines(V1_LOG.read_text(encoding="utf-8"))


def _final() -> dict[str, Any]:
    recorded: dict[str, Any] = json.loads(V1_FINAL.read_text(encoding="utf-8"))
    return recorded


def test_the_schema_number_has_one_source_of_truth_in_the_domain() -> None:
    assert EVENT_SCHEMA == 4
    assert envelope.SCHEMA_VERSION is EVENT_SCHEMA
    assert envelope.REGISTRY.current == EVENT_SCHEMA
    event = ev.CardDiscarded("c1", "aliens.invader", 0, "hand")
    assert event_to_dict(event) == {
        "type": "card_discarded",
        "schema": 4,
        "payload": {"uid": "c1", "card": "aliens.invader", "owner": 0, "from_zone": "hand"},
    }


def test_a_v1_card_discarded_is_read_with_from_zone_and_other_v1_events_are_unchanged() -> None:
    old = {
        "version": 9,
        "type": "card_discarded",
        "schema": 1,
        "ts": "2026-01-02T03:04:05.678Z",
        "payload": {"uid": "c1", "card": "aliens.invader", "owner": 1, "zone": "resolving"},
    }
    new = upcast(old)
    assert new == {
        **old,
        "schema": 4,
        "payload": {"uid": "c1", "card": "aliens.invader", "owner": 1, "from_zone": "resolving"},
    }
    assert event_from_dict(new) == ev.CardDiscarded("c1", "aliens.invader", 1, "resolving")
    assert old["payload"]["zone"] == "resolving", "the stored envelope is not modified"
    drawn = {"version": 3, "type": "cards_drawn", "schema": 1, "ts": "t", "payload": {"seat": 0}}
    assert upcast(drawn) == {**drawn, "schema": 4}


def test_a_schema_2_turn_gets_its_one_minion_and_one_action_and_loses_them_at_the_draw() -> None:
    turn = {"type": "turn_started", "schema": 2, "payload": {"seat": 1, "turn": 4}}
    started = event_from_dict(upcast(turn))
    assert started == ev.TurnStarted(1, 4, (Allowance("minion"), Allowance("action")))
    for phase, lost in (("draw", True), ("play", False), ("scoring", False), ("end", False)):
        old = {"type": "phase_changed", "schema": 2, "payload": {"phase": phase}}
        assert event_from_dict(upcast(old)) == ev.PhaseChanged(phase, plays_lost=lost)


def test_the_fold_applies_the_plays_an_event_states_and_derives_none() -> None:
    state = replay(event_from_dict(upcast(e)) for e in _v1()[:3])
    plain = replay([ev.TurnStarted(0, 1)], state)
    assert plain.players[0].plays == ()  # no rule inside evolve: nothing implied
    granted = replay([ev.TurnStarted(0, 1, (Allowance("action"),))], state)
    assert granted.players[0].plays == (Allowance("action"),)
    assert replay([ev.PhaseChanged("draw")], granted).players[0].plays == (Allowance("action"),)
    assert replay([ev.PhaseChanged("draw", plays_lost=True)], granted).players[0].plays == ()


def test_the_fixture_is_a_genuine_v1_log_with_both_kinds_of_card_discarded() -> None:
    envelopes = _v1()
    assert {e["schema"] for e in envelopes} == {1}
    discarded = [e["payload"] for e in envelopes if e["type"] == "card_discarded"]
    assert {d["zone"] for d in discarded} == {"hand", "resolving"}
    assert not any("from_zone" in d for d in discarded)
    assert envelopes[-1]["type"] == "game_ended"


def test_the_v1_log_folds_to_its_recorded_final_state_without_any_rule() -> None:
    state = replay(event_from_dict(upcast(e)) for e in _v1())
    assert full_view(state) == _final()


@pytest.mark.redis
def test_the_v1_log_replays_through_the_api_to_its_recorded_final_state(
    client: FlaskClient,
) -> None:
    response = upload(client, V1_LOG.read_text(encoding="utf-8"))
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == _final()
    # recorded before rules versions existed: replayed from its facts, not re-decided
    assert response.headers["Smashup-Log-Check"] == "facts"


@pytest.mark.redis
def test_a_game_stored_before_the_change_is_read_at_the_current_schema(
    app: Flask, client: FlaskClient, store: EventStore, redis_client: RedisClient, prefix: str
) -> None:
    envelopes = _v1()
    game_id = envelopes[0]["payload"]["game_id"]
    store.create(
        game_id, [{k: e[k] for k in ("type", "schema", "ts", "payload")} for e in envelopes]
    )
    store.set_meta(game_id, {"status": "ended"})
    raw = redis_client.xrange(f"{prefix}:{{{game_id}}}:events", "30-1", "30-1")
    assert raw[0][1][b"schema"] == b"1"
    assert b'"zone":"resolving"' in raw[0][1][b"payload"]

    assert full_view(service(app).load(game_id)) == _final()
    assert client.get(f"/v1/games/{game_id}/state").get_json() == _final()
    exported = lines(export(client, game_id))
    assert {e["schema"] for e in exported} == {4}
    assert exported[29]["payload"]["from_zone"] == "resolving"
    assert [e["ts"] for e in exported] == [e["ts"] for e in envelopes]


@pytest.mark.redis
def test_a_log_of_another_rules_version_replays_but_is_not_imported(client: FlaskClient) -> None:
    response = upload(client, V1_LOG.read_text(encoding="utf-8"), "?store=true")
    assert response.status_code == 422
    assert response.get_json()["code"] == "rules_version_mismatch"


@pytest.mark.redis
def test_a_log_of_the_current_rules_is_checked_by_re_deciding_every_command(
    client: FlaskClient,
) -> None:
    game_id = bot_game(client, seed="rules-check")
    response = upload(client, export(client, game_id))
    assert response.status_code == 200
    assert response.headers["Smashup-Log-Check"] == "rules"


@pytest.mark.redis
def test_a_v1_card_discarded_without_its_zone_is_refused_at_its_version(
    client: FlaskClient,
) -> None:
    envelopes = _v1()
    k = next(i for i, e in enumerate(envelopes) if e["type"] == "card_discarded")
    del envelopes[k]["payload"]["zone"]
    text = "".join(json.dumps(e) + "\n" for e in envelopes)
    body = upload(client, text).get_json()
    assert (body["code"], body["version"]) == ("invalid_log", k + 1)
    assert "cannot upgrade" in body["reason"]


@pytest.mark.redis
def test_a_game_played_now_and_written_at_schema_1_replays_to_the_same_final_state(
    client: FlaskClient,
) -> None:
    game_id = bot_game(client, seed="downcast", factions=("zombies", "wizards", "aliens", "ninjas"))
    current = lines(export(client, game_id))
    old = as_v1(current)
    assert sum(e["type"] == "card_discarded" for e in old) > 5
    assert old != current
    response = upload(client, jsonl(old))
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == client.get(f"/v1/games/{game_id}/state").get_json()


def test_a_schema_3_game_ended_was_a_victory() -> None:
    ended = {"type": "game_ended", "schema": 3, "payload": {"winner": 1, "vp": [9, 15]}}
    assert event_from_dict(upcast(ended)) == ev.GameEnded(1, (9, 15), "victory")
