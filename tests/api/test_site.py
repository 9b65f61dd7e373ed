"""The spec, the docs page and the home page, served from the installed package."""

from __future__ import annotations

from importlib import resources

import yaml
from flask.testing import FlaskClient

from tests.api.contract import SPEC_PATH


def test_the_spec_is_served_as_yaml_exactly_as_in_the_repository(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.mimetype == "application/yaml"
    assert response.get_data(as_text=True) == SPEC_PATH.read_text(encoding="utf-8")


def test_the_spec_is_served_as_json_with_the_same_content(client: FlaskClient) -> None:
    response = client.get("/openapi.json")
    assert response.status_code == 200
    assert response.get_json() == yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


def test_the_spec_ships_as_package_data_of_the_api_package() -> None:
    shipped = resources.files("api") / "assets" / "openapi.yaml"
    assert shipped.read_text(encoding="utf-8") == SPEC_PATH.read_text(encoding="utf-8")


def test_the_docs_page_loads_swagger_ui_from_the_server_itself(client: FlaskClient) -> None:
    page = client.get("/docs").get_data(as_text=True)
    assert "/openapi.json" in page
    assert "http://" not in page
    assert "https://" not in page
    for asset in ("/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css"):
        assert asset in page
        response = client.get(asset)
        assert response.status_code == 200
        assert len(response.data) > 10_000
        assert response.cache_control.max_age == 3600


def test_the_swagger_ui_served_reads_openapi_3_1(client: FlaskClient) -> None:
    bundle = client.get("/docs/assets/swagger-ui-bundle.js").get_data(as_text=True)
    assert "3.1" in bundle
    assert "OpenAPI 3.1" in bundle or "isOAS31" in bundle


def test_an_unknown_docs_asset_is_a_404_problem(client: FlaskClient) -> None:
    response = client.get("/docs/assets/../openapi.yaml")
    assert response.status_code == 404
    response = client.get("/docs/assets/index.html")
    assert response.status_code == 404
    assert response.get_json()["code"] == "not_found"


def test_the_home_page_links_to_the_docs_and_the_spec(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for link in ('href="/docs"', 'href="/openapi.yaml"', 'href="/openapi.json"'):
        assert link in page


def test_the_site_pages_take_no_query_parameters(client: FlaskClient) -> None:
    response = client.get("/docs?x=1")
    assert response.status_code == 422
    assert response.get_json()["code"] == "validation_error"
