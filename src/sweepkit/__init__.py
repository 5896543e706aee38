"""sweepkit: Minesweeper and its mathematics.

Data flows one way: position → constraints → analysis → strategy → game/bench/web. This
module exports what a library user needs; the layers below (constraints, the component
solvers, the strip machines) stay importable from their own modules.

>>> from sweepkit import Position, analyse
>>> analyse(Position.from_rows(["1?", "??"], mines=1)).probability(3)
Fraction(1, 3)
"""

from sweepkit.lazy import lazy_exports

__all__ = lazy_exports(__name__, {
    "sweepkit.analysis": (
        "TECHNIQUES", "Analysis", "CellValue", "Contradiction", "Explanation",
        "IncrementalAnalyser", "Technique", "analyse", "count_layouts", "dead_cells",
        "enumerate_layouts", "explain", "find_witness", "is_consistent", "is_safe_move",
        "is_unique", "layouts_by_mines", "minimal_contradiction",
    ),
    "sweepkit.boardfile": ("BoardFormatError", "format_board", "parse_board", "read_board"),
    "sweepkit.game": ("Game", "GameRecord", "Status", "replay"),
    "sweepkit.moves": ("Action", "Reason"),
    "sweepkit.play": ("play",),
    "sweepkit.position": ("MINE", "SAFE", "UNKNOWN", "Position"),
    "sweepkit.rules": ("FirstClick", "Rules", "level"),
    "sweepkit.strategies": ("STRATEGIES", "Strategy", "make_strategy"),
})
__version__ = "0.1.0"
