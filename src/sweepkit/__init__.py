"""sweepkit: Minesweeper and its mathematics.

Data flows one way: position → constraints → analysis → strategy → game/bench/web. This
module exports what a library user needs; the layers below (constraints, the component
solvers, the strip machines) stay importable from their own modules.

>>> from sweepkit import Position, analyse
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).probability(3)
Fraction(1, 3)
"""

from sweepkit.analysis import (
    TECHNIQUES,
    Analysis,
    CellValue,
    Contradiction,
    Explanation,
    IncrementalAnalyser,
    Technique,
    analyse,
    count_layouts,
    dead_cells,
    enumerate_layouts,
    explain,
    find_witness,
    is_consistent,
    is_safe_move,
    is_unique,
    layouts_by_mines,
    minimal_contradiction,
)
from sweepkit.boardfile import BoardFormatError, format_board, parse_board, read_board
from sweepkit.game import Game, GameRecord, Status, replay
from sweepkit.moves import Action, Reason
from sweepkit.play import play
from sweepkit.position import MINE, SAFE, UNKNOWN, Position
from sweepkit.rules import FirstClick, Rules, level
from sweepkit.strategies import STRATEGIES, Strategy, make_strategy

__all__ = [
    "MINE",
    "SAFE",
    "STRATEGIES",
    "TECHNIQUES",
    "UNKNOWN",
    "Action",
    "Analysis",
    "BoardFormatError",
    "CellValue",
    "Contradiction",
    "Explanation",
    "FirstClick",
    "Game",
    "GameRecord",
    "IncrementalAnalyser",
    "Position",
    "Reason",
    "Rules",
    "Status",
    "Strategy",
    "Technique",
    "analyse",
    "count_layouts",
    "dead_cells",
    "enumerate_layouts",
    "explain",
    "find_witness",
    "format_board",
    "is_consistent",
    "is_safe_move",
    "is_unique",
    "layouts_by_mines",
    "level",
    "make_strategy",
    "minimal_contradiction",
    "parse_board",
    "play",
    "read_board",
    "replay",
]
__version__ = "0.1.0"
