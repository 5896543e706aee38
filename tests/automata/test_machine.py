import pytest

from sweepkit.automata.machine import Automaton


def _nfa() -> Automaton:
    # accepts strings over {a, b} whose second-to-last symbol is a
    return Automaton(
        name="nfa", states=("p", "q", "r"), alphabet=("a", "b"), start="p",
        accepting=frozenset({"r"}),
        delta={("p", "a"): ("p", "q"), ("p", "b"): ("p",), ("q", "a"): ("r",), ("q", "b"): ("r",)},
    )


def test_nfa_runs_by_state_sets():
    m = _nfa()
    assert not m.deterministic
    assert m.accepts("ab") and m.accepts("bbaa") and not m.accepts("abb")
    assert m.run("a") == [frozenset({"p"}), frozenset({"p", "q"})]
    with pytest.raises(ValueError, match="not deterministic"):
        m.path("a")
    with pytest.raises(ValueError, match="not in the alphabet"):
        m.accepts("c")


def test_dot_and_markdown_show_every_transition():
    m = _nfa()
    dot = m.to_dot()
    assert '"p" -> "q" [label="a"]' in dot and '"r" [shape=doublecircle' in dot
    assert '"p" -> "p" [label="a,b"]' in dot
    table = m.to_markdown()
    assert "| →p | p,q | p |" in table and "| *r | - | - |" in table


def test_bad_definitions_are_rejected():
    with pytest.raises(ValueError, match="start state"):
        Automaton("x", ("a",), ("0",), "b", frozenset(), {})
    with pytest.raises(ValueError, match="unknown"):
        Automaton("x", ("a",), ("0",), "a", frozenset(), {("a", "0"): ("z",)})
