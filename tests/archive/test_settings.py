"""The archive settings: ``ARCHIVE_AFTER`` and the backend chosen by ``ARCHIVE_URL``."""

from __future__ import annotations

import pytest

from events.archive import FileBackend, RedisBackend, S3Backend, open_backend
from events.connection import RedisClient
from workers.archive import archive_after_from_env


def test_archive_after_is_600_seconds_unless_the_variable_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("ARCHIVE_AFTER", raising=False)
    assert archive_after_from_env() == 600
    monkeypatch.setenv("ARCHIVE_AFTER", "45")
    assert archive_after_from_env() == 45


def test_the_archive_url_chooses_the_backend(
    redis_client: RedisClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    assert isinstance(open_backend(None, redis_client, "p"), RedisBackend)
    assert isinstance(open_backend("redis:", redis_client, "p"), RedisBackend)
    found = open_backend("file:///var/lib/smashup/archive", redis_client, "p")
    assert isinstance(found, FileBackend)
    assert str(found.root) == "/var/lib/smashup/archive"
    bucket = open_backend("s3://games-bucket/archive/v1", redis_client, "p")
    assert isinstance(bucket, S3Backend)
    assert (bucket.bucket, bucket.prefix) == ("games-bucket", "archive/v1")


@pytest.mark.parametrize("url", ["ftp://host/dir", "file://otherhost/dir", "s3:///nobucket"])
def test_an_unknown_or_incomplete_archive_url_is_refused(
    redis_client: RedisClient, url: str
) -> None:
    with pytest.raises(ValueError, match="archive URL"):
        open_backend(url, redis_client, "p")
