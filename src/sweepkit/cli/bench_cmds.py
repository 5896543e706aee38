"""``sweepkit bench``: many seeded games of a strategy, summarised and stored.

Options are named as for ``sweepkit new``. Games go to the SQLite store as they finish
(:mod:`sweepkit.bench.store`, one writer: this process); Ctrl-C or SIGTERM (``kill PID``)
stops the run, keeps the games that finished, prints their summary and marks the run
``interrupted``.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from sweepkit.bench.result import GameResult, StrategySpec
from sweepkit.bench.runner import CONNECT_SECONDS, RunnerError, RunOutcome, RunSpec, run_games
from sweepkit.bench.stats import run_summary
from sweepkit.bench.store import Store, StoreError, default_path
from sweepkit.cli.common import fail
from sweepkit.cli.game_cmds import (
    LEVEL,
    RULE,
    STRATEGY,
    first_or_default,
    rules_from_options,
)
from sweepkit.cli.params import (
    INTEGER,
    NUMBER,
    Budget,
    Choice,
    Cols,
    Mines,
    Rows,
    Strength,
    strength_given,
)
from sweepkit.generate.no_guess import MAX_DENSITY
from sweepkit.rules import LEVELS
from sweepkit.strategies import DEPRECATED_OPTIONS, STRATEGIES, current_options

EXIT_INTERRUPTED = 130

DASK = Choice(["local"], "cluster", note="a remote one is --scheduler ADDRESS")
"""``--dask``: the one cluster named rather than addressed."""


def _spec(strategy: str, radius: int | None, level_name: str, rows: int | None,
          cols: int | None, mines: int | None, rule: str, first: str | None, games: int,
          seed: int | None, strength: str | None = None,
          extra: list[str] | None = None, no_guess: bool = False) -> RunSpec:
    """The run the options ask for; exit 2 with one line on anything wrong."""
    rules = rules_from_options(level_name, rows, cols, mines, rule)
    if no_guess and rules.mines / rules.size > MAX_DENSITY:
        fail(f"--no-guess: {rules.mines} mines on {rules.rows}x{rules.cols} is a density of "
             f"{rules.mines / rules.size:.3f}; no-guess boards are made up to {MAX_DENSITY}")
    if games < 1:
        fail(f"--games: expected a number of games of at least 1, got {games}")
    seed_value = random.SystemRandom().randrange(2**32) if seed is None else seed
    options: dict[str, Any] = {}
    if radius is not None:
        options["radius"] = radius
    # --strength X is --option strength=X
    options.update(parse_options(([] if strength is None else [f"strength={strength}"])
                                 + (extra or [])))
    options = current_names(strategy, options)
    preset = LEVELS.get(level_name) == (rules.rows, rules.cols, rules.mines)
    first_move = first_or_default(first, strategy, rules)
    try:
        return RunSpec(StrategySpec(strategy, options, first_move), rules,
                       games, seed_value, level_name if preset else "custom", no_guess)
    except ValueError as exc:
        fail(f"--strategy {strategy}: {exc}")


def parse_options(items: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` strategy options: integers, numbers, true/false and none as such, any
    other value as text; exit 2 on an item without ``=``."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            fail(f"--option: expected KEY=VALUE such as guess=pse, got {item!r}")
        value: Any = text
        lowered = text.lower()
        if lowered in ("true", "false"):
            value = lowered == "true"
        elif lowered == "none":
            value = None
        else:
            for kind in (int, float):
                try:
                    value = kind(text)
                    break
                except ValueError:
                    pass
        options[key.replace("-", "_")] = value
    return options


def current_names(strategy: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` under their current names (:func:`~sweepkit.strategies.current_options`),
    with a one-line notice on standard error for each deprecated name given."""
    for old, new in DEPRECATED_OPTIONS.get(strategy, {}).items():
        if old in options:
            print(f"note: --option {old} is the deprecated name of --option {new}",
                  file=sys.stderr)
    return current_options(strategy, options)


def _report(spec: RunSpec, outcome: RunOutcome, run_id: int | None) -> dict[str, Any]:
    doc = spec.as_dict()
    doc["run_id"] = run_id
    doc["status"] = outcome.status
    doc.update(run_summary(outcome.results, outcome.wall_seconds))
    doc["workers"] = outcome.workers
    return doc


def _print_text(doc: dict[str, Any]) -> None:
    lo, hi = doc["ci95"]
    first_zero = doc["first_zero_games"]
    lines = [
        f"run {doc['run_id']}: {doc['strategy']} {doc['options'] or ''} on {doc['level']} "
        f"{doc['rows']}x{doc['cols']}/{doc['mines']}, rule {doc['rule']}, first {doc['first']}, "
        f"seed {doc['seed']} ({doc['status']})",
        f"games {doc['games']}, wins {doc['wins']}, win rate {doc['win_rate']:.2%} "
        f"(95% CI {lo:.2%} to {hi:.2%})",
        f"first-zero games {first_zero}, of which won "
        f"{doc['first_zero_wins'] / first_zero if first_zero else 0:.2%}",
        f"speed {doc['games_per_second'] or 0:.1f} games/s, "
        f"{doc['games_per_cpu_second'] or 0:.1f} games per CPU-second",
        f"guesses per game {doc['guesses_per_game']:.2f} (first click included), per won game "
        f"{doc['guesses_per_won_game'] or 0:.2f}; wins without a guess "
        f"{doc['wins_without_guess']}",
        "loss causes: " + ", ".join(f"{k} {v}" for k, v in doc["loss_causes"].items()),
        "hardest technique needed by won games: "
        + (", ".join(f"{k} {v}" for k, v in doc["hardest_needed"].items()) or "none"),
    ]
    if doc["certain_move_losses"]:
        lines.append(f"WARNING: {doc['certain_move_losses']} game(s) lost on a move the "
                     "strategy called certain")
    if doc["calibration"]:
        lines.append("calibration (estimated mine probability vs observed):")
        for row in doc["calibration"]:
            lo, hi = row["ci95"]
            lines.append(f"  {row['estimate']:.2f}  trials {row['trials']:>7}  observed "
                         f"{row['observed']:.3f}  ({lo:.3f} to {hi:.3f})")
    print("\n".join(lines))


def register(app: typer.Typer) -> None:
    """Add ``bench`` to ``app``."""

    @app.command("bench")
    def bench_cmd(
        strategy: str | None = typer.Option(None, "--strategy", click_type=STRATEGY,
                                            help="The strategy that plays."),
        radius: int | None = typer.Option(None, "--radius", click_type=INTEGER,
                                          help="Search radius (limited-search)."),
        level_name: str | None = typer.Option(None, "--level", click_type=LEVEL,
                                              help="Preset level (default expert)."),
        rows: Rows = None,
        cols: Cols = None,
        mines: Mines = None,
        rule: str | None = typer.Option(None, "--rule", click_type=RULE,
                                        help="First-click rule (default safe)."),
        first: str | None = typer.Option(None, "--first", help="First click: corner, centre, "
                                         "R,C (default corner; for best, the rule's measured "
                                         "best)."),
        strength: Strength = None,
        budget: Budget = None,
        option: Annotated[list[str] | None, typer.Option(
            "--option", help="A strategy option KEY=VALUE (repeatable), e.g. guess=pse.")
        ] = None,
        games: int | None = typer.Option(None, "--games", click_type=INTEGER,
                                         help="Number of games."),
        seed: int | None = typer.Option(None, "--seed", click_type=INTEGER,
                                        help="Seed of the run (random if absent)."),
        workers: int | None = typer.Option(None, "--workers", click_type=INTEGER,
                                           help="Worker processes (default: all cores; 1 = "
                                           "in this process)."),
        scheduler: str | None = typer.Option(None, "--scheduler", help="Dask scheduler "
                                             "address, e.g. tcp://10.0.0.5:8786."),
        dask: str | None = typer.Option(None, "--dask", click_type=DASK,
                                        help="A Dask LocalCluster here."),
        connect: float | None = typer.Option(None, "--connect-timeout", click_type=NUMBER,
                                             help="Seconds to wait for the --scheduler to "
                                             f"answer (default {CONNECT_SECONDS:g})."),
        no_guess: bool = typer.Option(False, "--no-guess", help="Play boards that need no "
                                      "guess (made from each game's seed)."),
        db: str | None = typer.Option(None, "--db", help="SQLite file (default: the user "
                                      "data dir)."),
        as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
        resume: int | None = typer.Option(None, "--resume", click_type=INTEGER,
                                          help="Play the missing games of an interrupted or "
                                          "failed run (its id, see 'sweepkit runs')."),
    ) -> None:
        """Play many seeded games of a strategy; print and store the results.

        Game i's layout depends only on (seed, i): the results are the same for any
        number of workers, here or on a Dask cluster. --resume ID plays the games an
        interrupted run is missing, with the run's own strategy, rules and seed.
        """
        given = {"--strategy": strategy, "--radius": radius, "--level": level_name,
                 "--rows": rows, "--cols": cols, "--mines": mines, "--rule": rule,
                 "--first": first, "--games": games, "--seed": seed,
                 "--strength": strength, "--budget": budget,
                 "--option": option or None, "--no-guess": no_guess or None}
        if resume is not None:
            clash = [name for name, value in given.items() if value is not None]
            if clash:
                fail(f"--resume plays the run as it was stored: leave out {', '.join(clash)}")
        else:
            if strategy is None:
                fail("--strategy: missing (expected one of "
                     f"{', '.join(sorted(STRATEGIES))})")
            if games is None:
                fail("--games: missing (the number of games to play)")
            spec = _spec(strategy, radius, level_name or "expert", rows, cols, mines,
                         rule or "safe", first, games, seed, strength_given(strength, budget),
                         option, no_guess)
        if workers is not None and workers < 1:
            fail(f"--workers: expected at least 1, got {workers}")
        if dask is not None and scheduler is not None:
            fail("--dask local and --scheduler are alternatives: give one")
        where = scheduler if scheduler is not None else dask
        if where is not None and where != "local" and "://" not in where:
            fail(f"--scheduler: expected an address such as tcp://HOST:8786, got {where!r}")
        if connect is not None and scheduler is None:
            fail("--connect-timeout: it is how long to wait for a --scheduler; give one")
        if connect is not None and not connect > 0:
            fail(f"--connect-timeout: expected a number of seconds above 0, got {connect:g}")
        wait = CONNECT_SECONDS if connect is None else connect
        try:
            with Store(db or default_path(), create=resume is None) as store:
                if resume is not None:
                    spec, run_id, stored = _resumed(store, resume)
                else:
                    run_id, stored = store.begin_run(spec.as_dict()), set()
                _run(spec, store, run_id, stored, workers, where, wait, as_json)
        except StoreError as exc:
            fail(str(exc))


def _resumed(store: Store, run_id: int) -> tuple[RunSpec, int, set[int]]:
    """The spec of a stored run, reopened, and the indices of its games already stored."""
    row = store.run(run_id)
    try:
        spec = RunSpec(row.strategy_spec, row.rules, row.games, row.seed,
                       row.level or "custom", row.no_guess)
    except ValueError as exc:
        raise StoreError(f"run {run_id} cannot be resumed: {exc}") from None
    store.reopen_run(run_id)
    return spec, run_id, store.game_indices(run_id)


def _run(spec: RunSpec, store: Store, run_id: int, stored: set[int], workers: int | None,
         where: str | None, wait: float, as_json: bool) -> None:
    err = Console(stderr=True)
    wins = done = 0
    show = not as_json and err.is_terminal
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), TextColumn("{task.fields[rate]}"),
                        TimeElapsedColumn(), console=err, disable=not show, transient=True)
    task = progress.add_task(f"{spec.strategy.name} run {run_id}", total=spec.games,
                             completed=len(stored), rate="")

    def on_results(batch: list[GameResult]) -> None:
        nonlocal wins, done
        store.add_games(run_id, batch)
        wins += sum(r.won for r in batch)
        done += len(batch)
        elapsed = progress.tasks[0].elapsed or 0
        speed = f"{done / elapsed:.0f} games/s, " if elapsed else ""
        progress.update(task, advance=len(batch), rate=f"{speed}win {wins / done:.1%}")

    try:
        with progress:
            outcome = run_games(spec, workers=workers, scheduler=where, on_results=on_results,
                                skip=stored, connect_seconds=wait)
    except RunnerError as exc:
        store.finish_run(run_id, "failed", {"error": str(exc)})
        fail(str(exc))
    played = len(outcome.results)
    if stored:  # a resumed run: the summary covers every stored game
        outcome.results = store.game_results(run_id, with_record=False)
    doc = _report(spec, outcome, run_id)
    if stored:
        doc["games_per_second"] = played / outcome.wall_seconds if outcome.wall_seconds else None
        doc["resumed_with"] = len(stored)
    store.finish_run(run_id, outcome.status, {k: v for k, v in doc.items()
                                               if k not in spec.as_dict()})
    if as_json:
        print(json.dumps(doc))
    else:
        _print_text(doc)
    if outcome.status == "interrupted":
        print(f"interrupted: {len(outcome.results)} of {spec.games} games kept in run {run_id} "
              f"(resume it: sweepkit bench --resume {run_id})", file=sys.stderr)
        raise typer.Exit(EXIT_INTERRUPTED)
    if outcome.status == "failed":
        fail(f"run {run_id} failed after {len(outcome.results)} games: {outcome.error}", 1)
