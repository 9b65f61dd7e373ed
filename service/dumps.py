"""Loading a database dump (``smashup export``'s files) into a games service.

The manifest is checked first, whole: every file's size, SHA-256, and its counts of games and
events. Then each game's log is checked as ``POST /v1/replays?store=true`` checks an upload
(:func:`service.replays.check_log`, the rules version, a finished game) and stored under its own
id with its own timestamps, so its ``GET /log`` is byte for byte the exported one. A game whose
id is taken by the same log is skipped (importing twice changes nothing); by another log it is
a conflict, left as it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import zstandard

from domain.events import GameCreated
from domain.verify import checked_by_rules
from events.archived import ArchivingStore
from events.errors import GameExists
from events.logfile import write_log
from service.archive import Archiver
from service.games import Games
from service.replays import InvalidLog, SetupPolicy, check_log


class DumpError(ValueError):
    """A dump whose files do not match its manifest (nothing is imported then)."""


def _lines(path: Path) -> Iterator[dict[str, Any]]:
    with path.open("rb") as raw, zstandard.ZstdDecompressor().stream_reader(raw) as stream:
        buffer = b""
        while chunk := stream.read(1 << 20):
            buffer += chunk
            *complete, buffer = buffer.split(b"\n")
            for line in complete:
                if line.strip():
                    yield json.loads(line)
        if buffer.strip():
            yield json.loads(buffer)


def verify(directory: Path, manifest: Mapping[str, Any]) -> list[Path]:
    """The dump's files, once each matches the manifest (else :class:`DumpError`)."""
    if manifest.get("format") != "smashup-dump/1":
        raise DumpError(f"not a smashup dump manifest (format {manifest.get('format')!r})")
    paths = []
    for entry in manifest["files"]:
        name = str(entry["name"])
        if "/" in name or name.startswith("."):
            raise DumpError(f"the manifest names a file outside the dump: {name!r}")
        path = directory / name
        data = path.read_bytes()
        if len(data) != entry["bytes"] or hashlib.sha256(data).hexdigest() != entry["sha256"]:
            raise DumpError(f"{name} does not match its checksum in the manifest")
        games = events = 0
        for game in _lines(path):
            games += 1
            events += len(game["events"])
        if (games, events) != (entry["games"], entry["events"]):
            raise DumpError(
                f"{name} holds {games} games and {events} events; the manifest says "
                f"{entry['games']} and {entry['events']}"
            )
        paths.append(path)
    return paths


def import_files(
    games: Games,
    directory: Path,
    manifest: Mapping[str, Any],
    refuse_setup: SetupPolicy | None = None,
) -> dict[str, Any]:
    """Import a verified dump; a report: games ``imported``, ``skipped`` (already there),
    ``refused`` (``[{game_id, version, reason}]``) and ``conflicts`` (ids taken by another log)."""
    report: dict[str, Any] = {"imported": 0, "skipped": 0, "refused": [], "conflicts": []}
    for path in verify(directory, manifest):
        for game in _lines(path):
            outcome = import_game(games, game, refuse_setup)
            if outcome in ("imported", "skipped"):
                report[outcome] += 1
            elif outcome == "conflict":
                report["conflicts"].append(game["game_id"])
            else:
                report["refused"].append({"game_id": game.get("game_id"), "reason": outcome})
    return report


def import_game(
    games: Games, game: Mapping[str, Any], refuse_setup: SetupPolicy | None = None
) -> str:
    """Store one exported game: 'imported', 'skipped', 'conflict' or why it was refused."""
    game_id = str(game["game_id"])
    text = "".join(write_log(game["events"]))
    try:
        checked = check_log(text, refuse_setup)
    except InvalidLog as invalid:
        return f"version {invalid.version}: {invalid.reason}"
    created = checked.events[0]
    assert isinstance(created, GameCreated)
    if not checked_by_rules(created) or checked.state.status != "ended":
        return "only a finished game recorded under this server's rules can be imported"
    if created.game_id != game_id:
        return f"the log is of game {created.game_id}, not {game_id}"
    meta = {
        "created_at": str(game.get("created_at", "")),
        "seats": json.dumps(game.get("seats") or []),
        "status": "ended",
    }
    store = games.store
    try:
        store.create(game_id, checked.envelopes, meta)
    except GameExists:
        same = "".join(write_log(store.read(game_id))) == text
        return "skipped" if same else "conflict"
    games.save_snapshot(game_id, checked.state)
    if isinstance(store, ArchivingStore):
        Archiver(store).mark_ended(game_id)
    return "imported"
