"""sweepkit: Minesweeper and its mathematics.

Data flows one way: position → constraints → analysis → strategy → game/bench/web.
"""

from sweepkit.boardfile import BoardFormatError, format_board, parse_board, read_board
from sweepkit.position import MINE, SAFE, UNKNOWN, Position

__all__ = [
    "MINE",
    "SAFE",
    "UNKNOWN",
    "BoardFormatError",
    "Position",
    "format_board",
    "parse_board",
    "read_board",
]
__version__ = "0.1.0"
