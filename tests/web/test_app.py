"""The whole app against its own OpenAPI schema: schemathesis sends generated requests,
valid and not, to every operation, and none may get a 5xx; moves of every shape are sent
to a real game too (a random game id would only ever meet a 404)."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

import sweepkit.web.routes
from sweepkit.web.app import create_app
from sweepkit.web.trainer import PATTERN_SECONDS
from tests.examples import examples


def route_operations() -> list[tuple[str, str]]:
    """Every ``(method, path)`` of the routers in :mod:`sweepkit.web.routes`, read from the
    schema of an app holding only them (no database: the fuzz test is parametrized by
    them at collection); ``test_every_operation_of_the_app_is_fuzzed`` holds it equal to
    the real app's."""
    app = FastAPI()
    for module in pkgutil.iter_modules(sweepkit.web.routes.__path__):
        router = getattr(importlib.import_module(f"sweepkit.web.routes.{module.name}"),
                         "router", None)
        if router is not None:
            app.include_router(router)
    return sorted((method.upper(), path) for path, item in app.openapi()["paths"].items()
                  for method in item)


OPERATIONS = route_operations()


@pytest.fixture(scope="module")
def schema(tmp_path_factory):
    """The app's schema, one app for all the operations fuzzed in a worker (as when they
    were one test)."""
    app = create_app(tmp_path_factory.mktemp("fuzz") / "fuzz.db")
    return schemathesis.openapi.from_asgi("/openapi.json", app)


def test_every_operation_of_the_app_is_fuzzed(schema):
    found = sorted((result.ok().method.upper(), result.ok().path)
                   for result in schema.get_all_operations())
    assert found == OPERATIONS
    assert len(OPERATIONS) >= 5  # config, new game, state, move, restart


@pytest.mark.slow
@pytest.mark.parametrize(("method", "path"), OPERATIONS,
                         ids=[f"{method} {path}" for method, path in OPERATIONS])
def test_no_generated_request_gets_a_server_error(schema, method, path):
    """One test an operation (51 of them, 0.3 to 6 s each), so the workers share them."""
    operation = schema[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck),
              database=None)
    def call(case):
        # A seeded pattern puzzle may search up to trainer.PATTERN_SECONDS: the check is
        # for server errors, not for time, so the request waits past schemathesis's 10 s.
        case.call_and_validate(checks=[not_a_server_error], timeout=PATTERN_SECONDS + 30)

    call()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                 max_size=3),
    max_leaves=6,
)
MOVE = st.fixed_dictionaries({}, optional={
    "kind": st.sampled_from(["reveal", "flag", "chord", "x"]) | JSON,
    "row": st.integers(-3, 12) | JSON, "col": st.integers(-3, 12) | JSON,
})


def test_moves_of_any_shape_on_a_real_game_never_get_a_server_error(tmp_path):
    with TestClient(create_app(tmp_path / "m.db")) as client:
        game = client.post("/api/games", json={"level": "beginner", "seed": 2}).json()

        @given(body=MOVE | JSON)
        @settings(max_examples=examples(150), deadline=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture])
        def send(body):
            reply = client.post(f"/api/games/{game['id']}/moves", json=body)
            assert reply.status_code < 500, reply.text
            if reply.status_code >= 400:
                assert reply.json()["detail"]

        send()


def test_each_page_has_a_short_address(tmp_path):
    with TestClient(create_app(tmp_path / "p.db")) as client:
        assert "<html" in client.get("/").text
        for name in ("watch", "editor", "trainer", "stats"):
            reply = client.get(f"/{name}")
            assert reply.status_code == 200 and reply.url.path == f"/static/{name}.html"
            assert "<html" in reply.text
