"""The play page in a real browser: time to draw a 200×200 board, and to show a cascade
of more than 30,000 cells.

    python benchmarks/bench_page.py [--runs 10]

Starts ``sweepkit web`` (its own database in a temporary folder) and Debian's Chromium
(headless, through Playwright). Each run: a new 200×200 board with 400 mines under the
``opening`` rule (the face button, same settings), timed from the click to the frame in
which all 40,000 covered cells are on the page; then the first click in the centre,
timed from the click to the frame in which the cascade's cells show open (the server's
round trip included). Times are the page's own clock (``performance.now()``), read at the
first animation frame where the board is complete. The table gives the median and the
95th percentile in milliseconds, and the cells the cascade opened.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench_web import p95
from sweepkit.web.process import spawn

CHROMIUM = "/usr/bin/chromium"
SIZE, MINES = 200, 400


def measure(url: str, runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"draw 200x200": [], "cascade": [], "opened": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/?rows={SIZE}&cols={SIZE}&mines={MINES}&rule=opening&seed=1")
        covered = "document.querySelectorAll('#board .c-covered').length"
        page.wait_for_function(f"{covered} === {SIZE * SIZE}")
        for _ in range(runs):
            began = page.evaluate("performance.now()")
            page.click("#face")
            done = page.wait_for_function(
                f"({covered} === {SIZE * SIZE}) ? performance.now() : 0", polling="raf")
            times["draw 200x200"].append(done.json_value() - began)
            cell = page.locator(f'#board [data-index="{(SIZE // 2) * SIZE + SIZE // 2}"]')
            cell.scroll_into_view_if_needed()
            box = cell.bounding_box()
            assert box is not None
            began = page.evaluate("performance.now()")
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            done = page.wait_for_function(
                f"({covered} < {SIZE * SIZE - 30_000}) ? performance.now() : 0",
                polling="raf")
            times["cascade"].append(done.json_value() - began)
            times["opened"].append(SIZE * SIZE - page.evaluate(covered))
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="boards (default 10)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        process, url = spawn(Path(tmp) / "bench.db")
        try:
            times = measure(url, args.runs)
        finally:
            process.terminate()
            process.wait(timeout=30)
    print(f"{'what':<16}{'n':>4}{'median ms':>11}{'p95 ms':>9}")
    for name in ("draw 200x200", "cascade"):
        values = times[name]
        print(f"{name:<16}{len(values):>4}{statistics.median(values):>11.1f}"
              f"{p95(values):>9.1f}")
    print(f"cells opened by each cascade: {min(times['opened']):.0f} to "
          f"{max(times['opened']):.0f}")


if __name__ == "__main__":
    main()
