"""Moves: what a player (a person, a strategy, the web page) asks the game to do, and why.

An :class:`Action` is one click on one cell: reveal (Pedersen's *probe*, the left
click), flag (his *mark*, the right click) or chord. Cells are flat row-major indices,
the address :class:`~sweepkit.position.Position` and the analysis use, so a strategy's
answer goes to the game as it is (``Position.index`` / ``Position.coord`` convert for
people). A :class:`Reason` says why a move was chosen; a :class:`Move` is one entry of
a game's log: the action, its time and its reason.

>>> Action.reveal(4)
Action(kind=<MoveKind.REVEAL: 'reveal'>, cell=4)
>>> Reason.certain("single").guess, Reason.guessed(0.25).guess
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final, NamedTuple


class MoveKind(StrEnum):
    """The three clicks: reveal (left; a probe), flag/unflag (right; a mark), chord (both)."""

    REVEAL = "reveal"
    FLAG = "flag"
    CHORD = "chord"


@dataclass(frozen=True, slots=True)
class Action:
    """One click: ``kind`` on cell ``cell`` (a flat index)."""

    kind: MoveKind
    cell: int

    @classmethod
    def reveal(cls, cell: int) -> Action:
        return cls(MoveKind.REVEAL, cell)

    @classmethod
    def flag(cls, cell: int) -> Action:
        return cls(MoveKind.FLAG, cell)

    @classmethod
    def chord(cls, cell: int) -> Action:
        return cls(MoveKind.CHORD, cell)


class Basis(StrEnum):
    """On what a move was chosen. Every basis but ``CERTAIN`` is a guess.

    ``FIRST`` is the opening click; ``GUESS`` a cell chosen by its (estimated) mine
    probability; ``CORNER`` and ``RANDOM`` the school project's last resorts (an
    unopened corner, any cell) and Pedersen's uniform random probe. The loss-cause table
    of a benchmark counts losses by basis; a loss on a ``CERTAIN`` move is a bug.
    """

    CERTAIN = "certain"
    FIRST = "first"
    GUESS = "guess"
    CORNER = "corner"
    RANDOM = "random"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a move was made.

    ``technique`` names the reasoning behind a certain move, in the vocabulary of
    :class:`sweepkit.analysis.reasons.explain.Technique` (``single``, ``subset``, ``linked``,
    ``global``); ``probability`` is the mine probability the player estimated for the
    cell (0 or 1 for certain moves when known); ``note`` is a short phrase for people
    ("lowest exact probability, ties at random").
    """

    basis: Basis
    technique: str | None = None
    probability: float | None = None
    note: str = ""

    @property
    def guess(self) -> bool:
        """Whether the move could lose: anything not proved certain."""
        return self.basis is not Basis.CERTAIN

    @classmethod
    def certain(cls, technique: str, note: str = "", probability: float | None = None) -> Reason:
        return cls(Basis.CERTAIN, technique, probability, note)

    @classmethod
    def guessed(cls, probability: float | None, note: str = "",
                basis: Basis = Basis.GUESS) -> Reason:
        return cls(basis, None, probability, note)


AUTO_FLAG: Final = Reason.certain("single", "auto-flag")
"""The reason of a flag the app placed for the player (the web app's auto-flag): a number
with exactly as many covered neighbours as its value makes each of them a mine. A game
counts no click for such a flag (:meth:`sweepkit.game.Game.play`)."""


class Decision(NamedTuple):
    """A strategy's answer: an action and the reason for it."""

    action: Action
    reason: Reason


class Move(NamedTuple):
    """One entry of a game's log: ``time`` is seconds since the first reveal that opened a
    cell (0 before it); ``reason`` is the player's, when a strategy gave one."""

    kind: MoveKind
    cell: int
    time: float = 0.0
    reason: Reason | None = None

    @property
    def action(self) -> Action:
        return Action(self.kind, self.cell)
