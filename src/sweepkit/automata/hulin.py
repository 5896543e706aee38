"""Hu & Lin's automaton for 2×n Minesweeper consistency, generated from its transition rule.

A 2-row board is read column by column. In two rows a number in column j sees
all of columns j−1, j, j+1 but itself, so with c(j) ∈ {0, 1, 2} mines in column j
it says c(j−1) + c(j) + c(j+1) = N. Each column canonicalises to one of 19
symbols (:data:`SYMBOLS`); a state ``XxYy`` is named after the symbol just read
with subscripts (``x`` = mines in this column and the one to its left for a
number, ``0``/``B`` = the ``?`` is safe/a mine). Abstractly a state is ``(c, r)``:
mines in this column, mines required in the next one (``None`` = free).

Built here, not typed in: the 43-state NFA (:func:`hulin_nfa`), the paper's
q0–q8 simplification by merging states with identical rows (:func:`hulin_q`),
the subset DFA (:func:`hulin_dfa`) and the minimal DFA (:func:`hulin_min_dfa`).
DFA sizes, all counting the dead set ``∅``: **27** subsets are reachable from
``{q0}`` in the q-machine as the paper draws it (q0 kept apart from q1, which is
what :func:`hulin_dfa` builds); **26** once q0 and q1, whose rows are identical,
are merged as the paper's own simplification rule says (:func:`hulin_q_merged`);
**23** states in the minimal DFA (from either, and from the 43-state NFA).
:func:`solve_hulin` decides, counts configurations exactly and recovers one without
dead ends (forward state sets, then backward pruning — the paper's "walk any path"
can dead-end: its Fig. 6, path 2).

Source: Hu and Lin, *2×n Minesweeper Consistency Problem is in P*, undated, §2 (column
symbols), §3 and Table 4 (the NFA), §4 and Table 5 (q0–q8 and the DFA), §5 (finding
configurations), worked examples Figs. 3 and 6 [HuLin] (docs/bibliography.md). The
paper's Tables 4 and 5 are partly garbled in the copy we have: they are regenerated here
from its rule, not copied.

>>> columns(Position.from_rows(["2?2?", "2B2?"]))
['22', '?B', '22', '??']
>>> result = solve_hulin(Position.from_rows(["2?4??", "???B2"]))
>>> result.consistent, result.count
(True, 4)
>>> [q_set_name(s) for s in result.q_run]
['{q0}', '{q6,q8}', '{q2,q3}', '{q6,q8}', '{q2,q3}', '{q4,q5,q7}']
>>> len(hulin_dfa().states), len(determinise(hulin_q_merged()).states), len(hulin_min_dfa().states)
(27, 26, 23)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from sweepkit.automata.determinise import determinise, minimise, subset_name
from sweepkit.automata.errors import StripInputError
from sweepkit.automata.machine import Automaton
from sweepkit.boardfile import plural
from sweepkit.position import MINE, PAPER_CHAR_OF, UNKNOWN, Position

SYMBOLS = ("00", "11", "22", "33", "44", "1B", "2B", "3B", "4B", "5B", "BB", "?B",
           "0?", "1?", "2?", "3?", "4?", "5?", "??")
"""The 19 column symbols, in the paper's order."""

START = "s0"
"""The start state: a virtual column 0 with no mines and no requirement."""

FREE = None
"""The requirement ``r`` of a state whose next column may hold any number of mines."""

Q_REPRESENTATIVES = {"s0": "q0", "?0?0": "q1", "?B?B": "q2", "?0?B": "q3", "0000": "q4",
                     "1010": "q5", "21?B": "q6", "11?B": "q7", "2020": "q8"}
"""The paper's name for each merged group, keyed by one member (the grouping is computed)."""


# -- symbols -------------------------------------------------------------------------

def symbol_number(symbol: str) -> int | None:
    """The number a column shows (``None`` if it has no number)."""
    return int(symbol[0]) if symbol[0].isdigit() else None


def allowed_counts(symbol: str) -> tuple[int, ...]:
    """How many mines the column may hold: ``kk`` 0, ``kB`` 1, ``k?`` 0–1, ``BB`` 2, ``?B`` 1–2,
    ``??`` 0–2."""
    known = symbol.count("B")  # a number's own cell is safe: only B and ? hold mines
    return tuple(range(known, known + symbol.count("?") + 1))


def ways(symbol: str, count: int) -> int:
    """In how many ways the column holds ``count`` mines (2 for one mine in ``??``)."""
    return 2 if symbol == "??" and count == 1 else 1


def canonical_column(top: str, bottom: str, column: int | None = None) -> str:
    """The symbol of a column read top to bottom: number first, ``B?`` → ``?B``.

    Cells are ``.board`` characters (``*``/``F`` = ``B``, ``.`` = ``?``). A column
    that cannot occur in a 2-row board raises :class:`StripInputError`.

    >>> canonical_column("B", "2"), canonical_column("B", "?"), canonical_column("?", "3")
    ('2B', '?B', '3?')
    >>> canonical_column("0", "B", 4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sweepkit.automata.errors.StripInputError: column 4: column '0B' cannot occur: ...
    """
    cells = []
    for ch in (top, bottom):
        ch = {"*": "B", "F": "B", ".": "?"}.get(ch, ch)
        if ch == "-":
            raise StripInputError("'-' (safe, no number) is not in Hu–Lin's alphabet 0-5, B, ?",
                                  column=column)
        if ch not in "012345678B?" or len(ch) != 1:
            raise StripInputError(f"symbol {ch!r} is not in Hu–Lin's alphabet 0-5, B, ?",
                                  column=column)
        cells.append(ch)
    raw = "".join(cells)
    numbers = [ch for ch in cells if ch.isdigit()]
    others = sorted((ch for ch in cells if not ch.isdigit()), key="?B".index)
    if len(numbers) == 2 and numbers[0] != numbers[1]:
        raise StripInputError(f"column {raw!r} cannot occur: two numbers in one column of a "
                              "2-row board see the same cells and must be equal", column=column)
    symbol = "".join(numbers + others)
    if symbol not in SYMBOLS:
        raise StripInputError(f"column {raw!r} cannot occur: no mine layout gives it "
                              "(numbers above 5, 0 beside a mine, 55)", column=column)
    return symbol


def columns(position: Position) -> list[str]:
    """The column symbols of a 2-row position (``StripInputError`` otherwise)."""
    if len(position.shape) != 2 or position.rows != 2:
        raise StripInputError(f"Hu–Lin's automaton reads 2-row boards; this one has "
                              f"{plural(position.rows, 'row')}")
    n = position.cols
    table = _symbol_of_values()
    cells = position.cells
    result = [table.get(pair) for pair in zip(cells[:n], cells[n:], strict=True)]
    if None in result:  # name the first bad column
        j = result.index(None)
        canonical_column(PAPER_CHAR_OF[cells[j]], PAPER_CHAR_OF[cells[n + j]], j)
    return result  # type: ignore[return-value]


@cache
def _symbol_of_values() -> dict[tuple[int, int], str]:
    """The symbol of every legal column of cell values (a lookup instead of parsing)."""
    table = {}
    for top, top_char in PAPER_CHAR_OF.items():
        for bottom, bottom_char in PAPER_CHAR_OF.items():
            try:
                table[top, bottom] = canonical_column(top_char, bottom_char)
            except StripInputError:
                continue
    return table


# -- the NFA, generated ----------------------------------------------------------------

def state_name(symbol: str, previous: int, count: int) -> str:
    """The paper's name of the state entered on ``symbol`` holding ``count`` mines after a
    column with ``previous`` mines (``2?`` after 0 mines with its ``?`` a mine: ``21?B``)."""
    number = symbol_number(symbol)
    if number is None:
        return {("??", 0): "?0?0", ("??", 1): "?0?B", ("??", 2): "?B?B",
                ("?B", 1): "?0BB", ("?B", 2): "?BBB", ("BB", 2): "BBBB"}[(symbol, count)]
    head = f"{number}{previous + count}"
    second = symbol[1]
    if second.isdigit():
        return head + head
    if second == "B":
        return head + "BB"
    return head + ("?B" if count else "?0")


def _transitions(c: int, r: int | None, symbol: str) -> Iterator[tuple[int, int | None, str]]:
    """The transition rule: the ``(c', r', name)`` reached from ``(c, r)`` on ``symbol``."""
    number = symbol_number(symbol)
    for count in allowed_counts(symbol):
        if r is not FREE and count != r:
            continue
        if number is None:
            yield count, FREE, state_name(symbol, c, count)
        elif 0 <= number - (c + count) <= 2:
            yield count, number - (c + count), state_name(symbol, c, count)


@dataclass(frozen=True)
class StateInfo:
    """What a state means: ``c`` mines in this column, ``r`` required in the next (None: free)."""

    c: int
    r: int | None

    @property
    def accepting(self) -> bool:
        return self.r is FREE or self.r == 0


@cache
def state_info() -> dict[str, StateInfo]:
    """Every reachable state of the NFA with its meaning, in breadth-first order from ``s0``."""
    info = {START: StateInfo(0, FREE)}
    queue = [START]
    for state in queue:
        here = info[state]
        for symbol in SYMBOLS:
            for count, need, name in _transitions(here.c, here.r, symbol):
                if name not in info:
                    info[name] = StateInfo(count, need)
                    queue.append(name)
    return dict(sorted(info.items(), key=_paper_order))


_MEANING_ORDER = [(0, FREE), (2, FREE), (1, FREE), (0, 0), (0, 1), (1, 1), (1, 0)]


def _paper_order(item: tuple[str, StateInfo]) -> tuple[int, str]:
    """The paper's listing order: start, then by meaning as q1..q8 list them, then by name."""
    name, info = item
    if name == START:
        return 0, name
    meaning = (info.c, info.r)
    rank = _MEANING_ORDER.index(meaning) + 1 if meaning in _MEANING_ORDER else 8
    return rank, name


@cache
def hulin_nfa() -> Automaton:
    """The 43-state NFA of Hu & Lin, generated from the transition rule."""
    info = state_info()
    delta = {}
    for state, here in info.items():
        for symbol in SYMBOLS:
            targets = tuple(name for _, _, name in _transitions(here.c, here.r, symbol))
            if targets:
                delta[(state, symbol)] = targets
    return Automaton(
        name="hulin-nfa", states=tuple(info), alphabet=SYMBOLS, start=START,
        accepting=frozenset(s for s, i in info.items() if i.accepting), delta=delta,
    )


def identical_row_groups(nfa: Automaton) -> list[list[str]]:
    """Merge states whose transition rows are identical (same acceptance; start kept apart,
    as in the paper — its row equals that of ``?0?0``). Groups in order of first member."""
    groups: dict[tuple, list[str]] = {}
    for s in nfa.states:
        row = tuple(frozenset(nfa.delta.get((s, a), ())) for a in nfa.alphabet)
        groups.setdefault((s == nfa.start, s in nfa.accepting, row), []).append(s)
    return list(groups.values())


@cache
def q_groups() -> dict[str, tuple[str, ...]]:
    """The q0–q8 groups of the NFA's states, computed from identical rows, named as the paper."""
    result = {}
    for group in identical_row_groups(hulin_nfa()):
        names = [Q_REPRESENTATIVES[s] for s in group if s in Q_REPRESENTATIVES]
        if len(names) != 1:
            raise AssertionError(f"group {group} does not match the paper's q0-q8")
        result[names[0]] = tuple(group)
    return dict(sorted(result.items()))


@cache
def hulin_q() -> Automaton:
    """The simplified NFA over q0–q8 (Table 5 of the paper)."""
    nfa = hulin_nfa()
    groups = q_groups()
    group_of = {s: q for q, members in groups.items() for s in members}
    delta = {}
    for q, members in groups.items():
        for a in SYMBOLS:
            targets = {group_of[t] for t in nfa.delta.get((members[0], a), ())}
            if targets:
                delta[(q, a)] = tuple(sorted(targets))
    return Automaton(
        name="hulin-q", states=tuple(groups), alphabet=SYMBOLS, start="q0",
        accepting=frozenset(q for q, m in groups.items() if m[0] in nfa.accepting), delta=delta,
        labels={q: f"{q}: {' '.join(m)}" if len(m) <= 3 else f"{q}: {m[0]} … ({len(m)})"
                for q, m in groups.items()},
    )


@cache
def hulin_q_merged() -> Automaton:
    """The q-machine with the start q0 and q1 (identical rows) merged into q0: 8 states."""
    q = hulin_q()
    delta = {(s, a): tuple(sorted({"q0" if t == "q1" else t for t in targets}))
             for (s, a), targets in q.delta.items() if s != "q1"}
    return Automaton(name="hulin-q-merged", states=tuple(s for s in q.states if s != "q1"),
                     alphabet=q.alphabet, start="q0", accepting=q.accepting - {"q1"},
                     delta=delta)


@cache
def hulin_dfa() -> Automaton:
    """The subset DFA of the q-machine as the paper draws it (q0 ≠ q1), from ``{q0}``: 27
    states, the dead set ``∅`` included (26 from :func:`hulin_q_merged`; 23 minimal)."""
    return determinise(hulin_q(), name="hulin-dfa")


@cache
def hulin_min_dfa() -> Automaton:
    """The minimal complete DFA (Moore's partition refinement of :func:`hulin_dfa`)."""
    return minimise(hulin_dfa(), name="hulin-min")


def q_set_name(states: frozenset[str]) -> str:
    """A set of NFA states named by the q-groups it meets: ``{q6,q8}``."""
    group_of = {s: q for q, members in q_groups().items() for s in members}
    qs = {group_of[s] for s in states}
    return subset_name(qs, {q: i for i, q in enumerate(q_groups())})


# -- running: decide, count, recover ---------------------------------------------------

# Memo tables of the runs: keyed by active state sets, of which only a few dozen occur, so
# they are bounded by the automaton (a few thousand entries at most, whatever the input).
# Web-server threads may share them: a dict lookup or store is atomic, and two threads that
# miss at once store the same value.
_EDGE_MEMO: dict[tuple[frozenset[str], str], list[tuple[str, str, int]]] = {}
_WALK_MEMO: dict[tuple[str, str, frozenset[str]], str] = {}
_PRUNE_MEMO: dict[tuple[frozenset[str], str, frozenset[str]], frozenset[str]] = {}
_STEP_MEMO: dict[tuple[frozenset[str], str], frozenset[str]] = {}


@dataclass(frozen=True)
class HuLinResult:
    """The analysis of one 2-row position by Hu–Lin's NFA.

    ``forward[j]`` is the set of NFA states after j columns; ``live[j]`` those that
    still reach acceptance (backward pruning). ``count`` is the exact number of
    configurations; ``witness`` one of them as flat cell indices of mines.
    """

    symbols: tuple[str, ...]
    forward: tuple[frozenset[str], ...]
    live: tuple[frozenset[str], ...]
    count: int
    witness: frozenset[int] | None
    witness_path: tuple[str, ...] | None

    @property
    def consistent(self) -> bool:
        return self.count > 0

    @property
    def q_run(self) -> list[frozenset[str]]:
        """The set-level run (NFA state sets; name them with :func:`q_set_name`)."""
        return list(self.forward)


def forward_sets(symbols: Sequence[str]) -> list[frozenset[str]]:
    """The set-level run of the NFA: states active after each prefix (memoised per set)."""
    nfa = hulin_nfa()
    step = _STEP_MEMO
    current = frozenset({nfa.start})
    result = [current]
    for j, a in enumerate(symbols):
        if a not in SYMBOLS:
            raise StripInputError(f"symbol {a!r} is not one of Hu–Lin's 19 column symbols",
                                  column=j)
        key = (current, a)
        nxt = step.get(key)
        if nxt is None:
            nxt = step[key] = nfa.step(current, a)
        current = nxt
        result.append(current)
    return result



def live_sets(symbols: Sequence[str], forward: Sequence[frozenset[str]]) -> list[frozenset[str]]:
    """Backward pruning: the forward states from which an accepting end is still reachable."""
    nfa = hulin_nfa()
    memo = _PRUNE_MEMO
    live = [frozenset()] * len(forward)
    live[-1] = forward[-1] & nfa.accepting
    for j in range(len(symbols) - 1, -1, -1):
        key = (forward[j], symbols[j], live[j + 1])
        pruned = memo.get(key)
        if pruned is None:
            after, symbol = live[j + 1], symbols[j]
            pruned = memo[key] = frozenset(
                s for s in forward[j] if any(t in after for t in nfa.delta.get((s, symbol), ())))
        live[j] = pruned
    return live



def first_path(symbols: Sequence[str], live: Sequence[frozenset[str]]) -> tuple[str, ...] | None:
    """One accepting state path, walking forward through live states only (never dead-ends)."""
    nfa = hulin_nfa()
    if nfa.start not in live[0]:
        return None
    memo = _WALK_MEMO
    state = nfa.start
    path = [state]
    for j, a in enumerate(symbols):
        key = (state, a, live[j + 1])
        nxt = memo.get(key)
        if nxt is None:
            nxt = memo[key] = next(t for t in nfa.delta[(state, a)] if t in live[j + 1])
        state = nxt
        path.append(state)
    return tuple(path)



def count_configurations(symbols: Sequence[str],
                         forward: Sequence[frozenset[str]] | None = None) -> int:
    """Exact number of mine configurations (a ``??`` column with one mine counts twice).

    Weighted forward pass over the active states; the weighted edges out of each
    active set are computed once per (set, symbol).
    """
    nfa = hulin_nfa()
    forward = forward if forward is not None else forward_sets(symbols)
    edges = _EDGE_MEMO
    counts = {nfa.start: 1}
    for j, a in enumerate(symbols):
        key = (forward[j], a)
        out = edges.get(key)
        if out is None:
            info = state_info()
            out = edges[key] = [(s, t, ways(a, info[t].c)) for s in forward[j]
                                for t in nfa.delta.get((s, a), ())]
        if not out:
            return 0
        nxt: dict[str, int] = {}
        for s, t, w in out:
            nxt[t] = nxt.get(t, 0) + counts[s] * w
        counts = nxt
    return sum(k for s, k in counts.items() if s in nfa.accepting)



def state_paths(symbols: Sequence[str]) -> Iterator[tuple[tuple[str, ...], bool]]:
    """Every full-length state path of the NFA on ``symbols`` with whether it accepts
    (exponentially many in general: for tracing small boards)."""
    nfa = hulin_nfa()

    def extend(path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], bool]]:
        j = len(path) - 1
        if j == len(symbols):
            yield path, path[-1] in nfa.accepting
            return
        for t in nfa.delta.get((path[-1], symbols[j]), ()):
            yield from extend((*path, t))

    yield from extend((nfa.start,))


def accepting_paths(symbols: Sequence[str], limit: int | None = None) -> list[tuple[str, ...]]:
    """Accepting state paths, found on the pruned graph only (no dead ends), up to ``limit``."""
    nfa = hulin_nfa()
    live = live_sets(symbols, forward_sets(symbols))
    found: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = [(nfa.start,)] if nfa.start in live[0] else []
    while stack and (limit is None or len(found) < limit):
        path = stack.pop()
        j = len(path) - 1
        if j == len(symbols):
            found.append(path)
            continue
        targets = [t for t in nfa.delta.get((path[-1], symbols[j]), ()) if t in live[j + 1]]
        stack.extend((*path, t) for t in reversed(targets))
    return found


def path_mines(position: Position, path: Sequence[str], choice: int = 0) -> frozenset[int]:
    """The mine cells of the configuration a state path describes (for a ``??`` column with one
    mine, ``choice`` bit j picks the bottom cell of column j instead of the top)."""
    info = state_info()
    n = position.cols
    cells = position.cells
    mines = set(position.known_mines())
    for j in range(n):
        count = info[path[j + 1]].c
        if not count:
            continue
        cell_pair = (j, n + j)
        need = count - sum(1 for i in cell_pair if cells[i] == MINE)
        unknown = [i for i in cell_pair if cells[i] == UNKNOWN]
        if need == 1 and len(unknown) == 2 and choice >> j & 1:
            unknown.reverse()
        mines.update(unknown[:need])
    return frozenset(mines)


def configurations(position: Position) -> Iterator[frozenset[int]]:
    """Every mine configuration of a 2-row position, from the pruned NFA paths."""
    symbols = columns(position)
    for path in accepting_paths(symbols):
        split = [j for j, a in enumerate(symbols) if a == "??" and state_info()[path[j + 1]].c == 1]
        for bits in range(1 << len(split)):
            yield path_mines(position, path, sum(1 << j for k, j in enumerate(split)
                                                 if bits >> k & 1))


def solve_hulin(position: Position) -> HuLinResult:
    """Decide, count and recover a configuration of a 2-row position, in O(n).

    Hu–Lin's automaton has no notion of a total mine count: a ``mines:`` value on the
    position is ignored (use :func:`sweepkit.automata.transfer.solve_strip` for it).
    """
    symbols = columns(position)
    forward = forward_sets(symbols)
    live = live_sets(symbols, forward)
    count = count_configurations(symbols, forward)
    witness = None
    path = first_path(symbols, live)
    if path is not None:
        witness = path_mines(position, path)
    return HuLinResult(tuple(symbols), tuple(forward), tuple(live), count, witness, path)


def accepts(position: Position) -> bool:
    """Whether the minimal DFA accepts the position's column word (consistency only)."""
    return bool(dfa_path(columns(position))[-1] in hulin_min_dfa().accepting)


def dfa_path(symbols: Sequence[str], machine: Automaton | None = None) -> list[str]:
    """The state path of a complete DFA (default: the minimal one) on a column word."""
    dfa = machine or hulin_min_dfa()
    table = _min_table() if machine is None else _table(dfa)
    state = dfa.start
    path = [state]
    for a in symbols:
        state = table[state, a]
        path.append(state)
    return path


def _table(dfa: Automaton) -> dict[tuple[str, str], str]:
    return {key: targets[0] for key, targets in dfa.delta.items()}


@cache
def _min_table() -> dict[tuple[str, str], str]:
    return _table(hulin_min_dfa())
