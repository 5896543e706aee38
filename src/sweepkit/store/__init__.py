"""sweepkit's SQLite database: one schema (:mod:`~sweepkit.store.schema`) for the
benchmark runs (:mod:`sweepkit.bench.store`) and for the players and their played games
(:mod:`~sweepkit.store.played`), opened by :mod:`~sweepkit.store.database`."""
