/**
 * The position editor and analyser: a grid of `.board` characters edited by mouse, touch
 * and keyboard (role=grid, roving focus; drag to paint with a tool, the wheel steps
 * numbers), with undo and redo, kept in the browser as it changes and under names, read
 * from and written to `.board` text and MBF files (picked, pasted or dropped), checked as
 * it is edited (Analyse is off, with the reason, while the position is impossible),
 * analysed exactly by POST /api/jobs/analyse (safe cells, mines, the best move, every
 * covered cell's probability, the layout count, or the numbers that contradict each
 * other), exported as `.board`, MBF or PNG, and played on a random consistent layout
 * (POST /api/analyse/play).
 */

import { Board } from "./board.js";
import { fitGrid } from "./board-fit.js";
import { MAX, parseBoard } from "./board-text.js";
import { problems } from "./editor-check.js";
import { carriesBoard, downloadMbf, readBoardFile } from "./editor-files.js";
import { History } from "./editor-history.js";
import { bindPainting } from "./editor-paint.js";
import { drawPosition } from "./editor-png.js";
import { bindSavedPanel } from "./editor-saved.js";
import { autosave, loadAutosave } from "./editor-store.js";
import { $, api, appUrl, download, guarded, initPage, JobError, percent, playerName, playUrl,
  runJob, settings, showError, UserError } from "./pages.js";
import { showCount } from "./sci.js";

const CYCLE = ["?", "0", "1", "2", "3", "4", "5", "6", "7", "8", "*"];
const WHEEL = ["?", "0", "1", "2", "3", "4", "5", "6", "7", "8"]; // the wheel's steps
/** The mine density of a new board whose size is no level's: intermediate's, 40 in 256. */
const DENSITY = 40 / 256;
const TOOLS = new Set(["cycle", ...CYCLE, "-"]);

class Editor {
  constructor() {
    this.grid = $("board");
    this.rows = 9;
    this.cols = 9;
    this.cells = [];
    this.els = [];
    this.focus = 0;
    this.analysis = null;
    this.analysing = null; // the running analysis's AbortController, while it runs
    this.textDirty = false;
    this.history = new History();
    this.levels = {}; // the server's levels: a new board of a level's size gets its mines
    this.bad = new Set(); // the cells that make the position impossible
    this.invalid = false;
  }

  async start() {
    initPage();
    try {
      this.levels = (await api("GET", "/config")).levels || {};
    } catch {
      this.levels = {}; // a new board then gets the default density
    }
    const kept = loadAutosave();
    if (!(kept && this.restore(kept))) this.newBoard(9, 9);
    this.history.reset(this.state());
    this.updateUndo();
    $("size-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const rows = Math.min(MAX, Math.max(1, Number($("rows").value) || 9));
      const cols = Math.min(MAX, Math.max(1, Number($("cols").value) || 9));
      this.newBoard(rows, cols);
      this.commit();
    });
    $("mines").addEventListener("input", () => {
      this.edited();
      this.commit("mines");
    });
    $("mines").addEventListener("wheel", (e) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      this.stepMines(e.deltaY < 0 ? 1 : -1);
    }, { passive: false });
    bindPainting(this.grid, {
      indexOf: (node) => this.indexOf(node),
      begin: (i, button) => {
        this.setFocus(i);
        if (button === 2) return this.cells[i] === "*" ? "?" : "*";
        const tool = $("tool").value;
        if (tool === "cycle") return CYCLE[(CYCLE.indexOf(this.cells[i]) + 1) % CYCLE.length];
        return TOOLS.has(tool) ? tool : null;
      },
      paint: (i, value) => this.set(i, value),
      end: () => this.commit(),
      wheel: (i, step) => {
        this.setFocus(i);
        const at = Math.max(0, WHEEL.indexOf(this.cells[i]));
        this.set(i, WHEEL[Math.min(WHEEL.length - 1, Math.max(0, at + step))]);
        this.commit(`wheel ${i}`);
      },
    });
    this.grid.addEventListener("keydown", (e) => this.key(e));
    this.grid.addEventListener("focusin", (e) => {
      const i = this.indexOf(e.target);
      if (i >= 0 && i !== this.focus) this.setFocus(i, false); // the keys edit the cell in focus
      this.describe(i);
    });
    this.grid.addEventListener("mouseover", (e) => {
      const i = this.indexOf(e.target);
      if (i >= 0) this.describe(i);
    });
    $("undo").addEventListener("click", () => this.undo());
    $("redo").addEventListener("click", () => this.redo());
    document.addEventListener("keydown", (e) => this.shortcut(e));
    $("board-text").addEventListener("input", () => {
      this.textDirty = true;
    });
    $("load-text").addEventListener("click", () => this.loadText());
    $("board-file").addEventListener("change", async () => {
      const file = $("board-file").files[0];
      if (file) await this.importFile(file);
      $("board-file").value = "";
    });
    document.addEventListener("paste", (e) => this.paste(e));
    this.bindDrop($("main"));
    $("analyse").addEventListener("click", () => this.analyse());
    $("analyse-cancel").addEventListener("click", () => this.cancelAnalysis());
    $("export-board").addEventListener("click", () =>
      download("position.board", this.text(), "text/plain"),
    );
    $("export-mbf").addEventListener("click", () => this.exportMbf());
    $("export-png").addEventListener("click", () => this.png());
    $("play").addEventListener("click", () => this.play());
    $("make-link").addEventListener("click", () => this.makeLink());
    $("copy-link").addEventListener("click", () => this.copyLink());
    bindSavedPanel(() => this.state(), (state) => {
      if (!this.restore(state)) return false;
      this.commit();
      return true;
    });
    window.addEventListener("hashchange", () => this.openLink());
    window.addEventListener("resize", () => {
      // fitted again, unless only the height changed a little (a phone's address bar)
      const [w, h] = this.fitFor;
      if (window.innerWidth !== w || Math.abs(window.innerHeight - h) >= h / 8) {
        requestAnimationFrame(() => this.fit());
      }
    });
    await this.openLink();
  }

  /** Say what just happened (undone, loaded, saved...) in the status line. */
  note(text) {
    $("editor-note").textContent = text;
  }

  // -- states: undo, redo, autosave ------------------------------------------------------

  /** The editor's state as a string: the size, the cells and the mine count as typed
   * (one step of undo; what the browser keeps). */
  state() {
    return JSON.stringify({ rows: this.rows, cols: this.cols, cells: this.cells.join(""),
      mines: $("mines").value });
  }

  /** Show a state (from undo or the browser's storage); false when it is not one. */
  restore(state) {
    let s;
    try {
      s = JSON.parse(state);
    } catch {
      return false;
    }
    const size = (n) => Number.isInteger(n) && n >= 1 && n <= MAX;
    if (!s || !size(s.rows) || !size(s.cols) || typeof s.cells !== "string" ||
        s.cells.length !== s.rows * s.cols || /[^?*\-0-8]/.test(s.cells)) return false;
    $("mines").value = typeof s.mines === "string" || typeof s.mines === "number" ? s.mines : "";
    if (s.rows === this.rows && s.cols === this.cols && this.els.length === s.cells.length) {
      this.cells = Array.from(s.cells);
      this.edited();
    } else {
      this.build(s.rows, s.cols, Array.from(s.cells));
    }
    return true;
  }

  /** An edit is complete: one step of undo (merged with the last when `merge` is its key
   * too), and the position kept in the browser. */
  commit(merge = null) {
    this.note("");
    const state = this.state();
    this.history.record(state, merge);
    autosave(state);
    this.updateUndo();
  }

  updateUndo() {
    $("undo").disabled = !this.history.canUndo;
    $("redo").disabled = !this.history.canRedo;
  }

  undo() {
    const state = this.history.undo();
    if (state !== null && this.restore(state)) {
      autosave(state);
      this.note("Undone.");
    }
    this.updateUndo();
  }

  redo() {
    const state = this.history.redo();
    if (state !== null && this.restore(state)) {
      autosave(state);
      this.note("Redone.");
    }
    this.updateUndo();
  }

  /** Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac), except in a text field,
   * which keeps its own. */
  shortcut(e) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    const t = e.target;
    if (t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && t.type !== "number")) {
      return;
    }
    e.preventDefault();
    if (key === "y" || e.shiftKey) this.redo();
    else this.undo();
  }

  // -- files: picked, pasted, dropped ----------------------------------------------------

  /** Read a `.board` or MBF file into the editor; a bad one is said in words, with its name,
   * and changes nothing. */
  async importFile(file) {
    await guarded(async () => {
      let read;
      try {
        read = await readBoardFile(file);
      } catch (exc) {
        throw new UserError(`${file.name}: ${exc.message}. Nothing was changed.`);
      }
      if (!this.loadFrom(read.text, `${file.name}: `)) return;
      const known = this.cells.filter((ch) => ch === "*").length;
      this.note(read.kind === "MBF"
        ? `Read ${file.name} (MBF): its ${known} mines are shown as known mines, every ` +
          "other cell covered, with the mine count set: each covered cell is certainly " +
          "safe, and Play deals exactly this layout."
        : `Read ${file.name}.`);
    });
  }

  /** Ctrl+V outside a text field: `.board` text pasted into the editor. */
  paste(e) {
    const t = e.target;
    if (t instanceof HTMLTextAreaElement || t instanceof HTMLInputElement) return;
    const text = e.clipboardData?.getData("text/plain") || "";
    if (!text.trim()) return;
    e.preventDefault();
    if (this.loadFrom(text, "The pasted text: ")) this.note("Pasted .board text loaded.");
  }

  /** A `.board` or MBF file (or `.board` text) dropped anywhere on `zone`. */
  bindDrop(zone) {
    zone.addEventListener("dragover", (e) => {
      if (!carriesBoard(e)) return;
      e.preventDefault();
      zone.classList.add("dropping");
    });
    zone.addEventListener("dragleave", (e) => {
      if (!zone.contains(e.relatedTarget)) zone.classList.remove("dropping");
    });
    zone.addEventListener("drop", async (e) => {
      zone.classList.remove("dropping");
      if (!carriesBoard(e)) return;
      e.preventDefault();
      const file = e.dataTransfer.files[0];
      if (file) {
        await this.importFile(file);
        return;
      }
      const text = e.dataTransfer.getData("text/plain");
      if (this.loadFrom(text, "The dropped text: ")) this.note("Dropped .board text loaded.");
    });
  }

  /** Download the position as MBF: its known mines (the format holds nothing else). */
  async exportMbf() {
    if (this.textDirty && !this.loadText()) return;
    await guarded(async () => {
      await downloadMbf(this.text());
      const known = this.cells.filter((ch) => ch === "*").length;
      this.note(`position.mbf holds the ${known} known mine${known === 1 ? "" : "s"}; ` +
        "numbers, safe cells and the mine count are not part of MBF.");
    });
  }

  /** The token of an editor link (`#position=TOKEN`), or null. */
  linkToken() {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    return hash.has("position") ? hash.get("position") : null;
  }

  /** Load the position a link carries (the server reads it: one format, one codec); a
   * malformed link is said in words and the board is left as it was. */
  async openLink() {
    const token = this.linkToken();
    if (token === null) return;
    await guarded(async () => {
      const { board } = await api("POST", "/links/position/open", { token });
      $("board-text").value = board;
      if (this.loadText()) $("cell-info").textContent = "The position of the link is loaded.";
    });
  }

  /** A link that opens this position here, shown in a field and copied where allowed. */
  async makeLink() {
    if (this.textDirty && !(await this.loadText())) return;
    await guarded(async () => {
      const { link } = await api("POST", "/links/position", { board: this.text() });
      $("position-link").value = appUrl(link);
      $("link-line").hidden = false;
      $("position-link").focus();
      $("position-link").select();
      await this.copyLink();
    });
  }

  async copyLink() {
    const link = $("position-link").value;
    let copied = false;
    try {
      if (link && navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch {
      copied = false;
    }
    $("link-note").textContent = copied
      ? "Link copied to the clipboard."
      : "Copy the link from the field.";
  }

  /** The mine count of a new rows×cols board: a level's own when the size is a level's
   * (either way round), else intermediate's density (40 mines in 256 cells), rounded; with
   * the reason in words. */
  defaultMines(rows, cols) {
    for (const [name, l] of Object.entries(this.levels)) {
      if ((l.rows === rows && l.cols === cols) || (l.rows === cols && l.cols === rows)) {
        return { mines: l.mines, why: `${name}'s count on ${l.rows}×${l.cols}` };
      }
    }
    const cells = rows * cols;
    const mines = Math.min(cells - 1, Math.max(cells > 1 ? 1 : 0, Math.round(cells * DENSITY)));
    return { mines, why: `intermediate's density (40 mines in 256 cells), rounded, on ${
      rows}×${cols}` };
  }

  /** An empty board: every cell unknown, the mine count reset to the size's default. */
  newBoard(rows, cols) {
    const { mines, why } = this.defaultMines(rows, cols);
    $("mines").value = mines;
    this.build(rows, cols, Array(rows * cols).fill("?"));
    $("mines-note").textContent = `Mines set to ${mines}: ${why}.`;
  }

  /** The mine count one up or down (from the known mines when none is given). */
  stepMines(step) {
    const m = this.mines();
    const known = this.cells.filter((ch) => ch === "*").length;
    const next = m === null || !Number.isInteger(m) ? known : Math.max(0, m + step);
    $("mines").value = next;
    this.edited();
    this.commit("mines");
  }

  build(rows, cols, cells) {
    this.rows = rows;
    this.cols = cols;
    this.cells = cells.slice();
    $("rows").value = rows;
    $("cols").value = cols;
    this.focus = Math.min(this.focus, cells.length - 1);
    const parts = [];
    for (let r = 0, i = 0; r < rows; r++) {
      parts.push('<div class="row" role="row">');
      for (let c = 0; c < cols; c++, i++) {
        parts.push(`<div class="cell" role="gridcell" data-index="${i}" tabindex="${
          i === this.focus ? 0 : -1}"></div>`);
      }
      parts.push("</div>");
    }
    this.grid.style.setProperty("--cols", cols);
    this.fit();
    this.grid.innerHTML = parts.join("");
    this.els = Array.from(this.grid.getElementsByClassName("cell"));
    this.edited();
  }

  /** The board takes the room: the largest cells that fit the window, Analyse and the
   * other actions still on the first screen under it (up to the largest cells the play
   * page's Settings allow). */
  fit() {
    this.fitFor = [window.innerWidth, window.innerHeight];
    const coarse = window.matchMedia("(pointer: coarse)").matches;
    const actions = $("board-area").nextElementSibling;
    fitGrid(this.grid, $("board-area"), this.rows, this.cols,
      { most: settings.maxCell, coarse, below: actions.offsetHeight + 8 });
  }

  indexOf(node) {
    const el = node instanceof Element ? node.closest(".cell[data-index]") : null;
    return el && this.grid.contains(el) ? Number(el.dataset.index) : -1;
  }

  /** The position changed: the analysis is stale; the text follows the grid. */
  edited(only = -1) {
    const stale = this.analysis !== null;
    this.analysis = null;
    $("board-text").value = this.text();
    this.textDirty = false;
    if (only >= 0 && !stale) this.paint(only);
    else this.els.forEach((_, i) => this.paint(i));
    $("analysis-summary").textContent = "Edit the position, then press Analyse.";
    $("layouts-line").hidden = true;
    $("best-line").hidden = true;
    $("contradiction").hidden = true;
    $("layouts-exact").hidden = true;
    $("explanations").innerHTML = "";
    this.check();
  }

  /** Check the position as it stands: Analyse is off, with the reasons, while it is
   * impossible, and the cells at fault are marked (!); the mines left are counted. */
  check() {
    const found = problems(this.rows, this.cols, this.cells, this.mines());
    const bad = new Set(found.flatMap((p) => p.cells));
    const before = this.bad;
    this.bad = bad;
    for (const i of new Set([...before, ...bad])) {
      if (before.has(i) !== bad.has(i) && i < this.els.length) this.paint(i);
    }
    this.invalid = found.length > 0;
    if (!this.analysing) $("analyse").disabled = this.invalid;
    const shown = found.slice(0, 3).map((p) => p.text).join("; ");
    const more = found.length > 3 ? ` (and ${found.length - 3} more)` : "";
    $("invalid").hidden = !this.invalid;
    $("invalid").textContent = this.invalid
      ? `Analyse is off until the position is possible: ${shown}${more}.` : "";
    const m = this.mines();
    const known = this.cells.filter((ch) => ch === "*").length;
    $("mines-left").textContent = m === null || !Number.isInteger(m)
      ? `Known mines: ${known}; mines left: — (no mine count)`
      : `Known mines: ${known}; mines left: ${m - known}`;
  }

  set(i, ch) {
    if (this.cells[i] === ch) return;
    this.cells[i] = ch;
    this.edited(i);
    this.describe(i);
  }

  /** The cell's class, visible text and name (with the analysis, if any). */
  view(i) {
    const ch = this.cells[i];
    const a = this.analysis;
    const r = Math.floor(i / this.cols);
    const c = i % this.cols;
    let cls;
    let text = "";
    let label;
    if (ch === "?") {
      cls = "c-covered";
      label = "unknown";
    } else if (ch === "*") {
      cls = "c-flag";
      label = "mine";
    } else if (ch === "-") {
      cls = "c-n0 e-safe";
      label = "known safe";
    } else {
      cls = `c-n${ch}`;
      text = ch === "0" ? "" : ch;
      label = ch;
    }
    if (a && a.consistent && ch === "?") {
      const p = a.probability[r][c];
      const best = a.best && a.best.move[0] === r && a.best.move[1] === c;
      let symbol;
      if (p === 0) {
        cls += " an-safe";
        symbol = "✓";
        label += ", certainly safe";
      } else if (p === 1) {
        cls += " an-mine";
        symbol = "✗";
        label += ", certainly a mine";
      } else {
        symbol = String(Math.round(p * 100));
        label += `, mine probability ${percent(p)}`;
      }
      if (best) {
        cls += " an-best";
        symbol = `★${symbol}`;
        label += `, best move (${a.best.action})`;
      }
      text = `<span class="p">${symbol}</span>`;
    }
    if (this.bad.has(i)) {
      cls += " an-contra";
      label += ", impossible";
    }
    if (a && !a.consistent && a.contradiction) {
      if (a.contradiction.numbers.some(([rr, cc]) => rr === r && cc === c)) {
        cls += " an-contra";
        label += ", contradicts";
      }
    }
    // (row, column) from 0 at the top left, as the analysis's sentences name cells
    return { cls, text, label: `${label} (${r}, ${c})` };
  }

  paint(i) {
    const el = this.els[i];
    const { cls, text, label } = this.view(i);
    el.className = `cell ${cls}`;
    el.innerHTML = text;
    el.setAttribute("aria-label", label);
    el.title = label;
  }

  describe(i) {
    if (i < 0) return;
    $("cell-info").textContent = this.view(i).label;
  }

  setFocus(i, focus = true) {
    if (i < 0 || i >= this.els.length) return;
    this.els[this.focus].tabIndex = -1;
    this.focus = i;
    this.els[i].tabIndex = 0;
    if (focus) this.els[i].focus();
  }

  key(e) {
    const i = this.focus;
    const r = Math.floor(i / this.cols);
    const c = i % this.cols;
    const move = {
      ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
    }[e.key];
    if (move) {
      const rr = Math.min(this.rows - 1, Math.max(0, r + move[0]));
      const cc = Math.min(this.cols - 1, Math.max(0, c + move[1]));
      this.setFocus(rr * this.cols + cc);
    } else if (e.key === "Home") {
      this.setFocus(r * this.cols);
    } else if (e.key === "End") {
      this.setFocus(r * this.cols + this.cols - 1);
    } else if (e.ctrlKey || e.metaKey || e.altKey) {
      return; // shortcuts (undo, redo) are the page's
    } else {
      const value = this.keyValue(e.key, this.cells[i]);
      if (value === null) return;
      this.set(i, value);
      this.commit();
    }
    e.preventDefault();
    this.els[this.focus].focus();
  }

  /** The value a key gives a cell that holds `current` (null: not an editing key). */
  keyValue(key, current) {
    if (key.length === 1 && key >= "0" && key <= "8") return key;
    if (key === "?" || key === "Delete" || key === "Backspace") return "?";
    if (key === "f" || key === "F" || key === "*") return "*";
    if (key === "-") return "-";
    if (key === " " || key === "Enter") return CYCLE[(CYCLE.indexOf(current) + 1) % CYCLE.length];
    return null;
  }

  /** The mine count typed (null when none; NaN when it is not a number). */
  mines() {
    const v = $("mines").value.trim();
    return v === "" ? null : Number(v);
  }

  /** The position as `.board` text (with the mine count header when one is given). */
  text() {
    const lines = [];
    const m = this.mines();
    if (m !== null) lines.push(`mines: ${m}`);
    for (let r = 0; r < this.rows; r++) {
      lines.push(this.cells.slice(r * this.cols, (r + 1) * this.cols).join(""));
    }
    return `${lines.join("\n")}\n`;
  }

  /** Load `.board` text from a file, a paste or a drop; when it is malformed, the reason
   * is shown and the text field keeps what it held. */
  loadFrom(text, where) {
    const before = $("board-text").value;
    const dirty = this.textDirty;
    $("board-text").value = text;
    if (this.loadText(where)) return true;
    $("board-text").value = before;
    this.textDirty = dirty;
    return false;
  }

  /** Read the textarea into the grid (one step of undo); false (with the reason shown,
   * after `where`) when it is malformed. */
  loadText(where = "") {
    let parsed;
    try {
      parsed = parseBoard($("board-text").value);
    } catch (exc) {
      showError(`${where}The text is not a position: ${exc.message}. Nothing was changed.`);
      return false;
    }
    showError(null);
    $("mines").value = parsed.mines === null ? "" : parsed.mines;
    this.build(parsed.rows, parsed.cols, parsed.cells);
    $("mines-note").textContent = "";
    this.commit();
    return true;
  }

  /**
   * Analyse as a job (off the server's request path, api.js's runJob): "Analysing…" with
   * a Cancel button while it runs; a cancelled analysis changes nothing.
   */
  async analyse() {
    if (this.textDirty && !(await this.loadText())) return;
    if (this.invalid) return; // the reason is shown beside the button
    await guarded(async () => {
      $("analysis-summary").textContent = "Analysing…";
      $("analyse-cancel").hidden = false;
      $("analyse").disabled = true;
      const controller = new AbortController();
      this.analysing = controller;
      let a;
      let cancelled = false;
      try {
        a = await runJob("/jobs/analyse", { board: this.text() },
          { signal: controller.signal, failed: "The analysis failed." });
      } catch (err) {
        if (!(err instanceof JobError && err.cancelled)) {
          $("analysis-summary").textContent = "No analysis (the message above says why).";
          throw err;
        }
        cancelled = true;
      } finally {
        this.analysing = null;
        $("analyse-cancel").hidden = true;
        $("analyse").disabled = this.invalid;
        if ($("analysis-summary").textContent === "Analysing…") {
          $("analysis-summary").textContent = "";
        }
      }
      if (cancelled) {
        $("analysis-summary").textContent = "Analysis cancelled: nothing changed.";
        return;
      }
      this.analysis = a;
      this.els.forEach((_, i) => this.paint(i));
      this.report(a);
    });
  }

  /** Stop the running analysis (its job then ends cancelled, unless it finished first). */
  cancelAnalysis() {
    this.analysing?.abort();
  }

  report(a) {
    const safe = a.safe.length;
    const mines = a.mines_certain.length;
    $("layouts-line").hidden = !a.consistent;
    showCount($("layouts"), $("layouts-exact"), a.layouts);
    if (!a.consistent) $("layouts-exact").hidden = true;
    $("contradiction").hidden = a.consistent;
    if (!a.consistent) {
      $("analysis-summary").textContent = "No layout of mines fits these numbers.";
      const c = a.contradiction;
      $("contradiction").textContent = c
        ? `Contradiction: ${c.text}`
        : "The position is inconsistent (no smallest contradiction was found).";
      $("best-line").hidden = true;
      return;
    }
    $("analysis-summary").textContent = `${safe} certainly safe cell${safe === 1 ? "" : "s"}, ${
      mines} certain mine${mines === 1 ? "" : "s"}.`;
    if (a.best) {
      const [r, c] = a.best.move;
      $("best-line").hidden = false;
      $("best-line").textContent = `Best move: ${a.best.action} (${r}, ${c})${
        a.best.certain ? " (certain)" : ` (mine probability ${percent(a.best.probability)})`}: ${
        a.best.reason}`;
    } else {
      $("best-line").hidden = true;
    }
    const list = $("explanations");
    list.innerHTML = "";
    for (const ex of a.explanations || []) {
      const li = document.createElement("li");
      li.textContent = ex.sentence;
      list.append(li);
    }
  }

  /** Draw the grid (and the analysis) on a canvas, and download it as a PNG. */
  png() {
    const canvas = drawPosition(this.rows, this.cols, this.cells, this.analysis);
    canvas.toBlob((blob) => download("position.png", blob, "image/png"), "image/png");
  }

  async play() {
    if (this.textDirty && !(await this.loadText())) return;
    await guarded(async () => {
      const body = { board: this.text() };
      if (playerName()) body.player = playerName();
      const state = await api("POST", "/analyse/play", body);
      $("played").hidden = false;
      const link = playUrl(state.id);
      $("played-text").innerHTML = "";
      $("played-text").append(
        `A new game (${state.rows}×${state.cols}, ${state.mines} mines) starts from this position: `,
        Object.assign(document.createElement("a"), { href: link, textContent: "play it" }),
        ".",
      );
      const shown = new Board($("played-board"), $("played-board").parentElement);
      shown.build(state.rows, state.cols, state.cells);
      this.played = state;
    });
  }
}

const editor = new Editor();
window.sweepkitEditor = editor;
editor.start();
