"""Fixtures of the archive tests: the three backends (the events' Redis, a directory, and S3
through moto's standalone server on 127.0.0.1: no real S3 server can be installed here), and
apps archiving to each."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from api.routes.common import EXTENSION
from events.archive import ArchiveBackend, FileBackend, RedisBackend, S3Backend
from events.archived import ArchivingStore
from events.connection import RedisClient
from service.archive import Archiver
from tests.api.conftest import contract, make_app  # noqa: F401  (shared fixtures)

BACKENDS = ("redis", "file", "s3")
S3_ENV = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[str]:
    """moto's standalone S3 server, in a child process on a free 127.0.0.1 port."""
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise RuntimeError("moto's S3 server did not start") from None
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}"
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def s3_env(s3_endpoint: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """boto3's environment pointed at the moto server; a fresh bucket's name."""
    for name, value in {**S3_ENV, "AWS_ENDPOINT_URL": s3_endpoint}.items():
        monkeypatch.setenv(name, value)
    import boto3

    bucket = f"archive-{uuid.uuid4().hex[:12]}"
    boto3.client("s3").create_bucket(Bucket=bucket)
    return bucket


@pytest.fixture(params=BACKENDS)
def archive_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An archive URL of each backend."""
    if request.param == "redis":
        return "redis:"
    if request.param == "file":
        return (tmp_path / "archive").as_uri()
    bucket = request.getfixturevalue("s3_env")
    return f"s3://{bucket}/games"


@pytest.fixture
def backend(archive_url: str, redis_client: RedisClient, prefix: str) -> ArchiveBackend:
    """The backend of each URL."""
    if archive_url == "redis:":
        return RedisBackend(redis_client, prefix)
    if archive_url.startswith("file:"):
        return FileBackend(archive_url[len("file://") :], archive_url)
    bucket, _, key_prefix = archive_url[len("s3://") :].partition("/")
    return S3Backend(bucket, key_prefix, url=archive_url)


@pytest.fixture
def archiving_app(make_app: Callable[..., Flask], archive_url: str) -> Flask:  # noqa: F811
    """An app archiving to each backend."""
    return make_app(ARCHIVE_URL=archive_url, STREAM_KEEPALIVE=0.1)


def store_of(app: Flask) -> ArchivingStore:
    """The archiving store of an app."""
    store: Any = app.extensions[EXTENSION].store
    assert isinstance(store, ArchivingStore)
    return store


def archiver_of(app: Flask) -> Archiver:
    """An archiver over an app's store."""
    return Archiver(store_of(app))
