"""Archive backends: where the compressed log of a finished game goes, chosen by URL.

An archived log is the exact JSON Lines text ``GET /v1/games/{id}/log`` serves, compressed with
zstd (:func:`compress`); its digest (:func:`digest`) is the SHA-256 of that text. A backend
stores one blob per game under a location derived from the game id only, so writing the same
game twice overwrites the same blob with the same bytes (archival is idempotent):

- ``redis`` (the default, the URL ``redis:``): a string key ``<prefix>:{<game_id>}:archive`` on
  the events' own Redis (same hash tag, so the same Cluster slot as the game);
- ``file:///some/dir``: ``<dir>/<id[0:2]>/<id[2:4]>/<id>.jsonl.zst``, written to a temporary
  file, fsynced, renamed over the final name, and the directory fsynced;
- ``s3://bucket/prefix``: an object ``<prefix>/<id[0:2]>/<id>.jsonl.zst`` through boto3 (the
  endpoint, region and credentials come from boto3's usual settings, e.g.
  ``AWS_ENDPOINT_URL`` for an S3-compatible server).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import unquote, urlsplit

import zstandard

from events.connection import RedisClient

LEVEL = 9
"""zstd level of archived logs: about 1/20 of the JSON Lines at a few ms per game."""
SUFFIX = ".jsonl.zst"


class ArchiveError(Exception):
    """An archived log is missing, unreadable or not the log it should be."""


def compress(text: str) -> bytes:
    """A log's text compressed (zstd, with the content size in the frame)."""
    return zstandard.ZstdCompressor(level=LEVEL).compress(text.encode())


def decompress(blob: bytes) -> str:
    """The text of a compressed log; :class:`ArchiveError` if it is not one."""
    try:
        return zstandard.ZstdDecompressor().decompress(blob).decode()
    except (zstandard.ZstdError, UnicodeDecodeError) as error:
        raise ArchiveError(f"not a compressed log: {error}") from error


def digest(text: str) -> str:
    """The SHA-256 hex digest of a log's text."""
    return hashlib.sha256(text.encode()).hexdigest()


def _check_id(game_id: str) -> str:
    if not game_id or not all(c.isalnum() or c in "-_" for c in game_id):
        raise ValueError(f"invalid game id {game_id!r}")
    return game_id


class ArchiveBackend(Protocol):
    """Where compressed logs are kept: one blob per game, found again by its location."""

    url: str
    """The backend's URL (as configured)."""

    def put(self, game_id: str, blob: bytes) -> str:
        """Store a game's blob durably (replacing any earlier one); return its location."""
        ...

    def get(self, location: str) -> bytes:
        """The blob at ``location``; :class:`ArchiveError` if there is none."""
        ...

    def delete(self, location: str) -> None:
        """Remove the blob at ``location`` (nothing if there is none)."""
        ...


class RedisBackend:
    """Blobs as string keys next to the game's own keys, on the events' Redis."""

    def __init__(self, client: RedisClient, prefix: str) -> None:
        self.client = client
        self.prefix = prefix
        self.url = "redis:"

    def put(self, game_id: str, blob: bytes) -> str:
        """``SET <prefix>:{<game_id>}:archive``."""
        location = f"{self.prefix}:{{{_check_id(game_id)}}}:archive"
        self.client.set(location, blob)
        return location

    def get(self, location: str) -> bytes:
        """``GET`` the blob's key."""
        found = self.client.get(self._key(location))
        if found is None:
            raise ArchiveError(f"no archived log at {location}")
        return found

    def delete(self, location: str) -> None:
        """``DEL`` the blob's key."""
        self.client.delete(self._key(location))

    def _key(self, location: str) -> str:
        if not location.startswith(f"{self.prefix}:{{") or not location.endswith("}:archive"):
            raise ArchiveError(f"{location!r} is not a location of this Redis backend")
        return location


class FileBackend:
    """Blobs as files in a sharded directory tree, written atomically and fsynced."""

    def __init__(self, root: str | Path, url: str | None = None) -> None:
        self.root = Path(root)
        self.url = url or self.root.as_uri()

    def put(self, game_id: str, blob: bytes) -> str:
        """Write ``<root>/ab/cd/<id>.jsonl.zst`` through a fsynced temporary file."""
        _check_id(game_id)
        relative = f"{game_id[:2]}/{game_id[2:4]}/{game_id}{SUFFIX}"
        final = self.root / relative
        final.parent.mkdir(parents=True, exist_ok=True)
        for stale in final.parent.glob(f".{game_id}.*"):  # left by a writer killed mid-way
            stale.unlink(missing_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{game_id}.", dir=final.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(blob)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, final)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        directory = os.open(final.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
        return relative

    def get(self, location: str) -> bytes:
        """Read the blob's file."""
        try:
            return self._path(location).read_bytes()
        except FileNotFoundError:
            raise ArchiveError(f"no archived log at {location}") from None

    def delete(self, location: str) -> None:
        """Remove the blob's file."""
        self._path(location).unlink(missing_ok=True)

    def _path(self, location: str) -> Path:
        parts = location.split("/")
        if len(parts) != 3 or not parts[2].endswith(SUFFIX) or ".." in parts:
            raise ArchiveError(f"{location!r} is not a location of this file backend")
        return self.root / location


class S3Backend:
    """Blobs as objects of an S3 bucket (or any S3-compatible store), through boto3."""

    def __init__(self, bucket: str, prefix: str = "", client: Any = None, url: str = "") -> None:
        if client is None:
            import boto3  # only deployments using S3 pay for importing it

            client = boto3.client("s3")
        self.client = client
        self.bucket = bucket
        self.prefix = prefix.strip("/")
        self.url = url or f"s3://{bucket}/{self.prefix}"

    def put(self, game_id: str, blob: bytes) -> str:
        """``PutObject`` (an object is replaced whole, never seen half written)."""
        _check_id(game_id)
        name = f"{game_id[:2]}/{game_id}{SUFFIX}"
        key = f"{self.prefix}/{name}" if self.prefix else name
        self.client.put_object(Bucket=self.bucket, Key=key, Body=blob)
        return key

    def get(self, location: str) -> bytes:
        """``GetObject``."""
        try:
            reply = self.client.get_object(Bucket=self.bucket, Key=location)
        except self.client.exceptions.NoSuchKey:
            raise ArchiveError(f"no archived log at s3://{self.bucket}/{location}") from None
        body: bytes = reply["Body"].read()
        return body

    def delete(self, location: str) -> None:
        """``DeleteObject``."""
        self.client.delete_object(Bucket=self.bucket, Key=location)


def open_backend(url: str | None, client: RedisClient, prefix: str) -> ArchiveBackend:
    """The backend a URL names: None, '' or ``redis:`` the events' Redis (``client``),
    ``file:///dir`` a directory, ``s3://bucket/prefix`` a bucket."""
    if not url or url == "redis:":
        return RedisBackend(client, prefix)
    parts = urlsplit(url)
    if parts.scheme == "file":
        if parts.netloc not in ("", "localhost"):
            raise ValueError(f"a file archive URL names a local directory, not {url!r}")
        return FileBackend(unquote(parts.path), url)
    if parts.scheme == "s3":
        if not parts.netloc:
            raise ValueError(f"an s3 archive URL names a bucket: s3://bucket/prefix, not {url!r}")
        return S3Backend(parts.netloc, unquote(parts.path), url=url)
    raise ValueError(f"unknown archive URL {url!r}: use redis:, file:///dir or s3://bucket/prefix")
