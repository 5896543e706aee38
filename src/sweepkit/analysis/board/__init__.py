"""The whole board: the components' counts combined into totals, every box's
probability (``analyse``), and what each cell would show."""
