"""The play page's player settings in a real browser: the left-handed mouse (buttons
swapped; touch unchanged on a phone), auto-flag (the server's flags drawn, the game
assisted), sound (the mute button, kept across a reload; the sounds of moves, end and
all) and the choice of figures shown at the end (ZiNi, correctness and throughput among
them). One page session a viewport."""

from __future__ import annotations

import pytest

from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import level
from sweepkit.web.autoflag import certain_mines
from tests.web.test_play_page import FIRST, arm, centre, click, label, labels, settle

pytestmark = pytest.mark.browser

SEED = 7  # its first click at FIRST opens a cascade that leaves trivially certain mines
PAGE = f"/?seed={SEED}&level=beginner&rule=safe"


def first_view() -> tuple[tuple[int, ...], list[int]]:
    """The seeded layout, and the cells auto-flag flags after the first click."""
    game = Game(level("beginner", "safe"), SEED)
    game.reveal(*FIRST)
    return game.reveal_layout(cheat=True).cells, certain_mines(game)


def test_left_handed_auto_flag_sound_and_the_figures_chosen(open_page):
    page = open_page(PAGE, viewport={"width": 1280, "height": 800})
    cells, auto = first_view()
    assert auto
    # Sound is off at first; the mute button turns it on (and says so with a sound).
    sound = page.locator("#sound")
    assert sound.is_visible() and sound.get_attribute("aria-pressed") == "false"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => window.sweepkit.sound.played") == ["flag"]
    # Settings: left-handed, auto-flag, and RQP left out of the figures.
    page.click("#open-settings")
    page.check("#left-handed")
    page.check("#auto-flag")
    assert page.is_checked("#figure-zini") and page.is_checked("#figure-correctness")
    page.uncheck("#figure-rqp")
    page.keyboard.press("Escape")
    assert "Right click reveals" in page.inner_text("#board-help")
    # The right button reveals; the cascade's certain mines come flagged, without a click.
    first = FIRST[0] * 9 + FIRST[1]
    click(page, first, "right")
    assert label(page, first) != "hidden"
    assert [i for i, name in enumerate(labels(page)) if name == "flagged"] == auto
    assert page.inner_text("#mines-left") == f"{10 - len(auto):03d}"
    assert "auto-flag" in page.inner_text("#assisted-list")
    game = page.evaluate("() => window.sweepkit.game")
    assert game["clicks"]["right"] == 0 and game["assists"]["auto_flag"] == len(auto)
    # The left button flags and unflags.
    hidden = labels(page).index("hidden")
    click(page, hidden)
    assert label(page, hidden) == "flagged"
    click(page, hidden)
    assert label(page, hidden) == "hidden"
    # A mine not flagged, opened with the right button: lost, the figures chosen shown.
    mine = next(i for i, v in enumerate(cells) if v == MINE and i not in auto)
    click(page, mine, "right")
    assert page.get_attribute("#face", "data-state") == "lost"
    played = page.evaluate("() => window.sweepkit.sound.played")
    assert played[:2] == ["flag", "open"] and played[-1] == "loss"
    assert "unflag" in played
    figures = page.locator("#figures")
    assert figures.is_visible()
    state = page.evaluate("() => window.sweepkit.game")
    zini = figures.locator('[data-figure="zini"]')
    assert zini.is_visible() and zini.inner_text() == str(state["figures"]["zini"])
    assert 0 < state["figures"]["zini"] <= state["figures"]["three_bv"]
    assert figures.locator('[data-figure="correctness"]').inner_text().endswith("%")
    assert figures.locator('[data-figure="throughput"]').is_visible()
    assert not figures.locator('[data-figure="rqp"]').is_visible()
    # A figure turned back on shows at once.
    page.click("#open-settings")
    page.check("#figure-rqp")
    page.keyboard.press("Escape")
    assert figures.locator('[data-figure="rqp"]').is_visible()
    page.click("#open-settings")
    page.uncheck("#figure-ioe")
    page.keyboard.press("Escape")
    # Everything is kept across a reload.
    page.reload()
    page.wait_for_selector("#board .cell")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    page.click("#open-settings")
    assert page.is_checked("#left-handed") and page.is_checked("#auto-flag")
    assert page.is_checked("#figure-rqp") and not page.is_checked("#figure-ioe")
    page.keyboard.press("Escape")
    assert not figures.locator('[data-figure="ioe"]').is_visible()
    # Muted again: no sound at the next move.
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "false"


def test_on_a_phone_left_handed_keeps_tap_and_long_press_and_shows_the_mute_button(
        open_page):
    page = open_page(PAGE, viewport={"width": 390, "height": 844}, has_touch=True,
                     is_mobile=True)
    cells, auto = first_view()
    sound = page.locator("#sound")
    box = sound.bounding_box()
    assert sound.is_visible() and box["height"] >= 44 and box["x"] + box["width"] <= 390
    page.tap("#options-toggle")
    page.tap("#open-settings")
    page.tap("#left-handed")
    assert page.is_checked("#left-handed")
    page.keyboard.press("Escape")
    assert not page.is_visible("#menu")  # the menu closed with its dialog
    first = FIRST[0] * 9 + FIRST[1]
    x, y = centre(page, first)
    arm(page, "touchend")
    page.touchscreen.tap(x, y)  # a tap still reveals
    settle(page)
    assert label(page, first) != "hidden" and not any(
        name == "flagged" for name in labels(page))  # auto-flag is off here
    hidden = next(i for i in auto if label(page, i) == "hidden")
    x, y = centre(page, hidden)
    cdp = page.context.new_cdp_session(page)
    arm(page, "touchend")
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    page.wait_for_timeout(450)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settle(page)
    assert label(page, hidden) == "flagged"  # a long-press still flags
    assert cells[hidden] == MINE
