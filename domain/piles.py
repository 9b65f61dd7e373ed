"""Taking cards back from a discard pile: the seat picks them one at a time (it may stop at any
time, and at `most` cards), then the picked ones are shuffled into its deck. Discard piles are
public, so the prompt may name the choice."""

from __future__ import annotations

from collections.abc import Sequence

from domain.fx import Fx, Steps
from domain.model import CardRef
from domain.steps import step


def shuffle_back(fx: Fx, cards: Sequence[CardRef], question: str, most: int | None = None) -> Steps:
    """Let the ability's seat pick up to `most` (no limit: None) of `cards`, from its discard
    pile, and shuffle those into its deck (no shuffle if it picks none)."""
    eligible = [c.uid for c in cards]
    return fx.then(shuffle_back_pick, eligible=eligible, picked=[], question=question, most=most)


@step("shuffle_back_pick")
def shuffle_back_pick(
    fx: Fx,
    *,
    eligible: list[str],
    picked: list[str],
    question: str,
    most: int | None = None,
    choice: str | None = None,
) -> Steps:
    """One more card picked (`choice`), then the next question, or the shuffle."""
    picked = [*picked, *([] if choice is None else [choice])]
    left = [c for c in fx.discard_pile() if c.uid in eligible and c.uid not in picked]
    if not left or (most is not None and len(picked) >= most):
        return fx.then(shuffle_back_shuffle, picked=picked)
    return fx.choose_card(
        left,
        question,
        shuffle_back_pick,
        optional=True,
        skip_label="Done",
        on_skip=shuffle_back_shuffle,
        eligible=eligible,
        picked=picked,
        question=question,
        most=most,
    )


@step("shuffle_back_shuffle")
def shuffle_back_shuffle(fx: Fx, *, picked: list[str]) -> Steps:
    """The picked cards still in the discard pile are shuffled into the deck."""
    cards = [c for c in fx.discard_pile() if c.uid in picked]
    return fx.shuffle_deck(adding=cards) if cards else ()
