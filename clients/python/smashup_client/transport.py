"""One HTTP exchange with the server: auth, safe retries, ``Retry-After``, problem errors."""

from __future__ import annotations

import json
import logging
import random
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import httpx

from smashup_client.errors import TransportError, error_for

log = logging.getLogger("smashup_client")

PROBLEM = "application/problem+json"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
RETRIED_STATUSES = frozenset({429, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """How hard the client tries before it raises.

    ``attempts`` bounds the tries of one call (the first included). A broken connection is
    retried only when repeating the request cannot do anything twice: a read (GET), or a
    POST carrying an ``Idempotency-Key`` (the server answers a repeat with the first answer).
    A 429 or 503 is retried after the server's ``Retry-After`` (at most ``max_wait`` seconds),
    since the server did nothing; other waits back off exponentially from ``backoff``.
    """

    attempts: int = 5
    backoff: float = 0.25
    max_backoff: float = 8.0
    max_wait: float = 60.0

    def delay(self, attempt: int) -> float:
        """The pause before try ``attempt + 1`` (jittered exponential backoff)."""
        base: float = min(self.max_backoff, self.backoff * 2**attempt)
        return base * (0.5 + random.random() / 2)


def new_idempotency_key() -> str:
    """A fresh key for ``Idempotency-Key`` (random, 32 hex characters)."""
    return uuid.uuid4().hex


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None


def raise_for_problem(response: httpx.Response) -> None:
    """Raise the :class:`~smashup_client.errors.ApiError` of a refusal (status >= 400)."""
    if response.status_code < 400:
        return
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        body = None
    if not isinstance(body, dict):
        body = {"status": response.status_code, "detail": response.text[:500]}
    raise error_for(response.status_code, body, _retry_after(response))


class Transport:
    """Sends requests for a :class:`~smashup_client.Client` (thread-safe, one connection pool)."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        http: httpx.Client | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self._sleep = sleep
        self._owns_http = http is None
        self.http = http or httpx.Client(
            base_url=self.base_url,
            timeout=httpx.Timeout(timeout),
            headers={"User-Agent": "smashup-client/0.1"},
            limits=httpx.Limits(max_connections=50, max_keepalive_connections=20),
        )

    def close(self) -> None:
        """Close the connection pool (when this transport made it)."""
        if self._owns_http:
            self.http.close()

    def headers(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        """The request headers: the bearer token, when there is one, plus ``extra``."""
        headers = dict(extra or {})
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        return headers

    def request(
        self,
        method: str,
        path: str,
        *,
        params: dict[str, Any] | None = None,
        json_body: Any = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        wait: float = 0.0,
        ok_statuses: frozenset[int] = frozenset(),
    ) -> httpx.Response:
        """Send one request, retrying what is safe to retry; raise an ``ApiError`` on refusal.

        ``wait`` is how long the server may hold the answer (a long-poll): the read timeout
        grows by as much. ``ok_statuses`` are error statuses returned instead of raised.
        """
        all_headers = self.headers(headers)
        repeatable = method in SAFE_METHODS or "Idempotency-Key" in all_headers
        timeout = httpx.Timeout(self.timeout + wait)
        query = {k: _query_value(v) for k, v in (params or {}).items() if v is not None}
        attempt = 0
        while True:
            try:
                response = self.http.request(
                    method,
                    path,
                    params=query,
                    json=json_body,
                    content=content,
                    headers=all_headers,
                    timeout=timeout,
                )
            except httpx.TransportError as error:
                # nothing was sent when the connection could not even be made
                sent = not isinstance(error, httpx.ConnectError | httpx.ConnectTimeout)
                attempt += 1
                if (sent and not repeatable) or attempt >= self.retry.attempts:
                    raise TransportError(f"{method} {path}: {error!r}") from error
                log.info("%s %s failed (%r); retrying", method, path, error)
                self._sleep(self.retry.delay(attempt))
                continue
            if response.status_code in ok_statuses:
                return response
            if response.status_code in RETRIED_STATUSES and attempt + 1 < self.retry.attempts:
                pause = _retry_after(response)
                if response.status_code == 429 or pause is not None or repeatable:
                    attempt += 1
                    wait_for = self.retry.delay(attempt) if pause is None else pause
                    if wait_for <= self.retry.max_wait:
                        log.info(
                            "%s %s: %d, retrying in %.1f s",
                            method,
                            path,
                            response.status_code,
                            wait_for,
                        )
                        self._sleep(wait_for)
                        continue
            raise_for_problem(response)
            return response

    def json(self, method: str, path: str, **kwargs: Any) -> Any:
        """:meth:`request`, then the answer's JSON body."""
        return self.request(method, path, **kwargs).json()

    @contextmanager
    def stream(
        self, path: str, params: dict[str, Any], headers: dict[str, str], read_timeout: float
    ) -> Iterator[httpx.Response]:
        """Open a streaming GET; refusals raise (a 429 after its ``Retry-After``)."""
        query = {k: _query_value(v) for k, v in params.items() if v is not None}
        timeout = httpx.Timeout(self.timeout, read=read_timeout)
        attempt = 0
        while True:
            with self.http.stream(
                "GET", path, params=query, headers=self.headers(headers), timeout=timeout
            ) as response:
                if response.status_code == 429 and attempt + 1 < self.retry.attempts:
                    attempt += 1
                    pause = _retry_after(response) or self.retry.delay(attempt)
                    response.close()
                    self._sleep(min(pause, self.retry.max_wait))
                    continue
                if response.status_code >= 400:
                    response.read()
                    raise_for_problem(response)
                yield response
                return


def _query_value(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value
