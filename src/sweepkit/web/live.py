"""The games being played on the server, and what the page may see of them.

Games live on the server, never in the page: a reply carries the cells the player has
opened or flagged and nothing else until the game is over (the seeds' security model).
Each cell is one character (:func:`cell_code`), so a 200×200 board is a 40,000-character
string and a move's reply lists only the cells it changed. Each game has a lock, so a
process's threads never interleave two moves of one game; the database keeps every game
(:mod:`sweepkit.web.persist`).
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sweepkit.figures import game_figures, game_time
from sweepkit.game import Game, MoveError, MoveResult, Status
from sweepkit.moves import AUTO_FLAG, Action, MoveKind
from sweepkit.position import MINE, UNKNOWN
from sweepkit.store.played import PlayedGame
from sweepkit.web.autoflag import certain_mines

COVERED, FLAG, HIDDEN_MINE, EXPLODED, WRONG_FLAG = ".", "F", "*", "X", "W"
"""The cell codes besides the numbers ``0``–``8``: covered, flagged, and, once the game is
over, a mine not found, a mine the losing move opened, a flag on a safe cell."""


def cell_code(game: Game, index: int) -> str:
    """One cell as the page sees it while the game is on: a number, covered or flagged
    (an opened mine, the losing move's, is ``X``)."""
    value = game.cell(index)
    if value >= 0:
        return str(value)
    if value == UNKNOWN:
        return COVERED
    return EXPLODED if index in game.exploded_cells else FLAG


def end_codes(game: Game, shown: bool = True) -> dict[int, str]:
    """The cells a finished game shows besides the player's view: every mine (``F`` after
    a win, ``*`` when not flagged after a loss) and every wrong flag. Without ``shown``, a
    lost game shows nothing more (only the mine that was hit): its loss can still be taken
    back and played on (practice), which must not follow a look at the layout."""
    if game.status is Status.LOST and not shown:
        return {}
    layout = game.reveal_layout()
    mines = set(layout.known_mines())
    codes: dict[int, str] = {}
    for i in range(game.rules.size):
        value = game.cell(i)
        if i in mines:
            if game.status is Status.WON and value != MINE:
                codes[i] = FLAG
            elif value == UNKNOWN:
                codes[i] = HIDDEN_MINE
        elif value == MINE:
            codes[i] = WRONG_FLAG
    return codes


def board_codes(game: Game, shown: bool = True) -> str:
    """The whole board as the page sees it: one character a cell, row by row (the end of
    a lost game as :func:`end_codes` with ``shown``)."""
    codes = [cell_code(game, i) for i in range(game.rules.size)]
    if game.over:
        for i, code in end_codes(game, shown).items():
            codes[i] = code
    return "".join(codes)


def move_changes(game: Game, result: MoveResult, index: int,
                 shown: bool = True) -> list[list[Any]]:
    """The cells a move at ``index`` changed, as ``[index, code]`` pairs: those it opened
    and its own cell (a flag, a wasted click), and the whole end of the game when the move
    ended it (a loss's as :func:`end_codes` with ``shown``)."""
    changed = dict.fromkeys(result.opened)
    changed[index] = None
    codes = {i: cell_code(game, i) for i in changed}
    if game.over:
        codes.update(end_codes(game, shown))
    return [[i, code] for i, code in codes.items()]


def shown_elapsed(game: Game) -> float:
    """The ``elapsed`` a reply carries: once the game is over, its :func:`game_time` (the
    figures' time, to the hundredth: the page's clock stops on exactly what the statistics
    show); while it runs, to the millisecond (the page counts on from it, rounding down)."""
    return game_time(game.elapsed) if game.over else round(game.elapsed, 3)


class PausableClock:
    """A game's clock that stops while the game is paused (the page hides the board), and
    while it is held: a game made from a position (the editor's, a replay's "play from
    here") has moves before the player's, and its clock waits for the player's first. It
    runs when neither stops it."""

    def __init__(self) -> None:
        self._offset = 0.0
        self._stopped_at: float | None = None
        self._paused = self._held = False

    def __call__(self) -> float:
        now = self._stopped_at if self._stopped_at is not None else time.monotonic()
        return now - self._offset

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def held(self) -> bool:
        return self._held

    def pause(self) -> None:
        self._paused = True
        self._stop()

    def resume(self) -> None:
        self._paused = False
        self._run()

    def hold(self) -> None:
        """Stop the clock until :meth:`release` (not a pause: the board stays shown)."""
        self._held = True
        self._stop()

    def release(self) -> None:
        """Let a held clock run on (unless paused)."""
        self._held = False
        self._run()

    def _stop(self) -> None:
        if self._stopped_at is None:
            self._stopped_at = time.monotonic()

    def _run(self) -> None:
        if self._stopped_at is not None and not self._paused and not self._held:
            self._offset += time.monotonic() - self._stopped_at
            self._stopped_at = None


@dataclass
class LiveGame:
    """A game on the server: the game, who plays it, its level name, the assists used and,
    once finished and stored, its database id.

    Everything done to it goes through its methods, each of which notes an event in
    :attr:`pending` (:mod:`sweepkit.web.persist` writes them to the database, and does
    them again with :meth:`apply` to bring the game back); :attr:`seq` is the number of
    events the database holds."""

    id: str
    game: Game
    player: str
    level: str | None
    assists: Counter[str] = field(default_factory=Counter)
    started: str | None = None
    saved_id: int | None = None
    closed: bool = False
    """Replaced by a restart: requests that still hold it get a 404."""
    dropped: bool = False
    """Let go from memory (out of date, or a write failed): requests that still hold it
    read the game again."""
    seed: int | None = None
    """The seed that deals this board again with the same rules and first click (a random
    game's); None when the board cannot be dealt from a seed (a no-guess board, a given
    layout): then it is shared by its layout."""
    deaths: int = 0
    """Losing moves taken back by an undo (practice): such a game is assisted."""
    replaces: int | None = None
    """The stored loss this game replaces when it ends again (after a death)."""
    shown: bool = False
    """The layout of the lost game was shown at the player's asking: its loss can no
    longer be taken back (:meth:`show`)."""
    clock: PausableClock = field(default_factory=PausableClock, repr=False)
    owner: str = field(default="", repr=False)
    """The SHA-256 of the key of the browser that started the game (its
    ``sweepkit_owner`` cookie): only requests carrying that key may move, undo, pause or
    ask for help (see ``web.deps.locked``)."""
    seq: int = 0
    pending: list[dict[str, Any]] = field(default_factory=list, repr=False)
    """Events done and not yet written to the database."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    helping: threading.Lock = field(default_factory=threading.Lock, repr=False)
    """Held while a hint, overlay or computer move is worked out (one at a time)."""

    def status_json(self) -> dict[str, Any]:
        """What the page shows besides the cells (the figures once the game is over)."""
        game, rules = self.game, self.game.rules
        c = game.clicks
        return {
            "id": self.id, "rows": rules.rows, "cols": rules.cols, "mines": rules.mines,
            "level": self.level, "rule": str(rules.first_click), "no_guess": game.no_guess,
            "player": self.player, "status": str(game.status),
            "mines_left": 0 if game.status is Status.WON else game.mines_left,  # all flagged
            "elapsed": shown_elapsed(game),
            "clicks": {"left": c.left, "right": c.right, "chord": c.chord, "wasted": c.wasted},
            "figures": game_figures(game).as_json() if game.over else None,
            "paused": self.clock.paused, "held": self.clock.held,
            "assists": dict(self.assists), "deaths": self.deaths, "moves": len(game.log),
            "seed": str(self.seed) if self.seed is not None and self.seed_known() else None,
            "by_seed": self.seed is not None,
            "shareable": self.seed is not None or game.drawn,
            "record_id": self.saved_id, "seq": self.seq + len(self.pending),
            "shown": self.shown,
        }

    def state_json(self) -> dict[str, Any]:
        return {**self.status_json(), "cells": board_codes(self.game, self.shown)}

    def _note(self, event: dict[str, Any]) -> None:
        """Keep an event done now: its game time ``t`` and wall time ``w`` added."""
        self.pending.append({**event, "t": round(self.game.elapsed, 6), "w": time.time()})

    def move(self, kind: MoveKind, index: int, auto_flag: bool = False
             ) -> tuple[MoveResult, list[list[Any]]]:
        """Play one move; its result and the cells it changed as ``[index, code]`` pairs
        (the whole end of the game included when this move ends it). With ``auto_flag``,
        a move that opened cells is followed by the flags :mod:`sweepkit.web.autoflag`
        places (each an ``auto_flag`` assist), listed among the changes."""
        at = datetime.now(UTC).isoformat(timespec="milliseconds")
        self.clock.release()  # a game made from a position: the player's first move
        drawn = self.game.drawn
        result = self.game.play(Action(kind, index))
        if self.started is None:
            self.started = at
        event: dict[str, Any] = {"e": "move", "k": str(kind), "c": index}
        if not drawn and self.game.drawn:  # a board a maker drew: kept, it cannot be again
            mines = self.game.record(cheat=True).mine_cells
            if mines is not None:
                event["m"] = sorted(mines)
        if auto_flag:
            event["a"] = 1
        self._note(event)
        self.pending[-1]["t"] = self.game.log[-1].time  # the move's own time
        changes = move_changes(self.game, result, index, self.shown)
        if auto_flag and result.opened and not self.game.over:
            for cell in certain_mines(self.game):
                self.game.play(Action.flag(cell), AUTO_FLAG)
                self.assists["auto_flag"] += 1
                changes.append([cell, FLAG])
        return result, changes

    def seed_known(self) -> bool:
        """Whether the page may show the seed: once the game is over, or when the player
        chose it. Before, it would tell where the mines are."""
        return self.game.over or bool(self.assists["seeded"])

    def undo(self) -> None:
        """Take back the last move (an assist; see :meth:`Game.undo`) with the flags
        auto-flag placed after it; after a loss, the move that lost (practice): one more
        death, and the stored loss is replaced by the game when it ends again."""
        lost = self.game.status is Status.LOST
        if lost and self.shown:
            raise MoveError("the board was shown: this loss can no longer be taken back "
                            "(restart the board or start a new game)")
        log = self.game.log
        auto = 0  # the flags auto-flag placed after the move go with it
        while auto < len(log) - 1 and log[-1 - auto].reason == AUTO_FLAG:
            auto += 1
        self.game.undo(loss=lost, moves=1 + auto)
        self.assists["undo"] += 1
        if lost:
            self.deaths += 1
            if self.saved_id is not None:
                self.replaces = self.saved_id
            self.saved_id = None
        self._note({"e": "undo"})

    def pause(self) -> None:
        """Stop the clock (the page hides the board); once the game has begun, an assist:
        the board could be studied off the clock. Nothing when over or paused."""
        if self.game.over or self.clock.paused:
            return
        self.clock.pause()
        if self.game.log:
            self.assists["pause"] += 1
        self._note({"e": "pause"})

    def resume(self) -> None:
        """Let a paused clock run again."""
        if self.clock.paused:
            self.clock.resume()
            self._note({"e": "resume"})

    def assist(self, kind: str) -> None:
        """Count an assist (a hint, the overlay, a computer move, a link shared)."""
        self.assists[kind] += 1
        self._note({"e": "assist", "a": kind})

    def show(self) -> None:
        """Show the whole layout of the lost game, which ends its practice: the loss
        stands (:meth:`undo` refuses it). MoveError unless the game is lost."""
        if self.game.status is not Status.LOST:
            raise MoveError("only a lost game's board is shown on asking (a won game "
                            "shows it, one in play does not)")
        if not self.shown:
            self.shown = True
            self._note({"e": "show"})

    def clear(self) -> None:
        """Clear the flags of a game whose board is not drawn yet (its restart)."""
        self.game.restart()
        self._note({"e": "clear"})

    def apply(self, event: dict[str, Any]) -> None:
        """Do again what ``event`` says was done (bringing the game back from its
        events; the game's clock must read the event's time ``t``)."""
        kind = event["e"]
        if kind == "move":
            self.move(MoveKind(event["k"]), event["c"], bool(event.get("a")))
        elif kind == "undo":
            self.undo()
        elif kind == "pause":
            self.pause()
        elif kind == "resume":
            self.resume()
        elif kind == "assist":
            self.assist(event["a"])
        elif kind == "clear":
            self.clear()
        elif kind == "show":
            self.show()
        else:
            raise ValueError(f"unknown event {kind!r} of game {self.id}")

    def played(self) -> PlayedGame:
        """The finished game as the database keeps it."""
        game = self.game
        return PlayedGame(
            player=self.player, record=game.record(), level=self.level,
            won=game.status is Status.WON, figures=game_figures(game),
            started=self.started or datetime.now(UTC).isoformat(timespec="milliseconds"),
            assists=dict(self.assists), deaths=self.deaths,
        )
