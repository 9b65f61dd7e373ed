"""Append command ids: never the same twice, in one process or across forked ones."""

from __future__ import annotations

import os

from events.appends import COMMAND_IDS, CommandIds


def test_a_process_never_gives_the_same_command_id_twice() -> None:
    ids = CommandIds()
    drawn = [ids.next() for _ in range(1000)]
    assert len(set(drawn)) == len(drawn)


def test_two_id_sources_differ_even_at_the_same_count() -> None:
    assert CommandIds().next() != CommandIds().next()


def test_a_forked_child_draws_ids_of_its_own() -> None:
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its first id, then out without running the parent's cleanups
        os.write(writer, COMMAND_IDS.next().encode())
        os._exit(0)
    os.close(writer)
    os.waitpid(pid, 0)
    child = os.read(reader, 100).decode()
    os.close(reader)
    parent = [COMMAND_IDS.next() for _ in range(3)]
    assert child
    assert child not in parent
    assert child[:16] != parent[0][:16]  # another prefix, not only another count
