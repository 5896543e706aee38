"""Replays for the page: a finished game's moves, each with its time, its reason and the
cells it changed, so the page can show the board at any move (a slider) without knowing
the rules of Minesweeper; and a new game started from any moment of one."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sweepkit.game import Game, GameRecord, MoveResult, Status, replay, resume
from sweepkit.serialize import reason_json
from sweepkit.web.live import LiveGame, PausableClock, move_changes
from sweepkit.web.persist import LiveGames


def replay_frames(record: GameRecord) -> dict[str, Any]:
    """The page's replay of a finished game: the board, its ZiNi, and every move with its
    time, reason and changed cells (the last move's include the whole end of the game)."""
    rules = record.rules
    moves = []

    def frame(game: Game, n: int, result: MoveResult) -> None:
        move = record.log[n]
        moves.append({
            "kind": str(move.kind), "cell": list(rules.coord(move.cell)), "time": move.time,
            "reason": None if move.reason is None else reason_json(move.reason),
            "changes": move_changes(game, result, move.cell), "status": str(game.status),
            "mines_left": 0 if game.status is Status.WON else game.mines_left,
        })

    game = replay(record, frame)
    if not game.over:
        raise ValueError("the record does not end its game: only finished games replay")
    return {"rows": rules.rows, "cols": rules.cols, "mines": rules.mines,
            "rule": str(rules.first_click), "no_guess": record.no_guess,
            "status": str(game.status), "time": game.elapsed, "zini": game.zini(),
            "moves": moves}


def play_from(live: LiveGames, record: GameRecord, moves: int, player: str,
              level: str | None, owner: str = "") -> LiveGame:
    """A new game on the finished game's board, its first ``moves`` moves already made
    (ValueError when that ends the game or is out of range), for the browser whose key
    hash is ``owner``; recorded with the ``from_position`` assist, since the player has
    seen the board."""
    if not 0 <= moves <= len(record.log):
        raise ValueError(f"the game has {len(record.log)} moves: play from 0 to "
                         f"{len(record.log)}, not {moves}")
    ended = replay(record)
    if not ended.over:
        raise ValueError("the record does not end its game: only finished games replay")
    mines = frozenset(ended.reveal_layout().known_mines())
    clock = PausableClock()
    start = GameRecord(record.rules, record.log[:moves], None, mines, record.no_guess)
    game = resume(start, clock)
    if game.over:
        raise ValueError(f"after {moves} moves the game is over: choose an earlier move")
    clock.hold()  # from the player's first move on
    return live.add_game(game, player, level, Counter(from_position=1), clock=clock,
                         owner=owner)
