"""Worked examples of the papers, restated as data for the golden tests.

Boards are rows of ``.board`` characters (``B`` = known mine, as in the papers); a
layout is given as its printed board (``B`` on mines, numbers elsewhere). Counts are
without a mine count (the papers' convention).
"""

from __future__ import annotations

# Kadlac (2003): §4 examples, §5, and the six boards of Appendix A.
KADLAC = {
    "s4-ex1": (["00011", "0002?", "0002?", "11011", "?1000"], 1),
    "s4-ex2": (["1110", "1B21", "12??", "01??"], 4),
    "s5": (["0?1", "2?5", "???"], 0),
    "board1": (["??", "??"], 16),
    "board2": (["???", "???", "???"], 512),
    "board3": (["????", "?22?", "?22?", "????"], 66),
    "board4": (["?????", "?222?", "?202?", "?222?", "?????"], 1),
    "board5": (["??????", "?2222?", "?2002?", "?2002?", "?2222?", "??????"], 1),
    "board6": (["23B22B21", "BB5??4B2", "??BBB?4B", "B6?6BB?2",
                "2BB?55?2", "134?BB4B", "01B4??B3", "012B23B2"], 1),
}

# The unique solutions, printed as full boards.
KADLAC_LAYOUTS = {
    "s4-ex1": ["00011", "0002B", "0002B", "11011", "B1000"],
    "board4": ["2B2B2", "B222B", "22022", "B222B", "2B2B2"],
    "board5": ["01BB10", "122221", "B2002B", "B2002B", "122221", "01BB10"],
    "board6": ["23B22B21", "BB55B4B2", "4BBBB64B", "B6B6BBB2",
               "2BB55542", "134BBB4B", "01B45BB3", "012B23B2"],
}

# §4 example 2: its four layouts (rows 1-2 are unchanged, rows 3-4 vary).
KADLAC_EX2_LAYOUTS = [
    ["1110", "1B21", r3, r4]
    for r3, r4 in [("12B2", "012B"), ("12B1", "0111"), ("124B", "01BB"), ("123B", "01B2")]
]

# Hu & Lin: the figures' boards and their configuration counts.
HU_LIN = {
    "fig1a": (["0???", "?14?", "12?B", "B222"], 1),
    "fig1c": (["233", "?B?", "222"], 0),
    "fig2a": (["B1??B?B3B1", "11??2?2B21"], 2),
    "fig3": (["2?2?", "2B2?"], 1),
    "fig4": (["2", "2"], 0),
    "fig5": (["?2", "B?"], 2),
    "fig6": (["2?4??", "???B2"], 4),
}

HU_LIN_LAYOUTS = {"fig1a": ["002B", "014B", "12BB", "B222"]}
