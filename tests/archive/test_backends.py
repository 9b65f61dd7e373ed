"""The archive contract, the same for every backend: the events' Redis, a directory, and S3
(moto's standalone server: no real S3 server can be installed here)."""

from __future__ import annotations

import pytest
from flask import Flask

from events.archive import ArchiveBackend, ArchiveError, compress, decompress, digest
from tests.archive.conftest import archiver_of, store_of
from tests.archive.helpers import readers, store_finished_game


def test_a_blob_put_in_a_backend_reads_back_the_same(backend: ArchiveBackend) -> None:
    blob = compress('{"version":1}\n' * 500)
    location = backend.put("0123456789abcdef", blob)
    assert backend.get(location) == blob


def test_putting_a_game_again_replaces_its_blob_at_the_same_location(
    backend: ArchiveBackend,
) -> None:
    first = backend.put("feedfacefeedface", b"first")
    second = backend.put("feedfacefeedface", b"second")
    assert first == second
    assert backend.get(second) == b"second"


def test_a_missing_blob_is_an_archive_error(backend: ArchiveBackend) -> None:
    location = backend.put("aaaabbbbccccdddd", b"x")
    backend.delete(location)
    with pytest.raises(ArchiveError):
        backend.get(location)


def test_a_game_id_that_could_escape_the_backend_is_refused(backend: ArchiveBackend) -> None:
    with pytest.raises(ValueError, match="invalid game id"):
        backend.put("../../etc", b"x")


def test_an_archived_game_answers_every_reader_as_before_and_leaves_a_small_record(
    archiving_app: Flask,
) -> None:
    store = store_of(archiving_app)
    game_id = store_finished_game(store, seed=1)
    version = store.version(game_id)
    client = archiving_app.test_client()
    before = readers(client, game_id, version)
    outcome = archiver_of(archiving_app).archive(game_id)
    assert outcome.result == "archived"
    assert outcome.archive_bytes * 8 <= outcome.log_bytes
    assert not store.redis.exists(store.key(game_id, "events"))
    assert not store.redis.exists(store.key(game_id, "snapshot"))
    record = store.archive_record(game_id)
    assert record is not None
    assert record["version"] == str(version)
    blob = store.backend.get(record["location"])
    assert (
        digest(decompress(blob))
        == record["digest"]
        == digest(before[f"/v1/games/{game_id}/log"][1])
    )
    fresh = archiving_app.test_client()
    assert readers(fresh, game_id, version) == before


def test_archiving_a_game_twice_archives_it_once(archiving_app: Flask) -> None:
    store = store_of(archiving_app)
    game_id = store_finished_game(store, seed=2)
    archiver = archiver_of(archiving_app)
    assert archiver.archive(game_id).result == "archived"
    record = store.archive_record(game_id)
    assert archiver.archive(game_id).result == "already"
    assert store.redis.hgetall(store.key(game_id, "archived")) == {
        k.encode(): v.encode() for k, v in (record or {}).items()
    }


def test_an_archive_that_does_not_match_its_digest_is_never_served(archiving_app: Flask) -> None:
    store = store_of(archiving_app)
    game_id = store_finished_game(store, seed=3)
    archiver_of(archiving_app).archive(game_id)
    record = store.archive_record(game_id)
    assert record is not None
    store.backend.put(game_id, compress('{"version":1,"type":"x","schema":1,"payload":{}}\n'))
    response = archiving_app.test_client().get(f"/v1/games/{game_id}/log")
    assert response.status_code == 503
    assert response.get_json()["code"] == "service_unavailable"
