"""Perturbation: the swaps are those of their definitions, and every board it makes is
cleared by the reference player (a real game, the analysis from scratch each turn)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sweepkit.analysis.reasons.explain import TECHNIQUES
from sweepkit.generate.logic import FLAG, OPEN, LogicPlayer
from sweepkit.generate.perturb import choose_swap, perturb
from sweepkit.rules import Rules
from tests.examples import examples
from tests.generate.reference import logic_clears


@settings(max_examples=examples(60), deadline=None)
@given(rows=st.integers(2, 9), cols=st.integers(2, 9), seed=st.integers(0, 10**6),
       steps=st.integers(0, 6))
def test_the_swaps_are_those_of_their_definitions(rows, cols, seed, steps):
    # the cells are selected on bytes as integers; here against the plain definitions
    rng = random.Random(seed)
    size = rows * cols
    first = rng.randrange(size)
    mines = frozenset(rng.sample([c for c in range(size) if c != first],
                                 rng.randint(1, size - 2) if size > 2 else 1))
    player = LogicPlayer(Rules(rows, cols, len(mines)), mines, len(TECHNIQUES) - 1, track=True)
    player.start(first)
    for _ in range(steps + 1):
        if player.solve():
            break
        state, table, is_mine = player.state, player.table, player.is_mine
        nearby = [c for c in range(size) if any(state[j] == OPEN for j in table[c])]
        frontier = ([c for c in nearby if state[c] == 0]
                    or [c for c in nearby if state[c] == FLAG])
        x, y = choose_swap(player, rng)
        assert x in frontier
        other = [c for c in range(size) if is_mine[c] != is_mine[x] and state[c] != OPEN]
        far = [c for c in other if state[c] == 0 and c not in nearby]
        assert y in (far or other) and y != x
        before = player.mines
        player.swap(x, y)
        assert player.mines == before ^ {x, y} and len(player.mines) == len(mines)


@settings(max_examples=examples(40), deadline=None)
@given(rows=st.integers(4, 9), cols=st.integers(4, 12), seed=st.integers(0, 10**6),
       rank=st.integers(0, len(TECHNIQUES) - 1), rule=st.sampled_from(["safe", "opening"]))
def test_every_perturbed_board_is_cleared_without_a_guess(rows, cols, seed, rank, rule):
    # at least 4x4 and a fifth of mines: a board with no no-guess layout at all (3x3 with
    # one mine, first click in the middle) would be perturbed for ever
    rng = random.Random(seed)
    size = rows * cols
    first = rng.randrange(size)
    rules = Rules(rows, cols, rng.randint(1, max(1, size // 5)), rule)
    if rules.mines > size - len(rules.mine_free_cells(first)):
        return
    changes = [0]
    mines = perturb(rules, first, rules.place_mines(first, rng), rank, rng, changes)
    assert len(mines) == rules.mines and not mines & set(rules.mine_free_cells(first))
    assert logic_clears(rules, mines, first, TECHNIQUES[rank])
