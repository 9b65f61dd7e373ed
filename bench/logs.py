"""Record the logs of a seeded run of random-bot games, or check such a record with this code.

``record``: plays ``--games`` games as ``smashup simulate --bots random --seats 2..4 --factions
all --seed <seed>`` draws them (seats 2, 3, 4 in turn, two factions a seat from every faction)
and writes each log (JSON Lines, as ``GET /v1/games/{id}/log`` has it) with its sha256, status
and winner to a zstd-compressed ndjson file. ``check``: verifies every stored log by the rules
(``domain.verify``) and re-plays every ``--every``-th game, comparing its log byte for byte, so
a change to the engine is shown to leave old logs replaying exactly. ``--shard K --shards N``
splits a check over processes. Not a test: it prints what it found (and exits 1 on a mismatch).
Run: ``python bench/logs.py record FILE --games 10000`` then ``python bench/logs.py check FILE``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import random
import sys
from typing import Any

import zstandard

from domain import GameSetup, PlayerSetup, decide_and_evolve, replay, start_game
from domain.bots import make_bot
from domain.catalogue import catalogue
from domain.decide import awaited_seat
from domain.events import Event
from domain.model import GameState
from domain.serialize import event_from_dict, event_to_dict
from domain.verify import verify

SEATS = (2, 3, 4)
MAX_DECISIONS = 5000


def play(g: int, run_seed: str) -> tuple[list[Event], GameState]:
    """Game number `g` of the run: its events and final state."""
    n = SEATS[g % len(SEATS)]
    seed = f"{run_seed}:{g}"
    picks = random.Random(seed).sample(list(catalogue().factions), 2 * n)
    players = tuple(PlayerSetup(f"random-{i}", (picks[2 * i], picks[2 * i + 1])) for i in range(n))
    bot = make_bot("random")
    events = list(start_game(GameSetup(f"sim-{g}", seed, players)))
    state = replay(events)
    for _ in range(MAX_DECISIONS):
        seat = awaited_seat(state)
        if state.status != "active" or seat is None:
            break
        command = bot(state, seat, random.Random(f"{seed}:{state.version}:bot"))
        if command is None:
            break
        new, state = decide_and_evolve(state, command)
        events.extend(new)
    return events, state


def log_text(events: list[Event]) -> str:
    """The log as JSON Lines (sorted keys), the form its digest is taken of."""
    rows = (json.dumps(event_to_dict(e), sort_keys=True, separators=(",", ":")) for e in events)
    return "\n".join(rows)


def record(path: str, games: int, run_seed: str) -> None:
    """Write the run's logs to `path`."""
    with open(path, "wb") as f, zstandard.ZstdCompressor(level=3).stream_writer(f) as out:
        for g in range(games):
            events, state = play(g, run_seed)
            text = log_text(events)
            row: dict[str, Any] = {
                "g": g,
                "sha": hashlib.sha256(text.encode()).hexdigest(),
                "status": state.status,
                "winner": state.winner,
                "log": text,
            }
            out.write((json.dumps(row) + "\n").encode())
    print(f"recorded {games} games in {path}")


def check(path: str, run_seed: str, every: int, shard: int, shards: int) -> int:
    """Verify the stored logs (this shard's) and re-play every `every`-th game; 0 when all hold."""
    checked = bad = replayed = same = 0
    with open(path, "rb") as f, zstandard.ZstdDecompressor().stream_reader(f) as raw:
        for line in io.TextIOWrapper(raw, encoding="utf-8"):
            row = json.loads(line)
            if row["g"] % shards != shard:
                continue
            events = [event_from_dict(json.loads(e)) for e in row["log"].split("\n")]
            state, error = verify(events)
            checked += 1
            ok = error is None and state is not None
            if not ok or state.status != row["status"] or state.winner != row["winner"]:
                bad += 1
                print(f"game {row['g']}: the log does not verify: {error}", flush=True)
            if row["g"] % every == 0:
                replayed += 1
                again = hashlib.sha256(log_text(play(row["g"], run_seed)[0]).encode())
                same += again.hexdigest() == row["sha"]
    print(f"{checked} logs checked, {bad} not verified; {same} of {replayed} re-played identical")
    return 0 if bad == 0 and same == replayed else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["record", "check"])
    parser.add_argument("file")
    parser.add_argument("--games", type=int, default=10_000, help="record: games (10000)")
    parser.add_argument("--seed", default="10k", help="the run's seed (10k)")
    parser.add_argument("--every", type=int, default=10, help="check: re-play every N-th (10)")
    parser.add_argument("--shard", type=int, default=0)
    parser.add_argument("--shards", type=int, default=1)
    args = parser.parse_args()
    if args.mode == "record":
        record(args.file, args.games, args.seed)
        return 0
    return check(args.file, args.seed, args.every, args.shard, args.shards)


if __name__ == "__main__":
    sys.exit(main())
