"""docs/tournaments.md: the tournament it creates is accepted as it says, and its table of
settings names every field the API takes."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from api.routes.tournaments import NewTournamentSchema
from tests.api.helpers import bearer, doc_page
from tests.api.test_accounts import account


def page() -> str:
    """docs/tournaments.md, as :func:`~tests.api.helpers.doc_page` reads it."""
    return doc_page("tournaments.md")


def test_the_tournament_the_page_creates_is_open_with_its_bots(client: FlaskClient) -> None:
    body = re.search(r"-X POST \$BASE/tournaments .*?-d '(\{.*?\})'", page(), re.DOTALL)
    assert body is not None
    host = account(client, "Host")
    made = client.post(
        "/v1/tournaments", json=json.loads(body.group(1)), headers=bearer(host["token"])
    )
    assert made.status_code == 201, made.get_json()
    shown = made.get_json()
    assert (shown["status"], shown["name"]) == ("open", "Friday arena")
    assert [p["player"] for p in shown["players"]] == ["builtin-greedy", "builtin-search"]


def test_the_settings_table_names_every_field_of_a_new_tournament() -> None:
    named = set(re.findall(r"^\| `([a-z_]+)` \|", page(), re.MULTILINE))
    assert named == set(NewTournamentSchema().fields)
