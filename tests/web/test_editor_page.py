"""The position editor in a real browser against the real server, two sessions of many
features each: editing by hand (the board fitted to the window, the tools' help behind
"?", drag to paint with mouse and finger, the wheel, keys,
undo and redo, the checks that turn Analyse off, a new board's mine count, the position
kept over a reload, positions saved by name), and files and counts (MBF and `.board` by
picker, paste and drop, malformed files refused in words, MBF written back as the same
bytes, a huge layout count in scientific form with its exact digits).

Each test leaves a screenshot in test-artifacts/ (named after it).
"""

from __future__ import annotations

import math

import pytest

from tests.web.conftest import page_opener

pytestmark = pytest.mark.browser

EDITOR = "/static/editor.html"


@pytest.fixture
def open_at(browser, server, request):
    """``open_at(path, ready, **context_options)``: a new context and page on the server,
    once ``ready`` (a selector) is in the page."""
    with page_opener(browser, server, request, {"width": 1200, "height": 900},
                     accept_downloads=True) as open_:
        yield lambda path, ready, **options: open_(path, ready, "attached", **options)


def rows_of(page) -> list[str]:
    """The board's rows as the editor's `.board` text has them (no header)."""
    return [line for line in page.input_value("#board-text").splitlines()
            if not line.startswith("mines:")]


def centre(page, i: int) -> tuple[float, float]:
    box = page.locator(f'#board .cell[data-index="{i}"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def new_board(page, rows: int, cols: int) -> None:
    page.fill("#rows", str(rows))
    page.fill("#cols", str(cols))
    page.click("#new-board")
    page.wait_for_function("(n) => document.querySelectorAll('#board .cell').length === n",
                           arg=rows * cols)


def test_editing_by_hand_undo_checks_and_keeping(open_at):
    page = open_at(EDITOR, "#board .cell", has_touch=True)
    # The board takes the room: its cells fill the window below its top (up to the
    # largest allowed, 64 px), Analyse still on the first screen under it; each tool's
    # help is behind a "?" beside it, not around it.
    size = page.locator('#board .cell[data-index="0"]').bounding_box()["width"]
    actions = page.locator("#board-area + .row-form").bounding_box()  # Analyse's row
    assert actions["y"] + actions["height"] <= 900
    assert size == 64 or actions["y"] + actions["height"] + 9 > 900 - 16  # no larger fits
    helps = page.eval_on_selector_all("[popover]", "els => els.map(e => e.id)")
    assert set(helps) == {"mines-help", "editor-help", "analyse-help", "text-help",
                          "files-help"}
    assert not any(page.is_visible(f"#{h}") for h in helps)
    page.click('#size-form button[popovertarget="mines-help"]')
    assert page.is_visible("#mines-help") and "level's count" in page.inner_text("#mines-help")
    page.keyboard.press("Escape")
    page.click('.editor-tools button[popovertarget="editor-help"]')  # beside the tool
    assert page.is_visible("#editor-help") and "drag" in page.inner_text("#editor-help")
    assert not page.is_visible("#mines-help")
    page.click('#editor-help button[popovertargetaction="hide"]')
    assert not page.is_visible("#editor-help")
    # A new page: 9x9 with beginner's mine count; other sizes get a level's or the density.
    assert page.input_value("#mines") == "10"
    assert "beginner's count on 9×9" in page.inner_text("#mines-note")
    new_board(page, 16, 30)
    assert page.input_value("#mines") == "99"
    assert "expert's count" in page.inner_text("#mines-note")
    new_board(page, 5, 6)
    assert page.input_value("#mines") == str(round(30 * 40 / 256))  # 5
    assert "intermediate's density (40 mines in 256 cells)" in page.inner_text("#mines-note")
    assert page.inner_text("#mines-left") == "Known mines: 0; mines left: 5"

    # Drag with the mouse: the tool "1" over four cells, one step of undo.
    page.select_option("#tool", "1")
    page.mouse.move(*centre(page, 0))
    page.mouse.down()
    for i in (1, 2, 3):
        page.mouse.move(*centre(page, i), steps=3)
    page.mouse.up()
    assert rows_of(page)[0] == "1111??"
    page.click("#undo")
    assert rows_of(page)[0] == "??????"
    page.click("#redo")
    assert rows_of(page)[0] == "1111??"
    assert page.is_disabled("#redo")

    # Drag with a finger (touch pointer events): mines down the last column.
    page.select_option("#tool", "*")
    cdp = page.context.new_cdp_session(page)
    x, y = centre(page, 5)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for i in (11, 17):
        x, y = centre(page, i)
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert [row[5] for row in rows_of(page)] == ["*", "*", "*", "?", "?"]
    assert page.inner_text("#mines-left") == "Known mines: 3; mines left: 2"

    # The wheel over a cell steps its number; turns on one cell are one step of undo.
    page.mouse.move(*centre(page, 14))  # (2, 2)
    for _ in range(3):
        page.mouse.wheel(0, -100)
    page.wait_for_function("document.getElementById('board-text').value.split('\\n')[3]"
                           "[2] === '2'")
    page.mouse.wheel(0, 100)
    page.wait_for_function("document.getElementById('board-text').value.split('\\n')[3]"
                           "[2] === '1'")
    page.click("#undo")
    assert rows_of(page)[2][2] == "?"

    # Keys: arrows move, a digit sets; Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z undo and redo.
    page.locator('#board .cell[data-index="0"]').focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("3")
    assert rows_of(page)[2][0] == "3"
    page.keyboard.press("Control+z")
    assert rows_of(page)[2][0] == "?"
    page.keyboard.press("Control+y")
    assert rows_of(page)[2][0] == "3"
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+Shift+Z")
    assert rows_of(page)[2][0] == "3"

    # An impossible position turns Analyse off and says why; the cell at fault is marked.
    assert page.is_enabled("#analyse") and page.is_hidden("#invalid")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("8")  # (0, 0): three neighbours
    assert page.is_disabled("#analyse")
    assert "the 8 at (0, 0) has only 2 neighbours that could hold a mine" in \
        page.inner_text("#invalid")
    corner = page.locator('#board .cell[data-index="0"]')
    assert "impossible" in (corner.get_attribute("aria-label") or "")
    page.keyboard.press("Delete")
    assert page.is_enabled("#analyse")
    page.fill("#mines", "2")
    assert page.is_disabled("#analyse")
    assert "the mine count 2 is below the 3 known mines" in page.inner_text("#invalid")
    # The wheel over the mine count steps it.
    page.hover("#mines")
    page.mouse.wheel(0, -100)
    page.mouse.wheel(0, -100)
    page.wait_for_function("document.getElementById('mines').value === '4'")
    assert page.is_enabled("#analyse") and page.is_hidden("#invalid")
    assert page.inner_text("#mines-left") == "Known mines: 3; mines left: 1"

    # The position is kept as it is edited: a reload brings it back.
    before = page.input_value("#board-text")
    page.reload()
    page.wait_for_selector("#board .cell")
    page.wait_for_function("(t) => document.getElementById('board-text').value === t",
                           arg=before)
    assert page.input_value("#mines") == "4"

    # Positions saved by name: listed, loaded, deleted.
    page.fill("#save-name", "three mines")
    page.click("#save-form button[type=submit]")
    assert page.inner_text("#saved-note") == 'Saved "three mines".'
    assert "three mines (5×6, 4 mines)" in page.inner_text("#saved-list")
    page.locator('#board .cell[data-index="29"]').focus()
    page.keyboard.press("5")
    assert page.input_value("#board-text") != before
    page.click("#saved-list button[aria-label='Load three mines']")
    assert page.input_value("#board-text") == before
    page.click("#saved-list button[aria-label='Delete three mines']")
    assert page.locator("#saved-list li").count() == 0
    assert page.is_visible("#saved-empty")
    assert page.is_hidden("#error")


MBF = bytes([4, 3, 0, 3, 0, 0, 3, 1, 1, 2])  # 4 wide, 3 tall: mines at (0,0) (3,1) (1,2)
MBF_BOARD = ["*???", "???*", "?*??"]


def drop_file(page, name: str, data: bytes) -> None:
    """Drop a file on the board, as a person dragging it from their files would."""
    page.evaluate("""([name, bytes]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], name));
        const target = document.getElementById('board');
        for (const type of ['dragenter', 'dragover', 'drop']) {
          target.dispatchEvent(new DragEvent(type, {dataTransfer: dt, bubbles: true,
                                                    cancelable: true}));
        }
    }""", [name, list(data)])


def test_files_in_and_out_and_huge_counts(open_at, tmp_path):
    page = open_at(EDITOR, "#board .cell")
    # An MBF file by the picker: its mines known, the rest covered, the count set.
    page.set_input_files("#board-file", files=[{"name": "three.mbf", "mimeType":
                                                "application/octet-stream", "buffer": MBF}])
    page.wait_for_function("document.querySelectorAll('#board .cell').length === 12")
    assert rows_of(page) == MBF_BOARD and page.input_value("#mines") == "3"
    assert "Read three.mbf (MBF): its 3 mines are shown as known mines" in \
        page.inner_text("#editor-note")
    page.click("#analyse")
    page.wait_for_selector("#layouts-line:not([hidden])")
    assert page.inner_text("#layouts") == "1" and page.is_hidden("#layouts-exact")
    # Written back: the same bytes.
    with page.expect_download() as got:
        page.click("#export-mbf")
    saved = tmp_path / "position.mbf"
    got.value.save_as(saved)
    assert saved.read_bytes() == MBF
    assert "holds the 3 known mines" in page.inner_text("#editor-note")

    # Malformed files are refused in words, with their name, and change nothing.
    bad = {
        "short.mbf": (bytes([4, 3, 0]), "the file is 3 bytes long"),
        "count.mbf": (bytes([4, 3, 0, 2, 0, 0]), "the header says 2 mines"),
        "off.mbf": (bytes([4, 3, 0, 1, 4, 0]), "mine 1 (bytes 4-5) is at x=4, y=0, off the "
                                               "4x3 board"),
        "twice.mbf": (bytes([4, 3, 0, 2, 1, 1, 1, 1]), "mine 2 (bytes 6-7) at x=1, y=1 is "
                                                       "mine 1 again"),
        "size.mbf": (bytes([0, 3, 0, 0]), "the board is 0x3"),
    }
    for name, (data, message) in bad.items():
        page.set_input_files("#board-file", files=[{"name": name, "mimeType":
                                                    "application/octet-stream",
                                                    "buffer": data}])
        page.wait_for_function("(n) => document.getElementById('error').textContent"
                               ".startsWith(n)", arg=f"{name}: ")
        error = page.inner_text("#error")
        assert message in error and error.endswith("Nothing was changed."), error
        assert rows_of(page) == MBF_BOARD
    # A bad .board file by drop is refused too; a good one (text) and an MBF are read.
    drop_file(page, "bad.board", b"1?x\n")
    page.wait_for_function("document.getElementById('error').textContent.includes("
                           "'bad.board: The text is not a position: line 1, column 3')")
    assert rows_of(page) == MBF_BOARD
    drop_file(page, "small.board", b"mines: 1\n1?\n")
    page.wait_for_function("document.querySelectorAll('#board .cell').length === 2")
    assert page.is_hidden("#error")
    drop_file(page, "again.bin", MBF)  # no .mbf name: its control bytes say it is binary
    page.wait_for_function("document.querySelectorAll('#board .cell').length === 12")
    assert rows_of(page) == MBF_BOARD

    # .board text pasted outside a text field replaces the position.
    page.locator('#board .cell[data-index="0"]').focus()
    page.evaluate("""(text) => {
        const dt = new DataTransfer();
        dt.setData('text/plain', text);
        document.activeElement.dispatchEvent(new ClipboardEvent('paste',
            {clipboardData: dt, bubbles: true, cancelable: true}));
    }""", "mines: 2\n??1\n???\n")
    assert rows_of(page) == ["??1", "???"] and page.input_value("#mines") == "2"
    assert page.inner_text("#editor-note") == "Pasted .board text loaded."
    page.click("#undo")  # a paste is one step
    assert rows_of(page) == MBF_BOARD

    # A huge count: scientific form, the exact digits on demand.
    new_board(page, 30, 30)
    mines = int(page.input_value("#mines"))
    assert mines == round(900 * 40 / 256)
    page.click("#analyse")
    page.wait_for_selector("#layouts-line:not([hidden])")
    exact = str(math.comb(900, mines))
    shown = page.inner_text("#layouts")
    assert page.inner_text("#layouts sup") == str(len(exact) - 1)
    mantissa = f"{int(exact[:3]) + (exact[3] >= '5')}"
    assert shown.startswith(f"{mantissa[0]}.{mantissa[1:]} × 10"), shown
    assert f"times 10 to the power {len(exact) - 1}" in \
        (page.get_attribute("#layouts", "aria-label") or "")
    assert page.is_hidden("#layouts-exact .digits")
    page.click("#layouts-exact summary")
    assert page.inner_text("#layouts-exact summary") == \
        f"The exact number ({len(exact)} digits)"
    assert page.inner_text("#layouts-exact .digits").replace("\u2009", "") == exact
    # The scientific form rounds half up, and carries into the exponent.
    forms = page.evaluate("""async () => {
        const { scientific } = await import(new URL('static/js/sci.js', document.baseURI));
        return [scientific('123456789012'), scientific('1234567890123'),
                scientific('9995000000000'), scientific('9994999999999')];
    }""")
    assert forms == [None, {"mantissa": "1.23", "exponent": 12},
                     {"mantissa": "1.00", "exponent": 13},
                     {"mantissa": "9.99", "exponent": 12}]
