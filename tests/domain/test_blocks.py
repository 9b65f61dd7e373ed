"""The building blocks card scripts share: one `Fx.choose` for every kind of decision."""

from __future__ import annotations

import pytest

from domain.fx import Ask, Fx
from domain.verbs import destroy
from tests.domain.bases_common import OASIS, REX, TAR
from tests.domain.table import Table


def _fx_of_seat_0() -> Fx:
    t = Table([OASIS, TAR], hands=[[REX], []], board=[(0, REX, 1)])
    return Fx(t.state, {"by": 0})


def test_choose_asks_for_a_minion_with_its_base_in_the_label_and_its_uid_as_the_value() -> None:
    fx = _fx_of_seat_0()
    rival = fx.minions(controller=1)[0]
    (ask,) = fx.choose("minion", [rival], "Destroy a minion", then=destroy)
    assert isinstance(ask, Ask)
    assert (ask.seat, ask.kind, ask.then.key) == (0, "minion", "destroy")
    (option,) = ask.options
    assert (option.value, option.base) == (rival.uid, 0)
    assert option.label.endswith(f"on {fx.option('base', 0).label}")


def test_choose_asks_for_a_seat_or_a_base_by_index() -> None:
    fx = _fx_of_seat_0()
    (seat_ask,) = fx.choose("seat", [1], "Which player?", then=destroy, seat=1)
    (base_ask,) = fx.choose("base", [0, 1], "Which base?", then=destroy)
    assert isinstance(seat_ask, Ask)
    assert isinstance(base_ask, Ask)
    assert seat_ask.seat == 1
    assert [(o.id, o.value) for o in seat_ask.options] == [("seat-1", 1)]
    assert [(o.id, o.value) for o in base_ask.options] == [("base-0", 0), ("base-1", 1)]


def test_choose_given_items_of_another_kind_fails_loudly_naming_the_kinds() -> None:
    fx = _fx_of_seat_0()
    with pytest.raises(
        TypeError, match=r"is not a base \(one of minion, card, buried, base, seat\)"
    ):
        fx.choose("base", fx.minions(), "Which base?", then=destroy)
