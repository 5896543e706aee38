"""The trainer's scores: for each player and lesson (a technique, or guessing), the right
and wrong answers, the current run of right ones and the difficulty reached.

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

    def answered(self, right: bool) -> Score:
        """The score after one more answer (module doc).

        >>> s = Score("single")
        >>> for _ in range(3):
        ...     s = s.answered(True)
        >>> s.difficulty, s.streak, s.answered(False).difficulty
        (2, 0, 1)
        """
        if right:
            streak = self.streak + 1
            if streak >= PROMOTE and self.difficulty < HARDEST:
                return replace(self, right=self.right + 1, streak=0,
                               difficulty=self.difficulty + 1)
            return replace(self, right=self.right + 1, streak=streak)
        return replace(self, wrong=self.wrong + 1, streak=0,
                       difficulty=max(1, self.difficulty - 1))

    def as_json(self) -> dict[str, Any]:
        answered = self.right + self.wrong
        return {"lesson": self.lesson, "right": self.right, "wrong": self.wrong,
                "streak": self.streak, "difficulty": self.difficulty,
                "rate": self.right / answered if answered else None}
