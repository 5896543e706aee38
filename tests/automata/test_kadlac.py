"""Kadlac's 1-D machine as published: its table, its counts, its right answers and its flaws."""

from __future__ import annotations

import itertools

import pytest

from sweepkit.automata.errors import StripInputError
from sweepkit.automata.kadlac import (
    KADLAC_BETA,
    KADLAC_MACHINE,
    KADLAC_STATES,
    KADLAC_SYMBOLS,
    run_kadlac,
)
from tests.automata.line_brute import consistent_strings, occurs_in_consistent_strip, strip
from tests.brute import explanations


def accepted_strings(n: int) -> set[str]:
    """Every accepted string of length n, by walking the machine's own table.

    Er is absorbing (checked below), so a prefix that reaches it is never extended.
    """
    result = set()
    delta = KADLAC_MACHINE.delta

    def walk(prefix: str, state: str) -> None:
        if state == "Er":
            return
        if len(prefix) == n:
            if delta[(state, "e")][0] != "Er":
                result.add(prefix)
            return
        for symbol in "012B?":
            walk(prefix + symbol, delta[(state, symbol)][0])

    walk("", "s0")
    return result


def test_the_machine_is_total_deterministic_and_er_absorbing() -> None:
    assert KADLAC_MACHINE.deterministic
    assert all((s, a) in KADLAC_MACHINE.delta for s in KADLAC_STATES for a in KADLAC_SYMBOLS)
    assert all(KADLAC_MACHINE.delta[("Er", a)] == ("Er",) for a in KADLAC_SYMBOLS)
    assert KADLAC_MACHINE.accepting == frozenset(KADLAC_STATES) - {"Er"}
    assert dict(KADLAC_MACHINE.output) == KADLAC_BETA
    assert {KADLAC_BETA[s] for s in KADLAC_STATES} == {"-", "B", "X"}


def test_accepted_string_counts_for_lengths_1_to_6() -> None:
    assert [len(accepted_strings(n)) for n in range(1, 7)] == [3, 11, 38, 133, 464, 1620]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(1, 11))
def test_acceptance_is_consistency_for_every_string_up_to_length_10(n: int) -> None:
    assert accepted_strings(n) == consistent_strings(n)


def test_run_agrees_with_brute_force_on_every_string_up_to_length_5() -> None:
    for n in range(1, 6):
        for text in map("".join, itertools.product("012B?", repeat=n)):
            assert run_kadlac(text).accepted == bool(explanations(strip(text))), text


def test_the_empty_string_is_rejected_although_it_is_consistent() -> None:
    run = run_kadlac("")
    assert run == run.__class__(accepted=False, output="", path=["s0", "Er"])
    assert explanations(strip("?")) and "" not in accepted_strings(0)


def test_path_and_output_of_a_run() -> None:
    run = run_kadlac("01?B?1?10")
    assert run.accepted
    assert run.path == ["s0", "0", "1o", "?b", "B", "??", "1?", "??", "1?", "0", "0"]
    assert run.output == "--BBB-B--"
    assert run_kadlac("*1?") == run_kadlac("B1?")


def test_known_faulty_outputs() -> None:
    assert run_kadlac("?0").output == "B-"
    assert run_kadlac("?1?").output == "B-B"
    for text in ("?0", "?1?"):
        assert run_kadlac(text).accepted
        mines = {i for i, ch in enumerate(run_kadlac(text).output) if ch == "B"}
        assert not strip(text).explains(mines)


def test_690_accepted_strings_up_to_length_6_get_an_invalid_output() -> None:
    invalid = 0
    for n in range(1, 7):
        for text in accepted_strings(n):
            output = run_kadlac(text).output
            assert "X" not in output
            mines = {i for i, ch in enumerate(output) if ch == "B"}
            invalid += not strip(text).explains(mines)
    assert invalid == 690


@pytest.mark.parametrize("text", ["0?1?0", "1?1?1", "01?1B", "B1?10"])
def test_counterexamples_to_the_4_symbol_locality_claim(text: str) -> None:
    windows = [text[i:j] for i in range(len(text)) for j in range(i + 1, min(i + 4, len(text)) + 1)]
    assert all(occurs_in_consistent_strip(w) for w in windows)
    assert not explanations(strip(text))
    assert not run_kadlac(text).accepted


@pytest.mark.parametrize(("text", "column"), [("01x", 2), ("3", 0), ("0-1", 1), ("??e", 2)])
def test_symbols_outside_the_alphabet_name_their_column(text: str, column: int) -> None:
    with pytest.raises(StripInputError) as info:
        run_kadlac(text)
    assert info.value.column == column
    assert f"column {column}" in str(info.value)


def test_the_machine_draws_and_tabulates() -> None:
    assert '"s0" -> "??"' in KADLAC_MACHINE.to_dot()
    table = KADLAC_MACHINE.to_markdown()
    assert "| →*s0 | 0 | 1o | Er | B | ?? | Er |" in table
    assert "| Er | Er | Er | Er | Er | Er | Er |" in table
