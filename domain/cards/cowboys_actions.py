"""Cowboys ("Oops, You Did It Again"): the actions that start no duel."""

from __future__ import annotations

from domain import board, piles, plays, rules, seen, verbs
from domain.abilities import Protection, card
from domain.effects import OnPlay, Special, Triggered, anytime
from domain.facts import MinionPlayed
from domain.fx import Fx, Steps
from domain.model import GameState, Minion, Option, Zone
from domain.moments import Moment, Window
from domain.registry import Cause, Source
from domain.steps import step
from domain.verbs import extra_play_base, play_now

# --- Form a Posse ----------------------------------------------------------------------------

POSSE = "cowboys.form_a_posse"


def form_a_posse(fx: Fx) -> Steps:
    """The minions I control now: +1 power and immune to destroy, move and return this turn
    (a lasting effect noting them)."""
    mine = fx.minions(controller=fx.me)
    turn = fx.state.turn
    lasting = board.linger(POSSE, fx.me, turn, turn, " ".join(m.uid for m in mine))
    return (*lasting, *(x for m in mine for x in fx.add_power(m.uid, 1, this_turn=True)))


def posse_immunity(
    state: GameState, src: Source, base: int, minion: Minion, cause: Cause
) -> str | None:
    if cause.verb not in ("destroy", "move", "return"):
        return None
    covered = any(
        x.card == POSSE
        and x.seat == src.controller
        and x.from_turn <= state.turn <= x.until_turn
        and minion.uid in (x.note or "").split()
        for x in state.lingering
    )
    return "block" if covered else None


# --- Gold Strike ----------------------------------------------------------------------------


def _mine_played_here(state: GameState, src: Source, played: MinionPlayed) -> bool:
    return played.base == src.base and played.by == src.controller


def gold_strike(fx: Fx) -> Steps:
    return fx.draw(fx.me, 1)


# --- Stagecoach -----------------------------------------------------------------------------


def _my_cards_at(fx: Fx, base: int) -> list[Option]:
    """The cards I control at a base that Stagecoach may relocate: minions, actions played on
    the base itself, buried cards (their options name them to me only)."""
    out = [fx.option("minion", m) for m in fx.minions(base=base, controller=fx.me)]
    out += [fx.option("card", a) for a in fx.state.bases[base].attached if a.controller == fx.me]
    out += [fx.option("buried", c) for c in fx.buried(base, fx.me)]
    return out


def _base_of(state: GameState, card_id: str) -> int | None:
    """Where a minion, an action on a base, or a buried card (by handle) is."""
    found = rules.find_minion(state, card_id)
    if found is not None:
        return found[0]
    buried = rules.find_buried(state, card_id)
    if buried is not None:
        return buried[0]
    return next(
        (i for i, b in enumerate(state.bases) for a in b.attached if a.uid == card_id), None
    )


def stagecoach(fx: Fx) -> Steps:
    options = [o for b in fx.bases() for o in _my_cards_at(fx, b)]
    prompt = "Stagecoach: choose a card you control to relocate (up to two from one base)"
    return fx.ask(fx.me, "card", prompt, options, stagecoach_first, optional=True)


@step("stagecoach_first")
def stagecoach_first(fx: Fx, *, choice: str) -> Steps:
    base = _base_of(fx.state, choice)
    if base is None:
        return ()
    others = [o for o in _my_cards_at(fx, base) if o.id != choice]
    prompt = "Stagecoach: choose a second card of yours at the same base, or none"
    return fx.ask(
        fx.me,
        "card",
        prompt,
        others,
        stagecoach_second,
        optional=True,
        skip_label="Only the first",
        on_skip=stagecoach_second,
        first=choice,
    )


@step("stagecoach_second")
def stagecoach_second(fx: Fx, *, first: str, choice: str | None = None) -> Steps:
    base = _base_of(fx.state, first)
    if base is None:
        return ()
    cards = [first] if choice is None else [first, choice]
    prompt = "Stagecoach: choose the base the cards go to"
    elsewhere = [i for i in fx.bases() if i != base]
    return fx.choose("base", elsewhere, prompt, stagecoach_go, cards=cards)


@step("stagecoach_go")
def stagecoach_go(fx: Fx, *, cards: list[str], choice: int) -> Steps:
    out: Steps = ()
    for card_id in cards:
        base = _base_of(fx.state, card_id)
        if base is None or base == choice:
            continue
        if rules.find_minion(fx.state, card_id) is not None:
            out += fx.move(card_id, choice)
        else:
            out += board.relocate(card_id, base, choice)
    return out


# --- Gold in Them Thar Hills ----------------------------------------------------------------


def gold_hills(fx: Fx) -> Steps:
    """Look at my top three cards (options only I see); take one, revealed, into my hand."""
    reshuffle, top = piles.top_of_deck(fx, 3)
    prompt = "Gold in Them Thar Hills: choose one of the top cards of your deck to take"
    return (*reshuffle, *fx.choose("card", top, prompt, gold_hills_take, looked=len(top)))


@step("gold_hills_take")
def gold_hills_take(fx: Fx, *, looked: int, choice: str) -> Steps:
    """The card chosen is revealed and taken; the others go back on top (before the card
    taken may be played: a draw while playing it would draw them)."""
    deck = fx.deck()
    taken = next((c for c in deck[:looked] if c.uid == choice), None)
    if taken is None:
        return ()
    rest = [c for c in deck[:looked] if c.uid != choice]
    out = (*fx.reveal(taken, "deck"), *fx.move_card(taken, "deck", "hand"))
    if len({c.card for c in rest}) > 1:  # the others go back on top in the order I choose
        prompt = "Gold in Them Thar Hills: choose the card to put on top of your deck"
        out += fx.choose("card", rest, prompt, gold_hills_order)
    return (*out, *fx.then(gold_hills_play, uid=taken.uid))


@step("gold_hills_order")
def gold_hills_order(fx: Fx, *, choice: str) -> Steps:
    top = next((c for c in fx.deck() if c.uid == choice), None)
    return () if top is None else fx.move_card(top, "deck", "deck_top", public=False)


@step("gold_hills_play")
def gold_hills_play(fx: Fx, *, uid: str) -> Steps:
    """The card taken may be played at once as an extra card of its kind."""
    taken = next((c for c in fx.hand() if c.uid == uid), None)
    if taken is None:
        return ()
    kind = rules.card_type(taken.card)
    if kind == "minion" and not plays.extra_minion_bases(fx.state, fx.me, taken.card, None, None):
        return ()
    if kind == "action" and not plays.action_playable(fx.state, fx.me, taken.card):
        return ()
    option = Option("play", f"Play {rules.name(taken.card)} now", True)
    prompt = f"Gold in Them Thar Hills: you may play {rules.name(taken.card)} now"
    return fx.ask(fx.me, "yes_no", prompt, [option], gold_hills_extra, optional=True, uid=uid)


@step("gold_hills_extra")
def gold_hills_extra(fx: Fx, *, uid: str, choice: bool) -> Steps:
    taken = next((c for c in fx.hand() if c.uid == uid), None)
    if taken is None:
        return ()
    if rules.card_type(taken.card) != "minion":
        return play_now(fx, fx.me, taken)
    bases = plays.extra_minion_bases(fx.state, fx.me, taken.card, None, None)
    prompt = f"Play {rules.name(taken.card)} on which base?"
    options = [fx.option("base", i) for i in bases]
    return fx.ask(fx.me, "base", prompt, options, extra_play_base, seat=fx.me, uid=uid)


# --- Dynamite Surprise ----------------------------------------------------------------------

DYNAMITE = "cowboys.dynamite_surprise"


def _not_winning_there(state: GameState, seat: int, uid: str, base: int) -> bool:
    """I control a minion on the base about to score and another player has more power there
    (a tie for the most power is winning too)."""
    if not 0 <= base < len(state.bases):
        return False
    if not any(m.controller == seat for m in state.bases[base].minions):
        return False
    totals = rules.power_by_seat(state, base)
    best = max((v for s, v in totals.items() if s != seat), default=0)
    return totals.get(seat, 0) < best


def _blast(fx: Fx, targets: list[Minion]) -> Steps:
    """This card is played (outside the action limit) from where it is: one of `targets` of
    power 4 or less is destroyed, then the card is discarded."""
    where = rules.locate(fx.state, fx.src)
    if where is None or where[0] not in ("hand", "deck"):
        return ()
    played = board.action_played(fx, str(where[0]))
    small = [m for m in targets if fx.power(m) <= 4]
    prompt = "Dynamite Surprise: destroy a minion of power 4 or less"
    return (
        *played,
        *fx.choose("minion", small, prompt, verbs.destroy),
        *fx.then(verbs.discard_resolving, uid=fx.src),
    )


def dynamite_before_scoring(fx: Fx) -> Steps:
    return _blast(fx, fx.minions(base=fx.base))


def dynamite_when_seen(fx: Fx) -> Steps:
    """The player whose card showed my hand, or this card from my deck: one of their minions."""
    return _blast(fx, fx.minions(controller=seen.looker(fx)))


card("cowboys.form_a_posse", OnPlay(form_a_posse), Protection(posse_immunity))
card("cowboys.gold_in_them_thar_hills", OnPlay(gold_hills))
card("cowboys.stagecoach", OnPlay(stagecoach))
card(
    DYNAMITE,
    Special(
        Window.BEFORE_SCORING,
        Zone.HAND,
        "Dynamite Surprise: destroy a minion of power 4 or less here",
        _not_winning_there,
        dynamite_before_scoring,
        plays_it=True,
    ),
    Special(
        Window.SEEN,
        Zone.HAND,
        "Dynamite Surprise: destroy their minion",
        anytime,
        dynamite_when_seen,
        plays_it=True,
    ),
    Special(
        Window.SEEN,
        Zone.DECK,
        "Dynamite Surprise: destroy their minion",
        anytime,
        dynamite_when_seen,
        plays_it=True,
    ),
)
card("cowboys.gold_strike", Triggered(Moment.MINION_PLAYED, gold_strike, when=_mine_played_here))
