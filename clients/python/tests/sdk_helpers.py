"""Helpers of the SDK's tests: ports, accounts, games against the server's bots."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from smashup_client import Client


def free_port() -> int:
    """A port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def account(server_url: str, name: str) -> tuple[Client, str]:
    """A client acting for a new player account, and the account's id (the caller closes it)."""
    with Client(server_url) as anonymous:
        created = anonymous.accounts.create(name)
    return Client(server_url, created["token"]), created["id"]


def versus_random(client: Client, player: str, seed: str) -> str:
    """A new two-seat game: account ``player`` (seat 0) against the ``random`` bot; its id."""
    players = [
        {"player": player, "factions": ["aliens", "dinosaurs"]},
        {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": "random"},
    ]
    game: str = client.games.create(players, seed=seed)["id"]
    return game


def wait_until(check: Callable[[], Any], seconds: float, what: str) -> Any:
    """``check()``'s first true result, polled every 0.2 s for at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not (result := check()):
        assert time.monotonic() < deadline, f"timed out after {seconds} s waiting for {what}"
        time.sleep(0.2)
    return result


def repository_root() -> Path:
    """The server repository's root (this package is in clients/python/)."""
    return Path(__file__).resolve().parents[3]
