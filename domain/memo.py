"""Answers about immutable game objects, kept beside them, never written into them.

A game state, a base and their tuples never change, so a rule query's answer about one holds as
long as that object lives. Three kinds of memo keep such answers keyed by the object's identity:

- :class:`WeakMemo`, for objects that take weak references (game states, bases): the answer is
  dropped when its object is freed, so nothing lives longer for being answered about.
- :class:`Memo`, for the rest (tuples): it holds the object itself (so its id cannot be reused
  while the answer is kept), in two small bounded generations. Keep it small: an object a memo
  holds lives on after its last use, and freeing many objects late measured slower than
  freeing each soon (the engine mostly asks about the last few boards it made).
- :class:`Slot`, for the one object asked about last (e.g. a state asked several questions in
  a row): its answer is read without a call, and held until another object is asked about.

A lookup is one dict read and an identity check; a miss only costs recomputing.

Every memo forgets everything when the card scripts change (:func:`forget_all`, called by
``domain.abilities``), since its answers derive from them. Threads may share a memo: each
operation is a single dict read or write, and a race only ever loses an answer."""

from __future__ import annotations

import weakref
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")

_ALL: list[Memo[object, object] | WeakMemo[object, object] | Slot[object, object]] = []


class Memo(Generic[K, V]):
    """Answers about objects of type K, by identity, at most about 2 * `size` + 1 of them (the
    last one kept or found is looked at first: the engine asks about one object many times
    in a row)."""

    __slots__ = ("_old", "_size", "last", "young")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("a memo keeps at least one answer")
        self._size = size
        self.young: dict[int, tuple[K, V]] = {}
        """id -> (object, answer) kept lately: a hot caller may look there itself first."""
        self._old: dict[int, tuple[K, V]] = {}
        self.last: tuple[K, V] | None = None
        """(object, answer) last kept or found, asked about again most: a caller on a hot path
        may test ``memo.last[0] is obj`` itself before calling :meth:`get`."""
        _ALL.append(self)  # type: ignore[arg-type]

    def get(self, obj: K) -> V | None:
        """The answer kept about this very object, or None."""
        last = self.last
        if last is not None and last[0] is obj:
            return last[1]
        key = id(obj)
        entry = self.young.get(key)
        if entry is not None and entry[0] is obj:
            self.last = entry
            return entry[1]
        entry = self._old.get(key)
        if entry is not None and entry[0] is obj:
            self.put(obj, entry[1])  # still in use: keep it young
            return entry[1]
        return None

    def put(self, obj: K, value: V) -> V:
        """Keep `value` as the answer about `obj`; returns it."""
        young = self.young
        if len(young) >= self._size:
            self._old, self.young = young, {}
            young = self.young
        young[id(obj)] = self.last = (obj, value)
        return value

    def clear(self) -> None:
        """Forget every answer."""
        self.young, self._old, self.last = {}, {}, None

    def __len__(self) -> int:
        return len(self.young) + len(self._old)


class WeakMemo(Generic[K, V]):
    """Answers about objects that take weak references (a game state, a base), each dropped
    when its object is freed: no object lives longer for being answered about, and no bound
    is needed (there are never more answers than live objects asked about)."""

    __slots__ = ("_entries",)

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref[K], V]] = {}
        _ALL.append(self)  # type: ignore[arg-type]

    def get(self, obj: K) -> V | None:
        """The answer kept about this very object, or None."""
        entry = self._entries.get(id(obj))
        if entry is not None and entry[0]() is obj:
            return entry[1]
        return None

    def put(self, obj: K, value: V) -> V:
        """Keep `value` as the answer about `obj` while `obj` lives; returns it."""
        key, entries = id(obj), self._entries

        def gone(ref: weakref.ref[K]) -> None:
            entry = entries.get(key)
            if entry is not None and entry[0] is ref:  # not a newer object's at that address
                entries.pop(key, None)

        entries[key] = (weakref.ref(obj, gone), value)
        return value

    def clear(self) -> None:
        """Forget every answer."""
        self._entries = {}

    def __len__(self) -> int:
        return len(self._entries)


class Slot(Generic[K, V]):
    """The answer about the one object asked about last (held until another is): a caller
    reads ``slot.last`` itself, ``(object, answer)``, and tests ``slot.last[0] is obj``."""

    __slots__ = ("last",)

    def __init__(self) -> None:
        self.last: tuple[K, V] | None = None
        _ALL.append(self)  # type: ignore[arg-type]

    def clear(self) -> None:
        """Forget the answer."""
        self.last = None


def forget_all() -> None:
    """Every memo forgets its answers (the card scripts changed)."""
    for memo in _ALL:
        memo.clear()
