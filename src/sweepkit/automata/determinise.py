"""Subset construction and minimisation: NFA → complete DFA → minimal DFA, on :class:`Automaton`.

Generic over any machine of the project; Hu–Lin's automata use them to derive
their DFA from the NFA instead of typing it in.

Sources (docs/bibliography.md): the subset construction of Rabin and Scott, *Finite
automata and their decision problems*, IBM J. Res. Dev. 3(2), 1959 [RabinScott1959], as Hu
and Lin apply it (*2×n Minesweeper Consistency Problem is in P*, undated, §4 [HuLin]);
minimisation by Moore's partition refinement, Moore, *Gedanken-experiments on sequential
machines*, Automata Studies (Annals of Mathematics Studies 34), 1956 [Moore1956].

>>> from sweepkit.automata.machine import Automaton
>>> nfa = Automaton(name="ends-in-a", states=("p", "q"), alphabet=("a", "b"), start="p",
...                 accepting=frozenset({"q"}),
...                 delta={("p", "a"): ("p", "q"), ("p", "b"): ("p",)})
>>> dfa = determinise(nfa)
>>> dfa.states, dfa.deterministic
(('{p}', '{p,q}'), True)
>>> len(minimise(dfa).states)
2
"""

from __future__ import annotations

from collections.abc import Iterable

from sweepkit.automata.machine import Automaton

DEAD = "∅"
"""Name of the empty subset (the dead state of a complete DFA)."""


def subset_name(states: Iterable[str], order: dict[str, int]) -> str:
    """``{a,b}`` in the NFA's state order, ``∅`` for the empty set."""
    members = sorted(states, key=order.__getitem__)
    return "{" + ",".join(members) + "}" if members else DEAD


def determinise(nfa: Automaton, name: str | None = None) -> Automaton:
    """The complete DFA of the subsets reachable from ``{start}`` (dead set included if reached).

    States are named ``{s1,s2}``; a subset accepts when it holds an accepting state.
    """
    order = {s: i for i, s in enumerate(nfa.states)}
    start = frozenset({nfa.start})
    names = {start: subset_name(start, order)}
    queue = [start]
    delta: dict[tuple[str, str], tuple[str, ...]] = {}
    for subset in queue:  # the queue grows while we walk it: breadth-first discovery order
        for symbol in nfa.alphabet:
            target = nfa.step(subset, symbol)
            if target not in names:
                names[target] = subset_name(target, order)
                queue.append(target)
            delta[(names[subset], symbol)] = (names[target],)
    accepting = frozenset(names[s] for s in queue if s & nfa.accepting)
    return Automaton(
        name=name or f"{nfa.name}-dfa", states=tuple(names[s] for s in queue),
        alphabet=nfa.alphabet, start=names[start], accepting=accepting, delta=delta,
    )


def equivalence_classes(dfa: Automaton) -> list[list[str]]:
    """Moore's partition refinement: blocks of states no input word can tell apart.

    Blocks are listed in the order of their first state in ``dfa.states``.
    """
    if not dfa.deterministic:
        raise ValueError(f"{dfa.name} is not deterministic")
    block = {s: int(s in dfa.accepting) for s in dfa.states}
    while True:
        signature = {
            s: (block[s], *(block.get(_target(dfa, s, a), -1) for a in dfa.alphabet))
            for s in dfa.states
        }
        numbering: dict[tuple[int, ...], int] = {}
        refined = {s: numbering.setdefault(signature[s], len(numbering)) for s in dfa.states}
        if len(numbering) == len(set(block.values())):
            break
        block = refined
    groups: dict[int, list[str]] = {}
    for s in dfa.states:
        groups.setdefault(refined[s], []).append(s)
    return list(groups.values())


def _target(dfa: Automaton, state: str, symbol: str) -> str | None:
    targets = dfa.delta.get((state, symbol), ())
    return targets[0] if targets else None


def minimise(dfa: Automaton, name: str | None = None) -> Automaton:
    """The minimal DFA of ``dfa`` (reachable states only; each block is named by its first state).

    ``labels`` list every merged state, so pictures show what a block stands for.
    """
    reachable = set(dfa.run([])[0])
    frontier = [dfa.start]
    while frontier:
        s = frontier.pop()
        for a in dfa.alphabet:
            t = _target(dfa, s, a)
            if t is not None and t not in reachable:
                reachable.add(t)
                frontier.append(t)
    trimmed = Automaton(
        name=dfa.name, states=tuple(s for s in dfa.states if s in reachable),
        alphabet=dfa.alphabet, start=dfa.start, accepting=dfa.accepting & reachable,
        delta={k: v for k, v in dfa.delta.items() if k[0] in reachable},
    )
    blocks = equivalence_classes(trimmed)
    rep = {s: block[0] for block in blocks for s in block}
    delta = {}
    for block in blocks:
        for a in trimmed.alphabet:
            t = _target(trimmed, block[0], a)
            if t is not None:
                delta[(block[0], a)] = (rep[t],)
    return Automaton(
        name=name or f"{dfa.name}-min", states=tuple(b[0] for b in blocks),
        alphabet=dfa.alphabet, start=rep[dfa.start],
        accepting=frozenset(b[0] for b in blocks if b[0] in dfa.accepting), delta=delta,
        labels={b[0]: " ".join(b) for b in blocks if len(b) > 1},
    )
