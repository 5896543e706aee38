"""Kadlac's Appendix B regenerated: all 625 strings of length 4 over ``0 1 2 B ?``, classified.

Source: Kadlac, *Explorations of the Minesweeper Consistency Problem*, 2003, §7 (Table 3,
the inconsistency types and subtypes) and Appendix B (the 625-string table) [Kadlac2003]
(docs/bibliography.md).

A string is *consistent* here in the local sense of the appendix: it could occur
inside a longer consistent strip, its outside neighbours being free
(:func:`occurs_in_consistent_strip`). An inconsistent one gets Kadlac's type and
subtype (his Table 3) by the rule that reproduces his table:
at the first end position where some substring ending there is inconsistent, take
the shortest such substring and map it, or its mirror image, to its subtype.

The published table has errors, corrected here:

- ``?011`` is listed as consistent; it is not (the second 1 sees two safe cells),
  so there are 220 consistent strings, not 221;
- ``000B`` is typed Be / 12XX; its first inconsistency is ``0B``: Be / 0BXX;
- ``0021`` and ``0022`` are given subtypes 12XX and 22XX; the first
  inconsistency is ``02``: 02XX;
- ``102B`` and ``102?`` have subtype 02XX but no type; 02XX is of type 2e;
- ``0?11`` and ``11?0`` are both labelled "0?11", a subtype Table 3 does not
  have (the §7 proof also uses it); Table 3's name is ``11?0``, used here for both.

>>> [(r.string, r.type, r.subtype) for r in appendix_b_rows()[:3]]
[('0000', None, None), ('0001', None, None), ('0002', '2e', '02XX')]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from sweepkit.automata.line import solve_line
from sweepkit.position import VALUE_OF, Position

SYMBOLS = "012B?"
"""Kadlac's strip alphabet, in the order of his tables."""

TYPES = {
    "1e": ("010X", "011X", "111X", "01?0", "11?0"),
    "2e": ("02XX", "12XX", "22XX", "0?2X"),
    "Be": ("0BXX", "B1BX", "B1?2"),
}
"""Kadlac's Table 3: inconsistency types and their subtypes."""

_SHORTEST = {
    "02": "02XX", "12": "12XX", "22": "22XX", "0B": "0BXX",
    "010": "010X", "011": "011X", "111": "111X", "B1B": "B1BX", "0?2": "0?2X",
    "01?0": "01?0", "11?0": "11?0", "B1?2": "B1?2",
}
SUBTYPE_OF = {**{s[::-1]: t for s, t in _SHORTEST.items()}, **_SHORTEST}
"""Each minimal inconsistent substring (and its mirror image) with its subtype."""

TYPE_OF = {sub: kind for kind, subs in TYPES.items() for sub in subs}


@dataclass(frozen=True)
class AppendixBRow:
    """One string of the table: its consistency and, if inconsistent, type and subtype."""

    string: str
    consistent: bool
    type: str | None
    subtype: str | None


@lru_cache(maxsize=4096)
def occurs_in_consistent_strip(text: str) -> bool:
    """Whether ``text`` can occur inside a longer consistent strip.

    >>> occurs_in_consistent_strip("1?1B"), occurs_in_consistent_strip("?011")
    (True, False)
    """
    padded = "?" + text + "?"
    cells = tuple(VALUE_OF[ch] for ch in padded)
    return solve_line(Position((1, len(cells)), cells)).consistent


def classify(text: str) -> tuple[str, str] | None:
    """``(type, subtype)`` of an inconsistent string by Kadlac's scheme, None if consistent.

    >>> classify("000B"), classify("0021"), classify("0?11")
    (('Be', '0BXX'), ('2e', '02XX'), ('1e', '11?0'))
    """
    for end in range(1, len(text) + 1):
        for start in range(end - 1, -1, -1):
            piece = text[start:end]
            if not occurs_in_consistent_strip(piece):
                if piece not in SUBTYPE_OF:
                    raise ValueError(f"{text!r}: inconsistency {piece!r} has no subtype")
                subtype = SUBTYPE_OF[piece]
                return TYPE_OF[subtype], subtype
    return None


def appendix_b_rows(length: int = 4) -> list[AppendixBRow]:
    """Every string of ``length`` over ``0 1 2 B ?`` in Kadlac's order, classified."""
    rows = []
    for symbols in itertools.product(SYMBOLS, repeat=length):
        text = "".join(symbols)
        found = classify(text)
        rows.append(AppendixBRow(text, found is None, *(found or (None, None))))
    return rows


def appendix_b_markdown(length: int = 4) -> str:
    """The table as Markdown: consistent string, inconsistent string, type, subtype."""
    lines = ["| consistent | inconsistent | type | subtype |", "|---|---|---|---|"]
    for row in appendix_b_rows(length):
        if row.consistent:
            lines.append(f"| `{row.string}` | | | |")
        else:
            lines.append(f"| | `{row.string}` | {row.type} | {row.subtype} |")
    return "\n".join(lines) + "\n"
