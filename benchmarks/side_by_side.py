"""Another solver's guesses inside ``best``'s games: where the two differ, and what it is worth.

    python benchmarks/side_by_side.py --peer "COMMAND" [--rule safe] [--seed 3555]
                                      [--games 2000] [--start 0] [--out side.jsonl]
                                      [--every]

Plays games ``--start`` to ``--start + --games − 1`` of ``best --strength normal`` at expert
(the layouts and strategy RNG of ``sweepkit bench --seed S``) twice: as it plays, and with
the peer's cell at every guess its two-step ranking chose (not the exact endgame, the
opening book or a forced guess); with ``--every``, at every guess whatever chose it, so
that the peer plays the whole game on ``best``'s layouts but for the certain moves (the
same cells: both players find every certain move). The peer is any program started by
``--peer`` that reads positions on its standard input and answers each with one line:

- request: ``W H M`` (columns, rows, mines), then H rows of W characters, the cells of the
  ``.board`` format (:func:`sweepkit.position.cell_token`): ``?`` covered, ``0``-``8`` a
  revealed number, ``*`` a cell known to be a mine;
- answer: ``MOVE row col ...`` (0-based, row 0 at the top; anything after is kept as the
  peer's words), or ``NONE ...`` when it has no move (``best``'s cell is played then).

The peer's code stays outside this repository (David N. Hill's Java solver is run through
a small server of this protocol built outside it). Each game is counted
by its first disagreement (from there on the two games part): same risk or not, and how
many cells were covered. Prints the paired difference in win rate, split by what the first
click showed, and per kind of first disagreement, and per step of ``best`` where it came
(two-step, opening book, exact endgame, forced guess...), what the peer's cells add to the
whole run. ``--out`` keeps one JSON line a game, read back on a rerun (a stopped run resumes).
"""

from __future__ import annotations

import argparse
import json
import random
import shlex
import subprocess
from collections import Counter
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from sweepkit.analysis.board.probability import Analysis
from sweepkit.bench.result import StrategySpec, game_seed, no_clock, play_game, strategy_rng
from sweepkit.bench.stats import paired_difference
from sweepkit.game import Game, Status
from sweepkit.moves import Action, Decision, Reason
from sweepkit.play import play
from sweepkit.position import UNKNOWN, Position, cell_token
from sweepkit.rules import level
from sweepkit.strategies import default_first
from sweepkit.strategies.best import BestStrategy, Considered


class Peer:
    """The peer program, started once and asked position by position."""

    def __init__(self, command: str) -> None:
        self.process = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                        text=True, bufsize=1)

    def move(self, view: Position, mines: int) -> tuple[tuple[int, int] | None, str]:
        """The peer's cell for ``view`` (None when it gives none) and its words."""
        rows, cols = view.shape
        text = "".join(cell_token(v) for v in view.cells)
        lines = [f"{cols} {rows} {mines}"] + [text[r * cols:(r + 1) * cols] for r in range(rows)]
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write("\n".join(lines) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        if len(answer) < 3 or answer[0] != "MOVE":
            return None, " ".join(answer)
        return (int(answer[1]), int(answer[2])), " ".join(answer[3:])

    def close(self) -> None:
        self.process.kill()


class PeerGuesses(BestStrategy):
    """``best`` with the peer's cell at its two-step guesses; ``first`` keeps the game's first
    disagreement (``None`` while they agree)."""

    def __init__(self, peer: Peer, mines: int, every: bool = False, **options: Any) -> None:
        super().__init__(**options)
        self.peer, self.mines, self.every = peer, mines, every
        self.first_disagreement: dict[str, Any] | None = None

    def consider(self, analysis: Analysis, rng: random.Random,
                 alternatives: bool = False) -> Considered:
        got = super().consider(analysis, rng, alternatives)
        if alternatives or (got.step != self.options.guess and not self.every):
            return got
        view = analysis.position
        where, words = self.peer.move(view, self.mines)
        if where is None:
            return got
        probabilities = analysis.probabilities()
        cell, ours = view.index(*where), got.decision.action.cell
        if cell == ours or view.cells[cell] != UNKNOWN or probabilities.get(cell, 1.0) >= 1:
            return got
        if self.first_disagreement is None:
            self.first_disagreement = {
                "covered": view.cells.count(UNKNOWN), "best": view.coord(ours),
                "peer": where, "p_best": probabilities[ours], "p_peer": probabilities[cell],
                "peer_words": words, "step": got.step}
        return Considered(Decision(Action.reveal(cell),
                                   Reason.guessed(probabilities[cell], "the peer's cell")),
                          got.step, got.ranked)


def kind(first: dict[str, Any] | None) -> str:
    """The kind of a game's first disagreement (the table's rows)."""
    if first is None:
        return "none"
    gap = first["p_peer"] - first["p_best"]
    risk = ("same risk" if abs(gap) < 1e-9 else "peer's cell safer" if gap < 0
            else "peer's cell riskier")
    covered = first["covered"]
    phase = ("more than 400 covered" if covered > 400 else "101-400 covered" if covered > 100
             else "100 or fewer covered")
    return f"{risk}, {phase}" if risk == "same risk" else risk


def step_of(game: dict[str, Any]) -> str:
    """The rule of ``best`` whose move the peer first disagreed with, and what the first
    click showed (the third table's rows: with ``--every``, which steps the games part at)."""
    first = game["first"]
    shown = "0" if game["first_zero"] else "a number"
    return f"{first['step'] if first else 'none'}, first click {shown}"


def play_both(peer: Peer, rule: str, seed: int, index: int, every: bool = False
              ) -> dict[str, Any]:
    """Game ``index`` of seed ``seed`` as ``best`` plays it and with the peer's guesses
    (all of them with ``every``)."""
    rules = level("expert", rule)
    first = default_first("best", rules.rows, rules.cols, rule)
    own = play_game(rules, StrategySpec("best", {"strength": "normal"}, first), seed, index)
    player = PeerGuesses(peer, rules.mines, every, first=first, strength="normal")
    layout_seed = game_seed(seed, index)
    game = Game(rules, layout_seed, clock=no_clock)
    play(game, player, rng=strategy_rng(layout_seed))
    return {"i": index, "best": own.won, "peer": game.status is Status.WON,
            "first_zero": own.first_zero, "first": player.first_disagreement}


def report(games: Sequence[dict[str, Any]]) -> None:
    """The paired differences, by first click, by kind of first disagreement and by the
    step of ``best`` it was at."""
    def line(label: str, count: int, base: Sequence[bool], other: Sequence[bool]) -> None:
        d, lo, hi = paired_difference(base, other)
        only_peer = sum(1 for b, o in zip(base, other, strict=True) if o and not b)
        only_best = sum(1 for b, o in zip(base, other, strict=True) if b and not o)
        print(f"| {label} | {count:,} | {only_peer} / {only_best} | "
              f"{100 * d:+.2f} [{100 * lo:+.2f}, {100 * hi:+.2f}] |")

    n = len(games)
    print(f"{n} games; best {100 * sum(g['best'] for g in games) / n:.2f}%, with the peer's "
          f"guesses {100 * sum(g['peer'] for g in games) / n:.2f}%\n")
    print("| games | count | won only with the peer's cells / only without | points |")
    print("|---|---:|---|---|")
    base = [g["best"] for g in games]
    line("all", n, base, [g["peer"] for g in games])
    for zero, label in ((True, "first click showed 0"), (False, "first click showed a number")):
        part = [g for g in games if g["first_zero"] is zero]
        if len(part) > 1:
            line(label, len(part), [g["best"] for g in part], [g["peer"] for g in part])
    print("\n| first disagreement | games | won only with the peer's cells / only without | "
          "points per game of the whole run |")
    print("|---|---:|---|---|")
    def table(kinds: Sequence[str]) -> None:
        for name, count in Counter(kinds).most_common():
            other = [g["peer"] if k == name else g["best"]
                     for g, k in zip(games, kinds, strict=True)]
            line(name, count, base, other)

    table([kind(g["first"]) for g in games])
    print("\n| the step of `best`'s move there, what the first click showed | games | won only "
          "with the peer's cells / only without | points per game of the whole run |")
    print("|---|---:|---|---|")
    table([step_of(g) for g in games])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", required=True, help="the command that starts the peer")
    parser.add_argument("--rule", choices=("safe", "opening"), default="safe")
    parser.add_argument("--seed", type=int, default=3555)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--every", action="store_true",
                        help="the peer's cell at every guess, not only the two-step ones")
    args = parser.parse_args()
    done: dict[int, dict[str, Any]] = {}
    if args.out is not None and args.out.exists():
        for text in args.out.read_text().splitlines():
            row = json.loads(text)
            done[row["i"]] = row
    peer = Peer(args.peer)
    try:
        with args.out.open("a") if args.out is not None else nullcontext() as out:
            for index in range(args.start, args.start + args.games):
                if index not in done:
                    done[index] = play_both(peer, args.rule, args.seed, index, args.every)
                    if out is not None:
                        out.write(json.dumps(done[index]) + "\n")
                        out.flush()
    finally:
        peer.close()
    report([done[i] for i in range(args.start, args.start + args.games)])


if __name__ == "__main__":
    main()
