/**
 * The probability overlay of a board that is not a live game (a replay's move, a reviewed
 * move): the board's view sent as `.board` text to POST /api/analyse (flags read as
 * covered: they are claims, not facts), each covered cell's chance of a mine drawn as a
 * shade and a percentage, ✓ for the certainly safe, ✗ for the certain mines, as the play
 * page's overlay draws them. One request at a time: a board that moved on meanwhile is
 * asked for again once the answer in flight is in, and an answer for a board no longer
 * shown is dropped.
 */

import { call } from "./api.js";

/** A mine chance as the overlay writes it in a cell: "33%", "<1%", ">99%". */
export function percentText(p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.01) return "<1%";
  if (p > 0.99) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** A chance in words, more precise (the cell's name, the hint panel): "12.5 %". */
export const percentWords = (p) => `${(Math.round(p * 1000) / 10).toString()} %`;

/** A board's cell codes as `.board` text: numbers kept, mines shown at the end as known
 * mines, everything else (covered, flags, question marks, wrong flags) unknown. */
export function boardText(codes, cols, mines) {
  const rows = [];
  for (let i = 0; i < codes.length; i += cols) {
    rows.push(codes.slice(i, i + cols).map((c) => (
      c >= "0" && c <= "8" ? c : c === "*" || c === "X" ? "*" : "?")).join(""));
  }
  return `mines: ${mines}\n${rows.join("\n")}\n`;
}

/** The overlay's decorations (a Board layer) from an analysis (POST /api/analyse). */
export function analysisLayer(a, cols) {
  const layer = new Map();
  const at = ([r, c]) => r * cols + c;
  const safe = new Set((a.safe || []).map(at));
  const mines = new Set((a.mines_certain || []).map(at));
  (a.probability || []).forEach((row, r) => row.forEach((p, c) => {
    const i = r * cols + c;
    if (p === null || p === undefined || safe.has(i) || mines.has(i) || p >= 1) return;
    layer.set(i, { cls: "ov", text: percentText(p), note: `mine chance ${percentWords(p)}`,
      vars: { "--p": String(p) }, covered: true });
  }));
  for (const i of safe) layer.set(i, { cls: "ov-safe", text: "✓", note: "certainly safe", covered: true });
  for (const i of mines) {
    layer.set(i, { cls: "ov-mine", text: "✗", note: "certainly a mine", covered: true });
  }
  return layer;
}

export class BoardOverlay {
  /** `board`: the Board drawn on; `note(text)`: says why no overlay could be drawn. */
  constructor(board, note = () => {}) {
    this.board = board;
    this.note = note;
    this.on = false;
    this.busy = false;
    this.mines = 0;
    this.last = { text: null, layer: null }; // the last board answered, and its overlay
  }

  /** Turn the overlay on or off (drawn as soon as it is known when on). */
  set(on, mines) {
    this.on = on;
    if (!on) {
      this.board.setLayer("overlay", null);
      this.note("");
    } else this.refresh(mines);
  }

  /** The board shown changed: draw its overlay (when on), asked for unless known. */
  async refresh(mines = this.mines) {
    if (!this.on) return;
    this.mines = mines;
    const text = boardText(this.board.codes, this.board.cols, mines);
    if (text === this.last.text) {
      this.board.setLayer("overlay", this.last.layer);
      return;
    }
    this.board.setLayer("overlay", null);
    if (this.busy) return; // asked again when the answer in flight is in
    this.busy = true;
    let layer = null;
    try {
      const a = await call("POST", "/analyse", { board: text, dead: false,
        explanations: false, best: false });
      layer = analysisLayer(a, this.board.cols);
      this.note(a.consistent ? "" : "No layout of mines fits this board: no probabilities.");
    } catch (err) {
      this.note(`No probabilities here: ${err.message}`);
    } finally {
      this.busy = false;
    }
    this.last = { text, layer };
    this.refresh(); // drawn, or asked again for the board shown now
  }
}
