"""The questions of the papers: a witness, uniqueness and safety, every layout,
Kadlac's breadth-first search, a layout drawn uniformly."""
