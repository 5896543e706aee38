"""The order of ``best``'s guess rules (:mod:`sweepkit.strategies.best.rules`): which rules
each preset and option turns on, in the order they are tried, and the first that has a
move deciding."""

from __future__ import annotations

import random

from sweepkit.analysis.board.probability import analyse
from sweepkit.analysis.tracking.incremental import IncrementalAnalyser
from sweepkit.position import Position
from sweepkit.strategies.best import BestOptions, BestStrategy
from sweepkit.strategies.best.endgame import Endgame
from sweepkit.strategies.best.guesses import Evaluator
from sweepkit.strategies.best.ranking import Ranking
from sweepkit.strategies.best.rules import Rules


def steps(strength: str | int = "normal", **given) -> list[str]:
    options = BestOptions.of(strength, **given)
    whatif = IncrementalAnalyser(keep_mines=False)
    rules = Rules(options, Endgame(options.endgame, options.endgame_states, options.partial),
                  Ranking(options).pick, whatif)
    return [step for step, _rule in rules.order]


def test_each_preset_tries_its_rules_in_order():
    assert steps("normal") == steps("max") == steps(50) == [
        "exact endgame", "opening book", "forced guess", "isolated area"]
    assert steps("fast") == ["forced guess"]
    # the isolated areas are searched within the endgame's limits: none without it
    assert steps("normal", endgame=0) == ["opening book", "forced guess"]
    assert steps("normal", far_corner=False, fifty_fifty=False) == [
        "exact endgame", "isolated area"]


def test_the_experimental_rules_come_last_and_only_when_given():
    assert steps("normal", chains=True, pseudo=True) == [
        "exact endgame", "opening book", "forced guess", "isolated area", "pseudo 50/50",
        "chain 50/50"]
    assert steps("fast", chains=True) == ["forced guess", "chain 50/50"]


def test_the_first_rule_with_a_move_decides():
    # a 50/50 at the bottom nothing else can inform, six cells above: the endgame (few
    # layouts) takes it first when on, the forced guess when it is off
    view = Position.from_rows(["??", "??", "??", "11", "11", "??"], mines=3)
    for given, step in (({}, "exact endgame"), ({"endgame": 0}, "forced guess"),
                        ({"endgame": 0, "fifty_fifty": False}, "two-step")):
        strategy = BestStrategy(**given)
        strategy.start(view)
        assert strategy.consider(analyse(view), random.Random(0)).step == step


def test_the_default_ranking_counts_nothing_for_the_experimental_options():
    """``owed`` off: the owed risk is not counted (the evaluator keeps what was counted);
    on: counted once for the position."""
    view = Position.from_rows(["001??", "122??", "?3?3?", "?????", "?????"], mines=5)
    for owed in (0.0, 0.5):
        evaluator = Evaluator(analyse(view), IncrementalAnalyser(keep_mines=False))
        BestStrategy(endgame=0, owed=owed).rank(evaluator)
        counted = evaluator.kept("owed", lambda: None)
        assert (counted is not None) == bool(owed)
