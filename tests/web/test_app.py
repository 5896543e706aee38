"""The whole app against its own OpenAPI schema: schemathesis sends generated requests,
valid and not, to every operation, and none may get a 5xx; moves of every shape are sent
to a real game too (a random game id would only ever meet a 404)."""

from __future__ import annotations

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error

from sweepkit.web.app import create_app
from tests.examples import examples


@pytest.mark.slow
def test_no_generated_request_gets_a_server_error(tmp_path):
    app = create_app(tmp_path / "fuzz.db")
    schema = schemathesis.openapi.from_asgi("/openapi.json", app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 5  # config, new game, state, move, restart
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=examples(40), deadline=None, suppress_health_check=list(HealthCheck),
                  database=None)
        def call(case):
            case.call_and_validate(checks=[not_a_server_error])

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
