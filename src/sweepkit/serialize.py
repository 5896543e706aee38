"""JSON forms of positions, analyses and game records (the one place the CLI, the store
and the web app take them from).

Every function returns plain data (dicts, lists, str, int, float, bool, None) that
:func:`json.dumps` accepts as it is; coordinates are ``[row, col]`` lists. Layout counts
are decimal strings (:func:`count_text`): a count can have far more digits than a JSON
number (or a JavaScript double) holds, and more than ``str(int)`` prints under the
interpreter's int-to-str digit limit, so it travels as text, with its base-10 logarithm
(:func:`count_log10`) beside it for display.

>>> from sweepkit.position import Position
>>> doc = analysis_json(Position.from_rows(["02?", "02?"], mines=2))
>>> doc["layouts"], doc["layouts_log10"], doc["mines_certain"]
('1', 0.0, [[0, 2], [1, 2]])
>>> doc["explanations"][0]["technique"]
'single'
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from sweepkit.analysis.board.probability import Analysis, analyse
from sweepkit.analysis.dead_cells.dead import dead_cells
from sweepkit.analysis.reasons.explain import Explanation, explain
from sweepkit.game import GameRecord
from sweepkit.moves import Basis, Move, MoveKind, Reason
from sweepkit.position import CHAR_OF, MINE, UNKNOWN, Position, cell_token
from sweepkit.rules import Rules

if TYPE_CHECKING:
    from sweepkit.strategies.hint import Hint

_BLOCK = 500
"""Digits printed by one ``str`` call in :func:`count_text`'s divide and conquer: well
below the smallest digit limit the interpreter accepts (640)."""

_LOG10_2 = math.log10(2)


def count_text(n: int) -> str:
    """The exact decimal digits of a non-negative integer, however long.

    ``str(n)`` refuses integers of more digits than ``sys.get_int_max_str_digits()``
    (4300 by default), a guard against slow conversions of untrusted input; layout counts
    are ours and routinely longer (a 200x200 board with 8000 mines has about 8,700
    digits). Small numbers go through ``str``; longer ones are split by a power of ten
    (the low half padded with zeros) until every piece is short, so the interpreter's
    limit is left as it is.

    >>> count_text(12345)
    '12345'
    >>> text = count_text(10**5000 + 7)
    >>> len(text), text[:3], text[-3:]
    (5001, '100', '007')
    """
    if n < 0:
        raise ValueError("count_text needs a non-negative integer, got a negative one")
    limit = sys.get_int_max_str_digits()
    # Fewer than 3 * limit bits means at most 0.91 * limit + 1 digits: within the limit,
    # which is 0 (no limit) or at least 640.
    if not limit or n.bit_length() <= 3 * limit:
        return str(n)
    powers = [10**_BLOCK]  # powers[i] = 10 ** (_BLOCK * 2**i), up to n < powers[-1] ** 2
    while (square := powers[-1] * powers[-1]) <= n:
        powers.append(square)
    pieces: list[str] = []

    def emit(m: int, level: int, pad: bool) -> None:
        # m < powers[level] ** 2, i.e. at most _BLOCK * 2**(level + 1) digits; with pad,
        # printed at exactly that width.
        if level < 0:
            pieces.append(str(m).zfill(_BLOCK) if pad else str(m))
            return
        high, low = divmod(m, powers[level])
        if high or pad:
            emit(high, level - 1, pad)
            emit(low, level - 1, True)
        else:
            emit(low, level - 1, False)

    emit(n, len(powers) - 1, False)
    return "".join(pieces)


def count_log10(n: int) -> float | None:
    """``log10(n)`` as a float for a non-negative integer of any size (``None`` for 0).

    Accurate to about 1e-15 relative, enough to show a count as ``10^x`` or to compare
    counts too long to print; the integer is never turned into a float (which overflows
    beyond 1e308): only its leading bits are.

    >>> count_log10(1000), count_log10(0)
    (3.0, None)
    >>> round(count_log10(2**100000), 6)
    30102.999566
    """
    if n < 0:
        raise ValueError("count_log10 needs a non-negative integer, got a negative one")
    if n == 0:
        return None
    shift = max(0, n.bit_length() - 1000)
    if not shift:
        return math.log10(n)
    return math.log10(n >> shift) + shift * _LOG10_2


def position_json(position: Position) -> dict[str, Any]:
    """A position as ``{rows, cols, mines, topology, board}``; ``board`` is the list of
    rows in ``.board`` characters (``?`` unknown, ``*`` known mine, ``-`` safe, digits).

    A board of three or more dimensions has a ``shape`` key too, and its ``board`` nests
    a list per outer dimension down to the rows of each slice, written as the ``.board``
    format writes them (cells separated by a space).

    >>> position_json(Position.from_rows(["1?", "*-"], mines=2))
    {'rows': 2, 'cols': 2, 'mines': 2, 'topology': 'grid', 'board': ['1?', '*-']}
    """
    cols = position.cols
    if position.dims > 2:
        tokens = [cell_token(v) for v in position.cells]
        rows = [" ".join(tokens[i:i + cols]) for i in range(0, len(tokens), cols)]
        return {"shape": list(position.shape), "rows": position.rows, "cols": cols,
                "mines": position.mines, "topology": position.topology,
                "board": nested(rows, position.shape[:-1])}
    chars = "".join(CHAR_OF[v] for v in position.cells)
    return {
        "rows": position.rows,
        "cols": cols,
        "mines": position.mines,
        "topology": position.topology,
        "board": [chars[i:i + cols] for i in range(0, len(chars), cols)],
    }


def nested(values: Sequence[Any], shape: Sequence[int]) -> list[Any]:
    """Flat row-major ``values`` as nested lists, one level per dimension of ``shape``.

    >>> nested(range(8), (2, 2, 2))
    [[[0, 1], [2, 3]], [[4, 5], [6, 7]]]
    """
    values = list(values)
    for n in reversed(shape[1:]):
        values = [values[i:i + n] for i in range(0, len(values), n)]
    return values


def explanation_json(explanation: Explanation, position: Position) -> dict[str, Any]:
    """One explanation as ``{cell, value, technique, because, sentence}``: ``value`` and
    ``technique`` are the plain words (``"safe"``, ``"single"``...), ``because`` the
    number cells used.

    >>> position = Position.from_rows(["01?"])
    >>> doc = explanation_json(explain(position)[0], position)
    >>> doc["cell"], doc["value"], doc["technique"], doc["because"]
    ([0, 2], 'mine', 'single', [[0, 1]])
    """
    coord = position.coord
    return {
        "cell": list(coord(explanation.cell)),
        "value": str(explanation.value),
        "technique": str(explanation.technique),
        "because": [list(coord(i)) for i in explanation.because],
        "sentence": explanation.sentence,
    }


def analysis_json(position: Position, analysis: Analysis | None = None, *,
                  dead: bool | Iterable[int] = True,
                  explanations: bool | Sequence[Explanation] = True) -> dict[str, Any]:
    """The analysis of a position as the document ``sweepkit analyze --json`` prints.

    Keys: ``rows``, ``cols``, ``mines``; ``consistent``; ``layouts`` (the exact count as a
    decimal string, see :func:`count_text`) and ``layouts_log10`` (a float, ``null`` when
    there is no layout); ``probability`` (rows x cols: the mine probability of every
    unknown cell, ``1.0`` for known mines, ``null`` for numbers and ``-``; every unknown
    cell is ``null`` when inconsistent); ``safe`` and ``mines_certain`` (cells certain in
    every layout); ``dead`` (see :func:`sweepkit.analysis.dead_cells.dead.dead_cells`) and
    ``explanations`` (:func:`explanation_json` of each certain cell).

    On a board of three or more dimensions there is a ``shape`` key too (the sizes,
    outermost first), ``rows`` and ``cols`` are a 2-D slice's, ``probability`` nests one
    list per dimension (``shape[0]`` x ... x cols) and cells are lists of all their
    coordinates.

    ``analysis`` defaults to ``analyse(position)``. Dead cells and explanations cost more
    than the analysis itself: by default they are computed; pass ``False`` to leave them
    out (the key is then ``null``, "not computed", unlike ``[]``, "none"), or pass the
    ones already computed (cell indices, :class:`Explanation` objects) for this position.
    Both are ``[]`` for an inconsistent position.

    >>> doc = analysis_json(Position.from_rows(["1?", "??"]), dead=False, explanations=False)
    >>> doc["layouts"], doc["probability"], doc["dead"], doc["explanations"]
    ('3', [[None, 0.3333333333333333], [0.3333333333333333, 0.3333333333333333]], None, None)
    """
    if analysis is None:
        analysis = analyse(position)
    rows, cols = position.rows, position.cols
    consistent = analysis.consistent
    probs = analysis.probabilities() if consistent else {}
    cells = position.cells
    grid = nested([1.0 if v == MINE else probs.get(i) if v == UNKNOWN else None
                   for i, v in enumerate(cells)], position.shape)

    def coords(found: Iterable[int]) -> list[list[int]]:
        return [list(position.coord(i)) for i in found]

    dead_doc: list[list[int]] | None
    if dead is False:
        dead_doc = None
    elif not consistent:
        dead_doc = []
    else:
        dead_doc = coords(dead_cells(position, analysis=analysis) if dead is True else dead)

    explained: list[dict[str, Any]] | None
    if explanations is False:
        explained = None
    elif not consistent:
        explained = []
    else:
        found = explain(position, analysis=analysis) if explanations is True else explanations
        explained = [explanation_json(e, position) for e in found]

    shape: dict[str, Any] = {"shape": list(position.shape)} if position.dims > 2 else {}
    return {
        **shape,
        "rows": rows,
        "cols": cols,
        "mines": position.mines,
        "consistent": consistent,
        "layouts": count_text(analysis.total),
        "layouts_log10": count_log10(analysis.total),
        "probability": grid,
        "safe": coords(analysis.safe_cells()),
        "mines_certain": coords(analysis.mine_cells()),
        "dead": dead_doc,
        "explanations": explained,
    }


MAX_TIME = 1e7
"""The longest move time a record may hold, in seconds (about 116 days): beyond it a
time is an error, not a game."""

RECORD_FORMAT = "sweepkit-game/1"
"""The ``format`` tag of a game record document; a reader refuses any other."""


def hint_json(hint: Hint, position: Position) -> dict[str, Any]:
    """A hint (:mod:`sweepkit.strategies.hint`) as plain data, cells as ``[row, col]``:
    ``{move, action, certain, probability, rule, reason, because, alternatives: [{cells,
    probability, scores, reason}]}`` (``because``: the numbers a certain hint's reason
    uses)."""
    return {
        "move": list(position.coord(hint.cell)), "action": hint.action,
        "certain": hint.certain, "probability": hint.probability, "rule": hint.rule,
        "reason": hint.reason, "because": [list(position.coord(i)) for i in hint.because],
        "alternatives": [{"cells": [list(position.coord(c)) for c in a.cells],
                          "probability": a.probability, "scores": dict(a.scores),
                          "reason": a.reason} for a in hint.alternatives],
    }


def reason_json(reason: Reason) -> dict[str, Any]:
    """A move's reason as ``{basis, technique, probability, note}`` in plain words; the
    keys without a value (no technique, no estimate, no note) are left out, since a
    record holds hundreds of reasons.

    >>> reason_json(Reason.certain("single"))
    {'basis': 'certain', 'technique': 'single'}
    """
    doc: dict[str, Any] = {"basis": str(reason.basis)}
    if reason.technique is not None:
        doc["technique"] = str(reason.technique)
    if reason.probability is not None:
        doc["probability"] = reason.probability
    if reason.note:
        doc["note"] = reason.note
    return doc


def record_json(record: GameRecord) -> dict[str, Any]:
    """A game record as a JSON document: rules, seed (a decimal string, so a 64-bit seed
    survives JavaScript), the mine cells when the layout was given, and every move with
    its time and reason. :func:`record_from_json` reads it back. The rules of a board of
    three or more dimensions have ``outer`` (:attr:`Rules.outer
    <sweepkit.rules.Rules.outer>`) too, and its cells one coordinate per dimension.

    >>> from sweepkit.game import Game
    >>> from sweepkit.rules import level
    >>> game = Game(level("beginner"), seed=5)
    >>> _ = game.reveal(0, 0)
    >>> doc = record_json(game.record(cheat=True))
    >>> doc["rules"], doc["seed"], doc["moves"][0]["cell"]
    ({'rows': 9, 'cols': 9, 'mines': 10, 'first_click': 'safe'}, '5', [0, 0])
    >>> record_from_json(doc) == game.record(cheat=True)
    True
    """
    rules = record.rules
    moves = []
    for move in record.log:
        doc: dict[str, Any] = {"kind": str(move.kind), "cell": list(rules.coord(move.cell)),
                               "time": move.time}
        if move.reason is not None:
            doc["reason"] = reason_json(move.reason)
        moves.append(doc)
    return {
        "format": RECORD_FORMAT,
        "rules": {"rows": rules.rows, "cols": rules.cols, "mines": rules.mines,
                  "first_click": str(rules.first_click),
                  **({"outer": list(rules.outer)} if rules.outer else {})},
        "seed": None if record.seed is None else str(record.seed),
        "mine_cells": (None if record.mine_cells is None
                       else [list(rules.coord(i)) for i in sorted(record.mine_cells)]),
        "no_guess": record.no_guess,
        "moves": moves,
    }


class RecordError(ValueError):
    """A game record document that cannot be read; the message names the field."""


def record_from_json(doc: Any) -> GameRecord:
    """The game record of a :func:`record_json` document; RecordError naming the first
    field that is missing or wrong."""
    if not isinstance(doc, dict):
        raise RecordError("a game record must be a JSON object")
    if doc.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, got {doc.get('format')!r}")
    rules_doc = _field(doc, "rules", dict)
    outer = rules_doc.get("outer", [])  # absent for 2-D boards
    if not (isinstance(outer, list) and all(isinstance(n, int) and not isinstance(n, bool)
                                            for n in outer)):
        raise RecordError(f"rules.outer: expected a list of sizes, got {outer!r}")
    try:
        rules = Rules(*(_field(rules_doc, k, int, "rules.") for k in ("rows", "cols", "mines")),
                      _field(rules_doc, "first_click", str, "rules."), tuple(outer))
    except ValueError as exc:
        raise RecordError(f"rules: {exc}") from None
    seed_text = doc.get("seed")
    if seed_text is not None and not (isinstance(seed_text, str)
                                      and re.fullmatch(r"[0-9]{1,20}", seed_text)
                                      and int(seed_text) < 2**64):
        raise RecordError(f"seed: expected a decimal string below 2^64 or null, got "
                          f"{str(seed_text)[:40]!r}")
    mine_doc = doc.get("mine_cells")
    mine_cells = None
    if mine_doc is not None:
        if not isinstance(mine_doc, list):
            raise RecordError("mine_cells: expected a list of [row, col] or null")
        mine_cells = frozenset(_cell(rules, c, f"mine_cells[{i}]")
                               for i, c in enumerate(mine_doc))
    if seed_text is None and mine_cells is None:
        raise RecordError("a record needs its 'seed' or its 'mine_cells': without either, "
                          "every replay would deal another board")
    no_guess = doc.get("no_guess", False)  # absent in records made before the field
    if not isinstance(no_guess, bool):
        raise RecordError(f"no_guess: expected true or false, got {no_guess!r}")
    moves = []
    for i, m in enumerate(_field(doc, "moves", list)):
        where = f"moves[{i}]"
        if not isinstance(m, dict):
            raise RecordError(f"{where}: expected an object")
        kind = _choice(MoveKind, m.get("kind"), f"{where}.kind")
        time = m.get("time", 0.0)
        if not _is_number(time) or not 0 <= time <= MAX_TIME:
            raise RecordError(f"{where}.time: expected a number of seconds from 0 to "
                              f"{MAX_TIME:g}")
        reason = None if m.get("reason") is None else _reason(m["reason"], f"{where}.reason")
        moves.append(Move(kind, _cell(rules, m.get("cell"), f"{where}.cell"), float(time),
                          reason))
    return GameRecord(rules, tuple(moves), None if seed_text is None else int(seed_text),
                      mine_cells, no_guess)


def _choice(enum: type[StrEnum], value: Any, where: str) -> Any:
    """The member of ``enum`` called ``value``; RecordError listing the members."""
    try:
        return enum(value)
    except ValueError:
        raise RecordError(f"{where}: expected one of "
                          f"{', '.join(m.value for m in enum)}") from None


def _is_number(value: Any) -> bool:
    """An int or float, not a bool (JSON's true is no number of seconds)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def _field(doc: dict[str, Any], key: str, kind: type, prefix: str = "") -> Any:
    value = doc.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{prefix}{key}: expected {kind.__name__}, got {value!r}")
    return value


def _cell(rules: Rules, value: Any, where: str) -> int:
    if (not isinstance(value, list) or len(value) != len(rules.shape)
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        form = "[row, col]" if not rules.outer else f"{len(rules.shape)} coordinates"
        raise RecordError(f"{where}: expected {form}, got {value!r}")
    try:
        return rules.index(*value)
    except ValueError as exc:
        raise RecordError(f"{where}: {exc}") from None


def _reason(doc: Any, where: str) -> Reason:
    if not isinstance(doc, dict):
        raise RecordError(f"{where}: expected an object")
    basis = _choice(Basis, doc.get("basis"), f"{where}.basis")
    probability = doc.get("probability")
    if probability is not None and (not _is_number(probability)
                                    or not 0 <= probability <= 1):
        raise RecordError(f"{where}.probability: expected a number in [0, 1] or null")
    technique = doc.get("technique")
    note = doc.get("note", "")
    if (technique is not None and not isinstance(technique, str)) or not isinstance(note, str):
        raise RecordError(f"{where}: technique and note must be strings")
    return Reason(basis, technique, None if probability is None else float(probability), note)
