"""The options of ``best`` (:mod:`sweepkit.strategies.best.options`): presets, overrides,
the checks and their messages, and the experimental options kept apart."""

from __future__ import annotations

import dataclasses
import warnings

import pytest

from sweepkit.strategies import make_strategy
from sweepkit.strategies.best import (
    EXPERIMENTAL,
    STRENGTHS,
    BestOptions,
    BestStrategy,
    Experimental,
    preset,
)


def test_options_and_presets():
    assert BestStrategy(strength="fast").options.guess == "local"
    assert BestStrategy(strength=500).options.endgame == 500
    assert BestStrategy(strength="500").options == BestOptions.of(500)
    assert BestStrategy(strength="max", endgame=7).options.endgame == 7
    assert BestStrategy(strength="max", endgame=7).options.tolerance == (
        STRENGTHS["max"]["tolerance"])
    with pytest.raises(ValueError, match="unknown strength"):
        BestStrategy(strength="slow")
    with pytest.raises(ValueError, match="unknown guess mode"):
        BestStrategy(guess="maybe")
    with pytest.raises(ValueError, match="discount"):
        BestStrategy(discount=1.5)
    assert BestStrategy(strength="fast").options.experimental.discount == 1


@pytest.mark.parametrize(("given", "message"), [
    ({"strength": "slow"},
     "unknown strength 'slow' (expected one of fast, normal, max, or a number of layouts)"),
    ({"strength": -1}, "strength: expected a number of layouts of at least 0, got -1"),
    ({"strength": True}, "unknown strength True"),
    ({"guess": "maybe"},
     "unknown guess mode 'maybe' (expected one of p, quick, local, ps, pse, two-step)"),
    ({"ties": "never"}, "ties: expected one of random, reading, columns, open, got 'never'"),
    ({"off_frontier": "some"}, "off_frontier: expected one of all, java, got 'some'"),
    ({"discount": 1.5}, "discount: expected a number from 0 to 1, got 1.5"),
    ({"discount": -1}, "discount: expected a number from 0 to 1, got -1"),
    ({"owed": 2}, "owed: expected a weight from 0 to 1, got 2"),
    ({"long_term": 1.5}, "long_term: expected a weight from 0 to 1, got 1.5"),
    ({"blend": 1}, "blend: expected a weight from 0 to below 1, got 1"),
    ({"progress": -1}, "progress: expected a weight, 0 or more, got -1"),
    ({"pockets": -2}, "pockets: expected a number of cells, 0 or more, got -2"),
    ({"guess": "maybe", "discount": 2},
     "unknown guess mode 'maybe' (expected one of p, quick, local, ps, pse, two-step)"),
])
def test_each_option_out_of_range_is_named_with_the_value_given(given, message):
    """The messages are the same whether the strategy is made or its options alone; the
    value shown is the one given."""
    for make in (lambda: BestStrategy(**given), lambda: BestOptions.of(**given)):
        with pytest.raises(ValueError) as caught:
            make()
        assert str(caught.value) == message


def test_options_are_converted_once_and_frozen():
    options = BestOptions.of("fast", lookahead=3.0, tolerance=0, pockets=True, owed=1)
    assert (options.lookahead, options.tolerance, options.pockets) == (3, 0.0, 1)
    assert type(options.lookahead) is int and type(options.tolerance) is float
    assert type(options.experimental.owed) is float and options.experimental.owed == 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.guess = "p"  # type: ignore[misc]
    with pytest.raises(TypeError):
        BestOptions.of(radius=3)


def test_the_experimental_options_are_in_no_preset_and_off_unless_given():
    """``pseudo``, ``owed``, ``chains``, ``progress`` and ``discount``: no preset names
    them, every preset leaves them off, and given by name they land in ``experimental``
    only (the keyword names and ``--option key=value`` still reach them)."""
    assert set(EXPERIMENTAL) == {"pseudo", "owed", "chains", "progress", "discount"}
    off = Experimental()
    assert not (off.pseudo or off.owed or off.chains or off.progress) and off.discount == 1
    for name in STRENGTHS:
        assert not set(EXPERIMENTAL) & set(preset(name))
        assert BestOptions.of(name).experimental == off
    given = {"pseudo": True, "owed": 0.5, "chains": True, "progress": 0.001, "discount": 0.97}
    strategy = make_strategy("best", **given)
    assert isinstance(strategy, BestStrategy)
    assert dataclasses.asdict(strategy.options.experimental) == given
    plain = dataclasses.replace(strategy.options, experimental=off)
    assert plain == BestOptions.of("normal")


def test_options_made_by_name_are_checked_after_their_conversion():
    """``make_strategy`` (the command line's ``--option``, a stored run) converts a value to
    the option's type first: the check names the option and the converted value."""
    with pytest.raises(ValueError, match=r"^discount: expected a number from 0 to 1, got 2\.0$"):
        make_strategy("best", discount=2)
    with pytest.raises(ValueError, match=r"^option strength: expected a whole number or text"):
        make_strategy("best", strength=True)


def test_an_option_reads_by_its_name_on_the_strategy():
    strategy = BestStrategy(strength="max", endgame=7, discount=0.9)
    assert (strategy.endgame, strategy.tolerance, strategy.discount) == (7, 0.15, 0.9)
    with pytest.raises(AttributeError, match="radius"):
        _ = strategy.radius


def test_the_ranking_discount_is_the_two_step_modes_only():
    assert BestOptions.of(discount=0.9).ranking_discount == 0.9
    assert BestOptions.of(discount=0.9, guess="pse").ranking_discount == 1.0
    assert BestStrategy(discount=0.9, guess="local").ranking_discount() == 1.0


def test_budget_is_the_deprecated_name_of_strength():
    """``budget=`` picks the same preset as ``strength=``, with a DeprecationWarning, made
    directly, by name (a stored run's spelling) or as options alone; both names given
    differently are refused; ``strength`` alone warns of nothing."""
    for name in (*STRENGTHS, 500, "500"):
        with pytest.warns(DeprecationWarning, match="'budget' is the deprecated name of "
                          "'strength'"):
            old = BestStrategy(budget=name)
        assert old.options == BestStrategy(strength=name).options == BestOptions.of(name)
    for make in (lambda: make_strategy("best", budget="fast"),
                 lambda: BestOptions.of(budget="fast")):
        with pytest.warns(DeprecationWarning):
            made = make()
        assert getattr(made, "options", made) == BestOptions.of("fast")
    with pytest.warns(DeprecationWarning), pytest.raises(ValueError, match="given both"):
        BestStrategy(strength="max", budget="fast")
    with pytest.warns(DeprecationWarning):
        assert BestStrategy(strength="max", budget="max").options == BestOptions.of("max")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert BestStrategy(strength="fast").options.guess == "local"
        assert BestStrategy().options == BestOptions.of("normal") == BestOptions.of()


def test_an_unknown_option_is_told_the_current_names_only():
    with pytest.raises(ValueError) as caught:
        make_strategy("best", radius=3)
    assert "strength" in str(caught.value) and "budget" not in str(caught.value)
