"""Read-only rule queries: power, breakpoints, who is where. Pure functions of the state."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import chain, repeat

from domain import abilities, boards
from domain import registry as reg
from domain.abilities import (
    AttachCondition,
    OngoingPower,
    PlaysFromDiscard,
    Protection,
    Restriction,
)
from domain.catalogue import catalogue
from domain.fold import find_minion as find_minion  # the base and minion with a uid
from domain.model import PILES, Base, Buried, GameState, Minion, Zone

WIN_VP = 15
MAX_LOG_EVENTS = 10_000
"""The longest log of a game, in events: ``POST /v1/replays`` reads no longer one, and no game
grows longer (see :data:`VERSION_CAP`)."""
VERSION_CAP = MAX_LOG_EVENTS - 100
"""A game still on after a command that brings it to this version ends there as a draw
(``game_ended``, reason ``version_cap``): a setup where no base can ever score would otherwise
go on forever. The margin holds the last command's events (far fewer than 100), so the log
stays within :data:`MAX_LOG_EVENTS`."""
HAND_LIMIT = 10


@cache
def printed_power(card: str) -> int:
    """The power printed on a minion card (0 for anything else)."""
    return catalogue().card(card).power or 0


@cache
def card_type(card: str) -> str:
    """'minion' or 'action' (or another card type of the catalogue)."""
    return catalogue().card(card).type


@cache
def action_kind(card: str) -> str:
    """'standard', 'ongoing_base' or 'ongoing_minion'."""
    return catalogue().card(card).action_kind or "standard"


def base_active(state: GameState, index: int, seat: int | None = None) -> bool:
    """False while something blanks the base's ability (e.g. Jammed Signal); with `seat`, also
    while that seat ignores it (a per-seat blank it controls there, e.g. Infiltrate)."""
    return abilities.base_active(state, index, seat)


def ignored_by(state: GameState, src: reg.Source, seat: int | None) -> bool:
    """True when `src` is a base whose ability `seat` ignores (a per-seat blank)."""
    is_base = src.uid == src.card and src.controller < 0 and src.base >= 0
    return is_base and seat is not None and not base_active(state, src.base, seat)


def all_minions(state: GameState) -> Iterator[tuple[int, Minion]]:
    """Every minion in play with its base index."""
    # each base's minions are paired with its index in C (zip), not one by one here
    return chain.from_iterable(zip(repeat(i), b.minions) for i, b in enumerate(state.bases))


def power(state: GameState, base: int, minion: Minion) -> int:
    """Current power: printed + counters + temporary changes + ongoing modifiers, never < 0."""
    return _power(state, base, minion, abilities.in_play(state, OngoingPower, minion.controller))


def _power(
    state: GameState,
    base: int,
    minion: Minion,
    ongoing_in_play: list[tuple[reg.Source, OngoingPower]] | tuple[()],
) -> int:
    """`power`, given the ongoing power changes in play as the minion's controller sees them."""
    total = printed_power(minion.card) + minion.counters
    if state.temp_power:
        total += sum(t.amount for t in state.temp_power if t.uid == minion.uid)
    for src, ongoing in ongoing_in_play:
        change = ongoing.modifier(state, src, base, minion)
        if change and not shielded_from(state, src, base, minion):
            total += change
    return total if total > 0 else 0


def shielded_from(state: GameState, src: reg.Source, base: int, minion: Minion) -> bool:
    """True when a protection blocks the ongoing power change of another player's action or
    minion (e.g. a Poison already on a minion that gets a Smoke Bomb; a minion of another player
    on Neutral Space): protections stop every effect, so a minion they shield is not affected."""
    if src.controller in (-1, minion.controller) or src.card not in catalogue().cards:
        return False
    kind = card_type(src.card)
    if kind not in ("action", "minion"):
        return False
    cause = reg.Cause(src.card, kind, src.controller, "power", src.uid)
    return any(
        guard.verdict(state, g, base, minion, cause) == "block"
        for g, guard in abilities.in_play(state, Protection)
        if g.uid != src.uid
    )


def power_of(state: GameState, uid: str) -> int:
    """Current power of the minion with this uid (0 when it is not in play)."""
    found = find_minion(state, uid)
    return power(state, *found) if found else 0


def total_power(state: GameState, base: int) -> int:
    """The total power of all minions on a base (what is in play asked once per controller)."""
    seen: dict[int, list[tuple[reg.Source, OngoingPower]] | tuple[()]] = {}
    total = 0
    temp = state.temp_power
    for m in state.bases[base].minions:
        ongoing = seen.get(m.controller)
        if ongoing is None:
            ongoing = seen[m.controller] = abilities.in_play(state, OngoingPower, m.controller)
        if ongoing or temp:
            total += _power(state, base, m, ongoing)
        else:  # what `_power` gives with nothing changing it: printed power and counters
            value = printed_power(m.card) + m.counters
            if value > 0:
                total += value
    return total


def power_by_seat(state: GameState, base: int) -> dict[int, int]:
    """Each controlling seat's total power on a base (seats with a minion there only)."""
    out: dict[int, int] = {}
    for m in state.bases[base].minions:
        out[m.controller] = out.get(m.controller, 0) + power(state, base, m)
    return out


def breakpoint(state: GameState, base: int) -> int:
    """Current breakpoint: printed plus temporary changes, never below zero."""
    b: Base = state.bases[base]
    value = printed_breakpoint(b.card)
    if state.temp_breakpoints:
        value += sum(t.amount for t in state.temp_breakpoints if t.base == b.card)
    return value if value > 0 else 0


@cache
def printed_breakpoint(base_card: str) -> int:
    """The breakpoint printed on a base card."""
    return catalogue().base(base_card).breakpoint


def ready_to_score(state: GameState) -> list[int]:
    """Bases whose total power has reached their breakpoint."""
    if state.temp_power or state.temp_breakpoints or not none_in_play(state, OngoingPower):
        return [
            i
            for i, b in enumerate(state.bases)
            if b.minions and total_power(state, i) >= breakpoint(state, i)
        ]
    # nothing changes a power nor a breakpoint: printed ones (and counters) only
    return [
        i
        for i, b in enumerate(state.bases)
        if b.minions and plain_total(b.minions) >= printed_breakpoint(b.card)
    ]


def plain_total(minions: tuple[Minion, ...]) -> int:
    """The total power of these minions with nothing changing their power: what
    :func:`total_power` gives while no ongoing power change is in play and no temporary one
    lasts."""
    total = 0
    for m in minions:
        value = printed_power(m.card) + m.counters
        if value > 0:
            total += value
    return total


def next_seat(state: GameState, seat: int) -> int:
    """The seat to the left (clockwise)."""
    return (seat + 1) % len(state.players)


def seats_from(state: GameState, seat: int) -> list[int]:
    """All seats in turn order starting with `seat`."""
    n = len(state.players)
    return [(seat + k) % n for k in range(n)]


def end_of_turn_for(state: GameState, seat: int) -> int:
    """The number of the turn that is 'your turn' for `seat` (this one, or its next)."""
    return state.turn + (seat - state.active) % len(state.players)


@cache
def name(card: str) -> str:
    """English name of a card or base, for prompts."""
    cat = catalogue()
    obj = cat.bases[card] if card in cat.bases else cat.card(card)
    return cat.name(obj, "en")


def none_in_play(state: GameState, kind: type[abilities.Ability]) -> bool:
    """True when nothing in play (nor a lingering effect) has an ability of this kind, so
    ``abilities.in_play(state, kind, seat)`` is empty for every seat: no card in play has one
    by its script and nothing grants or removes abilities. False when unsure (ask
    ``abilities.in_play``). Kept by kind with the board's other answers."""
    asked = boards.LAST.last  # the state asked about last, with its board: looked at first
    board = asked[1] if asked is not None and asked[0] is state else boards.board(state)
    known = board.cards or abilities.scripted(state)  # kept with the board once asked
    found = known[1].get(kind)
    if found is None:  # the board's first question about this kind
        cards = known[0]
        found = known[1][kind] = cards is not None and cards.isdisjoint(abilities.with_kind(kind))
    return found


def cards_in_play(state: GameState) -> frozenset[str] | None:
    """The card ids of what is in play and lingers (``abilities.sources``), or None while
    something grants or removes abilities (a card may then have others than its script's):
    ``abilities.scripted_cards``, kept with the board's other answers."""
    asked = boards.LAST.last  # the state asked about last, with its board: looked at first
    board = asked[1] if asked is not None and asked[0] is state else boards.board(state)
    return (board.cards or abilities.scripted(state))[0]


def play_forbidden(state: GameState, seat: int, card: str, base: int) -> bool:
    """True when some card in play says this card can't be played on this base (-1: anywhere,
    for a standard action). Nothing is listed while no card in play has a Restriction."""
    if none_in_play(state, Restriction):
        return False
    for src, r in abilities.in_play(state, Restriction, seat):  # a loop costs less than any()
        if r.forbids(state, src, seat, card, base):
            return True
    return False


def discard_play_granted(state: GameState, seat: int, base: int) -> bool:
    """True when something lets `seat` play minions from its discard pile onto this base."""
    return any(
        g.grants(state, src, seat, base)
        for src, g in abilities.in_play(state, PlaysFromDiscard, seat)
    )


def faction_of(card: str) -> str:
    """The faction a card belongs to."""
    return catalogue().card(card).faction


def locate(state: GameState, uid: str) -> tuple[Zone, int] | None:
    """Where a card is: (hand|deck|discard, seat), (play, base), (resolving, -1), (buried,
    base), (uncovered, -1)."""
    for zone in PILES:  # hands first: the card a command names is most often in one
        for p in state.players:
            for c in p.pile(zone):
                if c.uid == uid:
                    return zone, p.seat
    found = find_minion(state, uid)
    if found:
        return Zone.PLAY, found[0]
    if any(c.uid == uid for c in state.resolving):
        return Zone.RESOLVING, -1
    for i, b in enumerate(state.bases):
        if any(c.uid == uid for c in b.buried):
            return Zone.BURIED, i
    if any(c.uid == uid for c in state.uncovered):
        return Zone.UNCOVERED, -1
    return None


def buried(
    state: GameState, base: int | None = None, controller: int | None = None
) -> list[tuple[int, Buried]]:
    """Buried cards (base index, card), optionally at one base and/or of one controller."""
    return [
        (i, c)
        for i, b in enumerate(state.bases)
        if base is None or i == base
        for c in b.buried
        if controller is None or c.controller == controller
    ]


def find_buried(state: GameState, handle: str) -> tuple[int, Buried] | None:
    """A buried card by its public handle: (base index, card), or None."""
    return next(((i, c) for i, c in buried(state) if c.id == handle), None)


def next_turn_of(state: GameState, seat: int) -> int:
    """The number of `seat`'s next turn (not the current one)."""
    n = len(state.players)
    gap = (seat - state.active) % n
    return state.turn + (gap or n)


def attach_allowed(
    state: GameState, seat: int, card: str, base: int, minion: Minion | None
) -> bool:
    """Whether `seat` may attach this ongoing action there (its own attach condition, if any)."""
    return all(
        c.allows(state, seat, base, minion) for c in abilities.printed(card, AttachCondition)
    )


def moved_from(state: GameState, uid: str) -> int | None:
    """The base the minion `uid` last moved away from this turn (None: it has not moved)."""
    prefix = f"moved:{uid}:"
    found = [f for f in state.flags if f.startswith(prefix)]
    return int(found[-1][len(prefix) :]) if found else None


def printed_power_as(value: int) -> abilities.PowerFn:
    """An attached action's power change making its host's printed power count as `value`
    (every other change still applies on top)."""

    def change(state: GameState, src: reg.Source, base: int, m: Minion) -> int:
        return value - printed_power(m.card) if m.uid == src.host else 0

    return change
