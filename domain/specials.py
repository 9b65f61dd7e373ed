"""Specials: the "Me first!" rounds before and after a base scores, and a Special used in its
owner's play phase. Which Specials a seat may use, from hand, play or discard."""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from domain import abilities, rules
from domain.effects import Special
from domain.fx import Fx, Steps
from domain.model import CardRef, GameState, Option, Task, Zone
from domain.moments import Window
from domain.registry import Source
from domain.steps import step


def me_first(window: Window, base: int, seat: int, passes: int = 0) -> Task:
    """A round of Specials: from `seat` clockwise until every seat has passed in a row."""
    return Task("me_first", {"window": window.value, "base": base, "seat": seat, "passes": passes})


def specials_for(state: GameState, seat: int, window: Window, base: int) -> list[Option]:
    """The Specials `seat` may use now, as options (hand, then play, then discard)."""
    p = state.players[seat]
    found: list[tuple[str, str, int, Special]] = []
    entry = _SPECIALS.get(window._value_)  # by its str: an enum's hash is Python code
    if entry is None or entry[0] != abilities.GENERATION[0]:
        entry = _index(window)
    in_hand, in_play, in_discard = entry[1]
    # each pile is looked through only when a card of it has such a Special (the checks run
    # in C: most piles have none)
    if in_hand and not in_hand.keys().isdisjoint(map(_CARD, p.hand)):
        for c in p.hand:
            if c.card in in_hand:
                found += [(c.uid, c.card, k, sp) for k, sp in in_hand[c.card]]
    in_play_now = rules.cards_in_play(state)
    if in_play_now is None:  # a card in play has the Specials it has now
        for i, m in rules.all_minions(state):
            if m.controller == seat:
                now = abilities.of(state, Source(m.card, m.uid, i, seat), Special)
                found += [
                    (m.uid, m.card, k, sp)
                    for k, sp in enumerate(now)
                    if sp.window == window and sp.zone == Zone.PLAY
                ]
    elif in_play and not in_play_now.isdisjoint(in_play):  # else none to look for
        for b in state.bases:
            if in_play.keys().isdisjoint(map(_CARD, b.minions)):
                continue  # no minion here has one (checked in C)
            for m in b.minions:
                if m.controller == seat and m.card in in_play:
                    found += [(m.uid, m.card, k, sp) for k, sp in in_play[m.card]]
    pile = p.discard
    if in_discard and pile:
        # a discard pile is long and most often the very tuple looked through last time: the
        # answer about it (and this index) is kept by the pile's identity
        held = _HELD.get(id(pile))
        if held is None or held[0] is not pile or held[1] is not in_discard:
            if len(_HELD) >= _HELD_MAX:
                _HELD.clear()
            held = _HELD[id(pile)] = (
                pile,
                in_discard,
                not in_discard.keys().isdisjoint(map(_CARD, pile)),
            )
        has_one = held[2]
    else:
        has_one = False
    if has_one:
        for c in pile:
            if c.card in in_discard:
                found += [(c.uid, c.card, k, sp) for k, sp in in_discard[c.card]]
    if not found:
        return []
    return [
        Option(f"{uid}:{k}", sp.label, {"uid": uid, "card": card, "special": k}, uid=uid, card=card)
        for uid, card, k, sp in found
        if sp.usable(state, seat, card, uid, base)
    ]


_HELD: dict[int, tuple[tuple[CardRef, ...], _ByCard, bool]] = {}
"""By a discard pile's id: that very pile, a window's index of Specials used from a discard pile
(see :func:`_index`) and whether a card of the pile has one there. It holds the piles it
answers about (so their ids are not reused while kept); forgotten whole past :data:`_HELD_MAX`."""
_HELD_MAX = 64
_CARD = attrgetter("card")
_OWNER = attrgetter("owner")
_ByCard = dict[str, list[tuple[int, Special]]]
_SPECIALS: dict[str, tuple[int, tuple[_ByCard, _ByCard, _ByCard]]] = {}
"""Each window's Specials by card (see :func:`_index`), with the scripts' generation they hold
for, by the window's value."""


def _index(window: Window) -> tuple[int, tuple[_ByCard, _ByCard, _ByCard]]:
    """Each card's Specials for a window used from hand, from play and from a discard pile,
    with their index on the card (built once for the scripts as they are)."""
    generation = abilities.GENERATION[0]
    table = abilities.with_kind(Special)
    by_zone = (
        _by_card(table, window, Zone.HAND),
        _by_card(table, window, Zone.PLAY),
        _by_card(table, window, Zone.DISCARD),
    )
    entry = _SPECIALS[window._value_] = (generation, by_zone)
    return entry


def _by_card(table: dict[str, tuple[Special, ...]], window: Window, zone: Zone) -> _ByCard:
    index = {
        card: [(k, sp) for k, sp in enumerate(sps) if sp.window == window and sp.zone == zone]
        for card, sps in table.items()
    }
    return {c: v for c, v in index.items() if v}


WINDOWS = {w.value: w for w in Window}
"""Each window by its value, as a task holds it (a dict look-up, not the enum's call)."""


@step("me_first")
def _me_first(fx: Fx, *, window: str, seat: int, passes: int) -> Steps:
    base = fx.base
    n = len(fx.state.players)
    win = WINDOWS[window]
    while passes < n:
        options = specials_for(fx.state, seat, win, base)
        if options or may_hold_special(fx.state, seat, win):
            prompt = f"Me first! ({window.replace('_', ' ')}): use a Special or pass"
            return fx.ask(
                seat,
                "special",
                prompt,
                options,
                _me_first_answer,
                optional=True,
                skip_label="Pass",
                always=True,
                on_skip=_me_first_pass,
                window=window,
                seat=seat,
                passes=passes,
            )
        seat, passes = rules.next_seat(fx.state, seat), passes + 1
    return ()


def may_hold_special(state: GameState, seat: int, window: Window) -> bool:
    """Whether, from public facts only (its factions, its hand size), a seat could hold a
    Special for this window in hand. Such a seat is always asked, usable Special or not, so
    being asked tells the others nothing about its hand."""
    p = state.players[seat]
    if not p.hand:
        return False
    with_specials = _factions_with_hand_specials(window)
    if not with_specials.isdisjoint(p.factions):
        return True  # its own factions have one: the owners of its cards need not be looked up
    # cards it holds but does not own (taken from another seat) may be of other factions: the
    # factions of every owner of a card in its hand or deck (where such a card stays)
    factions = set(p.factions)
    owners = set(map(_OWNER, p.hand))  # gathered in C: a deck is long
    owners.update(map(_OWNER, p.deck))
    owners.discard(seat)
    for owner in owners:
        factions.update(state.players[owner].factions)
    return not factions.isdisjoint(with_specials)


_HAND_SPECIALS: dict[str, tuple[object, frozenset[str]]] = {}  # by the window's value


def _factions_with_hand_specials(window: Window) -> frozenset[str]:
    """The factions with a card holding a Special for this window in hand (built once for the
    scripts as they are)."""
    table = abilities.with_kind(Special)
    entry = _HAND_SPECIALS.get(window._value_)
    if entry is None or entry[0] is not table:
        found = frozenset(
            rules.faction_of(card)
            for card, specials in table.items()
            if any(sp.zone == Zone.HAND and sp.window == window for sp in specials)
        )
        entry = _HAND_SPECIALS[window._value_] = (table, found)
    return entry[1]


@step("me_first_pass")
def _me_first_pass(fx: Fx, *, window: str, seat: int, passes: int) -> Steps:
    return (me_first(WINDOWS[window], fx.base, rules.next_seat(fx.state, seat), passes + 1),)


@step("me_first_answer")
def _me_first_answer(fx: Fx, *, window: str, seat: int, choice: dict[str, Any]) -> Steps:
    nxt = me_first(WINDOWS[window], fx.base, rules.next_seat(fx.state, seat), 0)
    return (*_use_special(fx, seat, choice, fx.base), nxt)


def _use_special(fx: Fx, seat: int, choice: dict[str, Any], base: int) -> Steps:
    card, uid = str(choice["card"]), str(choice["uid"])
    found = rules.find_minion(fx.state, uid)
    if found is None:
        specials = abilities.printed(card, Special)
    else:  # the Specials it has now, as they were offered
        specials = abilities.of(fx.state, Source(card, uid, found[0], seat), Special)
    sp = specials[int(choice["special"])]
    ctx = {
        "src": choice["uid"],
        "card": choice["card"],
        "by": seat,
        "base": base,
        "kind": rules.card_type(str(choice["card"])),
        "from_base": found[0] if found else None,
    }
    return sp.effect(Fx(fx.state, ctx, fx.rng))


@step("use_special")
def _use_special_in_play_phase(fx: Fx, *, seat: int, choice: dict[str, Any]) -> Steps:
    """A Special used in its owner's play phase (the use_special command)."""
    found = rules.find_minion(fx.state, str(choice["uid"]))
    return _use_special(fx, seat, choice, found[0] if found else -1)
