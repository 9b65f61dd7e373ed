"""``GET /v1/games``: public games newest first, by status, with a stable cursor."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.api.helpers import ANN, BOB, create

BOTS = {
    "players": [{**ANN, "bot": "random"}, {**BOB, "bot": "random"}],
    "seed": "list",
}


def _page(client: FlaskClient, query: str) -> dict:  # type: ignore[type-arg]
    response = client.get(f"/v1/games{query}")
    assert response.status_code == 200, response.get_json()
    body: dict = response.get_json()  # type: ignore[type-arg]
    return body


def test_games_are_listed_newest_first_with_public_fields_only(client: FlaskClient) -> None:
    first = create(client, {"players": [ANN, BOB]})
    second = create(client, {"players": [BOB, ANN]})
    body = _page(client, "")
    assert [g["id"] for g in body["games"]] == [second.id, first.id]
    assert body["next_cursor"] is None
    listed = body["games"][0]
    assert listed["status"] == "active"
    assert listed["version"] == second.version
    assert listed["players"] == [
        {"seat": 0, "name": "Bob", "bot": None},
        {"seat": 1, "name": "Ann", "bot": None},
    ]
    text = client.get("/v1/games").get_data(as_text=True)
    for token in [*first.tokens.values(), *second.tokens.values()]:
        assert token not in text


def test_games_are_filtered_by_status(client: FlaskClient) -> None:
    active = create(client, {"players": [ANN, BOB]})
    ended = create(client, BOTS)  # the bots play it to the end inline
    assert [g["id"] for g in _page(client, "?status=active")["games"]] == [active.id]
    listed = _page(client, "?status=ended")["games"]
    assert [g["id"] for g in listed] == [ended.id]
    assert listed[0]["status"] == "ended"
    assert listed[0]["version"] > 100


def test_pages_follow_each_other_and_new_games_do_not_shift_them(client: FlaskClient) -> None:
    made = [create(client, {"players": [ANN, BOB]}).id for _ in range(5)]
    page1 = _page(client, "?limit=2")
    assert [g["id"] for g in page1["games"]] == made[::-1][:2]
    newer = create(client, {"players": [ANN, BOB]}).id
    page2 = _page(client, f"?limit=2&cursor={page1['next_cursor']}")
    assert [g["id"] for g in page2["games"]] == made[::-1][2:4]
    page3 = _page(client, f"?limit=2&cursor={page2['next_cursor']}")
    assert [g["id"] for g in page3["games"]] == made[::-1][4:]
    assert page3["next_cursor"] is None
    assert _page(client, "?limit=1")["games"][0]["id"] == newer


def test_a_status_filter_pages_past_games_of_the_other_status(client: FlaskClient) -> None:
    active = [create(client, {"players": [ANN, BOB]}).id for _ in range(3)]
    create(client, BOTS)
    first = _page(client, "?status=active&limit=2")
    second = _page(client, f"?status=active&limit=2&cursor={first['next_cursor']}")
    listed = [g["id"] for g in first["games"] + second["games"]]
    assert listed == active[::-1]
    assert second["next_cursor"] is None


def test_bad_list_parameters_are_refused_with_a_problem(client: FlaskClient) -> None:
    for query, field in [
        ("?status=paused", "status"),
        ("?limit=0", "limit"),
        ("?limit=101", "limit"),
        ("?cursor=not*ours", "cursor"),
        ("?cursor=Zm9v", "cursor"),  # base64 of "foo": not an entry of the list
        ("?colour=red", "colour"),
    ]:
        response = client.get(f"/v1/games{query}")
        assert response.status_code == 422, query
        problem = response.get_json()
        assert problem["code"] == "validation_error"
        assert field in problem["errors"], query


def test_games_made_before_the_index_existed_are_listed(client: FlaskClient, store) -> None:  # type: ignore[no-untyped-def]
    game = create(client, {"players": [ANN, BOB]})
    # as a store made before the sorted sets: its games only in the set of ids
    for key in store.index_keys():
        if key.endswith(":by_created"):
            store.redis.delete(key)
    assert [g["id"] for g in _page(client, "")["games"]] == [game.id]


def test_games_of_a_store_made_before_the_shards_are_listed_with_the_new_ones(  # type: ignore[no-untyped-def]
    client: FlaskClient, store
) -> None:
    old = create(client, {"players": [ANN, BOB]})
    for key in store.index_keys():
        if key != f"{store.prefix}:games":
            store.redis.delete(key)
    store.redis.sadd(f"{store.prefix}:games", old.id)  # the one set of ids of older stores
    new = create(client, {"players": [ANN, BOB]})
    assert [g["id"] for g in _page(client, "")["games"]] == [new.id, old.id]
    assert store.list_games() == sorted([old.id, new.id])


def test_the_games_index_is_spread_over_several_keys(client: FlaskClient, store) -> None:  # type: ignore[no-untyped-def]
    made = [create(client, {"players": [ANN, BOB]}).id for _ in range(8)]
    used = [key for key in store.index_keys() if key.endswith(":by_created")]
    sizes = [int(store.redis.zcard(key)) for key in used]
    assert sum(sizes) == len(made)
    assert max(sizes) < len(made)  # 8 games never all in one of 16 shards here
    assert [g["id"] for g in _page(client, "")["games"]] == made[::-1]
