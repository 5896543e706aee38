/**
 * The board as a DOM grid: built in one pass (one innerHTML string, fast at 200×200),
 * then updated only for the cells a move changed. It holds the page's copy of the
 * server's cell codes plus the client-only question marks, and the roving focus.
 *
 * Cell codes (the server's): "." covered, "F" flag, "0"-"8" open, and once the game
 * is over "*" mine not found, "X" exploded mine, "W" wrong flag. "?" is a mark this
 * page keeps on a covered cell; the server never sees it.
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
  }

  /** Replace the whole grid: rows × cols cells from a cells string (one code each). */
  build(rows, cols, cells) {
    if (rows !== this.rows || cols !== this.cols) this.focusIndex = 0;
    this.rows = rows;
    this.cols = cols;
    this.codes = Array.from(cells);
    this.marks.clear();
    this.pressed = [];
    this.layers.clear();
    // the column numbers (shown with body.coords; hidden from assistive technology, whose
    // cells say their place), and each row's number as its data-r
    const parts = ['<div class="ruler" aria-hidden="true">'];
    for (let c = 0; c < cols; c++) parts.push(`<span>${c}</span>`);
    parts.push("</div>");
    let i = 0;
    for (let r = 0; r < rows; r++) {
      parts.push(`<div class="row" role="row" data-r="${r}">`);
      for (let c = 0; c < cols; c++, i++) {
        const [cls, label, text] = viewOf(this.codes[i]);
        parts.push(
          `<div class="cell ${cls}" role="gridcell" data-index="${i}" tabindex="${
            i === this.focusIndex ? 0 : -1
          }" aria-label="${label}">${text}</div>`,
        );
      }
      parts.push("</div>");
    }
    this.grid.style.setProperty("--cols", cols);
    this.grid.style.setProperty("--rows", rows);
    this.grid.innerHTML = parts.join("");
    this.cells = Array.from(this.grid.getElementsByClassName("cell"));
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
   * coordinates then.
   */
  indexAt(target, x, y) {
    const i = this.indexOf(target);
    if (i >= 0) return i;
    const row = target instanceof Element ? target.closest(".row") : null;
    if (!row || row.parentElement !== this.grid) return -1;
    const r = Array.prototype.indexOf.call(this.grid.children, row);
    const rect = row.getBoundingClientRect();
    const c = Math.floor(((x - rect.left) / rect.width) * this.cols);
    return r >= 0 && c >= 0 && c < this.cols ? r * this.cols + c : -1;
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

  /** Move the focus by (dr, dc), clamped to the board. */
  moveFocus(dr, dc) {
    const [r, c] = this.rowCol(this.focusIndex);
    const rr = Math.min(this.rows - 1, Math.max(0, r + dr));
    const cc = Math.min(this.cols - 1, Math.max(0, c + dc));
    this.setFocus(rr * this.cols + cc);
  }

  /** Put the focus on a given (row, col). */
  focusAt(r, c) {
    this.setFocus(r * this.cols + c);
  }
}
