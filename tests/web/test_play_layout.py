"""The play page's layout and zoom in a real browser against the real server: the board is
the page (the largest cells that fit the window, centred, within the largest the player
allows), a wide board turned to fit a phone held upright (clicks, hints and coordinates
on the board's own cells), and zoom and pinch that keep the cell under the pointer or the
fingers and leave clicks landing on the cell they are on.

A seeded layout is known to the test without the page leaking it (see test_play_page).
"""

from __future__ import annotations

import re

import pytest

from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import Rules
from tests.web.test_play_page import arm, centre, settle

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
NAMES = {-1: "hidden", MINE: "flagged", 0: "blank"}


def names_by_index(page) -> dict[int, str]:
    """Every cell's accessible name by its index (a turned board's elements are in
    screen order, not index order)."""
    return {int(k): v for k, v in page.eval_on_selector_all(
        "#board .cell",
        "els => els.map(e => [e.dataset.index, e.getAttribute('aria-label')])")}


def cell_size(page) -> float:
    return page.locator('#board .cell[data-index="0"]').bounding_box()["width"]


def laid_out(page) -> None:
    """Wait until a zoom's transform is gone: the cells are laid out at their size."""
    page.wait_for_function("() => !document.getElementById('board').style.transform")


def under(page, x: float, y: float) -> int:
    """The index of the cell at (x, y) on the screen, or -1."""
    return page.evaluate("([x, y]) => Number(document.elementFromPoint(x, y)"
                         "?.closest('.cell')?.dataset.index ?? -1)", [x, y])


def test_on_a_desktop_the_board_is_the_page_and_zooms_around_the_pointer(open_page):
    """A 1280×800 window: the beginner board large and centred; a bigger board zoomed by
    the wheel around the pointer, a click then landing on the cell under it."""
    page = open_page("/?level=beginner", **DESKTOP)
    wrap = page.locator("#board-wrap").bounding_box()
    area = page.locator("#play-area").bounding_box()
    size = cell_size(page)
    # The largest cells the player allows (64 px by default) or that fit the window.
    fits = (800 - wrap["y"] - 4 - 8) // 9
    assert size == min(64, fits)
    assert wrap["y"] + wrap["height"] <= 800  # on the first screen, whole
    left, right = wrap["x"] - area["x"], area["x"] + area["width"] - wrap["x"] - wrap["width"]
    assert abs(left - right) <= 2, "centred in its column"
    assert wrap["height"] > wrap["y"], "the board takes more of the height than what is above"
    # Larger cells allowed (Settings): the board grows to the largest that fits.
    page.click("#open-settings")
    page.fill("#max-cell", "96")
    page.keyboard.press("Escape")
    size = cell_size(page)
    wrap = page.locator("#board-wrap").bounding_box()
    assert size > 64
    assert wrap["y"] + wrap["height"] <= 800 - 8
    assert wrap["y"] + 4 + 9 * (size + 1) > 800 - 8, "one pixel more and it would not fit"
    assert page.is_disabled("#zoom-fit")

    # A bigger board (a new game from the form: no page load) fits by its height. Ctrl +
    # wheel over a cell: bigger cells, the board now larger than its box both ways, and
    # that cell still under the pointer, both at once (the board scaled) and once the
    # cells are laid out at their new size.
    page.select_option("#level", "custom")
    area = page.locator("#play-area").bounding_box()
    rows = 30  # and as many columns as make it fit both ways alike: one step overflows both
    cols = round(rows * (area["width"] - 4) / (800 - area["y"] - 4 - 8))
    page.fill("#rows", str(rows))
    page.fill("#cols", str(cols))
    page.fill("#mines", "100")
    page.select_option("#rule", "opening")
    page.click("#new-game")
    page.wait_for_function("(n) => document.querySelectorAll('#board .cell').length === n",
                           arg=rows * cols)
    size = cell_size(page)
    wrap = page.locator("#board-wrap").bounding_box()
    assert wrap["y"] + wrap["height"] <= 800 and wrap["x"] + wrap["width"] <= 1280
    target = 17 * cols + cols // 2 + 3
    x, y = centre(page, target)
    page.mouse.move(x, y)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)
    page.keyboard.up("Control")
    page.wait_for_function("(s) => window.sweepkit.cellSize() > s", arg=size)
    assert under(page, x, y) == target
    laid_out(page)
    assert cell_size(page) > size
    assert page.evaluate("""() => { const w = document.getElementById('board-wrap');
        return w.scrollWidth > w.clientWidth && w.scrollHeight > w.clientHeight; }""")
    assert under(page, x, y) == target
    arm(page, "mouseup")
    page.mouse.click(x, y)  # the click lands on the cell under it
    settle(page)
    assert names_by_index(page)[target] not in ("hidden", "flagged")
    # The buttons zoom too; Fit goes back to the fitted size.
    zoomed = cell_size(page)
    page.click("#zoom-out")
    assert cell_size(page) < zoomed
    page.click("#zoom-fit")
    assert cell_size(page) == size and page.is_disabled("#zoom-fit")


def test_on_a_phone_a_wide_board_turns_to_fit_and_pinches(open_page):
    seed, rules = 6, Rules(16, 30, 99, "opening")
    page = open_page(f"/?level=expert&seed={seed}&rule=opening", **PHONE)
    cdp = page.context.new_cdp_session(page)
    # Turned: 30 screen rows of 16, the whole board on the first screen and in its width.
    wrap = page.locator("#board-wrap").bounding_box()
    assert wrap["y"] < 844 / 4 and wrap["y"] + wrap["height"] <= 844
    assert wrap["x"] >= 0 and wrap["x"] + wrap["width"] <= 390
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.locator("#board [role=row]").count() == 30
    assert page.is_visible("#board-turned")  # the help line says so
    size = cell_size(page)
    assert size >= 20

    def screen_place(i: int) -> tuple[int, int]:
        """The screen row and column of cell i, counted in cells from cell 0's."""
        return page.evaluate("""(i) => {
            const at = (j) => document.querySelector(`#board .cell[data-index="${j}"]`)
              .getBoundingClientRect();
            const [a, b] = [at(0), at(i)];
            return [Math.round((b.top - a.top) / a.height),
                    Math.round((b.left - a.left) / a.width)]; }""", i)

    assert screen_place(2 * 30 + 25) == [25, 2]  # board (2, 25): screen row 25, column 2

    def tap(i: int) -> None:
        x, y = centre(page, i)
        arm(page, "touchend")
        page.touchscreen.tap(x, y)
        settle(page)

    # A tap opens the board's own cell: the page shows what the game shows.
    first = (3, 20)
    tap(first[0] * 30 + first[1])
    game = Game(rules, seed=seed)
    game.reveal(*first)
    assert names_by_index(page) == {i: NAMES.get(v, str(v))
                                    for i, v in enumerate(game.view().cells)}
    # The arrow keys move on the screen: down is the board's next column.
    page.locator('#board .cell[data-index="95"]').focus()  # board (3, 5)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.index") == str(4 * 30 + 6)
    # A hint outlines the board's cell its words name.
    page.click("#hint")
    page.wait_for_selector("#board .cell.hl-hint")
    words = re.search(r"\((\d+), (\d+)\)", page.inner_text("#hint-text"))
    assert words
    r, c = int(words.group(1)), int(words.group(2))
    hinted = page.locator("#board .cell.hl-hint")
    assert hinted.get_attribute("data-index") == str(r * 30 + c)
    assert screen_place(r * 30 + c) == [c, r]
    # Coordinates name the board's rows along the top and its columns down the side.
    page.click("#options-toggle")  # Settings is in the menu, which the dialog closes
    page.click("#open-settings")
    page.check("#coords")
    page.keyboard.press("Escape")
    assert not page.is_visible("#menu")
    page.wait_for_function("() => document.querySelector('#board .ruler').offsetHeight > 0")
    ruler = page.locator("#board .ruler span").all_inner_texts()
    assert ruler == [str(n) for n in range(16)]
    row_of_cell = page.evaluate("(i) => document.querySelector(`#board .cell[data-index="
                                "\"${i}\"]`).closest('.row').dataset.r", r * 30 + c)
    assert row_of_cell == str(c)
    wrap = page.locator("#board-wrap").bounding_box()
    assert wrap["x"] + wrap["width"] <= 390 and wrap["y"] + wrap["height"] <= 844

    # A pinch: bigger cells, the cell between the fingers kept under them; then a tap
    # lands on the cell it is on.
    layout = game.reveal_layout(cheat=True).cells
    shown = names_by_index(page)
    target = next(i for i in range(480) if shown[i] == "hidden" and layout[i] != MINE
                  and 5 <= i // 30 <= 10 and 10 <= i % 30 <= 20)  # mid-screen
    size = cell_size(page)
    x, y = centre(page, target)

    def points(d: float):
        return [{"x": x - d / 2, "y": y, "id": 1}, {"x": x + d / 2, "y": y, "id": 2}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(40)})
    for step in range(1, 11):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": points(40 + 8 * step)})
    assert under(page, x, y) == target  # while the fingers move (the board scaled)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    laid_out(page)
    assert cell_size(page) > size * 1.5
    assert under(page, x, y) == target
    assert page.evaluate("() => window.visualViewport.scale") == 1  # the page never zoomed
    tap(target)
    assert names_by_index(page)[target] not in ("hidden", "flagged")

    # axe-core finds nothing serious on the turned board with the menu open, in any theme.
    from axe_playwright_python.sync_playwright import Axe

    axe, bad = Axe(), []
    page.click("#options-toggle")
    for theme in ("light", "dark", "contrast"):
        page.select_option("#theme", theme)
        bad += [(theme, v["id"], [n["target"] for n in v["nodes"][:3]])
                for v in axe.run(page).response["violations"]
                if v["impact"] in ("serious", "critical")]
    assert not bad, bad
