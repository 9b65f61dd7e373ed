"""``smashup serve``'s hardening options (docs/hardening.md): limits per client address, the
trusted front proxy, abandoned accounts, and the app settings they become. Light: no Flask."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

ADDRESS_RATE_LIMIT = (3600, 60)
"""``smashup serve``'s default rate limit per client address, whatever its tokens."""
ACCOUNT_LIMIT = (10, 3600)
"""``smashup serve``'s default: accounts one address may create per window."""
ACCOUNT_TTL = 7 * 24 * 3600
"""``smashup serve``'s default: seconds an account never used and never seated lives."""


def add_options(serve_cmd: argparse.ArgumentParser, rate: Callable[[str], Any]) -> None:
    """Add the options; ``rate`` parses ``N/S`` (or ``0``)."""
    serve_cmd.add_argument(
        "--address-rate-limit",
        type=rate,
        default=ADDRESS_RATE_LIMIT,
        help="requests per seconds per client address, whatever its tokens; 0: none (3600/60)",
    )
    serve_cmd.add_argument(
        "--account-limit",
        type=rate,
        default=ACCOUNT_LIMIT,
        help="accounts one address may create per seconds; 0: none (10/3600)",
    )
    serve_cmd.add_argument(
        "--account-ttl",
        type=int,
        default=ACCOUNT_TTL,
        help="seconds an account never used and never seated lives; 0: forever (604800)",
    )
    serve_cmd.add_argument(
        "--trusted-proxy",
        action="append",
        default=None,
        metavar="CIDR",
        help="a front proxy whose X-Forwarded-For names the client (repeatable; default "
        "$SMASHUP_TRUSTED_PROXIES, else none)",
    )
    serve_cmd.add_argument(
        "--waiters-per-address",
        type=int,
        default=None,
        help="long-polls and streams one address may hold (a quarter of the process's)",
    )
    serve_cmd.add_argument(
        "--redis-restart-delay",
        type=float,
        default=0.5,
        help="seconds before a dead embedded Redis is restarted, doubling up to 30 (0.5)",
    )


def trusted_proxies(args: argparse.Namespace) -> tuple[str, ...]:
    """The trusted proxies' CIDRs: ``--trusted-proxy``, else ``SMASHUP_TRUSTED_PROXIES``."""
    from api.limits import trusted_networks

    return tuple(str(n) for n in trusted_networks(args.trusted_proxy))


def app_config(args: argparse.Namespace) -> dict[str, Any]:
    """The app settings of the options."""
    return {
        "ADDRESS_RATE_LIMIT": args.address_rate_limit,
        "ACCOUNT_LIMIT": args.account_limit,
        "ACCOUNT_TTL": args.account_ttl or None,
        "TRUSTED_PROXIES": list(trusted_proxies(args)),
        "MAX_WAITERS_PER_ADDRESS": args.waiters_per_address,
    }
