"""The ``random`` player: a uniformly random covered cell every move, the floor of the table.

It reads nothing but which cells are covered; any strategy worth the name beats it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sweepkit.moves import Decision
from sweepkit.position import Position
from sweepkit.strategies.base import Strategy, random_unknown


class RandomStrategy(Strategy):
    """Probe a uniformly random covered cell (after the first click)."""

    name = "random"

    def decide(self, view: Position, rng: random.Random) -> Sequence[Decision]:
        return [random_unknown(view, rng)]
