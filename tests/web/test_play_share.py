"""Sharing, the read-only view, practice undo and the keyboard from page load, in a real
browser against the real server: a board shared by its link (copied to the clipboard)
opens a fresh game elsewhere; another browser sees a game read-only, without a refusal
popping up, and plays the same board as its own; a loss is taken back by Ctrl+Z with a
death counted; editor links carry a position, and malformed links say so."""

from __future__ import annotations

import pytest

from sweepkit.analysis.board.probability import analyse
from sweepkit.game import Game
from sweepkit.position import MINE
from sweepkit.rules import level
from tests.web.pages_helpers import call
from tests.web.test_play_help import game_id, idle
from tests.web.test_play_page import FIRST, click, labels, layout_of, press

pytestmark = pytest.mark.browser

COLS = 9
START = FIRST[0] * COLS + FIRST[1]
CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}


def test_a_shared_board_a_read_only_view_and_the_same_board_played(open_page, server):
    page = open_page("/?level=beginner&rule=safe", **CLIPBOARD)  # a random game
    assert page.is_disabled("#undo")  # before the first move
    assert "seed shown at the end" in page.inner_text("#game-info")
    click(page, START)
    gid = game_id(page)
    page.click("#share")
    page.wait_for_selector("#share-panel:not([hidden])")
    link = page.input_value("#share-link")
    assert "seed=" in link and "rule=safe" in link and "level=beginner" in link
    assert "game=" not in link and gid not in link  # never a link into the live game
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    assert "board shared" in page.inner_text("#assisted")
    seed = link.split("seed=")[1].split("&")[0]
    # Someone else opens the link: a fresh game of its own on the same board.
    other = open_page(link.removeprefix(server))
    idle(other)
    assert game_id(other) != gid and set(labels(other)) == {"hidden"}
    assert f"seed {seed}" in other.inner_text("#game-info")
    click(other, START)
    assert labels(other) == labels(page)  # the same first click opens the same cells
    # The owner's game's address opened elsewhere: read-only, and nothing is refused.
    viewer = open_page(f"/?game={gid}")
    idle(viewer)
    assert viewer.locator("#read-only").is_visible()
    assert "someone else's game" in viewer.inner_text("#read-only")
    for button in ("#hint", "#undo", "#restart", "#pause", "#computer", "#share", "#overlay"):
        assert viewer.is_disabled(button), button
    before = labels(viewer)
    owners = call(server, "GET", f"/games/{gid}")
    covered = before.index("hidden")
    click(viewer, covered)
    viewer.locator("#board .cell").first.focus()
    for key in ("Space", "f", "h", "u", "r", "p", "Control+z"):
        press(viewer, key)
    idle(viewer)
    assert viewer.locator("#error").is_hidden()  # no 403 popping up
    assert labels(viewer) == before
    after = call(server, "GET", f"/games/{gid}")
    assert (after["cells"], after["moves"], after["assists"], after["paused"]) == (
        owners["cells"], owners["moves"], owners["assists"], owners["paused"])
    viewer.screenshot(path="test-artifacts/test_a_shared_board_read_only_view.png")
    # While the owner plays, the board is not dealt to anyone else...
    assert viewer.locator("#play-same").is_hidden()
    # ...once the owner's game is over, the viewer may play the same board as its own.
    cells = layout_of(level("beginner", "safe"), int(seed), FIRST)
    click(page, cells.index(MINE))
    assert page.evaluate("() => window.sweepkit.game.status") == "lost"
    viewer.reload()
    idle(viewer)
    viewer.click("#play-same")
    viewer.wait_for_function(f"() => window.sweepkit.game.id !== {gid!r}")
    idle(viewer)
    assert viewer.locator("#read-only").is_hidden()
    assert viewer.url.endswith(f"/?game={game_id(viewer)}")
    click(viewer, START)
    assert labels(viewer) == labels(other)    # the same opening as the link's game
    assert "board shared" in viewer.inner_text("#assisted")


def test_keys_from_page_load_and_a_loss_taken_back_with_ctrl_z(open_page, server):
    seed = 7
    page = open_page(f"/?seed={seed}&level=beginner&rule=safe")
    assert page.is_disabled("#undo")
    # No Tab, no click: the keys work on the board at once (the first cell is focused).
    assert page.evaluate("() => document.activeElement === document.body")
    press(page, "ArrowRight")  # (0, 1)
    press(page, "ArrowLeft")  # (0, 0)
    press(page, "Space")
    assert page.evaluate("() => window.sweepkit.game.status") == "playing"
    cells = layout_of(level("beginner", "safe"), seed, (0, 0))
    assert page.evaluate("() => document.activeElement.dataset.index") == "0"
    mine = cells.index(MINE)
    row, col = divmod(mine, COLS)
    for _ in range(row):
        press(page, "ArrowDown")
    for _ in range(col):
        press(page, "ArrowRight")
    before = labels(page)
    press(page, "Space")
    assert page.evaluate("() => window.sweepkit.game.status") == "lost"
    assert "Undo" in page.inner_text("#status")
    assert not page.is_disabled("#undo")  # after a loss, undo is practice
    assert page.locator("#board .cell.c-exploded").count() == 1  # the mine hit,
    assert page.locator("#board .cell.c-mine").count() == 0  # and no other
    assert page.locator("#show-board").is_visible()
    # The lost position keeps its overlay and hint (the position before the losing move);
    # hovering a cell says its chance, or why it is certain, in words.
    twin = Game(level("beginner", "safe"), seed)
    twin.reveal(0, 0)
    safe = sorted(analyse(twin.view(flags=False)).safe_cells())
    verdict = page.inner_text("#loss-verdict")  # said at once, the safe cells marked ✓
    assert verdict.startswith("The death was avoidable" if safe else "The death was forced")
    marked = page.eval_on_selector_all("#board .cell.loss-safe", "els => els.map(e => "
                                       "Number(e.dataset.index))")
    assert sorted(marked) == safe
    assert not page.is_disabled("#overlay") and not page.is_disabled("#hint")
    assert page.is_disabled("#computer")
    page.click("#overlay")
    page.wait_for_selector("#board .cell.ov")
    fatal = page.get_attribute(f'#board .cell[data-index="{mine}"]', "title")
    assert fatal.startswith("mine chance "), fatal
    if safe:
        said = page.get_attribute(f'#board .cell[data-index="{safe[0]}"]', "title")
        r, c = divmod(safe[0], COLS)
        assert said.startswith("certainly safe: ") and f"({r}, {c})" in said, said
    page.click("#overlay")
    idle(page)
    press(page, "Control+z")
    idle(page)
    assert page.locator("#loss-verdict").is_hidden()   # taken back: no verdict, no marks
    assert page.locator("#board .cell.loss-safe").count() == 0
    assert page.evaluate("() => window.sweepkit.game.status") == "playing"
    assert labels(page) == before
    assert page.inner_text("#deaths") == "Deaths: 1 (practice)"
    assert "undo" in page.inner_text("#assisted")
    assert page.inner_text("#status").startswith("The losing move is taken back: death 1")
    state = call(server, "GET", f"/games/{game_id(page)}")
    assert state["deaths"] == 1 and state["status"] == "playing"
    # A restarted board has no seed to deal it: its link carries the layout itself.
    page.click("#restart")
    idle(page)
    page.click("#share")
    page.wait_for_selector("#share-panel:not([hidden])")
    link = page.input_value("#share-link")
    assert "#board=" in link and "?" not in link
    other = open_page(link.removeprefix(server))
    idle(other)
    assert (other.evaluate("() => window.sweepkit.game.mines"), set(labels(other))) == (
        10, {"hidden"})
    assert "#board=" not in other.url and "?game=" in other.url
    click(other, 0)  # the same layout: the same number there, and the same mine
    assert labels(other)[0] == ("blank" if cells[0] == 0 else str(cells[0]))
    click(other, mine)
    assert other.evaluate("() => window.sweepkit.game.status") == "lost"
    assert other.locator("#board .cell.c-mine").count() == 0
    other.click("#show-board")  # every mine shown: the loss stands
    other.wait_for_function("() => window.sweepkit.game.shown === true")
    assert other.locator("#board .cell.c-mine").count() == 9
    assert other.is_disabled("#undo") and other.locator("#show-board").is_hidden()


def test_editor_links_and_malformed_links_say_so(open_page, server):
    page = open_page("/static/editor.html#position=abc$def")
    page.wait_for_selector("#error:not([hidden])")
    assert "this link's position cannot be read" in page.inner_text("#error")
    page.fill("#board-text", "mines: 2\n01?\n12?\n???\n")
    page.click("#load-text")
    page.click("#make-link")
    page.wait_for_selector("#link-line:not([hidden])")
    link = page.input_value("#position-link")
    assert "/static/editor.html#position=" in link
    opened = open_page(link.removeprefix(server))
    opened.wait_for_function("() => document.getElementById('board-text').value.includes('12?')")
    assert opened.input_value("#board-text") == "mines: 2\n01?\n12?\n???\n"
    assert opened.input_value("#mines") == "2"
    assert opened.locator("#error").is_hidden()
    # A play link whose board cannot be read: said, and a game is played all the same.
    play = open_page("/#board=AAAA")
    idle(play)
    play.wait_for_selector("#error:not([hidden])")
    assert "this link's board cannot be read" in play.inner_text("#error")
    assert play.evaluate("() => window.sweepkit.game !== null")
