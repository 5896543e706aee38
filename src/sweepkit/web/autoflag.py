"""Auto-flag: the flags the app places for a player who asks for them (a setting of the
play page), after each move that opened cells.

A cell is flagged when the player's own numbers make it trivially a mine: it is covered
and next to an open number whose covered neighbours (flagged or not) are exactly as many
as the number. Counting flagged cells as covered keeps the rule sound whatever the
player's flags (a wrong flag cannot make the app flag a safe cell); nothing deeper than
one number is used (no subsets, no mine count), so it only spares the right clicks any
player would make without thinking.

Each such flag is a move of the game with the reason :data:`~sweepkit.moves.AUTO_FLAG`:
it counts no click (the figures stay the player's own clicks), it makes the game a flag
game (not NF: its chords lean on those flags), and the game is assisted (the
``auto_flag`` assist, one per flag), so it sets no best time.

>>> from sweepkit.game import Game
>>> from sweepkit.position import Position
>>> game = Game.from_layout(Position.from_rows(["*1..", "11..", "....", "...."]))
>>> _ = game.reveal(3, 3)
>>> certain_mines(game)
[0]
"""

from __future__ import annotations

from sweepkit.game import Game
from sweepkit.position import UNKNOWN
from sweepkit.topology import neighbour_lookup


def certain_mines(game: Game) -> list[int]:
    """The covered, unflagged cells the rule of the module doc makes mines, in order."""
    table = neighbour_lookup(game.rules.shape, "grid")
    found: set[int] = set()
    for i in range(game.rules.size):
        value = game.cell(i)
        if value <= 0:
            continue  # covered, flagged or a 0
        unopened = [j for j in table[i] if game.cell(j) < 0]
        if len(unopened) == value:
            found.update(j for j in unopened if game.cell(j) == UNKNOWN)
    return sorted(found)
