"""Every named machine of the project, built on demand: ``sweepkit automaton NAME`` uses it.

>>> machine("hulin-min").name, len(machine("hulin-min").states)
('hulin-min', 23)
>>> "hulin-nfa" in NAMES
True
"""

from __future__ import annotations

from collections.abc import Callable

from sweepkit.automata import hulin
from sweepkit.automata.kadlac import KADLAC_MACHINE
from sweepkit.automata.machine import Automaton
from sweepkit.automata.pedersen import PEDERSEN_DFA


class UnknownMachine(LookupError):
    """A name that is not in the catalog."""


BUILDERS: dict[str, Callable[[], Automaton]] = {
    "kadlac": lambda: KADLAC_MACHINE,
    "pedersen": lambda: PEDERSEN_DFA,
    "hulin-nfa": hulin.hulin_nfa,
    "hulin-q": hulin.hulin_q,
    "hulin-dfa": hulin.hulin_dfa,
    "hulin-min": hulin.hulin_min_dfa,
}
NAMES = tuple(BUILDERS)
"""The machine names, in the order the docs show them."""


def machine(name: str) -> Automaton:
    """The machine called ``name`` (:class:`UnknownMachine` if there is none)."""
    builder = BUILDERS.get(name)
    if builder is None:
        raise UnknownMachine(f"no machine called {name!r} (known: {', '.join(NAMES)})")
    return builder()
