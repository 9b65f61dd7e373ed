"""Snapshot cache and the seat-token index."""

from __future__ import annotations

import pytest

from events.errors import StoreError
from events.store import EventStore, hash_token

from .helpers import event

pytestmark = pytest.mark.redis


def test_a_saved_snapshot_loads_back_until_deleted(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("a"), event("b"), event("c")])

    assert store.load_snapshot(game_id) is None
    assert store.save_snapshot(game_id, 3, '{"phase":"play"}')
    assert store.load_snapshot(game_id) == (3, '{"phase":"play"}')

    store.delete_snapshots(game_id)
    assert store.load_snapshot(game_id) is None
    assert store.version(game_id) == 3


def test_an_older_snapshot_does_not_replace_a_newer_one(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("e", n=n) for n in range(5)])
    store.save_snapshot(game_id, 4, "at four")

    assert not store.save_snapshot(game_id, 2, "at two")
    assert store.load_snapshot(game_id) == (4, "at four")
    assert store.save_snapshot(game_id, 5, "at five")
    assert store.load_snapshot(game_id) == (5, "at five")


def test_a_snapshot_beyond_the_log_is_not_kept(store: EventStore, game_id: str) -> None:
    store.create(game_id, [event("game_created")])

    assert not store.save_snapshot(game_id, 2, "from the future")
    assert store.load_snapshot(game_id) is None


def test_a_snapshot_newer_than_the_requested_version_is_not_used(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("a"), event("b")])
    store.save_snapshot(game_id, 2, "state")

    assert store.load_snapshot(game_id, at_most=1) is None
    assert store.load_snapshot(game_id, at_most=2) == (2, "state")


def test_an_append_keeps_a_snapshot_at_the_version_given_unless_a_newer_one_is_kept(
    store: EventStore, game_id: str
) -> None:
    store.create(game_id, [event("e", n=n) for n in range(3)])
    store.append(game_id, 3, [event("f"), event("g")], snapshot="at four", snapshot_at=4)
    assert store.load_snapshot(game_id) == (4, "at four")
    store.append(game_id, 5, [event("h")], snapshot="at two", snapshot_at=2)
    assert store.load_snapshot(game_id) == (4, "at four")  # older: not kept
    store.append(game_id, 6, [event("i")], snapshot="at seven")
    assert store.load_snapshot(game_id) == (7, "at seven")  # no version: after the events
    with pytest.raises(ValueError, match="snapshot at 9"):
        store.append(game_id, 7, [event("j")], snapshot="ahead", snapshot_at=9)
    assert store.version(game_id) == 7  # refused: nothing written


def test_a_snapshot_needs_a_positive_version(store: EventStore, game_id: str) -> None:
    with pytest.raises(ValueError, match="version"):
        store.save_snapshot(game_id, 0, "initial")


def test_a_registered_token_hash_finds_its_game_and_seat(store: EventStore, game_id: str) -> None:
    token = "s3cr3t-seat-token"
    store.register_token(hash_token(token), game_id, 2)

    assert store.lookup_token(hash_token(token)) == (game_id, 2)
    assert store.lookup_token(hash_token("another token")) is None


def test_a_raw_token_is_never_used_as_a_key(store: EventStore, game_id: str) -> None:
    with pytest.raises(ValueError, match="SHA-256"):
        store.register_token("s3cr3t-seat-token", game_id, 0)


def test_a_token_hash_cannot_be_moved_to_another_seat(store: EventStore, game_id: str) -> None:
    digest = hash_token("t")
    store.register_token(digest, game_id, 0)
    store.register_token(digest, game_id, 0)

    with pytest.raises(StoreError):
        store.register_token(digest, game_id, 1)
    assert store.lookup_token(digest) == (game_id, 0)


def test_token_hashes_are_sha256_hex_digests() -> None:
    assert hash_token("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
