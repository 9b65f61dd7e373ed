"""Tricksters: punish and forbid the opponents' plays. Bases: Cave of Shinies, Mushroom Kingdom."""

from __future__ import annotations

from domain import board, piles, rules, verbs
from domain.abilities import Protection, Restriction, card
from domain.catalogue import catalogue
from domain.effects import OnPlay, Triggered
from domain.facts import Affected, MinionDestroyed, MinionPlayed, TurnStarted
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Option, Task
from domain.moments import Moment
from domain.registry import Cause, Source
from domain.selectors import an_opponent_played_here, destroyed_here, its_controllers_turn
from domain.steps import step

# --- minions -------------------------------------------------------------------------------


def leprechaun(fx: Fx, played: MinionPlayed) -> Steps:
    uid = played.uid
    if fx.base_of(uid) != fx.base:  # it left meanwhile
        return ()
    return fx.destroy(uid) if fx.power(uid) < fx.power(fx.src) else ()


def brownie(fx: Fx, cause: Affected) -> Steps:
    if not cause.played:  # only a card being played, not one already in play
        return ()
    return piles.random_discard(fx, cause.by, 2)


def gnome(fx: Fx) -> Steps:
    count = len(fx.minions(base=fx.base, controller=fx.me))
    weaker = [m for m in fx.minions(base=fx.base) if fx.power(m) < count]
    prompt = f"You may destroy a minion here with power less than {count}"
    return fx.choose("minion", weaker, prompt, then=verbs.destroy, optional=True)


def gremlin(fx: Fx) -> Steps:
    steps = fx.draw(fx.me, 1)
    for seat in fx.others():
        steps += piles.random_discard(fx, seat, 1)
    return steps


# --- actions -------------------------------------------------------------------------------


def block_the_path(fx: Fx) -> Steps:
    factions = dict.fromkeys(f for p in fx.state.players for f in p.factions)
    options = [Option(f, catalogue().name(f), f) for f in factions]
    prompt = "Block the Path: name a faction whose minions can't be played on this base"
    return fx.ask(fx.me, "faction", prompt, options, block_the_path_named)


@step("block_the_path_named")
def block_the_path_named(fx: Fx, *, choice: str) -> Steps:
    return board.note(fx.src, choice)


def _note(state: GameState, src: Source) -> str | None:
    return next((a.note for a in state.bases[src.base].attached if a.uid == src.uid), None)


def block_the_path_forbids(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
    if base != src.base or rules.card_type(card) != "minion":
        return False
    return rules.faction_of(card) == _note(state, src)


def disenchant(fx: Fx) -> Steps:
    actions = [a for _, a, _ in fx.attached()]
    prompt = "Destroy an action attached to a minion or a base"
    return fx.choose("card", actions, prompt, then=verbs.destroy_attached)


def enshrouding_mist_played(fx: Fx) -> Steps:
    """Its extra play is there on the turn it is played too: it is one of your turns."""
    if fx.state.active != fx.me or fx.state.phase != "play":
        return ()
    return fx.extra_play("minion", base=fx.state.bases[fx.base].card)


def enshrouding_mist(fx: Fx) -> Steps:
    """At the start of my turn: an extra minion play for this base, kept for the play phase."""
    return fx.extra_play("minion", base=fx.state.bases[fx.base].card, kept=True)


def flame_trap(fx: Fx, played: MinionPlayed) -> Steps:
    uid = played.uid
    if fx.base_of(uid) != fx.base:  # it left meanwhile
        return ()
    return (*fx.destroy(uid), *board.destroy_attached(fx, fx.src))


HIDEOUT = "tricksters.hideout"


def hideout(state: GameState, src: Source, base: int, m: Minion, cause: Cause) -> str | Task | None:
    opponent_action = cause.kind == "action" and cause.seat not in (None, src.controller)
    if not opponent_action or m.controller != src.controller:
        return None
    here = state.bases[base].card
    if src.uid.startswith("lingering:"):  # the same action, after a Hideout took the hit
        key = f"{here}|{cause.uid}"
        mine = [x for x in state.lingering if x.card == HIDEOUT and x.seat == src.controller]
        return "block" if any(x.note == key for x in mine) else None
    if base != src.base:
        return None
    return Task("hideout_used", {"hideout": src.uid, "hideout_seat": src.controller, "at": here})


@step("hideout_used")
def hideout_used(fx: Fx, *, hideout: str, hideout_seat: int, at: str) -> Steps:
    """Hideout is destroyed instead; that action leaves the minions there alone this turn."""
    turn = fx.state.turn
    note = f"{at}|{fx.src}"
    return (
        *board.destroy_attached(fx, hideout),
        *board.linger(HIDEOUT, hideout_seat, turn, turn, note),
    )


def mark_of_sleep(fx: Fx) -> Steps:
    seats = [*fx.others(), fx.me]
    prompt = "Mark of Sleep: choose a player who can't play actions on their next turn"
    return fx.choose("seat", seats, prompt, mark_of_sleep_seat)


@step("mark_of_sleep_seat")
def mark_of_sleep_seat(fx: Fx, *, choice: int) -> Steps:
    seat = choice
    turn = rules.next_turn_of(fx.state, seat)
    return board.linger("tricksters.mark_of_sleep", seat, turn, turn)


def mark_of_sleep_forbids(state: GameState, src: Source, seat: int, card: str, base: int) -> bool:
    return seat == src.controller and rules.card_type(card) == "action"


def pay_the_piper(fx: Fx, played: MinionPlayed) -> Steps:
    seat = played.by
    prompt = "Pay the Piper: discard a card"
    return fx.choose("card", fx.hand(seat), prompt, pay_the_piper_discard, seat=seat, victim=seat)


@step("pay_the_piper_discard")
def pay_the_piper_discard(fx: Fx, *, victim: int, choice: str) -> Steps:
    card = next(c for c in fx.hand(victim) if c.uid == choice)
    return piles.discard_from_hand(card)


def take_the_shinies(fx: Fx) -> Steps:
    steps: Steps = ()
    for seat in fx.others():
        steps += piles.random_discard(fx, seat, 2)
    return steps


# --- bases ---------------------------------------------------------------------------------


def cave_of_shinies(fx: Fx, destroyed: MinionDestroyed) -> Steps:
    return fx.gain_vp(destroyed.owner, 1, "base.cave_of_shinies")


def mushroom_kingdom(fx: Fx, turn: TurnStarted) -> Steps:
    seat = turn.seat
    theirs = [m for m in fx.minions() if m.controller != seat and fx.base_of(m) != fx.base]
    prompt = "Mushroom Kingdom: you may move an opponent's minion to this base"
    return fx.choose("minion", theirs, prompt, verbs.move, optional=True, seat=seat, to=fx.base)


# --- the cards: each one's abilities, as values ----------------------------------------

card("tricksters.leprechaun", Triggered(Moment.MINION_PLAYED, leprechaun, an_opponent_played_here))
card("tricksters.brownie", Triggered(Moment.AFFECTED, brownie))
card("tricksters.gnome", OnPlay(gnome))
card("tricksters.gremlin", Triggered(Moment.DESTROYED, gremlin))
card("tricksters.block_the_path", OnPlay(block_the_path), Restriction(block_the_path_forbids))
card("tricksters.disenchant", OnPlay(disenchant))
card(
    "tricksters.enshrouding_mist",
    OnPlay(enshrouding_mist_played),
    Triggered(Moment.START_OF_TURN, enshrouding_mist, its_controllers_turn),
)
card("tricksters.flame_trap", Triggered(Moment.MINION_PLAYED, flame_trap, an_opponent_played_here))
card(HIDEOUT, Protection(hideout))
card("tricksters.mark_of_sleep", OnPlay(mark_of_sleep), Restriction(mark_of_sleep_forbids))
card(
    "tricksters.pay_the_piper",
    Triggered(Moment.MINION_PLAYED, pay_the_piper, an_opponent_played_here),
)
card("tricksters.take_the_shinies", OnPlay(take_the_shinies))
card("base.cave_of_shinies", Triggered(Moment.MINION_DESTROYED, cave_of_shinies, destroyed_here))
card("base.mushroom_kingdom", Triggered(Moment.START_OF_TURN, mushroom_kingdom))
