"""Each move of ``/moves`` and each option of a decision carries a label in the caller's
language (``?lang=``, else ``Accept-Language``, else English), card and base names from the
catalogue. The leak oracle checks that no label names a hidden card (tests/security)."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.api.helpers import Game, bearer, command, create_scripted


def _moves(client: FlaskClient, game: Game, query: str = "", **headers: str) -> dict[str, Any]:
    response = client.get(
        f"/v1/games/{game.id}/moves{query}", headers={**bearer(game.tokens[0]), **headers}
    )
    assert response.status_code == 200
    body: dict[str, Any] = response.get_json()
    return body


def _labels(body: dict[str, Any]) -> list[str]:
    return [m["label"] for m in body["moves"]]


def test_moves_are_labelled_in_english_by_default(client: FlaskClient) -> None:
    game = create_scripted(client)
    body = _moves(client, game)
    assert body["lang"] == "en"
    labels = _labels(body)
    assert "Play Collector on Jungle Oasis" in labels
    assert "Play King Rex on Tar Pits" in labels
    assert "Play Invasion" in labels
    assert labels[-1] == "End the turn"
    assert len(labels) == len(body["moves"])


def test_lang_chooses_the_language_of_the_labels_and_the_catalogues_names(
    client: FlaskClient,
) -> None:
    game = create_scripted(client)
    spanish = _moves(client, game, "?lang=es")
    assert spanish["lang"] == "es"
    assert "Jugar Recolector en Oasis selvático" in _labels(spanish)
    assert _labels(spanish)[-1] == "Terminar el turno"
    french = _moves(client, game, "?lang=fr")
    assert "Jouer Collector sur Oasis Luxuriant" in _labels(french)
    assert [m | {"label": None} for m in french["moves"]] == [
        m | {"label": None} for m in spanish["moves"]
    ]


def test_accept_language_chooses_the_language_when_lang_is_absent(client: FlaskClient) -> None:
    game = create_scripted(client)
    french = _moves(client, game, **{"Accept-Language": "fr-CA,fr;q=0.9,en;q=0.5"})
    assert french["lang"] == "fr"
    assert _labels(french)[-1] == "Finir le tour"
    unknown = _moves(client, game, **{"Accept-Language": "de"})
    assert unknown["lang"] == "en"
    asked = _moves(client, game, "?lang=en", **{"Accept-Language": "es"})
    assert asked["lang"] == "en"


def test_a_language_the_server_does_not_speak_is_refused_and_names_the_choices(
    client: FlaskClient,
) -> None:
    game = create_scripted(client)
    for path in ("/moves?lang=de", "?lang=de"):
        response = client.get(f"/v1/games/{game.id}{path}", headers=bearer(game.tokens[0]))
        assert response.status_code == 422
        problem = response.get_json()
        assert problem["code"] == "validation_error"
        assert "en, fr, es" in problem["errors"]["lang"][0]


def test_a_decisions_options_are_labelled_in_the_callers_language(client: FlaskClient) -> None:
    game = create_scripted(client)
    collector = next(
        m for m in _moves(client, game)["moves"] if m["label"] == "Play Collector on Jungle Oasis"
    )
    assert command(client, game, 0, collector).status_code == 200, "the label is accepted back"
    choices = _moves(client, game, "?lang=es")["moves"]
    assert {m["label"] for m in choices} >= {
        "First Mate en Oasis selvático",
        "Recolector en Oasis selvático",
    }
    view = client.get(f"/v1/games/{game.id}?lang=es", headers=bearer(game.tokens[0])).get_json()
    options = {o["id"]: o["label"] for o in view["awaiting"]["options"]}
    assert {m["option"]: m["label"] for m in choices} == options
    english = client.get(f"/v1/games/{game.id}", headers=bearer(game.tokens[0])).get_json()
    assert "First Mate on Jungle Oasis" in {o["label"] for o in english["awaiting"]["options"]}


def test_a_command_with_a_label_too_long_or_not_a_string_is_refused(client: FlaskClient) -> None:
    game = create_scripted(client)
    end = {"type": "end_turn"}
    for label in ("x" * 501, 7):
        response = command(client, game, 0, {**end, "label": label})
        assert response.status_code == 422
        assert "label" in response.get_json()["errors"]
    assert command(client, game, 0, {**end, "label": "x" * 500}).status_code == 200


def test_a_commands_answer_labels_the_next_decisions_options_in_the_callers_language(
    client: FlaskClient,
) -> None:
    game = create_scripted(client)
    collector = next(m for m in _moves(client, game)["moves"] if "Collector" in m["label"])
    answer = command(client, game, 0, collector, view=True, **{"Accept-Language": "es"})
    assert answer.status_code == 200
    body = answer.get_json()
    labels = {o["label"] for o in body["awaiting"]["options"]}
    assert "First Mate en Oasis selvático" in labels
    assert body["game"]["awaiting"]["options"] == body["awaiting"]["options"]
    other = create_scripted(client)
    play = next(m for m in _moves(client, other)["moves"] if "Collector" in m["label"])
    url, seat = (
        f"/v1/games/{other.id}/commands",
        {**bearer(other.tokens[0]), "Idempotency-Key": "k"},
    )
    french = client.post(f"{url}?lang=fr", json=play, headers=seat)
    replayed = client.post(url, json=play, headers=seat)
    assert "First Mate sur Oasis Luxuriant" in {
        o["label"] for o in french.get_json()["awaiting"]["options"]
    }
    assert replayed.headers["Idempotent-Replayed"] == "true"
    assert "First Mate on Jungle Oasis" in {
        o["label"] for o in replayed.get_json()["awaiting"]["options"]
    }, "the stored answer is not changed by a localized one"
