"""The archival job: archives the games that ended more than ``ARCHIVE_AFTER`` seconds ago.

:class:`ArchiveJob` runs :meth:`service.archive.Archiver.archive_due` every ``interval`` seconds
in a daemon thread (``smashup serve`` starts one in each API process: several may run at once,
each claims its own games). ``python -m workers.archive`` runs the same job as a process, until
nothing is due (``--once``) or forever; it may be killed at any moment (kill -9 included) and
started again: see :mod:`service.archive`.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import threading
from collections.abc import Sequence

from service.archive import ARCHIVE_AFTER, LEASE, Archiver, Outcome

log = logging.getLogger(__name__)

INTERVAL = 30.0
"""Seconds between two looks at the due set, at most."""


def archive_after_from_env() -> float:
    """``ARCHIVE_AFTER`` (seconds; 0 or less: never archive), else :data:`ARCHIVE_AFTER`."""
    text = os.environ.get("ARCHIVE_AFTER", "").strip()
    return float(text) if text else float(ARCHIVE_AFTER)


class ArchiveJob:
    """Archives due games in a daemon thread."""

    def __init__(self, archiver: Archiver, after: float, interval: float = INTERVAL) -> None:
        self.archiver = archiver
        self.after = after
        self.interval = max(0.05, min(interval, after)) if after > 0 else interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="game-archiver", daemon=True)

    def start(self) -> None:
        """Put the games that ended before archival existed in the due set, then start."""
        try:
            self.archiver.backfill()
        except Exception:
            log.exception("listing the finished games to archive failed")
        store = self.archiver.store
        log.info("archiving games %g s after their end, to %s", self.after, store.backend.url)
        self._thread.start()

    def stop(self) -> None:
        """Stop (the game being archived is finished first)."""
        self._stop.set()
        self._thread.join(timeout=30)

    def run_once(self) -> list[Outcome]:
        """Archive every game due now (in batches); return what was done."""
        done: list[Outcome] = []
        while not self._stop.is_set():
            batch = self.archiver.archive_due(self.after)
            done += batch
            if not batch:
                break
        return done

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                outcomes = self.run_once()
                if outcomes:
                    log.info("archival: %s", self.archiver.stats(outcomes))
            except Exception:
                log.exception("archiving games failed; trying again later")
            self._stop.wait(self.interval)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m workers.archive``: archive due games on ``--redis-url``/``REDIS_URL``."""
    parser = argparse.ArgumentParser(prog="python -m workers.archive")
    parser.add_argument("--redis-url", default=None, help="events' Redis (default $REDIS_URL)")
    parser.add_argument("--prefix", default="smashup", help="key prefix (smashup)")
    parser.add_argument("--archive-url", default=None, help="backend (default $ARCHIVE_URL)")
    parser.add_argument("--after", type=float, default=None, help="seconds ($ARCHIVE_AFTER)")
    parser.add_argument("--lease", type=float, default=LEASE, help=f"claim seconds ({LEASE:g})")
    parser.add_argument("--once", action="store_true", help="exit when nothing is due")
    args = parser.parse_args(argv)
    from events.archive import open_backend
    from events.archived import ArchivingStore
    from events.connection import connect

    client = connect(args.redis_url or os.environ.get("REDIS_URL"))
    url = args.archive_url or os.environ.get("ARCHIVE_URL")
    store = ArchivingStore(client, args.prefix, backend=open_backend(url, client, args.prefix))
    after = archive_after_from_env() if args.after is None else args.after
    job = ArchiveJob(Archiver(store, lease=args.lease), after, interval=1.0)
    job.archiver.backfill()
    if args.once:
        print(job.archiver.stats(job.run_once()), flush=True)
        return 0
    job._run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
