"""The play page's zoom on a 200×200 board in a real browser: a zoom step on the desktop
and a two-finger pinch on a phone, each the way the page does it (the board scaled by a
CSS transform, its cells laid out anew once at the end) against laying the cells out at
every step (what a zoom cost before the transform).

    python benchmarks/bench_page_zoom.py [--runs 9] [--url http://127.0.0.1:8000]

Starts ``sweepkit web`` (its own database in a temporary folder), or uses the server at
``--url`` (one started from another checkout, to compare), and Debian's Chromium
(headless, through Playwright) on a 200×200 board that has not been clicked (40,000
covered cells, the most the page lays out).

- zoom step (1280×800): the + or − button clicked (alternately), timed from the click to
  the next frame (``performance.now()`` in the page, read in a task after the first
  animation frame);
- its layout: the cells laid out at the size reached, once, when the steps pause;
- pinch (390×844, touch): ten touch moves of two fingers spreading apart then the
  fingers lifted, timed from the first touch to the frame after the lift.

Each is measured both ways in the same browser: ``scaled`` (the page's way) and ``laid
out`` (the cells laid out at every step: the page's zoom with its layout forced at once,
``View.settle``). A page without ``View.settle`` (a checkout that laid the cells out at
every step) is timed as it is, as ``laid out``. The table gives medians of wall time and
of the renderer main thread's CPU time (Chromium's ThreadTime, read over the DevTools
protocol), in milliseconds, and the ratio laid out / scaled.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from sweepkit.web.process import spawn

CHROMIUM = "/usr/bin/chromium"
BOARD = "/?rows=200&cols=200&mines=4000&rule=safe&seed=1"
NEXT_FRAME = """() => new Promise((done) => requestAnimationFrame(
                  () => setTimeout(() => done(performance.now()), 0)))"""
STEP = """([id, now]) => { const t = performance.now();
            document.getElementById(id).click();
            if (now) window.sweepkit.view.settle();
            return t; }"""
PINCH_MOVES = 10
SCALES = "() => typeof window.sweepkit.view?.settle === 'function'"
SETTLE = "() => window.sweepkit.view?.settle?.()"


class Renderer:
    """The page's renderer main-thread CPU time (ms), read over the DevTools protocol."""

    def __init__(self, page) -> None:
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")

    def cpu(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "ThreadTime")


def zoom_steps(browser, url: str, runs: int) -> dict[str, list[tuple[float, float]]]:
    """(wall ms, CPU ms) of each zoom step, scaled and laid out, and of the layout a
    scaled step leaves for the end."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url + BOARD)
    page.wait_for_selector("#board .cell")
    scaled = page.evaluate(SCALES)
    page.evaluate("() => window.sweepkit.zoomTo(20)")  # room to zoom both ways
    page.evaluate(SETTLE)
    renderer = Renderer(page)
    out: dict[str, list[tuple[float, float]]] = {"step, scaled": [], "layout at the end": [],
                                                  "step, laid out": []}
    ways = (("step, scaled", False), ("step, laid out", True)) if scaled else (
        ("step, laid out", False),)
    for k in range(2 * runs):
        button = "zoom-in" if k % 2 else "zoom-out"
        for name, now in ways:
            page.evaluate(NEXT_FRAME)
            cpu = renderer.cpu()
            began = page.evaluate(STEP, [button, now])
            done = page.evaluate(NEXT_FRAME)
            out[name].append((done - began, renderer.cpu() - cpu))
            if scaled and not now:  # the layout the pause leaves: timed on its own
                cpu = renderer.cpu()
                began = page.evaluate("() => { const t = performance.now();"
                                      " window.sweepkit.view.settle(); return t; }")
                done = page.evaluate(NEXT_FRAME)
                out["layout at the end"].append((done - began, renderer.cpu() - cpu))
            # back where it was, for the other way
            page.evaluate("(id) => document.getElementById(id).click()",
                          "zoom-out" if button == "zoom-in" else "zoom-in")
            page.evaluate(SETTLE)
    page.close()
    return out


def pinches(browser, url: str, runs: int) -> dict[str, list[tuple[float, float]]]:
    """(wall ms, CPU ms) of each ten-move pinch on a phone, scaled and laid out."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    page.goto(url + BOARD)
    page.wait_for_selector("#board .cell")
    renderer = Renderer(page)
    cdp = renderer.cdp
    scaled = page.evaluate(SCALES)
    box = page.locator("#board-wrap").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + min(box["height"], 844 - box["y"]) / 2
    out: dict[str, list[tuple[float, float]]] = {"pinch, scaled": [], "pinch, laid out": []}

    def touch(kind: str, d: float) -> None:
        points = [] if kind == "touchEnd" else [
            {"x": x - d / 2, "y": y, "id": 1}, {"x": x + d / 2, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    ways = (("pinch, scaled", False), ("pinch, laid out", True)) if scaled else (
        ("pinch, laid out", False),)
    for _ in range(runs):
        for name, now in ways:
            page.evaluate("() => window.sweepkit.zoomTo(20)")
            page.evaluate(SETTLE)
            if scaled:  # laid out: every move's layout forced at once (zoom, then settle)
                page.evaluate("""(now) => { const view = window.sweepkit.view;
                    view.zoomTo = view.constructor.prototype.zoomTo;
                    if (now) { const zoomTo = view.zoomTo.bind(view);
                      view.zoomTo = (...args) => { zoomTo(...args); view.settle(); }; } }""",
                              now)
            page.evaluate(NEXT_FRAME)
            cpu = renderer.cpu()
            began = page.evaluate("performance.now()")
            touch("touchStart", 60)
            for step in range(1, PINCH_MOVES + 1):
                touch("touchMove", 60 + 12 * step)
            touch("touchEnd", 0)
            done = page.evaluate(NEXT_FRAME)
            out[name].append((done - began, renderer.cpu() - cpu))
            size = page.evaluate("() => window.sweepkit.cellSize()")
            assert size > 20, f"the pinch did not zoom ({size} px)"
    context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="steps and pinches (default 9)")
    parser.add_argument("--url", help="a running server's address (default: start one)")
    args = parser.parse_args()
    started = time.process_time()

    def measure(url: str) -> dict[str, list[tuple[float, float]]]:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True)
            times = zoom_steps(browser, url, args.runs) | pinches(browser, url, args.runs)
            browser.close()
        return times

    if args.url:
        times = measure(args.url.rstrip("/"))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            process, url = spawn(Path(tmp) / "bench.db")
            try:
                times = measure(url)
            finally:
                process.terminate()
                process.wait(timeout=30)
    print(f"{'what (200x200 board)':<24}{'n':>4}{'wall ms':>10}{'cpu ms':>9}")
    for name, values in times.items():
        if not values:
            continue
        wall = statistics.median(v[0] for v in values)
        cpu = statistics.median(v[1] for v in values)
        print(f"{name:<24}{len(values):>4}{wall:>10.1f}{cpu:>9.1f}")
    for what in ("step", "pinch"):
        if not times.get(f"{what}, scaled"):
            continue
        scaled = statistics.median(v[0] for v in times[f"{what}, scaled"])
        laid = statistics.median(v[0] for v in times[f"{what}, laid out"])
        print(f"{what}: laid out / scaled = {laid / scaled:.1f}x (wall)")
    print(f"(this script's own CPU: {time.process_time() - started:.1f} s)")


if __name__ == "__main__":
    main()
