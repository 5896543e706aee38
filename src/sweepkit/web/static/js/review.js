/**
 * The review of a finished game (POST /api/reviews, a job followed by api.js's runJob,
 * its progress shown, the widest interval narrowing, cancelled with the page's Cancel): a
 * summary on top (the forced guesses and avoidable risks counted, their move numbers links
 * to the moves), every move with its verdict (colour and words), the risk taken, the
 * safest alternative and, for each guess, best's win chance with best's move and with this
 * move, and the chance the move lost, each with its 95% interval; a move chosen shows the
 * board before it with the move (◉) and the safest alternative (☆) outlined. On a loss the
 * final board says at once whether the death was forced and marks the cells that were
 * certainly safe (✓).
 *
 * The probability overlay of the board shown can be turned on (overlay.js).
 *
 * Opened as static/review.html?game=ID (a stored game) or #replay=PACKED (a record, as
 * the statistics page's replay links pack it); ?seconds=S and ?target=T (the ± of every
 * win chance, a fraction) change the rollouts' budget and precision.
 */

import { Board } from "./board.js";
import { BoardOverlay } from "./overlay.js";
import { $, guarded, initPage, JobError, percent, runJob, showError, UserError } from "./pages.js";
import { unpackRecord } from "./records.js";

const verdictClass = (v) => `v-${v.replace(/ /g, "-")}`;
const at = (cell) => `(${cell[0]}, ${cell[1]})`;

/** A win chance with its 95% interval ("exact": every layout of the view was played). */
function chanceText(c) {
  if (!c || c.rate === null) return "—";
  if (c.exact) return `${percent(c.rate, 0)} (exact)`;
  return `${percent(c.rate, 0)} (${percent(c.low, 0)}–${percent(c.high, 0)})`;
}

/** A difference of chances in points, signed. */
const points = (x) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(100 * x).toFixed(1)}`;

/** The win chance a guess lost against best's own move, with its paired interval. */
function lostText(m) {
  const d = m.win_lost;
  if (!d) return "—";
  if (m.same === m.layouts) return "0 (best's own move)";
  if (d.low === d.high) return `${points(d.value)} points (exact)`;
  return `${points(d.value)} points (${points(d.low)} to ${points(d.high)})`;
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
    const budget = {};
    if (params.get("seconds")) budget.seconds = Number(params.get("seconds"));
    if (params.get("target")) budget.target = Number(params.get("target"));
    if (params.get("game")) return { game_id: Number(params.get("game")), ...budget };
    const packed = new URLSearchParams(window.location.hash.slice(1)).get("replay");
    if (!packed) return null;
    try {
      return { record: await unpackRecord(packed), ...budget };
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
          if (job.status === "queued" || job.status === "running") {
            this.progress(job.progress, job.seconds);
          }
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

  /** A running review's progress in words (`p`: the job's progress, null while queued;
   * `seconds`: how long it has run). While rolling out: the guesses whose chances are
   * known to the target, the games played and the widest interval, narrowing. */
  progress(p, seconds) {
    $("rv-cancel").hidden = false;
    let text;
    if (!p) text = "Waiting for a worker…";
    else if (p.stage === "judging") text = `Judging move ${p.done} of ${p.total}…`;
    else {
      const target = `±${(100 * p.target).toFixed(0)} points`;
      text = `Rolling out the guesses (${Math.round(seconds)} s): ${p.done} of ${p.total} ` +
        `known to ${target}, ${(p.games || 0).toLocaleString("en")} games played.`;
      if (p.widest !== null && p.widest !== undefined) {
        text += ` Widest interval now ±${(100 * p.widest).toFixed(1)} points.`;
      }
    }
    $("rv-progress").textContent = text;
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
    $("rv-games").textContent = review.games.toLocaleString("en");
    $("rv-target").textContent = `±${(100 * review.target).toFixed(0)}`;
    $("rv-rolled").textContent = `${review.rollouts.toLocaleString("en")} games were played, ` +
      "seeded by the game itself: reviewed again, it gives the same numbers" +
      (review.settled ? "." : " where the target was reached.");
    $("rv-unsettled").hidden = review.settled;
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
      button.addEventListener("click", () => this.select(s.decided, true));
      decided.append("The game was decided at ", button, `: ${s.decided_why}.`);
    }
    const forced = $("rv-forced");
    forced.innerHTML = "";
    this.moveList(forced, "Guesses the position forced", s.forced);
    forced.append(" ");
    this.moveList(forced, "Avoidable risks", s.avoidable);
  }

  /** "Label: 3 (moves 12, 40, 55)." into `el`, each move number a link to that move. */
  moveList(el, label, numbers) {
    el.append(`${label}: ${numbers.length}`);
    if (numbers.length) {
      el.append(numbers.length === 1 ? " (move " : " (moves ");
      numbers.forEach((n, i) => {
        if (i) el.append(", ");
        const button = document.createElement("button");
        button.type = "button";
        button.className = "link-button move-link";
        button.dataset.move = n;
        button.textContent = String(n + 1);
        button.setAttribute("aria-label", `Go to move ${n + 1}`);
        button.addEventListener("click", () => this.select(n, true));
        el.append(button);
      });
      el.append(")");
    }
    el.append(".");
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
        chanceText(m.win_before), chanceText(m.win_after), lostText(m),
      ];
      const mark = m.settled === false ? " *" : "";
      cells.forEach((v, k) => {
        const td = tr.insertCell();
        if (v instanceof Node) td.append(v);
        else td.textContent = k >= 5 && m.guess ? v + mark : v;
        if (k === 1 || k === 2 || k === 4) td.className = "text";
      });
      tr.cells[2].title = m.note;
      if (m.lost && m.guess) {
        tr.cells[6].title = "the chance this move gave before its outcome was known: it hit a mine";
      }
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

  /** The board before move ``k`` (from 0), the move and the safest alternative outlined;
   * `reveal`: scrolled into view (a link from the summary). */
  select(k, reveal = false) {
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
      text += " Win chance (best finishing the game, over the layouts the view allowed, " +
        `before the move's outcome was known): ${chanceText(m.win_before)} with best's move, ` +
        `${chanceText(m.win_after)} with this move; lost by this move: ${lostText(m)}.`;
      if (m.settled === false) text += " (The time ran out before these reached the target.)";
    }
    if (m.lost) {
      text += " This move hit a mine: the game was lost";
      text += m.guess ? ` (${chanceText(m.win_after)} is what the move gave before its ` +
        "outcome was known, not its outcome)." : ".";
      text += ` ${$("rv-death").textContent}`;
    }
    $("rv-move").textContent = text;
    this.highlightRow(k);
    if (reveal) $("rv-board-title").scrollIntoView({ block: "start" });
  }
}

const review = new Review();
window.sweepkitReview = review;
review.start();
