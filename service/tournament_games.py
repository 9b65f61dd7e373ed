"""What a tournament's worker job writes besides the record: the compare-and-set script of
the record and its index, and the games of a round, created once each."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain import PlayerSetup
from domain.model import Clock
from events.errors import GameExists
from service.accounts import Accounts, AccountSeat

# KEYS: the record, the index, then the marks of new games. ARGV: the revision expected, the
# new record, its id, its index score ("" keeps the index as it is).
CAS_LUA = """
local raw = redis.call('GET', KEYS[1])
local revision = 0
if raw then revision = cjson.decode(raw)['revision'] end
if tostring(revision) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
if ARGV[4] ~= '' then redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3]) end
for i = 3, #KEYS do redis.call('SET', KEYS[i], ARGV[3]) end
return 1
"""


def create_games(
    accounts: Accounts, record: dict[str, Any], games: Sequence[dict[str, Any]]
) -> None:
    """Create those of ``games`` that do not exist yet (their ids are reserved)."""
    clock = None if record["clock"] is None else Clock(**record["clock"])
    for game in games:
        if accounts.store.exists(game["game"]):
            continue
        seats = [
            AccountSeat(PlayerSetup("", tuple(f)), p)
            for p, f in zip(game["players"], game["factions"], strict=True)
        ]
        try:
            accounts.create_game(
                seats,
                f"{record['seed']}:{game['game']}",
                None,
                clock,
                game_id=game["game"],
                rated=record["rated"],
                drafted=record["factions"] == "draft",
            )
        except GameExists:
            continue
