"""Reductions: Boolean logic built from Minesweeper positions (Kaye's gadgets), the
constructions behind the complexity results of the seeds."""
