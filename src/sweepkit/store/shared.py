"""What one server process runs for a client while any other may be asked about it: a
job, a trainer puzzle handed out, a watch session. Each is a row of JSON by kind and id:
``doc``, what the process running it says of it (its state, its progress, when it last
said so), and ``control``, what other processes ask of it (cancel, pause, a step, that a
puzzle was answered). The running process reads its controls between steps of its work.

Rows are forgotten :data:`KEEP_SECONDS` after they were last written.

>>> import tempfile
>>> from pathlib import Path
>>> from sweepkit.store.played import GameBook
>>> with tempfile.TemporaryDirectory() as tmp, GameBook(Path(tmp) / "s.db") as book:
...     shared = Shared(book)
...     shared.put("job", "j1", {"status": "running"})
...     shared.control("job", "j1", {"cancel": True})
...     shared.put("puzzle", "p1", {})
...     first = shared.claim("puzzle", "p1", "answered")
...     again = shared.claim("puzzle", "p1", "answered")
...     shared.get("job", "j1"), shared.get("job", "j2"), first, again
{'cancel': True}
(({'status': 'running'}, {'cancel': True}), None, True, False)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Final

from sweepkit.store.database import Database, dumps

KEEP_SECONDS: Final = 24 * 3600.0
"""How long a row is kept after it was last written."""

Doc = dict[str, Any]


class Shared:
    """The rows shared between server processes, in ``db``'s database."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def put(self, kind: str, key: str, doc: Doc) -> None:
        """Write what the running process says of ``kind`` ``key`` (its controls kept)."""
        with self.db.write() as db:
            db.execute("INSERT INTO shared (kind, id, doc, touched) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (kind, id) DO UPDATE SET doc = excluded.doc, "
                       "touched = excluded.touched", (kind, key, dumps(doc), time.time()))

    def get(self, kind: str, key: str) -> tuple[Doc, Doc] | None:
        """``(doc, control)``, or None when there is no such row."""
        with self.db.read() as db:
            row = db.execute("SELECT doc, control FROM shared WHERE kind = ? AND id = ?",
                             (kind, key)).fetchone()
        return None if row is None else (json.loads(row[0]), json.loads(row[1]))

    def control(self, kind: str, key: str, changes: Doc | Callable[[Doc], Doc]) -> Doc | None:
        """Ask something of a row: ``changes`` merged into its controls (or a function of
        the controls giving the new ones), in one transaction; the new controls, or None
        when there is no such row."""
        with self.db.write() as db:
            row = db.execute("SELECT control FROM shared WHERE kind = ? AND id = ?"
                             + db.for_update, (kind, key)).fetchone()
            if row is None:
                return None
            old = json.loads(row[0])
            new = changes(old) if callable(changes) else {**old, **changes}
            db.execute("UPDATE shared SET control = ?, touched = ? WHERE kind = ? AND id = ?",
                       (dumps(new), time.time(), kind, key))
        return new

    def claim(self, kind: str, key: str, flag: str = "claimed") -> bool:
        """Set the control ``flag`` unless it is set already: True for the one caller that
        set it (a puzzle is answered once, whichever process gets the answer)."""
        claimed = False

        def take(control: Doc) -> Doc:
            nonlocal claimed
            claimed = not control.get(flag)
            return {**control, flag: True}

        return self.control(kind, key, take) is not None and claimed

    def sweep(self, now: float | None = None) -> int:
        """Forget the rows not written for :data:`KEEP_SECONDS`; how many went."""
        cutoff = (now if now is not None else time.time()) - KEEP_SECONDS
        with self.db.write() as db:
            return db.execute("DELETE FROM shared WHERE touched < ?", (cutoff,)).rowcount


__all__ = ["KEEP_SECONDS", "Shared"]
