"""Explanations: the simplest technique and sentence for each certain cell, and
the equations and local prover behind them."""
