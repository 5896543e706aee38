"""Guesses in words: the note of a move ``best`` guessed, and a hint's line for each
runner-up (:mod:`sweepkit.strategies.hint`), from the values the guess was ranked by."""

from __future__ import annotations

from sweepkit.strategies.best.experimental import discounted
from sweepkit.strategies.best.guesses import Candidate
from sweepkit.strategies.best.options import BestOptions
from sweepkit.strategies.best.ranking import Ranked


def describe(c: Candidate, tied: int = 1, discount: float = 1.0, blend: float = 0.0,
             scale: float = 1.0) -> str:
    """A guess's values in words (the note of its move, a hint's line); with ``discount``
    below 1, the discounted two-step value the guess was ranked by too; with ``blend``,
    the next guess's safety is the blended one; ``scale`` is the long-term factor."""
    text = f"{c.safety:.1%} safe"
    if c.two_step is not None:
        text += (f"; its number makes some cell certainly safe {c.progress:.0%} of the time "
                 f"({c.expected:.2g} such cells on average); ")
        if blend:
            text += (f"survives this guess and the next {c.two_step:.1%}, the next one's "
                     f"safety weighing the best cell left {1 - blend:.0%} and the second "
                     f"best {blend:.0%}")
        else:
            text += f"survives this guess and the next {c.two_step:.1%}"
        if discount < 1:
            text += (f" ({discounted(c, discount):.1%} with a next guess that is still to "
                     f"come weighed by {discount:g})")
        if scale != 1:
            text += (f"; counted {scale:.3f} times for the 50/50s that may form on it and "
                     f"whose risk is taken anyway (long-term safety)")
    else:
        text += (f"; its number leaves a cell next to it certainly safe {c.local:.0%} of the "
                 f"time, decides all its neighbours {c.quick:.0%}")
    if c.dead:
        text += "; dead (its number is known: it can only lose or tell nothing)"
    return text + (f" ({tied} cells equally good)" if tied > 1 else "")


def describe_ranked(ranked: Ranked, tied: int, options: BestOptions) -> str:
    """A guess ranked with ``options``, in words (:func:`describe`, with the discount the
    ranking used, the blend and the long-term factor); ``tied`` cells equally good."""
    return describe(ranked.candidate, tied, options.ranking_discount,
                    options.blend if options.two_step else 0.0, ranked.scale)
