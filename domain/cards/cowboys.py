"""Cowboys ("Oops, You Did It Again"): the duel cards. The other actions are in
`cowboys_actions`, the bases (Saloon, So-So Corral, and Shogun's Palace, a Samurai base that
duels) in `cowboys_bases`."""

from __future__ import annotations

from domain import duels, piles, rules, verbs
from domain.abilities import card
from domain.effects import OnPlay, Special, Triggered
from domain.facts import DuelStarted
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import GameState, Zone
from domain.moments import Moment, Window
from domain.registry import Source
from domain.steps import step

# --- Gunfighter -------------------------------------------------------------------------------


def gunfighter(fx: Fx) -> Steps:
    if not duels.may_start(fx.state):
        return ()
    targets = duels.opponents_here(fx.state, fx.src)
    prompt = "Gunfighter may duel a minion of another player on its base (the loser is destroyed)"
    return fx.choose("minion", targets, prompt, duels.its_loser_destroyed, optional=True)


# --- High Noon --------------------------------------------------------------------------------


def high_noon(fx: Fx) -> Steps:
    return duels.challenge(fx, high_noon_result)


@step("high_noon_result")
def high_noon_result(fx: Fx, *, challenger: str, winners: list[str], losers: list[str]) -> Steps:
    won = high_noon_extra if winners == [challenger] else None
    return duels.destroy_losers(fx, losers, then=won, uid=challenger)


@step("high_noon_extra")
def high_noon_extra(fx: Fx, *, uid: str) -> Steps:
    """My minion won: if it survived, an extra minion on the base where it stands."""
    return fx.extra_play("minion", near=uid)


# --- Quick Draw -------------------------------------------------------------------------------


def quick_draw(fx: Fx) -> Steps:
    prompt = "Quick Draw: choose a minion of yours (+4 if it is duelling, else +2)"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, quick_draw_power)


@step("quick_draw_power")
def quick_draw_power(fx: Fx, *, choice: str) -> Steps:
    """The bonus is set now, once, by whether the minion is duelling at this moment."""
    amount = 4 if choice in duels.duelling(fx.state) else 2
    return fx.add_power(choice, amount, this_turn=True)


# --- Deputy -----------------------------------------------------------------------------------


def _deputy_in_duel(state: GameState, seat: int, uid: str, base: int) -> bool:
    """One of the seat's minions is duelling."""
    return any(
        found is not None and found[1].controller == seat
        for found in (rules.find_minion(state, m) for m in duels.duelling(state))
    )


def _deputy_in_play_phase(state: GameState, seat: int, uid: str, base: int) -> bool:
    return any(True for _ in rules.all_minions(state))


def deputy(fx: Fx) -> Steps:
    """Discard this Deputy from hand (not a play): one minion gets +2 until the end of the turn."""
    mine = next((c for c in fx.hand() if c.uid == fx.src), None)
    if mine is None:
        return ()
    everyone = [m for _, m in rules.all_minions(fx.state)]
    prompt = "Deputy: choose a minion to give +2 power until the end of the turn"
    return (*piles.discard_from_hand(mine), *fx.choose("minion", everyone, prompt, deputy_power))


@step("deputy_power")
def deputy_power(fx: Fx, *, choice: str) -> Steps:
    return fx.add_power(choice, 2, this_turn=True)


# --- Pinkerton ------------------------------------------------------------------------------


def _my_duellists_here(state: GameState, src: Source, duel: DuelStarted) -> list[str]:
    """The duelling minions that this card's controller controls on this card's base."""
    out = []
    for uid in (duel.challenger, duel.challenged):
        found = rules.find_minion(state, uid)
        if found is not None and found[0] == src.base and found[1].controller == src.controller:
            out.append(uid)
    return out


def _pinkerton_reacts(state: GameState, src: Source, duel: DuelStarted) -> bool:
    return bool(_my_duellists_here(state, src, duel))


def pinkerton(fx: Fx, duel: DuelStarted) -> Steps:
    """Each of my duelling minions on this Pinkerton's base (itself too) gets a +1 counter,
    before any duel card is placed."""
    found = rules.find_minion(fx.state, fx.src)
    if found is None:
        return ()
    src = Source(fx.card, fx.src, found[0], found[1].controller)
    mine = _my_duellists_here(fx.state, src, duel)
    return tuple(x for uid in mine for x in fx.place_counters(uid))


# --- Sheriff --------------------------------------------------------------------------------


SHERIFF = OncePerTurn("sheriff")  # per minion and base card: once per scoring


def _sheriff_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    """On the base about to score, with a minion of another player there, once per scoring."""
    found = rules.find_minion(state, uid)
    return (
        found is not None
        and found[0] == base
        and duels.may_start(state)
        and bool(duels.opponents_here(state, uid))
        and not SHERIFF.used(state, uid, state.bases[base].card)
    )


def sheriff(fx: Fx) -> Steps:
    targets = duels.opponents_here(fx.state, fx.src)
    prompt = "Sheriff: choose the minion it duels (the loser is destroyed)"
    used = SHERIFF.use(fx.src, fx.state.bases[fx.base].card)
    return (*used, *fx.choose("minion", targets, prompt, duels.its_loser_destroyed))


# --- Run 'Em Off ----------------------------------------------------------------------------


def run_em_off(fx: Fx) -> Steps:
    return duels.challenge(fx, run_em_off_result)


@step("run_em_off_result")
def run_em_off_result(
    fx: Fx, *, challenger: str, challenged: str, winners: list[str], losers: list[str]
) -> Steps:
    """Winners get +3 until the end of the turn; each loser is moved to another base by the
    controller of the other minion (on a tie, each by the other's controller)."""
    out: Steps = tuple(x for uid in winners for x in fx.add_power(uid, 3, this_turn=True))
    for loser in losers:
        other = challenged if loser == challenger else challenger
        found, by = rules.find_minion(fx.state, loser), rules.find_minion(fx.state, other)
        if found is None or by is None:
            continue
        bases = [i for i in fx.bases() if i != found[0]]
        prompt = f"Run 'Em Off: move {rules.name(found[1].card)} to another base"
        out += fx.choose("base", bases, prompt, verbs.move, seat=by[1].controller, uid=loser)
    return out


DEPUTY_LABEL = "Deputy: discard it to give a minion +2 power"

card(
    "cowboys.deputy",
    Special(Window.PLAY, Zone.HAND, DEPUTY_LABEL, _deputy_in_play_phase, deputy),
    Special(Window.DUEL, Zone.HAND, DEPUTY_LABEL, _deputy_in_duel, deputy),
)
card("cowboys.gunfighter", OnPlay(gunfighter))
card("cowboys.pinkerton", Triggered(Moment.DUEL_STARTED, pinkerton, when=_pinkerton_reacts))
card(
    "cowboys.sheriff",
    Special(Window.BEFORE_SCORING, Zone.PLAY, "Sheriff: duel a minion here", _sheriff_may, sheriff),
)
card("cowboys.quick_draw", OnPlay(quick_draw))
card("cowboys.run_em_off", OnPlay(run_em_off))
card("cowboys.high_noon", OnPlay(high_noon))
