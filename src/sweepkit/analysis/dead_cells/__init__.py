"""Dead cells: cells whose number is already known, decided locally."""
