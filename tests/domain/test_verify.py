"""A log is checked batch by batch against the rules: tampering is caught at its version."""

from __future__ import annotations

from dataclasses import replace

from domain import events as ev
from domain.serialize import event_to_dict
from domain.verify import decode_records, verify
from tests.domain.test_playouts import playout


def test_a_genuine_log_verifies_to_the_final_state() -> None:
    state, events, _ = playout(3, 3)
    final, error = verify(events)
    assert error is None
    assert final == state


def test_an_edited_event_is_refused_at_its_version() -> None:
    _, events, _ = playout(4, 2)
    k = next(i for i, e in enumerate(events) if isinstance(e, ev.VpGained | ev.BaseScored))
    bad = list(events)
    if isinstance(bad[k], ev.BaseScored):
        p = bad[k].placements[0]
        bad[k] = replace(bad[k], placements=(replace(p, vp=p.vp + 5), *bad[k].placements[1:]))
    else:
        bad[k] = replace(bad[k], amount=5)
    _, error = verify(bad)
    assert error is not None
    assert error.version == k + 1


def test_a_duplicated_or_reordered_event_is_refused_at_its_version() -> None:
    _, events, _ = playout(5, 2)
    k = next(i for i, e in enumerate(events) if isinstance(e, ev.MinionPlayed))
    duplicated = [*events[: k + 1], events[k], *events[k + 1 :]]
    _, error = verify(duplicated)
    assert error is not None
    assert error.version == k + 2
    swapped = list(events)
    swapped[k], swapped[k + 1] = swapped[k + 1], swapped[k]
    _, error = verify(swapped)
    assert error is not None
    # the swapped-in event may itself start a legal command; the batch breaks right after
    assert k + 1 <= error.version <= k + 2


def test_a_log_cut_in_the_middle_of_a_command_is_refused() -> None:
    _, events, _ = playout(6, 2)
    k = next(i for i, e in enumerate(events) if isinstance(e, ev.BaseScored))
    _, error = verify(events[:k])
    assert error is not None
    assert error.version == k + 1
    assert "ends early" in error.reason


def test_records_with_a_version_gap_or_a_bad_payload_are_refused() -> None:
    _, events, _ = playout(7, 2)
    records = [{**event_to_dict(e), "version": n} for n, e in enumerate(events, start=1)]
    gap = records[:5] + records[6:]
    _, error = decode_records(gap)
    assert error is not None
    assert error.version == 6
    broken = [*records[:3], {**records[3], "payload": {"nonsense": 1}}]
    _, error = decode_records(broken)
    assert error is not None
    assert error.version == 4


def test_an_edited_event_is_refused_naming_the_field_and_its_expected_and_found_values() -> None:
    _, events, _ = playout(4, 2)
    k = next(i for i, e in enumerate(events) if isinstance(e, ev.VpGained))
    original = events[k]
    assert isinstance(original, ev.VpGained)
    bad = list(events)
    bad[k] = replace(original, amount=original.amount + 7)
    _, error = verify(bad)
    assert error is not None
    assert error.version == k + 1
    assert error.reason == (
        f"vp_gained: payload field amount differs from the rules: expected "
        f"{original.amount}, found {original.amount + 7}"
    )


def test_an_event_of_another_type_is_refused_naming_both_types() -> None:
    _, events, _ = playout(6, 2)
    k = next(i for i, e in enumerate(events) if isinstance(e, ev.BaseScored))
    assert events[k - 1].type != "base_scored"
    bad = [*events[:k], events[k - 1], *events[k + 1 :]]
    _, error = verify(bad)
    assert error is not None
    assert error.version == k + 1
    assert (
        error.reason == f"the rules make a base_scored event here, the log has {events[k - 1].type}"
    )
