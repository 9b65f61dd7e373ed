"""The API tests' fixtures (an app on a private key prefix, the spec contract), shared here."""

from __future__ import annotations

from tests.api.conftest import contract, make_app

__all__ = ["contract", "make_app"]
