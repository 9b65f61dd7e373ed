"""Webhook deliveries connect to the address that was checked: the host is resolved once, and a
DNS answer that changes afterwards (to a private address) is never followed. The Host header,
TLS's SNI and the certificate check still use the URL's host."""

from __future__ import annotations

import http.server
import ipaddress
import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from service.webhooks import check_url
from workers.webhooks import send

HOST = "hooks.rebind.invalid"  # .invalid never resolves for real


class _Receiver(http.server.BaseHTTPRequestHandler):
    seen: ClassVar[list[dict[str, Any]]] = []

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        _Receiver.seen.append({"host": self.headers["Host"], "body": self.rfile.read(length)})
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[http.server.HTTPServer]:
    _Receiver.seen = []
    server = http.server.HTTPServer(("127.0.0.1", 0), _Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def rebinding_dns(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """:data:`HOST` resolves to 127.0.0.1 once, then to a private address; the lookups made."""
    real = socket.getaddrinfo
    lookups: list[str] = []

    def fake(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host != HOST:
            return real(host, port, *args, **kwargs)
        lookups.append(host)
        address = "127.0.0.1" if len(lookups) == 1 else "10.255.255.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", fake)
    return lookups


LOOPBACK = [ipaddress.ip_network("127.0.0.0/8")]


def test_a_delivery_goes_to_the_checked_address_with_one_lookup_and_the_url_s_host(
    receiver: http.server.HTTPServer, rebinding_dns: list[str]
) -> None:
    port = receiver.server_address[1]
    url = f"http://{HOST}:{port}/hook"
    address = check_url(url, LOOPBACK)
    assert address == "127.0.0.1"
    status = send(url, b'{"n":1}', {"Content-Type": "application/json"}, address)
    assert status == 204
    assert _Receiver.seen == [{"host": f"{HOST}:{port}", "body": b'{"n":1}'}]
    assert rebinding_dns == [HOST], "resolved once, when checked"
    with pytest.raises(Exception, match="private or reserved"):
        check_url(url, LOOPBACK)  # the second answer would have been refused


def _certificate(directory: Path) -> tuple[Path, Path]:
    key, cert = directory / "key.pem", directory / "cert.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(cert), "-subj", f"/CN={HOST}",
            "-addext", f"subjectAltName=DNS:{HOST}",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )  # fmt: skip
    return key, cert


def test_an_https_delivery_to_the_checked_address_sends_the_url_s_host_as_sni_and_verifies_it(
    tmp_path: Path, rebinding_dns: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    key, cert = _certificate(tmp_path)
    names: list[str | None] = []
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    context.sni_callback = lambda sock, name, ctx: names.append(name)  # type: ignore[assignment,misc,return-value]
    _Receiver.seen = []
    server = http.server.HTTPServer(("127.0.0.1", 0), _Receiver)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # the client trusts this certificate only
    try:
        url = f"https://{HOST}:{server.server_address[1]}/hook"
        address = check_url(url, LOOPBACK)
        assert send(url, b"{}", {"Content-Type": "application/json"}, address) == 204
    finally:
        server.shutdown()
        server.server_close()
    assert names == [HOST]
    assert _Receiver.seen[0]["host"] == f"{HOST}:{server.server_address[1]}"
    assert rebinding_dns == [HOST]
