"""The options of ``best``: one checked, frozen value, built from a preset (``strength``)
and the options given explicitly, which override it.

The presets (:data:`STRENGTHS`) trade strength for speed: ``fast`` (the local tie-break
alone), ``normal`` and ``max``; a number is the ``normal`` preset with an endgame of that
many layouts (:func:`preset`). ``budget`` is the deprecated name of ``strength``, still read
(:func:`chosen_strength`): stored runs and older scripts spell it so. The options no preset
turns on sit apart, in :class:`Experimental`, at values that leave every move as it is
unless given.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field, fields
from typing import Any

from sweepkit.strategies.best.off_frontier import MODES as OFF_FRONTIER_MODES
from sweepkit.strategies.best.ties import MODES as TIE_MODES

GUESS_MODES = ("p", "quick", "local", "ps", "pse", "two-step")
"""The values a guess is ranked by (``guess``): the mine probability alone; then ``quick``
or ``local`` (read from the outcome counts); then one exact analysis per number shown:
``ps``, ``pse``, ``two-step`` (the module doc of :mod:`sweepkit.strategies.best`)."""

STRENGTHS: dict[str, dict[str, Any]] = {
    "fast": {"guess": "local", "lookahead": 0, "tolerance": 0.0, "fifty_fifty": True,
             "isolated": False, "endgame": 0, "endgame_states": 0, "far_corner": False,
             "long_term": 0.0, "blend": 0.0, "pockets": 0, "off_frontier": "all",
             "ties": "random", "partial": False},
    "normal": {"guess": "two-step", "lookahead": 1_000_000, "tolerance": 0.1,
               "fifty_fifty": True, "isolated": True, "endgame": 400, "endgame_states": 5000,
               "far_corner": True, "long_term": 0.9, "blend": 0.2, "pockets": 8,
               "off_frontier": "java", "ties": "open", "partial": True},
    "max": {"guess": "two-step", "lookahead": 1_000_000, "tolerance": 0.15, "fifty_fifty": True,
            "isolated": True, "endgame": 20_000, "endgame_states": 10_000, "far_corner": True,
            "long_term": 0.9, "blend": 0.2, "pockets": 8, "off_frontier": "all",
            "ties": "open", "partial": True},
}
"""The presets of ``strength``: strength traded for speed (``docs/results.md`` measures
each). The experimental options are in none: each preset leaves them as
:class:`Experimental` has them."""


DEFAULT_STRENGTH = "normal"
"""The preset of ``best`` when none is given."""


def preset(strength: str | int) -> dict[str, Any]:
    """The options of a strength name, or of ``normal`` with an endgame of ``strength``
    layouts (a number, or its digits); ValueError naming the choices otherwise.

    >>> preset(500)["endgame"], preset("fast")["guess"]
    (500, 'local')
    """
    if isinstance(strength, bool):
        raise ValueError(f"unknown strength {strength!r}")
    if isinstance(strength, int):
        if strength < 0:
            raise ValueError(f"strength: expected a number of layouts of at least 0, got "
                             f"{strength}")
        return {**STRENGTHS["normal"], "endgame": strength}
    if isinstance(strength, str) and strength.isdigit():
        return preset(int(strength))
    try:
        return STRENGTHS[strength]
    except KeyError:
        raise ValueError(f"unknown strength {strength!r} (expected one of "
                         f"{', '.join(STRENGTHS)}, or a number of layouts)") from None


def chosen_strength(strength: str | int | None, budget: str | int | None,
                    stacklevel: int = 3) -> str | int:
    """The preset asked for by ``strength``, or by ``budget``, its deprecated name (with a
    DeprecationWarning pointing ``stacklevel`` frames up); :data:`DEFAULT_STRENGTH` when
    neither is given, ValueError when both are and differ.

    >>> chosen_strength("max", None), chosen_strength(None, None)
    ('max', 'normal')
    """
    if budget is None:
        return DEFAULT_STRENGTH if strength is None else strength
    warnings.warn("best's option 'budget' is the deprecated name of 'strength'",
                  DeprecationWarning, stacklevel=stacklevel)
    if strength is not None and strength != budget:
        raise ValueError(f"strength {strength!r} and budget {budget!r} (its deprecated "
                         f"name) given both")
    return budget


@dataclass(frozen=True)
class Experimental:
    """The options no preset turns on, each measured off or neutral
    (``docs/results.md`` records what they were worth; their code is
    :mod:`sweepkit.strategies.best.experimental`). As made here, each leaves every move as
    it is and no code of theirs runs.

    - ``pseudo``: guess a pseudo 50/50 (:mod:`.experimental.owed`) before the heuristic;
    - ``owed`` (a weight from 0 to 1): a two-step value gains that much of the share of
      layouts in which the guess loses only what a closed 50/50 takes anyway;
    - ``chains``: guess a chain 50/50 (:mod:`.experimental.chains`) before the heuristic;
    - ``progress`` (0 or more): a two-step value is multiplied by 1 + ``progress`` × S (S:
      the chance that the guess is safe and its number makes some cell certain), the Java
      solver's progress bonus;
    - ``discount`` (from 0 to 1): the next guess's safety counts that much when the number
      makes no cell certain (:func:`~sweepkit.strategies.best.experimental.discounted`).
    """

    pseudo: bool = False
    owed: float = 0.0
    chains: bool = False
    progress: float = 0.0
    discount: float = 1.0


EXPERIMENTAL = tuple(f.name for f in fields(Experimental))
"""The names of the experimental options (given as every other option is)."""


@dataclass(frozen=True)
class BestOptions:
    """Every option of ``best``, checked (:meth:`__post_init__`) and converted to its type.
    :meth:`of` builds it from a strength and the options given; the module doc of
    :mod:`sweepkit.strategies.best` says what each does."""

    guess: str
    tolerance: float
    lookahead: int
    fifty_fifty: bool
    isolated: bool
    endgame: int
    endgame_states: int
    far_corner: bool
    long_term: float
    blend: float
    pockets: int
    off_frontier: str
    ties: str
    partial: bool
    experimental: Experimental = field(default_factory=Experimental)

    @classmethod
    def of(cls, strength: str | int | None = None, **given: Any) -> BestOptions:
        """The options of the preset ``strength`` (:func:`preset`; ``normal`` when
        ``None``) with those ``given`` on top (a ``None`` is not given), the experimental
        ones among them too; ValueError when a strength or an option is out of range,
        TypeError for an unknown option. ``budget=`` names the preset too, deprecated
        (:func:`chosen_strength`).

        >>> BestOptions.of("max", endgame=7).endgame, BestOptions.of(discount=0.9).experimental
        (7, Experimental(pseudo=False, owed=0.0, chains=False, progress=0.0, discount=0.9))
        """
        strength = chosen_strength(strength, given.pop("budget", None))
        values = {**preset(strength), **{k: v for k, v in given.items() if v is not None}}
        experimental = Experimental(**{k: values.pop(k) for k in EXPERIMENTAL if k in values})
        return cls(**values, experimental=experimental)

    def __post_init__(self) -> None:
        """Check every option (the experimental ones too) and convert it to its type; the
        messages name the option and the value given."""
        x = self.experimental
        if self.guess not in GUESS_MODES:
            raise ValueError(f"unknown guess mode {self.guess!r} (expected one of "
                             f"{', '.join(GUESS_MODES)})")
        converted = {"tolerance": float(self.tolerance), "lookahead": int(self.lookahead),
                     "fifty_fifty": bool(self.fifty_fifty), "isolated": bool(self.isolated),
                     "endgame": int(self.endgame), "endgame_states": int(self.endgame_states),
                     "far_corner": bool(self.far_corner), "long_term": float(self.long_term),
                     "blend": float(self.blend), "pockets": int(self.pockets),
                     "partial": bool(self.partial)}
        exp = {"pseudo": bool(x.pseudo), "owed": float(x.owed), "chains": bool(x.chains),
               "progress": float(x.progress), "discount": float(x.discount)}
        if self.ties not in TIE_MODES:
            raise ValueError(f"ties: expected one of {', '.join(TIE_MODES)}, got {self.ties!r}")
        if self.off_frontier not in OFF_FRONTIER_MODES:
            raise ValueError(f"off_frontier: expected one of {', '.join(OFF_FRONTIER_MODES)}, "
                             f"got {self.off_frontier!r}")
        if not 0 <= exp["discount"] <= 1:
            raise ValueError(f"discount: expected a number from 0 to 1, got {x.discount!r}")
        if not 0 <= exp["owed"] <= 1:
            raise ValueError(f"owed: expected a weight from 0 to 1, got {x.owed!r}")
        if not 0 <= converted["long_term"] <= 1:
            raise ValueError(f"long_term: expected a weight from 0 to 1, got "
                             f"{self.long_term!r}")
        if not 0 <= converted["blend"] < 1:
            raise ValueError(f"blend: expected a weight from 0 to below 1, got {self.blend!r}")
        if exp["progress"] < 0:
            raise ValueError(f"progress: expected a weight, 0 or more, got {x.progress!r}")
        if converted["pockets"] < 0:
            raise ValueError(f"pockets: expected a number of cells, 0 or more, got "
                             f"{self.pockets!r}")
        for name, value in converted.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "experimental", Experimental(**exp))

    @property
    def two_step(self) -> bool:
        """Whether guesses are ranked by their two-step value (``guess="two-step"``): the
        only mode the long-term factor, the blend and the experimental weights act on."""
        return self.guess == "two-step"

    @property
    def ranking_discount(self) -> float:
        """The discount the ranking uses: the experimental ``discount`` in the two-step
        mode, else 1."""
        return self.experimental.discount if self.two_step else 1.0


OPTIONS = tuple(f.name for f in fields(BestOptions) if f.name != "experimental")
"""The names of the options each preset sets (:data:`EXPERIMENTAL` names the others)."""
