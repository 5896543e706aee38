"""What a player trips over, in a real browser against the real server: the chord's
preview on a left press, the ways to chord chosen in Settings (kept over a reload and
honoured by the mouse, the keys and touch), one time for a finished game on the clock and
in the statistics, and a pinch on a phone that keeps the cell under the fingers.

A seeded layout is known to the test without the page leaking it (see test_play_page).
"""

from __future__ import annotations

import json

import pytest

from sweepkit.position import MINE
from sweepkit.rules import level
from tests.web.test_play_page import (
    arm,
    cell,
    centre,
    click,
    label,
    labels,
    layout_of,
    neighbours,
    press,
    satisfied_number,
    settle,
)

pytestmark = pytest.mark.browser

SEED, FIRST = 2, (4, 4)  # the opening rule: (4, 4) opens a cascade with many numbers
OPENING = f"/?seed={SEED}&level=beginner&rule=opening"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def pressed(page) -> set[int]:
    """The cells shown pressed (a button held on the board)."""
    return set(page.eval_on_selector_all(
        "#board .cell.c-pressed", "els => els.map(e => Number(e.dataset.index))"))


def clicks(page) -> dict[str, int]:
    gid = page.evaluate("() => window.sweepkit.game.id")
    return page.request.get(f"/api/games/{gid}").json()["clicks"]


def hidden_around(page, i: int) -> set[int]:
    shown = labels(page)
    return {j for j in neighbours(i, 9, 9) if shown[j] == "hidden"}


def hold(page, i: int, button: str) -> set[int]:
    """Press ``button`` on cell i and keep it down: the cells shown pressed meanwhile."""
    x, y = centre(page, i)
    page.mouse.move(x, y)
    page.mouse.down(button=button)
    return pressed(page)


def release(page, button: str) -> None:
    arm(page, "mouseup")
    page.mouse.up(button=button)
    settle(page)


def flag_all(page, mines: list[int]) -> None:
    for m in mines:
        if label(page, m) != "flagged":
            click(page, m, "right")


def next_number(page, cells) -> tuple[int, list[int]]:
    shown = labels(page)
    flagged = frozenset(i for i, name in enumerate(shown) if name == "flagged")
    found = satisfied_number(cells, shown, 9, 9, flagged)
    assert found, "the seeded game has another number to chord"
    number = found[0]
    return number, [m for m in neighbours(number, 9, 9) if cells[m] == MINE]


def settings_check(page, box: str, on: bool) -> None:
    if not page.is_visible("#open-settings"):  # on a phone the options fold away
        page.click("#options-toggle")
    page.click("#open-settings")
    page.set_checked(box, on)
    page.keyboard.press("Escape")


def test_chord_preview_chord_settings_and_one_time(open_page):
    page = open_page(OPENING)
    cells = layout_of(level("beginner", "opening"), SEED, FIRST)
    click(page, FIRST[0] * 9 + FIRST[1])

    # A left press on a number shows the chord's preview, as the middle button does;
    # released there, it chords.
    number, mines = next_number(page, cells)
    flag_all(page, mines)
    preview = hold(page, number, "left")
    assert preview == hidden_around(page, number) and preview
    release(page, "left")
    assert clicks(page)["chord"] == 1
    assert not hidden_around(page, number)  # its other neighbours opened

    # Left on a number turned off: no preview, nothing sent; the middle button still chords.
    settings_check(page, "#chord-left", False)
    number, mines = next_number(page, cells)
    flag_all(page, mines)
    before = clicks(page)
    assert hold(page, number, "left") == set()
    release(page, "left")
    assert clicks(page) == before and hidden_around(page, number)
    preview = hold(page, number, "middle")
    assert preview == hidden_around(page, number) and preview
    release(page, "middle")
    assert clicks(page)["chord"] == 2 and not hidden_around(page, number)

    # Chording off: neither the middle button nor the Chord key (D) does anything.
    settings_check(page, "#chord-on", False)
    number, mines = next_number(page, cells)
    flag_all(page, mines)
    before = clicks(page)
    assert hold(page, number, "middle") == set()
    release(page, "middle")
    cell(page, number).focus()
    press(page, "d")
    assert clicks(page) == before and hidden_around(page, number)

    # The choice survives a reload, the help says it, and double-click can be chosen.
    page.reload()
    page.wait_for_selector("#board .cell")
    stored = json.loads(page.evaluate("() => localStorage.getItem('sweepkit.settings')"))
    assert stored["chording"]["on"] is False and stored["chording"]["left"] is False
    assert not page.is_checked("#chord-on") and not page.is_checked("#chord-left")
    assert page.is_checked("#chord-middle") and page.is_disabled("#chord-middle")
    page.click("#open-help")
    assert "Chording is off" in page.inner_text("#help-chords")
    page.keyboard.press("Escape")
    page.click("#open-settings")
    page.check("#chord-on")
    page.check("#chord-double")
    page.keyboard.press("Escape")
    page.click("#open-help")
    ways = page.inner_text("#help-chords")
    assert "double-click on a number" in ways and "left click on a number" not in ways
    page.keyboard.press("Escape")
    x, y = centre(page, number)
    arm(page, "dblclick")
    page.mouse.dblclick(x, y)
    settle(page)
    assert clicks(page)["chord"] == 3 and not hidden_around(page, number)

    # Won: the clock stops on the time the statistics keep, to the hundredth.
    for i, value in enumerate(cells):
        if value != MINE and label(page, i) == "hidden":
            click(page, i)
    assert page.get_attribute("#face", "data-state") == "won"
    record = page.evaluate("() => window.sweepkit.game.record_id")
    seconds = page.request.get(f"/api/stats/games/{record}").json()["game"]["time"]
    shown = f"{seconds:.2f}"
    assert float(shown) == seconds  # stored to the hundredth
    assert page.inner_text("#timer") == shown
    assert page.inner_text("#status") == f"You won in {shown} s"
    assert page.inner_text('#figures [data-figure="time"]') == f"{shown} s"
    player = page.request.get("/api/me").json()["default"]  # this browser's own player
    listed = page.request.get("/api/stats/games", params={"player": player}).json()["games"]
    assert {g["time"] for g in listed if g["id"] == record} == {seconds}


def test_a_pinch_keeps_the_cell_under_the_fingers_on_a_phone(open_page):
    page = open_page(OPENING, **PHONE)
    cdp = page.context.new_cdp_session(page)
    target = 5 * 9 + 5  # (5, 5) on a beginner board, which fits the phone's screen
    x, y = centre(page, target)

    def under() -> int:
        return page.evaluate("([x, y]) => Number(document.elementFromPoint(x, y)"
                             "?.closest('.cell')?.dataset.index ?? -1)", [x, y])

    def pinch(start: float, end: float) -> None:
        """Two fingers either side of (x, y), from ``start`` px apart to ``end``."""
        def points(d: float):
            return [{"x": x - d / 2, "y": y, "id": 1}, {"x": x + d / 2, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
        for step in range(1, 9):
            cdp.send("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": points(start + (end - start) * step / 8)})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => done()))")

    size = page.evaluate("() => window.sweepkit.cellSize()")
    assert under() == target
    assert page.evaluate("() => document.getElementById('board').offsetWidth") < 390  # it fits
    pinch(40, 120)  # spread: bigger cells
    bigger = page.evaluate("() => window.sweepkit.cellSize()")
    assert bigger > size * 1.5
    assert under() == target  # not (3, 4), as before
    pinch(120, 90)  # closer: smaller cells again, the board still wider than the screen
    assert page.evaluate("() => window.sweepkit.cellSize()") < bigger
    assert under() == target
    assert page.evaluate("() => window.visualViewport.scale") == 1  # the page never zoomed

    # Tap on a number chords, unless turned off in Settings: then a tap sends nothing.
    cells = layout_of(level("beginner", "opening"), SEED, FIRST)
    page.evaluate("() => window.sweepkit.zoomTo(36)")

    def tap(i: int) -> None:
        tx, ty = centre(page, i)
        arm(page, "touchend")
        page.touchscreen.tap(tx, ty)
        settle(page)

    tap(FIRST[0] * 9 + FIRST[1])
    number, mines = next_number(page, cells)
    page.click("#flag-mode")
    for m in mines:
        tap(m)
    page.click("#flag-mode")
    settings_check(page, "#chord-tap", False)
    before = clicks(page)
    tap(number)
    assert clicks(page) == before and hidden_around(page, number)
    settings_check(page, "#chord-tap", True)
    tap(number)
    assert clicks(page)["chord"] == before["chord"] + 1 and not hidden_around(page, number)
