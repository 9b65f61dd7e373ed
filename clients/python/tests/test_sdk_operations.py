"""Every operation of the served spec has an SDK method, calling what the spec says.

A route added to ``openapi.yaml`` fails this test until the SDK covers it: add a method to
the group of its tag in ``smashup_client/resources.py``, marked ``@operation("<id>",
"<METHOD>", "<path>")``.
"""

from __future__ import annotations

from smashup_client import Client

METHODS = ("get", "post", "put", "patch", "delete")


def _spec_operations(client: Client) -> dict[str, tuple[str, str]]:
    spec = client.site.openapi()
    return {
        operation["operationId"]: (method.upper(), path)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


def test_every_operation_of_the_served_spec_has_an_sdk_method(client: Client) -> None:
    missing = sorted(set(_spec_operations(client)) - set(client.operations()))
    assert not missing, f"operations without an SDK method (add them to resources.py): {missing}"


def test_each_sdk_method_calls_the_method_and_path_the_spec_gives_its_operation(
    client: Client,
) -> None:
    spec = _spec_operations(client)
    wrong = {
        name: (found.method, found.path, spec.get(operation_id))
        for operation_id, (name, found) in client.operations().items()
        if spec.get(operation_id) != (found.method, found.path)
    }
    assert not wrong, f"SDK methods that disagree with the spec: {wrong}"


def test_the_sdk_groups_its_methods_like_the_api() -> None:
    with Client("http://127.0.0.1:9") as offline:
        names = {name for name, _ in offline.operations().values()}
    for expected in ("Games.create", "Games.moves", "Games.command", "Me.turns", "Me.stream"):
        assert expected in names
