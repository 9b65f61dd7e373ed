"""Fixtures of the security tests: the API tests' Redis, key prefix and spec-checking client."""

from __future__ import annotations

from tests.api.conftest import (  # noqa: F401  (fixtures shared with the API tests)
    app,
    client,
    contract,
    make_app,
    store,
)
