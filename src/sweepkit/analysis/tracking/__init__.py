"""A game, move by move: the constraint system and its components kept
between views and patched where a move changed them."""
