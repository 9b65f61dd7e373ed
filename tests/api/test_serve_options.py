"""``smashup serve``'s hardening options and the app settings they become."""

from __future__ import annotations

from pathlib import Path

import pytest

from api.cli import _parser
from api.serve_options import ACCOUNT_LIMIT, ACCOUNT_TTL, ADDRESS_RATE_LIMIT, app_config


def test_serve_limits_each_address_by_default_and_trusts_no_proxy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SMASHUP_TRUSTED_PROXIES", raising=False)
    config = app_config(_parser().parse_args(["serve"]))
    assert config == {
        "ADDRESS_RATE_LIMIT": ADDRESS_RATE_LIMIT,
        "ACCOUNT_LIMIT": ACCOUNT_LIMIT,
        "ACCOUNT_TTL": ACCOUNT_TTL,
        "TRUSTED_PROXIES": [],
        "MAX_WAITERS_PER_ADDRESS": None,
    }


def test_serve_options_turn_limits_off_and_name_the_trusted_proxies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SMASHUP_TRUSTED_PROXIES", "192.0.2.0/24")
    assert app_config(_parser().parse_args(["serve"]))["TRUSTED_PROXIES"] == ["192.0.2.0/24"]
    argv = ["serve", "--address-rate-limit", "0", "--account-limit", "5/60", "--account-ttl", "0"]
    argv += ["--trusted-proxy", "10.0.0.1", "--trusted-proxy", "fd00::/8"]
    argv += ["--waiters-per-address", "3"]
    config = app_config(_parser().parse_args(argv))
    assert config == {
        "ADDRESS_RATE_LIMIT": None,
        "ACCOUNT_LIMIT": (5, 60),
        "ACCOUNT_TTL": None,
        "TRUSTED_PROXIES": ["10.0.0.1/32", "fd00::/8"],
        "MAX_WAITERS_PER_ADDRESS": 3,
    }


def test_docs_hardening_states_serve_s_actual_defaults() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "hardening.md").read_text()
    args = _parser().parse_args(["serve"])
    stated = {
        "--rate-limit": "/".join(map(str, args.rate_limit)),
        "--address-rate-limit": "/".join(map(str, args.address_rate_limit)),
        "--account-limit": "/".join(map(str, args.account_limit)),
        "--account-ttl": str(args.account_ttl),
        "--game-quota": str(args.game_quota),
        "--connections-per-address": str(args.connections_per_address),
        "--redis-restart-delay": str(args.redis_restart_delay),
    }
    for flag, default in stated.items():
        assert f"`{flag} {default}`" in text, flag
