"""One representation for every finite machine of the project (DFA, NFA, Moore machine).

Kadlac's 1-D machine, Pedersen's DFA and Hu–Lin's automata are all an
:class:`Automaton`: states, an input alphabet, a transition relation, a start
state, accepting states and (for Kadlac's transducer) an output per state.
Running, drawing (DOT) and tabulating (Markdown) are written once, here.

>>> m = Automaton(
...     name="even-ones", states=("e", "o"), alphabet=("0", "1"), start="e",
...     accepting=frozenset({"e"}),
...     delta={("e", "0"): ("e",), ("e", "1"): ("o",), ("o", "0"): ("o",), ("o", "1"): ("e",)})
>>> m.accepts("0110"), m.accepts("010")
(True, False)
>>> m.path("011")
['e', 'e', 'o', 'e']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Automaton:
    """A finite automaton; deterministic when every transition has at most one target.

    ``delta[(state, symbol)]`` is the tuple of next states (missing or empty = no
    move: the run dies). ``output`` maps a state to the symbol a Moore machine
    emits on entering it (Kadlac's β); ``labels`` gives optional longer state names
    for pictures.
    """

    name: str
    states: tuple[str, ...]
    alphabet: tuple[str, ...]
    start: str
    accepting: frozenset[str]
    delta: Mapping[tuple[str, str], tuple[str, ...]]
    output: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        known = set(self.states)
        if self.start not in known:
            raise ValueError(f"{self.name}: start state {self.start!r} is not a state")
        if not self.accepting <= known:
            raise ValueError(f"{self.name}: accepting states {set(self.accepting) - known} unknown")
        for (state, symbol), targets in self.delta.items():
            if state not in known or symbol not in self.alphabet:
                raise ValueError(f"{self.name}: transition from ({state!r}, {symbol!r}) is invalid")
            if not set(targets) <= known:
                raise ValueError(f"{self.name}: transition to unknown {set(targets) - known}")

    @property
    def deterministic(self) -> bool:
        return all(len(t) <= 1 for t in self.delta.values())

    def step(self, states: Iterable[str], symbol: str) -> frozenset[str]:
        """The set of states reachable from ``states`` on one symbol."""
        if symbol not in self.alphabet:
            raise ValueError(f"{self.name}: symbol {symbol!r} is not in the alphabet")
        return frozenset(t for s in states for t in self.delta.get((s, symbol), ()))

    def run(self, symbols: Sequence[str]) -> list[frozenset[str]]:
        """The sets of active states before and after each symbol (subset simulation)."""
        current = frozenset({self.start})
        trace = [current]
        for symbol in symbols:
            current = self.step(current, symbol)
            trace.append(current)
        return trace

    def accepts(self, symbols: Sequence[str]) -> bool:
        return bool(self.run(symbols)[-1] & self.accepting)

    def path(self, symbols: Sequence[str]) -> list[str] | None:
        """The state path of a deterministic machine, or None if the run dies."""
        if not self.deterministic:
            raise ValueError(f"{self.name} is not deterministic: use run() for state sets")
        state = self.start
        result = [state]
        for symbol in symbols:
            targets = self.step((state,), symbol)
            if not targets:
                return None
            (state,) = targets
            result.append(state)
        return result

    def to_dot(self) -> str:
        """Graphviz DOT text: accepting states double-circled, parallel edges merged."""

        def q(s: str) -> str:
            return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

        lines = [f"digraph {q(self.name)} {{", "  rankdir=LR;", '  node [shape=circle];',
                 '  __start [shape=point, label=""];']
        for s in self.states:
            label = self.labels.get(s, s)
            if s in self.output:
                label = f"{label} / {self.output[s]}"
            shape = "doublecircle" if s in self.accepting else "circle"
            lines.append(f"  {q(s)} [shape={shape}, label={q(label)}];")
        lines.append(f"  __start -> {q(self.start)};")
        edges: dict[tuple[str, str], list[str]] = {}
        for (s, a), targets in self.delta.items():
            for t in targets:
                edges.setdefault((s, t), []).append(a)
        order = {a: i for i, a in enumerate(self.alphabet)}
        for (s, t), symbols in edges.items():
            label = ",".join(sorted(symbols, key=order.__getitem__))
            lines.append(f"  {q(s)} -> {q(t)} [label={q(label)}];")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def to_markdown(self) -> str:
        """The transition table as Markdown (targets joined by commas, ``-`` for none)."""
        header = "| state | " + " | ".join(f"`{a}`" for a in self.alphabet) + " |"
        rule = "|---" * (len(self.alphabet) + 1) + "|"
        rows = [header, rule]
        for s in self.states:
            mark = ("→" if s == self.start else "") + ("*" if s in self.accepting else "")
            cells = [",".join(self.delta.get((s, a), ())) or "-" for a in self.alphabet]
            rows.append(f"| {mark}{s} | " + " | ".join(cells) + " |")
        return "\n".join(rows) + "\n"
