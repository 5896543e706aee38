"""Whether a layout exists, for components too big to count, and which numbers
contradict each other."""
