"""The API's operations, grouped as the spec's tags are: one method per operation."""

from __future__ import annotations

import builtins
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from smashup_client.operations import operation
from smashup_client.streams import Stream
from smashup_client.transport import Transport, new_idempotency_key

JSON = dict[str, Any]
JSONL = "application/jsonl"


def parse_json_lines(text: str) -> list[JSON]:
    """The objects of a JSON Lines text (blank lines skipped)."""
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _json_lines(log: str | bytes | Iterable[JSON]) -> bytes:
    if isinstance(log, bytes):
        return log
    if isinstance(log, str):
        return log.encode()
    return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in log).encode()


class _Group:
    def __init__(self, transport: Transport) -> None:
        self._t = transport

    def _json(self, method: str, path: str, **options: Any) -> JSON:
        """The JSON object the server answers (see :meth:`Transport.request`)."""
        result: JSON = self._t.json(method, path, **options)
        return result


class Service(_Group):
    """Liveness."""

    @operation("getHealth", "GET", "/v1/health")
    def health(self) -> JSON:
        """The server's health; a 503 answer (Redis down) is returned, not raised."""
        return self._json("GET", "/v1/health", ok_statuses=frozenset({503}))


class Catalogue(_Group):
    """Factions, cards and bases, with names in ``lang`` (en, fr, es)."""

    @operation("listFactions", "GET", "/v1/factions")
    def factions(self, *, lang: str | None = None, set: str | None = None) -> JSON:
        """Every faction (``FactionList``), optionally of one set."""
        return self._json("GET", "/v1/factions", params={"lang": lang, "set": set})

    @operation("listCards", "GET", "/v1/cards")
    def cards(
        self, *, lang: str | None = None, set: str | None = None, faction: str | None = None
    ) -> JSON:
        """Every card (``CardList``), optionally of one set or faction."""
        params = {"lang": lang, "set": set, "faction": faction}
        return self._json("GET", "/v1/cards", params=params)

    @operation("listBases", "GET", "/v1/bases")
    def bases(
        self, *, lang: str | None = None, set: str | None = None, faction: str | None = None
    ) -> JSON:
        """Every base (``BaseList``), optionally of one set or faction."""
        params = {"lang": lang, "set": set, "faction": faction}
        return self._json("GET", "/v1/bases", params=params)


class Games(_Group):
    """Creating, reading and playing games."""

    @operation("listGames", "GET", "/v1/games")
    def list(
        self, *, status: str | None = None, limit: int | None = None, cursor: str | None = None
    ) -> JSON:
        """One page of the public game list (``GameList``); see :meth:`iter_all`."""
        params = {"status": status, "limit": limit, "cursor": cursor}
        return self._json("GET", "/v1/games", params=params)

    def iter_all(self, *, status: str | None = None, limit: int = 100) -> Iterator[JSON]:
        """Every game of the public list, page after page."""
        cursor: str | None = None
        while True:
            page = self.list(status=status, limit=limit, cursor=cursor)
            yield from page["games"]
            cursor = page.get("next_cursor")
            if not cursor:
                return

    @operation("createGame", "POST", "/v1/games")
    def create(
        self,
        players: Sequence[JSON],
        *,
        seed: str | int | None = None,
        scripted: JSON | None = None,
        clock: JSON | None = None,
        rated: bool = False,
        setup: str | None = None,
    ) -> JSON:
        """Create a game (``CreatedGame``: its id and one token per human seat); ``rated``:
        rate it (every seat a ``{"player": id}`` account); ``setup="draft"``: the seats give
        no factions and pick them with ``pick_faction`` commands."""
        body: JSON = {"players": builtins.list(players)}
        if setup is not None:
            body["setup"] = setup
        for key, value in (("seed", seed), ("scripted", scripted), ("clock", clock)):
            if value is not None:
                body[key] = value
        if rated:
            body["rated"] = True
        return self._json("POST", "/v1/games", json_body=body)

    @operation("getGame", "GET", "/v1/games/{game_id}")
    def get(self, game_id: str) -> JSON:
        """The game as the caller may see it (``GameView``)."""
        return self._json("GET", f"/v1/games/{game_id}")

    @operation("listMoves", "GET", "/v1/games/{game_id}/moves")
    def moves(self, game_id: str) -> JSON:
        """The caller's legal moves (``MoveList``); each is a body for :meth:`command`."""
        return self._json("GET", f"/v1/games/{game_id}/moves")

    @operation("postCommand", "POST", "/v1/games/{game_id}/commands")
    def command(
        self,
        game_id: str,
        body: JSON,
        *,
        idempotency_key: str | None = None,
        view: bool = False,
    ) -> JSON:
        """Play one command (``CommandResult``).

        An ``Idempotency-Key`` is made when none is given and sent again on every retry, so a
        command whose answer was lost is never played twice.
        """
        key = idempotency_key or new_idempotency_key()
        return self._json(
            "POST",
            f"/v1/games/{game_id}/commands",
            json_body=body,
            params={"view": True if view else None},
            headers={"Idempotency-Key": key},
        )

    @operation("listEvents", "GET", "/v1/games/{game_id}/events")
    def events(
        self, game_id: str, *, after: int = 0, wait: float = 0, limit: int | None = None
    ) -> JSON:
        """The caller's view of the events after ``after`` (``EventList``); long-polls
        up to ``wait`` seconds when there are none."""
        params = {"after": after, "wait": wait or None, "limit": limit}
        return self._json("GET", f"/v1/games/{game_id}/events", params=params, wait=wait)

    @operation("getGameLog", "GET", "/v1/games/{game_id}/log")
    def log(self, game_id: str) -> builtins.list[JSON]:
        """The game's event log, one dict per event (JSON Lines on the wire)."""
        response = self._t.request("GET", f"/v1/games/{game_id}/log", headers={"Accept": JSONL})
        return parse_json_lines(response.text)

    @operation("getGameState", "GET", "/v1/games/{game_id}/state")
    def state(self, game_id: str, at: int) -> JSON:
        """The game as it was after version ``at`` (``GameView``)."""
        return self._json("GET", f"/v1/games/{game_id}/state", params={"at": at})

    @operation("getGameNarration", "GET", "/v1/games/{game_id}/narration")
    def narration(self, game_id: str) -> JSON:
        """A finished game told turn by turn (``Narration``)."""
        return self._json("GET", f"/v1/games/{game_id}/narration")

    @operation("streamGame", "GET", "/v1/games/{game_id}/stream")
    def stream(
        self,
        game_id: str,
        *,
        after: int = 0,
        timeout: float | None = None,
        on_connect: Callable[[], None] | None = None,
    ) -> Stream:
        """The caller's view of each event after ``after``, as an iterator that resumes after
        a dropped connection and stops after ``game_ended``."""
        return Stream(
            self._t,
            f"/v1/games/{game_id}/stream",
            cursor_of=lambda event: str(event["version"]),
            after=str(after),
            timeout=timeout,
            finished=lambda event: event.get("type") == "game_ended",
            on_connect=on_connect,
        )


class Me(_Group):
    """What concerns the caller's token: its turns, its account's games and feed."""

    @operation("listMyTurns", "GET", "/v1/me/turns")
    def turns(self, *, wait: float = 0) -> JSON:
        """The games waiting for the caller (``TurnList``); long-polls up to ``wait`` s."""
        return self._json("GET", "/v1/me/turns", params={"wait": wait or None}, wait=wait)

    @operation("listMyGames", "GET", "/v1/me/games")
    def games(self, *, status: str | None = None) -> JSON:
        """The caller account's games, newest first (``MyGameList``)."""
        return self._json("GET", "/v1/me/games", params={"status": status})

    @operation("streamMyFeed", "GET", "/v1/me/stream")
    def stream(
        self,
        *,
        after: str | None = None,
        timeout: float | None = None,
        on_connect: Callable[[], None] | None = None,
    ) -> Stream:
        """The account's feed (``FeedEntry`` dicts) as an endless iterator that resumes from
        its cursor (``stream.cursor``) after a dropped connection. Without ``after`` only
        new entries come, and until one has come there is no cursor to resume from (the
        bot runner re-reads ``turns`` on each connection for that); ``after="0"`` replays
        the whole feed."""
        return Stream(
            self._t,
            "/v1/me/stream",
            cursor_of=lambda entry: str(entry["id"]),
            after=after,
            timeout=timeout,
            on_connect=on_connect,
        )


class Accounts(_Group):
    """Player accounts."""

    @operation("createPlayer", "POST", "/v1/players")
    def create(self, name: str, *, bot: bool = False) -> JSON:
        """A new account, a bot account with ``bot`` (``CreatedPlayer``, with its token, shown
        only here)."""
        return self._json("POST", "/v1/players", json_body={"name": name, "bot": bot})

    @operation("getMyPlayer", "GET", "/v1/players/me")
    def me(self) -> JSON:
        """The caller's account (``Player``)."""
        return self._json("GET", "/v1/players/me")

    @operation("getPlayer", "GET", "/v1/players/{player_id}")
    def get(self, player_id: str) -> JSON:
        """An account's public profile, with its ratings (``PlayerProfile``)."""
        return self._json("GET", f"/v1/players/{player_id}")

    @operation("rotatePlayerToken", "POST", "/v1/players/me/token")
    def rotate_token(self) -> JSON:
        """Replace the caller's token (``PlayerToken``); this client uses the new one."""
        result = self._json("POST", "/v1/players/me/token")
        self._t.token = result["token"]
        return result

    @operation("revokePlayerToken", "DELETE", "/v1/players/me/token")
    def revoke_token(self) -> JSON:
        """Revoke the caller's token (``PlayerToken`` with ``token: null``)."""
        return self._json("DELETE", "/v1/players/me/token")


class Challenges(_Group):
    """Challenges between accounts."""

    @operation("createChallenge", "POST", "/v1/challenges")
    def create(
        self,
        to: str,
        factions: Sequence[str],
        *,
        seat: int = 0,
        clock: JSON | None = None,
        rated: bool = False,
    ) -> JSON:
        """Challenge account ``to`` to a two-seat game, rated with ``rated`` (``Challenge``)."""
        body: JSON = {"to": to, "factions": builtins.list(factions), "seat": seat}
        if rated:
            body["rated"] = True
        if clock is not None:
            body["clock"] = clock
        return self._json("POST", "/v1/challenges", json_body=body)

    @operation("listChallenges", "GET", "/v1/challenges")
    def list(self, *, direction: str | None = None, status: str | None = None) -> JSON:
        """The caller's incoming (default) or outgoing challenges (``ChallengeList``)."""
        params = {"direction": direction, "status": status}
        return self._json("GET", "/v1/challenges", params=params)

    @operation("getChallenge", "GET", "/v1/challenges/{challenge_id}")
    def get(self, challenge_id: str) -> JSON:
        """One challenge (``Challenge``)."""
        return self._json("GET", f"/v1/challenges/{challenge_id}")

    @operation("acceptChallenge", "POST", "/v1/challenges/{challenge_id}/accept")
    def accept(self, challenge_id: str, factions: Sequence[str]) -> JSON:
        """Accept a challenge with two factions; its ``game`` is created."""
        body = {"factions": builtins.list(factions)}
        return self._json("POST", f"/v1/challenges/{challenge_id}/accept", json_body=body)

    @operation("declineChallenge", "POST", "/v1/challenges/{challenge_id}/decline")
    def decline(self, challenge_id: str) -> JSON:
        """Decline a challenge addressed to the caller."""
        return self._json("POST", f"/v1/challenges/{challenge_id}/decline")

    @operation("cancelChallenge", "POST", "/v1/challenges/{challenge_id}/cancel")
    def cancel(self, challenge_id: str) -> JSON:
        """Withdraw a challenge the caller made."""
        return self._json("POST", f"/v1/challenges/{challenge_id}/cancel")


class Webhooks(_Group):
    """Signed webhooks for an account's feed or a seat's game."""

    @operation("createWebhook", "POST", "/v1/webhooks")
    def create(self, url: str, *, secret: str | None = None) -> JSON:
        """A hook for the caller's feed (player token) or seat (seat token)."""
        return self._json("POST", "/v1/webhooks", json_body=_hook(url, secret))

    @operation("createGameWebhook", "POST", "/v1/games/{game_id}/webhooks")
    def create_for_game(self, game_id: str, url: str, *, secret: str | None = None) -> JSON:
        """A hook for the caller's seat in game ``game_id``."""
        return self._json("POST", f"/v1/games/{game_id}/webhooks", json_body=_hook(url, secret))

    @operation("getWebhook", "GET", "/v1/webhooks/{hook_id}")
    def get(self, hook_id: str) -> JSON:
        """One of the caller's hooks (``Webhook``)."""
        return self._json("GET", f"/v1/webhooks/{hook_id}")

    @operation("deleteWebhook", "DELETE", "/v1/webhooks/{hook_id}")
    def delete(self, hook_id: str) -> JSON:
        """Remove one of the caller's hooks."""
        return self._json("DELETE", f"/v1/webhooks/{hook_id}")

    @operation("listWebhookDeliveries", "GET", "/v1/webhooks/{hook_id}/deliveries")
    def deliveries(self, hook_id: str) -> JSON:
        """The hook's newest deliveries (``DeliveryList``)."""
        return self._json("GET", f"/v1/webhooks/{hook_id}/deliveries")


def _hook(url: str, secret: str | None) -> JSON:
    return {"url": url} if secret is None else {"url": url, "secret": secret}


class Replays(_Group):
    """Replaying and importing logs."""

    @operation("replayLog", "POST", "/v1/replays")
    def replay(self, log: str | bytes | Iterable[JSON], *, store: bool = False) -> JSON:
        """Replay a log (JSON Lines text, or the event dicts of :meth:`Games.log`); with
        ``store=True`` a finished game's log is imported. Returns the final ``GameView``."""
        return self._json(
            "POST",
            "/v1/replays",
            content=_json_lines(log),
            params={"store": True if store else None},
            headers={"Content-Type": JSONL},
        )


class Site(_Group):
    """The documents and pages outside ``/v1`` (as text)."""

    def _text(self, path: str) -> str:
        return self._t.request("GET", path).text

    @operation("getOpenapiYaml", "GET", "/openapi.yaml")
    def openapi_yaml(self) -> str:
        """The served OpenAPI document, as YAML text."""
        return self._text("/openapi.yaml")

    @operation("getOpenapiJson", "GET", "/openapi.json")
    def openapi(self) -> JSON:
        """The served OpenAPI document."""
        return self._json("GET", "/openapi.json")

    @operation("getDocs", "GET", "/docs")
    def docs(self) -> str:
        """The interactive documentation page (HTML)."""
        return self._text("/docs")

    @operation("redirectDocs", "GET", "/docs/")
    def docs_redirect(self) -> str:
        """Where ``/docs/`` sends the browser (the documentation page's path)."""
        return self._t.request("GET", "/docs/").headers["Location"]

    @operation("getDocsAsset", "GET", "/docs/assets/{name}")
    def docs_asset(self, name: str) -> str:
        """A script or style sheet of the documentation page."""
        return self._text(f"/docs/assets/{name}")

    @operation("getViewer", "GET", "/games/{game_id}")
    def viewer(self, game_id: str) -> str:
        """The web viewer page of a game (HTML)."""
        return self._text(f"/games/{game_id}")

    @operation("getViewerAsset", "GET", "/viewer/{name}")
    def viewer_asset(self, name: str) -> str:
        """A script or style sheet of the viewer and home pages."""
        return self._text(f"/viewer/{name}")

    @operation("getMetrics", "GET", "/metrics")
    def metrics(self) -> str:
        """The Prometheus metrics (text exposition format)."""
        return self._text("/metrics")

    @operation("getHome", "GET", "/")
    def home(self) -> str:
        """The home page (HTML)."""
        return self._text("/")

    @operation("getArenaPage", "GET", "/arena")
    def arena(self) -> str:
        """The page of the leaderboard and the tournaments' standings (HTML)."""
        return self._text("/arena")
