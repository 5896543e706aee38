"""Commands of the analysis area: analyze, check, count, enumerate, unique, safe.

Every command reads a ``.board`` file or ``-`` (stdin); bad input prints one line and
exits 2. ``--mines N`` overrides the file's mine count; without any mine count the
papers' convention applies (every assignment satisfying the numbers counts once).
Boards of any number of dimensions are analysed alike (the picture of an n-D board shows
its slices); Kadlac's program (``enumerate --method kadlac``) reads 2-D boards only.
"""

from __future__ import annotations

import json
import sys

import typer

from sweepkit.analysis.board.board_count import count_layouts, layouts_by_mines
from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.budget import attempt
from sweepkit.analysis.papers.consistency import (
    Contradiction,
    decide,
    is_safe_move,
    minimal_contradiction,
)
from sweepkit.analysis.papers.enumerate import enumerate_layouts
from sweepkit.analysis.papers.kadlac_bfs import kadlac_report
from sweepkit.analysis.reasons.explain import explain
from sweepkit.boardfile import board_source, format_board
from sweepkit.cli.common import (
    DEFAULT_TIMEOUT,
    ENUMERATE_TIMEOUT_HELP,
    TIMEOUT_HELP,
    analysis_budget,
    fail,
    load_position,
    load_position_and_text,
    need_two_dimensions,
)
from sweepkit.cli.params import FILE, INTEGER, NUMBER, Choice
from sweepkit.cli.slices import Line, lay_out, plain
from sweepkit.constraints import ConstraintSystem, paused_gc
from sweepkit.position import UNKNOWN, Position, cell_token
from sweepkit.serialize import analysis_json, count_text
from sweepkit.topology import OffBoardError

FILE_HELP = "A .board file, or - for standard input."
MINES_HELP = "Total number of mines (overrides the file's 'mines:' header)."
MORE_COORDINATES = typer.Argument(
    None, click_type=INTEGER,
    help="The further coordinates of a cell of an n-D board (after ROW and COL).")
"""``safe``'s optional coordinates after the first two (a module-level default: a list
argument's default cannot be a call in the signature)."""


def timeout_option() -> float:
    """The ``--timeout`` option every analysis command takes: :data:`DEFAULT_TIMEOUT`
    seconds unless given."""
    return typer.Option(DEFAULT_TIMEOUT, "--timeout", click_type=NUMBER, help=TIMEOUT_HELP)


def cell_label(position: Position, analysis: Analysis, i: int) -> str:
    """Three characters for one cell of the probability picture."""
    v = position.cells[i]
    if v != UNKNOWN:
        return f"{cell_token(v):>3}"
    if not analysis.consistent:
        return "  ?"
    p = analysis.probability(i)
    if p == 0:
        return "  S"
    if p == 1:
        return "  M"
    return f"{round(100 * p.numerator / p.denominator):3d}"


def cell_style(position: Position, analysis: Analysis, i: int, label: str) -> str:
    """The colour of one cell of the picture on a terminal (rich's style; ``""``: none)."""
    if label == "  S":
        return "bold green"
    if label == "  M":
        return "bold red"
    if position.cells[i] == UNKNOWN and analysis.consistent:
        return "yellow" if analysis.probability(i) < 0.5 else "magenta"
    return ""


def picture_lines(position: Position, analysis: Analysis, styled: bool = False) -> list[Line]:
    """The probability picture, a line per row; an n-D board's slices laid out as
    :func:`sweepkit.cli.slices.lay_out` does. Styles only when ``styled``."""
    cols = position.cols

    def row(start: int) -> Line:
        line = []
        for i in range(start, start + cols):
            label = cell_label(position, analysis, i)
            line.append((label, cell_style(position, analysis, i, label) if styled else ""))
        return line

    rows = position.rows
    if position.dims == 2:
        return [row(r * cols) for r in range(rows)]
    return lay_out(position.shape,
                   lambda k: [row((k * rows + r) * cols) for r in range(rows)])


def print_picture(position: Position, analysis: Analysis) -> None:
    """The probability picture: percentages, S/M for certain cells; coloured on a tty."""
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.text import Text

        console = Console()
        for line in picture_lines(position, analysis, styled=True):
            text = Text()
            for label, style in line:
                text.append(label, style=style)
            console.print(text)
    else:
        for line in picture_lines(position, analysis):
            print(plain(line))


def on_board(position: Position, cell: tuple[int, ...]) -> bool:
    """Whether ``cell`` (one coordinate a dimension, as a ``# input`` line gives it) is a
    cell of the board."""
    return len(cell) == len(position.shape) and all(
        0 <= x < n for x, n in zip(cell, position.shape, strict=True))


def input_terminals(file: str, text: str, position: Position
                    ) -> dict[str, tuple[int, ...]]:
    """The ``# input`` lines of a reduced board (see sweepkit reduce), from the file's
    ``text``; exit 2 when it has none or one names a cell off the board or not covered."""
    from sweepkit.reductions.reading import read_terminals

    source = board_source(file)
    terminals = read_terminals(text)
    if not terminals:
        fail(f"{source}: no '# input NAME: ROW,COL' lines; --assignment reads a board made "
             "by sweepkit reduce")
    for name, cell in terminals.items():
        if not on_board(position, cell) or position.cells[position.index(*cell)] != UNKNOWN:
            fail(f"{source}: input {name} at {cell} is not a covered cell of the board")
    return terminals


def formula_words(position: Position, text: str, contradiction: Contradiction,
                  system: ConstraintSystem) -> str | None:
    """On a board made by ``sweepkit reduce`` (its ``# input`` and ``# gadget`` lines in
    ``text``), the line saying which inputs' wires and which gadgets the contradicting
    numbers belong to; None on another board."""
    from sweepkit.reductions.reading import contradiction_words, read_gadgets, read_terminals

    inside = {name: cell for name, cell in read_terminals(text).items()
              if on_board(position, cell)}
    return contradiction_words(position, contradiction.numbers, system.constraints, inside,
                               read_gadgets(text))


SHRINK_SECONDS = 10.0
"""``check --shrink``'s default: on a board of an unsatisfiable formula of 14 variables the
whole of ``check`` takes about 8 CPU seconds, an irreducible set of some 66,000 numbers
included (the table in :mod:`sweepkit.analysis.decide.unsat_core`); the deadline is wall time, so
on a loaded machine the set found within it may not be irreducible."""

METHOD = Choice(["fast", "kadlac"], "method")
"""``enumerate --method``: depth-first over the constraints, or Kadlac's program."""

EXPLAIN_SECONDS = 30.0
"""The longest ``analyze --json`` looks for its explanations (left out, null, past it)."""


def register(app: typer.Typer) -> None:
    """Add the analysis commands to ``app``."""

    @app.command("analyze")
    def analyze_cmd(
        file: str = typer.Argument(..., click_type=FILE, help=FILE_HELP),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER, help=MINES_HELP),
        as_json: bool = typer.Option(False, "--json", help="Print the analysis as JSON."),
        timeout: float = timeout_option(),
    ) -> None:
        """Mine probability of every cell (S = certainly safe, M = certainly a mine).

        --json prints {rows, cols, mines, consistent, layouts (decimal string), layouts_log10
        (null without layouts), probability (rows x cols: null for numbers and '-', 1.0 for
        known mines), safe, mines_certain, dead, explanations (cell, value, technique,
        because, sentence; null when finding them takes over 30 s)}: see
        sweepkit.serialize.analysis_json. On an n-D board: a shape key too, probability
        nested one list per dimension, cells as [coordinates]. An n-D board's picture shows
        its 2-D slices side by side.
        """
        position = load_position(file, mines)
        with analysis_budget(timeout):
            analysis = analyse(position)
            if as_json:
                # explanations are left out (null) past their own budget: on a board of
                # long chains (a reduction) they can take minutes where the analysis took
                # a second
                explained = attempt(EXPLAIN_SECONDS, lambda: explain(position,
                                                                      analysis=analysis))
                print(json.dumps(analysis_json(
                    position, analysis,
                    explanations=explained if explained is not None else False)))
                if explained is None:
                    print(f"note: explanations left out (null): finding them took over "
                          f"{EXPLAIN_SECONDS:g} s", file=sys.stderr)
                return
            contradiction = None if analysis.consistent else minimal_contradiction(position)
        print_picture(position, analysis)
        if contradiction is None:
            print(f"layouts: {count_text(analysis.total)}")
        else:
            print(f"inconsistent: {contradiction.describe(position)}")

    @app.command("check")
    def check_cmd(
        file: str = typer.Argument(..., click_type=FILE, help=FILE_HELP),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER, help=MINES_HELP),
        timeout: float = timeout_option(),
        assignment: bool = typer.Option(False, "--assignment", help="On a board made by "
                                        "sweepkit reduce: print the inputs' values in the "
                                        "layout found instead (NAME=0/1)."),
        shrink: float = typer.Option(
            SHRINK_SECONDS, "--shrink", click_type=NUMBER,
            help="On an inconsistent board, the most seconds spent looking for an irreducible "
            "set of contradicting numbers; past them (or near --timeout) the set found so far "
            "is printed, said to be possibly not minimal."),
    ) -> None:
        """Consistent? Exit 0 and print one layout, or exit 1 naming contradicting numbers.

        With --assignment (a reduced board), the layout is read back as the formula's
        variables.

        The numbers named are an irreducible set (drop any one and the rest have a layout),
        found from a SAT solver's unsatisfiable core; if shrinking it takes longer than
        --shrink (or runs into --timeout), the smallest set found so far is printed and
        said to be possibly not minimal. On a board made by sweepkit reduce, a second line
        says which inputs' wires and gadgets they belong to.
        """
        if not shrink >= 0:
            fail(f"--shrink: expected 0 or more seconds, got {shrink:g}")
        # one command, millions of tuples and lists, no reference cycles: the collector
        # waits (a tenth of the time of check on a reduced board; see paused_gc)
        with paused_gc():
            _check(file, mines, timeout, assignment, shrink)

    def _check(file: str, mines: int | None, timeout: float, assignment: bool,
               shrink: float) -> None:
        """The body of ``check`` (its options checked)."""
        position, text = load_position_and_text(file, mines)
        terminals = input_terminals(file, text, position) if assignment else {}
        with analysis_budget(timeout):
            verdict = decide(position, why=not assignment, seconds=shrink)
        witness, contradiction = verdict.witness, verdict.contradiction
        if witness is None:
            if assignment:        # a reduced board: no need to say why
                print("unsatisfiable: the board has no layout")
            elif contradiction is None:
                print("inconsistent: the board has no layout, but no contradicting set of "
                      f"numbers was found within {timeout:g} s (--timeout SECONDS)")
            else:
                print(f"inconsistent: {contradiction.describe(position)}")
                words = formula_words(position, text, contradiction, verdict.system)
                if words is not None:
                    print(words)
            raise typer.Exit(1)
        if assignment:
            values = " ".join(f"{name}={int(position.index(*cell) in witness)}"
                              for name, cell in terminals.items())
            print(f"satisfiable: {values}")
            return
        print("consistent; one layout:")
        print(format_board(position.layout(witness)), end="")

    @app.command("count")
    def count_cmd(
        file: str = typer.Argument(..., click_type=FILE, help=FILE_HELP),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER, help=MINES_HELP),
        by_mines: bool = typer.Option(
            False, "--by-mines",
            help="A table: total mines -> layouts (the file's mine count is ignored; "
                 "with --mines, only that row)."),
        timeout: float = timeout_option(),
    ) -> None:
        """Exact number of layouts (with the mine count when one is given)."""
        position = load_position(file, mines)
        with analysis_budget(timeout):
            if by_mines:
                # With --mines the one row is the count with that total (position has it):
                # no need to build the whole table, one big binomial per possible total.
                table = ({mines: count_layouts(position)} if mines is not None
                         else layouts_by_mines(position))
            else:
                total = count_layouts(position)
        if by_mines:
            print("mines  layouts")
            for m, n in table.items():
                print(f"{m:5d}  {count_text(n)}")
            return
        print(count_text(total))

    @app.command("enumerate")
    def enumerate_cmd(
        file: str = typer.Argument(..., click_type=FILE, help=FILE_HELP),
        method: str = typer.Option("fast", "--method", click_type=METHOD,
                                   help="Depth-first (fast) or Kadlac's program."),
        limit: int | None = typer.Option(None, "--limit", click_type=INTEGER,
                                         help="Stop after this many layouts."),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER, help=MINES_HELP),
        timeout: float | None = typer.Option(None, "--timeout", click_type=NUMBER,
                                             help=ENUMERATE_TIMEOUT_HELP),
    ) -> None:
        """List the layouts (fast: depth-first over the constraints; kadlac: the 2003 BFS)."""
        if limit is not None and limit < 0:
            fail(f"--limit: expected 0 or more layouts, got {limit}")
        position = load_position(file, mines)
        with analysis_budget(timeout):
            _enumerate(position, method, limit)

    def _enumerate(position: Position, method: str, limit: int | None) -> None:
        if method == "kadlac":
            need_two_dimensions(position, "--method kadlac (Kadlac's program)")
            notes: list[str] = []
            print(kadlac_report(position, limit, notes=notes), end="")
            for note in notes:
                print(f"note: {note}", file=sys.stderr)
            return
        shown = 0
        for layout in enumerate_layouts(position, limit=limit):
            if shown:
                print()
            print(format_board(position.layout(layout)), end="")
            shown += 1
        if shown:
            print()
        total = count_layouts(position)
        if shown < total:
            print(f"{shown} of {count_text(total)} layouts shown (--limit {limit})")
        else:
            print(f"{count_text(total)} layout{'s' if total != 1 else ''}")

    @app.command("unique")
    def unique_cmd(
        file: str = typer.Argument(..., click_type=FILE, help=FILE_HELP),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER, help=MINES_HELP),
        timeout: float = timeout_option(),
    ) -> None:
        """SOLUTION: exactly one layout? Prints yes (exit 0) or no (exit 1)."""
        position = load_position(file, mines)
        with analysis_budget(timeout):
            total = count_layouts(position)
        if total == 1:
            print("yes")
            return
        print("no (inconsistent)" if total == 0 else f"no ({count_text(total)} layouts)")
        raise typer.Exit(1)

    @app.command("safe")
    def safe_cmd(
        file: str = typer.Argument(..., click_type=FILE, help=FILE_HELP),
        row: int = typer.Argument(..., click_type=INTEGER,
                                  help="Row of the cell, 0-based (on an n-D board: its first "
                                  "coordinate)."),
        col: int = typer.Argument(..., click_type=INTEGER,
                                  help="Column of the cell, 0-based (on an n-D board: its "
                                  "second coordinate)."),
        more: list[int] | None = MORE_COORDINATES,
        mine: bool = typer.Option(False, "--mine", help="Ask about flagging instead."),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER, help=MINES_HELP),
        timeout: float = timeout_option(),
    ) -> None:
        """SAFETY: is probing (or with --mine, flagging) the cell safe in every layout?

        Prints yes (exit 0) or no (exit 1); an inconsistent position has no safe move.
        On an n-D board the cell has one coordinate per dimension: safe FILE 0 1 2.
        """
        position = load_position(file, mines)
        try:
            cell = position.index(row, col, *(more or ()))
        except OffBoardError as exc:
            fail(str(exc))
        with analysis_budget(timeout):
            consistent = count_layouts(position) > 0
            safe = consistent and is_safe_move(position, cell, flag=mine)
        if not consistent:
            print("no (inconsistent position)")
            raise typer.Exit(1)
        if safe:
            print("yes")
            return
        print("no")
        raise typer.Exit(1)
