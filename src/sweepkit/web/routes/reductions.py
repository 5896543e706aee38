"""Kaye's reduction in the app: the gadgets with their pictures and truth tables, and a
formula (DIMACS CNF or a circuit, one gate a line) drawn as a board, pictured and decided.

A formula's board is drawn only up to :data:`MAX_CELLS` cells and decided under the
analysis budget (:data:`~sweepkit.web.routes.analyse.ANALYSIS_SECONDS`): anything bigger
or slower is a 422 that says so, never a server that stops answering.
"""

from __future__ import annotations

import base64
from functools import lru_cache
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from sweepkit.analysis.budget import SERVICE_TABLE, AnalysisLimit, limits
from sweepkit.analysis.papers.consistency import Contradiction, decide
from sweepkit.boardfile import format_board
from sweepkit.constraints import ConstraintSystem
from sweepkit.reductions.formulas import FormulaError, formula_kind
from sweepkit.reductions.gadgets import GADGETS, gadget, truth_table
from sweepkit.reductions.layout import Reduced, reduce_text
from sweepkit.reductions.picture import gadget_svg, reduced_png
from sweepkit.reductions.reading import contradiction_words
from sweepkit.reductions.sheet import BoardTooBig, LayoutError
from sweepkit.web.routes.analyse import ANALYSIS_SECONDS

router = APIRouter(prefix="/api", tags=["reductions"])

MAX_CELLS = 3_000_000
"""The largest board the app draws. A random 3-CNF of 8 variables and 38 clauses draws
2.5 million cells: about 5 s and under 400 MB to draw, picture and decide (the board's
size and the time to draw and decide it: ``python benchmarks/bench_reductions.py
--variables 8``)."""

MAX_FORMULA = 20_000
"""The longest formula text accepted, in characters."""


@router.get("/gadgets")
def gadget_list() -> list[dict[str, Any]]:
    """Every gadget's name and terminals."""
    return [{"name": name, "inputs": [n for n, _ in g.inputs],
             "outputs": [n for n, _ in g.outputs]}
            for name, g in ((name, gadget(name)) for name in GADGETS)]


@lru_cache(maxsize=len(GADGETS))
def _gadget_page(name: str) -> dict[str, Any]:
    g = gadget(name)
    position = g.position
    return {
        "name": name,
        "inputs": [n for n, _ in g.inputs],
        "outputs": [n for n, _ in g.outputs],
        "terminals": {n: list(position.coord(c)) for n, c in (*g.inputs, *g.outputs)},
        "svg": gadget_svg(g),
        "board": format_board(position),
        "truth_table": [{"inputs": list(values),
                         "outputs": [{"values": list(out), "layouts": count}
                                     for out, count in row.items()]}
                        for values, row in truth_table(g).items()],
    }


@router.get("/gadgets/{name}")
def gadget_page(name: str) -> dict[str, Any]:
    """One gadget: its picture (SVG), its board, and its truth table with the number of
    layouts of each row (Kaye's AND has two when both inputs are false)."""
    if name not in GADGETS:
        raise HTTPException(404, f"no gadget {name!r}; the gadgets: {', '.join(GADGETS)}")
    return _gadget_page(name)


class ReduceIn(BaseModel):
    """A formula to draw: DIMACS CNF or a circuit (found from its first line)."""

    text: str = Field(max_length=MAX_FORMULA)
    parsimonious: bool = False
    decide: bool = True


def _draw(spec: ReduceIn) -> tuple[str, str, Reduced]:
    """The formula's kind, a one-line summary and its board; 422 naming line and column
    of a fault, or a board over :data:`MAX_CELLS`."""
    kind = formula_kind(spec.text)
    try:
        reduced, summary = reduce_text(spec.text, kind, spec.parsimonious, MAX_CELLS)
    except FormulaError as exc:
        raise HTTPException(422, f"the {kind}: {exc}") from None
    except BoardTooBig as exc:
        raise HTTPException(422, f"cannot draw it here: {exc} (the command line "
                                 "`sweepkit reduce` draws bigger boards)") from None
    except LayoutError as exc:
        raise HTTPException(422, f"cannot draw it: {exc}") from None
    return kind, summary, reduced


@router.post("/reduce")
def reduce_formula(spec: ReduceIn) -> dict[str, Any]:
    """The formula's board: its size, its picture (PNG, base64), its ``.board`` text with
    the ``# input`` lines, and, with ``decide``, whether it has a layout and the
    assignment that layout reads back as, or else the numbers that contradict each other
    (null when none were found in the budget)."""
    kind, summary, reduced = _draw(spec)
    position = reduced.position
    rows, cols = position.shape
    answer: dict[str, Any] = {
        "kind": kind, "summary": summary, "parsimonious": spec.parsimonious,
        "rows": rows, "cols": cols, "covered": len(position.unknown_cells()),
        "terminals": {name: list(divmod(cell, cols))
                      for name, cell in reduced.terminals.items()},
        "png": None,           # drawn last: the contradicting numbers are marked on it
        "board": "\n".join(reduced.comments()) + "\n" + format_board(position),
        "decision": None,
    }
    if spec.decide:
        try:
            with limits(seconds=ANALYSIS_SECONDS, table=SERVICE_TABLE):
                # the layout, or the why shrunk until the budget's margin (None: decided
                # all the same, no layout)
                verdict = decide(position, use_mine_count=False)
        except AnalysisLimit as exc:
            raise HTTPException(422, f"deciding the board: {exc}") from None
        witness, contradiction, system = verdict.witness, verdict.contradiction, verdict.system
        answer["decision"] = {
            "satisfiable": witness is not None,
            "assignment": None if witness is None else reduced.assignment(witness),
            "contradiction": None if contradiction is None else {
                "numbers": [list(divmod(i, cols)) for i in contradiction.numbers],
                "minimal": contradiction.minimal,
                "text": contradiction_text(contradiction, reduced, system)},
        }
        if contradiction is not None:
            answer["decision"]["contradiction"]["text"] += " They are magenta in the picture."
    marked = () if not spec.decide or contradiction is None else contradiction.numbers
    answer["png"] = base64.b64encode(reduced_png(reduced, contradicting=marked)).decode("ascii")
    return answer


def contradiction_text(found: Contradiction, reduced: Reduced, system: ConstraintSystem
                       ) -> str:
    """A reduced board's contradiction in words: how many numbers (its cells run along
    whole wires, so they are counted, not listed), whether it is irreducible, and which
    inputs' wires and gadgets they belong to."""
    n = len(found.numbers)
    if found.minimal:
        text = (f"{n:,} numbers contradict each other, and no fewer of them do: drop any one "
                "and the rest have a layout.")
    else:
        text = (f"{n:,} numbers contradict each other (the time ran out before the set was "
                "shrunk: it may not be minimal).")
    position = reduced.position
    words = contradiction_words(
        position, found.numbers, system.constraints,
        {name: position.coord(cell) for name, cell in reduced.terminals.items()},
        reduced.gates, reduced.wires)
    if words is not None:
        text += " " + words[0].upper() + words[1:] + "."
    return text
