"""The bot runner: one strategy function plays every game of an account, as lichess-bot does.

The runner follows the account's feed (``/v1/me/stream``) from the cursor it saved, and
each time the stream (re)connects it re-reads what the cursor cannot vouch for: the pending
challenges and ``/v1/me/turns``. A game is played by one worker thread at a time, from
``/moves`` until nothing is awaited from the account, so a turn is never lost to a restart or
a dropped connection: whatever was missed is still listed by ``/me/turns`` afterwards.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from smashup_client.bot.config import RunnerConfig
from smashup_client.client import Client
from smashup_client.errors import ApiError, Conflict, SmashupError, Unauthorized, Unprocessable

log = logging.getLogger("smashup_bot")

Strategy = Callable[[dict[str, Any], list[dict[str, Any]]], dict[str, Any]]
"""``strategy(view, moves) -> move``: the game as the account's seat sees it (``GameView``)
and its legal moves (bodies for ``POST .../commands``); returns one of ``moves``."""

MAX_REFUSALS = 3
"""Refused commands in a row after which a game is left until its next ``your_turn``."""


class Matchmaker(Protocol):
    """Finds games beyond the challenges others send: the extension point for seeks.

    ``find_games`` is called whenever the feed (re)connects and after each game ends, with
    the number of the account's active games; it may create challenges or, once the server
    has seeks, post one. Games it starts reach the runner through the feed like any other.
    """

    def find_games(self, client: Client, active_games: int) -> None:
        """Start looking for games if the account should play more."""


class BotRunner:
    """Plays every game of the account whose token is in ``config``, with ``strategy``."""

    def __init__(
        self, strategy: Strategy, config: RunnerConfig, *, matchmaker: Matchmaker | None = None
    ) -> None:
        self.strategy = strategy
        self.config = config.check()
        self.matchmaker = matchmaker
        self.client = Client(config.url, config.token)
        self.account: dict[str, Any] = {}
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._pool = ThreadPoolExecutor(config.concurrency, thread_name_prefix="smashup-game")
        self._stream: Any = None
        self.moves_played = 0

    # -- lifecycle ------------------------------------------------------------------------

    def run(self) -> None:
        """Log in, then play until :meth:`stop` (raises ``ApiError`` for a bad token)."""
        self.account = self.client.accounts.me()
        log.info("logged in as %s (%s)", self.account["name"], self.account["id"])
        cursor = self._load_cursor()
        try:
            while not self._stopped.is_set():
                cursor = self._follow(cursor)
        finally:
            self._pool.shutdown(wait=True)
            self.client.close()
            log.info("stopped after %d moves", self.moves_played)

    def stop(self) -> None:
        """Stop following the feed; the games in progress finish their current command."""
        self._stopped.set()
        stream = self._stream
        if stream is not None:
            stream.close()

    def _follow(self, cursor: str | None) -> str | None:
        """Follow the feed from ``cursor`` until the stream fails; return the cursor reached."""
        stream = self.client.me.stream(
            after=cursor, timeout=self.config.stream_timeout, on_connect=self._resync
        )
        self._stream = stream
        if self._stopped.is_set():
            stream.close()
        try:
            for entry in stream:
                self._dispatch(entry)
                self._save_cursor(stream.cursor)
        except Unprocessable as error:
            log.warning("the saved cursor %s is refused (%s); following from now", cursor, error)
            return None
        except Unauthorized:
            raise  # the token was revoked or rotated elsewhere: nothing more to do
        except SmashupError as error:
            log.warning("feed lost (%s); reconnecting", error)
            self._stopped.wait(2.0)
        return stream.cursor

    # -- the feed -------------------------------------------------------------------------

    def _resync(self) -> None:
        """On each (re)connection: answer pending challenges, play every awaited turn."""
        try:
            pending = self.client.challenges.list(direction="incoming", status="pending")
            for challenge in pending["challenges"]:
                self._answer(challenge)
            for turn in self.client.me.turns()["turns"]:
                self._schedule(turn["game"])
            self._find_games()
        except SmashupError as error:
            log.warning("could not re-read turns and challenges: %s", error)

    def _dispatch(self, entry: dict[str, Any]) -> None:
        kind, data = entry["type"], entry.get("data", {})
        if kind == "challenge" and data.get("to") == self.account["id"]:
            self._answer(data)
        elif kind in ("game_started", "your_turn"):
            self._schedule(data["game"])
        elif kind == "game_ended":
            log.info("game %s ended (vp %s)", data.get("game"), data.get("vp"))
            self._find_games()

    def _answer(self, challenge: dict[str, Any]) -> None:
        if challenge.get("status") != "pending":
            return
        active = len(self.client.me.games(status="active")["games"])
        verdict = self.config.accept.verdict(challenge, active)
        try:
            if verdict == "accept":
                factions = list(self.config.accept.factions)
                game = self.client.challenges.accept(challenge["id"], factions)["game"]
                log.info("accepted challenge %s: game %s", challenge["id"], game)
                self._schedule(game)
            elif verdict == "decline":
                self.client.challenges.decline(challenge["id"])
                log.info("declined challenge %s", challenge["id"])
        except Conflict:
            log.info("challenge %s is no longer pending", challenge["id"])

    def _find_games(self) -> None:
        if self.matchmaker is None or self._stopped.is_set():
            return
        active = len(self.client.me.games(status="active")["games"])
        self.matchmaker.find_games(self.client, active)

    # -- playing --------------------------------------------------------------------------

    def _schedule(self, game: str) -> None:
        """Play ``game`` on a worker thread (or once more after its current worker ends)."""
        with self._lock:
            if game in self._running:
                self._again.add(game)
                return
            self._running.add(game)
        self._pool.submit(self._worker, game)

    def _worker(self, game: str) -> None:
        while True:
            try:
                self._play(game)
            except SmashupError as error:
                log.warning("game %s: %s (it is played again at its next turn)", game, error)
            except Exception:
                log.exception("game %s: unexpected error", game)
            with self._lock:
                if game in self._again and not self._stopped.is_set():
                    self._again.discard(game)
                    continue
                self._running.discard(game)
                return

    def _play(self, game: str) -> None:
        """Play the account's moves in ``game`` until the game waits for someone else."""
        refusals = 0
        view: dict[str, Any] | None = None  # the game after our last command, if it is known
        while not self._stopped.is_set():
            listing = self.client.games.moves(game)
            moves = listing["moves"]
            if not moves:
                return
            if view is None or view["version"] != listing["version"]:
                view = self.client.games.get(game)
            move = self._choose(game, view, moves)
            try:
                view = self.client.games.command(game, move, view=True).get("game")
                with self._lock:
                    self.moves_played += 1
                refusals = 0
            except (Conflict, Unprocessable) as error:
                refusals += 1
                log.info("game %s: %s refused (%s); re-reading", game, move["type"], error.code)
                if refusals >= MAX_REFUSALS:
                    raise

    def _choose(
        self, game: str, view: dict[str, Any], moves: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The strategy's move, or the first legal one if it fails or answers no legal move."""
        try:
            chosen = self.strategy(view, moves)
        except Exception:
            log.exception("game %s: the strategy failed; playing the first legal move", game)
            return moves[0]
        for move in moves:
            if chosen == move or {**chosen, "expected_version": move["expected_version"]} == move:
                return move
        log.error("game %s: %r is not a legal move; playing the first legal move", game, chosen)
        return moves[0]

    # -- the cursor -----------------------------------------------------------------------

    def _load_cursor(self) -> str | None:
        path = self.config.state_file
        if path is None or not path.exists():
            return None
        try:
            cursor = json.loads(path.read_text()).get("cursor")
        except (OSError, ValueError, AttributeError) as error:
            log.warning("ignoring the unreadable state file %s: %s", path, error)
            return None
        if not cursor:
            return None
        log.info("resuming the feed after %s (from %s)", cursor, path)
        return str(cursor)

    def _save_cursor(self, cursor: str | None) -> None:
        path = self.config.state_file
        if path is None or cursor is None:
            return
        _write_atomically(path, json.dumps({"cursor": cursor}))


def _write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text)
    os.replace(temporary, path)


def describe(error: ApiError) -> str:
    """A one-line account of a refusal, for logs and the command line."""
    return f"{error.status} {error.code}: {error.detail}"
