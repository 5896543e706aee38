"""Commands of the reductions: Kaye's gadgets as boards, with their truth tables, and
formulas and circuits reduced to boards (``sweepkit reduce``)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from sweepkit.boardfile import format_board
from sweepkit.cli.common import fail
from sweepkit.cli.params import FILE


def parse_inputs(text: str, names: tuple[str, ...]) -> dict[str, bool]:
    """``u=1,v=0`` as ``{"u": True, "v": False}``; exit 2 naming the item that is wrong."""
    values: dict[str, bool] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        name, sep, value = item.partition("=")
        if not sep or value not in ("0", "1"):
            fail(f"--input: expected NAME=0 or NAME=1 such as u=1, got {item!r}")
        if name not in names:
            fail(f"--input: this gadget's inputs are {', '.join(names) or 'none'}, "
                 f"not {name!r}")
        values[name] = value == "1"
    return values


def read_formula(path: str) -> tuple[str, str]:
    """The text of ``path`` (``-``: standard input) and whether it is a CNF formula
    (``.cnf``, or a ``p cnf`` line first) or a circuit; exit 2 when it cannot be read."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"{path}: {exc}")
    from sweepkit.reductions.formulas import formula_kind

    return text, formula_kind(text, path)


def register(app: typer.Typer) -> None:
    """Add the reduction commands to ``app``."""

    @app.command("reduce")
    def reduce_cmd(
        file: str = typer.Argument(..., click_type=FILE,
                                   help="A DIMACS .cnf formula or a circuit file (one gate a "
                                   "line), or - for standard input."),
        parsimonious: bool = typer.Option(False, "--parsimonious", help="Only unique "
                                          "gadgets: the board's layouts are the models."),
        png: str | None = typer.Option(None, "--png", click_type=FILE,
                                       help="Also draw the board into this PNG file (inputs "
                                       "coloured, gates outlined)."),
    ) -> None:
        """Kaye's reduction: print the Minesweeper board of a CNF formula or a circuit.

        The board is consistent exactly when the formula is satisfiable. Its '# input'
        lines name each input's terminal (a mine there means true): sweepkit check BOARD
        --assignment reads them back.
        """
        from sweepkit.reductions.formulas import FormulaError
        from sweepkit.reductions.layout import reduce_text
        from sweepkit.reductions.sheet import LayoutError

        text, kind = read_formula(file)
        try:
            reduced, what = reduce_text(text, kind, parsimonious)
        except FormulaError as exc:
            fail(f"{file}: {exc}")
        except LayoutError as exc:
            fail(f"{file}: cannot draw it: {exc}")
        if png is not None:
            from sweepkit.reductions.picture import reduced_png

            try:
                Path(png).write_bytes(reduced_png(reduced))
            except OSError as exc:
                fail(f"--png: {exc}")
        rows, cols = reduced.position.shape
        mode = "parsimonious: one layout a model" if parsimonious else "normal"
        print(f"# Kaye's reduction of {file} ({what}; {mode}): {rows} x {cols}, "
              "consistent exactly when it is satisfiable")
        print("\n".join(reduced.comments()))
        print(format_board(reduced.position), end="")

    @app.command("gadget")
    def gadget_cmd(
        name: str = typer.Argument(..., help="wire, not, and, or or xor."),
        inputs: str = typer.Option("", "--input", help="Force inputs, e.g. u=1,v=0."),
        table: bool = typer.Option(False, "--table", help="Print the truth table with "
                                                          "its layout counts instead."),
        svg: bool = typer.Option(False, "--svg", help="Print the gadget as an SVG "
                                                      "picture instead."),
    ) -> None:
        """Print one of Kaye's gadgets as a .board position, its truth table or its picture.

        --input forces its inputs in the position.
        """
        from sweepkit.reductions.gadgets import gadget, truth_table
        from sweepkit.reductions.picture import gadget_svg

        try:
            g = gadget(name)
        except ValueError as exc:
            fail(str(exc))
        names = tuple(n for n, _ in g.inputs)
        if svg:
            print(gadget_svg(g), end="")
            return
        if table:
            outs = ", ".join(n for n, _ in g.outputs)
            print(f"{' '.join(names) or '(no input)'} -> {outs}: layouts")
            for values, row in truth_table(g).items():
                cells = " ".join(map(str, values)) or "-"
                print(f"{cells} -> " + "; ".join(
                    f"{' '.join(map(str, out))}: {count}" for out, count in row.items()))
            return
        position = g.with_inputs(parse_inputs(inputs, names))
        terminals = ", ".join(f"{n} at {position.coord(c)}" for n, c in (*g.inputs,
                                                                          *g.outputs))
        print(f"# {name} gadget (Kaye); terminals, true when a mine: {terminals}")
        print(format_board(position), end="")
