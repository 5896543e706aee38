"""Benchmark of the exact analysis: mid-game expert positions, huge counts, per-move cost.

Run: ``python benchmarks/bench_analysis.py [--games N] [--seed S]``. Prints tables of
medians, 95th percentiles and ratios to a baseline measured in the same process.

(a) The positions come from :mod:`expert_positions` (seeded expert games played by the
engine with certain moves only): cold = the first-forced-guess position of each game
with the component cache cleared; in-game = every step of those games in order with
the cache kept. ``time_positions(positions)`` is the general harness. Extra rows use
the older stand-ins: games played on past the guesses (``played_game``) and random
40%-revealed boards (``expert_midgame``).

(d) The fallback after the search's node limit: on the components of random 30–60%-revealed
expert boards that a ``component.SEARCH_NODE_LIMIT`` search does not settle, the box DP
straight away against a ``component.WIDE_SEARCH_NODE_LIMIT`` search first (then the DP if
that gives up).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from math import comb

from expert_positions import expert_games
from sweepkit.analysis.board.board_count import count_layouts
from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.count.box_dp import dp_component
from sweepkit.analysis.count.box_search import SearchLimitExceeded, search_component
from sweepkit.analysis.count.component import (
    SEARCH_NODE_LIMIT,
    WIDE_SEARCH_NODE_LIMIT,
    count_component,
    solve_component,
)
from sweepkit.analysis.count.split import split_certain
from sweepkit.analysis.dead_cells.dead import dead_cells
from sweepkit.constraints import Component, build_system
from sweepkit.position import UNKNOWN, Position


def random_layout(rng: random.Random, rows: int = 16, cols: int = 30, mines: int = 99
                  ) -> tuple[Position, frozenset[int]]:
    """A hidden layout and its full board (numbers everywhere, ``*`` on mines)."""
    mine_cells = frozenset(rng.sample(range(rows * cols), mines))
    full = Position.unknown(rows, cols, mines).layout(mine_cells)
    return full, mine_cells


def reveal(view: list[int], full: Position, start: int) -> None:
    """Reveal ``start`` in ``view`` with flood fill from zeros (stand-in for the game)."""
    stack = [start]
    while stack:
        i = stack.pop()
        if view[i] != UNKNOWN:
            continue
        view[i] = full.cells[i]
        if view[i] == 0:
            stack.extend(j for j in full.neighbours(i) if view[j] == UNKNOWN)


def expert_midgame(rng: random.Random, fraction: float = 0.4) -> Position:
    """A mid-game expert position: ~``fraction`` of the safe cells revealed, plus flood fill."""
    full, mine_cells = random_layout(rng)
    view = [UNKNOWN] * full.size
    safe = [i for i in range(full.size) if i not in mine_cells]
    for i in rng.sample(safe, int(fraction * len(safe))):
        reveal(view, full, i)
    return Position(full.shape, tuple(view), full.mines)


def game_sequence(rng: random.Random, moves: int = 60) -> list[Position]:
    """Successive views of one game where safe cells are revealed one by one."""
    full, mine_cells = random_layout(rng)
    view = [UNKNOWN] * full.size
    order = [i for i in range(full.size) if i not in mine_cells]
    rng.shuffle(order)
    views = []
    for i in order:
        if view[i] != UNKNOWN:
            continue
        reveal(view, full, i)
        views.append(Position(full.shape, tuple(view), full.mines))
        if len(views) == moves:
            break
    return views


def played_game(rng: random.Random, max_moves: int = 400) -> list[Position]:
    """Views met along one game played by the analysis itself (a stand-in for the engine):
    first click safe, then a certainly-safe cell when there is one, else the least likely
    mine; stops at a loss, a win or ``max_moves``."""
    full, mine_cells = random_layout(rng)
    view = [UNKNOWN] * full.size
    first = rng.choice([i for i in range(full.size) if i not in mine_cells])
    reveal(view, full, first)
    views = []
    for _ in range(max_moves):
        position = Position(full.shape, tuple(view), full.mines)
        views.append(position)
        analysis = analyse(position)
        safe = analysis.safe_cells()
        if safe:
            cell = safe[0]
        else:
            probs = analysis.probabilities()
            if not probs:
                break
            cell = min(probs, key=probs.__getitem__)
        if cell in mine_cells:
            break
        reveal(view, full, cell)
        if view.count(UNKNOWN) == len(mine_cells):
            break
    return views


def timed(fn: Callable[[], object], repeat: int = 1) -> float:
    """Best of ``repeat`` wall-clock runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def summary(samples: Sequence[float]) -> tuple[float, float]:
    """(median, p95) of a list of timings."""
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95


def time_positions(positions: Sequence[Position], cold: bool = True, repeat: int = 3
                   ) -> list[float]:
    """Milliseconds to analyse each position (probabilities of every cell, exact).

    ``cold`` clears the per-component cache before each run (every component solved from
    scratch); otherwise the cache is left as it is (the in-game situation).
    """
    samples = []
    for position in positions:
        def run(position: Position = position) -> None:
            if cold:
                solve_component.cache_clear()
            analyse(position).probabilities()
        samples.append(timed(run, repeat))
    return samples


def cell_level_baseline(position: Position) -> int:
    """Baseline: the same counter with every cell its own box (no box grouping)."""
    system = build_system(position)
    total = 1
    for comp in system.components:
        sizes, rows, boxes = [], [], []
        index = {}
        for b, box in enumerate(comp.boxes):
            for c in box:
                index[(b, c)] = len(sizes)
                sizes.append(1)
                boxes.append((c,))
        for bs, need in comp.rows:
            rows.append((tuple(index[(b, c)] for b in bs for c in comp.boxes[b]), need))
        flat = Component(tuple(sizes), tuple(rows), tuple(boxes), comp.numbers)
        total *= count_component(flat).total  # uncached: the baseline is timed on its own
    return total


def print_table(title: str, rows: list[tuple[str, Sequence[float]]], baseline: int = 0) -> None:
    print(f"\n{title}")
    print(f"{'case':44s} {'n':>5s} {'median ms':>10s} {'p95 ms':>10s} {'ratio':>7s}")
    base_median = summary(rows[baseline][1])[0]
    for name, samples in rows:
        median, p95 = summary(samples)
        print(f"{name:44s} {len(samples):5d} {median:10.3f} {p95:10.3f} "
              f"{median / base_median:7.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="expert games (a)")
    parser.add_argument("--standins", type=int, default=4,
                        help="stand-in games played on past guesses (a1)")
    parser.add_argument("--positions", type=int, default=60, help="40%%-revealed positions")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--hard-boards", type=int, default=40,
                        help="random boards per revealed fraction searched for (d)")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    games = [played.steps for played in expert_games(args.games)]
    first_guess = [steps[-1] for steps in games]
    steps = [view for views in games for view in views]
    print(f"(a) {len(games)} seeded expert games (16x30/99, benchmarks/expert_positions.py) "
          f"played by certain moves up to the first forced guess: {len(steps)} steps")
    cold = time_positions(first_guess, cold=True)
    per_step_cold = time_positions(steps, cold=True, repeat=1)
    in_game = []
    for views in games:
        solve_component.cache_clear()
        in_game += time_positions(views, cold=False, repeat=1)
    build = [timed(lambda p=p: build_system(p), 3) for p in first_guess]
    dead = [timed(lambda p=p: dead_cells(p, analysis=analyse(p)), 1) for p in first_guess]
    print_table("analyse = exact probability of every unknown cell (ratio to the first row)", [
        ("first-guess positions, cold cache", cold),
        ("every step, cold cache", per_step_cold),
        ("every step in game order, cache kept (in-game)", in_game),
        ("build_system only, first-guess positions", build),
        ("analyse + dead cells, first-guess positions", dead),
    ])

    standins = [played_game(rng) for _ in range(args.standins)]
    played = [view for views in standins for view in views]
    print(f"\n(a1) {len(played)} positions met in {len(standins)} stand-in games played on "
          "past guesses (first click safe, safe cell else least likely mine)")
    played_cold = time_positions(played, cold=True, repeat=1)
    played_game_order = []
    for views in standins:
        solve_component.cache_clear()
        played_game_order += time_positions(views, cold=False, repeat=1)
    baseline = [timed(lambda p=p: cell_level_baseline(p), 1) for p in played[::10]]
    print_table("analyse on those (ratio to cold)", [
        ("analyse, cold cache", played_cold),
        ("analyse in game order, cache kept", played_game_order),
        ("baseline: cell-level count, no boxes (every 10th)", baseline),
    ])

    dense = [expert_midgame(rng) for _ in range(args.positions)]
    frontier = [sum(len(c.cells) for c in build_system(p).components) for p in dense]
    print(f"\n(a2) {len(dense)} dense mid-game positions: 16x30/99 with ~40% of the safe cells "
          f"revealed at random + flood fill; frontier cells median "
          f"{statistics.median(frontier)}, max {max(frontier)}")
    dense_cold = time_positions(dense, cold=True, repeat=1)
    time_positions(dense, cold=False, repeat=1)  # fill the cache
    print_table("analyse on those (ratio to cold)", [
        ("analyse, cold cache", dense_cold),
        ("analyse, warm cache", time_positions(dense, cold=False, repeat=1)),
    ])

    gadgets = Position.from_rows(["-1-" * 60, "???" * 60])
    cases = [
        ("60 gadgets '-1-/???': 3^60 ~ 4e28", gadgets, 3**60),
        ("60 gadgets with 60 mines: 3^60", gadgets.with_mines(60), 3**60),
        ("expert, all unknown: C(480, 99) ~ 1e103", Position.unknown(16, 30, 99),
         comb(480, 99)),
        ("100x100 all unknown, 2000 mines: C(1e4, 2000)", Position.unknown(100, 100, 2000),
         comb(10_000, 2000)),
    ]
    rows = []
    for name, position, expected in cases:
        assert count_layouts(position) == expected
        rows.append((name, [timed(lambda p=position: (solve_component.cache_clear(),
                                                      count_layouts(p)), 5)]))
    print_table("(c) exact counts >= 1e20, checked against the closed formula (ratio to "
                "the first)", rows)

    hard = unsettled_components(rng, args.hard_boards)
    straight = [timed(lambda c=c: dp_component(c)) for c in hard]
    longer = [timed(lambda c=c: search_then_dp(c)) for c in hard]
    print(f"\n(d) {len(hard)} components of {4 * args.hard_boards} random expert boards "
          f"(30-60% revealed) that a {SEARCH_NODE_LIMIT}-node search does not settle; "
          f"total ms: DP straight away {sum(straight):.0f}, {WIDE_SEARCH_NODE_LIMIT}-node "
          f"search first {sum(longer):.0f}")
    print_table("after the first search gives up (ratio to the first row)", [
        ("box DP straight away (what solve_component does)", straight),
        (f"search with {WIDE_SEARCH_NODE_LIMIT} nodes, then the DP", longer),
    ])


def unsettled_components(rng: random.Random, boards: int) -> list[Component]:
    """The components (after certain boxes are split off) of random expert boards that the
    first search does not settle."""
    found = []
    for fraction in (0.3, 0.4, 0.5, 0.6):
        for _ in range(boards):
            for comp in build_system(expert_midgame(rng, fraction)).components:
                split = split_certain(comp)
                for part in [comp] if split is None else [p for p, _ in split[1]]:
                    if len(part.rows) < 2:
                        continue
                    try:
                        search_component(part, node_limit=SEARCH_NODE_LIMIT)
                    except SearchLimitExceeded:
                        found.append(part)
    return found


def search_then_dp(component: Component) -> object:
    """The old fallback: a long search, then the box DP if that gives up too."""
    try:
        return search_component(component, node_limit=WIDE_SEARCH_NODE_LIMIT)
    except SearchLimitExceeded:
        return dp_component(component)


if __name__ == "__main__":
    main()
