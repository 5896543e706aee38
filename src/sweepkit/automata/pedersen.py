"""Pedersen's DFA for one-dimensional consistency (2004, Theorem 3.3.5), as published.

Source: Pedersen, *The complexity of Minesweeper and strategies for game playing*,
University of Warwick, 2004, §3.3.2 "1-dimensional Minesweeper can be solved in polynomial
time", its DFA and Theorem 3.3.5 [Pedersen2004] (docs/bibliography.md).

Alphabet ``0 1 2 b * s``: ``b`` is a blank (unknown) cell, ``*`` a mine and ``s``
the delimiter written at both ends, as in ``s1*b2b0s``. The run starts in ``ST``,
must read ``s`` first, and accepts only by ending in ``OK`` (reached on the closing
``s``); ``E`` rejects for good. Unlike Kadlac's machine it accepts the empty strip
``ss``, and it agrees with brute force on every interior string up to length 8.

>>> run_pedersen("s1*b2b0s")
(False, ['ST', 'S', 'S1', 'M', '*b', 'T', 'M', 'E', 'E'])
>>> run_pedersen("s1*1bs")[0]
True
>>> pedersen_word(Position.from_rows(["?1*1?"]))
'sb1*1bs'
"""

from __future__ import annotations

from sweepkit.automata.errors import StripInputError
from sweepkit.automata.machine import Automaton
from sweepkit.position import MINE, SAFE, UNKNOWN, Position

PEDERSEN_SYMBOLS = ("0", "1", "2", "b", "*", "s")

# The published table: one row per state, targets for 0 1 2 b * s.
PEDERSEN_TABLE = {
    "ST": ("E", "E", "E", "E", "E", "S"),
    "S": ("Z", "S1", "E", "Sb", "M", "OK"),
    "Sb": ("Z", "b1", "T", "bb", "M", "OK"),
    "S1": ("E", "E", "E", "M", "M", "E"),
    "Z": ("Z", "01", "E", "0b", "E", "OK"),
    "T": ("E", "E", "E", "M", "M", "E"),
    "M": ("E", "*1", "T", "*b", "M", "OK"),
    "01": ("E", "E", "E", "M", "M", "E"),
    "*1": ("Z", "01", "E", "0b", "E", "OK"),
    "b1": ("Z", "01", "E", "bb", "M", "OK"),
    "bb": ("Z", "b1", "T", "bb", "M", "OK"),
    "0b": ("Z", "01", "E", "bb", "M", "OK"),
    "*b": ("Z", "b1", "T", "bb", "M", "OK"),
    "E": ("E", "E", "E", "E", "E", "E"),
    "OK": ("E", "E", "E", "E", "E", "E"),
}

PEDERSEN_DFA = Automaton(
    name="Pedersen 1-D DFA",
    states=tuple(PEDERSEN_TABLE),
    alphabet=PEDERSEN_SYMBOLS,
    start="ST",
    accepting=frozenset({"OK"}),
    delta={(s, a): (t,) for s, row in PEDERSEN_TABLE.items()
           for a, t in zip(PEDERSEN_SYMBOLS, row, strict=True)},
)
"""Pedersen's DFA as an :class:`Automaton` (start ``ST``, accepting ``OK``)."""

_SYMBOL_OF = {UNKNOWN: "b", MINE: "*", 0: "0", 1: "1", 2: "2"}


def run_pedersen(text: str) -> tuple[bool, list[str]]:
    """Run the DFA on a delimited string; return (accepted, state path from ``ST``).

    Raises :class:`StripInputError` naming the column of a symbol outside ``0 1 2 b * s``.
    """
    for column, char in enumerate(text):
        if char not in PEDERSEN_SYMBOLS:
            raise StripInputError(
                f"symbol {char!r} is not in Pedersen's alphabet 0,1,2,b,*,s", column=column)
    path = PEDERSEN_DFA.path(text)
    assert path is not None  # the table is total
    return path[-1] == "OK", path


def pedersen_word(position: Position) -> str:
    """Pedersen's input for a 1-row position: ``?``→``b``, ``*``→``*``, digits, ``s`` at both ends.

    A ``-`` (safe, no number) and a number above 2 have no symbol in Pedersen's
    alphabet: both raise :class:`StripInputError` naming the column.
    """
    if len(position.shape) != 2 or position.shape[0] != 1:
        rows = position.shape[0] if len(position.shape) == 2 else len(position.shape)
        raise StripInputError(f"a strip has exactly one row, got {rows} rows", row=rows)
    symbols = []
    for column, value in enumerate(position.cells):
        if value not in _SYMBOL_OF:
            what = "'-' (safe, no number)" if value == SAFE else f"number {value}"
            raise StripInputError(f"{what} has no symbol in Pedersen's alphabet", column=column)
        symbols.append(_SYMBOL_OF[value])
    return "s" + "".join(symbols) + "s"
