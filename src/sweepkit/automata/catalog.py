"""Every named machine of the project, built on demand: ``sweepkit automaton NAME`` uses it.

Kadlac's and Pedersen's machines live in modules of their own, imported only when
asked for, so this registry works whether or not they are installed.

>>> machine("hulin-min").name, len(machine("hulin-min").states)
('hulin-min', 23)
>>> "hulin-nfa" in NAMES
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from sweepkit.automata import hulin
from sweepkit.automata.machine import Automaton


class UnknownMachine(LookupError):
    """A name that is not in the catalog."""


class MachineUnavailable(UnknownMachine):
    """A catalogued machine whose module is not installed (built on another branch)."""


def _attribute(module: str, name: str) -> Callable[[], Automaton]:
    def load() -> Automaton:
        try:
            return getattr(importlib.import_module(module), name)
        except ImportError:
            raise MachineUnavailable(f"module {module} is not available in this installation"
                                 ) from None
    return load


BUILDERS: dict[str, Callable[[], Automaton]] = {
    "kadlac": _attribute("sweepkit.automata.kadlac", "KADLAC_MACHINE"),
    "pedersen": _attribute("sweepkit.automata.pedersen", "PEDERSEN_DFA"),
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
