"""The seeded random source of a command, seeded only when an effect first draws from it (most
commands draw nothing, and seeding from text costs more than deciding many of them)."""

from __future__ import annotations

import random
from typing import Any


class SeededRandom(random.Random):
    """`random.Random(text)`, giving exactly its numbers, seeded on first use."""

    def __init__(self, text: str) -> None:  # no super().__init__: seeding waits
        self._text: str | None = text
        self.gauss_next = None

    def _ready(self) -> None:
        text = self._text
        if text is not None:
            self._text = None
            super().seed(text)

    def random(self) -> float:
        self._ready()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._ready()
        return super().getrandbits(k)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._text = None
        super().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:
        self._ready()
        return super().getstate()
