"""The two ways a reduction's logic is written: DIMACS CNF (``p cnf V C``, clauses of
signed variable numbers ending in 0, ``c`` comments) and a small circuit language (one
gate a line, ``t = and(u, not(v))``; ``output t``). Each parser names the line and column
of the first fault (:class:`FormulaError`); both give a :class:`Circuit`, the form the
layout of gadgets is built from.

>>> cnf = parse_cnf("p cnf 2 2\\n1 -2 0\\n2 0\\n")
>>> cnf.clauses, cnf.satisfied({1: True, 2: True})
(((1, -2), (2,)), True)
>>> circuit = parse_circuit("t = and(u, not(v))\\noutput t\\n")
>>> circuit.inputs, circuit.evaluate({"u": True, "v": False})
(('u', 'v'), True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

GATES: Final = {"not": 1, "and": 2, "or": 2, "xor": 2}
"""The gates of the circuit language, with their number of arguments (``and`` and ``or``
also take more than two: they are chained)."""

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class FormulaError(ValueError):
    """A formula or circuit that cannot be read: the message names line and column."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column = line, column


@dataclass(frozen=True)
class CNF:
    """A formula in conjunctive normal form: variables 1..``variables``, clauses of
    non-zero literals (negative: negated)."""

    variables: int
    clauses: tuple[tuple[int, ...], ...]

    def satisfied(self, assignment: dict[int, bool]) -> bool:
        """Whether ``assignment`` (variable → value) makes every clause true."""
        return all(any(assignment[abs(x)] == (x > 0) for x in clause) for clause in self.clauses)

    def circuit(self, join: bool = True) -> Circuit:
        """The formula as a circuit with one output: the AND of its clauses' ORs; with
        ``join`` false, one output a clause instead (all fixed true: the same formula,
        without the AND's wires)."""
        gates: list[Gate] = []
        clause_wires = []
        for n, clause in enumerate(self.clauses):
            literals = []
            for x in clause:
                name = f"x{abs(x)}"
                if x < 0:
                    gates.append(Gate(f"_n{n}_{abs(x)}", "not", (name,)))
                    name = gates[-1].output
                literals.append(name)
            clause_wires.append(_chain(gates, "or", literals, f"_c{n}"))
        inputs = tuple(f"x{v}" for v in range(1, self.variables + 1))
        if not join:
            return Circuit(inputs, tuple(gates), tuple(clause_wires))
        out = _chain(gates, "and", clause_wires, "_f") if clause_wires else None
        return Circuit(inputs, tuple(gates), () if out is None else (out,))


@dataclass(frozen=True)
class Gate:
    """``output = kind(arguments)``, one of :data:`GATES` with its wires' names."""

    output: str
    kind: str
    arguments: tuple[str, ...]


@dataclass(frozen=True)
class Circuit:
    """Inputs (in order of first use), gates in an order where each uses only inputs and
    earlier gates, and the outputs that must be true."""

    inputs: tuple[str, ...]
    gates: tuple[Gate, ...]
    outputs: tuple[str, ...]

    def values(self, assignment: dict[str, bool]) -> dict[str, bool]:
        """Every wire's value for an assignment of the inputs."""
        values = dict(assignment)
        for g in self.gates:
            args = [values[a] for a in g.arguments]
            values[g.output] = (not args[0] if g.kind == "not" else
                                args[0] and args[1] if g.kind == "and" else
                                args[0] or args[1] if g.kind == "or" else args[0] != args[1])
        return values

    def evaluate(self, assignment: dict[str, bool]) -> bool:
        """Whether every output is true for this assignment of the inputs."""
        values = self.values(assignment)
        return all(values[o] for o in self.outputs)


def _chain(gates: list[Gate], kind: str, wires: list[str], prefix: str) -> str:
    """Fold ``wires`` with a two-input ``kind`` gate; the last wire's name."""
    current = wires[0]
    for n, wire in enumerate(wires[1:]):
        gates.append(Gate(f"{prefix}_{n}", kind, (current, wire)))
        current = gates[-1].output
    return current


def formula_kind(text: str, name: str = "") -> str:
    """``"cnf"`` for DIMACS text (a file ``name`` ending in ``.cnf``, a ``p`` line first, or
    a first line of numbers: a clause, its ``p`` line forgotten), else ``"circuit"``.

    >>> formula_kind("p cnf 2 1"), formula_kind("t = not(u)"), formula_kind("", "x.cnf")
    ('cnf', 'circuit', 'cnf')
    >>> formula_kind("1 -2 0")
    'cnf'
    """
    first = next((line.strip() for line in text.splitlines()
                  if line.strip() and not line.lstrip().startswith(("c ", "#"))), "")
    clause = all(word.lstrip("-").isdigit() for word in first.split()) and bool(first)
    return "cnf" if name.endswith(".cnf") or first.startswith("p ") or clause else "circuit"


def parse_cnf(text: str) -> CNF:
    """A DIMACS CNF formula; FormulaError naming line and column of the first fault (no
    or a second ``p`` line, a literal out of range or not a number, a clause without its
    final 0, more or fewer clauses than the header says)."""
    header: tuple[int, int] | None = None
    clauses: list[tuple[int, ...]] = []
    current: list[int] = []
    last = (1, 1)
    for lineno, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("c", "%")):
            continue
        column = len(line) - len(line.lstrip()) + 1
        if stripped.startswith("p"):
            parts = stripped.split()
            if header is not None:
                raise FormulaError("a second 'p' line", lineno, column)
            if len(parts) != 4 or parts[1] != "cnf" or not all(p.isdigit() for p in parts[2:]):
                raise FormulaError("expected 'p cnf VARIABLES CLAUSES'", lineno, column)
            header = (int(parts[2]), int(parts[3]))
            continue
        if header is None:
            raise FormulaError("a clause before the 'p cnf' line", lineno, column)
        for match in re.finditer(r"\S+", line):
            token, col = match.group(), match.start() + 1
            last = (lineno, col)
            if not re.fullmatch(r"-?[0-9]+", token):
                raise FormulaError(f"{token!r} is not a literal (a whole number)", lineno, col)
            literal = int(token)
            if literal == 0:
                clauses.append(tuple(current))
                current = []
            elif abs(literal) > header[0]:
                raise FormulaError(f"variable {abs(literal)} is beyond the {header[0]} the "
                                   "header declares", lineno, col)
            else:
                current.append(literal)
    if header is None:
        raise FormulaError("no 'p cnf VARIABLES CLAUSES' line", 1, 1)
    if current:
        raise FormulaError("the last clause does not end with 0", *last)
    if len(clauses) != header[1]:
        raise FormulaError(f"the header declares {header[1]} clauses, the file has "
                           f"{len(clauses)}", *last)
    return CNF(header[0], tuple(clauses))


def parse_circuit(text: str) -> Circuit:
    """A circuit: lines ``NAME = EXPRESSION`` (gates of :data:`GATES` nested freely over
    names) and ``output NAME``; ``#`` starts a comment. Names never assigned are the
    inputs. A wire is defined before it is used, so a circuit has no cycle.
    FormulaError naming line and column for an unknown gate, a wrong number of
    arguments, a wire assigned twice, used in its own definition or before it (a cycle),
    an output that is never defined, or a syntax error."""
    gates: list[Gate] = []
    defined: dict[str, tuple[int, int]] = {}
    uses: list[tuple[str, int, int]] = []
    outputs: list[tuple[str, int, int]] = []
    counter = 0
    for lineno, raw in enumerate(text.split("\n"), start=1):
        line = raw.split("#", 1)[0]
        if not line.strip():
            continue
        column = len(line) - len(line.lstrip()) + 1
        words = line.split()
        if words[0] == "output":
            if len(words) != 2 or not _NAME.fullmatch(words[1]):
                raise FormulaError("expected 'output NAME'", lineno, column)
            outputs.append((words[1], lineno, line.index(words[1], column - 1 + 6) + 1))
            continue
        name, eq, _ = line.partition("=")
        name = name.strip()
        if not eq or not _NAME.fullmatch(name):
            raise FormulaError("expected 'NAME = gate(...)' or 'output NAME'", lineno, column)
        if name in defined:
            raise FormulaError(f"{name!r} is assigned twice (first on line "
                               f"{defined[name][0]})", lineno, column)
        if name in GATES:
            raise FormulaError(f"{name!r} is a gate, not a wire name", lineno, column)
        start = line.index("=") + 1
        parser = _Expression(line, start, lineno)
        counter = parser.parse_into(name, gates, uses, counter)
        defined[name] = (lineno, column)
        for used, ln, col in uses:
            if used == name and ln == lineno:
                raise FormulaError(f"{name!r} is used in its own definition (a cycle)", ln,
                                   col)
    for used, ln, col in uses:
        if used in defined and defined[used][0] > ln:
            raise FormulaError(f"{used!r} is used before it is defined (on line "
                               f"{defined[used][0]}): a circuit is written in order, "
                               "with no cycle", ln, col)
    for out, ln, col in outputs:
        if out not in defined and out not in {u for u, _, _ in uses}:
            raise FormulaError(f"output {out!r} is never defined", ln, col)
    inputs = tuple(dict.fromkeys(u for u, _, _ in uses if u not in defined))
    return Circuit(inputs, tuple(gates), tuple(o for o, _, _ in outputs))


MAX_NESTING = 100
"""Gates nested deeper than this in one expression are refused (name the inner ones on
lines of their own): the reader recurses once a level."""


class _Expression:
    """A recursive-descent reader of one gate expression: ``gate(arg, ...)`` or a name."""

    def __init__(self, line: str, start: int, lineno: int) -> None:
        self.line, self.pos, self.lineno = line, start, lineno
        self.depth = 0

    def fail(self, message: str) -> FormulaError:
        return FormulaError(message, self.lineno, self.pos + 1)

    def skip(self) -> None:
        while self.pos < len(self.line) and self.line[self.pos].isspace():
            self.pos += 1

    def name(self) -> tuple[str, int]:
        self.skip()
        found = _NAME.match(self.line, self.pos)
        if not found:
            raise self.fail("expected a gate or a wire name")
        self.pos = found.end()
        return found.group(), found.start() + 1

    def parse_into(self, target: str, gates: list[Gate], uses: list[tuple[str, int, int]],
                   counter: int) -> int:
        """Read the whole expression, appending its gates (the outermost named
        ``target``); the counter for the names of inner gates."""
        result, counter = self.expression(gates, uses, counter, target)
        self.skip()
        if self.pos < len(self.line):
            raise self.fail("unexpected text after the expression")
        if result != target:  # a plain copy: t = u
            gates.append(Gate(target, "and", (result, result)))
        return counter

    def expression(self, gates: list[Gate], uses: list[tuple[str, int, int]], counter: int,
                   target: str | None) -> tuple[str, int]:
        word, column = self.name()
        self.skip()
        if self.pos < len(self.line) and self.line[self.pos] == "(":
            if word not in GATES:
                raise FormulaError(f"unknown gate {word!r} (expected one of "
                                   f"{', '.join(GATES)})", self.lineno, column)
            if self.depth >= MAX_NESTING:
                raise FormulaError(f"gates nested more than {MAX_NESTING} deep: name the "
                                   "inner ones on lines of their own", self.lineno, column)
            self.depth += 1
            self.pos += 1
            args = []
            while True:
                arg, counter = self.expression(gates, uses, counter, None)
                args.append(arg)
                self.skip()
                if self.pos < len(self.line) and self.line[self.pos] == ",":
                    self.pos += 1
                    continue
                if self.pos < len(self.line) and self.line[self.pos] == ")":
                    self.pos += 1
                    self.depth -= 1
                    break
                raise self.fail("expected ',' or ')'")
            wanted = GATES[word]
            if len(args) != wanted and not (word in ("and", "or") and len(args) > 2):
                raise FormulaError(f"{word} takes {wanted} argument{'s' * (wanted > 1)}, "
                                   f"not {len(args)}", self.lineno, column)
            counter += 1
            if len(args) > 2:
                inner = _chain(gates, word, args[:-1], f"_{target or 'g'}{counter}")
                args = [inner, args[-1]]
            out = target or f"_g{counter}"
            gates.append(Gate(out, word, tuple(args)))
            return out, counter
        uses.append((word, self.lineno, column))
        return word, counter
