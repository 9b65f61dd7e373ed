"""The event store: game events on Redis Streams, snapshots, idempotency and tokens."""
