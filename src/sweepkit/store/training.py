"""The trainer's scores: for each player and lesson (a technique, a named pattern, or
guessing), the right and wrong answers, the current run of right ones, the difficulty
reached and the time taken to decide (the seconds over the answers timed).

The difficulty adapts to the score: :data:`PROMOTE` right answers in a row move a lesson
one step harder (up to 3), a wrong answer one step easier (down to 1); the run starts
again at each change.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Final

PROMOTE: Final = 3
"""Right answers in a row that make a lesson harder."""

HARDEST: Final = 3
"""The highest difficulty."""


@dataclass(frozen=True)
class Score:
    """A player's score in one lesson."""

    lesson: str
    right: int = 0
    wrong: int = 0
    streak: int = 0
    difficulty: int = 1
    seconds: float = 0.0
    """The seconds taken over the timed answers."""
    timed: int = 0
    """How many answers were timed."""

    def answered(self, right: bool, seconds: float | None = None) -> Score:
        """The score after one more answer (module doc), which took ``seconds`` to decide
        (``None``: not timed).

        >>> s = Score("single")
        >>> for _ in range(3):
        ...     s = s.answered(True, 4.0)
        >>> s.difficulty, s.streak, s.answered(False).difficulty, s.as_json()["seconds"]
        (2, 0, 1, 4.0)
        """
        if seconds is not None:
            timed = replace(self, seconds=self.seconds + max(0.0, seconds),
                            timed=self.timed + 1)
            return timed.answered(right)
        if right:
            streak = self.streak + 1
            if streak >= PROMOTE and self.difficulty < HARDEST:
                return replace(self, right=self.right + 1, streak=0,
                               difficulty=self.difficulty + 1)
            return replace(self, right=self.right + 1, streak=streak)
        return replace(self, wrong=self.wrong + 1, streak=0,
                       difficulty=max(1, self.difficulty - 1))

    def as_json(self) -> dict[str, Any]:
        """The score; ``seconds`` is the average time to decide (``None`` when none was
        timed)."""
        answered = self.right + self.wrong
        return {"lesson": self.lesson, "right": self.right, "wrong": self.wrong,
                "streak": self.streak, "difficulty": self.difficulty,
                "rate": self.right / answered if answered else None,
                "seconds": self.seconds / self.timed if self.timed else None}
