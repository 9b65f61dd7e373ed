"""Python SDK of the Smash Up game server: ``Client`` and, in ``smashup_client.bot``, a runner.

>>> from smashup_client import Client  # doctest: +SKIP
>>> with Client("http://127.0.0.1:8000") as client:  # doctest: +SKIP
...     game = client.games.create([...])
"""

from smashup_client.client import Client
from smashup_client.errors import (
    ApiError,
    Conflict,
    Forbidden,
    NotFound,
    RateLimited,
    ServerError,
    SmashupError,
    TransportError,
    Unauthorized,
    Unprocessable,
)
from smashup_client.streams import Stream
from smashup_client.transport import RetryPolicy, new_idempotency_key

__all__ = [
    "ApiError",
    "Client",
    "Conflict",
    "Forbidden",
    "NotFound",
    "RateLimited",
    "RetryPolicy",
    "ServerError",
    "SmashupError",
    "Stream",
    "TransportError",
    "Unauthorized",
    "Unprocessable",
    "new_idempotency_key",
]
