"""What a games service remembers of recently used games, in this process: their latest state,
the timestamp of its own last append to each, and what each load told (seat webhooks, accounts).
Bounded maps, least recently used first out, behind one lock."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TypeVar

from domain import GameState

CACHE_SIZE = 256
"""Games whose latest state is kept in memory."""

_V = TypeVar("_V")


class Recent:
    """The latest states, append timestamps and load facts of the ``size`` games last used."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._lock = threading.Lock()
        self._states: OrderedDict[str, GameState] = OrderedDict()
        self._stamps: OrderedDict[str, tuple[int, str]] = OrderedDict()  # last appended ts
        self._hooks: dict[str, tuple[int, int]] = {}
        self.accounts: dict[str, str] = {}
        """The ``accounts`` metadata of recently loaded games ('' for none); it never changes."""

    def state(self, game_id: str) -> GameState | None:
        """The latest state known of a game, if any."""
        with self._lock:
            return self._states.get(game_id)

    def remember(self, state: GameState) -> None:
        """Keep ``state`` unless a later one of its game is kept."""
        with self._lock:
            known = self._states.get(state.game_id)
            if known is None or known.version <= state.version:
                self._states[state.game_id] = state
            self._states.move_to_end(state.game_id)
            self._trim(self._states)

    def loaded(self, game_id: str, version: int, hooks: int, accounts: str) -> None:
        """What a load found: the game at ``version`` had ``hooks`` seat webhooks."""
        with self._lock:
            self._hooks.pop(game_id, None)
            self._hooks[game_id] = (version, hooks)
            self.accounts[game_id] = accounts
            self._trim(self.accounts)
            self._trim(self._hooks)

    def hooks_at(self, game_id: str, version: int) -> int | None:
        """How many seat webhooks the game had when last loaded at ``version`` (None: not
        known for that version)."""
        with self._lock:
            known = self._hooks.get(game_id)
        return known[1] if known is not None and known[0] == version else None

    def carry(self, game_id: str, version: int, later: int) -> None:
        """The game's seat webhooks known at ``version`` are known at ``later`` too (events
        appended in the same write as those up to ``version``)."""
        with self._lock:
            known = self._hooks.get(game_id)
            if known is not None and known[0] == version:
                self._hooks[game_id] = (later, known[1])

    def stamp(self, game_id: str, version: int, ts: str) -> None:
        """Remember the ``ts`` of this process's last append to a game (at ``version``)."""
        with self._lock:
            self._stamps[game_id] = (version, ts)
            self._stamps.move_to_end(game_id)
            self._trim(self._stamps)

    def stamp_at(self, game_id: str, version: int) -> str | None:
        """The ``ts`` remembered for a game's event at ``version``, if that is the one."""
        with self._lock:
            known = self._stamps.get(game_id)
        return known[1] if known is not None and known[0] == version else None

    def _trim(self, found: dict[str, _V]) -> None:
        """Drop the oldest entries past the size (the lock held)."""
        while len(found) > self.size:
            del found[next(iter(found))]
