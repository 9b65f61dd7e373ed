"""The Cease and Desist bases of the Changerbots (Changing Room, Unicrave), and the box's USS
Undertaking and Spikey Chair Room."""

from __future__ import annotations

from domain import board, rules, verbs
from domain.abilities import card
from domain.effects import BaseHook, Triggered
from domain.facts import MinionPlayed, TalentUsed, TurnEnding
from domain.fx import Fx, Steps
from domain.model import GameState
from domain.moments import Hook, Moment
from domain.registry import Source
from domain.selectors import played_here
from domain.steps import step

SPIKEY = "base.spikey_chair_room"


def _used_here(state: GameState, src: Source, used: TalentUsed) -> bool:
    """A minion used a Talent while it was on this base."""
    return used.base == src.base


def changing_room(fx: Fx, used: TalentUsed) -> Steps:
    return fx.add_power(used.uid, 1)


def unicrave(fx: Fx) -> Steps:
    """Before it scores, the top base of the base deck takes its place with every card on it;
    the scoring goes on with that base."""
    return board.change_base(fx)  # none to take its place: it scores as it is


def uss_undertaking(fx: Fx) -> Steps:
    """At the start of a turn, its player may move a minion of theirs here, or away from here."""
    mine = fx.minions(controller=fx.me)
    prompt = "USS Undertaking: you may move one of your minions to or from this base"
    return fx.choose("minion", mine, prompt, then=uss_undertaking_move, optional=True)


@step("uss_undertaking_move")
def uss_undertaking_move(fx: Fx, *, choice: str) -> Steps:
    if fx.base_of(choice) != fx.base:
        return fx.move(choice, fx.base)
    others = [i for i in fx.bases() if i != fx.base]
    prompt = "USS Undertaking: move it to which base?"
    return fx.choose("base", others, prompt, then=verbs.move, uid=choice)


def spikey_chair_room_played(fx: Fx, played: MinionPlayed) -> Steps:
    """Who played a minion here this turn keeps the right to the end-of-turn offer, even if
    the base leaves play before then (a lingering effect for that seat, this turn)."""
    seat, turn = played.by, fx.state.turn
    if any(
        x.card == SPIKEY and x.seat == seat and x.until_turn == turn for x in fx.state.lingering
    ):
        return ()
    return board.linger(SPIKEY, seat, turn, turn)


def _its_players_right(state: GameState, src: Source, turn: TurnEnding) -> bool:
    """The end-of-turn offer comes from a player's lingering right, not from the base."""
    return src.uid.startswith("lingering:")


def spikey_chair_room(fx: Fx) -> Steps:
    mine = [m for _, m in rules.all_minions(fx.state) if m.owner == fx.me]
    prompt = "Spikey Chair Room: you may destroy a minion you own to draw a card"
    return fx.choose("minion", mine, prompt, then=spikey_chair_room_destroy, optional=True)


@step("spikey_chair_room_destroy")
def spikey_chair_room_destroy(fx: Fx, *, choice: str) -> Steps:
    return (*fx.destroy(choice), *fx.then(spikey_chair_room_draw, uid=choice))


@step("spikey_chair_room_draw")
def spikey_chair_room_draw(fx: Fx, *, uid: str) -> Steps:
    """The card is drawn only if the minion was indeed destroyed (it may be immune)."""
    return () if rules.find_minion(fx.state, uid) else fx.draw(fx.me, 1)


card("base.changing_room", Triggered(Moment.TALENT_USED, changing_room, _used_here))
card("base.unicrave", BaseHook(Hook.BEFORE_SCORING, unicrave))
card("base.uss_undertaking", Triggered(Moment.START_OF_TURN, uss_undertaking))
card(
    SPIKEY,
    Triggered(Moment.MINION_PLAYED, spikey_chair_room_played, played_here),
    Triggered(Moment.END_OF_TURN, spikey_chair_room, _its_players_right),
)
