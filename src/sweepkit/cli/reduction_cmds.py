"""Commands of the reductions: Kaye's gadgets as boards, with their truth tables."""

from __future__ import annotations

import typer

from sweepkit.boardfile import format_board
from sweepkit.cli.common import fail


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


def register(app: typer.Typer) -> None:
    """Add the reduction commands to ``app``."""

    @app.command("gadget")
    def gadget_cmd(
        name: str = typer.Argument(..., help="wire, not, and, or or xor."),
        inputs: str = typer.Option("", "--input", help="Force inputs, e.g. u=1,v=0."),
        table: bool = typer.Option(False, "--table", help="Print the truth table with "
                                                          "its layout counts instead."),
        svg: bool = typer.Option(False, "--svg", help="Print the gadget as an SVG "
                                                      "picture instead."),
    ) -> None:
        """Print one of Kaye's gadgets as a .board position (its inputs forced with
        --input), its truth table, or its picture."""
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
        position = g.forced(parse_inputs(inputs, names))
        terminals = ", ".join(f"{n} at {position.coord(c)}" for n, c in (*g.inputs,
                                                                          *g.outputs))
        print(f"# {name} gadget (Kaye); terminals, true when a mine: {terminals}")
        print(format_board(position), end="")
