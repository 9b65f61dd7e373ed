"""The ``smashup`` command: ``serve`` (API + worker + embedded Redis), ``worker``, ``replay``,
``simulate``, and ``export``/``import``/``archive`` (:mod:`api.archive_cli`).

``serve`` uses ``REDIS_URL`` when it is set (``redis+cluster://host:port``: a Redis Cluster);
otherwise it starts an embedded Redis persisting in ``--data-dir``. rq's queues live on the events'
Redis, or on the plain Redis of ``--rq-redis-url``/``RQ_REDIS_URL`` (required with a cluster). It
runs the API on the production server of :mod:`api.server` (waitress with bounded threads, request
and idle timeouts) and a child ``smashup worker`` pointed at the same Redis. Ctrl-C (or SIGTERM)
stops accepting, lets the requests in progress finish, stops the worker, then the embedded Redis,
then returns.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from types import FrameType
from typing import Any

from api import archive_cli, replay_cli, serve_options, simulate_cli  # light: no rules, no Flask

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

log = logging.getLogger("smashup")

RATE_LIMIT = (1200, 60)
"""``smashup serve``'s default rate limit: requests per seconds, per client."""
GAME_QUOTA = 20
"""``smashup serve``'s default quota of active games per client."""
GAME_TTL = 7 * 24 * 3600
"""``smashup serve``'s default: seconds an active game may stay idle before it is deleted."""
WORKER_TTL = 30
"""Seconds rq keeps a worker registered without a heartbeat (it beats every 15 s when idle):
a worker that died unseen stops counting as live within 90 s."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``smashup`` console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_cli.run(args)
    if args.command == "simulate":
        return simulate_cli.run(args)
    if args.command in ("export", "import", "archive"):
        return archive_cli.run(args)
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
    serve_cmd.add_argument(
        "--worker-restart-delay",
        type=float,
        default=1.0,
        help="seconds before a dead worker is restarted, doubling up to 30 (1)",
    )
    _server_options(serve_cmd)
    _rq_option(serve_cmd)
    worker_cmd = commands.add_parser("worker", help="run an rq worker playing bot seats")
    worker_cmd.add_argument("--redis-url", default=None, help="Redis URL (default $REDIS_URL)")
    _rq_option(worker_cmd)
    worker_cmd.add_argument(
        "--data-dir", default=None, help="embedded Redis data when no URL is given"
    )
    worker_cmd.add_argument("--burst", action="store_true", help="exit once the queue is empty")
    worker_cmd.add_argument("--parent-pid", type=int, default=None, help=argparse.SUPPRESS)
    worker_cmd.add_argument("--name", default=None, help="rq worker name (default: random)")
    replay_cli.add_parser(commands)
    simulate_cli.add_parser(commands)
    archive_cli.add_parsers(commands)
    return parser


def _rq_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--rq-redis-url",
        default=None,
        help="plain Redis of rq's queues (default $RQ_REDIS_URL, else the events' Redis; "
        "required when REDIS_URL names a cluster)",
    )


def _use_rq_url(args: argparse.Namespace) -> str | None:
    """``--rq-redis-url``, exported as ``RQ_REDIS_URL`` for the service and the children (a
    worker's jobs build their service from the environment); else ``RQ_REDIS_URL``."""
    if args.rq_redis_url:
        os.environ["RQ_REDIS_URL"] = args.rq_redis_url
    return os.environ.get("RQ_REDIS_URL") or None


def _server_options(serve_cmd: argparse.ArgumentParser) -> None:
    from api.server import Settings  # light: waitress only

    defaults = Settings()
    options: tuple[tuple[str, type, Any, str], ...] = (
        ("--threads", int, defaults.threads, "threads running requests"),
        ("--connection-limit", int, defaults.connection_limit, "open connections at most"),
        ("--request-timeout", float, defaults.request_timeout, "seconds to receive a request"),
        ("--idle-timeout", int, defaults.idle_timeout, "seconds an idle connection is kept"),
        ("--graceful-timeout", float, defaults.graceful_timeout, "seconds a stop waits"),
        (
            "--connections-per-address",
            int,
            defaults.connections_per_address,
            "open connections per client address at most",
        ),
    )
    for flag, kind, default, text in options:
        serve_cmd.add_argument(flag, type=kind, default=default, help=f"{text} ({default})")
    serve_cmd.add_argument(
        "--rate-limit",
        type=_rate,
        default=RATE_LIMIT,
        help="requests per seconds per client, e.g. 1200/60; 0: none (1200/60)",
    )
    serve_options.add_options(serve_cmd, _rate)
    serve_cmd.add_argument(
        "--cors-origins",
        default=None,
        help="origins whose pages may call the API, comma-separated; none: no CORS "
        "(default $SMASHUP_CORS_ORIGINS, else *)",
    )
    serve_cmd.add_argument(
        "--game-quota",
        type=int,
        default=GAME_QUOTA,
        help="active games per client address and per identity; 0: none (20)",
    )
    serve_cmd.add_argument(
        "--game-ttl",
        type=int,
        default=GAME_TTL,
        help="seconds an active game may go without an event before it is deleted; 0: never "
        "(604800: 7 days)",
    )
    archive_cli.add_serve_options(serve_cmd)


def _rate(text: str) -> tuple[int, int] | None:
    """``N/S`` (N requests per S seconds), or ``0`` for no limit."""
    if text.strip() == "0":
        return None
    count, _, seconds = text.partition("/")
    try:
        rate = int(count), int(seconds)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not N/S: {text!r}") from None
    if min(rate) < 1:
        raise argparse.ArgumentTypeError(f"N and S must be 1 or more: {text!r}")
    return rate


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
    from api.app import create_app
    from api.redis_supervisor import EXTENSION as REDIS_SUPERVISOR
    from api.redis_supervisor import RedisSupervisor
    from api.routes.common import EXTENSION
    from api.server import Server, Settings
    from api.supervisor import Supervisor
    from events.connection import (
        connect,
        embedded_server,
        redis_url_for,
        resolve_data_dir,
        rq_connection,
        shutdown_embedded,
    )
    from service.expiry import Sweeper

    url = os.environ.get("REDIS_URL") or None
    rq_url = _use_rq_url(args)
    archive_cli.use_archive_url(args)
    client = connect(url, args.data_dir)
    client.ping()
    queues = rq_connection(client)  # refuses a cluster without RQ_REDIS_URL, before serving
    redis_watch: RedisSupervisor | None = None
    if url is None:
        log.info("embedded Redis running, data in %s", resolve_data_dir(args.data_dir))
        redis_watch = RedisSupervisor(
            embedded_server(args.data_dir), delay=args.redis_restart_delay
        )
        redis_watch.start()
    supervisor: Supervisor | None = None
    sweeper: Sweeper | None = None
    archiving: Any = None
    signal.signal(signal.SIGTERM, _raise_interrupt)
    signal.signal(signal.SIGINT, _raise_interrupt)  # even if started with SIGINT ignored
    try:
        if not args.no_worker:
            worker_url = url or redis_url_for(client)
            supervisor = Supervisor(
                lambda name: _spawn_worker(worker_url, rq_url, name),
                lambda name, pids: _unregister_worker(queues, name, pids),
                name=f"smashup-{socket.gethostname()}-{os.getpid()}",
                delay=args.worker_restart_delay,
            )
            supervisor.start()
        settings = Settings(
            host=args.host,
            port=args.port,
            threads=args.threads,
            connection_limit=args.connection_limit,
            request_timeout=args.request_timeout,
            idle_timeout=args.idle_timeout,
            graceful_timeout=args.graceful_timeout,
            connections_per_address=args.connections_per_address,
            trusted_proxies=serve_options.trusted_proxies(args),
        )
        app = create_app(
            {
                "REDIS_CLIENT": client,
                "MAX_WAITERS": settings.max_waiters,
                "RATE_LIMIT": args.rate_limit,
                "GAME_QUOTA": args.game_quota or None,
                "GAME_TTL": args.game_ttl or None,
                **serve_options.app_config(args),
                "CORS_ORIGINS": args.cors_origins,
            }
        )
        app.extensions[REDIS_SUPERVISOR] = redis_watch
        if args.game_ttl:
            sweeper = Sweeper(app.extensions[EXTENSION].store, args.game_ttl)
            sweeper.start()
        archiving = archive_cli.start_job(app.extensions[EXTENSION], args.archive_after)
        server = Server(app, settings)
        signal.signal(signal.SIGTERM, lambda signum, frame: server.stop())
        signal.signal(signal.SIGINT, lambda signum, frame: server.stop())
        log.info("serving on http://%s:%d (%d threads)", args.host, server.port, args.threads)
        server.serve()
    except KeyboardInterrupt:
        pass
    finally:
        if sweeper is not None:
            sweeper.stop()
        if archiving is not None:
            archiving.stop()
        if supervisor is not None:
            supervisor.stop()
        if redis_watch is not None:
            redis_watch.stop()
        if url is None:
            shutdown_embedded(args.data_dir)
            log.info("embedded Redis stopped")
    return 0


def _spawn_worker(redis_url: str, rq_url: str | None, name: str) -> subprocess.Popen[bytes]:
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
        "--name",
        name,
    ]
    if rq_url is not None:
        command += ["--rq-redis-url", rq_url]
    return subprocess.Popen(command, start_new_session=True)


def _unregister_worker(client: Any, name: str, pids: set[int]) -> None:
    """Remove a dead worker from rq's registry, so that nobody counts it as live, and free the
    scheduler lock its scheduler (one of ``pids``, on this host) held, so that the next
    worker's scheduler takes it at once instead of minutes later."""
    from rq import Worker

    from events.connection import separate

    key = Worker.redis_worker_namespace_prefix + name
    found = Worker.find_by_key(key, connection=separate(client))  # rq changes its settings
    if found is not None:
        found.register_death()  # type: ignore[no-untyped-call]
    for lock in client.scan_iter(match="rq:scheduler-lock:*"):
        holder = client.get(lock)
        if holder is None:
            continue
        held = client.hmget(b"rq:scheduler:" + holder, ["hostname", "pid"])
        if held[0] == socket.gethostname().encode() and int(held[1] or 0) in pids:
            client.delete(lock)


def worker(args: argparse.Namespace) -> int:
    """Run an rq worker on the ``smashup`` queue (after re-scheduling stalled bot games)."""
    from rq import Queue

    from bootstrap import build
    from events.connection import rq_connection
    from events.protocol import on_redis
    from workers.queue import QUEUE_NAME
    from workers.worker import BotWorker

    url = args.redis_url or os.environ.get("REDIS_URL") or None
    if _use_rq_url(args) is not None:
        # the jobs find the events from the environment (rq's connection is not theirs)
        if url is not None:
            os.environ["REDIS_URL"] = url
        elif args.data_dir is not None:
            os.environ["SMASHUP_DATA_DIR"] = args.data_dir
    games = build(redis_url=url, data_dir=args.data_dir)
    client = rq_connection(on_redis(games.store, "rq workers").redis)
    if args.parent_pid is not None:
        _exit_with_parent(args.parent_pid)
    from service.turns import resume_bots

    resumed = resume_bots(games)
    if resumed:
        log.info("re-scheduled the bots of %d games", resumed)
    if games.bots is not None:
        from service.clocks import resume_clocks
        from workers.queue import BotQueue

        if isinstance(games.bots, BotQueue) and (clocks := resume_clocks(games, games.bots)):
            log.info("re-scheduled the turn clocks of %d games", clocks)
    rq_worker = BotWorker(  # jobs run in this process: no fork per bot turn
        [Queue(QUEUE_NAME, connection=client)],
        connection=client,
        name=args.name,
        worker_ttl=WORKER_TTL,
    )
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
