"""Resign, abort, draw offers and takebacks (domain.table): listed exactly when legal, refused
with a stable code otherwise, and every log with them verifies."""

from __future__ import annotations

import pytest

from domain import (
    EndTurn,
    GameSetup,
    PlayerSetup,
    PlayMinion,
    RuleViolation,
    decide,
    legal_commands,
    replay,
    start_game,
)
from domain import table as tb
from domain.bots import answer
from domain.decide import awaited_seat
from domain.serialize import snapshot_point, state_from_json, state_to_json
from domain.verify import verify
from domain.view import view
from tests.domain.table import Table

OASIS = "base.jungle_oasis"
REX, INVADER = "dinosaurs.king_rex", "aliens.invader"
STUDIES = "wizards.mystic_studies"  # draws two cards
HOWL = "dinosaurs.howl"  # +1 power to each of your minions this turn


def kinds(t: Table, seat: int) -> set[str]:
    return {c.type for c in legal_commands(t.state, seat)}


def refused(t: Table, command: object) -> str:
    with pytest.raises(RuleViolation) as caught:
        t.do(command)
    return caught.value.code


def assert_verifies(t: Table) -> None:
    checked, error = verify(t.events)
    assert error is None
    assert checked == t.state
    assert t.replays_exactly()


def test_a_seat_that_resigns_a_two_seat_game_loses_it_at_once_whoever_is_awaited() -> None:
    t = Table([OASIS], hands=[[REX], [REX]])
    assert "resign" in kinds(t, 1)  # not its turn: resigning is always possible
    events = t.do(tb.Resign(1))
    assert [e.type for e in events] == ["seat_resigned", "game_ended"]
    assert t.state.winner == 0
    assert events[-1].reason == "resigned"  # type: ignore[attr-defined]
    assert legal_commands(t.state, 0) == []
    assert refused(t, tb.Resign(0)) == "game_not_active"
    assert_verifies(t)


def test_in_three_seats_a_resigned_seat_is_played_by_a_bot_and_the_last_seat_left_wins() -> None:
    t = Table([OASIS], hands=[[REX], [REX], [REX]])
    t.do(tb.Resign(0))
    assert t.state.status == "active"
    assert t.state.players[0].bot == tb.RESIGNED_BOT
    assert legal_commands(t.state, 0)[-1:] == [EndTurn(0)]  # its bot plays its turn
    assert refused(t, tb.Resign(0)) == "seat_resigned"
    assert view(t.state, None)["table"] == {"resigned": [0]}
    t.do(tb.Resign(2))
    assert (t.state.status, t.state.winner) == ("ended", 1)
    assert_verifies(t)


def finish_turn(t: Table) -> None:
    t.end_turn()
    while t.state.status == "active" and t.state.pending is not None:
        t.choose("skip")


def test_a_seat_that_resigned_cannot_win_on_vp() -> None:
    stays = Table([OASIS], hands=[[], [], []], vp=[16, 3, 2])
    finish_turn(stays)
    assert stays.state.winner == 0  # the same game without the resignation: seat 0 wins
    t = Table([OASIS], hands=[[], [], []], vp=[16, 3, 2])
    t.do(tb.Resign(0))
    finish_turn(t)
    assert (t.state.status, t.state.active) == ("active", 1)
    assert_verifies(t)


def test_abort_is_allowed_until_the_last_seat_plays_its_first_card() -> None:
    t = Table([OASIS], hands=[[REX], [REX]])
    assert "abort" in kinds(t, 0)
    t.play(REX, 0)
    t.end_turn()
    t.pass_empty_me_first()
    assert "abort" in kinds(t, 0)  # seat 1 has not played yet
    t.play(REX, 0)
    assert "abort" not in kinds(t, 0)
    assert "abort" not in kinds(t, 1)
    assert refused(t, tb.Abort(0)) == "abort_too_late"


def test_an_aborted_game_ends_with_no_winner() -> None:
    t = Table([OASIS], hands=[[REX], [REX]])
    t.play(REX, 0)
    events = t.do(tb.Abort(1))
    assert [e.type for e in events] == ["game_aborted", "game_ended"]
    assert (t.state.status, t.state.winner) == ("ended", None)
    assert events[-1].reason == "aborted"  # type: ignore[attr-defined]
    assert_verifies(t)


def test_a_draw_offer_waits_for_the_other_seat_and_ends_the_game_when_accepted() -> None:
    t = Table([OASIS], hands=[[REX], [REX]])
    t.do(tb.OfferDraw(0))
    assert awaited_seat(t.state) == 1
    assert kinds(t, 1) == {"accept_draw", "decline_draw", "resign", "abort"}
    assert kinds(t, 0) == {"resign", "abort"}  # the offerer only withdraws by leaving
    assert refused(t, PlayMinion(0, t.hand_uid(REX, 0), 0)) == "proposal_open"
    assert view(t.state, 0)["awaiting"]["kind"] == "answer"
    events = t.do(tb.AcceptDraw(1))
    assert events[-1].reason == "agreed_draw"  # type: ignore[attr-defined]
    assert (t.state.status, t.state.winner) == ("ended", None)
    assert_verifies(t)


def test_a_declined_draw_offer_lets_the_game_go_on_and_is_not_repeated_that_turn() -> None:
    t = Table([OASIS], hands=[[REX], [REX]])
    t.do(tb.OfferDraw(0))
    t.do(tb.DeclineDraw(1))
    assert awaited_seat(t.state) == 0
    assert "play_minion" in kinds(t, 0)
    assert refused(t, tb.OfferDraw(0)) == "draw_already_offered"
    assert refused(t, tb.AcceptDraw(1)) == "nothing_to_answer"
    t.end_turn()
    t.pass_empty_me_first()
    assert "offer_draw" in kinds(t, 0)  # a new turn
    assert_verifies(t)


def test_a_draw_in_three_seats_needs_every_other_seat() -> None:
    t = Table([OASIS], hands=[[REX], [REX], [REX]])
    t.do(tb.OfferDraw(1))
    assert awaited_seat(t.state) == 2
    t.do(tb.AcceptDraw(2))
    assert (t.state.status, awaited_seat(t.state)) == ("active", 0)
    t.do(tb.AcceptDraw(0))
    assert t.state.status == "ended"
    assert_verifies(t)


def test_an_accepted_takeback_returns_the_misplayed_minion_to_the_hand() -> None:
    t = Table([OASIS, "base.tar_pits"], hands=[[REX, INVADER], [REX]])
    before = t.state
    assert "takeback" not in kinds(t, 0)  # nothing played yet
    t.play(REX, 1)
    assert "takeback" in kinds(t, 0)
    assert "takeback" not in kinds(t, 1)
    t.do(tb.Takeback(0))
    assert kinds(t, 1) == {"accept_takeback", "decline_takeback", "resign", "abort"}
    events = t.do(tb.AcceptTakeback(1))
    assert [e.type for e in events] == ["takeback_accepted", "taken_back"]
    assert t.state.version == before.version + 4  # the log goes on
    assert t.state.players == before.players
    assert t.state.bases == before.bases
    t.play(REX, 0)  # played again, where it was meant
    assert t.minions_on(0) == [REX]
    assert_verifies(t)


def test_takebacks_go_back_one_command_at_a_time() -> None:
    t = Table([OASIS], hands=[[REX, STUDIES], [REX]])
    start = t.state
    t.play(REX, 0)
    t.do(tb.Takeback(0))
    t.do(tb.DeclineTakeback(1))
    assert t.minions_on(0) == [REX]  # declined: the command stands
    assert "takeback" in kinds(t, 0)
    t.do(tb.Takeback(0))
    t.do(tb.AcceptTakeback(1))
    assert t.state.players == start.players
    assert "takeback" not in kinds(t, 0)  # nothing left to take back
    assert_verifies(t)


def test_a_takeback_is_refused_after_a_card_was_drawn() -> None:
    t = Table([OASIS], hands=[[REX, STUDIES], [REX]])
    t.play(REX, 0)
    t.play(STUDIES)
    assert "takeback" not in kinds(t, 0)
    assert refused(t, tb.Takeback(0)) == "takeback_impossible"


def test_a_takeback_is_refused_after_the_turn_passed() -> None:
    t = Table([OASIS], hands=[[REX], [REX]])
    t.play(REX, 0)
    t.end_turn()
    t.pass_empty_me_first()
    assert refused(t, tb.Takeback(0)) in {"takeback_impossible", "not_your_turn"}
    assert "takeback" not in kinds(t, 1)


def test_bots_accept_takebacks_and_accept_a_draw_unless_ahead() -> None:
    t = Table([OASIS], hands=[[REX], [REX]], vp=[4, 6])
    t.do(tb.OfferDraw(0))
    assert answer(t.state, 1) == tb.DeclineDraw(1)
    assert answer(t.state, 0) is None  # not awaited
    level = Table([OASIS], hands=[[REX], [REX]], vp=[6, 6])
    level.do(tb.OfferDraw(0))
    assert answer(level.state, 1) == tb.AcceptDraw(1)
    level.do(tb.DeclineDraw(1))
    level.play(REX, 0)
    level.do(tb.Takeback(0))
    assert answer(level.state, 1) == tb.AcceptTakeback(1)


def test_a_snapshot_keeps_the_checkpoints_and_the_open_request() -> None:
    t = Table([OASIS], hands=[[REX, HOWL], [REX]])
    t.play(REX, 0)
    t.play(HOWL)
    t.do(tb.Takeback(0))
    copy = state_from_json(state_to_json(t.state))
    assert copy == t.state
    assert copy.table is not None
    assert copy.table.undo is not None
    t.state = copy  # the game goes on from the snapshot: two takebacks back to the start
    t.do(tb.AcceptTakeback(1))
    t.do(tb.Takeback(0))
    t.do(tb.AcceptTakeback(1))
    assert t.hand(0) == [REX, HOWL]


def test_a_snapshot_point_mid_turn_holds_no_checkpoint_and_its_events_rebuild_them() -> None:
    t = Table([OASIS], hands=[[REX, HOWL], [REX]])
    start = t.state.version  # the first checkpoint: before the minion
    t.play(REX, 0)
    t.play(HOWL)
    point = snapshot_point(t.state)
    assert point.version == start  # the oldest checkpoint of the turn
    assert point.table is None or point.table.undo is None
    assert len(state_to_json(point)) < len(state_to_json(t.state)) / 2
    loaded = state_from_json(state_to_json(point))
    assert replay(t.events[point.version :], loaded) == t.state  # the chain, rebuilt
    t.end_turn()
    assert snapshot_point(t.state) is t.state  # a new turn: nothing to keep


def test_during_a_faction_draft_abort_is_the_only_table_command_and_resign_is_refused() -> None:
    players = (PlayerSetup("a", ()), PlayerSetup("b", ()))
    state = replay(start_game(GameSetup("drafting", "7", players, draft=True)))
    assert state.phase == "draft"
    for seat in (0, 1):
        assert [c for c in legal_commands(state, seat) if isinstance(c, tb.TABLE_COMMANDS)] == [
            tb.Abort(seat)
        ]
    with pytest.raises(RuleViolation):
        decide(state, tb.Resign(0))
    ended = replay(
        [*start_game(GameSetup("drafting", "7", players, draft=True)), *decide(state, tb.Abort(1))]
    )
    assert ended.status == "ended"
    assert ended.winner is None
