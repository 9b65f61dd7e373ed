"""Answers about immutable objects are kept beside them, by identity, bounded, and forgotten
when the card scripts change."""

from __future__ import annotations

import gc
import weakref

from domain import abilities
from domain.abilities import OngoingPower
from domain.memo import Memo, Slot, WeakMemo


class Thing:
    """An object with no equality of its own: only identity tells two apart."""


def test_a_memo_answers_for_the_very_object_it_was_told_about() -> None:
    memo: Memo[Thing, str] = Memo(4)
    a, b = Thing(), Thing()
    memo.put(a, "a")
    assert memo.get(a) == "a"
    assert memo.get(b) is None


def test_a_memo_never_answers_for_a_new_object_at_a_recycled_address() -> None:
    memo: Memo[Thing, int] = Memo(1)
    told: set[int] = set()  # the addresses of every object the memo was told about
    recycled = 0
    for n in range(200):
        key = Thing()
        memo.put(key, n)
        told.add(id(key))
        del key  # only the memo holds it now: once pushed out, its address is free again
        other = Thing()
        if id(other) in told:
            recycled += 1
            assert memo.get(other) is None, n
        del other
    assert recycled > 100  # the addresses were indeed reused (no collection needed)


def test_a_memo_keeps_at_most_twice_its_size_and_keeps_what_is_still_asked_for() -> None:
    memo: Memo[Thing, int] = Memo(3)
    things = [Thing() for _ in range(10)]
    kept = things[0]
    for n, t in enumerate(things):
        memo.put(t, n)
        assert memo.get(kept) == 0  # asked each time: stays
        assert len(memo) <= 6
    assert memo.get(things[1]) is None  # dropped long ago
    assert memo.get(things[9]) == 9


def test_changing_the_card_scripts_makes_every_memo_forget() -> None:
    memo: Memo[Thing, int] = Memo(3)
    t = Thing()
    memo.put(t, 1)
    with abilities.extra("dinosaurs.king_rex", OngoingPower(lambda state, src, base, m: 0)):
        assert memo.get(t) is None


def test_changing_the_card_scripts_makes_a_slot_forget_its_answer() -> None:
    slot: Slot[Thing, int] = Slot()
    slot.last = (Thing(), 1)
    with abilities.extra("dinosaurs.king_rex", OngoingPower(lambda state, src, base, m: 0)):
        assert slot.last is None


def test_a_weak_memo_drops_an_answer_with_its_object_and_keeps_no_object_alive() -> None:
    memo: WeakMemo[Thing, str] = WeakMemo()
    a, b = Thing(), Thing()
    memo.put(a, "a")
    memo.put(b, "b")
    assert (memo.get(a), memo.get(b)) == ("a", "b")
    watch = weakref.ref(a)
    del a
    gc.collect()
    assert watch() is None  # answering about it kept it alive for nobody
    assert len(memo) == 1
    assert memo.get(b) == "b"


def test_a_weak_memo_never_answers_for_a_new_object_at_a_freed_ones_address() -> None:
    memo: WeakMemo[Thing, int] = WeakMemo()
    for n in range(200):
        memo.put(Thing(), n)  # freed at once: its address is soon reused
        fresh = Thing()
        assert memo.get(fresh) is None
    assert len(memo) == 0
