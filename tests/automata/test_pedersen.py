"""Pedersen's DFA as published: every interior string up to length 8 against brute force."""

from __future__ import annotations

import itertools

import pytest

from sweepkit.automata.errors import StripInputError
from sweepkit.automata.pedersen import (
    PEDERSEN_DFA,
    PEDERSEN_SYMBOLS,
    pedersen_word,
    run_pedersen,
)
from sweepkit.position import Position
from tests.automata.line_brute import consistent_strings, strip
from tests.brute import explanations

TO_PEDERSEN = str.maketrans({"B": "*", "?": "b"})


def accepted_interiors(n: int) -> set[str]:
    """Every interior w of length n with ``s w s`` accepted, walking the DFA's own table
    (E is absorbing, so a prefix that reaches it is not extended)."""
    result = set()
    delta = PEDERSEN_DFA.delta

    def walk(prefix: str, state: str) -> None:
        if state == "E":
            return
        if len(prefix) == n:
            if delta[(state, "s")][0] == "OK":
                result.add(prefix)
            return
        for symbol in "012b*":
            walk(prefix + symbol, delta[(state, symbol)][0])

    walk("", delta[("ST", "s")][0])
    return result


def test_the_dfa_is_total_and_its_sinks_absorb() -> None:
    assert PEDERSEN_DFA.deterministic
    assert all((s, a) in PEDERSEN_DFA.delta for s in PEDERSEN_DFA.states for a in PEDERSEN_SYMBOLS)
    for sink in ("E", "OK"):
        assert all(PEDERSEN_DFA.delta[(sink, a)] == ("E",) for a in PEDERSEN_SYMBOLS)


@pytest.mark.parametrize("n", range(9))
def test_acceptance_is_consistency_for_every_interior_up_to_length_8(n: int) -> None:
    expected = {w.translate(TO_PEDERSEN) for w in consistent_strings(n)} if n else {""}
    assert accepted_interiors(n) == expected


def test_runs_agree_with_the_reference_brute_force_up_to_length_5() -> None:
    for n in range(6):
        for text in map("".join, itertools.product("012B?", repeat=n)):
            consistent = n == 0 or bool(explanations(strip(text)))
            word = "s" + text.translate(TO_PEDERSEN) + "s"
            assert run_pedersen(word)[0] == consistent, word


@pytest.mark.parametrize("core", ["02", "12", "22", "0*", "111", "110", "010", "*1*"])
def test_the_simple_inconsistencies_are_rejected_anywhere(core: str) -> None:
    for word in (core, core[::-1]):
        assert not run_pedersen(f"sb{word}bs")[0]
        assert not run_pedersen(f"s{word}s")[0]


def test_paths_and_delimiters() -> None:
    accepted, path = run_pedersen("s1*1bs")
    assert accepted and path == ["ST", "S", "S1", "M", "*1", "0b", "OK"]
    assert run_pedersen("ss") == (True, ["ST", "S", "OK"])
    assert not run_pedersen("1*1")[0]  # no delimiters: rejected at once
    assert not run_pedersen("s1*s1*s")[0]  # nothing may follow the closing s


def test_pedersen_word_of_a_position() -> None:
    assert pedersen_word(Position.from_rows(["01?B?1"])) == "s01b*b1s"
    word = pedersen_word(Position.from_rows(["?2?"], topology="line"))
    assert word == "sb2bs" and run_pedersen(word)[0]


@pytest.mark.parametrize(("text", "column"), [("01-1?", 2), ("?3?", 1)])
def test_cells_without_a_symbol_name_their_column(text: str, column: int) -> None:
    with pytest.raises(StripInputError) as info:
        pedersen_word(strip(text))
    assert info.value.column == column


def test_unknown_symbols_and_shapes_are_refused() -> None:
    with pytest.raises(StripInputError) as info:
        run_pedersen("s1?s")
    assert info.value.column == 2
    with pytest.raises(StripInputError) as info:
        pedersen_word(Position.from_rows(["??", "??"]))
    assert "2 rows" in str(info.value)
