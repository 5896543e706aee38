"""Big seeded positions for the scale benchmarks: first-click boards and the views of a game.

- :func:`first_click_view`: a rows×cols board with ``mines`` mines, the first click (opening
  rule: it opens a 0) in the centre; the view after it. 500×500 with 20,000 mines is the
  main case; sizes up to 1000×1000 and several densities make the growth visible.
- :func:`game_views`: the views of one seeded game played to the end by a player that
  makes every single-number deduction (Pedersen's single point, checking each number) and,
  when none is left, reveals a safe covered cell next to an open number, chosen with the
  hidden layout (so the game never ends early and the views look like a strong player's
  game: a long connected frontier, few certain cells left unopened). Every ``every``-th
  view is yielded, and the last one; by default the views do not show the deduced mines
  (the hard case: one component of thousands of boxes).

    python benchmarks/scale_positions.py --rows 200 --cols 200 --mines 8250 --save DIR
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from pathlib import Path

from sweepkit.boardfile import format_board
from sweepkit.game import Game
from sweepkit.moves import Action, Basis
from sweepkit.position import MINE, UNKNOWN, Position
from sweepkit.rules import Rules
from sweepkit.strategies.single_point import SinglePointStrategy

DENSITIES = {"low": 0.08, "beginner": 0.123, "expert": 0.206}
"""Mine densities of the scale benchmarks: sparse, beginner's (10/81) and expert's (99/480)."""


def mines_for(rows: int, cols: int, density: float) -> int:
    """The number of mines of a rows×cols board at ``density``."""
    return round(rows * cols * density)


def first_click_game(rows: int, cols: int, mines: int, seed: int) -> Game:
    """A seeded game after its first click, in the centre, under the opening rule."""
    game = Game(Rules(rows, cols, mines, "opening"), seed=seed)
    game.reveal(rows // 2, cols // 2)
    return game


def first_click_view(rows: int, cols: int, mines: int, seed: int = 1) -> Position:
    """The view after the first click of :func:`first_click_game`."""
    return first_click_game(rows, cols, mines, seed).view()


def _frontier_safe_cell(game: Game, view: Position, rng: random.Random) -> int | None:
    """A safe covered cell next to an open number (any safe covered cell if none is)."""
    layout = game.reveal_layout(cheat=True).cells
    cells = view.cells
    table = view.neighbour_table()
    covered_safe = [i for i, v in enumerate(cells) if v == UNKNOWN and layout[i] != MINE]
    if not covered_safe:
        return None
    near = [i for i in covered_safe if any(cells[j] >= 0 for j in table[i])]
    return rng.choice(near or covered_safe)


def game_views(rows: int, cols: int, mines: int, seed: int = 1, every: int = 1,
               flags: bool = False) -> Iterator[Position]:
    """Every ``every``-th view (and the last) of a seeded game played as the module doc says.

    The player flags the mines it deduces; the views show them only with ``flags``. Without
    (the default, as a player who only reveals sees the board), every deduced mine stays a
    covered cell inside the equations, and the frontier becomes one long component: the
    hard case for the analysis.
    """
    game = first_click_game(rows, cols, mines, seed)
    player = SinglePointStrategy(check_self=True)
    rng = random.Random(seed)
    view = game.view()
    player.start(view)
    turn = 0
    shown = False
    while not game.over:
        shown = turn % every == 0
        if shown:
            yield view if flags else game.view(flags=False)
        turn += 1
        certain = [d for d in player.decide(view, rng) if d.reason.basis is Basis.CERTAIN]
        if certain:
            for decision in certain:
                if not game.over:
                    game.play(decision.action, decision.reason)
        else:
            cell = _frontier_safe_cell(game, view, rng)
            if cell is None:
                break
            game.play(Action.reveal(cell))
        view = game.view()
    if not shown:
        yield view if flags else game.view(flags=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=200)
    parser.add_argument("--cols", type=int, default=200)
    parser.add_argument("--mines", type=int, default=8250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=50, help="save every N-th view")
    parser.add_argument("--first-only", action="store_true", help="only the first-click view")
    parser.add_argument("--flags", action="store_true", help="views show the deduced mines")
    parser.add_argument("--save", type=Path, required=True, help="folder for the .board files")
    args = parser.parse_args()
    args.save.mkdir(parents=True, exist_ok=True)
    name = f"{args.rows}x{args.cols}-{args.mines}-s{args.seed}"
    if args.first_only:
        views: Iterator[Position] = iter([first_click_view(args.rows, args.cols, args.mines,
                                                           args.seed)])
    else:
        views = game_views(args.rows, args.cols, args.mines, args.seed, args.every,
                           args.flags)
    for n, view in enumerate(views):
        path = args.save / f"{name}-{n:03d}.board"
        path.write_text(format_board(view))
        unknown = sum(1 for v in view.cells if v == UNKNOWN)
        print(f"{path}: {unknown} covered")


if __name__ == "__main__":
    main()
