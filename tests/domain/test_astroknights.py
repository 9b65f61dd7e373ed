"""Astroknights (Cease and Desist): each card and its rulebook clarifications (the bases are in
test_astroknights_bases)."""

from __future__ import annotations

from domain import UseTalent, abilities
from domain.abilities import OngoingPower
from domain.catalogue import catalogue
from domain.model import GameState, Minion
from domain.registry import Source
from domain.rules import all_minions, power
from tests.domain.ids import ids
from tests.domain.table import Table

KNIGHT, SCOUNDREL, PRINCE, CARPET = ids(
    "astroknights", "space_knight scoundrel space_prince walking_carpet"
)
GURU, ANNOYING, ASTRO_ROBOT, MANNERSBOT = ids(
    "astroknights", "alien_guru annoying_alien astro_robot mannersbot"
)
PUPOKS, GHOST = "astroknights.pupoks", "astroknights.ghost_knight"
PROBE, HIDDEN_BASE, TRAP, SWORD = ids(
    "astroknights", "block_the_probe hidden_base its_a_trap laser_sword"
)
PREPARE, RECYCLE, FOURS, RAGE = ids(
    "astroknights", "prepare_for_battle recycle_the_trash use_the_fours yield_to_rage"
)
HIVE, NEUTRAL, NO_MOON = "base.hive_of_scum_and_villainy", "base.neutral_space", "base.no_moon"

HOME, TAR_PITS, OASIS = "base.the_homeworld", "base.tar_pits", "base.jungle_oasis"
REX, WALKER, ZAPBOT = "dinosaurs.king_rex", "zombies.walker", "robots.zapbot"
AUGMENTATION, DISINTEGRATOR = "dinosaurs.augmentation", "aliens.disintegrator"
UPGRADE, STARS, SACRIFICE = "dinosaurs.upgrade", "ninjas.seeing_stars", "wizards.sacrifice"
SUMMON, OVERLORD = "wizards.summon", "aliens.supreme_overlord"
CORE = ["aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies"]


def mine(t: Table, card: str, seat: int) -> Minion:
    return next(m for _, m in all_minions(t.state) if m.card == card and m.controller == seat)


def talent(t: Table, card: str) -> None:
    t.do(UseTalent(t.seat, mine(t, card, t.seat).uid))


# --- Space Knight -----------------------------------------------------------------------------


def test_space_knight_takes_a_revealed_action_and_puts_the_rest_back_in_the_order_chosen() -> None:
    deck = [REX, AUGMENTATION, WALKER, ZAPBOT]
    t = Table([HOME], hands=[[], []], board=[(0, KNIGHT, 0)], decks=[deck, []])
    talent(t, KNIGHT)
    assert t.options() == [AUGMENTATION, "skip"]  # only the action may be taken
    t.choose(AUGMENTATION)
    assert AUGMENTATION in t.hand(0)
    t.choose(WALKER)  # on top first
    assert t.deck(0) == [WALKER, REX, ZAPBOT]
    assert t.replays_exactly()


def test_space_knight_may_leave_the_action_on_the_deck() -> None:
    t = Table([HOME], hands=[[], []], board=[(0, KNIGHT, 0)], decks=[[AUGMENTATION, REX], []])
    talent(t, KNIGHT)
    t.choose("skip")
    assert t.hand(0) == []
    t.choose(REX)
    assert t.deck(0) == [REX, AUGMENTATION]


# --- Scoundrel --------------------------------------------------------------------------------


def test_scoundrel_moves_with_another_of_your_minions_to_one_base() -> None:
    board = [(0, SCOUNDREL, 0), (0, REX, 0), (0, WALKER, 1)]
    t = Table([HOME, TAR_PITS, OASIS], hands=[[], []], board=board)
    talent(t, SCOUNDREL)
    assert sorted(t.options()) == sorted([REX, "skip"])  # not the opponent's walker
    t.choose(REX)
    t.choose(2)
    assert sorted(t.minions_on(2)) == sorted([SCOUNDREL, REX])
    assert t.minions_on(0) == [WALKER]


def test_scoundrel_may_move_alone_when_no_other_minion_of_yours_is_on_its_base() -> None:
    """Rulebook clarification (Vaurienne)."""
    t = Table([HOME, TAR_PITS], hands=[[], []], board=[(0, SCOUNDREL, 0), (1, REX, 0)])
    talent(t, SCOUNDREL)
    assert t.minions_on(1) == [REX, SCOUNDREL]  # the only other base: chosen at once
    assert t.minions_on(0) == []


# --- Space Prince -----------------------------------------------------------------------------


def test_space_prince_gives_an_extra_action_that_must_raise_a_minions_power() -> None:
    hand = [[STARS, AUGMENTATION, SACRIFICE, FOURS], []]
    t = Table([HOME], hands=hand, board=[(0, PRINCE, 0), (0, WALKER, 1)])
    talent(t, PRINCE)
    t.play(STARS)  # the normal action play (the walker, its only target, is destroyed)
    playable = {c.card for c in t.state.players[0].hand if c.uid in action_moves(t)}
    assert playable == {AUGMENTATION, FOURS}


def action_moves(t: Table) -> set[str]:
    from domain import PlayAction

    return {m.card for m in t.moves() if isinstance(m, PlayAction)}


# --- Annoying Alien ---------------------------------------------------------------------------


def test_annoying_alien_gives_minus_two_to_every_minion_of_the_named_name_here_until_my_turn() -> (
    None
):
    board = [(0, ANNOYING, 0), (0, REX, 1), (0, REX, 0), (0, WALKER, 1), (1, REX, 1)]
    t = Table([HOME, TAR_PITS], hands=[[], []], board=board)
    talent(t, ANNOYING)
    assert sorted(t.options()) == sorted([ANNOYING, REX, WALKER])
    t.choose(REX)
    here = [m for m in t.state.bases[0].minions if m.card == REX]
    assert [power(t.state, 0, m) for m in here] == [5, 5]  # mine too
    assert t.power(WALKER) == 2
    assert power(t.state, 1, t.state.bases[1].minions[0]) == 7  # another base
    t.end_turn()
    assert [power(t.state, 0, m) for m in here] == [5, 5]  # still in the opponent's turn
    t.end_turn()
    assert [power(t.state, 0, m) for m in here] == [7, 7]  # gone when my turn starts


# --- Astro Robot ------------------------------------------------------------------------------


def test_astro_robot_must_destroy_an_action_attached_here() -> None:
    t = Table([HOME, TAR_PITS], hands=[[ASTRO_ROBOT, UPGRADE], []], board=[(0, REX, 1)])
    t.play(UPGRADE, target=REX)
    t.end_turn()
    t.end_turn()
    t.play(ASTRO_ROBOT, 0)
    assert t.minion(REX).attached == ()  # the only target: destroyed, no skip
    assert UPGRADE in t.discard(0)


# --- Mannersbot -------------------------------------------------------------------------------


def test_mannersbot_draws_the_top_card_only_when_it_is_an_action() -> None:
    t = Table([HOME], hands=[[], []], board=[(0, MANNERSBOT, 0)], decks=[[REX, STARS], []])
    talent(t, MANNERSBOT)
    assert t.hand(0) == []
    assert t.deck(0) == [REX, STARS]
    t = Table([HOME], hands=[[], []], board=[(0, MANNERSBOT, 0)], decks=[[STARS, REX], []])
    talent(t, MANNERSBOT)
    assert t.hand(0) == [STARS]
    assert t.deck(0) == [REX]


# --- Pupoks -----------------------------------------------------------------------------------


def test_pupoks_pays_one_vp_to_draw_three_and_may_play_one_as_an_extra_card() -> None:
    deck = [REX, STARS, WALKER, ZAPBOT]
    t = Table([TAR_PITS], hands=[[], []], board=[(0, PUPOKS, 0)], decks=[deck, []], vp=[2, 0])
    talent(t, PUPOKS)
    assert t.vp() == [1, 0]
    assert sorted(t.hand(0)) == sorted([REX, STARS, WALKER])
    t.choose(REX)  # onto the only base: chosen at once
    assert REX in t.minions_on(0)
    assert [a.kind for a in t.state.players[0].plays] == ["minion", "action"]  # untouched


def test_pupoks_does_nothing_without_a_vp_to_pay() -> None:
    t = Table([HOME], hands=[[], []], board=[(0, PUPOKS, 0)], vp=[0, 0])
    uid = mine(t, PUPOKS, 0).uid
    assert not any(isinstance(m, UseTalent) and m.card == uid for m in t.moves())


# --- Ghost Knight -----------------------------------------------------------------------------


def test_ghost_knight_cannot_be_destroyed_and_gives_your_other_minions_here_two_power() -> None:
    board = [(0, GHOST, 0), (0, WALKER, 0), (0, ZAPBOT, 1), (1, REX, 0)]
    t = Table([HOME, TAR_PITS], hands=[[STARS], []], board=board)
    assert t.power(GHOST) == 0
    assert t.power(WALKER) == 4
    assert t.power(ZAPBOT) == 2  # not the opponent's
    assert t.power(REX) == 7  # not on another base
    t.play(STARS)
    t.choose(GHOST)
    assert GHOST in t.minions_on(0)


# --- Block the Probe --------------------------------------------------------------------------


def test_block_the_probe_gives_any_minion_two_power_until_the_end_of_the_turn() -> None:
    t = Table([HOME], hands=[[PROBE], []], board=[(0, REX, 1)])
    t.play(PROBE)
    assert t.power(REX) == 9
    t.end_turn()
    assert t.power(REX) == 7


def test_block_the_probe_may_be_played_as_a_base_is_about_to_score_for_that_turn_only() -> None:
    """Its Special: in another player's turn, outside the normal action play; the +2 lasts
    until the end of the turn being played."""
    board = [(0, REX, 0), (0, OVERLORD, 0), (0, WALKER, 1)]
    t = Table([OASIS, TAR_PITS], hands=[[], [PROBE]], board=board, base_deck=[HOME])
    t.end_turn()
    assert t.pending.seat == 1
    assert t.options() == [PROBE, "skip"]
    t.choose(PROBE)
    t.choose(WALKER)
    t.pass_empty_me_first()
    scored = {p.seat: p.power for p in t.state.last_scored}
    assert scored == {0: 12, 1: 4}
    assert PROBE in t.discard(1)


# --- Hidden Base ------------------------------------------------------------------------------


def test_hidden_base_draws_a_card_at_the_start_of_your_turn_while_you_have_a_minion_there() -> None:
    t = Table([HOME, TAR_PITS], hands=[[HIDDEN_BASE], []], board=[(0, REX, 0), (1, WALKER, 1)])
    t.play(HIDDEN_BASE, 0)
    t.end_turn()  # seat 0 draws its two cards
    assert len(t.hand(0)) == 2  # no card at the start of the opponent's turn
    t.end_turn()
    assert len(t.hand(0)) == 3


def test_hidden_base_draws_nothing_without_a_minion_of_yours_there() -> None:
    t = Table([HOME, TAR_PITS], hands=[[HIDDEN_BASE], []], board=[(1, REX, 0), (0, WALKER, 1)])
    t.play(HIDDEN_BASE, 0)
    t.end_turn()
    t.end_turn()
    assert len(t.hand(0)) == 2


# --- It's a Trap! -----------------------------------------------------------------------------


def test_its_a_trap_reveals_until_an_action_and_may_play_it_at_once() -> None:
    board = [(0, REX, 0), (0, OVERLORD, 0), (0, WALKER, 1)]
    deck = [ZAPBOT, WALKER, PROBE, REX]
    t = Table([OASIS, TAR_PITS], hands=[[], [TRAP]], board=board, decks=[[], deck])
    t.end_turn()
    t.choose(TRAP)
    assert t.pending.prompt.startswith("It's a Trap!: Block the Probe was revealed")
    t.choose("play")
    t.choose(WALKER)  # Block the Probe on the walker
    assert sorted(t.deck(1)) == sorted([ZAPBOT, WALKER, REX])  # shuffled back
    assert {TRAP, PROBE} <= set(t.discard(1))


def test_its_a_trap_may_put_the_action_into_the_hand() -> None:
    board = [(0, REX, 0), (0, OVERLORD, 0), (0, WALKER, 1)]
    t = Table([OASIS, TAR_PITS], hands=[[], [TRAP]], board=board, decks=[[], [ZAPBOT, STARS]])
    t.end_turn()
    t.choose(TRAP)
    t.choose("hand")
    assert STARS in t.hand(1)
    assert t.deck(1) == [ZAPBOT]


def test_its_a_trap_is_only_a_special() -> None:
    """It has no normal on-play text: it is no normal action play."""
    t = Table([HOME], hands=[[TRAP], []], board=[(0, REX, 0)])
    assert action_moves(t) == set()


# --- Laser Sword ------------------------------------------------------------------------------


def test_laser_sword_gives_one_power_and_shields_from_other_players_minions() -> None:
    board = [(0, REX, 0), (0, ANNOYING, 1)]
    t = Table([HOME], hands=[[SWORD], []], board=board)
    t.play(SWORD, target=REX)
    assert t.power(REX) == 8
    t.end_turn()
    talent(t, ANNOYING)
    t.choose(REX)
    assert t.power(REX) == 8  # the opponent's minion does not affect it


def test_laser_sword_does_not_shield_from_its_controllers_own_minions_or_actions() -> None:
    board = [(0, REX, 1), (0, ANNOYING, 0)]
    t = Table([HOME], hands=[[SWORD, STARS], []], board=board)
    t.play(SWORD, target=REX)
    talent(t, ANNOYING)
    t.choose(REX)
    assert t.power(REX) == 6  # 7 + 1 - 2


def weaken_others_here(state: GameState, src: Source, base: int, m: Minion) -> int:
    """A test minion: every other minion on its base gets -2 power."""
    return -2 if base == src.base and m.uid != src.uid else 0


def test_an_opponents_minion_ongoing_power_change_does_not_reach_a_laser_sword_host() -> None:
    with abilities.extra(WALKER, OngoingPower(weaken_others_here)):
        t = Table([TAR_PITS], hands=[[SWORD], []], board=[(0, REX, 0), (0, WALKER, 1)])
        assert t.power(REX) == 5
        t.play(SWORD, target=REX)
        assert t.power(REX) == 8


# --- Prepare for Battle -----------------------------------------------------------------------


def test_prepare_for_battle_takes_one_of_two_and_puts_the_other_at_the_bottom() -> None:
    t = Table([HOME], hands=[[PREPARE], []], decks=[[REX, STARS, WALKER], []])
    t.play(PREPARE)
    t.choose(STARS)
    assert STARS in t.hand(0)
    t.choose("deck_bottom")
    assert t.deck(0) == [WALKER, REX]


def test_prepare_for_battle_may_leave_the_other_on_top() -> None:
    t = Table([HOME], hands=[[PREPARE], []], decks=[[REX, STARS, WALKER], []])
    t.play(PREPARE)
    t.choose(REX)
    t.choose("deck_top")
    assert t.deck(0) == [STARS, WALKER]


# --- Recycle the Trash ------------------------------------------------------------------------


def test_recycle_the_trash_shuffles_up_to_two_actions_from_the_discard_into_the_deck() -> None:
    discard = [STARS, REX, AUGMENTATION, SUMMON]
    t = Table([HOME], hands=[[RECYCLE], []], discards=[discard, []], decks=[[WALKER], []])
    t.play(RECYCLE)
    assert sorted(t.options()) == sorted([STARS, AUGMENTATION, SUMMON, "skip"])
    t.choose(STARS)
    t.choose(SUMMON)
    assert sorted(t.deck(0)) == sorted([WALKER, STARS, SUMMON])
    assert sorted(t.discard(0)) == sorted([REX, AUGMENTATION, RECYCLE])


# --- Use the Fours, Yield to Rage -------------------------------------------------------------


def test_use_the_fours_gives_one_of_your_minions_four_power_this_turn() -> None:
    t = Table([HOME], hands=[[FOURS], []], board=[(0, REX, 0), (0, WALKER, 1)])
    t.play(FOURS)  # the only minion of mine: chosen at once
    assert t.power(REX) == 11
    assert t.power(WALKER) == 2
    t.end_turn()
    assert t.power(REX) == 7


def test_yield_to_rage_gives_two_power_then_one_extra_action() -> None:
    t = Table([HOME], hands=[[RAGE, STARS, PROBE], []], board=[(0, REX, 0), (0, WALKER, 1)])
    t.play(RAGE)
    assert t.power(REX) == 9
    t.play(PROBE)  # the extra action
    t.choose(WALKER)
    assert t.discard(0) == [RAGE, PROBE]
    assert action_moves(t) == set()  # no third one


def test_the_power_giving_actions_are_direct_power_increases() -> None:
    from domain.abilities import increases_power

    assert all(increases_power(c) for c in (PROBE, SWORD, FOURS, RAGE))
    assert not any(increases_power(c) for c in (PREPARE, RECYCLE, TRAP, HIDDEN_BASE))


# --- Walking Carpet ---------------------------------------------------------------------------


def carpet_table(hand: list[str]) -> Table:
    """Oasis (12) is about to score; seat 1's Walking Carpet there is not winning."""
    board = [(0, REX, 0), (0, OVERLORD, 0), (0, CARPET, 1)]
    return Table([OASIS, TAR_PITS], hands=[[], hand], board=board, base_deck=[HOME])


def test_walking_carpet_plays_a_power_raising_action_from_hand_on_itself_before_scoring() -> None:
    t = carpet_table([AUGMENTATION, STARS])
    t.end_turn()
    assert t.options() == [CARPET, "skip"]
    t.choose(CARPET)  # Augmentation, the only fitting action (Seeing Stars raises no power),
    # is played at once, on the carpet: no other minion is offered
    assert t.hand(1) == [STARS]
    t.pass_empty_me_first()
    assert {p.seat: p.power for p in t.state.last_scored} == {0: 12, 1: 8}
    assert AUGMENTATION in t.discard(1)


def test_walking_carpet_is_not_offered_to_a_player_winning_the_base() -> None:
    board = [(0, REX, 1), (0, CARPET, 1), (0, WALKER, 0)]
    t = Table([OASIS, TAR_PITS], hands=[[], [AUGMENTATION]], board=board, base_deck=[HOME])
    t.end_turn()
    assert CARPET not in t.options()


def test_walking_carpet_may_attach_a_power_raising_ongoing_action_to_itself() -> None:
    t = carpet_table([SWORD])
    t.end_turn()
    t.choose(CARPET)  # the sword, the only fitting action, goes on the carpet at once
    t.pass_empty_me_first()
    assert {p.seat: p.power for p in t.state.last_scored} == {0: 12, 1: 5}


def test_walking_carpet_plays_one_action_only_as_its_base_is_about_to_score() -> None:
    t = carpet_table([FOURS, AUGMENTATION])
    t.end_turn()
    t.choose(CARPET)
    t.choose(FOURS)
    assert CARPET not in t.options()  # still not winning (8 < 12), but once only


# --- Alien Guru -------------------------------------------------------------------------------


def test_alien_guru_places_a_counter_on_a_minion_raised_by_your_action_once_a_turn() -> None:
    board = [(0, GURU, 0), (0, REX, 1), (1, WALKER, 0)]
    t = Table([HOME, TAR_PITS], hands=[[RAGE, PROBE], []], board=board)
    t.play(RAGE)
    t.choose(WALKER)  # Yield to Rage on my walker
    assert t.options() == [WALKER, "skip"]
    t.choose(WALKER)
    assert mine(t, WALKER, 0).counters == 1
    t.play(PROBE)  # the extra action: on the opponent's minion, no counter (once a turn)
    t.choose(REX)
    assert t.pending is None
    assert t.minion(REX).counters == 0
    assert t.replays_exactly()


def test_alien_guru_lets_you_choose_which_raised_minion_gets_the_counter() -> None:
    """Rulebook clarification (Gourou Alien): several minions raised, you choose one."""
    board = [(0, GURU, 0), (0, REX, 0), (1, WALKER, 0)]
    t = Table([HOME, TAR_PITS], hands=[["dinosaurs.howl"], []], board=board)
    t.play("dinosaurs.howl")
    asked = []
    while t.pending is not None:
        asked.append(t.options()[0])
        t.choose(WALKER if WALKER in t.options() else "skip")
    assert asked == [GURU, REX, WALKER]  # asked about each, in turn
    assert mine(t, WALKER, 0).counters == 1
    assert t.minion(REX).counters == 0


def test_alien_guru_ignores_power_raising_actions_of_other_players() -> None:
    board = [(0, GURU, 1), (0, REX, 0)]
    t = Table([HOME], hands=[[FOURS], []], board=board)
    t.play(FOURS)
    assert t.pending is None
    assert t.minion(REX).counters == 0


def test_every_astroknights_card_and_base_is_implemented() -> None:
    from domain.registry import IMPLEMENTED

    cards = catalogue().faction("astroknights").card_ids
    assert len(cards) == 18
    assert set(cards) <= IMPLEMENTED
    assert {HIVE, NEUTRAL, NO_MOON} <= IMPLEMENTED
