"""The ``sweepkit`` command line: one module of commands per area, all registered in ``main``."""
