"""Pictures and tables of machines: DOT text, SVG (via Graphviz), the Markdown transition table.

DOT and Markdown come from :class:`~sweepkit.automata.machine.Automaton` itself; SVG is
Graphviz's ``dot`` layout through the ``graphviz`` package (needs the ``dot`` program).

>>> from sweepkit.automata.hulin import hulin_q
>>> render(hulin_q(), "table").splitlines()[2].startswith("| →*q0 | q4 |")
True
"""

from __future__ import annotations

import graphviz

from sweepkit.automata.machine import Automaton

FORMATS = ("dot", "svg", "table")
"""What :func:`render` can produce."""


class RenderError(RuntimeError):
    """A picture could not be drawn (unknown format, or Graphviz's ``dot`` is missing)."""


def to_svg(machine: Automaton) -> str:
    """The machine drawn by Graphviz ``dot`` as SVG text (deterministic for a given input)."""
    try:
        return graphviz.Source(machine.to_dot()).pipe(format="svg", encoding="utf-8")
    except graphviz.ExecutableNotFound:
        raise RenderError("Graphviz's 'dot' program is not installed (apt-get install graphviz)"
                          ) from None


def render(machine: Automaton, fmt: str) -> str:
    """``dot``, ``svg`` or ``table`` (Markdown) text of a machine."""
    if fmt == "dot":
        return machine.to_dot()
    if fmt == "svg":
        return to_svg(machine)
    if fmt == "table":
        return machine.to_markdown()
    raise RenderError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")
