"""A game driven over HTTP by its seats (and watched by a spectator), every answer checked.

:class:`Table` sends every request through the spec-checking Flask test client, with each seat's
own token (a spectator sends none), and hands every answer to the :class:`Oracle` together with
the version it is about. Commands are chosen among the seat's own ``/moves``; bots play inline.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from events.store import EventStore
from tests.security.oracle import Oracle, Viewer

LABEL_LANGUAGES = ("fr", "es")
"""Besides English, the languages a viewer reads its moves' and options' labels in (by turns)."""

FACTIONS = (
    "aliens",
    "ancient_egyptians",
    "astroknights",
    "changerbots",
    "cowboys",
    "dinosaurs",
    "ignobles",
    "ninjas",
    "pirates",
    "robots",
    "samurai",
    "star_roamers",
    "tricksters",
    "vikings",
    "wizards",
    "zombies",
)
"""Every faction of the three boxes (core, Oops You Did It Again, Cease and Desist)."""


def seat_body(name: str, factions: tuple[str, str], bot: str | None = None) -> dict[str, Any]:
    """One entry of ``players`` in a create body."""
    return {"name": name, "factions": list(factions), "bot": bot}


@dataclass
class Table:
    """One game, its seats' tokens, what each viewer has read so far, and the oracle."""

    client: FlaskClient
    oracle: Oracle
    game_id: str
    tokens: dict[int, str]
    replay_routes: bool = False
    seen: dict[Viewer, int] = field(default_factory=dict)
    requests: int = 0
    commands: int = 0
    probes: int = 0

    @classmethod
    def create(cls, client: FlaskClient, store: EventStore, body: dict[str, Any]) -> Table:
        """Create a game through the API and start following it."""
        response = client.post("/v1/games", json=body)
        assert response.status_code == 201, response.get_json()
        data = response.get_json()
        tokens = {s["seat"]: s["token"] for s in data["seats"] if s["token"] is not None}
        oracle = Oracle(store, data["id"], len(data["seats"]))
        oracle.sync()
        rules = {rule.rule for rule in client.application.url_map.iter_rules()}
        table = cls(client, oracle, data["id"], tokens, "/v1/games/<game_id>/state" in rules)
        table.seen = dict.fromkeys(oracle.viewers, 0)
        return table

    # -- requests -----------------------------------------------------------------------------

    def headers(self, viewer: Viewer) -> dict[str, str]:
        """The Authorization header of a seat (none for a spectator or a bot seat)."""
        token = None if viewer is None else self.tokens.get(viewer)
        return {} if token is None else {"Authorization": f"Bearer {token}"}

    def get(self, viewer: Viewer, path: str) -> Any:
        """GET a path of the game as ``viewer``; the answer must be a 200."""
        self.requests += 1
        response = self.client.get(f"/v1/games/{self.game_id}{path}", headers=self.headers(viewer))
        assert response.status_code == 200, (path, response.get_data(as_text=True)[:500])
        if response.mimetype == "application/json":
            return response.get_json()
        return [json.loads(line) for line in response.get_data(as_text=True).splitlines()]

    def viewers(self) -> list[Viewer]:
        """The viewers that can send requests: human seats and the spectator."""
        return [v for v in self.oracle.viewers if v is None or v in self.tokens]

    def look(self, full: bool = False) -> None:
        """Every viewer reads everything it may read now; the oracle checks it all."""
        self.oracle.sync()
        for viewer in self.viewers():
            view = self.get(viewer, "")
            self.oracle.check(viewer, view["version"], view, "GET game")
            moves = self.get(viewer, "/moves")
            self.oracle.check(viewer, moves["version"], moves, "GET moves")
            lang = LABEL_LANGUAGES[self.requests % len(LABEL_LANGUAGES)]
            for path in (f"/moves?lang={lang}", f"?lang={lang}"):
                labelled = self.get(viewer, path)
                self.oracle.check(viewer, labelled["version"], labelled, f"GET {path}")
            after = 0 if full else self.seen[viewer]
            feed = self.get(viewer, f"/events?after={after}")
            self.oracle.check_events(viewer, feed["events"], "GET events")
            self.seen[viewer] = max(self.seen[viewer], feed["next_after"])
            if viewer is not None:
                self._turns(viewer)
            if self.replay_routes and not self.oracle.ended:
                self._replay_routes(viewer, view["version"])

    def _turns(self, seat: int) -> None:
        self.requests += 1
        response = self.client.get("/v1/me/turns", headers=self.headers(seat))
        assert response.status_code == 200
        for turn in response.get_json()["turns"]:
            self.oracle.check(seat, turn["version"], turn, "GET me/turns")

    def _replay_routes(self, viewer: Viewer, version: int) -> None:
        """Time travel and a seat's own log (the replay routes) while the game is on."""
        at = max(1, version - (self.requests * 7) % version)  # the latest, or an older one
        body = self.get(viewer, f"/state?at={at}")
        self.oracle.check(viewer, at, body, f"GET state?at={at}")
        if viewer is not None and version % 5 == 0:
            log = self.get(viewer, "/log")
            self.oracle.check_events(viewer, log, "GET log")

    # -- commands -----------------------------------------------------------------------------

    def post(self, seat: int, body: Any, key: str | None = None) -> TestResponse:
        """POST a command as a seat (with an Idempotency-Key if given)."""
        headers = self.headers(seat)
        if key is not None:
            headers["Idempotency-Key"] = key
        self.requests += 1
        path = f"/v1/games/{self.game_id}/commands?view=true"
        return self.client.post(path, json=body, headers=headers)

    def act(self, seat: int, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
        """Play a command that must be accepted; check the answer the seat receives."""
        response = self.post(seat, body, key)
        assert response.status_code == 200, (body, response.get_json())
        answer: dict[str, Any] = response.get_json()
        self.commands += 1
        self.oracle.sync()
        self.oracle.check_events(seat, answer["events"], f"command {body['type']}")
        self.oracle.check(seat, answer["game"]["version"], answer["game"], "command game")
        self.oracle.check(seat, answer["version"], answer["awaiting"], "command awaiting")
        return answer

    def awaited(self) -> int | None:
        """The seat the game waits for, from the true state (None once it has ended)."""
        self.oracle.sync()
        state = self.oracle.state
        assert state is not None
        if state.status != "active":
            return None
        return state.pending.seat if state.pending is not None else state.active

    def moves(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal moves."""
        moves: list[dict[str, Any]] = self.get(seat, "/moves")["moves"]
        return moves

    def choose(self, seat: int, pick: str) -> dict[str, Any]:
        """Answer the pending decision with the option whose id or card is ``pick``."""
        state = self.oracle.state
        assert state is not None
        assert state.pending is not None
        assert state.pending.seat == seat
        option = next(o for o in state.pending.options if pick in (o.id, o.card, o.uid))
        return self.act(seat, {"type": "choose", "option": option.id})

    def play_random(self, rng: random.Random, steps: int, probe_every: int = 0) -> int:
        """Play up to ``steps`` random legal commands, looking after each; return how many."""
        played = 0
        for step in range(steps):
            seat = self.awaited()
            if seat is None or seat not in self.tokens:
                break
            moves = self.moves(seat)
            assert moves, f"seat {seat} is awaited but has no legal move"
            move = rng.choice(moves)
            key = f"step-{step}" if rng.random() < 0.3 else None
            self.act(seat, move, key)
            if key is not None:
                self.replay(seat, move, key)
            played += 1
            self.look()
            if probe_every and step % probe_every == 0:
                self.probe(rng)
        return played

    def replay(self, seat: int, body: dict[str, Any], key: str) -> None:
        """Send a command again with its key: the first answer, nothing appended, no leak."""
        before = self.oracle.store.version(self.game_id)
        response = self.post(seat, body, key)
        assert response.status_code == 200, response.get_json()
        assert response.headers.get("Idempotent-Replayed") == "true"
        assert self.oracle.store.version(self.game_id) == before
        answer = response.get_json()
        self.oracle.check_events(seat, answer["events"], "replayed command")
        self.oracle.check(seat, answer["game"]["version"], answer["game"], "replayed game")
        self.oracle.check(seat, answer["version"], answer["awaiting"], "replayed awaiting")

    # -- hostile guesses ----------------------------------------------------------------------

    def probe(self, rng: random.Random) -> None:
        """Each seat names a card hidden from it in commands; the refusal must not tell.

        A command naming a hidden uid must be refused exactly as one naming a uid that does not
        exist (same status, code and detail once the uid itself is masked), and append nothing.
        """
        for seat in list(self.tokens):
            hidden = self.oracle.hidden_from(seat)
            if not hidden:
                continue
            secret = rng.choice(hidden)
            fake = f"c{rng.getrandbits(32):08x}"
            while fake in hidden:
                fake = f"c{rng.getrandbits(32):08x}"
            for template in (
                {"type": "play_minion", "card": "{}", "base": 0},
                {"type": "play_action", "card": "{}"},
                {"type": "use_special", "card": "{}"},
                {"type": "choose", "option": "{}"},
            ):
                before = self.oracle.store.version(self.game_id)
                answers = [self._masked(seat, template, uid) for uid in (secret, fake)]
                assert answers[0] == answers[1], (template, answers)
                assert answers[0][0] in (409, 422), answers[0]
                assert self.oracle.store.version(self.game_id) == before
                self.probes += 1

    def _masked(self, seat: int, template: dict[str, Any], uid: str) -> tuple[int, Any]:
        body = {k: uid if v == "{}" else v for k, v in template.items()}
        response = self.post(seat, body)
        text = re.sub(re.escape(uid), "<uid>", response.get_data(as_text=True))
        return response.status_code, text
