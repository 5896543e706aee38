"""The play page's help while playing, in a real browser against the real server: the
hint (right, and its numbers shown), the probability overlay (the server's numbers), undo,
pause, a game opened by its id, no-guess boards made, cancelled and not made with every
status line replaced when what it says ends, the site nav, and axe-core with the overlay
and the hint panel shown.

A seeded layout is known to the test without the page leaking it (see test_play_page).
"""

from __future__ import annotations

import time

import pytest

from sweepkit.position import MINE
from sweepkit.rules import level
from tests.web.pages_helpers import call, call_as, unique
from tests.web.test_play_page import FIRST, cell, click, labels, layout_of

pytestmark = pytest.mark.browser

COLS = 9
SEED = 7  # its first click (4, 4) opens enough for a certain hint
BEGINNER = f"/?seed={SEED}&level=beginner&rule=safe"
START = FIRST[0] * COLS + FIRST[1]


def idle(page) -> None:
    """Wait until every request the page queued (moves and help) is answered and drawn."""
    page.evaluate(
        """async () => {
             for (;;) {
               const q = window.sweepkit.queue;
               await q;
               if (q === window.sweepkit.queue) return;
             }
           }"""
    )


def game_id(page) -> str:
    return page.evaluate("() => window.sweepkit.game.id")


def percent_text(p: float) -> str:
    """The overlay's text for a chance (play-hints.js's percentText)."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p < 0.01:
        return "<1%"
    if p > 0.99:
        return ">99%"
    return f"{int(p * 100 + 0.5)}%"


def overlay_texts(page) -> dict[int, str]:
    """The overlay's text of each decorated cell, by index."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(
             '#board .cell.ov, #board .cell.ov-safe, #board .cell.ov-mine')]
             .map(e => [e.dataset.index, e.querySelector('.deco')?.textContent ?? '']))"""
    )


def expected_overlay(page, gid: str) -> dict[int, str]:
    reply = call_as(page, "POST", f"/games/{gid}/overlay")
    safe, mines = set(reply["safe"]), set(reply["mines"])
    out = {i: percent_text(p) for i, p in reply["probabilities"]}
    out.update({i: "✓" for i in safe})
    out.update({i: "✗" for i in mines})
    return out


def started(open_page, path: str = BEGINNER):
    """The seeded beginner game after its first click, and its layout."""
    page = open_page(path)
    cells = layout_of(level("beginner", "safe"), SEED, FIRST)
    click(page, START)
    assert page.evaluate("() => window.sweepkit.game.status") == "playing"
    return page, cells


def test_site_nav_links_every_page(open_page):
    page = open_page(BEGINNER)
    nav = page.locator('nav.site-nav[aria-label="Pages"]')
    assert nav.locator("a").all_inner_texts() == [
        "Play", "Watch", "Editor", "Trainer", "Statistics", "Reductions", "Help"]
    assert nav.locator("a[aria-current=page]").get_attribute("href") == "./"
    page.click("nav.site-nav >> text=Watch")
    page.wait_for_url("**/static/watch.html")


def test_hint_is_right_and_shows_the_numbers_it_follows_from(open_page):
    page, cells = started(open_page)
    assert page.locator("#assisted").inner_text().count("seed") == 1  # a seeded board
    with page.expect_response(lambda r: r.url.endswith("/jobs/hint")) as answer:
        page.keyboard.press("h")  # the key binding: the hint is thought as a job
    idle(page)
    job = page.evaluate("(id) => fetch('api/jobs/' + id).then(r => r.json())",
                        answer.value.json()["id"])
    assert job["status"] == "done"
    hint = job["result"]["hint"]
    assert hint["certain"], hint
    r, c = hint["move"]
    i = r * COLS + c
    if hint["action"] == "flag":
        assert cells[i] == MINE
    else:
        assert cells[i] != MINE
    marked = page.locator("#board .cell.hl-hint")
    assert marked.count() == 1 and marked.get_attribute("data-index") == str(i)
    assert marked.inner_text() == "★" and "the hint" in (marked.get_attribute("aria-label") or "")
    because = sorted(int(x) for x in page.eval_on_selector_all(
        "#board .cell.hl-because", "els => els.map(e => e.dataset.index)"))
    assert because and because == sorted(br * COLS + bc for br, bc in hint["because"])
    for j in because:
        assert "follows from" in (cell(page, j).get_attribute("aria-label") or "")
        assert page.evaluate(  # a symbol, not colour alone
            "(j) => getComputedStyle(document.querySelector(`#board .cell[data-index=\"${j}\"]`),"
            " '::after').content", j) == '"◆"'
    panel = page.locator("#hint-panel")
    assert panel.is_visible()
    reason = hint["reason"][1:]  # its first letter made a capital
    assert f"Hint: reveal ({r}, {c}) (certain)." in panel.inner_text()
    assert reason in panel.inner_text()
    assert page.inner_text("#status").startswith("Hint: ")
    assert reason in page.inner_text("#status")
    badge = page.locator("#assisted")
    assert badge.is_visible() and "hint" in badge.inner_text()
    # The move made, the hint is stale: its marks go.
    click(page, i, "right" if hint["action"] == "flag" else "left")
    idle(page)
    assert page.locator("#board .hl-hint, #board .hl-because").count() == 0
    assert not panel.is_visible()


def test_overlay_shows_the_servers_probabilities_and_follows_moves(open_page, server):
    page, cells = started(open_page)
    page.click("#overlay")
    idle(page)
    assert page.get_attribute("#overlay", "aria-pressed") == "true"
    gid = game_id(page)
    shown = overlay_texts(page)
    assert shown and {int(k): v for k, v in shown.items()} == expected_overlay(page, gid)
    some = next(int(k) for k, v in shown.items() if v.endswith("%"))
    assert "mine chance" in label_of(page, some)
    size = page.evaluate(
        "(i) => parseFloat(getComputedStyle(document.querySelector("
        "`#board .cell[data-index=\"${i}\"] .deco`)).fontSize)", some)
    assert size >= 10
    # A move: the overlay is asked for again and drawn on the new board.
    names = labels(page)
    safe = next(j for j, v in enumerate(cells) if v != MINE and names[j].startswith("hidden"))
    click(page, safe)
    idle(page)
    if page.evaluate("() => window.sweepkit.game.status") == "playing":
        shown = {int(k): v for k, v in overlay_texts(page).items()}
        assert shown == expected_overlay(page, gid)
        assert str(safe) not in overlay_texts(page)
    # Cells too small for a percentage: the shade stays, the text goes.
    page.locator("#board .cell").first.focus()
    for _ in range(10):
        if page.evaluate("() => window.sweepkit.cellSize()") < 22:
            break
        page.keyboard.press("-")
    assert not page.locator("#board .cell.ov .deco").first.is_visible()
    page.click("#overlay")
    assert page.locator("#board .cell.ov, #board .cell.ov-safe").count() == 0


def label_of(page, i: int) -> str:
    return cell(page, i).get_attribute("aria-label") or ""


def test_undo_pause_and_resume(open_page, server):
    page, cells = started(open_page)
    before = labels(page)
    safe = next(j for j, v in enumerate(cells) if v != MINE and before[j] == "hidden")
    click(page, safe)
    assert labels(page) != before
    page.click("#undo")
    idle(page)
    assert labels(page) == before
    assert "undo" in page.inner_text("#assisted")
    assert page.inner_text("#status") == "The last move is taken back."
    # Pause: the board hidden under "Paused", the clock still, the board not playable.
    page.click("#pause")
    idle(page)
    assert page.locator("#paused-cover").is_visible()
    assert page.evaluate(
        "() => getComputedStyle(document.getElementById('board-wrap')).visibility") == "hidden"
    assert page.evaluate("() => document.activeElement.id") == "resume"
    stopped = page.inner_text("#timer")
    time.sleep(1.2)
    assert page.inner_text("#timer") == stopped
    assert call(server, "GET", f"/games/{game_id(page)}")["paused"] is True
    page.keyboard.press("h")  # help is refused while paused (the button is disabled)
    assert page.locator("#hint").is_disabled()
    page.screenshot(path="test-artifacts/test_undo_pause_and_resume-paused.png")
    page.click("#resume")
    idle(page)
    assert not page.locator("#paused-cover").is_visible()
    time.sleep(0.5)
    assert float(page.inner_text("#timer")) > float(stopped)
    click(page, safe)
    assert labels(page) != before


def test_computer_move_and_the_help_keys(open_page):
    page, cells = started(open_page)
    before = labels(page)
    with page.expect_response(lambda r: r.url.endswith("/computer")) as answer:
        page.click("#computer")
    idle(page)
    reply = answer.value.json()
    r, c = reply["hint"]["move"]
    i = r * COLS + c
    assert before[i] == "hidden" and cells[i] != MINE
    assert labels(page)[i] != "hidden"  # the move is drawn
    assert page.inner_text("#hint-panel").startswith("The computer's move")
    assert "the computer's move" in label_of(page, i)
    assert "computer move" in page.inner_text("#assisted")
    # The new keys are in the Settings (rebindable) and in the Help.
    page.click("#open-settings")
    table = page.inner_text("#key-table")
    for words in ("Hint", "Probability overlay", "Undo", "Pause / resume", "Computer move"):
        assert words in table, words
    page.keyboard.press("Escape")
    page.click("#open-help")
    keys = page.inner_text("#help-keys")
    assert "H Hint" in keys and "P Pause / resume" in keys
    page.keyboard.press("Escape")


def test_a_game_opened_by_its_id(open_page, server):
    board = "mines: 10\n" + "\n".join(
        ["0001?????", "0112?????", "01???????"] + ["?????????"] * 6)
    page = open_page("/")
    idle(page)
    ada = unique("Ada")  # a name of this test's own: the first browser to play one owns it
    state = call_as(page, "POST", "/analyse/play", {"board": board, "seed": 1, "player": ada})
    # Another browser may open the game's address and look, not play: it is read-only, a
    # click sends nothing (see test_play_share for the whole read-only view).
    other = open_page(f"/?game={state['id']}")
    idle(other)
    assert labels(other) == [{".": "hidden", "F": "flagged", "0": "blank"}.get(ch, ch)
                             for ch in state["cells"]]
    assert other.locator("#read-only").is_visible()
    click(other, board.splitlines()[1:].index("?????????") * 9)
    assert other.locator("#error").is_hidden()
    assert call(server, "GET", f"/games/{state['id']}")["cells"] == state["cells"]
    page.goto(f"/?game={state['id']}")
    # the page loads the game after its own start: wait for that game's board, not just
    # for the page (on a loaded machine the board was read before it was drawn)
    page.wait_for_function(f"() => window.sweepkit?.game?.id === {state['id']!r}")
    page.wait_for_selector("#board .cell")
    idle(page)
    names = labels(page)
    words = {".": "hidden", "F": "flagged", "0": "blank"}
    assert names == [words.get(ch, ch) for ch in state["cells"]]
    for r, line in enumerate(board.splitlines()[1:]):  # the position's numbers are open
        for c, ch in enumerate(line):
            if ch.isdigit():
                assert names[r * 9 + c] == ("blank" if ch == "0" else ch)
    assert page.evaluate("() => window.sweepkit.game.id") == state["id"]
    assert ada in page.inner_text("#status")
    assert page.inner_text("#mines-left") == "010"
    assert "played from a position" in page.inner_text("#assisted")
    elapsed = float(page.inner_text("#timer"))
    time.sleep(0.4)
    assert float(page.inner_text("#timer")) == elapsed  # it waits for the first move
    # A move goes to that game.
    with page.expect_response(lambda r: r.url.endswith("/moves")) as answer:
        page.click("#hint")
        idle(page)
        hint = page.evaluate("() => document.querySelector('#board .hl-hint').dataset.index")
        click(page, int(hint))
    assert f"/games/{state['id']}/" in answer.value.url
    # An unknown game: the server's sentence, and a new game offered.
    page.goto("/?game=nosuchgame")
    page.wait_for_selector("#error:not([hidden])")
    assert "no game 'nosuchgame'" in page.inner_text("#error")
    page.click("#offer-button")
    page.wait_for_selector("#board .cell")
    idle(page)
    assert page.url.endswith(f"/?game={game_id(page)}") and "nosuchgame" not in page.url


def status(page) -> str:
    return page.inner_text("#status")


def test_every_status_line_is_replaced_when_what_it_describes_ends(open_page):
    """The lines that say something is under way (a game starting, a no-guess board being
    made, a hint being thought) are replaced when it ends: done, failed or cancelled.

    The no-guess board is 2×2 with one mine (25 %, the most no-guess allows): every layout
    needs a guess (each cell touches the mine), so the server looks for its whole budget
    of 5 s and finds none: the first click can be cancelled meanwhile, and then fails."""
    page = open_page("/?rows=2&cols=2&mines=1&rule=safe&no_guess=1")
    gid = game_id(page)
    assert status(page).startswith("New game: Custom, 2 × 2, 1 mines")  # started
    with page.expect_request(lambda r: r.url.endswith("/api/jobs/move")):
        page.evaluate("() => { window.sweepkit.reveal(0); }")
    page.wait_for_selector("#making:not([hidden])")
    assert "Making a board" in page.inner_text("#making")
    assert status(page) == "Making a board that needs no guess…"
    page.screenshot(path="test-artifacts/test_a_no_guess_board_making.png")
    page.click("#making-cancel")  # cancelled
    idle(page)
    assert page.locator("#making").is_hidden()
    assert status(page) == "Cancelled: no board was made; the game is as it was."
    game = page.evaluate("() => window.sweepkit.game")
    assert (game["id"], game["status"], game["no_guess"]) == (gid, "ready", True)
    assert set(labels(page)) == {"hidden"}
    # Again, to the end of the server's budget: failed, it says so and offers a normal board.
    page.evaluate("() => { window.sweepkit.reveal(0); }")
    idle(page)
    assert page.locator("#making").is_hidden()
    assert status(page) == "No board was made; the game is as it was."
    assert "no no-guess board" in page.inner_text("#error")
    assert page.evaluate("() => window.sweepkit.game.status") == "ready"
    page.click("#offer-button")
    page.wait_for_function(f"() => window.sweepkit.game.id !== {gid!r}")
    game = page.evaluate("() => window.sweepkit.game")
    assert (game["rows"], game["mines"], game["no_guess"]) == (2, 1, False)
    assert status(page).startswith("New game: Custom, 2 × 2")
    # A no-guess board too dense to make is refused at once: no game starts.
    old = game_id(page)
    page.select_option("#level", "custom")
    page.fill("#rows", "9")
    page.fill("#cols", "9")
    page.fill("#mines", "40")
    page.check("#no-guess")
    page.click("#new-game")
    page.wait_for_selector("#offer:not([hidden])")
    assert "no-guess" in page.inner_text("#error")
    assert status(page) == "No new game was started: the board on screen is the game before."
    assert game_id(page) == old  # no game started, none labelled no-guess
    assert page.evaluate("() => window.sweepkit.game.no_guess") is False
    assert page.inner_text("#offer-button") == "Play a normal board instead"
    page.click("#offer-button")
    page.wait_for_function(f"() => window.sweepkit.game.id !== {old!r}")
    game = page.evaluate("() => window.sweepkit.game")
    assert (game["rows"], game["cols"], game["mines"], game["no_guess"]) == (9, 9, 40, False)
    assert not page.is_checked("#no-guess")
    assert page.locator("#error").is_hidden() and page.locator("#offer").is_hidden()
    assert status(page).startswith("New game: Custom, 9 × 9, 40 mines")
    # A no-guess beginner board is made at the first click, as a job: it arrives.
    page.select_option("#level", "beginner")
    page.check("#no-guess")
    page.click("#new-game")
    page.wait_for_function("() => window.sweepkit.game.no_guess === true")
    assert status(page).endswith("no guessing.")
    with page.expect_request(lambda r: r.url.endswith("/api/jobs/move")):
        click(page, START)
    idle(page)
    assert page.evaluate("() => window.sweepkit.game.status") in ("playing", "won")
    assert page.locator("#making").is_hidden()
    assert label_of(page, START) != "hidden"
    assert status(page) == "The board is ready: logic alone clears it."
    if page.evaluate("() => window.sweepkit.game.status") == "playing":
        # The hint is thought as a job ("Thinking about a hint…" meanwhile): it arrives.
        page.click("#hint")
        idle(page)
        assert page.locator("#making").is_hidden()
        assert status(page).startswith("Hint: ")
        page.click("#pause")
        idle(page)
        assert status(page).startswith("Paused")
        page.click("#resume")
        idle(page)
        assert status(page) == "Resumed."


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
def test_axe_with_overlay_and_hint_shown(open_page, theme):
    from axe_playwright_python.sync_playwright import Axe

    page, _ = started(open_page)
    page.select_option("#theme", theme)
    page.click("#overlay")
    page.click("#hint")
    idle(page)
    assert page.locator("#hint-panel").is_visible()
    assert page.locator("#board .cell.ov").count() > 0
    violations = Axe().run(page).response["violations"]
    page.click("#pause")
    idle(page)
    violations += Axe().run(page).response["violations"]
    page.click("#resume")
    idle(page)
    bad = [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"][:3]])
        for v in violations
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, bad


def test_a_reload_comes_back_to_the_game_being_played(open_page):
    page = open_page(BEGINNER)
    assert page.is_disabled("#hint") and page.is_disabled("#pause")  # before the first click
    click(page, START)
    idle(page)
    assert not page.is_disabled("#hint") and not page.is_disabled("#pause")
    gid = game_id(page)
    assert page.url.endswith(f"/?game={gid}")  # the seed that made it is out of the address
    before = labels(page)
    page.reload()
    page.wait_for_selector("#board .cell")
    idle(page)
    assert game_id(page) == gid and labels(page) == before
    page.click("#face")  # a new game: its own id in the address
    page.wait_for_function(f"() => window.sweepkit.game.id !== {gid!r}")
    assert page.url.endswith(f"/?game={game_id(page)}")


@pytest.mark.parametrize(("query", "words"), [
    ("rule=weird&level=beginner", 'unknown first-click rule "weird"'),
    ("seed=abc&level=beginner", "cannot be made"),
])
def test_an_address_asking_for_an_impossible_game_still_gives_a_board(open_page, query, words):
    page = open_page(f"/?{query}")
    page.wait_for_selector("#board .cell")
    page.wait_for_selector("#error:not([hidden])")
    assert words in page.inner_text("#error")
    assert "Value error" not in page.inner_text("#error")
    assert page.evaluate("() => document.getElementById('rule').selectedIndex") >= 0


def test_the_hint_panel_closes_with_escape_and_gives_the_focus_back(open_page):
    page, _cells = started(open_page)
    page.keyboard.press("h")
    idle(page)
    page.wait_for_selector("#hint-panel:not([hidden])")
    page.focus("#hint-close")
    page.keyboard.press("Escape")
    assert page.is_hidden("#hint-panel")
    assert page.evaluate("() => document.activeElement.closest('#board') !== null")


def test_a_guess_hint_names_a_few_cells_of_each_runner_up(open_page):
    # seed 1's first guess after (8, 8) on intermediate: its runners-up are classes of 3,
    # 8 and 48 equivalent cells (sweepkit.strategies.hint on the same view)
    page = open_page("/?seed=1&level=intermediate&rule=safe")
    click(page, 8 * 16 + 8)
    idle(page)
    page.click("#hint")
    idle(page)
    page.wait_for_selector("#hint-panel:not([hidden])")
    more = page.inner_text("#hint-more")
    assert "more like them" in more and len(more) < 600, more


def test_taking_another_actions_key_says_so(open_page):
    page = open_page(BEGINNER)
    page.click("#open-settings")
    page.click('#key-table button[data-action="undo"]')
    page.keyboard.press("h")
    note = page.inner_text("#keys-note")
    assert 'now does "' in note and "Hint" in note and "now has none" in note
    page.click("#keys-reset")
