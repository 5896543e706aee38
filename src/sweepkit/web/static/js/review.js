/**
 * The review of a finished game (POST /api/reviews, a job followed by api.js's runJob,
 * its progress shown, cancelled with the page's Cancel): a summary on top, every move
 * with its verdict (colour and words), the risk taken, the safest alternative and the win
 * chance before and after each guess; a move chosen shows the board before it with the
 * move (◉) and the safest alternative (☆) outlined. On a loss the final board says at
 * once whether the death was forced and marks the cells that were certainly safe (✓).
 *
 * The probability overlay of the board shown can be turned on (overlay.js).
 *
 * Opened as static/review.html?game=ID (a stored game) or #replay=PACKED (a record, as
 * the statistics page's replay links pack it).
 */

import { Board } from "./board.js";
import { BoardOverlay } from "./overlay.js";
import { $, guarded, initPage, JobError, percent, runJob, showError, UserError } from "./pages.js";
import { unpackRecord } from "./records.js";

const verdictClass = (v) => `v-${v.replace(/ /g, "-")}`;
const at = (cell) => `(${cell[0]}, ${cell[1]})`;

function chanceText(c) {
  if (!c || c.rate === null) return "—";
  return `${percent(c.rate, 0)} (${percent(c.low, 0)}–${percent(c.high, 0)})`;
}

function verdictChip(verdict) {
  const span = document.createElement("span");
  span.className = `verdict ${verdictClass(verdict)}`;
  span.textContent = verdict;
  return span;
}

class Review {
  constructor() {
    this.board = new Board($("rv-board"), $("rv-wrap"));
    this.overlay = new BoardOverlay(this.board, (text) => {
      $("rv-overlay-note").textContent = text;
    });
    this.review = null;
    this.running = null; // the review job's AbortController, while it runs
    this.shown = null; // the move shown (its number), or "end"
  }

  async start() {
    initPage();
    $("rv-cancel").addEventListener("click", () => this.running?.abort());
    $("rv-overlay").addEventListener("change", () => {
      this.overlay.set($("rv-overlay").checked, this.review?.mines ?? 0);
    });
    await guarded(async () => {
      const body = await this.request();
      if (body) await this.run(body);
    });
  }

  /** What to review, from the address; null when it names nothing. */
  async request() {
    const params = new URLSearchParams(window.location.search);
    const seconds = Number(params.get("seconds") || 5);
    if (params.get("game")) return { game_id: Number(params.get("game")), seconds };
    const packed = new URLSearchParams(window.location.hash.slice(1)).get("replay");
    if (!packed) return null;
    try {
      return { record: await unpackRecord(packed), seconds };
    } catch {
      throw new UserError("This review link is damaged: open the game again.");
    }
  }

  /** Review as a job: its progress said while it runs (with Cancel), then the review. */
  async run(body) {
    const controller = new AbortController();
    this.running = controller;
    let last = null;
    let review;
    try {
      review = await runJob("/reviews", body, {
        signal: controller.signal,
        failed: "The review failed.",
        onUpdate: (job) => {
          last = job;
          if (job.status === "queued" || job.status === "running") this.progress(job.progress);
        },
      });
    } catch (err) {
      if (!(err instanceof JobError)) throw err;
      $("rv-progress").textContent = err.cancelled
        ? "The review was cancelled."
        : "The review failed.";
      if (!err.cancelled) showError(err.message);
      return;
    } finally {
      this.running = null;
      $("rv-cancel").hidden = true;
    }
    $("rv-progress").textContent = `Reviewed in ${last.seconds.toFixed(1)} s.`;
    this.show(review);
  }

  /** A running review's progress in words (`p`: the job's progress, null while queued). */
  progress(p) {
    $("rv-cancel").hidden = false;
    $("rv-progress").textContent = !p ? "Waiting for a worker…"
      : p.stage === "judging" ? `Judging move ${p.done} of ${p.total}…`
        : `Rolling out the guesses: ${p.done} layouts of at most ${p.total}…`;
  }

  show(review) {
    this.review = review;
    this.summary(review);
    this.table(review);
    $("rv-summary-panel").hidden = false;
    $("rv-body").hidden = false;
    this.showEnd();
    document.body.dataset.reviewed = "1";
    $("rv-summary-title").focus();
  }

  summary(review) {
    const s = review.summary;
    $("rv-games").textContent = String(review.games);
    const death = $("rv-death");
    death.className = "death";
    if (s.death) {
      const move = s.death.move + 1;
      const n = s.death.safe_cells.length;
      death.classList.add(s.death.forced ? "forced" : "avoidable");
      death.textContent = s.death.forced
        ? `Lost on move ${move}: a forced death. No covered cell was certainly safe; the ` +
          `fatal click took a ${percent(s.death.risk)} risk.`
        : `Lost on move ${move}: an avoidable death. ${n} covered cell${n === 1 ? " was" : "s were"} ` +
          `certainly safe (✓ on the board) when the fatal click took a ${percent(s.death.risk)} risk.`;
    } else {
      death.textContent = `Won in ${review.moves.length} moves.`;
    }
    const counts = $("rv-counts");
    counts.innerHTML = "";
    for (const [verdict, n] of Object.entries(s.counts)) {
      if (!n) continue;
      const li = document.createElement("li");
      li.append(`${n} `, verdictChip(verdict));
      counts.append(li);
    }
    const decided = $("rv-decided");
    decided.innerHTML = "";
    if (s.decided === null) {
      decided.textContent = `Never in doubt: ${s.decided_why}.`;
    } else {
      const m = review.moves[s.decided];
      const button = document.createElement("button");
      button.type = "button";
      button.className = "link-button";
      button.textContent = `move ${s.decided + 1} (${m.kind} ${at(m.cell)})`;
      button.addEventListener("click", () => this.select(s.decided));
      decided.append("The game was decided at ", button, `: ${s.decided_why}.`);
    }
    const list = (ns) => (ns.length ? ns.map((n) => n + 1).join(", ") : "none");
    $("rv-forced").textContent = `Guesses the position forced: ${list(s.forced)}. ` +
      `Avoidable risks: ${list(s.avoidable)}.`;
  }

  table(review) {
    const body = $("rv-moves").tBodies[0];
    body.innerHTML = "";
    for (const m of review.moves) {
      const tr = body.insertRow();
      tr.dataset.move = m.number;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = String(m.number + 1);
      button.setAttribute("aria-label", `Show move ${m.number + 1}`);
      button.addEventListener("click", () => this.select(m.number));
      const cells = [
        button, `${m.kind} ${at(m.cell)}${m.lost ? " — lost" : ""}`, verdictChip(m.verdict),
        m.risk === null ? "—" : percent(m.risk),
        m.safest === null ? "—" : `${at(m.safest)} ${percent(m.safest_probability)}`,
        chanceText(m.win_before), chanceText(m.win_after),
      ];
      cells.forEach((v, k) => {
        const td = tr.insertCell();
        if (v instanceof Node) td.append(v);
        else td.textContent = v;
        if (k === 1 || k === 2 || k === 4) td.className = "text";
      });
      tr.cells[2].title = m.note;
    }
  }

  /** The board before ``k`` moves were made (all of them: the end of the game). */
  boardAt(k) {
    const { rows, cols, replay } = this.review;
    this.board.build(rows, cols, ".".repeat(rows * cols));
    for (let j = 0; j < k; j++) this.board.apply(replay.moves[j].changes);
    this.overlay.refresh(this.review.mines);
  }

  index(cell) {
    return cell[0] * this.review.cols + cell[1];
  }

  marks(list) {
    const map = new Map();
    for (const [cell, deco] of list) {
      if (!cell) continue;
      const i = this.index(cell);
      const old = map.get(i);
      map.set(i, old ? { cls: `${old.cls} ${deco.cls}`, text: old.text + deco.text,
        note: `${old.note}, ${deco.note}` } : deco);
    }
    return map;
  }

  highlightRow(k) {
    for (const tr of $("rv-moves").tBodies[0].rows) {
      const on = Number(tr.dataset.move) === k;
      tr.classList.toggle("selected", on);
      if (on) tr.setAttribute("aria-current", "true");
      else tr.removeAttribute("aria-current");
    }
  }

  /** The final board; on a loss, the certainly safe cells open at the fatal click. */
  showEnd() {
    const r = this.review;
    this.shown = "end";
    this.boardAt(r.moves.length);
    const death = r.summary.death;
    const safe = death ? death.safe_cells : [];
    this.board.setLayer("review", this.marks(safe.map((c) => [c,
      { cls: "rv-safe", text: "✓", note: "certainly safe when the fatal click was made" }])));
    $("rv-at").textContent = "at the end";
    $("rv-move").textContent = $("rv-death").textContent;
    this.highlightRow(-1);
  }

  /** The board before move ``k`` (from 0), the move and the safest alternative outlined. */
  select(k) {
    const r = this.review;
    const m = r.moves[k];
    this.shown = k;
    this.boardAt(k);
    const list = [[m.cell, { cls: "hl-move", text: "", note: "the move" }]];
    if (m.safest && m.guess) {
      list.push([m.safest, { cls: "rv-safest", text: "☆", note: "the safest alternative" }]);
    }
    if (m.guess) {
      for (const c of m.safe_cells) {
        list.push([c, { cls: "rv-safe", text: "✓", note: "certainly safe" }]);
      }
    }
    this.board.setLayer("review", this.marks(list));
    $("rv-at").textContent = `before move ${k + 1}`;
    let text = `Move ${k + 1}: ${m.kind} ${at(m.cell)} — ${m.verdict}: ${m.note}.`;
    if (m.guess) {
      text += ` Safest: ${at(m.safest)} at ${percent(m.safest_probability)}.`;
      text += ` Win chance ${chanceText(m.win_before)} before, ${chanceText(m.win_after)} after.`;
    }
    if (m.lost) text += ` ${$("rv-death").textContent}`;
    $("rv-move").textContent = text;
    this.highlightRow(k);
  }
}

const review = new Review();
window.sweepkitReview = review;
review.start();
