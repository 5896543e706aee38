"""Finite machines that decide, count and solve strips (1, 2 or k rows) in linear time."""
