"""The compiled box search (sweepkit.analysis.count.native, box_search.c) against the Python
search: the same rows (counts, box sums, first assignments) on random components, with and
without a free equation, stopped by the same node limits; counts past 128 bits left to
Python; and the Python search alone where no library can be built or it is turned off.
The machines the tests run on have a C compiler (the README's install needs none)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.count import box_search, native
from sweepkit.analysis.count.box_search import SearchLimitExceeded, search_by_row, search_component
from sweepkit.constraints import Component, build_system
from sweepkit.position import Position
from tests.examples import examples
from tests.strategies_boards import consistent_positions, positions


@contextmanager
def python_only() -> Iterator[None]:
    """The Python search alone, for the body."""
    saved = native._state.get("lib")
    native._state["lib"] = None
    try:
        yield
    finally:
        native._state["lib"] = saved


def rows_of(component: Component, limit: int, free: int | None) -> object:
    """What :func:`box_search._search` gives, or the limit reached."""
    try:
        return box_search._search(component, limit, free)
    except SearchLimitExceeded:
        return "limit"


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(positions(max_rows=5, max_cols=5), consistent_positions(max_rows=6,
                                                                         max_cols=6)),
       st.integers(1, 60), st.data())
def test_the_compiled_search_finds_the_python_search_s_rows(position, limit, data):
    for comp in build_system(position).components:
        free = data.draw(st.none() | st.integers(0, len(comp.rows) - 1))
        for cap in (limit, 10**6):
            compiled = rows_of(comp, cap, free)
            with python_only():
                assert compiled == rows_of(comp, cap, free)


def test_the_public_searches_agree_on_a_board():
    system = build_system(Position.from_rows(["1?2?1?", "??????", "2?3?2?", "??????"], mines=9))
    assert native.library() is not None  # the machines the tests run on have a compiler
    for comp in system.components:
        fast = search_component(comp, node_limit=10**6)
        by_row = search_by_row(comp, 0, node_limit=10**6)
        with python_only():
            assert fast == search_component(comp, node_limit=10**6) == search_component(comp)
            assert by_row == search_by_row(comp, 0, node_limit=10**6)


def test_counts_past_128_bits_are_left_to_python():
    # two equations over 300 cells: C(300, 150) layouts, about 2^295
    comp = Component((100, 100, 100), (((0, 1), 100), ((1, 2), 100)),
                     (tuple(range(100)), tuple(range(100, 200)), tuple(range(200, 300))),
                     (1000, 1001))
    assert box_search._compiled(comp, 10**6, None) is None
    counted = search_component(comp, node_limit=10**6)
    assert counted.total.bit_length() > 128
    with python_only():
        assert counted == search_component(comp)


def test_no_library_without_a_compiler(monkeypatch, tmp_path):
    monkeypatch.setattr(native, "_folders", lambda: [tmp_path])
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    native.forget()
    try:
        assert native.library() is None
        comp = build_system(Position.from_rows(["1?1", "???"], mines=2)).components[0]
        assert search_component(comp, node_limit=100).total == search_component(comp).total
    finally:
        native.forget()


def test_turned_off_by_the_environment(monkeypatch):
    monkeypatch.setenv("SWEEPKIT_NATIVE", "0")
    native.forget()
    try:
        assert native.library() is None
    finally:
        monkeypatch.delenv("SWEEPKIT_NATIVE")
        native.forget()
    assert native.library() is not None


def test_a_fresh_build_is_made_once_and_loaded(monkeypatch, tmp_path):
    monkeypatch.setattr(native, "_folders", lambda: [tmp_path])
    native.forget()
    try:
        assert native.library() is not None
        assert len(list(tmp_path.glob("box_search-*.so"))) == 1
    finally:
        native.forget()
