"""Benchmarks: many seeded games of a strategy, on local worker processes or a Dask
cluster, summarised with intervals and calibration, stored in SQLite, reported."""
