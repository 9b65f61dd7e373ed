"""The SDK against a real ``smashup serve``: games, errors, idempotent retries, long-polls."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from sdk_helpers import account, versus_random, wait_until
from smashup_client import ApiError, Client, Conflict, NotFound, Unauthorized, Unprocessable

TWO_HUMANS = [
    {"name": "Ann", "factions": ["aliens", "dinosaurs"]},
    {"name": "Bob", "factions": ["ninjas", "pirates"]},
]


class LosesFirstCommandAnswer(httpx.HTTPTransport):
    """Sends every request for real, but drops the answer to the first command (as a broken
    connection would), after the server has played it."""

    def __init__(self) -> None:
        super().__init__()
        self.keys: list[str | None] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        if request.url.path.endswith("/commands"):
            self.keys.append(request.headers.get("Idempotency-Key"))
            if len(self.keys) == 1:
                response.read()
                response.close()
                raise httpx.ReadError("connection reset by peer", request=request)
        return response


def _tokens(client: Client, game: dict[str, Any]) -> tuple[str, str]:
    """The token of the seat the new two-seat ``game`` waits for, and the other seat's."""
    awaited = client.games.get(game["id"])["awaiting"]["seat"]
    return game["seats"][awaited]["token"], game["seats"][1 - awaited]["token"]


def test_a_seat_plays_a_command_from_its_moves_and_the_game_moves_on(client: Client) -> None:
    game = client.games.create(TWO_HUMANS, seed="sdk-play")
    seat = client.with_token(_tokens(client, game)[0])
    with seat:
        listing = seat.games.moves(game["id"])
        assert listing["seat"] == client.games.get(game["id"])["awaiting"]["seat"]
        assert listing["moves"]
        move = listing["moves"][0]
        result = seat.games.command(game["id"], move, view=True)
        assert result["version"] > game["version"]
        assert result["game"]["version"] == result["version"]
        assert (
            seat.games.events(game["id"], after=game["version"])["next_after"]
            == (result["version"])
        )
        assert seat.games.state(game["id"], at=1)["version"] == 1


def test_a_refusal_raises_an_error_carrying_the_problem_code_status_and_detail(
    client: Client,
) -> None:
    with pytest.raises(NotFound) as missing:
        client.games.get("no-such-game")
    assert (missing.value.status, missing.value.code) == (404, "not_found")
    assert missing.value.detail
    game = client.games.create(TWO_HUMANS, seed="sdk-errors")
    with client.with_token(_tokens(client, game)[1]) as second:
        with pytest.raises(Conflict) as early:
            second.games.command(game["id"], {"type": "end_turn"})
        assert early.value.code == "not_your_turn"
    with client.with_token("nonsense") as stranger, pytest.raises(Unauthorized) as refused:
        stranger.games.moves(game["id"])
    assert refused.value.code == "invalid_token"
    with pytest.raises(Unprocessable) as invalid:
        client.games.create([{"name": "Solo", "factions": ["aliens", "dinosaurs"]}])
    assert invalid.value.code == "validation_error"
    assert "players" in invalid.value.problem["errors"]
    assert isinstance(invalid.value, ApiError)


def test_a_command_whose_answer_is_lost_is_retried_with_its_key_and_played_once(
    server_url: str, client: Client
) -> None:
    game = client.games.create(TWO_HUMANS, seed="sdk-idempotent")
    seat_token = _tokens(client, game)[0]
    lossy = LosesFirstCommandAnswer()
    with httpx.Client(base_url=server_url, transport=lossy) as http:
        seat = Client(server_url, seat_token, http=http)
        move = seat.games.moves(game["id"])["moves"][0]
        result = seat.games.command(game["id"], move)
    assert len(lossy.keys) == 2
    assert lossy.keys[0] == lossy.keys[1]
    assert lossy.keys[0]
    assert client.games.get(game["id"])["version"] == result["version"]
    assert result["events"], "the retry gets the first answer, with its events"


def test_the_same_idempotency_key_twice_returns_the_first_answer(client: Client) -> None:
    game = client.games.create(TWO_HUMANS, seed="sdk-key")
    with client.with_token(_tokens(client, game)[0]) as seat:
        move = seat.games.moves(game["id"])["moves"][0]
        first = seat.games.command(game["id"], move, idempotency_key="sdk-key-1")
        again = seat.games.command(game["id"], move, idempotency_key="sdk-key-1")
    assert again == first


def test_a_long_poll_waits_longer_than_the_client_timeout_without_failing(
    server_url: str, client: Client
) -> None:
    game = client.games.create(TWO_HUMANS, seed="sdk-wait")
    with Client(server_url, _tokens(client, game)[1], timeout=1.0) as waiting:
        started = time.monotonic()
        assert waiting.me.turns(wait=2)["turns"] == []
        assert 1.8 <= time.monotonic() - started < 10
        polled = waiting.games.events(game["id"], after=game["version"], wait=1.5)
        assert polled["events"] == []


def test_an_account_creates_rotates_and_revokes_its_token(server_url: str) -> None:
    ann, ann_id = account(server_url, "Ann")
    with ann:
        assert ann.accounts.me()["id"] == ann_id
        assert ann.accounts.get(ann_id)["name"] == "Ann"
        old = ann.token
        rotated = ann.accounts.rotate_token()
        assert rotated["token"] != old
        assert ann.token == rotated["token"]
        assert ann.accounts.me()["id"] == ann_id, "the client now acts with the new token"
        assert ann.accounts.revoke_token()["token"] is None
        with pytest.raises(Unauthorized):
            ann.accounts.me()


def test_challenges_are_made_listed_declined_canceled_and_accepted(server_url: str) -> None:
    ann, _ann_id = account(server_url, "Ann")
    bob, bob_id = account(server_url, "Bob")
    with ann, bob:
        declined = ann.challenges.create(bob_id, ["aliens", "dinosaurs"])
        assert [c["id"] for c in bob.challenges.list()["challenges"]] == [declined["id"]]
        assert bob.challenges.decline(declined["id"])["status"] == "declined"
        canceled = ann.challenges.create(bob_id, ["aliens", "dinosaurs"], seat=1)
        assert ann.challenges.cancel(canceled["id"])["status"] == "canceled"
        accepted = ann.challenges.create(bob_id, ["aliens", "dinosaurs"])
        game = bob.challenges.accept(accepted["id"], ["ninjas", "pirates"])["game"]
        assert ann.challenges.get(accepted["id"])["game"] == game
        assert [g["game"] for g in bob.me.games(status="active")["games"]] == [game]
        with pytest.raises(Conflict) as twice:
            bob.challenges.accept(accepted["id"], ["ninjas", "pirates"])
        assert twice.value.code == "challenge_not_pending"
        assert ann.challenges.list(direction="outgoing", status="accepted")["challenges"]


def test_webhooks_are_registered_read_and_removed(server_url: str, client: Client) -> None:
    ann, ann_id = account(server_url, "Ann")
    with ann:
        hook = ann.webhooks.create("http://127.0.0.1:9/hook", secret="s" * 16)
        assert (hook["account"], hook["secret"]) == (ann_id, "s" * 16)
        assert ann.webhooks.get(hook["id"])["url"] == "http://127.0.0.1:9/hook"
        assert isinstance(ann.webhooks.deliveries(hook["id"])["deliveries"], list)
        game = versus_random(client, ann_id, "sdk-hooks")
        seat_hook = ann.webhooks.create_for_game(game, "http://127.0.0.1:9/seat")
        assert (seat_hook["game"], seat_hook["seat"]) == (game, 0)
        assert ann.webhooks.delete(hook["id"])["id"] == hook["id"]
        with pytest.raises(NotFound) as gone:
            ann.webhooks.get(hook["id"])
        assert gone.value.code == "webhook_not_found"


def test_a_finished_game_s_log_replays_to_the_same_end_and_is_narrated(client: Client) -> None:
    bots = [dict(seat, bot="random") for seat in TWO_HUMANS]
    game = client.games.create(bots, seed="sdk-replay")["id"]
    final = wait_until(
        lambda: (view := client.games.get(game))["status"] == "ended" and view, 120, "the end"
    )
    log = client.games.log(game)
    assert log[0]["type"] == "game_created"
    assert log[-1]["type"] == "game_ended"
    replayed = client.replays.replay(log)
    assert (replayed["version"], replayed["winner"]) == (final["version"], final["winner"])
    assert client.games.narration(game)["lines"]
    assert any(g["id"] == game for g in client.games.iter_all(status="ended", limit=2))


def test_the_catalogue_service_and_site_answer(client: Client) -> None:
    assert client.service.health()["status"] == "ok"
    factions = client.catalogue.factions(lang="fr")
    assert factions["lang"] == "fr"
    assert factions["count"] == len(factions["factions"])
    assert {c["faction"] for c in client.catalogue.cards(faction="aliens")["cards"]} == {"aliens"}
    assert client.catalogue.bases(set="core")["count"] > 0
    assert client.site.openapi()["paths"]
    assert "openapi:" in client.site.openapi_yaml()
    assert "swagger-ui-bundle.js" in client.site.docs()
    assert client.site.docs_asset("swagger-ui.css")
    assert "<html" in client.site.viewer("any-game").lower()
    assert client.site.viewer_asset("viewer.js")
    assert "smashup_http_requests_total" in client.site.metrics()
    assert "<html" in client.site.home().lower()
