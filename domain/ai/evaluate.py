"""A static estimate of how good a state is for each seat: VP, the VP the bases near breaking
are about to award, power on the table and cards in hand."""

from __future__ import annotations

import math

from domain import rules
from domain.catalogue import catalogue
from domain.model import GameState

WIN = 100.0
HAND_CARD = 0.3
"""Worth of a card in hand (a card played well is worth more: power on a base)."""
POWER = 0.12
"""Worth of one point of a seat's power on the table, besides what it may win at its base."""


def scores(state: GameState) -> list[float]:
    """Each seat's estimated worth (in VP) in `state`."""
    n = len(state.players)
    out = [float(p.vp) + HAND_CARD * min(len(p.hand), 10) for p in state.players]
    if state.status != "active":
        if state.winner is not None:
            out[state.winner] += WIN
        return out
    cat = catalogue()
    for i, b in enumerate(state.bases):
        if not b.minions:
            continue
        by_seat = rules.power_by_seat(state, i)
        total = sum(by_seat.values())
        bp = max(rules.breakpoint(state, i), 1)
        near = min(1.0, total / bp)
        urgency = 0.25 + 0.75 * near * near
        vp = cat.base(b.card).vp
        ranked = sorted((pw for pw in by_seat.values() if pw > 0), reverse=True)
        for s, pw in by_seat.items():
            out[s] += POWER * pw
            if pw <= 0:
                continue
            place = ranked.index(pw)  # ties share the better place, as in scoring
            if place < 3 and s < n:
                out[s] += urgency * vp[place]
    return out


def value(state: GameState, seat: int) -> float:
    """`seat`'s worth less its best opponent's."""
    s = scores(state)
    return s[seat] - max(x for k, x in enumerate(s) if k != seat)


def rewards(state: GameState) -> list[float]:
    """Each seat's reward in (0, 1): a squashed :func:`value` (1 for a won game)."""
    s = scores(state)
    out = []
    for seat, mine in enumerate(s):
        lead = mine - max(x for k, x in enumerate(s) if k != seat)
        out.append(1.0 / (1.0 + math.exp(-lead / 4.0)))
    return out
