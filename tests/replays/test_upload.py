"""POST /v1/replays: a log replays to its final state; a tampered one is refused at its version."""

from __future__ import annotations

import copy
import io
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from events.envelope import SCHEMA_VERSION
from events.store import EventStore
from tests.replays.helpers import bot_game, jsonl, lines, upload

pytestmark = pytest.mark.redis

Log = list[dict[str, Any]]
STARTS = {"minion_played", "action_played", "decision_made", "special_used"}


def _renumbered(envelopes: Log) -> Log:
    return [{**e, "version": n} for n, e in enumerate(envelopes, start=1)]


def _first(envelopes: Log, kind: str, after: int = 0) -> int:
    """The 0-based index of the first event of a type (after an index)."""
    return next(i for i, e in enumerate(envelopes) if e["type"] == kind and i >= after)


def _refusal(client: FlaskClient, text: str | bytes) -> dict[str, Any]:
    response = upload(client, text)
    assert response.status_code == 422, response.get_json()
    body: dict[str, Any] = response.get_json()
    assert body["code"] == "invalid_log"
    assert body["reason"]
    return body


def test_an_exported_log_replays_to_the_final_state_with_every_hand_and_stores_nothing(
    client: FlaskClient, store: EventStore
) -> None:
    game_id = bot_game(client)
    text = client.get(f"/v1/games/{game_id}/log").get_data(as_text=True)
    games = store.list_games()
    response = upload(client, text)
    assert response.status_code == 200
    assert "Location" not in response.headers
    assert response.get_json() == client.get(f"/v1/games/{game_id}/state").get_json()
    assert all("hand" in p for p in response.get_json()["players"])
    assert store.list_games() == games


def test_a_log_whose_strings_hold_unicode_line_separators_replays(client: FlaskClient) -> None:
    players = [
        {"name": "A", "factions": ["zombies", "ninjas"], "bot": "random"},
        {"name": "B", "factions": ["pirates", "aliens"], "bot": "random"},
    ]
    body = {"players": players, "seed": "line\u2028para\u2029next\x85end"}
    game_id = client.post("/v1/games", json=body).get_json()["id"]
    text = client.get(f"/v1/games/{game_id}/log").get_data(as_text=True)
    assert "\u2028" in text
    response = upload(client, text)
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == client.get(f"/v1/games/{game_id}/state").get_json()


def test_a_log_cut_between_two_commands_is_a_shorter_valid_game(
    client: FlaskClient, finished_log: str
) -> None:
    envelopes = lines(finished_log)
    cut = _first(envelopes, "minion_played", after=60)
    response = upload(client, jsonl(envelopes[:cut]))
    assert response.status_code == 200
    assert response.get_json()["version"] == cut
    assert response.get_json()["status"] == "active"


def _truncated(log: Log) -> tuple[Log, int]:
    k = _first(log, "base_scored")
    return log[:k], k + 1


def _reordered(log: Log) -> tuple[Log, int]:
    k = _first(log, "card_discarded")
    log[k - 1], log[k] = log[k], log[k - 1]
    return _renumbered(log), k


def _duplicated(log: Log) -> tuple[Log, int]:
    k = _first(log, "cards_drawn", after=5)
    return _renumbered([*log[: k + 1], log[k], *log[k + 1 :]]), k + 2


def _duplicated_as_is(log: Log) -> tuple[Log, int]:
    k = _first(log, "turn_started")
    return [*log[: k + 1], log[k], *log[k + 1 :]], k + 2


def _edited_score(log: Log) -> tuple[Log, int]:
    k = _first(log, "base_scored")
    log[k]["payload"]["placements"][0]["vp"] += 1
    return log, k + 1


def _edited_draw(log: Log) -> tuple[Log, int]:
    k = _first(log, "cards_drawn", after=5)
    cards = log[k]["payload"]["cards"]
    cards[0]["card"] = "aliens.invader" if cards[0]["card"] != "aliens.invader" else "ninjas.ninja"
    return log, k + 1


def _stacked_deck(log: Log) -> tuple[Log, int]:
    deck = log[0]["payload"]["players"][0]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    return log, 1


def _another_seed(log: Log) -> tuple[Log, int]:
    log[0]["payload"]["seed"] += "x"
    return log, 1


def _float_for_int(log: Log) -> tuple[Log, int]:
    k = _first(log, "card_discarded")
    log[k]["payload"]["owner"] = float(log[k]["payload"]["owner"])
    return log, k + 1


def _unknown_payload_field(log: Log) -> tuple[Log, int]:
    k = _first(log, "phase_changed")
    log[k]["payload"]["note"] = "slipped in"
    return log, k + 1


def _unknown_envelope_field(log: Log) -> tuple[Log, int]:
    log[7]["signature"] = "x"
    return log, 8


def _future_schema(log: Log) -> tuple[Log, int]:
    log[9]["schema"] = SCHEMA_VERSION + 1
    return log, 10


def _unknown_type(log: Log) -> tuple[Log, int]:
    log[4]["type"] = "minion_summoned"
    return log, 5


def _after_the_end(log: Log) -> tuple[Log, int]:
    extra = {**copy.deepcopy(log[-2]), "version": len(log) + 1}
    return [*log, extra], len(log) + 1


def _version_gap(log: Log) -> tuple[Log, int]:
    return [*log[:20], *log[21:]], 21


def _odd_game_id(log: Log) -> tuple[Log, int]:
    log[0]["payload"]["game_id"] = "../../etc"
    return log, 1


def _control_in_a_name(log: Log) -> tuple[Log, int]:
    log[0]["payload"]["players"][1]["name"] = "B\u0007ob"
    return log, 1


TAMPERINGS: dict[str, Callable[[Log], tuple[Log, int]]] = {
    "truncated inside a command": _truncated,
    "two events swapped": _reordered,
    "an event duplicated": _duplicated,
    "a line duplicated as is": _duplicated_as_is,
    "a score edited": _edited_score,
    "a drawn card edited": _edited_draw,
    "a deck stacked in game_created": _stacked_deck,
    "another seed": _another_seed,
    "a float for an integer": _float_for_int,
    "an unknown payload field": _unknown_payload_field,
    "an unknown envelope field": _unknown_envelope_field,
    "a schema from the future": _future_schema,
    "an unknown event type": _unknown_type,
    "an event after the end": _after_the_end,
    "a version missing": _version_gap,
    "a name POST /v1/games refuses": _control_in_a_name,
    "a game id no server gives": _odd_game_id,
}


@pytest.mark.parametrize("name", TAMPERINGS)
def test_a_tampered_log_is_refused_at_its_first_bad_version(
    client: FlaskClient, finished_log: str, name: str
) -> None:
    tampered, version = TAMPERINGS[name](lines(finished_log))
    body = _refusal(client, jsonl(tampered))
    assert body["version"] == version, body["reason"]


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("", 1),
        ("\n\n", 1),
        ("not json\n", 1),
        ("[1, 2]\n", 1),
        ('{"version": 1, "type": "game_created", "schema": 1}\n', 1),
        ('{"version": 1, "type": "game_created", "schema": 1, "payload": {}}\n', 1),
        ('{"version": 1, "type": "turn_started", "schema": 1, "payload": {}}\n', 1),
    ],
)
def test_a_log_that_is_not_a_game_is_refused_at_its_first_line(
    client: FlaskClient, text: str, version: int
) -> None:
    assert _refusal(client, text)["version"] == version


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda line: line.replace('"type":', '"type":"x","type":', 1), "same key twice"),
        (lambda line: line.replace('"seed":"', '"seed":"\\ud800', 1), "lone UTF-16 surrogate"),
    ],
)
def test_a_line_that_parsers_could_read_differently_is_refused(
    client: FlaskClient, finished_log: str, change: Callable[[str], str], reason: str
) -> None:
    first, rest = finished_log.split("\n", 1)
    body = _refusal(client, change(first) + "\n" + rest)
    assert body["version"] == 1
    assert reason in body["reason"]


def test_a_broken_line_is_reported_after_an_earlier_rule_violation(
    client: FlaskClient, finished_log: str
) -> None:
    tampered, version = _edited_score(lines(finished_log))
    text = jsonl(tampered) + "{broken\n"
    assert _refusal(client, text)["version"] == version


def test_a_redacted_seat_log_cannot_be_replayed(client: FlaskClient, finished_log: str) -> None:
    envelopes = lines(finished_log)
    envelopes[0]["payload"].pop("seed")
    assert _refusal(client, jsonl(envelopes))["version"] == 1


def test_random_mutations_are_refused_at_or_after_the_mutation_and_never_with_a_500(
    client: FlaskClient, finished_log: str
) -> None:
    envelopes = lines(finished_log)
    base = envelopes[: _first(envelopes, "minion_played", after=120)]
    rng = random.Random(7)
    outcomes = {200: 0, 422: 0}
    for _ in range(120):
        log = copy.deepcopy(base)
        k = rng.randrange(len(log))
        _mutate(rng, log, k)
        response = upload(client, jsonl(log))
        outcomes[response.status_code] += 1
        if response.status_code == 422:
            assert response.get_json()["code"] == "invalid_log"
            assert k + 1 <= response.get_json()["version"] <= len(log) + 1
    assert outcomes[422] > 100


def _mutate(rng: random.Random, log: Log, k: int) -> None:
    op = rng.choice(["drop", "copy", "swap", "value", "key", "type", "schema"])
    if op in ("drop", "copy", "swap"):
        if op == "drop":
            del log[k]
        elif op == "copy":
            log.insert(k, copy.deepcopy(log[k]))
        elif k + 1 < len(log):
            log[k], log[k + 1] = log[k + 1], log[k]
        log[:] = _renumbered(log)
    elif op == "value":
        _change_a_value(rng, log[k]["payload"])
    elif op == "key":
        log[k]["payload"].pop(rng.choice(sorted(log[k]["payload"])), None)
    elif op == "type":
        log[k]["type"] = rng.choice(["minion_played", "game_ended", "vp_gained", "nonsense"])
    else:
        log[k]["schema"] = rng.choice([-1, SCHEMA_VERSION + 1, "2", None, True])


def _change_a_value(rng: random.Random, node: dict[str, Any]) -> None:
    """Change one leaf somewhere under a payload."""
    key = rng.choice(sorted(node))
    value = node[key]
    if isinstance(value, dict) and value:
        _change_a_value(rng, value)
    elif isinstance(value, list) and value and isinstance(value[0], dict):
        _change_a_value(rng, rng.choice(value))
    elif isinstance(value, bool):
        node[key] = not value
    elif isinstance(value, int):
        node[key] = value + rng.choice([-1, 1, 100])
    elif isinstance(value, str):
        node[key] = value + "x"
    else:
        node[key] = {"unexpected": [value]}


def test_a_log_larger_than_the_limit_is_refused_with_413(
    make_app: Callable[..., Flask], finished_log: str
) -> None:
    client = make_app(MAX_LOG_LENGTH=10_000).test_client()
    response = upload(client, finished_log)
    assert response.status_code == 413
    assert response.get_json()["code"] == "payload_too_large"


def test_a_chunked_log_larger_than_the_limit_is_refused_with_413(
    make_app: Callable[..., Flask], finished_log: str
) -> None:
    client = make_app(MAX_LOG_LENGTH=10_000).test_client()
    response = client.post(
        "/v1/replays",
        input_stream=io.BytesIO(finished_log.encode()),
        headers={"Content-Type": "application/jsonl", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert response.status_code == 413
    assert response.get_json()["code"] == "payload_too_large"


def test_a_log_with_more_events_than_the_limit_is_refused_with_413(client: FlaskClient) -> None:
    response = upload(client, "{}\n" * 10_001)
    assert response.status_code == 413
    assert response.get_json()["code"] == "payload_too_large"


def test_a_body_that_is_not_utf8_is_malformed(client: FlaskClient) -> None:
    response = upload(client, b'{"version": 1}\xff\xfe\n')
    assert response.status_code == 400
    assert response.get_json()["code"] == "malformed_json"


def test_a_bad_store_parameter_is_a_validation_error(
    client: FlaskClient, finished_log: str
) -> None:
    response = upload(client, finished_log, "?store=perhaps")
    assert response.status_code == 422
    assert response.get_json()["code"] == "validation_error"
    assert json.loads(response.get_data())["errors"] == {"store": ["Not a valid boolean."]}
