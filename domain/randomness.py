"""The seeded random source of a command, seeded only when an effect first draws from it (most
commands draw nothing, and seeding from text costs more than deciding many of them)."""

from __future__ import annotations

import random
from sys import getrefcount
from typing import Any


class SeededRandom(random.Random):
    """`random.Random(text)`, giving exactly its numbers, seeded on first use."""

    __slots__ = ("_seed", "_version")

    def __init__(self, text: str) -> None:  # no super().__init__: seeding waits
        self._seed: str | None = text
        self._version = -1  # < 0: the text is `_seed` itself
        self.gauss_next = None

    @classmethod
    def of(cls, seed: str, version: int) -> SeededRandom:
        """``SeededRandom(f"{seed}:{version}")``, without making its text before a draw, nor
        a new generator while the one last made is held nowhere else: allocating one (its
        whole state) costs more than deciding a plain command, and no one can tell a
        generator made again from a new one (it is seeded anew before any draw)."""
        spare = _SPARE.pop(0, None)  # one pop: two threads never both take it
        if spare is None or getrefcount(spare) > _FREE:
            spare = random.Random.__new__(SeededRandom)
        spare._seed = seed
        spare._version = version
        spare.gauss_next = None
        _SPARE[0] = spare
        return spare

    def _ready(self) -> None:
        seed = self._seed
        if seed is not None:
            self._seed = None
            version = self._version
            super().seed(seed if version < 0 else f"{seed}:{version}")

    def random(self) -> float:
        self._ready()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._ready()
        return super().getrandbits(k)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self._seed = None
        super().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:
        self._ready()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._seed = None  # the state given replaces the seeding that waited
        super().setstate(state)


_SPARE: dict[int, SeededRandom] = {}
"""The generator :meth:`SeededRandom.of` last made (at key 0), to be made again once only this
holds it."""
_FREE = 2
"""``getrefcount`` of a generator held by one name only (the name, and the call's argument)."""
