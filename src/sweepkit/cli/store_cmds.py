"""Commands of the store area: ``runs`` lists the stored benchmark runs, ``replay`` plays a
stored game again move by move, ``watch`` lets a strategy play one game in the terminal.

The database is ``--db PATH``, else ``$SWEEPKIT_DB``, else ``sweepkit.db`` in the user
data directory (see :func:`sweepkit.bench.store.default_path`). ``replay`` and ``watch``
print every move with its reason (basis, technique, the estimated mine probability, a
note) and the board after it, pausing ``--delay`` milliseconds between moves so a person
can follow; the default pause is 0 when the output is not a terminal.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable

import typer
from rich.console import Console, JustifyMethod
from rich.table import Table

from sweepkit.bench.result import strategy_rng
from sweepkit.bench.store import RunRow, Store, StoreError, default_path
from sweepkit.cli.common import fail
from sweepkit.cli.game_cmds import (
    LEVEL,
    RULE,
    STRATEGY,
    describe,
    end_of_game_line,
    first_or_default,
    render,
    rules_from_options,
)
from sweepkit.cli.params import INTEGER, Cols, Mines, Rows
from sweepkit.game import Game, Status, replay
from sweepkit.moves import MoveKind, Reason
from sweepkit.play import play
from sweepkit.rules import LEVELS
from sweepkit.strategies import STRATEGIES, StrategyError, make_strategy

TTY_DELAY_MS = 400
"""The pause between moves when the output is a terminal and no ``--delay`` is given."""

EXIT_MISMATCH = 1
"""Exit status of ``replay`` when the stored game does not replay to its stored result."""


def open_store(db: str | None) -> Store:
    """The database of ``--db`` (or the default) for reading; exit 2 with one line when it
    is missing, not a database, locked or too new."""
    path = default_path() if db is None else db
    try:
        return Store(path, create=False)
    except StoreError as exc:
        fail(str(exc))


def delay_seconds(ms: int | None) -> float:
    """``--delay`` in seconds: the given milliseconds, else a pause a person can follow on
    a terminal and none otherwise."""
    if ms is None:
        return TTY_DELAY_MS / 1000 if sys.stdout.isatty() else 0.0
    if ms < 0:
        fail(f"--delay: expected milliseconds >= 0, got {ms}")
    return ms / 1000


def reason_text(reason: Reason | None) -> str:
    """A move's reason in words: ``certain (single), mine 0.0%: note``.

    >>> from sweepkit.moves import Basis
    >>> reason_text(Reason.guessed(0.125, "lowest probability"))
    'guess, mine 12.5%: lowest probability'
    >>> reason_text(Reason(Basis.FIRST, note="first click: corner"))   # not "first: first …"
    'first click: corner'
    """
    if reason is None:
        return "no reason given"
    text = str(reason.basis)
    if reason.note and reason.note.startswith(text) and not reason.technique \
            and reason.probability is None:
        return reason.note          # the note says the basis already
    if reason.technique:
        text += f" ({reason.technique})"
    if reason.probability is not None:
        text += f", mine {reason.probability:.1%}"
    if reason.note:
        text += f": {reason.note}"
    return text


def move_line(number: int, kind: MoveKind, cell: tuple[int, int], reason: Reason | None) -> str:
    """One move for people: its number from 1, kind, cell as (row, col), reason.

    >>> move_line(0, MoveKind.REVEAL, (3, 4), Reason.certain("single", probability=0.0))
    'move 1: reveal (3, 4) - certain (single), mine 0.0%'
    """
    return f"move {number + 1}: {kind} {cell} - {reason_text(reason)}"


def outcome(game: Game) -> str:
    """The end of a game in one line: won, or the mine(s) it hit."""
    if game.status is Status.WON:
        return f"won in {len(game.log)} moves"
    hit = ", ".join(str(game.rules.coord(c)) for c in game.exploded_cells)
    return f"lost on move {len(game.log)}: hit the mine at {hit}"


def size_text(run: RunRow) -> str:
    """``beginner`` for a preset level of its size, else ``custom 5x7/3``."""
    if run.level is not None and LEVELS.get(run.level) == (run.rows, run.cols, run.mines):
        return run.level
    return f"custom {run.rows}x{run.cols}/{run.mines}"


def runs_table(runs: list[RunRow]) -> Table:
    """The runs as a rich table."""
    table = Table(show_edge=False, pad_edge=False)
    columns: list[tuple[str, JustifyMethod]] = [
        ("id", "right"), ("created (UTC)", "left"), ("strategy", "left"), ("level", "left"),
        ("rule", "left"), ("games", "right"), ("wins", "right"), ("win rate", "right"),
        ("status", "left")]
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    for run in runs:
        options = ", ".join(f"{k}={v}" for k, v in sorted(run.options.items()))
        strategy = f"{run.strategy} ({options})" if options else run.strategy
        rate = "-" if run.win_rate is None else f"{run.win_rate:.1%}"
        created = run.created.removesuffix("+00:00").replace("T", " ")
        status = run.status
        if run.status == "running" and run.incomplete:
            status += " (incomplete)"
        rule = f"{run.rule}, no-guess" if run.no_guess else run.rule
        table.add_row(str(run.id), created, strategy, size_text(run), rule,
                      f"{run.done}/{run.games}", str(run.wins), rate, status)
    return table


def printer(moves_only: bool, pause: float) -> Callable[..., None]:
    """What ``replay`` and ``watch`` print after move ``number`` of ``game``: the move,
    then the board unless ``moves_only``; then a pause unless the game is over."""

    def show(game: Game, number: int, _result: object = None) -> None:
        move = game.log[number]
        print(move_line(number, move.kind, game.rules.coord(move.cell), move.reason))
        if not moves_only:
            print(render(game.view()))
            print()
        sys.stdout.flush()
        if pause and not game.over:
            time.sleep(pause)

    return show


def register(app: typer.Typer) -> None:
    """Add the store commands to ``app``."""

    db_help = "The database file (default: $SWEEPKIT_DB, else sweepkit.db in the user data dir)."
    delay_help = (f"Milliseconds between moves (default {TTY_DELAY_MS} on a terminal, "
                  "else 0).")
    level_help = "Preset level (its size and mines)."
    rule_help = "First-click rule: none (can lose), safe (never a mine), opening (always a 0)."

    @app.command("runs")
    def runs_cmd(
        db: str | None = typer.Option(None, "--db", help=db_help),
        as_json: bool = typer.Option(False, "--json", help="Print the runs as one JSON array."),
    ) -> None:
        """List the stored benchmark runs with their games, wins and status.

        A line a run: strategy, level, rule, games done of planned, wins, win rate and
        status (a run still 'running' whose process died stays so).
        """
        with open_store(db) as store:
            try:
                runs = store.runs()
            except StoreError as exc:
                fail(str(exc))
        if as_json:
            print(json.dumps([run.as_json() for run in runs]))
            return
        if not runs:
            print(f"no runs in {store.path}")
            return
        console = Console(soft_wrap=False, width=None if sys.stdout.isatty() else 200)
        console.print(runs_table(runs))

    @app.command("replay")
    def replay_cmd(
        game_id: int = typer.Argument(..., metavar="GAME_ID", click_type=INTEGER,
                                      help="The id of a stored game."),
        db: str | None = typer.Option(None, "--db", help=db_help),
        delay: int | None = typer.Option(None, "--delay", click_type=INTEGER,
                                         help=delay_help),
        moves_only: bool = typer.Option(False, "--moves", help="Print only the move lines."),
    ) -> None:
        """Replay a stored game move by move and check it ends as it was stored.

        Each move with its reason, then the board; at the end the result, checked against
        the stored one (exit 1 if they differ).
        """
        pause = delay_seconds(delay)
        with open_store(db) as store:
            try:
                row = store.game(game_id)
                run = store.run(row.run_id)
                record = row.game_record()
            except StoreError as exc:
                fail(str(exc))
        rules = record.rules
        print(f"game {row.id} (index {row.index} of run {run.id}, {run.strategy}): "
              f"{describe(rules, run.level or 'custom', record.seed)}")
        show = printer(moves_only, pause)
        try:
            game = replay(record, show)
        except ValueError as exc:  # a move the game refuses: the record is not this game's
            fail(f"game {row.id} does not replay: {exc}", EXIT_MISMATCH)
        if not game.over or (game.status is Status.WON) != row.won or len(game.log) != row.moves:
            stored = "won" if row.won else "lost"
            fail(f"game {row.id} does not replay to its stored result: stored {stored} in "
                 f"{row.moves} moves, replayed {game.status} in {len(game.log)} moves",
                 EXIT_MISMATCH)
        print(outcome(game))
        if not moves_only:
            if game.status is Status.LOST:
                print(render(game.reveal_layout()))
            print(end_of_game_line(game))

    @app.command("watch")
    def watch_cmd(
        strategy: str | None = typer.Option(None, "--strategy", click_type=STRATEGY,
                                            help="The player."),
        level_name: str = typer.Option("beginner", "--level", click_type=LEVEL,
                                       help=level_help),
        rule: str = typer.Option("safe", "--rule", click_type=RULE, help=rule_help),
        rows: Rows = None,
        cols: Cols = None,
        mines: Mines = None,
        first: str | None = typer.Option(None, "--first",
                                  help="First click: corner, centre or ROW,COL (default "
                                  "corner; for best, the rule's measured best)."),
        seed: int | None = typer.Option(None, "--seed", click_type=INTEGER,
                                        help="Seed of the layout (random if absent)."),
        delay: int | None = typer.Option(None, "--delay", click_type=INTEGER,
                                         help=delay_help),
        radius: int | None = typer.Option(None, "--radius", click_type=INTEGER,
                                          help="Search radius, for strategies that take one."),
    ) -> None:
        """Watch a strategy play one game at a speed a person can follow.

        Each move with its reason, then the board, with a pause between moves (--delay);
        the seed is printed at the end to replay it. The strategy's RNG is seeded from the
        layout seed as in a benchmark, so the seed of a stored game (sweepkit replay prints
        it) plays that very game again.
        """
        choices = ", ".join(sorted(STRATEGIES))
        if strategy is None:
            fail(f"--strategy: name the player, one of {choices}")
        rules = rules_from_options(level_name, rows, cols, mines, rule)
        first_click = first_or_default(first, strategy, rules)
        pause = delay_seconds(delay)
        options = {} if radius is None else {"radius": radius}
        try:
            player = make_strategy(strategy, first=first_click, **options)
        except ValueError as exc:
            fail(str(exc))
        seed_value = random.SystemRandom().randrange(2**32) if seed is None else seed
        game = Game(rules, seed_value)
        show = printer(False, pause)
        print(f"{player.name} plays {describe(rules, level_name)}")  # the seed would tell
        try:
            play(game, player, lambda step: show(game, step.number),
                 rng=strategy_rng(seed_value))
        except StrategyError as exc:
            fail(str(exc))
        print(outcome(game))
        if game.status is Status.LOST:
            print(render(game.reveal_layout()))
        print(end_of_game_line(game))
        print(describe(rules, level_name, seed_value))

