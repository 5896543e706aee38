"""Exact analysis of any position: counts, probabilities, consistency, enumeration, explanations."""
