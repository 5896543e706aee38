"""The trainer: a puzzle of a lesson at the player's difficulty, the answer graded with
its explanation and the time it took to decide (from the puzzle handed out to the answer
received, measured by the server), and the player's scores (kept in the database, one per
lesson, with the average decision time)."""

from __future__ import annotations

import random
import secrets
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel, Field

from sweepkit.generate.puzzles import PuzzleError, PuzzleTimeout
from sweepkit.position import UNKNOWN
from sweepkit.store.owners import key_hash
from sweepkit.store.played import MAX_NAME
from sweepkit.store.shared import Shared
from sweepkit.store.training import Score
from sweepkit.web.deps import Book, Key, Owner, Players, Who, player_for
from sweepkit.web.trainer import (
    LESSONS,
    PuzzleStock,
    TrainerPuzzle,
    TrainerPuzzles,
    make_puzzle,
    puzzle_from_doc,
)

router = APIRouter(prefix="/api", tags=["trainer"])


async def trainer_puzzles(request: Request) -> TrainerPuzzles:
    return request.app.state.trainer


Puzzles = Annotated[TrainerPuzzles, Depends(trainer_puzzles)]


async def puzzle_stock(request: Request) -> PuzzleStock:
    return request.app.state.puzzle_stock


Stock = Annotated[PuzzleStock, Depends(puzzle_stock)]


async def shared_rows(request: Request) -> Shared:
    return request.app.state.shared


SharedRows = Annotated[Shared, Depends(shared_rows)]


class PuzzleIn(BaseModel):
    """A puzzle of a lesson for a player (at the difficulty the player's score gives)."""

    lesson: Literal["single", "subset", "linked", "global", "guess", "1-2-1", "1-2-2-1", "1-1"]
    player: str | None = Field(None, max_length=MAX_NAME * 4)
    seed: int | None = Field(None, ge=0, le=2**64 - 1)


class AnswerIn(BaseModel):
    """The player's answer: reveal a cell thought safe, or flag a cell thought a mine."""

    row: int
    col: int
    action: Literal["reveal", "flag"] = "reveal"


@router.post("/trainer/puzzles", status_code=201)
def new_puzzle(spec: PuzzleIn, puzzles: Puzzles, stock: Stock, book: Book, owners: Players,
               shared: SharedRows, owner: Owner) -> dict[str, Any]:
    """A puzzle for the lesson (made ahead unless asked for by its seed); its board and
    prompt, never its answer. The player is the name given (403 when it is another
    browser's) or this browser's own."""
    player = player_for(owners, owner, spec.player)
    scores = {s.lesson: s for s in book.trainer_scores(player)}
    difficulty = scores[spec.lesson].difficulty if spec.lesson in scores else 1
    try:
        if spec.seed is None:
            puzzle = stock.take(spec.lesson, difficulty, player)
        else:
            puzzle = make_puzzle(spec.lesson, difficulty, player, random.Random(spec.seed))
    except PuzzleTimeout as exc:
        raise HTTPException(503, f"no puzzle was found in time ({exc}); try again") from None
    except PuzzleError as exc:
        raise HTTPException(422, str(exc)) from None
    puzzle.scored = spec.seed is None
    puzzle.owner = key_hash(owner)
    puzzle.handed = time.time()
    puzzles.add(puzzle.id, puzzle)
    shared.put("puzzle", puzzle.id, puzzle.doc())  # any server process takes the answer
    return {**puzzle.as_json(), "scored": puzzle.scored}


@router.post("/trainer/puzzles/{puzzle_id}/answer")
def answer(puzzle_id: str, spec: AnswerIn, puzzles: Puzzles, book: Book, shared: SharedRows,
           key: Key = None) -> dict[str, Any]:
    """Grade the answer (once a puzzle, whichever server process gets it), explain it,
    and count it in the player's score (unless the puzzle was asked for by its seed: it
    could be farmed). Only the browser the puzzle was handed to may answer it (403,
    nothing counted, else)."""
    puzzle = handed_out(puzzles, shared, puzzle_id)
    if key is None or not secrets.compare_digest(key_hash(key), puzzle.owner):
        raise HTTPException(403, "this puzzle was handed to another browser: ask for one "
                                 "of your own")
    position = puzzle.position
    if not (0 <= spec.row < position.rows and 0 <= spec.col < position.cols):
        raise HTTPException(422, f"cell ({spec.row}, {spec.col}) is off the "
                                 f"{position.rows}x{position.cols} board")
    with puzzle.lock:
        if puzzle.answered:
            raise HTTPException(409, "this puzzle is answered: ask for a new one")
        if position.cells[position.index(spec.row, spec.col)] != UNKNOWN:  # a slip
            raise HTTPException(422, f"cell ({spec.row}, {spec.col}) is open: answer on a "
                                     "covered cell (the puzzle still waits)")
        graded = puzzle.grade(position.index(spec.row, spec.col), spec.action == "flag")
        seconds = (None if puzzle.handed is None
                   else round(max(0.0, time.time() - puzzle.handed), 2))
        with book.write():  # answered and counted together, or neither
            if not shared.claim("puzzle", puzzle.id, "answered"):
                puzzle.answered = True
                raise HTTPException(409, "this puzzle is answered: ask for a new one")
            if puzzle.scored:
                score = book.trainer_answer(puzzle.player, puzzle.lesson, graded["right"],
                                            seconds)
        puzzle.answered = True
    if not puzzle.scored:
        found = {s.lesson: s for s in book.trainer_scores(puzzle.player)}
        score = found.get(puzzle.lesson, Score(puzzle.lesson))
    return {**graded, "seconds": seconds, "score": score.as_json(), "scored": puzzle.scored}


def handed_out(puzzles: TrainerPuzzles, shared: Shared, puzzle_id: str) -> TrainerPuzzle:
    """A puzzle handed out by this server process or another; 404 when none did."""
    try:
        return puzzles.get(puzzle_id)
    except KeyError:
        row = shared.get("puzzle", puzzle_id)
        if row is None:
            raise HTTPException(404, f"no puzzle {puzzle_id!r}: ask for a new one") from None
        return puzzles.add(puzzle_id, puzzle_from_doc(puzzle_id, row[0]))


@router.get("/trainer/scores")
def scores(player: str, book: Book, owners: Players, who: Who) -> dict[str, Any]:
    """The player's score in every lesson (lessons not tried yet at difficulty 1); 403
    for a private player of another browser."""
    who.may_read(owners, player)
    found = {s.lesson: s.as_json() for s in book.trainer_scores(player)}
    return {"player": player, "lessons": [
        found.get(lesson, Score(lesson).as_json()) for lesson in LESSONS]}
