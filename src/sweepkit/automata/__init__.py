"""Finite machines that decide, count and solve strips (1, 2 or k rows) in linear time.

Consistency of a general board is NP-complete (Kaye, *Minesweeper is NP-complete*, The
Mathematical Intelligencer 22(2), 2000 [Kaye2000]); with a bounded number of rows it is not.
Each module cites the paper it follows; the full entries are in docs/bibliography.md.
"""
