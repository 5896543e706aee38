"""The play page in a real browser against the real server: won and lost games by mouse,
keyboard and touch, flags and chords, accessibility (axe-core), number contrast in every
theme, and a 200×200 board with a 40,000-cell cascade.

The tests know a seeded layout without the page leaking it: the layout is drawn from the
seed at the first reveal, at that cell, so the same game replayed in Python gives it.
"""

from __future__ import annotations

import re

import pytest

from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import Rules, level
from tests.web.pages_helpers import call_as, unique

pytestmark = pytest.mark.browser

SEED = 3
FIRST = (4, 4)
BEGINNER = f"/?seed={SEED}&level=beginner&rule=safe"
NUMBER_LABELS = {str(n) for n in range(1, 9)}


# -- helpers ------------------------------------------------------------------------------


def layout_of(rules: Rules, seed: int, first: tuple[int, int]) -> tuple[int, ...]:
    """The seeded layout (MINE or a count per cell) drawn at the first reveal ``first``."""
    game = Game(rules, seed=seed)
    game.reveal(*first)
    return game.reveal_layout(cheat=True).cells


def neighbours(i: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(i, cols)
    return [
        (r + dr) * cols + c + dc
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols
    ]


def cell(page, i: int):
    return page.locator(f'#board .cell[data-index="{i}"]')


def centre(page, i: int) -> tuple[float, float]:
    loc = cell(page, i)
    loc.scroll_into_view_if_needed()
    box = loc.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def arm(page, event: str) -> None:
    """Before an input: note when the page has handled its ``event`` (mouseup, touchend,
    keydown). A listener on window runs after the page's own, which queue the move;
    Playwright's input calls may return before the page has run its handlers."""
    page.evaluate(
        """(event) => { window.__handled = new Promise((done) =>
             window.addEventListener(event, () => setTimeout(done, 0), { once: true })); }""",
        event,
    )


def settle(page) -> None:
    """Wait until the armed input was handled, then until every move the page sent has
    been answered and drawn."""
    page.evaluate(
        """async () => {
             if (window.__handled) await window.__handled;
             window.__handled = null;
             await window.sweepkit.queue;
           }"""
    )


def click(page, i: int, button: str = "left") -> None:
    x, y = centre(page, i)
    arm(page, "mouseup")
    page.mouse.click(x, y, button=button)
    settle(page)


def press(page, key: str) -> None:
    """A key on the focused element, then wait for its move (if any)."""
    arm(page, "keydown")
    page.keyboard.press(key)
    settle(page)


def labels(page) -> list[str]:
    """Every cell's accessible name, in index order."""
    return page.eval_on_selector_all(
        "#board .cell", "els => els.map(e => e.getAttribute('aria-label'))"
    )


def label(page, i: int) -> str:
    return cell(page, i).get_attribute("aria-label") or ""


def assert_won(page) -> None:
    assert page.get_attribute("#face", "data-state") == "won"
    status = page.inner_text("#status")
    match = re.fullmatch(r"You won in (\d+\.\d\d) s", status)
    assert match, status
    assert page.inner_text("#timer") == match.group(1)  # the server's final time
    panel = page.locator("#figures")
    assert panel.is_visible()
    for name in ("time", "three_bv", "three_bv_per_s", "clicks", "efficiency", "ioe", "rqp"):
        figure = panel.locator(f'[data-figure="{name}"]')
        assert figure.inner_text().strip() not in ("", "—"), name
        explained = figure.locator("xpath=..").get_attribute("title")
        assert explained, f"{name} has no explanation"


def satisfied_number(cells, shown, rows, cols, flagged=frozenset()):
    """An open number with a covered safe neighbour (so a chord opens something): its
    index and its mine neighbours, or None."""
    for i, name in enumerate(shown):
        if name not in NUMBER_LABELS:
            continue
        around = neighbours(i, rows, cols)
        if any(shown[j] == "hidden" and cells[j] != MINE for j in around):
            return i, [j for j in around if cells[j] == MINE and j not in flagged]
    return None


# -- mouse ---------------------------------------------------------------------------------


def test_win_with_mouse_clicks(open_page):
    page = open_page(BEGINNER)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    click(page, FIRST[0] * 9 + FIRST[1])
    assert page.get_attribute("#face", "data-state") == "playing"
    assert page.inner_text("#mines-left") == "010"
    for i, value in enumerate(cells):
        if value != MINE and label(page, i) == "hidden":
            click(page, i)
    assert_won(page)
    shown = labels(page)
    assert all(shown[i] == "flagged" for i, v in enumerate(cells) if v == MINE)
    assert all(shown[i] == ("blank" if v == 0 else str(v))
               for i, v in enumerate(cells) if v != MINE)


def test_lose_shows_exploded_mine_then_on_asking_other_mines_and_wrong_flags(open_page):
    page = open_page(BEGINNER)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    click(page, FIRST[0] * 9 + FIRST[1])
    shown = labels(page)
    safe = next(i for i, v in enumerate(cells) if v != MINE and shown[i] == "hidden")
    mines = [i for i, v in enumerate(cells) if v == MINE]
    click(page, safe, "right")  # a wrong flag, shown as such at the end
    click(page, mines[0])
    assert page.get_attribute("#face", "data-state") == "lost"
    assert "Boom" in page.inner_text("#status")
    assert "c-exploded" in (cell(page, mines[0]).get_attribute("class") or "")
    shown = labels(page)
    assert shown[mines[0]] == "exploded mine"  # the rest is kept for a practice undo
    assert all(shown[m] == "hidden" for m in mines[1:]) and shown[safe] == "flagged"
    page.click("#show-board")
    page.wait_for_function("() => window.sweepkit.game.shown === true")
    shown = labels(page)
    assert all(shown[m] == "mine" for m in mines[1:])
    assert shown[safe] == "wrong flag"
    assert "c-wrong" in (cell(page, safe).get_attribute("class") or "")
    assert page.locator("#figures").is_visible()
    animation = "() => getComputedStyle(document.querySelector('.c-exploded')).animationName"
    assert page.evaluate(animation) == "boom"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation) == "none"
    # The game is over: clicks do nothing.
    other = next(i for i, v in enumerate(shown) if v == "hidden")
    click(page, other)
    assert label(page, other) == "hidden"


def test_flag_unflag_and_chords(open_page):
    page = open_page(BEGINNER)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    click(page, FIRST[0] * 9 + FIRST[1])
    hidden = labels(page).index("hidden")
    click(page, hidden, "right")
    assert label(page, hidden) == "flagged"
    assert "c-flag" in (cell(page, hidden).get_attribute("class") or "")
    assert page.inner_text("#mines-left") == "009"
    click(page, hidden, "right")
    assert label(page, hidden) == "hidden"
    assert page.inner_text("#mines-left") == "010"

    # Chord by clicking a number whose flags (on its true mines) are all placed.
    flagged: set[int] = set()
    found = satisfied_number(cells, labels(page), 9, 9)
    assert found, "the seeded game has a number to chord"
    number, its_mines = found
    for m in its_mines:
        click(page, m, "right")
        flagged.add(m)
    click(page, number)
    shown = labels(page)
    assert all(shown[j] != "hidden" for j in neighbours(number, 9, 9) if cells[j] != MINE)

    # Chord with both buttons held on another number.
    found = satisfied_number(cells, shown, 9, 9, frozenset(flagged))
    assert found, "the seeded game has a second number to chord"
    assert page.get_attribute("#face", "data-state") == "playing"
    number, its_mines = found
    for m in its_mines:
        click(page, m, "right")
    counter = page.inner_text("#mines-left")
    x, y = centre(page, number)
    page.mouse.move(x, y)
    arm(page, "mouseup")  # the chord goes at the first button's release
    page.mouse.down(button="left")
    page.mouse.down(button="right")
    page.mouse.up(button="right")
    page.mouse.up(button="left")
    settle(page)
    shown = labels(page)
    assert all(shown[j] != "hidden" for j in neighbours(number, 9, 9) if cells[j] != MINE)
    assert page.inner_text("#mines-left") == counter  # the right button flagged nothing
    game_id = page.evaluate("() => window.sweepkit.game.id")
    clicks = page.request.get(f"/api/games/{game_id}").json()["clicks"]
    assert clicks["chord"] == 2


def test_a_click_on_a_row_not_yet_drawn_reaches_its_cell(open_page):
    """Rows off screen skip their contents, so a click just after a scroll can hit the
    row element: the page finds the cell from the coordinates."""
    page = open_page(BEGINNER)
    x, y = centre(page, FIRST[0] * 9 + FIRST[1])
    arm(page, "mouseup")
    page.evaluate(
        """([x, y, r]) => {
             const row = document.querySelectorAll('#board [role=row]')[r];
             for (const type of ['mousedown', 'mouseup']) {
               row.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX: x,
                 clientY: y, button: 0, buttons: type === 'mousedown' ? 1 : 0 }));
             }
           }""",
        [x, y, FIRST[0]],
    )
    settle(page)
    assert label(page, FIRST[0] * 9 + FIRST[1]) != "hidden"
    assert page.get_attribute("#face", "data-state") == "playing"


# -- keyboard ------------------------------------------------------------------------------


def test_win_with_keyboard_only(open_page):
    page = open_page(BEGINNER)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    for _ in range(40):  # Tab to the board's one focusable cell
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('cell')"):
            break
    else:
        pytest.fail("Tab never reached the board")

    def go(i: int) -> None:
        at = int(page.evaluate("() => document.activeElement.dataset.index"))
        (r0, c0), (r1, c1) = divmod(at, 9), divmod(i, 9)
        for _ in range(abs(r1 - r0)):
            page.keyboard.press("ArrowDown" if r1 > r0 else "ArrowUp")
        for _ in range(abs(c1 - c0)):
            page.keyboard.press("ArrowRight" if c1 > c0 else "ArrowLeft")
        assert page.evaluate("() => document.activeElement.dataset.index") == str(i)

    go(FIRST[0] * 9 + FIRST[1])
    press(page, "Space")
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert ring != "none", "the focused cell shows a focus ring"
    mine = next(i for i, v in enumerate(cells) if v == MINE and label(page, i) == "hidden")
    go(mine)
    press(page, "f")
    assert label(page, mine) == "flagged"
    for i, value in enumerate(cells):
        if value != MINE and label(page, i) == "hidden":
            go(i)
            press(page, "Enter")
    assert_won(page)
    page.keyboard.press("r")  # restart: the same board, closed again
    page.wait_for_function(
        "() => document.querySelector('#face').dataset.state === 'ready'"
    )
    assert set(labels(page)) == {"hidden"}
    assert page.evaluate("() => document.activeElement.classList.contains('cell')")
    page.keyboard.press("n")  # a new game; the focus stays on the board
    page.wait_for_function("() => document.querySelector('#status').textContent"
                           ".startsWith('New game')")
    assert page.evaluate("() => document.activeElement.classList.contains('cell')")


# -- touch ---------------------------------------------------------------------------------


def test_win_on_a_phone_with_touch_only(open_page):
    page = open_page(BEGINNER, viewport={"width": 390, "height": 844}, has_touch=True,
                     is_mobile=True)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    cdp = page.context.new_cdp_session(page)

    def tap(i: int) -> None:
        x, y = centre(page, i)
        arm(page, "touchend")
        page.touchscreen.tap(x, y)
        settle(page)

    def long_press(i: int) -> None:
        x, y = centre(page, i)
        arm(page, "touchend")
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(450)  # the default delay is 300 ms
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        settle(page)

    # On a phone the game options fold away behind one button; the board comes first.
    assert not page.locator("#level").is_visible()
    toggle = page.locator("#options-toggle")
    box = toggle.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.locator("#level").is_visible()
    assert toggle.get_attribute("aria-expanded") == "true"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert not page.locator("#level").is_visible()
    assert "long-press" in page.inner_text("#board-help")  # the touch hint, not the mouse one

    tap(FIRST[0] * 9 + FIRST[1])
    assert page.get_attribute("#face", "data-state") == "playing"
    found = satisfied_number(cells, labels(page), 9, 9)
    assert found
    number, its_mines = found
    long_press(its_mines[0])  # long-press flags
    assert label(page, its_mines[0]) == "flagged"
    assert page.inner_text("#mines-left") == "009"
    assert len(its_mines) >= 2, "the seeded number has a mine for each way to flag"
    flag_mode = page.locator("#flag-mode")
    box = flag_mode.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert flag_mode.get_attribute("aria-pressed") == "true"
    for m in its_mines[1:]:
        tap(m)  # in flag mode a tap flags
        assert label(page, m) == "flagged"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert flag_mode.get_attribute("aria-pressed") == "false"
    tap(number)  # a satisfied number: a tap chords
    shown = labels(page)
    assert all(shown[j] != "hidden" for j in neighbours(number, 9, 9) if cells[j] != MINE)
    for i, value in enumerate(cells):
        if value != MINE and label(page, i) == "hidden":
            tap(i)
    assert_won(page)
    # Play zoomed nothing, the page fits the phone, buttons are big enough to hit.
    assert page.evaluate("() => window.visualViewport.scale") == 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    small = page.eval_on_selector_all(
        "button", "els => els.filter(e => e.offsetParent && e.getBoundingClientRect().height"
                  " < 44).map(e => e.id || e.textContent)")
    assert not small, f"buttons under 44 px: {small}"
    # A two-finger pinch on the board makes the cells bigger (the page itself never zooms).
    before = cell(page, 40).bounding_box()["width"]
    x, y = centre(page, 40)
    points = [{"x": x - 20, "y": y, "id": 1}, {"x": x + 20, "y": y, "id": 2}]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points})
    for step in range(1, 6):
        points = [{"x": x - 20 - 8 * step, "y": y, "id": 1},
                  {"x": x + 20 + 8 * step, "y": y, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert cell(page, 40).bounding_box()["width"] > before * 1.5
    assert page.evaluate("() => window.visualViewport.scale") == 1


# -- accessibility and themes --------------------------------------------------------------


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
def test_axe_finds_no_serious_violation(open_page, theme):
    from axe_playwright_python.sync_playwright import Axe

    page = open_page(BEGINNER)
    page.select_option("#theme", theme)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    click(page, FIRST[0] * 9 + FIRST[1])
    axe = Axe()
    playing = axe.run(page).response["violations"]
    click(page, next(i for i, v in enumerate(cells) if v == MINE))  # lost: figures shown
    over = axe.run(page).response["violations"]
    dialogs = []
    for opener in ("#open-help", "#open-settings"):  # the dialogs, each open in turn
        page.click(opener)
        dialogs += axe.run(page).response["violations"]
        page.keyboard.press("Escape")
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
        for v in playing + over + dialogs
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _rgb(css: str) -> tuple[float, ...]:
    values = tuple(float(v) for v in re.findall(r"[\d.]+", css))
    assert css.startswith("rgb") and len(values) in (3, 4), css
    assert len(values) == 3 or values[3] == 1, f"translucent colour {css}"
    return values


@pytest.mark.parametrize(
    ("theme", "scheme", "dark"),
    [("light", "dark", False), ("dark", "light", True), ("contrast", "light", True),
     ("system", "light", False), ("system", "dark", True)],
)
def test_number_colours_contrast_in_every_theme(open_page, theme, scheme, dark):
    page = open_page("/")
    page.emulate_media(color_scheme=scheme)
    page.select_option("#theme", theme)
    pairs = page.evaluate(
        """() => {
          const board = document.getElementById('board');
          const out = [];
          for (let n = 1; n <= 8; n++) {
            const el = document.createElement('div');
            el.className = `cell c-n${n}`;
            el.textContent = String(n);
            board.append(el);
            const style = getComputedStyle(el);
            out.push([style.color, style.backgroundColor]);
            el.remove();
          }
          return out;
        }"""
    )
    background = _luminance(_rgb(pairs[0][1]))
    assert (background < 0.2) == dark, f"{theme}/{scheme}: open cells are {pairs[0][1]}"
    for n, (colour, ground) in enumerate(pairs, start=1):
        a, b = sorted((_luminance(_rgb(colour)), _luminance(_rgb(ground))), reverse=True)
        ratio = (a + 0.05) / (b + 0.05)
        assert ratio >= 4.5, f"{theme}/{scheme}: {n} is {colour} on {ground}: {ratio:.2f}"


# -- big boards, zoom, settings --------------------------------------------------------------


def test_200_by_200_board_and_a_40000_cell_cascade(open_page):
    seed, first = 11, (100, 100)
    rules = Rules(200, 200, 10, "opening")
    page = open_page(f"/?rows=200&cols=200&mines=10&rule=opening&seed={seed}")
    assert page.locator("#board .cell").count() == 40_000
    assert page.locator("#board [role=row]").count() == 200
    click(page, first[0] * 200 + first[1])
    game = Game(rules, seed=seed)
    game.reveal(*first)
    # One cascade may clear the board: a won game shows every mine flagged.
    names = {-1: "hidden", MINE: "flagged", 0: "blank"}
    expected = [names.get(v, str(v)) for v in game.view().cells]
    shown = labels(page)
    wrong = [i for i, (a, b) in enumerate(zip(shown, expected, strict=True)) if a != b]
    assert not wrong, f"{len(wrong)} cells differ, first {wrong[:3]}: " + ", ".join(
        f"{shown[i]} != {expected[i]}" for i in wrong[:3])
    assert page.get_attribute("#face", "data-state") == str(game.status)
    # The board overflows its box: the overview shows, and a click on it scrolls there.
    overview = page.locator("#minimap")
    assert overview.is_visible()
    box = overview.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.9, box["y"] + box["height"] * 0.9)
    scrolled = page.evaluate("() => document.getElementById('board-wrap').scrollTop")
    assert scrolled > 0
    # Arrow keys move the focus far down and right, and the board scrolls to it.
    cell(page, 0).focus()
    page.keyboard.press("End")
    for _ in range(60):
        page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.dataset.index") == str(60 * 200 + 199)
    inside = page.evaluate(
        """() => { const c = document.activeElement.getBoundingClientRect();
                   const w = document.getElementById('board-wrap').getBoundingClientRect();
                   return c.top >= w.top && c.bottom <= w.bottom + 1 &&
                          c.left >= w.left && c.right <= w.right + 1; }"""
    )
    assert inside, "the focused cell is scrolled into the board's view"
    assert sum(name != "hidden" for name in shown) >= 30_000


def test_page_at_200_percent_zoom(open_page):
    """A 1280×850 window at 200 % zoom is a 640×425 CSS viewport at scale 2: the page
    wraps instead of scrolling sideways, the expert board fits its width, and zoomed in
    it scrolls in its own box."""
    page = open_page(f"/?level=expert&seed={SEED}", viewport={"width": 640, "height": 425},
                     device_scale_factor=2)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 640
    wrap = page.locator("#board-wrap")
    box = wrap.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 640
    page.evaluate("() => window.sweepkit.zoomTo(40)")
    page.wait_for_function("() => getComputedStyle(document.documentElement)"
                           ".getPropertyValue('--cell') === '40px'")  # laid out anew
    assert wrap.evaluate("e => e.scrollWidth > e.clientWidth")
    page.evaluate("() => window.sweepkit.view.unzoom()")
    page.click("#options-toggle")  # a screen this short folds the game form and tools
    for control in ("#level", "#new-game", "#face", "#restart", "#theme", "#zoom-in"):
        box = page.locator(control).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 640, control
    page.click("#options-toggle")
    click(page, 3 * 30 + 25)  # a cell beyond the first screen: scrolled to, then clicked
    assert page.get_attribute("#face", "data-state") == "playing"


def test_zoom_marks_settings_and_errors(open_page):
    page = open_page(BEGINNER)

    def size() -> float:
        return cell(page, 0).bounding_box()["width"]

    before = size()
    page.click("#zoom-in")
    assert size() > before
    page.click("#zoom-out")
    page.click("#zoom-out")
    assert size() < before
    x, y = centre(page, 40)
    page.mouse.move(x, y)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    page.wait_for_timeout(100)
    zoomed = size()
    assert zoomed > before * 0.8
    # at the largest cells the + button is disabled, and at the smallest the − button
    for _ in range(12):
        if page.is_disabled("#zoom-in"):
            break
        page.click("#zoom-in")
    assert page.is_disabled("#zoom-in") and not page.is_disabled("#zoom-out")
    assert abs(size() - 96) < 1  # CELL_SIZE.max
    page.evaluate("() => window.sweepkit.zoomTo(26)")
    zoomed = size()

    # Question marks: flag → ? → covered, the ? on the page only. Flag rebound to G.
    page.click("#open-settings")
    page.check("#marks")
    page.click('#key-table button[data-action="flag"]')
    page.keyboard.press("g")
    assert "G" in page.locator("#key-table tr", has_text="Flag").inner_text()
    page.keyboard.press("Escape")
    click(page, FIRST[0] * 9 + FIRST[1])
    hidden = labels(page).index("hidden")
    click(page, hidden, "right")
    assert label(page, hidden) == "flagged"
    click(page, hidden, "right")
    assert label(page, hidden) == "question mark"
    assert page.inner_text("#mines-left") == "010"
    click(page, hidden, "right")
    assert label(page, hidden) == "hidden"
    cell(page, hidden).focus()
    press(page, "f")  # no longer bound
    press(page, "g")
    assert label(page, hidden) == "flagged"

    # Settings and the player's name survive a reload. (A name of this test's own: a
    # name belongs to the first browser that plays it, and the server is shared.)
    ada = unique("Ada")
    page.select_option("#theme", "dark")
    page.fill("#player", ada)
    page.dispatch_event("#player", "change")
    page.reload()
    page.wait_for_selector("#board .cell")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.input_value("#player") == ada
    assert page.is_checked("#marks")
    assert abs(size() - zoomed) < 1
    # the reload came back to the game being played (this browser's default player's, as
    # the server names it: "player", or "player 2"... when another browser has that); the
    # next game is Ada's
    default = call_as(page, "GET", "/me")["default"]
    assert page.evaluate("() => window.sweepkit.game.player") == default
    page.click("#face")
    page.wait_for_function("(name) => window.sweepkit.game.player === name", arg=ada)

    # The help panel lists the keys; a server refusal is shown in words.
    page.click("#open-help")
    assert "Flag" in page.inner_text("#help")
    page.keyboard.press("Escape")
    page.goto("/?rows=3&cols=3&mines=8&rule=opening")
    page.wait_for_selector("#error:not([hidden])")
    message = page.inner_text("#error")
    assert message and "object" not in message.lower() and "error:" not in message.lower()


def test_a_big_board_pans_by_shift_drag_zooms_and_a_bigger_one_is_refused(open_page):
    page = open_page("/?rows=200&cols=200&mines=4000&rule=safe")
    wrap = page.locator("#board-wrap").bounding_box()
    before = page.evaluate("() => [document.getElementById('board-wrap').scrollLeft,"
                           " document.getElementById('board-wrap').scrollTop]")
    x, y = wrap["x"] + wrap["width"] * 0.7, wrap["y"] + 250  # on screen
    page.keyboard.down("Shift")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 200, y - 150, steps=5)
    page.mouse.up()
    page.keyboard.up("Shift")
    after = page.evaluate("() => [document.getElementById('board-wrap').scrollLeft,"
                          " document.getElementById('board-wrap').scrollTop]")
    assert after[0] >= before[0] + 150 and after[1] >= before[1] + 100
    assert page.evaluate("() => window.sweepkit.game.status") == "ready"  # nothing revealed
    # The big board starts at the smallest cells (it cannot fit) and zooms with the
    # buttons too.
    assert page.is_disabled("#zoom-out")
    width = page.evaluate("() => document.querySelector('#board .cell').offsetWidth")
    page.click("#zoom-in")
    assert cell(page, 0).bounding_box()["width"] > width
    # A board past the largest the server allows is refused in words, naming the limit.
    page.goto("/?rows=201&cols=200&mines=10")
    page.wait_for_selector("#error:not([hidden])")
    assert "200" in page.inner_text("#error")


def test_a_keyboard_chord_says_how_many_cells_it_opened(open_page):
    page = open_page(BEGINNER)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    click(page, FIRST[0] * 9 + FIRST[1])
    found = satisfied_number(cells, labels(page), 9, 9)
    assert found, "the seeded game has a number to chord"
    number, its_mines = found
    for m in its_mines:
        click(page, m, "right")
    before = labels(page)
    page.focus(f'#board .cell[data-index="{number}"]')
    press(page, "d")
    after = labels(page)
    opened = sum(1 for b, a in zip(before, after, strict=True) if b == "hidden" and a != b)
    assert opened > 0
    said = page.inner_text("#status")  # the number chorded on was open already
    if opened > 1:
        assert said == f"{opened} cells opened."
    else:
        assert said.startswith("Opened: ")


def test_coordinates_number_the_rows_and_columns_as_sentences_name_cells(open_page):
    page = open_page(BEGINNER)
    assert page.locator("#board .ruler").is_hidden()  # off by default
    page.click("#open-settings")
    page.check("#coords")
    page.keyboard.press("Escape")
    ruler = page.locator("#board .ruler span")
    assert ruler.all_inner_texts() == [str(c) for c in range(9)]
    assert page.locator("#board .ruler").is_visible()
    # each row's number sits left of its first cell, each column's above its cell
    row_label = page.evaluate("getComputedStyle(document.querySelectorAll('#board .row')[4],"
                              " '::before').content")
    assert row_label == '"4"'
    box = page.locator('#board .cell[data-index="22"]').bounding_box()  # (2, 4)
    label = ruler.nth(4).bounding_box()
    assert abs(label["x"] - box["x"]) < 2 and label["y"] < box["y"]
    page.reload()  # kept, as every setting is
    page.wait_for_selector("#board .cell")
    assert page.locator("#board .ruler").is_visible()
    page.click("#open-settings")
    page.uncheck("#coords")
    page.keyboard.press("Escape")
    assert page.locator("#board .ruler").is_hidden()
