"""Kadlac's one-dimensional consistency machine (2003, §7), exactly as published.

Source: Kadlac, *Explorations of the Minesweeper Consistency Problem*, 2003, §7 (the
finite state machine: δ in Table 1, β in Table 2) and §8 (where the author doubts the
proof) [Kadlac2003] (docs/bibliography.md).

A Moore machine over ``0 1 2 B ?`` plus the end marker ``e``: δ is Table 1, the
output β (Table 2) maps each state to ``-`` (safe), ``B`` (bomb) or ``X`` (error).
It reads a strip left to right, emits β of each state it enters, then reads ``e``;
the string is accepted when it does not end in ``Er``.

Its flaws are kept on purpose (the correct solver is :mod:`sweepkit.automata.line`):

- acceptance is right for every non-empty string (checked by brute force up to
  length 10), but the empty string is rejected (δ(s0, e) = Er);
- β is not always a layout: ``?0`` gives ``B-`` and ``?1?`` gives ``B-B``;
- the claim that every inconsistency shows in a window of 4 symbols is false
  (``0?1?0`` is inconsistent, every window of it is not); the machine still
  rejects these strings, because its states pass certain values along the strip.

>>> run_kadlac("01?1B")
KadlacRun(accepted=False, output='--B-X', path=['s0', '0', '1o', '?b', '1b', 'Er', 'Er'])
>>> run_kadlac("?0").output
'B-'
"""

from __future__ import annotations

from dataclasses import dataclass

from sweepkit.automata.errors import StripInputError
from sweepkit.automata.machine import Automaton

KADLAC_STATES = ("s0", "0", "1o", "1b", "1?", "2", "B", "?o", "?b", "??", "Er")
KADLAC_SYMBOLS = ("0", "1", "2", "B", "?", "e")

# Table 1: one row per state, targets for 0 1 2 B ? e.
KADLAC_DELTA_TABLE = {
    "s0": ("0", "1o", "Er", "B", "??", "Er"),
    "0": ("0", "1o", "Er", "Er", "?o", "0"),
    "1o": ("Er", "Er", "Er", "B", "?b", "Er"),
    "1b": ("0", "1o", "Er", "Er", "?o", "1b"),
    "1?": ("0", "1o", "Er", "B", "??", "1?"),
    "2": ("Er", "Er", "Er", "B", "?b", "Er"),
    "B": ("Er", "1b", "2", "B", "??", "B"),
    "?o": ("0", "1o", "Er", "B", "??", "?o"),
    "?b": ("Er", "1b", "2", "B", "??", "?b"),
    "??": ("0", "1?", "2", "B", "??", "??"),
    "Er": ("Er", "Er", "Er", "Er", "Er", "Er"),
}

# Table 2: β, the symbol emitted on entering each state.
KADLAC_BETA = {"s0": "X", "0": "-", "1o": "-", "1b": "-", "1?": "-", "2": "-", "B": "B",
               "?o": "-", "?b": "B", "??": "B", "Er": "X"}

_LABELS = {
    "s0": "start", "0": "0: next safe", "1o": "1 after safe: next bomb",
    "1b": "1 after bomb: next safe", "1?": "1 after free ?: next free", "2": "2: next bomb",
    "B": "bomb", "?o": "? certain safe", "?b": "? certain bomb", "??": "? free", "Er": "error",
}

KADLAC_MACHINE = Automaton(
    name="Kadlac 1-D MCP FSM",
    states=KADLAC_STATES,
    alphabet=KADLAC_SYMBOLS,
    start="s0",
    accepting=frozenset(KADLAC_STATES) - {"Er"},
    delta={(s, a): (t,) for s, row in KADLAC_DELTA_TABLE.items()
           for a, t in zip(KADLAC_SYMBOLS, row, strict=True)},
    output=KADLAC_BETA,
    labels=_LABELS,
)
"""Kadlac's machine (Tables 1 and 2) as an :class:`Automaton` with β as its output."""

_INPUT = {"0": "0", "1": "1", "2": "2", "B": "B", "*": "B", "?": "?"}


@dataclass(frozen=True)
class KadlacRun:
    """One run: acceptance, the bomb string β emitted per symbol, and the state path.

    ``path`` is the start state, then the state after each symbol, then after ``e``.
    """

    accepted: bool
    output: str
    path: list[str]


def kadlac_symbols(text: str) -> list[str]:
    """The input symbols of a strip (``*`` read as ``B``); raises StripInputError on others."""
    symbols = []
    for column, char in enumerate(text):
        if char not in _INPUT:
            raise StripInputError(
                f"symbol {char!r} is not in Kadlac's alphabet 0,1,2,B,? (or * for B)",
                column=column)
        symbols.append(_INPUT[char])
    return symbols


def run_kadlac(text: str) -> KadlacRun:
    """Run Kadlac's machine on a strip such as ``"01?B?1?10"``, as published.

    >>> run_kadlac("?1?")
    KadlacRun(accepted=True, output='B-B', path=['s0', '??', '1?', '??', '??'])
    >>> run_kadlac("").accepted
    False
    """
    path = KADLAC_MACHINE.path([*kadlac_symbols(text), "e"])
    assert path is not None  # the machine is total
    output = "".join(KADLAC_BETA[state] for state in path[1:-1])
    return KadlacRun(accepted=path[-1] in KADLAC_MACHINE.accepting, output=output, path=path)
