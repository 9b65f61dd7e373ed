"""``smashup export``, ``smashup import`` and ``smashup archive``: database dumps and archival.

``smashup export --since D --until D --out DIR`` writes, for each UTC day ``D <= day < until``
that has finished games, ``games-<day>.ndjson.zst`` (zstd; one finished game per line, created
that day, as ``GET /v1/games/export`` gives them) and ``manifest.json``: per file its SHA-256,
size, games and events, and the totals. ``smashup import DIR`` checks the manifest (every
checksum and count), then every log exactly as ``POST /v1/replays?store=true`` does, and
stores each game under its own id (a game already there with the same log is skipped; with
another log it is a conflict). Both talk to Redis directly: ``--redis-url``/``REDIS_URL``, else
the embedded Redis of ``--data-dir``. Exit status 0 when everything was done, 1 otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from datetime import date
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
DUMP_FORMAT = "smashup-dump/1"


def add_parsers(commands: Any) -> None:
    """Add ``export``, ``import`` and ``archive`` to the ``smashup`` parser's subparsers."""
    export_cmd = commands.add_parser("export", help="dump finished games, one file per day")
    export_cmd.add_argument("--since", required=True, help="first day (YYYY-MM-DD, UTC)")
    export_cmd.add_argument("--until", required=True, help="day after the last (YYYY-MM-DD)")
    export_cmd.add_argument("--out", required=True, help="directory of the dump")
    import_cmd = commands.add_parser("import", help="load a dump made by smashup export")
    import_cmd.add_argument("dir", help="directory of the dump")
    archive_cmd = commands.add_parser("archive", help="archive the finished games due now")
    archive_cmd.add_argument(
        "--after", type=float, default=None, help="seconds after their end (default $ARCHIVE_AFTER)"
    )
    for command in (export_cmd, import_cmd, archive_cmd):
        command.add_argument("--redis-url", default=None, help="Redis URL (default $REDIS_URL)")
        command.add_argument("--data-dir", default=None, help="embedded Redis data, without URL")
        command.add_argument("--prefix", default="smashup", help="key prefix (smashup)")
        command.add_argument("--archive-url", default=None, help="backend (default $ARCHIVE_URL)")


def add_serve_options(serve_cmd: argparse.ArgumentParser) -> None:
    """``--archive-after`` and ``--archive-url`` of ``smashup serve``."""
    serve_cmd.add_argument(
        "--archive-after",
        type=float,
        default=None,
        help="seconds after its end before a game's log is archived; 0: never "
        "(default $ARCHIVE_AFTER, else 600)",
    )
    serve_cmd.add_argument(
        "--archive-url",
        default=None,
        help="archive backend: redis:, file:///dir or s3://bucket/prefix (default $ARCHIVE_URL, "
        "else redis:, the events' Redis)",
    )


def use_archive_url(args: argparse.Namespace) -> None:
    """``--archive-url``, exported as ``ARCHIVE_URL`` for the service and the worker."""
    if getattr(args, "archive_url", None):
        os.environ["ARCHIVE_URL"] = args.archive_url


def start_job(games: Any, after: float | None) -> Any:
    """Start archiving in this process (None when ``after``, else ``ARCHIVE_AFTER``, is 0)."""
    from service.archive import Archiver
    from workers.archive import ArchiveJob, archive_after_from_env

    seconds = archive_after_from_env() if after is None else after
    if seconds <= 0:
        return None
    job = ArchiveJob(Archiver(games.store), seconds)
    job.start()
    return job


def _service(args: argparse.Namespace) -> Any:
    from bootstrap import build

    return build(
        redis_url=args.redis_url or os.environ.get("REDIS_URL") or None,
        data_dir=args.data_dir,
        prefix=args.prefix,
        rq_async=False,
        archive_url=args.archive_url,
    )


def run(args: argparse.Namespace) -> int:
    """Run ``export``, ``import`` or ``archive``."""
    if args.command == "export":
        return export_dump(_service(args), args.since, args.until, Path(args.out))
    if args.command == "import":
        return import_dump(_service(args), Path(args.dir))
    return archive_now(_service(args), args.after)


def export_dump(games: Any, since: str, until: str, out: Path) -> int:
    """Write a dump of the finished games created in ``[since, until)`` into ``out``: one file
    per day that has games, and the manifest."""
    import zstandard

    from service.export import exported, public_game_ids

    try:
        if date.fromisoformat(until) <= date.fromisoformat(since):
            raise ValueError("--until must be after --since")
    except ValueError as error:
        print(f"smashup export: {error}", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    by_day: dict[str, list[str]] = {}
    ids = public_game_ids(games.store, since, until, sys.maxsize)
    for start in range(0, len(ids), 1000):
        chunk = ids[start : start + 1000]
        for game_id, row in zip(chunk, games.store.summaries(chunk, ["created_at"]), strict=True):
            by_day.setdefault(str(row.get("created_at", ""))[:10], []).append(game_id)
    files = []
    for day, day_ids in sorted(by_day.items()):
        name = f"games-{day}.ndjson.zst"
        counts = {"games": 0, "events": 0}
        compressor = zstandard.ZstdCompressor(level=9)
        with (out / name).open("wb") as raw, compressor.stream_writer(raw) as sink:
            for game in exported(games.store, day_ids):
                sink.write(game.line().encode())
                counts["games"] += 1
                counts["events"] += len(game.events)
        data = (out / name).read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        files.append({"name": name, "day": day, **counts, "bytes": len(data), "sha256": digest})
    manifest = {
        "format": DUMP_FORMAT,
        "since": since,
        "until": until,
        "games": sum(f["games"] for f in files),  # type: ignore[misc]
        "events": sum(f["events"] for f in files),  # type: ignore[misc]
        "files": files,
    }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: manifest[k] for k in ("games", "events")} | {"files": len(files)}))
    return 0


def import_dump(games: Any, directory: Path) -> int:
    """Load a dump into the service of ``games``; report what was done as JSON."""
    from api.schemas import refused_setup
    from service.dumps import DumpError, import_files

    try:
        manifest = json.loads((directory / MANIFEST).read_text(encoding="utf-8"))
        report = import_files(games, directory, manifest, refused_setup)
    except (OSError, ValueError, DumpError) as error:
        print(f"smashup import: {error}", file=sys.stderr)
        return 1
    print(json.dumps(report))
    return 0 if not report["refused"] and not report["conflicts"] else 1


def archive_now(games: Any, after: float | None) -> int:
    """Archive every finished game due now (``after`` seconds after its end)."""
    from service.archive import Archiver
    from workers.archive import ArchiveJob, archive_after_from_env

    archiver = Archiver(games.store)
    archiver.backfill()
    job = ArchiveJob(archiver, archive_after_from_env() if after is None else after)
    print(archiver.stats(job.run_once()))
    return 0
