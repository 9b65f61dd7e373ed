"""Cards answering being seen ("Oops, You Did It Again"): when another player's card reveals a
seat's hand cards (or lets its player look at them), or reveals a card from that seat's deck,
that seat may use a Special of the `Window.SEEN` window: from its hand, or the revealed deck card
itself (e.g. Dynamite Surprise). The Special's effect asks `seen.looker(fx)` which seat
looked. The verbs that show cards (`Fx.reveal`, `piles.show_hand`) queue the step
`cards_seen` when the cards are another seat's.

A seat that could hold such a Special in hand (from its factions) is asked whenever its hand is
seen, usable Special or not, so being asked tells the other seats nothing.
"""

from __future__ import annotations

from domain import abilities
from domain.effects import Special
from domain.fx import Fx, Steps
from domain.model import Option, Zone
from domain.moments import Window
from domain.specials import may_hold_special
from domain.steps import step


def _options(fx: Fx, seat: int, revealed: list[str] | None) -> list[Option]:
    p = fx.state.players[seat]
    cards = p.hand if revealed is None else [c for c in p.deck if c.uid in revealed]
    zone = Zone.HAND if revealed is None else Zone.DECK
    out = []
    for c in cards:
        for k, sp in enumerate(abilities.printed(c.card, Special)):
            if (
                sp.window == Window.SEEN
                and sp.zone == zone
                and sp.usable(fx.state, seat, c.card, c.uid, -1)
            ):
                value = {"uid": c.uid, "card": c.card, "special": k}
                out.append(Option(f"{c.uid}:{k}", sp.label, value, uid=c.uid, card=c.card))
    return out


def looker(fx: Fx) -> int:
    """In the effect of a Special of `Window.SEEN`: the seat whose card showed the cards."""
    return int(fx.ctx["looker"])


@step("cards_seen")
def _cards_seen(fx: Fx, *, seat: int, looker: int, revealed: list[str] | None = None) -> Steps:
    options = _options(fx, seat, revealed)
    hidden = revealed is None and may_hold_special(fx.state, seat, Window.SEEN)
    if not options and not hidden:
        return ()
    prompt = f"Your cards were seen by {fx.state.players[looker].name}: use a card or pass"
    return fx.ask(
        seat,
        "special",
        prompt,
        options,
        _seen_answer,
        optional=True,
        skip_label="Pass",
        always=True,
        seat=seat,
        looker=looker,
    )


@step("seen_answer")
def _seen_answer(fx: Fx, *, seat: int, looker: int, choice: dict[str, object]) -> Steps:
    card, uid = str(choice["card"]), str(choice["uid"])
    sp = abilities.printed(card, Special)[int(str(choice["special"]))]
    ctx = {"src": uid, "card": card, "by": seat, "base": -1, "kind": "action", "looker": looker}
    return sp.effect(Fx(fx.state, ctx, fx.rng))
