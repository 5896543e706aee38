/**
 * The board as a DOM grid: built in one pass (one innerHTML string, fast at 200×200),
 * then updated only for the cells a move changed. It holds the page's copy of the
 * server's cell codes plus the client-only question marks, and the roving focus.
 *
 * Cell codes (the server's): "." covered, "F" flag, "0"-"8" open, and once the game
 * is over "*" mine not found, "X" exploded mine, "W" wrong flag. "?" is a mark this
 * page keeps on a covered cell; the server never sees it.
 *
 * A board can be shown turned (`turned`): transposed, the board's rows running down the
 * screen, so that a wide board fills a tall screen. Cells keep their index (row-major on
 * the board, as the server counts), so everything but the screen's layout and the arrow
 * keys is the same either way.
 */

/** Class, accessible name and visible text of each code. */
const VIEW = {
  ".": ["c-covered", "hidden", ""],
  F: ["c-flag", "flagged", ""],
  "?": ["c-question", "question mark", ""],
  0: ["c-n0", "blank", ""],
  "*": ["c-mine", "mine", ""],
  X: ["c-exploded", "exploded mine", ""],
  W: ["c-wrong", "wrong flag", ""],
};
for (let n = 1; n <= 8; n++) VIEW[n] = [`c-n${n}`, String(n), String(n)];

const CHUNK = 32; // cells: a row longer than this is drawn in chunks of it (see draw)

/** The view of an unknown code (a server newer than this page): shown, not fatal. */
const viewOf = (code) => VIEW[code] || ["c-covered", `unknown (${code})`, ""];

export class Board {
  /**
   * @param {HTMLElement} grid the role=grid element
   * @param {HTMLElement} scroller the element that scrolls the grid
   */
  constructor(grid, scroller) {
    this.grid = grid;
    this.scroller = scroller;
    this.rows = 0;
    this.cols = 0;
    this.codes = []; // the server's code of every cell
    this.marks = new Set(); // indices of covered cells with a "?" (client side only)
    this.cells = []; // the cell elements, by index
    this.focusIndex = 0;
    this.pressed = [];
    // Decorations drawn over the cells, by layer ("hint", "overlay"): index → {cls, text,
    // note, covered}; `text` is shown in the cell, `note` added to its name; a `covered`
    // decoration shows only while the cell is covered (not flagged, not marked).
    this.layers = new Map();
    this.turned = false; // shown transposed (see the top of this file)
    // called with (rows, cols) before a board is drawn: the page sets the cell size and
    // `turned` for the board's shape there
    this.beforeBuild = null;
  }

  /** The screen's rows and columns: the board's, or swapped when it is shown turned. */
  get screenRows() {
    return this.turned ? this.cols : this.rows;
  }

  get screenCols() {
    return this.turned ? this.rows : this.cols;
  }

  /** The screen place [row, col] of cell i. */
  screenOf(i) {
    const [r, c] = this.rowCol(i);
    return this.turned ? [c, r] : [r, c];
  }

  /** The cell at a screen place. */
  indexOfScreen(sr, sc) {
    return this.turned ? sc * this.cols + sr : sr * this.cols + sc;
  }

  /** Replace the whole grid: rows × cols cells from a cells string (one code each). */
  build(rows, cols, cells) {
    if (rows !== this.rows || cols !== this.cols) this.focusIndex = 0;
    this.beforeBuild?.(rows, cols);
    this.rows = rows;
    this.cols = cols;
    this.codes = Array.from(cells);
    this.marks.clear();
    this.pressed = [];
    this.layers.clear();
    this.draw();
  }

  /** Show the board turned or not, keeping everything on it (codes, marks, decorations,
   * the focus). */
  turn(turned) {
    if (turned === this.turned) return;
    const hadFocus = this.grid.contains(document.activeElement);
    this.turned = turned;
    this.draw();
    const decorated = [...this.layers.values()].flatMap((layer) => [...layer.keys()]);
    for (const i of new Set([...this.marks, ...decorated])) this.paint(i);
    if (hadFocus) this.setFocus(this.focusIndex);
  }

  /** Write the grid's elements in one pass, screen row by screen row. */
  draw() {
    const rows = this.screenRows;
    const cols = this.screenCols;
    // the column numbers (shown with body.coords; hidden from assistive technology, whose
    // cells say their place), and each row's number as its data-r: the board's row and
    // column numbers, which a turned board shows the other way round
    const parts = ['<div class="ruler" aria-hidden="true">'];
    for (let c = 0; c < cols; c++) parts.push(`<span>${c}</span>`);
    parts.push("</div>");
    // A long row is cut into chunks that are laid out and painted only when on screen
    // (content-visibility, as rows are), so that a zoom lays out the cells in view, not
    // whole rows of 200 (generic elements: the grid's rows still own their cells).
    const chunked = cols > CHUNK;
    const order = [];
    for (let r = 0; r < rows; r++) {
      parts.push(`<div class="row" role="row" data-r="${r}">`);
      for (let c = 0; c < cols; c++) {
        if (chunked && c % CHUNK === 0) {
          const n = Math.min(CHUNK, cols - c);
          parts.push(n === CHUNK ? '<div class="chunk">' : `<div class="chunk" style="--n: ${n}">`);
        }
        const i = this.indexOfScreen(r, c);
        order.push(i);
        const [cls, label, text] = viewOf(this.codes[i]);
        parts.push(
          `<div class="cell ${cls}" role="gridcell" data-index="${i}" tabindex="${
            i === this.focusIndex ? 0 : -1
          }" aria-label="${label}">${text}</div>`,
        );
        if (chunked && (c % CHUNK === CHUNK - 1 || c === cols - 1)) parts.push("</div>");
      }
      parts.push("</div>");
    }
    this.grid.style.setProperty("--cols", cols);
    this.grid.style.setProperty("--rows", rows);
    this.grid.classList.toggle("turned", this.turned);
    this.grid.innerHTML = parts.join("");
    const els = this.grid.getElementsByClassName("cell");
    this.cells = new Array(els.length);
    for (let k = 0; k < els.length; k++) this.cells[order[k]] = els[k];
  }

  /** Apply a move's changes: [[index, code], ...]; touches those cells only. */
  apply(changes) {
    for (const [i, code] of changes) {
      this.codes[i] = code;
      if (code !== ".") this.marks.delete(i);
      this.paint(i);
    }
  }

  /** The code shown on a cell: the server's, or "?" for a marked covered cell. */
  shown(i) {
    const code = this.codes[i];
    return code === "." && this.marks.has(i) ? "?" : code;
  }

  /** Put or take off the client-side "?" mark of a covered cell. */
  setMark(i, on) {
    if (on && this.codes[i] === ".") this.marks.add(i);
    else this.marks.delete(i);
    this.paint(i);
  }

  paint(i) {
    const el = this.cells[i];
    if (!el) return;
    const [cls, label, text] = viewOf(this.shown(i));
    el.className = `cell ${cls}`;
    el.textContent = text;
    const notes = [];
    for (const layer of this.layers.values()) {
      const d = layer.get(i);
      if (!d || (d.covered && this.shown(i) !== ".")) continue;
      if (d.cls) el.classList.add(...d.cls.split(" "));
      if (d.vars) for (const [k, v] of Object.entries(d.vars)) el.style.setProperty(k, v);
      if (d.text) {
        const mark = document.createElement("span");
        mark.className = "deco";
        mark.setAttribute("aria-hidden", "true");
        mark.textContent = d.text;
        el.append(mark);
      }
      if (d.note) notes.push(d.note);
    }
    el.setAttribute("aria-label", notes.length ? `${label}, ${notes.join(", ")}` : label);
    // hovering says the same in words: a chance, or why a cell is certain
    if (notes.length) el.title = notes.join(", ");
    else if (el.hasAttribute("title")) el.removeAttribute("title");
  }

  /** Replace a layer of decorations (a Map index → decoration; empty or null clears it);
   * repaints only the cells it had or has. */
  setLayer(name, decorations) {
    const old = this.layers.get(name);
    if (decorations && decorations.size) this.layers.set(name, decorations);
    else this.layers.delete(name);
    const touched = new Set([...(old?.keys() || []), ...(decorations?.keys() || [])]);
    for (const i of touched) this.paint(i);
  }

  /** The index of a cell element (or of the cell holding `node`), else -1. */
  indexOf(node) {
    const el = node instanceof Element ? node.closest(".cell[data-index]") : null;
    return el && this.grid.contains(el) ? Number(el.dataset.index) : -1;
  }

  /**
   * The cell under a pointer at (x, y) whose event went to `target`, else -1. Rows off
   * screen skip their contents (content-visibility), so an event that comes in the
   * frame before a row is drawn again hits the row itself: the cell is found from the
   * coordinates then (the cells fill the row's right part: a row number may stand left).
   */
  indexAt(target, x, y) {
    const i = this.indexOf(target);
    if (i >= 0) return i;
    const row = target instanceof Element ? target.closest(".row") : null;
    if (!row || row.parentElement !== this.grid) return -1;
    const r = Number(row.dataset.r);
    const rect = row.getBoundingClientRect();
    const cols = this.screenCols;
    const size = rect.height; // a cell is as wide as its row is high
    const c = Math.floor((x - (rect.right - cols * size)) / size);
    return r >= 0 && r < this.screenRows && c >= 0 && c < cols ? this.indexOfScreen(r, c) : -1;
  }

  rowCol(i) {
    return [Math.floor(i / this.cols), i % this.cols];
  }

  /** The indices of the (up to 8) neighbours of cell i. */
  neighbours(i) {
    const [r, c] = this.rowCol(i);
    const out = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < this.rows && cc >= 0 && cc < this.cols) {
          out.push(rr * this.cols + cc);
        }
      }
    }
    return out;
  }

  isOpenNumber(i) {
    const code = this.codes[i];
    return code >= "1" && code <= "8" && code.length === 1;
  }

  isCovered(i) {
    return this.codes[i] === ".";
  }

  /** Whether an open number has exactly its number of flags around it (a chord opens). */
  satisfied(i) {
    if (!this.isOpenNumber(i)) return false;
    const flags = this.neighbours(i).filter((j) => this.codes[j] === "F").length;
    const covered = this.neighbours(i).filter((j) => this.codes[j] === ".").length;
    return flags === Number(this.codes[i]) && covered > 0;
  }

  /** Show cells as pressed (a mouse button held on them), covered unmarked ones only. */
  press(indices) {
    this.release();
    for (const i of indices) {
      if (this.shown(i) === ".") {
        this.cells[i].classList.add("c-pressed");
        this.pressed.push(i);
      }
    }
  }

  release() {
    for (const i of this.pressed) this.cells[i]?.classList.remove("c-pressed");
    this.pressed = [];
  }

  /** Move the roving focus (tabindex 0) to cell i; `focus` also focuses and scrolls to it. */
  setFocus(i, focus = true) {
    if (i < 0 || i >= this.cells.length) return;
    const old = this.cells[this.focusIndex];
    if (old) old.tabIndex = -1;
    this.focusIndex = i;
    const el = this.cells[i];
    el.tabIndex = 0;
    if (focus) {
      el.focus({ preventScroll: true });
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  /** Move the focus by (dr, dc) on the screen (the arrow keys), clamped to the board;
   * ±Infinity goes to the edge. */
  moveFocus(dr, dc) {
    const [r, c] = this.screenOf(this.focusIndex);
    const rr = Math.min(this.screenRows - 1, Math.max(0, r + dr));
    const cc = Math.min(this.screenCols - 1, Math.max(0, c + dc));
    this.setFocus(this.indexOfScreen(rr, cc));
  }

  /** Put the focus on a given (row, col). */
  focusAt(r, c) {
    this.setFocus(r * this.cols + c);
  }
}
