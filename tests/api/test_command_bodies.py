"""Command bodies loaded without marshmallow (the quick path) load exactly as the schemas do."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from api.commands import COMMAND_SCHEMAS, _quick_load, _schema_load, load_command
from api.schemas import MAX_INT
from domain import COMMAND_TYPES, Choose, EndTurn, PlayAction, PlayMinion

FIELDS = ["type", "expected_version", "card", "base", "target", "option", "extra"]
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-2, max_value=MAX_INT + 2),
    st.sampled_from([0, 1, 7, MAX_INT, -1, MAX_INT + 1, 1.0, 2.5]),
    st.text(max_size=70),
    st.sampled_from(["", "x", "x" * 64, "x" * 65, "c12"]),
    st.lists(st.integers(), max_size=2),
)
BODIES = st.builds(
    lambda kind, rest: {"type": kind, **rest},
    st.sampled_from(sorted(COMMAND_SCHEMAS)),
    st.dictionaries(st.sampled_from(FIELDS[1:]), VALUES, max_size=4),
)


def schema_answer(body: dict[str, Any]) -> Any:
    try:
        return _schema_load(COMMAND_SCHEMAS[body["type"]], body, 1)
    except ValidationError:
        return "refused"


@settings(max_examples=600, deadline=None)
@given(BODIES)
def test_a_body_the_quick_path_takes_loads_as_its_schema_loads_it(body: dict[str, Any]) -> None:
    quick = _quick_load(body["type"], body)
    if quick is not None:
        loaded = schema_answer(body)
        assert loaded != "refused"
        assert (loaded.command, loaded.expected_version) == (
            COMMAND_TYPES[body["type"]](seat=1, **quick[0]),
            quick[1],
        )


@settings(max_examples=600, deadline=None)
@given(BODIES)
def test_load_command_answers_what_the_schema_answers(body: dict[str, Any]) -> None:
    try:
        loaded: Any = load_command(body, 1)
    except ValidationError:
        loaded = "refused"
    assert loaded == schema_answer(body)


def test_the_plain_bodies_of_a_game_take_the_quick_path() -> None:
    plain = [
        ({"type": "end_turn", "expected_version": 3}, EndTurn(seat=1)),
        ({"type": "end_turn"}, EndTurn(seat=1)),
        ({"type": "choose", "option": "o2", "expected_version": 9}, Choose(seat=1, option="o2")),
        (
            {"type": "play_minion", "card": "c4", "base": 0, "expected_version": 0},
            PlayMinion(seat=1, card="c4", base=0),
        ),
        (
            {"type": "play_action", "card": "c5", "base": None, "expected_version": None},
            PlayAction(seat=1, card="c5"),
        ),
    ]
    for body, command in plain:
        quick = _quick_load(body["type"], body)
        assert quick is not None, body
        assert load_command(body, 1).command == command


def test_a_body_with_anything_odd_is_left_to_the_schema() -> None:
    odd = [
        {"type": "end_turn", "expected_version": True},
        {"type": "end_turn", "expected_version": -1},
        {"type": "end_turn", "expected_version": 1.0},
        {"type": "end_turn", "unknown": 1},
        {"type": "choose"},
        {"type": "choose", "option": ""},
        {"type": "choose", "option": None},
        {"type": "play_minion", "card": "c4", "base": MAX_INT + 1},
        {"type": "play_minion", "card": "c4", "base": None},
    ]
    for body in odd:
        assert _quick_load(body["type"], body) is None, body
