"""``python -m sweepkit`` runs the command line."""

from sweepkit.cli.main import main

main()
