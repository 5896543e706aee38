"""The command of the embedding: ``sweepkit embed FILE --dims N`` prints the board embedded in
N dimensions (:mod:`sweepkit.reductions.embed`), a ``.board`` text the analysis commands read.

Bad input (a file that does not parse, ``--dims`` below the board's dimensions or not a
whole number) prints one line and exits 2.
"""

from __future__ import annotations

import typer

from sweepkit.boardfile import board_source, format_board
from sweepkit.cli.common import fail, load_position_and_text
from sweepkit.cli.params import FILE, INTEGER
from sweepkit.reductions.embed import embed, embedded_cell
from sweepkit.reductions.reading import read_terminals
from sweepkit.topology import shape_text


def register(app: typer.Typer) -> None:
    """Add the embedding command to ``app``."""

    @app.command("embed")
    def embed_cmd(
        file: str = typer.Argument(..., click_type=FILE,
                                   help="A .board file, or - for standard input."),
        dims: int | None = typer.Option(None, "--dims", click_type=INTEGER,
                                        help="The number of dimensions to embed the board "
                                        "in (at least the board's own)."),
    ) -> None:
        """Embed a board in more dimensions, with the same layouts.

        This is the step of the proof that n-CONSISTENCY is NP-complete for every n >= 2.
        Each step puts the board between two slices of known mines and raises every number
        by the mines it then sees; the layouts stay the same (the original's cells are the
        middle block, named in the first comment line). Prints the .board text.
        """
        if dims is None:
            fail("--dims: give the number of dimensions, such as --dims 3")
        position, text = load_position_and_text(file)
        try:
            embedded = embed(position, dims)
        except ValueError as exc:
            fail(f"--dims: {exc}")
        start = embedded_cell(position.shape, dims, 0)
        name = board_source(file)
        lines = [f"# {name} ({shape_text(position.shape)}) embedded in {dims} dimensions: "
                 f"its cells are the middle block, from cell {embedded.coord(start)}"]
        for label, cell in read_terminals(text).items():  # a reduced board's inputs, moved
            if len(cell) == len(position.shape):
                try:
                    index = position.index(*cell)
                except IndexError as exc:
                    fail(f"# input {label}: {exc}")
                moved = embedded_cell(position.shape, dims, index)
                lines.append(f"# input {label}: {','.join(map(str, embedded.coord(moved)))}")
        print("\n".join(lines))
        print(format_board(embedded), end="")
