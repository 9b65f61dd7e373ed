"""The ``smashup`` command: ``serve`` (API + worker + embedded Redis), ``worker``, ``replay``
and ``simulate``.

``serve`` uses ``REDIS_URL`` when it is set; otherwise it starts an embedded Redis persisting in
``--data-dir``. It runs the API with werkzeug's threaded server (fine for development; production
runs ``gunicorn 'api:create_app()'``) and a child ``smashup worker`` pointed at the same Redis.
Ctrl-C (or SIGTERM) stops the worker, then the embedded Redis, then returns.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from types import FrameType

from api import replay_cli, simulate_cli  # light: they import the rules only when they run

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

log = logging.getLogger("smashup")

WORKER_STOP_TIMEOUT = 15.0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``smashup`` console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_cli.run(args)
    if args.command == "simulate":
        return simulate_cli.run(args)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    if args.command == "serve":
        return serve(args)
    return worker(args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="smashup", description="Smash Up game server")
    commands = parser.add_subparsers(dest="command", required=True)
    serve_cmd = commands.add_parser("serve", help="run the HTTP API (and a bot worker)")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="interface (default 127.0.0.1)")
    serve_cmd.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve_cmd.add_argument(
        "--data-dir", default=None, help="embedded Redis data (default $SMASHUP_DATA_DIR or ./data)"
    )
    serve_cmd.add_argument(
        "--no-worker", action="store_true", help="do not start a bot worker process"
    )
    worker_cmd = commands.add_parser("worker", help="run an rq worker playing bot seats")
    worker_cmd.add_argument("--redis-url", default=None, help="Redis URL (default $REDIS_URL)")
    worker_cmd.add_argument(
        "--data-dir", default=None, help="embedded Redis data when no URL is given"
    )
    worker_cmd.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    worker_cmd.add_argument("--parent-pid", type=int, default=None, help=argparse.SUPPRESS)
    replay_cli.add_parser(commands)
    simulate_cli.add_parser(commands)
    return parser


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def serve(args: argparse.Namespace) -> int:
    """Run the API until interrupted, with a child worker unless ``--no-worker``.

    Unless ``PROMETHEUS_MULTIPROC_DIR`` is set, a temporary one is made (and removed at the
    end) so that ``/metrics`` shows the worker's metrics too.
    """
    metrics_dir = None
    if not os.environ.get(MULTIPROC_ENV):  # before anything imports prometheus_client
        metrics_dir = os.environ[MULTIPROC_ENV] = tempfile.mkdtemp(prefix="smashup-metrics-")
    try:
        return _serve(args)
    finally:
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)
            del os.environ[MULTIPROC_ENV]


def _serve(args: argparse.Namespace) -> int:
    from werkzeug.serving import run_simple

    from api.app import create_app
    from events.connection import connect, redis_url_for, resolve_data_dir, shutdown_embedded

    url = os.environ.get("REDIS_URL") or None
    client = connect(url, args.data_dir)
    client.ping()
    if url is None:
        log.info("embedded Redis running, data in %s", resolve_data_dir(args.data_dir))
    child: subprocess.Popen[bytes] | None = None
    signal.signal(signal.SIGTERM, _raise_interrupt)
    signal.signal(signal.SIGINT, _raise_interrupt)  # even if started with SIGINT ignored
    try:
        if not args.no_worker:
            child = _spawn_worker(url or redis_url_for(client))
        app = create_app({"REDIS_CLIENT": client})
        run_simple(args.host, args.port, app, threaded=True, use_reloader=False)
    except KeyboardInterrupt:
        pass
    finally:
        if child is not None:
            _stop_worker(child)
        if url is None:
            shutdown_embedded(args.data_dir)
            log.info("embedded Redis stopped")
    return 0


def _spawn_worker(redis_url: str) -> subprocess.Popen[bytes]:
    """Start ``smashup worker`` in its own session, told to exit with this process."""
    command = [
        sys.executable,
        "-m",
        "api.cli",
        "worker",
        "--redis-url",
        redis_url,
        "--parent-pid",
        str(os.getpid()),
    ]
    child = subprocess.Popen(command, start_new_session=True)
    log.info("bot worker started (pid %d)", child.pid)
    return child


def _stop_worker(child: subprocess.Popen[bytes]) -> None:
    """Ask the worker to finish its job and exit; kill it if it does not."""
    if child.poll() is None:
        child.send_signal(signal.SIGTERM)
        try:
            child.wait(WORKER_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
    log.info("bot worker stopped")


def worker(args: argparse.Namespace) -> int:
    """Run an rq worker on the ``smashup`` queue (after re-scheduling stalled bot games)."""
    from rq import Queue, Worker

    from service.bootstrap import build
    from workers.queue import QUEUE_NAME

    url = args.redis_url or os.environ.get("REDIS_URL") or None
    games = build(redis_url=url, data_dir=args.data_dir)
    client = games.store.redis
    if args.parent_pid is not None:
        _exit_with_parent(args.parent_pid)
    resumed = games.resume_bots()
    if resumed:
        log.info("re-scheduled the bots of %d games", resumed)
    if games.bots is not None:
        from service.clocks import resume_clocks
        from workers.queue import BotQueue

        if isinstance(games.bots, BotQueue) and (clocks := resume_clocks(games, games.bots)):
            log.info("re-scheduled the turn clocks of %d games", clocks)
    rq_worker = Worker([Queue(QUEUE_NAME, connection=client)], connection=client)
    # the scheduler runs the delayed jobs: webhook retries, turn clocks
    rq_worker.work(burst=args.burst, logging_level="INFO", with_scheduler=True)
    return 0


def _exit_with_parent(parent_pid: int) -> None:
    """Send ourselves SIGTERM (a warm rq shutdown) once the parent process is gone."""

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(1.0)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
