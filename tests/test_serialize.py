"""The JSON forms: exact counts of any length, positions, explanations, analyses."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.dead_cells.dead import dead_cells
from sweepkit.analysis.reasons.explain import CellValue, Technique, explain
from sweepkit.boardfile import parse_board
from sweepkit.position import Position
from sweepkit.serialize import (
    analysis_json,
    count_log10,
    count_text,
    explanation_json,
    position_json,
)
from tests.digits import digit_limit, reference_decimal

KEYS = {"rows", "cols", "mines", "consistent", "layouts", "layouts_log10", "probability",
        "safe", "mines_certain", "dead", "explanations"}

BOARDS = [
    "1110\n1B21\n12??\n01??\n",  # Kadlac §4 example 2: four layouts
    "mines: 2\n02?\n02?\n",  # two certain mines
    "0?1\n2?5\n???\n",  # inconsistent
    "mines: 1\n*1?\n???\n",  # dead cells
    "mines: 1\n1??\n???\n",  # global explanations
    "?10\n1??\n",  # subset and linked explanations
    "mines: 4\n-??\n?3?\n??*\n",  # known mine, safe cell without a number
    "topology: line\n?1??2?\n",
]




# -- count_text -----------------------------------------------------------------------


def test_count_text_small_numbers_match_str():
    rng = random.Random(7)
    below = sys.get_int_max_str_digits() or 4300  # 0: no limit
    numbers = [0, 1, 9, 10, 99, 100, 10**499, 10**500, 10**500 - 1, 10**(below - 1),
               10**below - 1]
    numbers += [rng.randrange(10 ** rng.randint(1, below)) for _ in range(300)]
    for n in numbers:
        assert count_text(n) == str(n)


BEYOND = {  # named: pytest cannot print such numbers as test ids
    "10^4300": 10**4300, "10^4300+1": 10**4300 + 1, "2^14300": 2**14300,
    "10^5000-1": 10**5000 - 1, "10^100000": 10**100_000, "10^100000-1": 10**100_000 - 1,
    "10^100000+7": 10**100_000 + 7, "2^360000": 2**360_000, "3^250000": 3**250_000,
    # long runs of zeros inside, across the split points
    "10^120000+10^60000": 10**120_000 + 10**60_000,
}


@pytest.mark.parametrize("name", BEYOND)
def test_count_text_beyond_the_limit(name):
    n = BEYOND[name]
    limit = sys.get_int_max_str_digits()
    text = count_text(n)
    assert text == reference_decimal(n)
    assert sys.get_int_max_str_digits() == limit  # the interpreter is left as it was


def test_count_text_random_huge_numbers_round_trip():
    rng = random.Random(11)
    for bits in (15_000, 100_000, 400_000):
        n = rng.getrandbits(bits) | (1 << (bits - 1))
        text = count_text(n)
        assert text[0] != "0" and text.isdigit()
        with digit_limit(0):
            assert int(text) == n


def test_count_text_under_the_smallest_limit():
    # With the lowest limit the interpreter allows, every length goes through the split.
    rng = random.Random(3)
    numbers = [rng.randrange(10 ** rng.randint(600, 5000)) for _ in range(50)]
    numbers += [10**k for k in (640, 641, 1000, 1001, 1999, 2000, 2001)]
    expected = [reference_decimal(n) for n in numbers]
    with digit_limit(640):
        assert [count_text(n) for n in numbers] == expected


def test_count_text_refuses_negative_numbers():
    with pytest.raises(ValueError, match="non-negative"):
        count_text(-1)


# -- count_log10 ----------------------------------------------------------------------


def test_count_log10_small_numbers():
    assert count_log10(0) is None
    assert count_log10(1) == 0.0 and count_log10(10**22) == 22.0
    rng = random.Random(5)
    for _ in range(300):
        n = rng.randrange(1, 2 ** rng.randint(1, 1500))
        assert count_log10(n) == pytest.approx(math.log10(n), rel=1e-14, abs=1e-14)
    with pytest.raises(ValueError):
        count_log10(-5)


def test_count_log10_huge_numbers_agree_with_the_digit_count():
    rng = random.Random(9)
    for bits in (1001, 5000, 100_000, 400_000):
        n = rng.getrandbits(bits) | (1 << (bits - 1))
        value = count_log10(n)
        digits = len(count_text(n))
        assert digits - 1 <= value < digits
    assert count_log10(2**360_000) == pytest.approx(360_000 * math.log10(2), rel=1e-15)
    assert count_log10(10**100_000) == pytest.approx(100_000, rel=1e-15)


# -- positions and explanations ---------------------------------------------------------


def test_position_json_rows_as_board_text():
    position = parse_board("mines: 4\n-??\n?3?\n??*\n")
    assert position_json(position) == {"rows": 3, "cols": 3, "mines": 4, "topology": "grid",
                                       "board": ["-??", "?3?", "??*"]}
    line = position_json(parse_board("topology: line\n?1?\n"))
    assert (line["topology"], line["board"], line["mines"]) == ("line", ["?1?"], None)
    doc = position_json(Position.unknown(3, 2))
    assert doc["board"] == ["??"] * 3 and json.loads(json.dumps(doc)) == doc


def test_explanation_json_plain_words_and_sentence():
    position = Position.from_rows(["02?", "02?"], mines=2)
    e = explain(position)[0]
    doc = explanation_json(e, position)
    assert doc == {"cell": [0, 2], "value": "mine", "technique": "single",
                   "because": [[0, 1]], "sentence": e.sentence}
    # plain str, not the enums: any JSON encoder takes them
    assert type(doc["value"]) is str and type(doc["technique"]) is str
    assert e.value == CellValue.MINE == "mine" and e.technique == Technique.SINGLE == "single"


# -- analysis documents ---------------------------------------------------------------


def cli_json(board: str) -> dict:
    result = subprocess.run([sys.executable, "-m", "sweepkit", "analyze", "-", "--json"],
                            input=board, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize("board", BOARDS)
def test_analysis_json_is_what_the_cli_prints(board):
    position = parse_board(board)
    doc = analysis_json(position)
    assert set(doc) == KEYS
    text = json.dumps(doc, allow_nan=False)
    assert json.loads(text) == doc  # plain data only: it survives the round trip
    assert cli_json(board) == doc


@pytest.mark.parametrize("board", BOARDS)
def test_analysis_json_values(board):
    position = parse_board(board)
    analysis = analyse(position)
    doc = analysis_json(position, analysis)
    assert doc["layouts"] == str(analysis.total)
    if analysis.total:
        assert doc["layouts_log10"] == pytest.approx(math.log10(analysis.total))
    else:
        assert doc["layouts_log10"] is None and doc["consistent"] is False
        assert doc["dead"] == doc["explanations"] == doc["safe"] == []
    assert len(doc["probability"]) == position.rows
    assert all(len(line) == position.cols for line in doc["probability"])
    expected_dead = [list(position.coord(i)) for i in dead_cells(position, analysis=analysis)]
    assert doc["dead"] == expected_dead
    assert doc["explanations"] == [explanation_json(e, position) for e in explain(position)]


def test_analysis_json_example_values():
    doc = analysis_json(parse_board("1110\n1B21\n12??\n01??\n"))
    assert (doc["rows"], doc["cols"], doc["mines"], doc["layouts"]) == (4, 4, None, "4")
    assert doc["layouts_log10"] == pytest.approx(math.log10(4))
    assert doc["probability"][1] == [None, 1.0, None, None]
    assert doc["probability"][2] == [None, None, 0.5, 0.5]
    dead = analysis_json(parse_board("mines: 1\n*1?\n???\n"))
    assert dead["dead"] == [[0, 2], [1, 0], [1, 1], [1, 2]]


def test_dead_cells_and_explanations_optional_or_given():
    position = parse_board("mines: 1\n*1?\n???\n")
    analysis = analyse(position)
    full = analysis_json(position, analysis)
    bare = analysis_json(position, analysis, dead=False, explanations=False)
    assert bare["dead"] is None and bare["explanations"] is None
    assert {k: v for k, v in bare.items() if k not in ("dead", "explanations")} == \
        {k: v for k, v in full.items() if k not in ("dead", "explanations")}
    given = analysis_json(position, analysis, dead=dead_cells(position, analysis=analysis),
                          explanations=explain(position, analysis=analysis))
    assert given == full
    assert analysis_json(position, analysis, explanations=[])["explanations"] == []
    # inconsistent: nothing to compute, [] unless left out
    bad = parse_board("0?1\n2?5\n???\n")
    assert analysis_json(bad, dead=[0, 1])["dead"] == []
    assert analysis_json(bad, dead=False)["dead"] is None


def test_analysis_json_of_a_count_beyond_the_digit_limit():
    position = Position.unknown(200, 200, mines=8000)
    doc = analysis_json(position, dead=False, explanations=False)
    expected = math.comb(40_000, 8000)
    assert doc["layouts"] == reference_decimal(expected)
    assert len(doc["layouts"]) > sys.get_int_max_str_digits()
    assert doc["layouts_log10"] == pytest.approx(len(doc["layouts"]) - 1, abs=1)
    assert json.loads(json.dumps(doc))["layouts"] == doc["layouts"]


# -- game records -------------------------------------------------------------------


def played_record(seed: int, rules_name: str = "intermediate", **options):
    import random

    from sweepkit.game import Game
    from sweepkit.play import play
    from sweepkit.rules import level
    from sweepkit.strategies import make_strategy

    game = Game(level(rules_name), seed=seed)
    return game, play(game, make_strategy("exact", **options), rng=random.Random(seed))


def test_records_round_trip_through_json_text():
    import json

    from sweepkit.game import replay
    from sweepkit.serialize import record_from_json, record_json

    for seed in range(6):
        game, record = played_record(seed, flag_mines=seed % 2 == 0)
        text = json.dumps(record_json(record))
        back = record_from_json(json.loads(text))
        assert back == record
        again = replay(back)
        assert again.status is game.status and again.view() == game.view()


def test_a_given_layout_and_a_huge_seed_survive():
    from sweepkit.game import Game
    from sweepkit.position import Position
    from sweepkit.serialize import record_from_json, record_json

    game = Game.from_layout(Position.from_rows(["*1", "11"]))
    game.reveal(1, 1)
    record = game.record(cheat=True)
    assert record_from_json(record_json(record)) == record
    assert record_json(record)["mine_cells"] == [[0, 0]]
    doc = record_json(record)
    doc["seed"] = str(2**64 - 1)
    assert record_from_json(doc).seed == 2**64 - 1


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other/9"), "format: expected 'sweepkit-game/1'"),
    (lambda d: d["rules"].update(rows="9"), "rules.rows: expected int"),
    (lambda d: d["rules"].update(mines=500), "rules: 500 mines do not fit"),
    (lambda d: d["rules"].update(first_click="maybe"), "unknown first-click rule 'maybe'"),
    (lambda d: d.update(seed=12), "seed: expected a decimal string"),
    (lambda d: d["moves"][1].update(kind="poke"), "moves[1].kind: expected one of reveal"),
    (lambda d: d["moves"][1].update(cell=[99, 0]),
     "moves[1].cell: cell (99, 0) is off the 16x16 board"),
    (lambda d: d["moves"][1].update(cell="a1"), "moves[1].cell: expected [row, col], got 'a1'"),
    (lambda d: d["moves"][1].update(time=-1), "moves[1].time: expected a number"),
    (lambda d: d["moves"][1]["reason"].update(basis="hunch"), "moves[1].reason.basis"),
    (lambda d: d["moves"][1]["reason"].update(probability=2), "probability: expected a num"),
    (lambda d: d.update(moves=None), "moves: expected list"),
])
def test_a_bad_record_names_the_field(change, message):
    import re

    from sweepkit.serialize import RecordError, record_from_json, record_json

    _, record = played_record(2)
    doc = record_json(record)
    change(doc)
    with pytest.raises(RecordError, match=re.escape(message)):
        record_from_json(doc)
