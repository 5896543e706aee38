"""Circuits and CNF formulas laid out as Minesweeper boards: Kaye's reduction, run.

The board is drawn on a :class:`~sweepkit.reductions.sheet.Sheet` as a grid of
horizontal **tracks**, one a signal, flowing right, and vertical **channels**, one a
gate (or a chain of gates of one kind, such as a clause's ORs), flowing down, one after
the other from left to right. A channel taps the tracks it reads, top to bottom: a
splitter forks the track (or, at the signal's last use, the track turns down), a NOT
on the way down when the literal is negated, and a gate joins the tap to the channel's
running value. Wherever a channel's running value must pass a track that is still
needed further right, a crossover (three XORs) carries each across the other. A
channel's result is fixed true at a terminal when it is an output of the circuit,
and becomes a new track at the bottom when a later gate reads it. Inputs are free wire
ends at the left edge: their value cells are the *terminals* that a layout of the board
maps back to an assignment (:meth:`Reduced.assignment`).

So the board is consistent exactly when the circuit is satisfiable. With
``parsimonious`` every AND is drawn as ¬(¬a ∨ ¬b), so that only unique gadgets (NOT,
OR, XOR, splitters, wires) appear, and the board has exactly one layout a satisfying
assignment: its layout count is the formula's model count (#P-completeness). A CNF
formula is drawn with each clause fixed true at its own terminal (the same as fixing
the AND of the clauses true, without the AND's wires), so its board is parsimonious in
either mode.

>>> from sweepkit.reductions.formulas import parse_circuit
>>> board = reduce_circuit(parse_circuit("t = or(u, not(v))\\noutput t\\n"))
>>> sorted(board.terminals), board.position.size > 1000
(['u', 'v'], True)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from sweepkit.boardfile import plural
from sweepkit.position import Position
from sweepkit.reductions.drawing import crossover, draw_gate, moved
from sweepkit.reductions.formulas import CNF, Circuit, Gate, parse_circuit, parse_cnf
from sweepkit.reductions.sheet import (
    CUT_ROOM,
    SEPARATOR,
    VALUE,
    BoardTooBig,
    Cell,
    LayoutError,
    Port,
    Sheet,
    turns,
)

BAND: int = 100
"""Rows from one track to the next: room for a crossover and a gate below it."""

WIDTH: int = 84
"""Columns of one channel."""

MAX_CELLS: int = 20_000_000
"""The largest board drawn (cells); a bigger reduction is refused before it is drawn."""


@dataclass(frozen=True)
class Reduced:
    """A reduced board: the position and, for each input, the flat index of its
    terminal (a mine there means the input is true); for pictures, the signal each
    covered cell carries (its name, primed where the cell is a mine when the signal is
    false; empty inside a gate) and the gates drawn (name, top, left, bottom, right)."""

    position: Position
    terminals: dict[str, int]
    parsimonious: bool
    wires: dict[int, str] = field(default_factory=dict, compare=False)
    gates: tuple[tuple[str, int, int, int, int], ...] = field(default=(), compare=False)

    def assignment(self, mines: Iterable[int]) -> dict[str, bool]:
        """The inputs' values in a layout (its mine cells)."""
        mines = set(mines)
        return {name: cell in mines for name, cell in self.terminals.items()}

    def comments(self) -> list[str]:
        """``# input NAME: ROW,COL`` lines naming each input's terminal, which
        :func:`read_terminals` reads back (``sweepkit check --assignment``), then
        ``# gadget KIND: TOP,LEFT-BOTTOM,RIGHT`` lines, where each gate was drawn
        (:func:`read_gadgets`: ``sweepkit check`` says which a contradiction runs through)."""
        cols = self.position.cols
        return [f"# input {name}: {cell // cols},{cell % cols}"
                for name, cell in self.terminals.items()] + [
            f"# gadget {kind}: {top},{left}-{bottom},{right}"
            for kind, top, left, bottom, right in self.gates]


@dataclass
class _Channel:
    """One vertical channel: ``kind`` (or, and, xor, or copy for a lone tap) applied to
    its taps (signal, negated) in order down the board."""

    kind: str
    taps: list[tuple[str, bool]]
    result: str
    fixed_true: bool = False
    keep: bool = False


def reduce_cnf(cnf: CNF, parsimonious: bool = False, max_cells: int = MAX_CELLS) -> Reduced:
    """The board of a CNF formula (inputs ``x1`` … ``xV``); see the module doc.
    Repeated literals are drawn once and a clause with both x and ¬x (always true) is
    left out; an empty clause cannot be drawn (LayoutError), nor a board that would pass
    ``max_cells`` (refused at once when its variables alone need more rows: a header may
    declare a billion)."""
    if (cnf.variables + 1) * BAND * WIDTH > max_cells:
        raise BoardTooBig(f"{cnf.variables:,} variables need more than {max_cells:,} "
                          "cells")
    clauses = []
    for n, clause in enumerate(cnf.clauses):
        literals = tuple(dict.fromkeys(clause))
        if not literals:
            raise LayoutError(f"clause {n + 1} is empty: the formula is unsatisfiable and "
                              "has no board")
        if not any(-x in literals for x in literals):
            clauses.append(literals)
    circuit = CNF(cnf.variables, tuple(clauses)).circuit(join=False)
    return reduce_circuit(circuit, parsimonious, max_cells)


def reduce_circuit(circuit: Circuit, parsimonious: bool = False,
                   max_cells: int = MAX_CELLS) -> Reduced:
    """The board of ``circuit``, its outputs fixed true; see the module doc.
    LayoutError for a gate that reads one wire twice in a way that makes it constant,
    a board over ``max_cells``, or nothing to draw (no input and no gate)."""
    if not circuit.inputs and not circuit.gates:
        raise LayoutError("the formula is empty: there is nothing to draw")
    channels = _channels(circuit, parsimonious)
    return _Drawing(circuit.inputs, channels, max_cells).draw(parsimonious)


def reduce_text(text: str, kind: str, parsimonious: bool = False,
                max_cells: int = MAX_CELLS) -> tuple[Reduced, str]:
    """The board of a formula's text, ``kind`` ``"cnf"`` (DIMACS) or ``"circuit"``
    (:func:`~sweepkit.reductions.formulas.formula_kind` tells them apart), and a one-line
    summary of what was drawn ("3 variables, 5 clauses"). FormulaError naming line and
    column for text that cannot be read, LayoutError for a board that cannot be drawn."""
    if kind == "cnf":
        cnf = parse_cnf(text)
        return (reduce_cnf(cnf, parsimonious, max_cells),
                f"{plural(cnf.variables, 'variable')}, {plural(len(cnf.clauses), 'clause')}")
    circuit = parse_circuit(text)
    return (reduce_circuit(circuit, parsimonious, max_cells),
            f"{plural(len(circuit.inputs), 'input')}, {plural(len(circuit.gates), 'gate')}")


# -- from gates to channels -------------------------------------------------------------


def _channels(circuit: Circuit, parsimonious: bool) -> list[_Channel]:
    """The circuit as channels: NOTs folded into the taps that read them, chains of one
    kind of gate (each link read only by the next) merged, ANDs rewritten with ORs and
    NOTs in parsimonious mode."""
    gates = list(circuit.gates)
    if parsimonious:
        rewritten: list[Gate] = []
        for g in gates:
            if g.kind == "and" and len(set(g.arguments)) > 1:
                a, b = g.arguments
                rewritten += [Gate(f"{g.output}~a", "not", (a,)),
                              Gate(f"{g.output}~b", "not", (b,)),
                              Gate(f"{g.output}~or", "or", (f"{g.output}~a", f"{g.output}~b")),
                              Gate(g.output, "not", (f"{g.output}~or",))]
            else:
                rewritten.append(g)
        gates = rewritten
    alias: dict[str, tuple[str, bool]] = {}

    def resolve(name: str) -> tuple[str, bool]:
        return alias.get(name, (name, False))

    outputs = set(circuit.outputs)
    real: list[tuple[Gate, list[tuple[str, bool]]]] = []
    for g in gates:
        args = [resolve(a) for a in g.arguments]
        if g.kind == "not":
            base, negated = args[0]
            alias[g.output] = (base, not negated)
            continue
        if len(set(args)) == 1 and g.kind in ("and", "or"):
            alias[g.output] = args[0]           # a copy, e.g. t = u
            continue
        if len({base for base, _ in args}) == 1:
            raise LayoutError(f"the gate computing {g.output!r} reads {args[0][0]!r} twice, "
                              "so it is constant: simplify the circuit")
        real.append((g, args))
    uses: dict[str, int] = {}
    for base, _ in [arg for _, args in real for arg in args] + [resolve(o) for o in outputs]:
        uses[base] = uses.get(base, 0) + 1
    channels: dict[str, _Channel] = {}

    def extends(link: tuple[str, bool], tap: tuple[str, bool], kind: str) -> bool:
        """Whether a gate of ``kind`` reading ``link`` and ``tap`` continues the chain
        that computes ``link`` (read nowhere else, and not reading ``tap``'s wire)."""
        base, negated = link
        return (not negated and base in channels and channels[base].kind == kind
                and uses[base] == 1 and base not in outputs
                and all(b != tap[0] for b, _ in channels[base].taps))

    for g, (first, other) in real:
        for link, tap in ((first, other), (other, first)):
            if extends(link, tap, g.kind):
                channel = channels.pop(link[0])
                channel.taps.append(tap)
                channel.result = g.output
                break
        else:
            channel = _Channel(g.kind, [first, other], g.output)
        channels[g.output] = channel
    result = list(channels.values())
    for n, out in enumerate(circuit.outputs):
        base, negated = resolve(out)
        if base in channels and not negated:
            channels[base].fixed_true = True
        else:                              # an input or a NOT: a channel of its own
            result.append(_Channel("copy", [(base, negated)], f"{out}~{n}", fixed_true=True))
    read = {base for ch in result for base, _ in ch.taps}
    for ch in result:
        ch.keep = ch.result in read
    return result


# -- drawing ----------------------------------------------------------------------------


@dataclass
class _Pending:
    """A wire drawn up to ``port`` whose route goes on through ``corners`` to a
    destination not known yet; ``free`` when it starts at a free end (its first kind is
    then chosen to fit, instead of cutting corners)."""

    var: int
    port: Port
    corners: list[Cell] = field(default_factory=list)
    free: bool = False

    def last(self) -> tuple[Cell, Cell, bool]:
        """The last point fixed so far, the direction the wire travels into it, and
        whether it is a corner (the wire may turn there)."""
        if not self.corners:
            return self.port.cell, self.port.direction, False
        before = self.port.cell if len(self.corners) == 1 else self.corners[-2]
        p = self.corners[-1]
        dr, dc = p[0] - before[0], p[1] - before[1]
        return p, ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0)), True


CROSS_COLUMN = 20
"""Where a channel's crossovers stand, from the channel's left column."""

GATE_ROW, TAP_LANE, ACC_LANE, FIRST_LANE = 48, 36, 31, 33
"""Below a track: where a channel's gate stands, the rows its two inputs run along to
reach it, and the row along which a channel's first tap moves over to the crossovers'
column."""


class _Drawing:
    """The geometry of one reduction (see the module doc)."""

    def __init__(self, inputs: tuple[str, ...], channels: list[_Channel],
                 max_cells: int) -> None:
        self.sheet = Sheet()
        self.channels = channels
        self.inputs = inputs
        # tracks: the inputs, then each kept channel's result
        self.track_of: dict[str, int] = {name: t for t, name in enumerate(inputs)}
        self.start: list[int] = [-1] * len(inputs)
        for i, ch in enumerate(channels):
            if ch.keep:
                self.track_of[ch.result] = len(self.start)
                self.start.append(i)
        self.last_use = [-1] * len(self.start)
        for i, ch in enumerate(channels):
            for base, _ in ch.taps:
                self.last_use[self.track_of[base]] = i
        rows = (len(self.start) + 1) * BAND
        cols = (len(channels) + 1) * WIDTH
        if rows * cols > max_cells:
            raise BoardTooBig(f"the board would have {rows:,} x {cols:,} cells, over the "
                              f"{max_cells:,} allowed")
        self.var = {name: self.sheet.variable(name) for name in inputs}
        self.track_var = {t: self.var[name] for name, t in self.track_of.items()
                          if name in self.var}
        self.track: list[_Pending | None] = [None] * len(self.start)

    @staticmethod
    def row(t: int) -> int:
        return 20 + t * BAND

    @staticmethod
    def column(i: int) -> int:
        return 30 + i * WIDTH

    def draw(self, parsimonious: bool) -> Reduced:
        for i, ch in enumerate(self.channels):
            self.channel(i, ch)
        for t, name in enumerate(self.inputs):
            if self.last_use[t] == -1:     # never read: a free stub, both values possible
                y = self.row(t)
                self.sheet.source(self.var[name], [(y, 2)], Port((y, 8), (0, -1), VALUE))
        sheet = self.sheet
        position, (top, left) = sheet.position()
        cols = position.cols

        def flat(cell: Cell) -> int:
            return (cell[0] - top) * cols + cell[1] - left

        terminals = {name: flat(sheet.terminals[self.var[name]]) for name in self.inputs}
        wires = {flat(cell): "" if var in sheet.auxiliary else
                 sheet.names[var] + "'" * negated
                 for cell, (var, negated) in sheet.covered.items()}
        gates = tuple((name, r0 - top, c0 - left, r1 - top, c1 - left)
                      for name, (r0, c0), (r1, c1) in sheet.parts)
        return Reduced(position, terminals, parsimonious, wires, gates)

    def finish(self, pending: _Pending, port: Port) -> None:
        """Draw ``pending`` into the input ``port``."""
        corners = _simplify(pending.port.cell,
                            pending.corners + _approach(*pending.last(), port), port.cell)
        self.wire_to(pending, corners, port.cell, port.kind)

    def wire_to(self, pending: _Pending, corners: list[Cell], last: Cell,
                kind: int | None) -> Port:
        """Draw ``pending`` through ``corners`` to ``last``, of ``kind`` (None: any); a free
        end takes the kind that fits, a drawn one cuts corners. The port past ``last``."""
        if pending.free:
            return self.sheet.source(pending.var, [pending.port.cell, *corners],
                                     Port(last, pending.port.direction,
                                          SEPARATOR if kind is None else kind))
        return self.sheet.route(pending.var, pending.port, [*corners, last], end_kind=kind)

    def track_pending(self, t: int, y: int) -> _Pending:
        """Track ``t`` as it stands: a free end at the left edge if nothing is drawn."""
        pending = self.track[t]
        if pending is None:
            pending = _Pending(self.track_var[t], Port((y, 2), (0, 1), SEPARATOR), free=True)
        return pending

    # -- channels -------------------------------------------------------------------

    def channel(self, i: int, ch: _Channel) -> None:
        x = self.column(i)
        taps = sorted(ch.taps, key=lambda tap: self.track_of[tap[0]])
        tapped = {self.track_of[base]: negated for base, negated in taps}
        first = self.track_of[taps[0][0]]
        end = self.track_of[ch.result] if ch.keep else self.track_of[taps[-1][0]]
        acc: _Pending | None = None
        for t in range(first, end + 1):
            y = self.row(t)
            alive = self.start[t] < i < self.last_use[t]
            tap = self.tap(t, i, x, y) if t in tapped else None
            if acc is not None and alive:
                acc = self.cross(t, x, y, acc)
            if tap is not None:
                if tapped[t]:
                    tap = self.negate(tap, x, y)
                if acc is None:       # the first tap: over to the crossovers' column
                    point, _, _ = tap.last()
                    tap.corners += [(y + FIRST_LANE, point[1]),
                                    (y + FIRST_LANE, x + CROSS_COLUMN + 24)]
                    acc = tap
                else:
                    acc = self.gate(ch.kind, tap, acc, x, y)
        assert acc is not None
        result = acc
        self.var[ch.result] = acc.var
        if ch.fixed_true and ch.keep:      # fixed true, and read later: fork it
            (r, c), _, _ = result.last()
            separator = Port((r + 14, c + 6), (-1, 0), SEPARATOR)
            self.finish(result, separator)
            turned, straight = self.sheet.split(result.var, Port(separator.cell, (1, 0),
                                                                 SEPARATOR), (0, 1))
            tr, tc = turned.cell
            stop = self.sheet.route(result.var, turned, [(tr, tc + 6), (tr + 6, tc + 6),
                                                         (tr + 6, tc + 10)], end_kind=VALUE)
            self.sheet.fix_true(stop)
            result = _Pending(result.var, straight)
        if ch.keep:                        # down to its new track, with corners to cut
            (_, c), _, _ = result.last()
            y = self.row(end)
            result.corners += [(y - 8, c), (y - 8, c + 6), (y, c + 6)]
            self.track[end] = result
            self.track_var[end] = result.var
        elif ch.fixed_true:
            self.fix_true(result)
        else:                              # read by nothing: the wire just ends
            (r, c), _, _ = result.last()
            self.wire_to(result, _simplify(result.port.cell, result.corners, (r + 6, c)),
                         (r + 6, c), None)

    def tap(self, t: int, i: int, x: int, y: int) -> _Pending:
        """Tap track ``t`` at channel ``i``: a split, or the track turning down at its
        last use. The tap, going down from the track."""
        pending = self.track_pending(t, y)
        if self.last_use[t] == i:
            turn = Port((y, x + 3), (0, -1), SEPARATOR)
            pending.corners += [*_approach(*pending.last(), turn), turn.cell, (y + 6, x + 3)]
            self.track[t] = None
            return pending
        separator = Port((y, x + 2), (0, -1), SEPARATOR)
        self.finish(pending, separator)
        turned, straight = self.sheet.split(self.track_var[t],
                                            Port(separator.cell, (0, 1), SEPARATOR), (1, 0))
        self.track[t] = _Pending(self.track_var[t], straight)
        return _Pending(self.track_var[t], turned)

    def cross(self, t: int, x: int, y: int, acc: _Pending) -> _Pending:
        """A crossover where the channel's running value ``acc`` passes track ``t``."""
        part, ports = crossover()
        origin = (y - 15, x + CROSS_COLUMN)
        self.sheet.stamp(part, origin, {0: self.track_var[t], 1: acc.var})
        self.finish(self.track_pending(t, y), moved(ports["a_in"], origin))
        self.track[t] = _Pending(self.track_var[t], moved(ports["a_out"], origin))
        self.finish(acc, moved(ports["b_in"], origin))
        return _Pending(acc.var, moved(ports["b_out"], origin))

    def negate(self, tap: _Pending, x: int, y: int) -> _Pending:
        """A NOT on the tap's way down."""
        out = self.sheet.variable("not")
        ports = draw_gate(self.sheet, "not", (y + 14, x + 9), 1, {"u": tap.var, "t": out})
        self.finish(tap, ports["u"])
        return _Pending(out, ports["t"])

    def gate(self, kind: str, tap: _Pending, acc: _Pending, x: int, y: int) -> _Pending:
        """Join ``tap`` (from the left) and ``acc`` (from the right) below track row ``y``."""
        out = self.sheet.variable(kind)
        if kind == "and":     # turned: inputs on its two sides
            ports = draw_gate(self.sheet, kind, (y + GATE_ROW, x + CROSS_COLUMN + 10), 1,
                              {"u": acc.var, "v": tap.var, "t": out})
            left, right = ports["v"], ports["u"]
        elif kind == "or":    # turned: inputs on top, v left of u
            ports = draw_gate(self.sheet, kind, (y + GATE_ROW, x + CROSS_COLUMN + 23), 1,
                              {"u": acc.var, "v": tap.var, "t": out})
            left, right = ports["v"], ports["u"]
        else:                 # xor, turned: inputs on top, u left of v
            ports = draw_gate(self.sheet, kind, (y + GATE_ROW, x + CROSS_COLUMN + 23), 1,
                              {"u": tap.var, "v": acc.var, "t": out})
            left, right = ports["u"], ports["v"]
        for pending, lane, port in ((tap, TAP_LANE, left), (acc, ACC_LANE, right)):
            point, _, _ = pending.last()
            pending.corners.append((y + lane, point[1]))
            self.finish(pending, port)
        return _Pending(out, ports["t"])

    def fix_true(self, acc: _Pending) -> None:
        """End the channel's value at a terminal that makes it true."""
        (r, c), _, _ = acc.last()
        last = (r + 10, c + 4)
        corners = _simplify(acc.port.cell, [*acc.corners, (r + 5, c), (r + 5, c + 4)], last)
        self.sheet.fix_true(self.wire_to(acc, corners, last, VALUE))


def _approach(point: Cell, direction: Cell, corner: bool, port: Port) -> list[Cell]:
    """Corners from ``point`` (reached travelling along ``direction``; the wire may
    turn there when ``corner``) into the input ``port``."""
    pr, pc = point
    qr, qc = port.cell
    if port.direction == (-1, 0):          # facing up: come down into it
        if abs(pc - qc) < CUT_ROOM:        # (nearly) in line: a detour to the side
            if corner:
                return [(pr, pc + 8), (pr + 10, pc + 8), (pr + 10, qc)]
            mid = (pr + qr) // 2
            return [(mid - 3, pc), (mid - 3, pc + 8), (mid + 3, pc + 8), (mid + 3, qc)]
        if corner:
            return [(pr, qc)]
        mid = (pr + qr - 4) // 2
        return [(mid, pc), (mid, qc)]
    if port.direction == (0, -1):          # facing left: come from the left
        if pr == qr:
            if corner:
                return []
            mid = (pc + qc) // 2
            return [(pr, mid - 5), (pr - 6, mid - 5), (pr - 6, mid + 4), (pr, mid + 4)]
        if direction[0]:                   # travelling down: turn right towards it
            side = qc - 5
            return [(pr, side), (qr, side)]
        mid = (pc + qc) // 2
        if abs(pr - qr) >= 5:
            return [(pr, mid), (qr, mid)]
        lane = min(pr, qr) - 6             # rows too close for a Z: over the top
        return [(pr, mid - 5), (lane, mid - 5), (lane, mid + 4), (qr, mid + 4)]
    if port.direction == (0, 1):           # facing right: come from the right
        side = qc + 5
        return [(pr, side), (qr, side)]
    raise LayoutError(f"cannot route into a port facing {port.direction}")


def _simplify(start: Cell, corners: list[Cell], end: Cell) -> list[Cell]:
    """``corners`` without repeated or collinear points."""
    points = [start]
    for p in [*corners, end]:
        if p == points[-1]:
            continue
        if len(points) >= 2 and not turns(points[-2], points[-1], p):
            points[-1] = p
        else:
            points.append(p)
    return points[1:-1]
