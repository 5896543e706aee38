"""Commands of the analysis area (filled in by the issue that builds that area)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this area's commands to ``app``."""
