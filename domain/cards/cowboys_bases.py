"""The bases of the Cowboys ("Oops, You Did It Again"): Saloon and So-So Corral; Shogun's
Palace (a Samurai base) is here too, as it duels like So-So Corral."""

from __future__ import annotations

from domain import board, duels, rules, selectors
from domain.abilities import card
from domain.effects import Triggered
from domain.facts import MinionPlayed
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import GameState, Option
from domain.moments import Moment
from domain.registry import Source
from domain.steps import step

# --- bases ------------------------------------------------------------------------------------

SALOON, CORRAL, PALACE = "base.saloon", "base.so_so_corral", "base.shoguns_palace"


def saloon(fx: Fx) -> Steps:
    """After a minion here is destroyed, each player with a minion here may draw a card."""
    here = {m.controller for m in fx.minions(base=fx.base)}
    out: Steps = ()
    for seat in rules.seats_from(fx.state, fx.state.active):
        if seat in here:
            draw = [Option("draw", "Draw a card", True)]
            prompt = "Saloon: a minion was destroyed here; you may draw a card"
            out += fx.ask(seat, "yes_no", prompt, draw, saloon_draw, optional=True, seat=seat)
    return out


@step("saloon_draw")
def saloon_draw(fx: Fx, *, seat: int) -> Steps:
    return fx.draw(seat, 1)


def so_so_corral(fx: Fx, played: MinionPlayed) -> Steps:
    return duels.played_minion_may_duel(fx, played, corral_offer)


@step("corral_offer")
def corral_offer(fx: Fx, *, mine: str, seat: int) -> Steps:
    prompt = "So-So Corral: the minion you played may duel a minion here (the loser is destroyed)"
    return duels.offer_duel(fx, mine, seat, prompt, corral_duel)


@step("corral_duel")
def corral_duel(fx: Fx, *, mine: str, choice: str) -> Steps:
    return board.duel(fx, mine, choice, duels.losers_destroyed)


PALACE_DUEL = OncePerTurn("shoguns_palace")  # per turn number


def _palace_reacts(state: GameState, src: Source, played: MinionPlayed) -> bool:
    return selectors.played_here(state, src, played) and not PALACE_DUEL.used(state, state.turn)


def shoguns_palace(fx: Fx, played: MinionPlayed) -> Steps:
    return duels.played_minion_may_duel(fx, played, palace_offer)


@step("palace_offer")
def palace_offer(fx: Fx, *, mine: str, seat: int) -> Steps:
    """Once per turn: no duel once one was chosen here this turn (e.g. by a minion played
    after this one, whose duel came first)."""
    if PALACE_DUEL.used(fx.state, fx.state.turn):
        return ()
    prompt = "Shogun's Palace: the minion you played may duel a minion here (the winner draws 2)"
    return duels.offer_duel(fx, mine, seat, prompt, palace_duel)


@step("palace_duel")
def palace_duel(fx: Fx, *, mine: str, choice: str) -> Steps:
    """Once per turn: the flag is set when a duel is chosen here."""
    return (*PALACE_DUEL.use(fx.state.turn), *board.duel(fx, mine, choice, palace_result))


@step("palace_result")
def palace_result(fx: Fx, *, winners: list[str]) -> Steps:
    out: Steps = ()
    for uid in winners:
        found = rules.find_minion(fx.state, uid)
        if found is not None:
            out += fx.draw(found[1].controller, 2)
    return out


card(SALOON, Triggered(Moment.MINION_DESTROYED, saloon, when=selectors.destroyed_here))
card(CORRAL, Triggered(Moment.MINION_PLAYED, so_so_corral, when=selectors.played_here))
card(PALACE, Triggered(Moment.MINION_PLAYED, shoguns_palace, when=_palace_reacts))
