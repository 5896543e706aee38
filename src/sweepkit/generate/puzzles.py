"""Technique puzzles: positions from real games whose easiest certain move needs exactly one
technique, for the trainer and ``sweepkit puzzle``.

**Where they come from.** A puzzle is a view of a real game, so it looks like what a player
meets: seeded games (a preset level under the ``opening`` first-click rule, or any rules
given, the first cell drawn at random) are played by a careful human-like player that, at
every view, finds the certain cells (the exact analysis, with the mine count) and their
easiest technique (:func:`~sweepkit.analysis.reasons.explain.techniques_of`, the fast path), then
takes only the moves of the easiest technique present (reveals its safe cells, flags its
mines) before looking again: single numbers first, a pair only when no single number is
left, and so on. Taking the easy moves first is what makes the harder views appear: a
player who cleared every certain cell at once would rarely be left with a position where
only a linked set helps. With no certain cell it guesses a cell of the lowest mine
probability, and its guesses are lucky: the generator, which deals the layout, hands it a
safe cell among those of the lowest probability that hold one (drawn from the RNG). Every
game is so played to its end, and the late views, where the mine count decides, come up
in every game; each view is still one a player of that game can meet.

**Which views.** A view is a puzzle for technique T when it has certain cells and the
easiest of them needs exactly T: no certain cell is proved by a simpler technique. Each
game gives at most one puzzle, drawn uniformly (from the RNG) among its views that qualify,
so a set of puzzles does not repeat one board move after move.

**The answer** (:attr:`Puzzle.answer`) is the explanation (:func:`~sweepkit.analysis.
explain.explain`, the full one, not the fast path) of every certain cell whose simplest
reason is T: the moves the technique unlocks. Certain cells that need a harder technique
are not part of it (a LINKED puzzle may also have cells only the mine count decides); their
number is :attr:`Puzzle.harder`.

**Difficulty** (:attr:`Puzzle.size`): the fewest numbers any answer cell's reason uses
(``len(because)``): 1 for SINGLE, 2 for SUBSET, 2 or more for LINKED (the irreducible set
:func:`~sweepkit.analysis.reasons.explain.explain` finds), every number with a covered
neighbour for GLOBAL (0 when only the count of covered cells decides).
``min_size``/``max_size`` keep the puzzles of a rung of the ladder: ``min_size=4`` asks for
linked sets where no answer cell is proved by fewer than four numbers.

Deterministic for a seed: the games, the first clicks, the guesses and the choice of view
all come from ``rng``. A time budget (``seconds``) ends a request that cannot be met
(:class:`PuzzleTimeout`); a rung of the ladder no technique has is refused at once.

>>> import random
>>> (first,) = puzzles("subset", random.Random(4), level="beginner")
>>> first.technique, first.size, {e.technique for e in first.answer}
(<Technique.SUBSET: 'subset'>, 2, {<Technique.SUBSET: 'subset'>})
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sweepkit.analysis.board.probability import Analysis
from sweepkit.analysis.reasons.explain import (
    TECHNIQUES,
    CellValue,
    Explanation,
    Technique,
    explain,
    techniques_of,
)
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.game import Game
from sweepkit.moves import Action
from sweepkit.position import UNKNOWN, Position
from sweepkit.rules import FirstClick, Rules
from sweepkit.rules import level as preset_level

DEFAULT_SECONDS = 30.0
"""The time budget of one request, in seconds (every puzzle asked for, not each one)."""


class PuzzleError(ValueError):
    """A request for puzzles that cannot be met (a technique that does not exist, a rung of
    the ladder no puzzle of that technique can be on)."""


class PuzzleTimeout(PuzzleError, TimeoutError):
    """The time budget ran out before the puzzles asked for were found."""


@dataclass(frozen=True)
class Puzzle:
    """One view of a real game whose easiest certain move needs ``technique``.

    ``position`` is the player's view (numbers, ``?``, the player's flags as ``*``, the mine
    count); ``answer`` the explanations of the certain cells whose simplest reason is
    ``technique``, by cell; ``size`` the fewest numbers one of them uses (the difficulty);
    ``harder`` how many other certain cells need a harder technique. ``rules``, ``seed``
    and ``moves`` say where it comes from: the game ``Game(rules, seed)`` after ``moves``
    moves of the player of this module.
    """

    position: Position
    technique: Technique
    answer: tuple[Explanation, ...]
    size: int
    harder: int
    rules: Rules
    seed: int
    moves: int


def technique_named(name: Technique | str) -> Technique:
    """The technique called ``name``; :class:`PuzzleError` listing the choices otherwise.

    >>> technique_named("pair")
    Traceback (most recent call last):
    ...
    sweepkit.generate.puzzles.PuzzleError: unknown technique 'pair' (expected one of single, \
subset, linked, global)
    """
    try:
        return Technique(name)
    except ValueError:
        choices = ", ".join(TECHNIQUES)
        raise PuzzleError(f"unknown technique {name!r} (expected one of {choices})") from None


def puzzles(technique: Technique | str, rng: random.Random, count: int | None = 1, *,
            level: str = "intermediate", rules: Rules | None = None,
            min_size: int | None = None, max_size: int | None = None,
            seconds: float | None = DEFAULT_SECONDS,
            clock: Callable[[], float] = time.monotonic) -> Iterator[Puzzle]:
    """``count`` puzzles for ``technique`` (endless with ``None``), from games of the
    preset ``level`` under the ``opening`` first-click rule (or of ``rules``, e.g. a small
    custom board), each on the ``min_size``..``max_size`` rung of the ladder (module doc).

    :class:`PuzzleError` at once (from this call, before any game) for an unknown technique
    or level, or a rung the technique cannot have; :class:`PuzzleTimeout` from the iterator
    when ``seconds`` by ``clock`` (all the puzzles together; ``None``: no limit) run out,
    the puzzles found so far already yielded.
    """
    wanted = technique_named(technique)
    _check_rung(wanted, min_size, max_size)
    if count is not None and count < 0:
        raise PuzzleError(f"count must be 0 or more, got {count}")
    if seconds is not None and not seconds > 0:
        raise PuzzleError(f"the time budget must be a positive number of seconds, got {seconds}")
    if rules is None:
        try:
            rules = preset_level(level, FirstClick.OPENING)
        except ValueError as exc:
            raise PuzzleError(str(exc)) from None
    return _generate(wanted, rules, rng, count, min_size, max_size, seconds, clock)


def _generate(wanted: Technique, rules: Rules, rng: random.Random, count: int | None,
              min_size: int | None, max_size: int | None, seconds: float | None,
              clock: Callable[[], float]) -> Iterator[Puzzle]:
    """:func:`puzzles` once the request is checked."""
    deadline = None if seconds is None else clock() + seconds
    # keep_mines=False: the analysis is that of the view itself (proved mines are not marked
    # behind its back), so that techniques_of sees every certain cell in its component.
    analyser = IncrementalAnalyser(keep_mines=False)
    found = games = 0
    while count is None or found < count:
        games += 1
        try:
            puzzle = _one_game(wanted, rules, rng, analyser, min_size, max_size,
                               lambda: deadline is not None and clock() >= deadline)
        except _OutOfTime:
            rung = _rung_text(min_size, max_size)
            raise PuzzleTimeout(
                f"no{' more' if found else ''} {wanted} puzzle{rung} found in {seconds:g} s "
                f"({games} games of {rules.rows}x{rules.cols}/{rules.mines} played, "
                f"{found} found): ask for an easier rung or give it more time") from None
        if puzzle is not None:
            found += 1
            yield puzzle


def _check_rung(technique: Technique, min_size: int | None, max_size: int | None) -> None:
    """Refuse a ladder rung that no puzzle of ``technique`` can be on."""
    low, high = {Technique.SINGLE: (1, 1), Technique.SUBSET: (2, 2),
                 Technique.LINKED: (2, None), Technique.GLOBAL: (0, None)}[technique]
    for name, value in (("min_size", min_size), ("max_size", max_size)):
        if value is not None and value < 0:
            raise PuzzleError(f"{name} must be 0 or more, got {value}")
    if min_size is not None and max_size is not None and min_size > max_size:
        raise PuzzleError(f"min_size {min_size} is more than max_size {max_size}")
    if (max_size is not None and max_size < low) or (
            min_size is not None and high is not None and min_size > high):
        span = f"exactly {low} number" if low == high else f"{low} or more numbers"
        raise PuzzleError(f"a {technique} puzzle uses {span}: none is on the rung "
                          f"{_rung_text(min_size, max_size).strip()}")


def _rung_text(min_size: int | None, max_size: int | None) -> str:
    if min_size is None and max_size is None:
        return ""
    if max_size is None:
        return f" of size {min_size} or more"
    if min_size is None:
        return f" of size {max_size} or less"
    return f" of size {min_size}..{max_size}"


class _OutOfTime(Exception):
    """The deadline passed during a game."""


def _one_game(technique: Technique, rules: Rules, rng: random.Random,
              analyser: IncrementalAnalyser, min_size: int | None, max_size: int | None,
              late: Callable[[], bool]) -> Puzzle | None:
    """Play one game and return one of its puzzles for ``technique`` (drawn uniformly
    among them by reservoir sampling), ``None`` if it had none; :class:`_OutOfTime` as
    soon as ``late()`` says so."""
    seed = rng.getrandbits(63)
    game = Game(rules, seed)
    game.play(Action.reveal(rng.randrange(rules.size)))
    mines = frozenset(game.reveal_layout(cheat=True).known_mines())
    analyser.reset()
    ladder = (min_size is not None or max_size is not None) and technique in (
        Technique.LINKED, Technique.GLOBAL)
    chosen: tuple[Position, int] | Puzzle | None = None
    seen = 0
    while not game.over:
        if late():
            raise _OutOfTime
        view = game.view()
        analysis = analyser.update(view)
        certain = _certain_techniques(analysis)
        if not certain:
            _guess(game, analysis, mines, rng)
            continue
        easiest = min((t for _v, t in certain.values()), key=TECHNIQUES.index)
        if easiest is technique:
            # The size of a SINGLE or SUBSET puzzle is known (the rung was checked), so
            # only the view drawn is explained; a rung of LINKED or GLOBAL needs each one's.
            candidate: tuple[Position, int] | Puzzle | None = (view, len(game.log))
            if ladder:
                candidate = _puzzle(view, len(game.log), technique, rules, seed)
                if candidate is not None and not _on_rung(candidate.size, min_size,
                                                          max_size):
                    candidate = None
            if candidate is not None:
                seen += 1
                if rng.randrange(seen) == 0:
                    chosen = candidate
        opened: set[int] = set()
        for cell, (value, t) in sorted(certain.items()):
            if t is not easiest or game.over:
                continue
            if value is CellValue.MINE:
                game.play(Action.flag(cell))
            elif cell not in opened:
                opened.update(game.play(Action.reveal(cell)).opened)
    if isinstance(chosen, tuple):
        return _puzzle(*chosen, technique, rules, seed)
    return chosen


def _certain_techniques(analysis: Analysis) -> dict[int, tuple[CellValue, Technique]]:
    """Every certain cell's value and easiest technique (the fast path)."""
    if not analysis.consistent:
        return {}
    found = {}
    for value, cells in ((CellValue.SAFE, analysis.safe_cells()),
                         (CellValue.MINE, analysis.mine_cells())):
        if cells:
            for cell, t in techniques_of(analysis, cells, value).items():
                found[cell] = (value, t)
    return found


def _guess(game: Game, analysis: Analysis, mines: frozenset[int], rng: random.Random) -> None:
    """Reveal a safe cell among those of the lowest mine probability that hold one (drawn
    from ``rng``): the player's guesses are lucky (see the module doc)."""
    chances = analysis.probabilities()
    for low in sorted(set(chances.values())):
        cells = sorted(c for c, p in chances.items() if p == low and c not in mines)
        if cells:
            game.play(Action.reveal(rng.choice(cells)))
            return
    raise AssertionError("a game under way with no safe cell covered")


def _puzzle(view: Position, moves: int, technique: Technique, rules: Rules,
            seed: int) -> Puzzle | None:
    """The puzzle of a view whose fast path says ``technique``, from the full explanations
    (``None`` if they disagree: the view is then skipped, never mislabelled)."""
    found = explain(view)
    if not found:
        return None
    easiest = min((e.technique for e in found), key=TECHNIQUES.index)
    if easiest is not technique:
        return None
    answer = tuple(e for e in found if e.technique is technique)
    size = min(len(e.because) for e in answer)
    return Puzzle(view, technique, answer, size, len(found) - len(answer), rules, seed, moves)


def _on_rung(size: int, min_size: int | None, max_size: int | None) -> bool:
    return (min_size is None or size >= min_size) and (max_size is None or size <= max_size)


@dataclass(frozen=True)
class GuessPuzzle:
    """A view of a real game with no certain cell: the trainer's "guessing" lesson. The
    right answers are ``cells``, the covered cells of the lowest mine ``probability``
    (exact analysis, with the mine count); ``rules``, ``seed`` and ``moves`` say where it
    comes from, as for :class:`Puzzle`."""

    position: Position
    cells: tuple[int, ...]
    probability: float
    rules: Rules
    seed: int
    moves: int


def guess_puzzles(rng: random.Random, count: int = 1, *, level: str = "intermediate",
                  seconds: float | None = DEFAULT_SECONDS,
                  clock: Callable[[], float] = time.monotonic) -> Iterator[GuessPuzzle]:
    """``count`` views with no certain cell, one drawn uniformly from each game of the
    player of this module (module doc) that has one, the first click's view left out
    (nothing is open then). :class:`PuzzleTimeout` from the iterator when ``seconds``
    run out.

    >>> (first,) = guess_puzzles(random.Random(2), level="beginner")
    >>> 0 < first.probability < 1 and first.position.number_cells() != ()
    True
    """
    try:
        rules = preset_level(level, FirstClick.OPENING)
    except ValueError as exc:
        raise PuzzleError(str(exc)) from None
    deadline = None if seconds is None else clock() + seconds
    analyser = IncrementalAnalyser(keep_mines=False)
    found = 0
    while found < count:
        seed = rng.getrandbits(63)
        game = Game(rules, seed)
        game.play(Action.reveal(rng.randrange(rules.size)))
        mines = frozenset(game.reveal_layout(cheat=True).known_mines())
        analyser.reset()
        chosen: GuessPuzzle | None = None
        seen = 0
        while not game.over:
            if deadline is not None and clock() >= deadline:
                raise PuzzleTimeout(f"no{' more' if found else ''} guessing puzzle found in "
                                    f"{seconds:g} s: give it more time")
            view = game.view()
            analysis = analyser.update(view)
            certain = _certain_techniques(analysis)
            if certain:
                for cell, (value, _t) in sorted(certain.items()):
                    if not game.over and game.view().cells[cell] == UNKNOWN:
                        game.play(Action.flag(cell) if value is CellValue.MINE
                                  else Action.reveal(cell))
                continue
            seen += 1
            if rng.randrange(seen) == 0:
                chances = analysis.probabilities()
                low = min(chances.values())
                chosen = GuessPuzzle(view, tuple(sorted(c for c, p in chances.items()
                                                        if p == low)),
                                     float(low), rules, seed, len(game.log))
            _guess(game, analysis, mines, rng)
        if chosen is not None:
            found += 1
            yield chosen
