/**
 * The trainer: a puzzle of the chosen lesson (POST /api/trainer/puzzles) at the player's
 * difficulty, the lesson explained beside it; the player reveals a cell thought safe or
 * flags one thought a mine (mouse, touch long-press, keyboard); the answer is graded by
 * the server (POST .../answer) and explained, with the numbers it uses, the right answers
 * highlighted and the time it took to decide; the scores per lesson (GET
 * /api/trainer/scores). Puzzles come in sets (of a size the player chooses): after the
 * last of a set, a summary (score, time, the lessons and patterns missed). The player's
 * name is the play page's, else the one this browser plays as when it names none (GET
 * /api/me's `default`).
 */

import { Board } from "./board.js";
import { $, api, bindPlayer, guarded, initPage, playerName } from "./pages.js";

const LESSONS = {
  single: "Single numbers",
  subset: "Subsets",
  linked: "Linked numbers",
  global: "Mine count",
  guess: "Guessing well",
  "1-2-1": "The 1-2-1",
  "1-2-2-1": "The 1-2-2-1",
  "1-1": "The 1-1 at a wall",
};
const LEVELS = { 1: "beginner", 2: "intermediate", 3: "expert" };
const LONG_PRESS_MS = 450;

const secs = (s) => `${Number(s).toFixed(1)} s`;

class Trainer {
  constructor() {
    this.board = new Board($("board"), $("board-wrap"));
    this.puzzle = null;
    this.answered = false;
    this.busy = false;
    this.fallback = ""; // the player this browser plays as when it names none
    this.set = []; // the answers of the set under way: {lesson, right, seconds, patterns}
  }

  /** The player: the play page's name, else this browser's own default. */
  player() {
    return playerName() || this.fallback;
  }

  async start() {
    initPage();
    bindPlayer($("player"), () => this.scores());
    await guarded(async () => {
      this.fallback = (await api("GET", "/me")).default;
    });
    $("lesson-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.next();
    });
    $("next").addEventListener("click", () => this.next());
    $("new-set").addEventListener("click", () => this.next());
    $("lesson").addEventListener("change", () => this.about());
    $("set-size").addEventListener("change", () => this.progress());
    this.about();
    this.attach();
    this.board.build(9, 9, ".".repeat(81));
    await this.scores();
  }

  attach() {
    const grid = $("board");
    let pressTimer = 0;
    let pressed = false;
    grid.addEventListener("click", (e) => {
      if (pressed) {
        pressed = false;
        return;
      }
      const i = this.board.indexOf(e.target);
      if (i >= 0) this.answer(i, "reveal");
    });
    grid.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      const i = this.board.indexOf(e.target);
      if (i >= 0 && !pressed) this.answer(i, "flag");
    });
    grid.addEventListener("pointerdown", (e) => {
      pressed = false;
      if (e.pointerType !== "touch") return;
      const i = this.board.indexOf(e.target);
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => {
        pressed = true;
        if (i >= 0) this.answer(i, "flag");
      }, LONG_PRESS_MS);
    });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
      grid.addEventListener(type, () => clearTimeout(pressTimer));
    }
    grid.addEventListener("keydown", (e) => {
      const moves = {
        ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1],
      };
      const [r, c] = this.board.rowCol(this.board.focusIndex);
      if (moves[e.key]) this.board.moveFocus(...moves[e.key]);
      else if (e.key === "Home") this.board.focusAt(r, 0);
      else if (e.key === "End") this.board.focusAt(r, this.board.cols - 1);
      else if (e.key === " " || e.key === "Enter") this.answer(this.board.focusIndex, "reveal");
      else if (e.key === "f" || e.key === "F") this.answer(this.board.focusIndex, "flag");
      else return;
      e.preventDefault();
    });
    grid.addEventListener("focusin", (e) => {
      const i = this.board.indexOf(e.target);
      if (i >= 0 && i !== this.board.focusIndex) this.board.setFocus(i, false);
    });
  }

  /** The chosen lesson's explanation shown, the others hidden. */
  about() {
    for (const el of document.querySelectorAll("#lesson-about [data-about]")) {
      el.hidden = el.dataset.about !== $("lesson").value;
    }
  }

  get setSize() {
    return Number($("set-size").value) || 10;
  }

  /** Where the set stands: "Puzzle 3 of 10 in this set" (the one on the board). */
  progress() {
    const n = Math.min(this.set.length + (this.puzzle && !this.answered ? 1 : 0), this.setSize);
    $("set-progress").textContent = n ? `Puzzle ${n} of ${this.setSize} in this set.` : "";
  }

  async next() {
    if (this.busy) return;
    if (this.set.length >= this.setSize) {
      this.set = []; // a new set
      $("set-summary").hidden = true;
    }
    this.busy = true;
    $("new-puzzle").disabled = true;
    $("prompt").textContent = "Looking for a puzzle…";
    let found = false;
    try {
      await guarded(async () => {
        const player = this.player();
        const body = player ? { lesson: $("lesson").value, player } : { lesson: $("lesson").value };
        const p = await api("POST", "/trainer/puzzles", body);
        this.puzzle = p;
        this.answered = false;
        found = true;
        this.board.build(p.rows, p.cols, p.cells);
        $("prompt").textContent = p.prompt;
        $("puzzle-level").textContent = `(${LESSONS[p.lesson]}, difficulty ${p.difficulty}: ${
          LEVELS[p.difficulty] || ""})`;
        $("mines-left").textContent = String(p.mines_left).padStart(3, "0");
        $("verdict").textContent = "";
        $("verdict").className = "verdict";
        $("decision-time").textContent = "";
        $("explanation").textContent = "";
        $("next").hidden = true;
        this.progress();
      });
    } finally {
      this.busy = false;
      $("new-puzzle").disabled = false;
      // no puzzle came (the error says why): the line says what is on the board still
      if (!found) {
        $("prompt").textContent = this.puzzle
          ? `No new puzzle came; the board shows the last one: ${this.puzzle.prompt}`
          : "No puzzle came: pick a lesson and press New puzzle to try again.";
      }
    }
  }

  async answer(i, action) {
    if (!this.puzzle || this.answered || this.busy) return;
    if (!this.board.isCovered(i)) return; // only covered cells are answers
    this.busy = true;
    const [row, col] = this.board.rowCol(i);
    try {
      await guarded(async () => {
        const graded = await api(
          "POST",
          `/trainer/puzzles/${encodeURIComponent(this.puzzle.id)}/answer`,
          { row, col, action },
        );
        this.answered = true;
        this.show(i, action, graded);
      });
    } finally {
      this.busy = false;
    }
    // The scores refresh after the trainer is free again: a Next pressed while they load
    // must not be swallowed.
    if (this.answered) await this.scores();
  }

  show(i, action, graded) {
    const cols = this.board.cols;
    const cell = (r, c) => this.board.cells[r * cols + c];
    const chosen = this.board.cells[i];
    chosen.classList.add("tr-chosen");
    chosen.dataset.chosen = action;
    chosen.setAttribute("aria-label", `${chosen.getAttribute("aria-label")}, your answer (${action})`);
    for (const [r, c] of graded.because) {
      const el = cell(r, c);
      el.classList.add("tr-because");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label")}, used by the answer`);
    }
    for (const [r, c, what] of graded.answers) {
      const el = cell(r, c);
      el.classList.add("tr-answer");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label")}, right answer${
        what ? ` (${what})` : ""}`);
    }
    $("verdict").textContent = graded.right ? "✓ Right!" : "✗ Not this one.";
    $("verdict").className = `verdict ${graded.right ? "ok" : "bad"}`;
    $("decision-time").textContent = typeof graded.seconds === "number"
      ? `Decided in ${secs(graded.seconds)}.`
      : "";
    $("explanation").textContent = graded.explanation;
    this.set.push({
      lesson: this.puzzle.lesson, right: graded.right, seconds: graded.seconds,
      patterns: graded.patterns || [],
    });
    this.progress();
    if (this.set.length >= this.setSize) {
      this.summary();
      $("next").hidden = true;
      $("set-summary-title").focus();
    } else {
      $("next").hidden = false;
      $("next").focus();
    }
  }

  /** The set's summary: score, time, and the lessons (and patterns) missed. */
  summary() {
    const set = this.set;
    const right = set.filter((a) => a.right).length;
    const timed = set.filter((a) => typeof a.seconds === "number").map((a) => a.seconds);
    const total = timed.reduce((a, b) => a + b, 0);
    let text = `${right} of ${set.length} right (${Math.round((100 * right) / set.length)} %)`;
    if (timed.length) {
      text += ` in ${secs(total)}: ${secs(total / timed.length)} a puzzle, the quickest ` +
        `${secs(Math.min(...timed))}, the slowest ${secs(Math.max(...timed))}`;
    }
    $("set-score").textContent = `${text}.`;
    const missed = set.map((a, n) => ({ ...a, n })).filter((a) => !a.right);
    const counts = new Map();
    for (const a of missed) counts.set(a.lesson, (counts.get(a.lesson) || 0) + 1);
    $("set-missed-head").textContent = missed.length
      ? `Missed: ${[...counts].map(([lesson, k]) => `${LESSONS[lesson] || lesson}${
        k > 1 ? ` ×${k}` : ""}`).join(", ")}.`
      : "Nothing missed.";
    const list = $("set-missed");
    list.replaceChildren(...missed.map((a) => {
      const li = document.createElement("li");
      const seen = a.patterns.filter((p) => p !== a.lesson);
      li.textContent = `Puzzle ${a.n + 1}: ${LESSONS[a.lesson] || a.lesson}${
        typeof a.seconds === "number" ? `, ${secs(a.seconds)}` : ""}${
        seen.length ? ` (the board showed a ${seen.join(" and a ")})` : ""}.`;
      return li;
    }));
    $("set-summary").hidden = false;
  }

  async scores() {
    const player = this.player();
    $("score-player").textContent = player;
    if (!player) return; // no name yet (GET /api/me failed, and said so)
    await guarded(async () => {
      const data = await api("GET", `/trainer/scores?player=${encodeURIComponent(player)}`);
      const body = $("scores").tBodies[0];
      body.innerHTML = "";
      for (const s of data.lessons) {
        const tr = body.insertRow();
        tr.dataset.lesson = s.lesson;
        const cells = [LESSONS[s.lesson] || s.lesson, s.right, s.wrong,
          s.rate === null ? "—" : `${Math.round(s.rate * 100)} %`, s.streak,
          `${s.difficulty} (${LEVELS[s.difficulty] || "?"})`,
          typeof s.seconds === "number" ? secs(s.seconds) : "—"];
        cells.forEach((v, k) => {
          const td = tr.insertCell();
          td.textContent = v;
          if (k === 0) td.className = "text";
        });
      }
    });
  }
}

const trainer = new Trainer();
window.sweepkitTrainer = trainer;
trainer.start();
