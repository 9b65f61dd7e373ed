"""Samurai: +1 power counters, rewards when their minions go from play to the discard pile, and
duels (Heart of the Battle, Honorable Combat). Base: Sakura Garden."""

from __future__ import annotations

from domain import board, duels, rules, verbs
from domain.abilities import AttachCondition, IncreasesPower, card
from domain.effects import OnPlay, Special, Triggered
from domain.facts import MinionDiscarded
from domain.fx import Fx, Steps
from domain.limits import OncePerTurn
from domain.model import GameState, Minion, Zone
from domain.moments import Moment, Window
from domain.piles import pick_from_discard, shuffle_picked
from domain.registry import Source
from domain.selectors import another_of_its_controllers_minions, its_host_left
from domain.steps import step

# --- minions ---------------------------------------------------------------------------------


def samurai_chan(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


def ronin(fx: Fx) -> Steps:
    others = [m for m in fx.minions(base=fx.base, controller=fx.me) if m.uid != fx.src]
    return () if others else fx.place_counters(fx.src, 1)


def bushi(fx: Fx, gone: MinionDiscarded) -> Steps:
    return fx.gain_vp(fx.me, 1) if gone.power >= 5 else ()


def shogun(fx: Fx) -> Steps:
    return fx.place_counters(fx.src, 1)  # nothing if it left play at the same time


# --- actions ---------------------------------------------------------------------------------


def on_a_minion_you_control(state: GameState, seat: int, base: int, m: Minion | None) -> bool:
    return m is not None and m.controller == seat


def final_haiku(fx: Fx) -> Steps:
    steps: Steps = ()
    for m in fx.minions(controller=fx.me):  # for the rest of the turn being played
        steps += fx.add_power(m.uid, 2, this_turn=True)
    return steps


def code_of_bushido(fx: Fx) -> Steps:
    return fx.then(bushido_pick, picked=[])


@step("bushido_pick")
def bushido_pick(fx: Fx, *, picked: list[str], choice: str | None = None) -> Steps:
    """Up to three different minions of yours, one +1 power counter each, one at a time."""
    steps: Steps = ()
    if choice is not None:
        picked = [*picked, choice]
        steps = fx.place_counters(choice, 1)
    left = [m for m in fx.minions(controller=fx.me) if m.uid not in picked]
    if len(picked) >= 3 or not left:
        return steps
    n = len(picked) + 1
    prompt = f"Code of Bushido: choose a minion of yours for a +1 power counter ({n} of up to 3)"
    ask = fx.choose(
        "minion", left, prompt, bushido_pick, optional=True, skip_label="Done", picked=picked
    )
    return (*steps, *ask)


def honor_the_ancestors(fx: Fx) -> Steps:
    mine = fx.minions(controller=fx.me)
    prompt = "Honor the Ancestors: put a +1 power counter on one of your minions"
    counter = fx.choose("minion", mine, prompt, then=verbs.counters, amount=1)
    return (*counter, *fx.then(ancestors_pick, picked=[]))


def _a_minion(card_id: str) -> bool:
    return rules.card_type(card_id) == "minion"


@step("ancestors_pick")
def ancestors_pick(fx: Fx, *, picked: list[str], choice: str | None = None) -> Steps:
    """Minion cards of your discard pile to shuffle into your deck: one per opponent at most."""
    picked = [*picked, *([] if choice is None else [choice])]
    most = len(fx.state.players) - 1
    prompt = (
        "Honor the Ancestors: you may shuffle a minion from your discard pile into your deck"
        f" ({len(picked)} of up to {most} so far)"
    )
    return pick_from_discard(fx, picked, _a_minion, most, prompt, ancestors_pick, ancestors_shuffle)


@step("ancestors_shuffle")
def ancestors_shuffle(fx: Fx, *, picked: list[str]) -> Steps:
    return shuffle_picked(fx, picked)


def yokai_attack(fx: Fx) -> Steps:
    prompt = "Yokai Attack!: destroy one of your minions"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, yokai_destroy)


@step("yokai_destroy")
def yokai_destroy(fx: Fx, *, choice: str) -> Steps:
    return (*fx.destroy(choice), *fx.then(yokai_reward, uid=choice))


@step("yokai_reward")
def yokai_reward(fx: Fx, *, uid: str) -> Steps:
    """Only if the minion was destroyed (it left play): an extra minion and an extra action."""
    if rules.find_minion(fx.state, uid) is not None:
        return ()
    return (*fx.extra_play("minion"), *fx.extra_play("action"))


WAY = "samurai.way_of_the_warrior"


WAY_MARK = OncePerTurn("way_of_the_warrior")  # per seat and minion: the minions it marked


def way_of_the_warrior(fx: Fx) -> Steps:
    prompt = "Way of the Warrior: choose one of your minions"
    return fx.choose("minion", fx.minions(controller=fx.me), prompt, way_of_the_warrior_target)


@step("way_of_the_warrior_target")
def way_of_the_warrior_target(fx: Fx, *, choice: str) -> Steps:
    """+3 power for the rest of the turn; the turn's marker on the minion, and once a turn an
    effect that watches the marked minions leave for the discard pile."""
    turn = fx.state.turn
    watching = any(
        x.card == WAY and x.seat == fx.me and x.until_turn == turn for x in fx.state.lingering
    )
    return (
        *fx.add_power(choice, 3, this_turn=True),
        *WAY_MARK.use(fx.me, choice),
        *(() if watching else board.linger(WAY, fx.me, turn, turn)),
    )


def _way_marked(state: GameState, src: Source, gone: MinionDiscarded) -> bool:
    """As a lingering effect: a minion marked by this seat's Way of the Warrior this turn."""
    return src.uid.startswith("lingering:") and WAY_MARK.used(state, src.controller, gone.uid)


def way_of_the_warrior_draw(fx: Fx, gone: MinionDiscarded) -> Steps:
    marks = WAY_MARK.count(fx.state, fx.me, gone.uid)
    return fx.draw(fx.me, marks)


def _mine_from_its_base(state: GameState, src: Source, gone: MinionDiscarded) -> bool:
    """A minion of this card's controller left this card's base."""
    return gone.base == src.base and gone.controller == src.controller


def honor_the_fallen(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


# --- duels ---------------------------------------------------------------------------------

HEART = "samurai.heart_of_the_battle"


def _duellers(state: GameState, seat: int, base: int) -> list[Minion]:
    """The minions of `seat` on `base` that have a minion of another player there to duel."""
    return [
        m
        for m in state.bases[base].minions
        if m.controller == seat and duels.opponents_here(state, m.uid)
    ]


def _heart_may(state: GameState, seat: int, uid: str, base: int) -> bool:
    """Before the base `base` scores, with a minion of yours and another player's there."""
    return (
        0 <= base < len(state.bases)
        and duels.may_start(state)
        and bool(_duellers(state, seat, base))
    )


def heart_of_the_battle(fx: Fx) -> Steps:
    """Used as a Special before a base scores: the card is played (then discarded)."""
    return fx.play(fx.src)


def heart_of_the_battle_played(fx: Fx) -> Steps:
    scoring = next((i for i, b in enumerate(fx.state.bases) if b.card == fx.state.scoring), None)
    if scoring is None or not duels.may_start(fx.state):
        return ()
    prompt = "Heart of the Battle: choose your minion that duels (the loser is destroyed)"
    return fx.choose("minion", _duellers(fx.state, fx.me, scoring), prompt, heart_mine)


@step("heart_mine")
def heart_mine(fx: Fx, *, choice: str) -> Steps:
    prompt = "Heart of the Battle: choose the minion it duels (the loser is destroyed)"
    targets = duels.opponents_here(fx.state, choice)
    return duels.challenge_with(fx, choice, targets, prompt, duels.losers_destroyed)


def _outpowered_by(state: GameState, seat: int, base: int) -> list[int]:
    """The other players whose total power on `base` exceeds that of `seat` (who has a minion
    there): those whose minions an Honorable Combat there may challenge."""
    if not any(m.controller == seat for m in state.bases[base].minions):
        return []
    totals = rules.power_by_seat(state, base)
    return [s for s, p in totals.items() if s != seat and p > totals.get(seat, 0)]


def honorable_combat(fx: Fx) -> Steps:
    if not duels.may_start(fx.state):
        return ()
    bases = [i for i in fx.bases() if _outpowered_by(fx.state, fx.me, i)]
    prompt = "Honorable Combat: choose a base where another player has more power than you"
    return fx.choose("base", bases, prompt, honorable_base)


@step("honorable_base")
def honorable_base(fx: Fx, *, choice: int) -> Steps:
    prompt = "Honorable Combat: choose your minion that challenges"
    return fx.choose("minion", fx.minions(base=choice, controller=fx.me), prompt, honorable_mine)


@step("honorable_mine")
def honorable_mine(fx: Fx, *, choice: str) -> Steps:
    base = fx.base_of(choice)
    stronger = _outpowered_by(fx.state, fx.me, base)
    targets = [m for m in fx.minions(base=base) if m.controller in stronger]
    prompt = "Honorable Combat: choose the minion it challenges (the winner's player gains 1 VP)"
    return duels.challenge_with(fx, choice, targets, prompt, honorable_result)


@step("honorable_result")
def honorable_result(fx: Fx, *, winners: list[str]) -> Steps:
    """The controller of each winning minion gains 1 VP (a tie: both); nothing is destroyed."""
    return tuple(x for seat in duels.winning_seats(fx.state, winners) for x in fx.gain_vp(seat, 1))


# --- bases -----------------------------------------------------------------------------------


def _from_this_base(state: GameState, src: Source, gone: MinionDiscarded) -> bool:
    return gone.base == src.base


SAKURA = OncePerTurn("sakura_garden")  # per player


def sakura_garden(fx: Fx, gone: MinionDiscarded) -> Steps:
    """The first time in the turn for each player: that player draws a card."""
    seat = gone.controller
    return SAKURA.once(fx.state, seat, then=fx.draw(seat, 1))


# --- the cards: each one's abilities, as values ----------------------------------------

card("samurai.samurai_chan", Triggered(Moment.DISCARDED_FROM_PLAY, samurai_chan))
card("samurai.ronin", OnPlay(ronin))
card("samurai.bushi", Triggered(Moment.DISCARDED_FROM_PLAY, bushi))
card(
    "samurai.shogun",
    Triggered(Moment.MINION_DISCARDED_FROM_PLAY, shogun, when=another_of_its_controllers_minions),
)
card(
    "samurai.final_haiku",
    AttachCondition(on_a_minion_you_control),
    Triggered(Moment.MINION_DISCARDED_FROM_PLAY, final_haiku, when=its_host_left),
)
card("samurai.code_of_bushido", OnPlay(code_of_bushido), IncreasesPower())
card("samurai.honor_the_ancestors", OnPlay(honor_the_ancestors), IncreasesPower())
card("samurai.yokai_attack", OnPlay(yokai_attack))
card(
    WAY,
    OnPlay(way_of_the_warrior),
    Triggered(Moment.MINION_DISCARDED_FROM_PLAY, way_of_the_warrior_draw, when=_way_marked),
    IncreasesPower(),
)
card(
    HEART,
    OnPlay(heart_of_the_battle_played),
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Heart of the Battle: a minion of yours here duels another player's",
        _heart_may,
        heart_of_the_battle,
        plays_it=True,
    ),
)
card("samurai.honorable_combat", OnPlay(honorable_combat))
card(
    "samurai.honor_the_fallen",
    Triggered(Moment.MINION_DISCARDED_FROM_PLAY, honor_the_fallen, when=_mine_from_its_base),
)
card(
    "base.sakura_garden",
    Triggered(Moment.MINION_DISCARDED_FROM_PLAY, sakura_garden, when=_from_this_base),
)
