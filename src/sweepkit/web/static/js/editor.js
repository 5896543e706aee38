/**
 * The position editor and analyser: a grid of `.board` characters edited by mouse and
 * keyboard (role=grid, roving focus), read from and written to `.board` text, analysed
 * exactly by POST /api/analyse (safe cells, mines, the best move, every covered cell's
 * probability, the layout count, or the numbers that contradict each other), exported as
 * `.board` text or a PNG, and played on a random consistent layout (POST /api/analyse/play).
 */

import { Board } from "./board.js";
import { $, api, appUrl, download, guarded, initPage, percent, playerName, playUrl,
  showError, UserError } from "./pages.js";

const JOB_POLL_MS = 60; // how often a running analysis is asked how it is doing
const CYCLE = ["?", "0", "1", "2", "3", "4", "5", "6", "7", "8", "*"];
const MAX = 200;

/** Parse `.board` text into {rows, cols, cells (array of ?,0-8,*,-), mines}; throws Error. */
export function parseBoard(text) {
  let mines = null;
  let shape = null; // [rows, cols, line] of a `shape:` header
  const rows = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, n) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const header = /^([a-z]+)\s*:\s*(.*)$/i.exec(line);
    if (header && !rows.length) {
      const [, key, value] = header;
      if (key.toLowerCase() === "mines") {
        if (!/^\d+$/.test(value.trim())) throw new Error(`line ${n + 1}: mines must be a whole number`);
        mines = Number(value.trim());
      } else if (key.toLowerCase() === "topology") {
        if (value.trim() !== "grid") throw new Error(`line ${n + 1}: the editor takes grid boards`);
      } else if (key.toLowerCase() === "shape") {
        const sizes = value.trim().split(/\s*x\s*/i);
        if (sizes.length < 2 || !sizes.every((v) => /^\d+$/.test(v) && Number(v) >= 1)) {
          throw new Error(`line ${n + 1}: shape ${JSON.stringify(value.trim())} is not two ` +
            "or more sizes joined by x (such as 9x9)");
        }
        if (sizes.length > 2) {
          throw new Error(`line ${n + 1}: the editor takes 2-D boards, not shape ${sizes.join("x")}`);
        }
        shape = [Number(sizes[0]), Number(sizes[1]), n + 1];
      } else {
        throw new Error(`line ${n + 1}: unknown header ${JSON.stringify(key)}`);
      }
      return;
    }
    const row = [];
    let col = 0;
    for (const ch of raw) {
      col += 1;
      if (/\s/.test(ch)) continue;
      if (ch === "?" || ch === ".") row.push("?");
      else if (ch === "*" || ch === "F" || ch === "B") row.push("*");
      else if (ch === "-" || (ch >= "0" && ch <= "8")) row.push(ch);
      else throw new Error(`line ${n + 1}, column ${col}: ${JSON.stringify(ch)} is not a cell`);
    }
    if (rows.length && row.length !== rows[0].length) {
      throw new Error(`line ${n + 1}: ${row.length} cells where the first row has ${rows[0].length}`);
    }
    rows.push(row);
  });
  if (!rows.length) throw new Error("the text has no rows");
  const cells = rows.flat();
  if (mines !== null && mines > cells.length) {
    throw new Error(`mines: ${mines} exceeds the ${cells.length} cells of the board`);
  }
  const known = cells.filter((ch) => ch === "*").length;
  if (mines !== null && mines < known) {
    throw new Error(`mines: ${mines} is fewer than the board's ${known} known mines`);
  }
  if (shape && (shape[0] !== rows.length || shape[1] !== rows[0].length)) {
    throw new Error(`line ${shape[2]}: shape ${shape[0]}x${shape[1]} but the board is ` +
      `${rows.length}x${rows[0].length}`);
  }
  if (rows.length > MAX || rows[0].length > MAX) throw new Error(`the editor takes up to ${MAX}×${MAX}`);
  return { rows: rows.length, cols: rows[0].length, cells, mines };
}

class Editor {
  constructor() {
    this.grid = $("board");
    this.rows = 9;
    this.cols = 9;
    this.cells = [];
    this.els = [];
    this.focus = 0;
    this.analysis = null;
    this.job = null; // the id of the running analysis job, if any
    this.textDirty = false;
  }

  start() {
    initPage();
    this.reset(9, 9);
    $("size-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const rows = Math.min(MAX, Math.max(1, Number($("rows").value) || 9));
      const cols = Math.min(MAX, Math.max(1, Number($("cols").value) || 9));
      this.reset(rows, cols);
    });
    $("mines").addEventListener("input", () => this.edited());
    this.grid.addEventListener("click", (e) => {
      const i = this.indexOf(e.target);
      if (i < 0) return;
      this.setFocus(i);
      this.set(i, CYCLE[(CYCLE.indexOf(this.cells[i]) + 1) % CYCLE.length]);
    });
    this.grid.addEventListener("contextmenu", (e) => {
      const i = this.indexOf(e.target);
      if (i < 0) return;
      e.preventDefault();
      this.setFocus(i);
      this.set(i, this.cells[i] === "*" ? "?" : "*");
    });
    this.grid.addEventListener("keydown", (e) => this.key(e));
    this.grid.addEventListener("focusin", (e) => this.describe(this.indexOf(e.target)));
    this.grid.addEventListener("mouseover", (e) => {
      const i = this.indexOf(e.target);
      if (i >= 0) this.describe(i);
    });
    $("board-text").addEventListener("input", () => {
      this.textDirty = true;
    });
    $("load-text").addEventListener("click", () => this.loadText());
    $("board-file").addEventListener("change", async () => {
      const file = $("board-file").files[0];
      if (!file) return;
      $("board-text").value = await file.text();
      this.loadText();
    });
    $("analyse").addEventListener("click", () => this.analyse());
    $("analyse-cancel").addEventListener("click", () => this.cancelAnalysis());
    $("export-board").addEventListener("click", () =>
      download("position.board", this.text(), "text/plain"),
    );
    $("export-png").addEventListener("click", () => this.png());
    $("play").addEventListener("click", () => this.play());
    $("make-link").addEventListener("click", () => this.makeLink());
    $("copy-link").addEventListener("click", () => this.copyLink());
    window.addEventListener("hashchange", () => this.openLink());
    this.openLink();
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

  reset(rows, cols) {
    this.build(rows, cols, Array(rows * cols).fill("?"));
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
    this.grid.innerHTML = parts.join("");
    this.els = Array.from(this.grid.getElementsByClassName("cell"));
    this.edited();
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
    $("explanations").innerHTML = "";
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
    } else if (e.key.length === 1 && e.key >= "0" && e.key <= "8") {
      this.set(i, e.key);
    } else if (e.key === "?") {
      this.set(i, "?");
    } else if (e.key === "f" || e.key === "F" || e.key === "*") {
      this.set(i, "*");
    } else if (e.key === "-") {
      this.set(i, "-");
    } else if (e.key === "Delete" || e.key === "Backspace") {
      this.set(i, "?");
    } else if (e.key === " " || e.key === "Enter") {
      this.set(i, CYCLE[(CYCLE.indexOf(this.cells[i]) + 1) % CYCLE.length]);
    } else {
      return;
    }
    e.preventDefault();
    this.els[this.focus].focus();
  }

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

  /** Read the textarea into the grid; false (with the reason shown) when it is malformed. */
  loadText() {
    let parsed;
    try {
      parsed = parseBoard($("board-text").value);
    } catch (exc) {
      showError(`The text is not a position: ${exc.message}. Nothing was changed.`);
      return false;
    }
    showError(null);
    $("mines").value = parsed.mines === null ? "" : parsed.mines;
    this.build(parsed.rows, parsed.cols, parsed.cells);
    return true;
  }

  /**
   * Analyse as a job (off the server's request path): "Analysing…" with a Cancel button
   * while it runs, the job polled until it ends; a cancelled analysis changes nothing.
   */
  async analyse() {
    if (this.textDirty && !(await this.loadText())) return;
    await guarded(async () => {
      $("analysis-summary").textContent = "Analysing…";
      $("analyse-cancel").hidden = false;
      $("analyse").disabled = true;
      let job;
      try {
        job = await api("POST", "/jobs/analyse", { board: this.text() });
        this.job = job.id;
        while (job.status === "queued" || job.status === "running") {
          await new Promise((done) => setTimeout(done, JOB_POLL_MS));
          job = await api("GET", `/jobs/${encodeURIComponent(job.id)}`);
        }
      } finally {
        this.job = null;
        $("analyse-cancel").hidden = true;
        $("analyse").disabled = false;
        $("analysis-summary").textContent = "";
      }
      if (job.status === "cancelled") {
        $("analysis-summary").textContent = "Analysis cancelled: nothing changed.";
        return;
      }
      if (job.status !== "done") throw new UserError(job.error || "The analysis failed.");
      const a = job.result;
      this.analysis = a;
      this.els.forEach((_, i) => this.paint(i));
      this.report(a);
    });
  }

  /** Stop the running analysis (the poll reports it cancelled). */
  cancelAnalysis() {
    if (this.job) api("DELETE", `/jobs/${encodeURIComponent(this.job)}`).catch(() => {});
  }

  report(a) {
    const safe = a.safe.length;
    const mines = a.mines_certain.length;
    $("layouts-line").hidden = !a.consistent;
    $("layouts").textContent = a.layouts;
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
    const size = 28;
    const canvas = document.createElement("canvas");
    canvas.width = this.cols * size + 2;
    canvas.height = this.rows * size + 2;
    const g = canvas.getContext("2d");
    const colours = ["#000", "#1747c9", "#17692b", "#c4161c", "#2e2a8f", "#8a1515", "#0b6e6a",
      "#1b1b1b", "#5c5c5c"];
    g.fillStyle = "#c3c9d1";
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.textAlign = "center";
    g.textBaseline = "middle";
    for (let i = 0; i < this.cells.length; i++) {
      const x = (i % this.cols) * size + 1;
      const y = Math.floor(i / this.cols) * size + 1;
      const ch = this.cells[i];
      const p = this.analysis?.consistent
        ? this.analysis.probability[Math.floor(i / this.cols)][i % this.cols] : null;
      g.fillStyle = ch === "?" || ch === "*" ? "#c9ced6" : "#e9ecef";
      if (ch === "?" && p === 0) g.fillStyle = "#bfe8c8";
      if (ch === "?" && p === 1) g.fillStyle = "#f5c2c0";
      g.fillRect(x + 1, y + 1, size - 2, size - 2);
      g.font = `bold ${Math.round(size * 0.6)}px sans-serif`;
      if (ch >= "1" && ch <= "8") {
        g.fillStyle = colours[Number(ch)];
        g.fillText(ch, x + size / 2, y + size / 2 + 1);
      } else if (ch === "*") {
        g.fillStyle = "#c4161c";
        g.beginPath();
        g.moveTo(x + size * 0.35, y + size * 0.2);
        g.lineTo(x + size * 0.75, y + size * 0.38);
        g.lineTo(x + size * 0.35, y + size * 0.56);
        g.fill();
        g.fillStyle = "#1b1b1b";
        g.fillRect(x + size * 0.33, y + size * 0.2, 2, size * 0.58);
        g.fillRect(x + size * 0.22, y + size * 0.74, size * 0.45, 3);
      } else if (ch === "-") {
        g.fillStyle = "#4a5260";
        g.fillText("–", x + size / 2, y + size / 2);
      } else if (ch === "?" && p !== null && p !== undefined) {
        g.fillStyle = "#1b1f24";
        g.font = `${Math.round(size * 0.36)}px monospace`;
        g.fillText(p === 0 ? "✓" : p === 1 ? "✗" : String(Math.round(p * 100)),
          x + size / 2, y + size / 2);
      }
    }
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
