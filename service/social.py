"""Accounts, their feeds and challenges, wired onto a games service (shared by app and workers)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from domain import GameState, PlayerSetup, ScriptedSetup
from domain.model import Clock
from service.accounts import Accounts, AccountSeat
from service.challenges import Challenges
from service.feed import Feeds
from service.games import Games
from service.outcomes import CreatedGame
from service.ratings import Ratings, RatingScheduler
from service.webhooks import BACKOFF, DeliveryQueue, Network, Webhooks

log = logging.getLogger(__name__)


@dataclass
class Social:
    """The account-level services of one games service; listens to its appends."""

    accounts: Accounts
    feeds: Feeds
    challenges: Challenges
    webhooks: Webhooks
    ratings: Ratings

    def __call__(self, game_id: str, old_version: int, state: GameState) -> None:
        """The games listener: fill the feeds of the game's accounts, deliver to seat hooks.

        The events are already stored: a failure here is logged, never the command's answer.
        """
        try:
            self.feeds.on_append(game_id, old_version, state)
            self.webhooks.on_append(game_id, old_version, state, Games.redact)
            self.ratings(game_id, old_version, state)
        except Exception:
            log.exception("game %s: notifying accounts and webhooks failed", game_id)


def attach(
    games: Games,
    queue: DeliveryQueue | None = None,
    allowed: Sequence[Network] = (),
    backoff: float = BACKOFF,
    rating_jobs: RatingScheduler | None = None,
) -> Social:
    """Build the account services over ``games`` and have them told of every append (rated
    games that end get their rating update from ``rating_jobs``)."""
    existing = social_of(games)
    if existing is not None:
        return existing
    accounts = Accounts(games)
    feeds = Feeds(accounts)
    webhooks = Webhooks(accounts, queue, allowed, backoff)
    feeds.subscribers.append(webhooks.on_feed)
    ratings = Ratings(accounts, rating_jobs)
    social = Social(accounts, feeds, Challenges(accounts, feeds), webhooks, ratings)
    games.listeners.append(social)
    return social


def social_of(games: Games) -> Social | None:
    """The account services attached to ``games``, if any."""
    return next((s for s in games.listeners if isinstance(s, Social)), None)


def new_game(
    games: Games,
    players: Sequence[PlayerSetup | AccountSeat],
    seed: str | None,
    scripted: ScriptedSetup | None,
    clock: Clock | None = None,
    rated: bool = False,
    *,
    drafted: bool = False,
    boxes: int = 1,
) -> CreatedGame:
    """Create a game whose seats may name player accounts: through the account services when
    one does (raising :class:`service.accounts.AccountNotFound` for an unknown account), else
    directly (never rated: a rated game seats only accounts). ``drafted``: the players draft
    their factions, each at most ``boxes`` times."""
    if not any(isinstance(p, AccountSeat) for p in players):
        plain = [p for p in players if isinstance(p, PlayerSetup)]
        return games.create(plain, seed, scripted, clock=clock, drafted=drafted, boxes=boxes)
    social = social_of(games)
    if social is None:
        raise RuntimeError("the games service has no account services attached")
    seats = [p if isinstance(p, AccountSeat) else AccountSeat(p) for p in players]
    return social.accounts.create_game(
        seats, seed, scripted, clock, rated=rated, drafted=drafted, boxes=boxes
    )
