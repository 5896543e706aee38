"""Commands of the strip area: ``sweepkit strip`` runs a machine on a board, ``sweepkit
automaton`` draws or tabulates one.

``strip`` machines: ``transfer`` (default: any number of rows up to
:data:`~sweepkit.automata.transfer.MAX_STRIP_ROWS` on the smaller side, counts and finds a
layout, honours ``mines:``), ``hulin`` (Hu–Lin's NFA on 2 rows: counts, recovers,
traces the set-level run and the state paths), ``dfa`` (Hu–Lin's minimal DFA on 2
rows: decides only), ``kadlac`` and ``pedersen`` (1 row). The machines and their sources
are described in docs/automata.md and docs/bibliography.md.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any

import typer

from sweepkit.automata import catalog, hulin, kadlac, pedersen
from sweepkit.automata.errors import StripInputError
from sweepkit.automata.render import RenderError, render
from sweepkit.automata.transfer import count_and_witness
from sweepkit.boardfile import plural
from sweepkit.cli.common import fail, load_position
from sweepkit.cli.params import FILE
from sweepkit.position import CHAR_OF, MINE, PAPER_CHAR_OF, Position
from sweepkit.serialize import count_text

MAX_TRACED_PATHS = 16
"""How many accepting state paths ``--trace`` prints for Hu–Lin's NFA."""


class StripMachine(StrEnum):
    transfer = "transfer"
    hulin = "hulin"
    dfa = "dfa"
    kadlac = "kadlac"
    pedersen = "pedersen"


class Format(StrEnum):
    dot = "dot"
    svg = "svg"
    table = "table"


def layout_rows(position: Position, mines: frozenset[int]) -> list[str]:
    """A layout as ``.board`` rows: ``*`` on mines, neighbour counts elsewhere.

    Same board as ``position.layout(mines)``, counted from the mines outwards (time and
    memory in the number of mines, no neighbour table: long strips print fast).
    """
    counts = [0] * position.size
    for m in mines:
        for j in position.neighbours(m):
            counts[j] += 1
    chars = [CHAR_OF[v] for v in counts]
    for m in mines:
        chars[m] = CHAR_OF[MINE]
    cols = position.cols
    return ["".join(chars[r * cols:(r + 1) * cols]) for r in range(position.rows)]


def _report(machine: str, consistent: bool, layouts: int | None = None,
            witness: list[str] | None = None, output: str | None = None,
            path: list[str] | None = None) -> dict[str, Any]:
    return {"machine": machine, "consistent": consistent,
            "layouts": None if layouts is None else count_text(layouts), "witness": witness,
            "output": output, "path": path}


def _needs_rows(position: Position, machine: str, rows: int) -> None:
    if position.rows != rows:
        raise StripInputError(f"machine '{machine}' reads {rows}-row boards; this one has "
                              f"{plural(position.rows, 'row')}")
    if position.mines is not None:
        raise StripInputError(f"machine '{machine}' does not use a 'mines:' total "
                              "(use --machine transfer)")


def run_transfer(position: Position, trace: bool) -> tuple[dict[str, Any], list[str]]:
    """Count and find a witness by the forward pass (no per-cell tables: long strips fit)."""
    solved = count_and_witness(position)
    witness = layout_rows(position, solved.witness) if solved.witness is not None else None
    path = None
    # --trace: the witness's states, mine masks of (previous column, column), top row first;
    # a rejected board has no witness, hence no state path: null, not a partial path
    if trace and witness is not None:
        cols = list(zip(*witness, strict=True))
        if solved.transposed:
            cols = [tuple(row) for row in witness]
        masks = ["".join("1" if ch == "*" else "0" for ch in col) for col in cols]
        blank = "0" * len(masks[0])
        path = [f"{a}|{b}" for a, b in zip([blank, blank, *masks], [blank, *masks, blank],
                                           strict=True)]
    return _report("transfer", solved.consistent, solved.count, witness, path=path), []


def run_hulin(position: Position, trace: bool) -> tuple[dict[str, Any], list[str]]:
    _needs_rows(position, "hulin", 2)
    result = hulin.solve_hulin(position)
    witness = layout_rows(position, result.witness) if result.witness is not None else None
    path = [hulin.q_set_name(s) for s in result.forward] if trace else None
    notes = []
    if trace:
        notes.append("columns: " + " ".join(result.symbols))
        notes.append("set-level run: " + " → ".join(path or []))
        notes.append("NFA states: " + " → ".join(
            "{" + ",".join(sorted(s, key=hulin.hulin_nfa().states.index)) + "}"
            for s in result.forward))
        paths = hulin.accepting_paths(result.symbols, limit=MAX_TRACED_PATHS + 1)
        for p in paths[:MAX_TRACED_PATHS]:
            notes.append("accepting path: " + " → ".join(p))
        if len(paths) > MAX_TRACED_PATHS:
            notes.append(f"(more accepting paths not shown; {count_text(result.count)} "
                         "configurations)")
    return _report("hulin", result.consistent, result.count, witness, path=path), notes


def run_dfa(position: Position, trace: bool) -> tuple[dict[str, Any], list[str]]:
    _needs_rows(position, "dfa", 2)
    states = hulin.dfa_path(hulin.columns(position))
    consistent = states[-1] in hulin.hulin_min_dfa().accepting
    return _report("dfa", consistent, path=states if trace else None), []


def _row_text(position: Position) -> str:
    """The row as the papers write it (``B`` for a mine): Kadlac's machine reads this."""
    return "".join(map(PAPER_CHAR_OF.__getitem__, position.cells))


def run_kadlac(position: Position, trace: bool) -> tuple[dict[str, Any], list[str]]:
    _needs_rows(position, "kadlac", 1)
    run = kadlac.run_kadlac(_row_text(position))
    witness = None
    if run.accepted and len(run.output) == position.size:
        mines = frozenset(i for i, ch in enumerate(run.output) if ch in "B*")
        if position.explains(mines):
            witness = layout_rows(position, mines)
    return _report("kadlac", run.accepted, None, witness, run.output,
                   list(run.path) if trace else None), []


def run_pedersen(position: Position, trace: bool) -> tuple[dict[str, Any], list[str]]:
    _needs_rows(position, "pedersen", 1)
    accepted, states = pedersen.run_pedersen(pedersen.pedersen_word(position))
    return _report("pedersen", accepted, path=list(states) if trace else None), []


RUNNERS = {"transfer": run_transfer, "hulin": run_hulin, "dfa": run_dfa,
           "kadlac": run_kadlac, "pedersen": run_pedersen}


def report_text(report: dict[str, Any], notes: list[str]) -> str:
    """The readable form of a report."""
    lines = [f"machine: {report['machine']}",
             f"consistent: {'yes' if report['consistent'] else 'no'}"]
    if report["layouts"] is not None:
        lines.append(f"layouts: {report['layouts']}")
    if report["output"] is not None:
        lines.append(f"output: {report['output']}")
    if report["witness"] is not None:
        lines.append("witness:")
        lines.extend(f"  {row}" for row in report["witness"])
    if report["path"] is not None and report["machine"] != "hulin":
        lines.append("path: " + " → ".join(report["path"]))
    lines.extend(notes)
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    """Add the strip commands to ``app``."""

    @app.command("strip")
    def strip_cmd(
        file: str = typer.Argument(..., click_type=FILE,
                                   help="A .board file (1 or 2 rows, any for transfer)."),
        machine: Annotated[StripMachine, typer.Option(
            "--machine", "-m",
            help="transfer (any rows, counts), hulin (2 rows, counts), dfa (2 rows), "
                 "kadlac or pedersen (1 row).")] = StripMachine.transfer,
        trace: bool = typer.Option(
            False, "--trace",
            help="Show the machine's state path(s). For transfer the path is the witness's "
                 "states, so a rejected board has none (null in --json); hulin shows its "
                 "set-level run and dfa its full state path either way."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Run a strip machine on a board: consistent? how many layouts? one of them."""
        position = load_position(file)
        try:
            report, notes = RUNNERS[machine.value](position, trace)
        except StripInputError as exc:
            fail(f"{file}: {exc}")
        if as_json:
            print(json.dumps(report))
        else:
            print(report_text(report, notes))

    @app.command("automaton")
    def automaton_cmd(
        name: str = typer.Argument(..., help="kadlac, pedersen, hulin-nfa, hulin-q, hulin-dfa "
                                             "or hulin-min."),
        fmt: Annotated[Format, typer.Option("--format", "-f", help="dot, svg or table.")
                       ] = Format.table,
    ) -> None:
        """Print a machine as Graphviz DOT, SVG or a Markdown transition table."""
        try:
            text = render(catalog.machine(name), fmt.value)
        except catalog.UnknownMachine as exc:
            fail(str(exc))
        except RenderError as exc:
            fail(str(exc), 1)
        print(text, end="" if text.endswith("\n") else "\n")
