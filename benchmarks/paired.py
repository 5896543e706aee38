"""Two stored runs of the same games compared game by game: the paired difference in win rate.

    python benchmarks/paired.py BASE_RUN OTHER_RUN [--db PATH] [--games FIRST:END]

Two ``sweepkit bench`` runs with the same seed, board, first-click rule and first click
play the same layouts game by game (game i depends only on the seed and i), so their
difference is measured on each game: the games both win or both lose drop out, and the
interval (:func:`sweepkit.bench.stats.paired_difference`) is far narrower than the two
runs' own. This is how every paired row of ``docs/results.md`` is computed, for example::

    sweepkit bench --strategy best --level expert --games 100000 --seed 3555
    sweepkit bench --strategy best --level expert --games 100000 --seed 3555 \\
        --option endgame_states=1000 --option partial=false
    python benchmarks/paired.py 2 1

The runs are read from ``--db`` (default: the database ``sweepkit bench`` writes to,
``$SWEEPKIT_DB`` or ``sweepkit.db`` in the user data directory). Only the games both runs
hold are compared (a stopped run's games too), or those of ``--games FIRST:END``. Prints
the games compared, each run's win rate, the difference OTHER − BASE in points with its
95% interval, and the games won only by each.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from sweepkit.bench.stats import paired_difference
from sweepkit.bench.store import RunRow, Store, StoreError, default_path


def same_games(base: RunRow, other: RunRow) -> str | None:
    """Why two runs do not play the same games (``None`` when they do)."""
    for field in ("seed", "rows", "cols", "mines", "rule", "first", "no_guess"):
        a, b = getattr(base, field), getattr(other, field)
        if a != b:
            return f"the runs differ in {field}: {a} and {b}"
    return None


def compare(base: dict[int, bool], other: dict[int, bool],
            games: range | None = None) -> dict[str, float | int]:
    """The paired comparison of two runs' wins by game index, over the indices both hold
    (within ``games`` when given).

    >>> r = compare({0: True, 1: False, 2: False, 3: True}, {0: True, 1: True, 2: False})
    >>> r["games"], r["only_other"], r["only_base"], round(r["difference"], 4)
    (3, 1, 0, 0.3333)
    """
    shared = sorted(set(base) & set(other))
    if games is not None:
        shared = [i for i in shared if i in games]
    if not shared:
        raise ValueError("the runs have no game in common")
    a = [base[i] for i in shared]
    b = [other[i] for i in shared]
    difference, low, high = paired_difference(a, b)
    return {"games": len(shared), "base": sum(a) / len(a), "other": sum(b) / len(b),
            "difference": difference, "low": low, "high": high,
            "only_other": sum(y and not x for x, y in zip(a, b, strict=True)),
            "only_base": sum(x and not y for x, y in zip(a, b, strict=True))}


def parse_range(text: str | None) -> range | None:
    """``FIRST:END`` as a range of game indices (END excluded)."""
    if text is None:
        return None
    first, _, end = text.partition(":")
    return range(int(first), int(end))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=int, help="the run compared against")
    parser.add_argument("other", type=int, help="the run whose difference is printed")
    parser.add_argument("--db", default=None, help="the database of the runs")
    parser.add_argument("--games", default=None, metavar="FIRST:END",
                        help="only games FIRST to END - 1")
    args = parser.parse_args(argv)
    try:
        with Store(args.db or default_path(), create=False) as store:
            runs = [store.run(args.base), store.run(args.other)]
            wins = [{g.index: g.won for g in store.game_results(run.id, with_record=False)}
                    for run in runs]
    except StoreError as exc:
        raise SystemExit(str(exc)) from None
    why = same_games(*runs)
    if why is not None:
        raise SystemExit(f"not the same games: {why}")
    try:
        r = compare(*wins, parse_range(args.games))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    print(f"| games | run {args.base} | run {args.other} | {args.other} − {args.base}, points "
          f"[95% CI] | won only by {args.other} / only by {args.base} |")
    print("|---:|---|---|---|---|")
    print(f"| {r['games']:,} | {100 * r['base']:.2f}% | {100 * r['other']:.2f}% | "
          f"{100 * r['difference']:+.2f} [{100 * r['low']:+.2f}, {100 * r['high']:+.2f}] | "
          f"{r['only_other']:,} / {r['only_base']:,} |")


if __name__ == "__main__":
    main()
