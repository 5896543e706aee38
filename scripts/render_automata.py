#!/usr/bin/env python3
"""Regenerate the machine pictures and tables of docs/automata.md (reproducible docs).

For every machine in the catalog: ``docs/automata/<name>.svg`` (Graphviz ``dot``) and its
Markdown transition table between ``<!-- BEGIN <name> -->`` / ``<!-- END <name> -->`` in
``docs/automata.md``.

Run: ``python scripts/render_automata.py``
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from sweepkit.automata.catalog import NAMES, machine
from sweepkit.automata.render import render

DOCS = Path(__file__).resolve().parent.parent / "docs"


def main() -> int:
    page = DOCS / "automata.md"
    text = page.read_text(encoding="utf-8")
    (DOCS / "automata").mkdir(exist_ok=True)
    for name in NAMES:
        m = machine(name)
        (DOCS / "automata" / f"{name}.svg").write_text(render(m, "svg"), encoding="utf-8")
        key = re.escape(name)
        block = re.compile(rf"(<!-- BEGIN {key} -->\n).*?(<!-- END {key} -->)", re.S)
        if not block.search(text):
            print(f"no table markers for {name} in {page}", file=sys.stderr)
            continue
        table = render(m, "table")
        text = block.sub(lambda match, t=table: match.group(1) + t + match.group(2), text)
        print(f"rendered {name}: {len(m.states)} states")
    page.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
