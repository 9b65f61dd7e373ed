"""What is in play, as abilities see it: a board per bases tuple (with the lingering effects in
force), made of one part per base. A part depends on its base object and place only, so a board
made after an event keeps the parts of the bases the event left alone (most events change one
base, if any). Kept beside the bases tuple (see domain.memo), never on a state; asked about
through ``domain.abilities``, whose answers about a board are kept on it."""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter, is_
from typing import Any

from domain.ability_kinds import BlanksBase, GrantsAbilities, RemovesAbilities
from domain.card_scripts import printed, with_kind
from domain.memo import Memo, Slot
from domain.model import Base, GameState, Minion
from domain.registry import Source

Changers = list[tuple[Source, RemovesAbilities | GrantsAbilities]]
Pairs = list[tuple[Source, Any]]  # (source, ability) pairs, in board order

LOSES_ABILITIES = "loses_abilities:"
"""The note of a lingering effect by which a minion has no abilities while it lasts (e.g.
Bruiser's or The Touch's Talent): ``loses_abilities:<minion uid>|<giver uid>,...``. Its own
abilities are gone, and those the listed cards (what granted it abilities when it lost them)
grant it; abilities granted later stay (TBGB), and what actions attached to it do to it by
their own abilities (e.g. +1 power) stays too."""

_CARD = attrgetter("card")
_NOBODY: dict[str, frozenset[str]] = {}  # no minion lost its abilities (never written)


class Part:
    """What is in play at one base, in board order: the base (unless blanked), its actions,
    then each minion and its actions; or, last on a board, the lingering effects in force.
    With the answers about them kept by kind: each pairs its sources with their scripts'
    abilities (`pairs`), or indexes those by the moment they react to (`moments`)."""

    __slots__ = ("base", "changers", "moments", "pairs", "sources")

    def __init__(self, base: Base | None, sources: tuple[Source, ...], changers: Changers) -> None:
        self.base = base
        self.sources = sources
        self.changers = changers
        self.pairs: dict[Any, Pairs] = {}
        self.moments: dict[Any, dict[str, Pairs]] = {}

    def scripted(self, kind: Any) -> Pairs:
        """Every (source, ability) of a kind here, as their scripts give them."""
        found = self.pairs.get(kind)
        if found is None:
            table = with_kind(kind)
            found = self.pairs[kind] = [
                (s, a) for s in self.sources if s.card in table for a in table[s.card]
            ]
        return found


class Board:
    """The answers about abilities on one board. They depend on the bases, the lingering
    effects and the turn only (the turn through which lingering effects are in force only:
    without any, every turn's answers are the same), so the states holding those very
    objects share them. `plain`: nothing grants or removes abilities, so every card in play
    has its script's (then the answers are the board's, else each state's)."""

    __slots__ = (
        "answers",
        "bases",
        "cards",
        "changers",
        "lingering",
        "losing",
        "moments",
        "parts",
        "plain",
        "sources",
        "turn",
    )

    def __init__(self, state: GameState, last: Board | None = None) -> None:
        self.lingering = lingering = state.lingering
        self.turn = turn = state.turn
        self.bases = bases = state.bases
        # a base the last board (made or found) has at the same place keeps its part; the others'
        # are made again, from the last one's when they only gained a minion
        same = last.parts if last is not None and len(last.bases) == len(bases) else None
        here: list[Source] = []
        changers: Changers = []
        self.parts: list[Part] = []
        parts = self.parts
        for i, b in enumerate(bases):
            part = same[i] if same is not None else None
            if part is None or part.base is not b:
                part = _part(i, b, part)
            parts.append(part)
            here += part.sources
            if part.changers:
                changers += part.changers
        self.losing = _NOBODY
        if lingering:
            now = tuple(
                Source(x.card, f"lingering:{x.card}", -1, x.seat)
                for x in lingering
                if x.from_turn <= turn <= x.until_turn
            )
            parts.append(Part(None, now, find_changers(now)))  # after the bases'
            here += now
            changers += parts[-1].changers
            self.losing = _losing(state)
        self.sources = tuple(here)
        self.changers = changers
        self.plain = not changers and not self.losing
        self.answers: dict[Any, Any] = {}  # (kind, seat) -> pairs
        self.moments: dict[Any, dict[str, Pairs]] = {}  # kind -> moment -> pairs
        self.cards: tuple[frozenset[str] | None, dict[Any, bool]] | None = None

    def by_moment(self, kind: Any) -> dict[str, Pairs]:
        """The scripted abilities of a kind here by the moment each reacts to, in board order:
        each part's, one after the other (kept with each part, and here)."""
        found = self.moments.get(kind)
        if found is None:
            found = self.moments[kind] = {}
            for part in self.parts:
                index = part.moments.get(kind)
                if index is None:
                    index = part.moments[kind] = by_moment(part.scripted(kind))
                for moment, pairs in index.items():
                    have = found.get(moment)
                    found[moment] = pairs if have is None else have + pairs
        return found


def board(state: GameState) -> Board:
    """The board of `state` (made, or found beside its bases tuple)."""
    asked = LAST.last  # the state asked about last: asked several times in a row
    if asked is not None and asked[0] is state:
        return asked[1]
    last = BOARDS.last  # the memo's last answer, looked at first without a call
    found = last[1] if last is not None and last[0] is state.bases else BOARDS.get(state.bases)
    if (
        found is None
        or found.lingering is not state.lingering
        or (found.turn != state.turn and state.lingering)
    ):
        found = BOARDS.put(state.bases, Board(state, last[1] if last is not None else None))
    LAST.last = (state, found)
    return found


BOARDS: Memo[tuple[Base, ...], Board] = Memo(2)
LAST: Slot[GameState, Board] = Slot()  # the last state asked about, with its board
_MINION_SOURCES: Memo[Minion, tuple[int, tuple[Source, ...]]] = Memo(64)  # beside a minion


def _part(i: int, b: Base, old: Part | None) -> Part:
    """The part of base `b` at place `i`. `old`, the last board's part there, gives its
    sources when `b` only has a minion more at the end (e.g. one played there): the same
    base card, actions and minions before it, so the same sources before the new one's."""
    was = old.base if old is not None else None
    if was is not None and old is not None:
        n = len(was.minions)
        if (
            len(b.minions) == n + 1
            and was.attached is b.attached
            and was.card == b.card
            and all(map(is_, was.minions, b.minions))
        ):
            mine = _minion_sources(b.minions[n], i)
            found = find_changers(mine)
            return Part(b, old.sources + mine, old.changers + found if found else old.changers)
    here = [Source(b.card, b.card, i, -1)] if base_active_here(b) else []
    here += [Source(a.card, a.uid, i, a.controller) for a in b.attached]
    young = _MINION_SOURCES.young  # looked at without a call first: most minions are there
    for m in b.minions:
        entry = young.get(id(m))
        if entry is not None and entry[0] is m and entry[1][0] == i:
            here += entry[1][1]
        else:
            here += _minion_sources(m, i)
    sources = tuple(here)
    return Part(b, sources, find_changers(sources))


def _minion_sources(m: Minion, i: int) -> tuple[Source, ...]:
    """A minion, then its actions, at place `i` (they depend on it and its place only)."""
    young = _MINION_SOURCES.young  # looked at without a call first: most minions are there
    entry = young.get(id(m))
    known = entry[1] if entry is not None and entry[0] is m else _MINION_SOURCES.get(m)
    if known is None or known[0] != i:
        mine = [Source(m.card, m.uid, i, m.controller)]
        mine += [Source(a.card, a.uid, i, a.controller, m.uid) for a in m.attached]
        known = _MINION_SOURCES.put(m, (i, tuple(mine)))
    return known[1]


def find_changers(in_play: tuple[Source, ...]) -> Changers:
    """What among these sources grants or removes abilities (by their scripts), in order."""
    removes, grants = with_kind(RemovesAbilities), with_kind(GrantsAbilities)
    found: Changers = []
    if not removes and not grants:  # no card has such an ability: nothing to look for
        return found
    for s in in_play:
        if s.card in removes:
            found += [(s, r) for r in removes[s.card]]
        if s.card in grants:
            found += [(s, g) for g in grants[s.card]]
    return found


def _losing(state: GameState) -> dict[str, frozenset[str]]:
    """The minions that have lost their abilities now (lingering effects): uid -> the cards
    whose granted abilities it lost with them."""
    out: dict[str, frozenset[str]] = {}
    for x in state.lingering:
        if x.note is None or not x.note.startswith(LOSES_ABILITIES):
            continue
        if x.from_turn <= state.turn <= x.until_turn:
            uid, _, givers = x.note[len(LOSES_ABILITIES) :].partition("|")
            out[uid] = out.get(uid, frozenset()) | frozenset(filter(None, givers.split(",")))
    return out


def by_moment(pairs: Iterable[tuple[Source, Any]]) -> dict[str, Pairs]:
    """These (source, triggered ability) pairs by the moment each reacts to, in order."""
    out: dict[str, Pairs] = {}
    for s, a in pairs:
        out.setdefault(a.moment, []).append((s, a))
    return out


def card_ids(sources: tuple[Source, ...]) -> frozenset[str]:
    """The card ids of these sources (gathered in C)."""
    return frozenset(map(_CARD, sources))


def base_active_here(b: Base, seat: int | None = None) -> bool:
    """Whether the ability of base `b` is on: no attached card blanks it (e.g. Jammed
    Signal); with `seat`, nor does one that seat controls blank it for that seat only (e.g.
    Infiltrate)."""
    for a in b.attached:
        for blank in printed(a.card, BlanksBase):
            if blank.when_noted not in (None, a.note):
                continue
            if not blank.only_for_controller or (seat is not None and a.controller == seat):
                return False
    return True
