"""Webhook deliveries: the rq job that POSTs one signed delivery, and the queue that runs it.

An asynchronous :class:`WebhookQueue` enqueues ``deliver`` jobs (retries with ``enqueue_in``:
the worker runs rq's scheduler). A synchronous one (tests, single-process tools) runs the
attempts in the calling thread, sleeping the backoff between them.
"""

from __future__ import annotations

import functools
import http.client
import logging
import socket
import ssl
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

from rq import Queue, get_current_job

from service.social import social_of
from service.webhooks import TIMEOUT
from workers.queue import DEFAULT_PREFIX, FAILURE_TTL, QUEUE_NAME

log = logging.getLogger(__name__)

JOB = "workers.webhooks.deliver"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects are answers, never followed (they could point at a private address)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to a fixed address; the Host header still names the URL's host."""

    def __init__(self, *args: Any, address: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """An HTTPS connection to a fixed address; SNI, the certificate check and the Host header
    still use the URL's host."""

    def __init__(self, *args: Any, address: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = address

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), self.timeout)
        context: ssl.SSLContext = self._context  # type: ignore[attr-defined]
        self.sock = context.wrap_socket(raw, server_hostname=self.host)


class _Pinned(urllib.request.HTTPHandler, urllib.request.HTTPSHandler):
    """Opens http:// and https:// URLs on connections to one address (the checked one)."""

    def __init__(self, address: str) -> None:
        urllib.request.HTTPHandler.__init__(self)
        urllib.request.HTTPSHandler.__init__(self, context=ssl.create_default_context())
        self.address = address

    def http_open(self, req: urllib.request.Request) -> Any:
        return self.do_open(functools.partial(_PinnedHTTP, address=self.address), req)

    def https_open(self, req: urllib.request.Request) -> Any:
        return self.do_open(
            functools.partial(_PinnedHTTPS, address=self.address),
            req,
            context=self._context,  # type: ignore[attr-defined]
        )


def send(url: str, body: bytes, headers: dict[str, str], address: str) -> int:
    """POST ``body`` to ``url`` over a connection to ``address`` (the one checked: no second
    DNS lookup); return the HTTP status (``OSError`` if nothing answered)."""
    opener = urllib.request.build_opener(_NoRedirects, _Pinned(address))
    request = urllib.request.Request(url, body, headers, method="POST")
    try:
        with opener.open(request, timeout=TIMEOUT) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        with error:
            return int(error.code)


class WebhookQueue:
    """Schedules delivery attempts on an rq queue, or runs them inline (``is_async=False``)."""

    def __init__(
        self,
        connection: Any,
        *,
        prefix: str = DEFAULT_PREFIX,
        is_async: bool = True,
        name: str = QUEUE_NAME,
        allowed: Sequence[str] = (),
        backoff: float | None = None,
    ) -> None:
        self.prefix = prefix
        self.queue = Queue(name, connection=connection, is_async=is_async)
        self.allowed = list(allowed)
        self.backoff = backoff
        self.inline_attempt: Callable[[str], float | None] | None = None
        """What runs one attempt in the calling thread (set by the bootstrap)."""

    def deliver(self, delivery_id: str, delay: float = 0.0) -> None:
        """Attempt a delivery after ``delay`` seconds, retrying as long as it is due."""
        if not self.queue.is_async:
            if self.inline_attempt is None:
                raise RuntimeError("an inline webhook queue needs its attempt function")
            next_delay: float | None = delay
            while next_delay is not None:
                time.sleep(next_delay)
                next_delay = self.inline_attempt(delivery_id)
            return
        kwargs = {"prefix": self.prefix, "allowed": self.allowed, "backoff": self.backoff}
        options: dict[str, Any] = {
            "kwargs": kwargs,
            "result_ttl": 0,
            "failure_ttl": FAILURE_TTL,
            "description": f"webhook delivery {delivery_id}",
        }
        if delay > 0:
            self.queue.enqueue_in(timedelta(seconds=delay), JOB, args=(delivery_id,), **options)
        else:
            self.queue.enqueue(JOB, args=(delivery_id,), **options)


def deliver(
    delivery_id: str,
    prefix: str = DEFAULT_PREFIX,
    allowed: Sequence[str] = (),
    backoff: float | None = None,
) -> bool:
    """rq job: one attempt of a delivery; schedule the next one if it failed and is due."""
    from bootstrap import build, build_for_job

    job = get_current_job()
    options: dict[str, Any] = {"webhook_networks": allowed, "webhook_backoff": backoff}
    if job is None:
        games = build(prefix=prefix, queue_name=QUEUE_NAME, **options)
    else:
        games = build_for_job(job, prefix, queue_name=job.origin, **options)
    social = social_of(games)
    assert social is not None
    next_delay = social.webhooks.attempt(delivery_id, send)
    if next_delay is None:
        return True
    if social.webhooks.queue is not None:
        social.webhooks.queue.deliver(delivery_id, next_delay)
    log.info("webhook delivery %s failed; retry in %.1f s", delivery_id, next_delay)
    return False
