"""Webhooks delivered by (inline) rq jobs to a real receiver on 127.0.0.1."""

from __future__ import annotations

import json
import random
import re
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from rq import Queue, SimpleWorker
from rq.registry import ScheduledJobRegistry

from events.store import EventStore
from service.webhooks import MAX_ATTEMPTS
from tests.api.helpers import ANN, bearer
from tests.api.live import serving
from tests.security.oracle import Oracle

DOC = Path(__file__).resolve().parents[2] / "docs" / "accounts.md"
SECRET = "a-shared-secret-of-some-length"
MAX_COMMANDS = 3000
"""Commands the human seat may send before the test gives up on the game ending."""


def readme_verify() -> Callable[[str, str, bytes], bool]:
    """The signature check of docs/accounts.md, run as it is written there."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    namespace: dict[str, Any] = {}
    exec(
        compile(next(b for b in blocks if "def verify(" in b), "docs/accounts.md", "exec"),
        namespace,
    )
    verify: Callable[[str, str, bytes], bool] = namespace["verify"]
    return verify


@dataclass
class Receiver:
    """A WSGI receiver that records every POST and fails the first ``failures`` of them."""

    failures: int = 0
    always_fail: bool = False
    received: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> list[bytes]:
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        headers = {
            k[5:].replace("_", "-").title(): v for k, v in environ.items() if k.startswith("HTTP_")
        }
        with self.lock:
            self.received.append((headers, body))
            fail = self.always_fail or self.failures > 0
            self.failures -= 1
        start_response("503 Service Unavailable" if fail else "204 No Content", [])
        return []

    def bodies(self) -> list[dict[str, Any]]:
        with self.lock:
            return [json.loads(body) for _, body in self.received]


@pytest.fixture
def receiver() -> Iterator[tuple[Receiver, str]]:
    """A receiver served on 127.0.0.1."""
    target = Receiver()
    with serving(target) as base:
        yield target, base + "/hook"


@pytest.fixture
def hooked(make_app: Callable[..., Flask]) -> FlaskClient:
    """An app that may deliver to 127.0.0.1, retrying after 0.02 s, 0.04 s..."""
    app = make_app(WEBHOOK_ALLOWED_NETWORKS=["127.0.0.1/32"], WEBHOOK_BACKOFF=0.02)
    return app.test_client()


def test_a_seat_hook_gets_every_event_of_a_whole_game_once_signed_and_without_leaks(
    hooked: FlaskClient, receiver: tuple[Receiver, str], store: EventStore
) -> None:
    target, url = receiver
    verify = readme_verify()
    robot = {"name": "Robo", "factions": ["ninjas", "pirates"], "bot": "random"}
    created = hooked.post("/v1/games", json={"players": [ANN, robot], "seed": "hooks"}).get_json()
    game, token = created["id"], created["seats"][0]["token"]
    made = hooked.post(
        f"/v1/games/{game}/webhooks", json={"url": url, "secret": SECRET}, headers=bearer(token)
    )
    assert made.status_code == 201
    assert made.get_json()["secret"] == SECRET
    start = hooked.get(f"/v1/games/{game}").get_json()["version"]  # bots may have played
    rng = random.Random(7)
    for _ in range(MAX_COMMANDS):
        moves = hooked.get(f"/v1/games/{game}/moves", headers=bearer(token)).get_json()["moves"]
        if hooked.get(f"/v1/games/{game}").get_json()["status"] == "ended":
            break
        if moves:
            hooked.post(f"/v1/games/{game}/commands", json=rng.choice(moves), headers=bearer(token))
    else:
        pytest.fail("the game did not end")
    expected = hooked.get(
        f"/v1/games/{game}/events?after={start}", headers=bearer(token)
    ).get_json()["events"]
    delivered = [b["data"]["event"] for b in target.bodies()]
    assert delivered == expected
    assert len({b["delivery"] for b in target.bodies()}) == len(expected)
    for headers, body in target.received:
        assert verify(SECRET, headers["Smashup-Signature"], body)
        assert not verify("another-secret-entirely", headers["Smashup-Signature"], body)
    oracle = Oracle(store, game, 2)
    oracle.check_events(0, delivered, "seat hook")
    assert oracle.checked > 0
    assert oracle.leaks == []


def test_a_receiver_that_fails_twice_still_gets_the_delivery_with_the_same_body(
    hooked: FlaskClient, receiver: tuple[Receiver, str]
) -> None:
    target, url = receiver
    target.failures = 2
    ann = hooked.post("/v1/players", json={"name": "Ann"}).get_json()
    bob = hooked.post("/v1/players", json={"name": "Bob"}).get_json()
    made = hooked.post("/v1/webhooks", json={"url": url}, headers=bearer(bob["token"])).get_json()
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    challenge = hooked.post("/v1/challenges", json=offer, headers=bearer(ann["token"])).get_json()
    bodies = [body for _, body in target.received]
    assert len(bodies) == 3
    assert len(set(bodies)) == 1
    sent = json.loads(bodies[0])
    assert sent["type"] == "challenge"
    assert sent["data"]["data"]["id"] == challenge["id"]
    log = hooked.get(
        f"/v1/webhooks/{made['id']}/deliveries", headers=bearer(bob["token"])
    ).get_json()["deliveries"]
    assert [a["status"] for a in log[0]["attempts"]] == [503, 503, 204]
    assert log[0]["status"] == "delivered"
    assert log[0]["body"] == sent
    assert all(
        readme_verify()(made["secret"], h["Smashup-Signature"], b) for h, b in target.received
    )


def test_a_delivery_is_given_up_after_the_documented_number_of_attempts(
    hooked: FlaskClient, receiver: tuple[Receiver, str]
) -> None:
    target, url = receiver
    target.always_fail = True
    bob = hooked.post("/v1/players", json={"name": "Bob"}).get_json()
    made = hooked.post("/v1/webhooks", json={"url": url}, headers=bearer(bob["token"])).get_json()
    hooked.post(
        "/v1/players/me/token", headers=bearer(bob["token"])
    )  # no delivery: not a feed entry
    ann = hooked.post("/v1/players", json={"name": "Ann"}).get_json()
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    hooked.post("/v1/challenges", json=offer, headers=bearer(ann["token"]))
    assert len(target.received) == MAX_ATTEMPTS == 6
    listed = hooked.get(f"/v1/webhooks/{made['id']}/deliveries", headers=bearer(ann["token"]))
    assert (listed.status_code, listed.get_json()["code"]) == (404, "webhook_not_found")


def test_webhook_urls_must_be_http_and_public_unless_the_operator_allows_them(
    client: FlaskClient, store: EventStore
) -> None:
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    for url in (
        "ftp://example.com/hook",
        "http://127.0.0.1:18555/hook",
        "http://localhost/hook",
        "http://10.1.2.3/hook",
        "http://[::1]/hook",
        "http://169.254.169.254/latest",
        "http://user:pw@example.com/",
        "not a url",
    ):
        response = client.post("/v1/webhooks", json={"url": url}, headers=bearer(bob["token"]))
        assert response.status_code == 422, url
        assert response.get_json()["code"] == "webhook_url_refused", url
        if "127.0.0.1" in url or "10.1.2.3" in url:
            assert "WEBHOOK_ALLOWED_NETWORKS" in response.get_json()["detail"], url
    short = client.post(
        "/v1/webhooks",
        json={"url": "http://1.1.1.1/", "secret": "short"},
        headers=bearer(bob["token"]),
    )
    assert short.get_json()["code"] == "validation_error"
    assert short.get_json()["errors"] == {"secret": ["a webhook secret has 16 to 200 characters"]}
    assert client.post("/v1/webhooks", json={"url": "http://1.1.1.1/"}).status_code == 401
    assert not list(store.redis.scan_iter(match=f"{store.prefix}:webhook*"))


def test_a_hook_is_shown_and_removed_only_by_its_owner(
    hooked: FlaskClient, receiver: tuple[Receiver, str]
) -> None:
    _, url = receiver
    bob = hooked.post("/v1/players", json={"name": "Bob"}).get_json()
    eve = hooked.post("/v1/players", json={"name": "Eve"}).get_json()
    made = hooked.post("/v1/webhooks", json={"url": url}, headers=bearer(bob["token"])).get_json()
    path = f"/v1/webhooks/{made['id']}"
    assert hooked.get(path, headers=bearer(eve["token"])).status_code == 404
    assert hooked.delete(path, headers=bearer(eve["token"])).status_code == 404
    shown = hooked.get(path, headers=bearer(bob["token"])).get_json()
    assert "secret" not in shown
    assert shown["account"] == bob["id"]
    assert hooked.delete(path, headers=bearer(bob["token"])).status_code == 200
    assert hooked.get(path, headers=bearer(bob["token"])).status_code == 404


def test_deliveries_go_through_rq_jobs_and_a_retry_waits_in_the_scheduler(
    make_app: Callable[..., Flask], receiver: tuple[Receiver, str], store: EventStore
) -> None:
    target, url = receiver
    target.failures = 1
    queue_name = f"test-{uuid.uuid4().hex}"
    app = make_app(
        RQ_ASYNC=True,
        RQ_QUEUE=queue_name,
        WEBHOOK_ALLOWED_NETWORKS=["127.0.0.1/32"],
        WEBHOOK_BACKOFF=0.3,
    )
    client = app.test_client()
    bob = client.post("/v1/players", json={"name": "Bob"}).get_json()
    ann = client.post("/v1/players", json={"name": "Ann"}).get_json()
    made = client.post("/v1/webhooks", json={"url": url}, headers=bearer(bob["token"])).get_json()
    offer = {"to": bob["id"], "factions": ["aliens", "dinosaurs"]}
    client.post("/v1/challenges", json=offer, headers=bearer(ann["token"]))
    queue = Queue(queue_name, connection=store.redis)
    assert queue.count == 1
    assert target.received == []  # nothing is sent by the request itself
    SimpleWorker([queue], connection=store.redis).work(burst=True)
    assert len(target.received) == 1
    assert ScheduledJobRegistry(queue=queue).count == 1  # the retry, due in 0.3 s
    time.sleep(0.4)
    SimpleWorker([queue], connection=store.redis).work(burst=True, with_scheduler=True)
    assert len(target.received) == 2
    log = client.get(
        f"/v1/webhooks/{made['id']}/deliveries", headers=bearer(bob["token"])
    ).get_json()["deliveries"]
    assert [a["status"] for a in log[0]["attempts"]] == [503, 204]
    assert log[0]["status"] == "delivered"
    queue.delete(delete_jobs=True)
