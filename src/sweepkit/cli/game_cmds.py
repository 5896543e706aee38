"""Commands of the game area: ``new`` (a seeded layout or first view) and ``play-text``.

Options are read by the types of :mod:`sweepkit.cli.params`, so a bad value gets the
project's one-line ``error: ...`` and exit status 2 rather than a usage box. ``--shape 4x4x4``
plays a board of three or more dimensions: its cells are written with one coordinate per
dimension (``1,2,3``; in play-text ``r 1 2 3``), and it shows as its 2-D slices side by
side (a 4-D board as a grid of slices).
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import TextIO

import typer

from sweepkit.analysis.reasons.explain import TECHNIQUES
from sweepkit.boardfile import format_board
from sweepkit.cli.common import fail
from sweepkit.cli.params import INTEGER, WHOLE, Choice, Cols, Mines, Rows
from sweepkit.cli.slices import Line, lay_out, plain
from sweepkit.game import Game, LayoutMaker, MoveResult, Status
from sweepkit.position import Position, cell_token
from sweepkit.rules import LEVELS, FirstClick, Rules, level
from sweepkit.strategies import STRATEGIES
from sweepkit.strategies.base import FirstMove, first_cell
from sweepkit.topology import cell_text, shape_text

HELP = """commands:
  [r] R C    reveal the cell at row R, column C   (e.g. "3 4" or "r 3 4")
  f R C      put a flag on (R, C) or take it off
  c R C      chord on the number at (R, C): open its other neighbours if its flags match
  h, ?       this help
  q          quit"""

NO_EFFECT = {
    "r": "that cell is already open or flagged",
    "f": "an open cell cannot be flagged",
    "c": "chording needs an open number with exactly that many flagged neighbours",
}


CELL = re.compile(r"\d+(?:,\d+)+", re.ASCII)
"""``ROW,COL`` in ASCII digits (on an n-D board, one coordinate per dimension)."""

SHAPE = re.compile(r"\d+(?:x\d+)+", re.ASCII)
"""``--shape``: two or more sizes joined by ``x``, outermost first."""


LEVEL = Choice(LEVELS, "level")
"""``--level``: a preset level."""

RULE = Choice([rule.value for rule in FirstClick], "first-click rule")
"""``--rule``: a first-click rule."""

STRATEGY = Choice(sorted(STRATEGIES), "strategy")
"""``--strategy``: a strategy by name."""

HARDEST = Choice([str(technique) for technique in TECHNIQUES], "technique")
"""``--hardest``: a technique of the exact analysis."""

NO_GUESS_METHODS = ("auto", "uniform", "perturb")
"""The ways of making a no-guess board (:data:`sweepkit.generate.no_guess.METHODS`, named
here so that the command line does not load the generator to list them)."""

NO_GUESS_METHOD = Choice(list(NO_GUESS_METHODS), "method")
"""``--method``: how a no-guess board is made."""


def rules_from_options(
    level_name: str, rows: int | None, cols: int | None, mines: int | None, rule: str,
    shape: str | None = None,
) -> Rules:
    """The rules a command asks for: a preset level, with ``--rows/--cols/--mines`` (or
    ``--shape``, a board of any number of dimensions) overriding its size; exit 2 with one
    line on a bad combination."""
    if shape is not None:
        if rows is not None or cols is not None:
            fail("--shape gives the whole size: leave out --rows and --cols")
        if not SHAPE.fullmatch(shape):
            fail(f"--shape: expected two or more sizes joined by x, such as 4x4x4, got "
                 f"{shape!r}")
    try:
        preset = level(level_name, rule)
        mines_n = preset.mines if mines is None else mines
        if shape is not None:
            return Rules.of_shape(tuple(map(int, shape.split("x"))), mines_n,
                                  preset.first_click)
        rows_n = preset.rows if rows is None else rows
        cols_n = preset.cols if cols is None else cols
        return Rules(rows_n, cols_n, mines_n, preset.first_click)
    except ValueError as exc:
        fail(str(exc))


def parse_cell(text: str, rules: Rules) -> tuple[int, ...]:
    """``"R,C"`` (on an n-D board, one coordinate per dimension, ``"1,2,3"``) as a cell of
    the board; exit 2 naming it when malformed or off the board."""
    dims = len(rules.shape)
    if CELL.fullmatch(text) is None or text.count(",") != dims - 1:
        if dims == 2:
            fail(f"--first: expected ROW,COL such as 0,0, got {text!r}")
        fail(f"--first: expected {dims} coordinates joined by commas, such as "
             f"{','.join('0' * dims)}, for a {shape_text(rules.shape)} board, got {text!r}")
    cell = tuple(map(int, text.split(",")))
    try:
        rules.index(*cell)
    except ValueError as exc:
        fail(f"--first: {exc}")
    return cell


def parse_first(text: str, rules: Rules) -> FirstMove:
    """A strategy's first click: ``corner``, ``centre`` or ``ROW,COL`` on the board, at a
    cell the first-click rule allows; exit 2 with one line otherwise."""
    first: FirstMove
    if text in ("corner", "centre", "center", "analysed"):
        first = "centre" if text == "center" else text
    elif CELL.fullmatch(text):
        first = parse_cell(text, rules)
    else:
        fail(f"--first: expected corner, centre, analysed (best) or ROW,COL such as 0,0, "
             f"got {text!r}")
    if first == "analysed":  # the best strategy chooses it (no fixed cell to check)
        return first
    try:
        rules.check_first_click(first_cell(rules.shape, first))
    except ValueError as exc:
        fail(f"--first: {exc}")
    return first


def first_or_default(text: str | None, strategy: str, rules: Rules) -> FirstMove:
    """``--first`` as :func:`parse_first` reads it; absent, where ``strategy`` clicks first
    by default (:func:`sweepkit.strategies.default_first`), checked against the rule the
    same way: exit 2 with one line when the board cannot have it."""
    if text is None:
        from sweepkit.strategies import default_first

        chosen = default_first(strategy, rules.rows, rules.cols, rules.first_click)
        text = chosen if isinstance(chosen, str) else ",".join(map(str, chosen))
    return parse_first(text, rules)


def describe(rules: Rules, level_name: str, seed: int | None = None,
             layouts: LayoutMaker | None = None) -> str:
    """One line naming the game; with the seed, enough to make it again (which shows the
    layout, so the seed is named only once the game is left)."""
    size = f"{shape_text(rules.shape)}/{rules.mines}"
    preset = not rules.outer and LEVELS.get(level_name) == (rules.rows, rules.cols, rules.mines)
    name = f"level {level_name} ({size})" if preset else f"custom {size}"
    seed_part = "" if seed is None else f", seed {seed}"
    board = ""
    if layouts is not None and layouts.no_guess:
        hardest = getattr(layouts, "hardest", None)
        method = getattr(layouts, "method", "auto")
        notes = []
        if hardest:
            notes.append(f"hardest technique: {hardest}")
        if method != "auto":
            notes.append(f"method {method}")
        board = ", no-guess" + (f" ({'; '.join(notes)})" if notes else "")
    return f"{name}, rule {rules.first_click}{board}{seed_part}"


def no_guess_layouts(no_guess: bool, hardest: str | None,
                     method: str | None = None) -> LayoutMaker | None:
    """The no-guess board maker of ``--no-guess [--hardest T] [--method M]`` (None without
    it); exits with the valid choices on an unknown technique or method."""
    if not no_guess:
        for name, value in (("--hardest", hardest), ("--method", method)):
            if value is not None:
                fail(f"{name} needs --no-guess")
        return None
    from sweepkit.generate import NoGuessError, NoGuessLayouts  # only when asked: heavy

    try:
        return NoGuessLayouts(hardest=hardest, method=method or "auto")
    except NoGuessError as exc:
        fail(f"--hardest/--method: {exc}")


def render(view: Position) -> str:
    """The view with row and column numbers, for people (not the .board format); an n-D
    board as its 2-D slices, each with its row and column numbers, side by side (a 4-D
    board as a grid of slices: :func:`sweepkit.cli.slices.lay_out`)."""
    if view.dims == 2:
        return "\n".join(_plane(view.cells, view.rows, view.cols,
                                len(str(max(view.rows, view.cols) - 1))))
    width = max(len(str(max(view.rows, view.cols) - 1)), *map(len, map(cell_token, view.cells)))
    per_slice = view.rows * view.cols

    def draw(k: int) -> list[Line]:
        cells = view.cells[k * per_slice:(k + 1) * per_slice]
        return [[(line, "")] for line in _plane(cells, view.rows, view.cols, width)]

    return "\n".join(plain(line) for line in lay_out(view.shape, draw))


def _plane(cells: Sequence[int], rows: int, cols: int, width: int) -> list[str]:
    """A 2-D board (or slice) with its row and column numbers, ``width`` characters a cell."""
    pad = " " * (width + 2)
    lines = [pad + " ".join(str(c).rjust(width) for c in range(cols))]
    for r in range(rows):
        row = cells[r * cols:(r + 1) * cols]
        lines.append(f"{str(r).rjust(width)}  " + " ".join(cell_token(v).rjust(width)
                                                            for v in row))
    return lines


def end_of_game_line(game: Game) -> str:
    """The end-of-game line: time, clicks and 3BV."""
    clicks = game.clicks
    return (
        f"time {game.elapsed:.1f} s, clicks {clicks.total} (left {clicks.left}, "
        f"right {clicks.right}, chord {clicks.chord}; effective {clicks.effective}, "
        f"wasted {clicks.wasted}), 3BV {game.three_bv()}"
    )


def help_text(dims: int) -> str:
    """The help of the text game; on an n-D board a cell is one coordinate per dimension."""
    if dims == 2:
        return HELP
    example = " ".join(map(str, range(dims)))
    return (f"commands (a cell is {dims} coordinates, outermost first, e.g. \"{example}\": "
            f"the slice's title, then row and column):\n"
            f"  [r] CELL   reveal the cell          (e.g. \"{example}\" or \"r {example}\")\n"
            "  f CELL     put a flag on the cell or take it off\n"
            "  c CELL     chord on the number at the cell: open its other neighbours if its "
            "flags match\n"
            "  h, ?       this help\n"
            "  q          quit")


def play_lines(game: Game, lines: Iterable[str], out: TextIO) -> None:
    """Run the text game on ``lines`` of input, writing to ``out``, until it ends."""

    def say(text: str) -> None:
        print(text, file=out, flush=True)

    actions: dict[str, Callable[..., MoveResult]] = {
        "r": game.reveal, "f": game.flag, "c": game.chord,
    }
    dims = len(game.rules.shape)
    say(render(game.view()))
    say(f"mines left {game.mines_left}. Type h for help.")
    for raw in lines:
        words = raw.split()
        if not words:
            continue
        command = words[0].lower()
        if command in ("q", "quit"):
            say("quit: game left unfinished")
            return
        if command in ("h", "?", "help"):
            say(help_text(dims))
            continue
        if WHOLE.fullmatch(command):
            words = ["r", *words]
            command = "r"
        if command not in actions or len(words) != dims + 1:
            say(f"bad command {raw.strip()!r}: type h for help")
            continue
        if not all(WHOLE.fullmatch(word) for word in words[1:]):
            what = "row and column are" if dims == 2 else "coordinates are"
            say(f"bad cell {' '.join(words[1:])!r}: {what} whole numbers")
            continue
        try:
            result = actions[command](*map(int, words[1:]))
        except ValueError as exc:  # off the board (OffBoardMove), a first click the rule refuses
            say(f"error: {exc}")
            continue
        if result.wasted:
            say(f"no effect: {NO_EFFECT[command]}")
            continue
        if game.over:
            break
        say(render(game.view()))
        say(f"mines left {game.mines_left}")
    else:
        say("end of input: game left unfinished")
        return
    if game.status is Status.WON:
        say(render(game.view()))
        say("You won!")
    else:
        say(render(game.reveal_layout()))
        hit = ", ".join(str(game.rules.coord(cell)) for cell in game.exploded_cells)
        say(f"BOOM: you hit the mine{'s' * (len(game.exploded_cells) > 1)} at {hit}. You lost.")
    say(end_of_game_line(game))


SHAPE_HELP = ("Board shape such as 4x4x4 or 3x3x5x5: sizes outermost first, the last two "
              "the rows and columns of a slice (overrides the level's size; not with "
              "--rows/--cols).")
NO_GUESS_HELP = ("A board the exact analysis clears from the first click without a guess "
                 "(made at the first click; the seed still fixes it).")
HARDEST_HELP = ("With --no-guess: the hardest technique the board may need (default: global, "
                "the mine count).")
METHOD_HELP = ("With --no-guess: how the board is made: uniform (drawn until one needs no "
               "guess: every no-guess board equally likely), perturb (mines moved where "
               "logic gets stuck: any size, a lean to easier boards), auto (uniform draws "
               "while they are cheap, then perturb; the default).")


def register(app: typer.Typer) -> None:
    """Add the game commands to ``app``."""

    level_help = "Preset level (its size and mines)."
    rule_help = "First-click rule: none (can lose), safe (never a mine), opening (always a 0)."

    @app.command("new")
    def new_cmd(
        level_name: str = typer.Option("beginner", "--level", click_type=LEVEL,
                                       help=level_help),
        rule: str = typer.Option("safe", "--rule", click_type=RULE, help=rule_help),
        seed: int | None = typer.Option(None, "--seed", click_type=INTEGER,
                                        help="Seed of the layout (random if absent)."),
        first: str | None = typer.Option(None, "--first", help="First click as ROW,COL (on an n-D "
                                  "board one coordinate per dimension: 1,2,3); default: the "
                                  "corner 0,0 (0,0,0...)."),
        rows: Rows = None,
        cols: Cols = None,
        shape: str | None = typer.Option(None, "--shape", help=SHAPE_HELP),
        mines: Mines = None,
        show: bool = typer.Option(False, "--show", help="Print the whole layout."),
        no_guess: bool = typer.Option(False, "--no-guess", help=NO_GUESS_HELP),
        hardest: str | None = typer.Option(None, "--hardest", click_type=HARDEST,
                                           help=HARDEST_HELP),
        method: str | None = typer.Option(None, "--method", click_type=NO_GUESS_METHOD,
                                          help=METHOD_HELP),
    ) -> None:
        """Make a seeded game and click once; print the player's view, or the layout (--show).

        The output is a .board text; a comment line names the level, rule and seed.
        """
        layouts = no_guess_layouts(no_guess, hardest, method)
        rules = rules_from_options(level_name, rows, cols, mines, rule, shape)
        if layouts is not None and rules.outer:
            fail("--no-guess makes 2-D boards only")
        seed_value = random.SystemRandom().randrange(2**32) if seed is None else seed
        cell = parse_cell(first, rules) if first is not None else (0,) * len(rules.shape)
        try:
            rules.check_first_click(rules.index(*cell))
        except ValueError as exc:
            fail(str(exc))
        game = Game(rules, seed_value, layouts=layouts)
        try:
            game.reveal(*cell)
        except ValueError as exc:  # no no-guess board within the budget, or too dense
            fail(str(exc))
        board = game.reveal_layout(cheat=True) if show else game.view()
        print(f"# {describe(rules, level_name, seed_value, layouts)}, first click "
              f"{cell_text(cell)}, {game.status}")
        print(format_board(board), end="")

    @app.command("play-text")
    def play_text_cmd(
        level_name: str = typer.Option("beginner", "--level", click_type=LEVEL,
                                       help=level_help),
        rule: str = typer.Option("safe", "--rule", click_type=RULE, help=rule_help),
        seed: int | None = typer.Option(None, "--seed", click_type=INTEGER,
                                        help="Seed of the layout (random if absent)."),
        rows: Rows = None,
        cols: Cols = None,
        shape: str | None = typer.Option(None, "--shape", help=SHAPE_HELP),
        mines: Mines = None,
        no_guess: bool = typer.Option(False, "--no-guess", help=NO_GUESS_HELP),
        hardest: str | None = typer.Option(None, "--hardest", click_type=HARDEST,
                                           help=HARDEST_HELP),
        method: str | None = typer.Option(None, "--method", click_type=NO_GUESS_METHOD,
                                          help=METHOD_HELP),
    ) -> None:
        """Play in the terminal, reading commands from standard input (h for help).

        The game goes on until a win, a loss, q or the end of input. An n-D board (--shape
        4x4x4) shows its slices side by side; its cells are one coordinate per dimension
        (r 1 2 3).
        """
        rules = rules_from_options(level_name, rows, cols, mines, rule, shape)
        layouts = no_guess_layouts(no_guess, hardest, method)
        if layouts is not None and rules.outer:
            fail("--no-guess makes 2-D boards only")
        seed_value = random.SystemRandom().randrange(2**32) if seed is None else seed
        print(describe(rules, level_name, layouts=layouts))  # the seed would give it away
        play_lines(Game(rules, seed_value, layouts=layouts), sys.stdin, sys.stdout)
        print(describe(rules, level_name, seed_value, layouts))  # left: replayable
