"""The error every strip machine raises on input it cannot read, naming the position."""

from __future__ import annotations


class StripInputError(ValueError):
    """Bad input for a strip machine: a symbol outside its alphabet, an impossible column,
    or a board with the wrong number of rows. ``column`` (0-based) and ``row`` locate it.

    >>> str(StripInputError("symbol 'x' is not in the alphabet 0,1,2,B,?", column=3))
    "column 3: symbol 'x' is not in the alphabet 0,1,2,B,?"
    """

    def __init__(self, message: str, column: int | None = None, row: int | None = None) -> None:
        self.message = message
        self.column = column
        self.row = row
        super().__init__(str(self))

    def __str__(self) -> str:
        where = []
        if self.row is not None:
            where.append(f"row {self.row}")
        if self.column is not None:
            where.append(f"column {self.column}")
        return f"{', '.join(where)}: {self.message}" if where else self.message
