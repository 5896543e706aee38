"""``sweepkit rollout``: which of a few moves wins most often, measured by playing the games.

Reads a ``.board`` file (or ``-``) with a mine count. Each move is played on the same
layouts drawn uniformly from those the position allows, then a strategy plays the game to
its end (:mod:`sweepkit.bench.rollout`). Without ``--move`` the moves are the ``best``
strategy's guess and its runners-up (``--top``). Bad input prints one line and exits 2.
"""

from __future__ import annotations

import json
import random
from typing import Annotated, Any

import typer

from sweepkit.cli.bench_cmds import EXIT_INTERRUPTED, current_names, parse_options
from sweepkit.cli.common import fail, load_position, need_two_dimensions
from sweepkit.cli.game_cmds import CELL, STRATEGY
from sweepkit.cli.params import FILE, INTEGER, Budget, Strength, strength_given
from sweepkit.position import Position


def _moves(position: Position, texts: list[str], top: int, strength: str) -> list[int]:
    """The flat indices of the ``--move`` cells, or the hint's move and runners-up."""
    if texts:
        moves = []
        for text in texts:
            if CELL.fullmatch(text) is None or text.count(",") != 1:
                fail(f"--move: expected ROW,COL such as 0,2, got {text!r}")
            coord = tuple(map(int, text.split(",")))
            try:
                cell = position.index(*coord)
            except IndexError as exc:
                fail(f"--move {text}: {exc}")
            if cell in moves:
                fail(f"--move {text}: given twice")
            moves.append(cell)
        return moves
    from sweepkit.strategies.hint import hint

    try:
        found = hint(position, strength=strength, alternatives=top - 1)
    except ValueError as exc:
        fail(str(exc))
    if found.certain:
        r, c = position.coord(found.cell)
        fail(f"({r}, {c}) is certainly safe: no guess to compare; name the moves with "
             f"--move ROW,COL")
    return [found.cell, *(alt.cells[0] for alt in found.alternatives)]


def register(app: typer.Typer) -> None:
    """Add ``rollout`` to ``app``."""

    @app.command("rollout")
    def rollout_cmd(
        file: str = typer.Argument(..., click_type=FILE, help="A .board file with a mine "
                                   "count, or - for standard input."),
        move: Annotated[list[str] | None, typer.Option(
            "--move", help="A move ROW,COL to roll out (repeatable; default: the best "
            "strategy's guess and its runners-up).")] = None,
        top: int = typer.Option(4, "--top", click_type=INTEGER, help="Without --move: how "
                                "many of the best strategy's guesses to roll out."),
        strategy: str = typer.Option("best", "--strategy", click_type=STRATEGY,
                                     help="The strategy that plays on after each move."),
        strength: Strength = None,
        budget: Budget = None,
        option: Annotated[list[str] | None, typer.Option(
            "--option", help="A strategy option KEY=VALUE (repeatable).")] = None,
        games: int = typer.Option(200, "--games", click_type=INTEGER,
                                  help="Layouts to play each move on."),
        seed: int | None = typer.Option(None, "--seed", click_type=INTEGER,
                                        help="Seed of the layouts (random if absent)."),
        workers: int = typer.Option(1, "--workers", click_type=INTEGER,
                                    help="Worker processes."),
        mines: int | None = typer.Option(None, "--mines", click_type=INTEGER,
                                         help="Total number of mines (overrides the file's "
                                         "'mines:' header)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    ) -> None:
        """Compare moves by playing each on the same layouts, then letting a strategy play on.

        The layouts are drawn from the position; each move's win rate is printed with its
        difference to the first move, game by game.

        --json prints {"games", "seed", "strategy", "options", "cpu_seconds", "moves":
        [{"move": [row, col], "wins", "rate", "ci95", "vs_first": [diff, low, high]}]}.
        """
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        from sweepkit.bench.result import StrategySpec
        from sweepkit.bench.rollout import RolloutError, rollout
        from sweepkit.strategies.best.options import DEFAULT_STRENGTH, preset

        position = load_position(file, mines)
        need_two_dimensions(position, "rollout")
        if position.mines is None:
            fail("rollouts need the mine count: add a 'mines: N' header or pass --mines N")
        if games < 1:
            fail(f"--games: expected at least 1, got {games}")
        if top < 1:
            fail(f"--top: expected at least 1, got {top}")
        if workers < 1:
            fail(f"--workers: expected at least 1, got {workers}")
        seed_value = random.SystemRandom().randrange(2**32) if seed is None else seed
        strength = strength_given(strength, budget)
        options: dict[str, Any] = parse_options(
            ([] if strength is None else [f"strength={strength}"]) + (option or []))
        options = current_names(strategy, options)
        if "first" in options:
            fail("--option first: a rollout starts from the position, past the first click")
        try:
            preset(strength or DEFAULT_STRENGTH)
            spec = StrategySpec(strategy, options)
            spec.build()
        except (TypeError, ValueError) as exc:
            fail(f"--strategy {strategy}: {exc}")
        moves = _moves(position, move or [], top, strength or DEFAULT_STRENGTH)
        err = Console(stderr=True)
        progress = Progress(TextColumn("[bold]rollouts"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=err, transient=True,
                            disable=as_json or not err.is_terminal)
        task = progress.add_task("rollouts", total=games)
        try:
            with progress:
                result = rollout(position, moves, spec, games, seed_value,
                                 workers=workers,
                                 progress=lambda done: progress.update(task, completed=done))
        except RolloutError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            fail("interrupted: no result (the layouts played are not kept)", EXIT_INTERRUPTED)
        first = result.moves[0]
        rows = []
        for m in result.moves:
            lo, hi = m.interval()
            rows.append({"move": list(position.coord(m.cell)), "wins": m.wins,
                         "rate": m.rate, "ci95": [lo, hi],
                         "vs_first": None if m is first else list(m.against(first))})
        if as_json:
            print(json.dumps({"games": games, "seed": seed_value, "strategy": strategy,
                              "options": options, "cpu_seconds": result.cpu_seconds,
                              "moves": rows}))
            return
        print(f"{games} layouts (seed {seed_value}), then {strategy} "
              f"{' '.join(f'{k}={v}' for k, v in options.items())}".rstrip()
              + f"; {result.cpu_seconds:.1f} CPU-s")
        for row in rows:
            lo, hi = row["ci95"]
            line = (f"  ({row['move'][0]}, {row['move'][1]}): wins {row['wins']} "
                    f"{row['rate']:.1%} [{lo:.1%}, {hi:.1%}]")
            if row["vs_first"] is not None:
                d, dlo, dhi = row["vs_first"]
                line += f"; vs the first {100 * d:+.1f} [{100 * dlo:+.1f}, {100 * dhi:+.1f}] points"
            print(line)
