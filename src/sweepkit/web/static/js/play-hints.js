/**
 * The play page's help drawn on the board: the probability overlay (each covered cell's
 * chance of a mine, kept up to date after every move while it is on), the hint (asked as
 * a job) and the computer's move outlined with their reasons in the hint panel, and the
 * verdict on the move that lost (the cells that were certainly safe then).
 */

import * as api from "./api.js";
import { percentText, percentWords } from "./overlay.js";
import { announce, clearError } from "./play-messages.js";

export { percentText, percentWords };

const $ = (id) => document.getElementById(id);

const RUNNER_CELLS = 4; // cells named per runner-up in the hint panel

export class Hints {
  /** `app`: the page (its session, board, status and jobs). */
  constructor(app) {
    this.app = app;
    this.overlayOn = false; // the probability overlay, redrawn after every move while on
  }

  get session() {
    return this.app.session;
  }

  get board() {
    return this.app.board;
  }

  bind() {
    $("overlay").addEventListener("click", () => this.toggleOverlay());
    $("hint-close").addEventListener("click", () => this.hideHint(true));
    $("hint-panel").addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        this.hideHint(true);
      }
    });
  }

  // -- the hint ---------------------------------------------------------------------

  /** Queue a hint, after the moves already sent: asked as a job (the analysis runs off
   * the server's request path), "Thinking…" with Cancel meanwhile, then drawn. */
  hint() {
    const session = this.session;
    return session.enqueue(async (generation, id) => {
      let reply;
      try {
        reply = await this.app.jobs.run("Thinking about a hint…",
          (signal) => api.hintJob(id, { signal, failed: "No hint could be found." }));
      } catch (err) {
        if (!(err instanceof api.JobError && err.cancelled)) await session.failed(err, generation);
        else if (generation === session.generation) announce("Hint cancelled.");
        return;
      }
      if (generation !== session.generation) return;
      clearError();
      const g = session.game;
      g.seq = undefined; // the hint was written to the game; its reply has no seq
      g.assists = reply.assists;
      this.app.status.showAssists();
      this.showHint(reply.hint, "Hint");
      if (g.status === "lost") {
        $("hint-text").textContent += " (This is for the position before the losing move.)";
      }
    });
  }

  /** A hint (or the computer's move): the cell outlined with a star, the numbers it
   * follows from outlined with a diamond, the reason in the panel and said aloud. */
  showHint(h, title) {
    if (!h) return;
    const cols = this.board.cols;
    const [r, c] = h.move;
    const at = r * cols + c;
    const layer = new Map();
    for (const [br, bc] of h.because || []) {
      layer.set(br * cols + bc, { cls: "hl-because", note: "a number the hint follows from" });
    }
    const verb = h.action === "flag" ? "flag" : "reveal";
    const covered = this.board.shown(at) === ".";
    layer.set(at, {
      cls: "hl-hint",
      text: covered ? "★" : "",
      note: title === "Hint" ? `the hint: ${verb} this cell` : "the computer's move",
    });
    this.board.setLayer("hint", layer);
    const sure = h.certain
      ? "certain"
      : `a guess: ${percentWords(h.probability ?? 0)} chance of a mine`;
    // Cells as the server's reasons name them: (row, column), counted from 0.
    const where = `(${r}, ${c})`;
    const head = title === "Hint"
      ? `${verb} ${where} (${sure}).`
      : `it chose to ${verb} ${where} (${sure}).`;
    const reason = h.reason ? h.reason.charAt(0).toUpperCase() + h.reason.slice(1) : "";
    const text = `${title}: ${head} ${reason}`.trim();
    $("hint-title").textContent = title;
    $("hint-text").textContent = text;
    const alts = (h.alternatives || []).slice(0, 3).map((a) => {
      // a runner-up may be a class of hundreds of equivalent cells: a few of them named
      const shown = a.cells.slice(0, RUNNER_CELLS).map(([ar, ac]) => `(${ar}, ${ac})`);
      const more = a.cells.length - shown.length;
      const cells = shown.join(" ") + (more > 0 ? ` and ${more} more like them` : "");
      return `${cells}: ${percentWords(a.probability ?? 0)}`;
    });
    const because = h.because?.length
      ? `The numbers it follows from are marked ◆ on the board (${h.because.length}). `
      : "";
    $("hint-more").textContent =
      `The cell is marked ★; cells are (row, column) from 0 at the top left. ${because}` +
      `${alts.length ? `Runners-up (chance of a mine): ${alts.join("; ")}.` : ""}`;
    $("hint-panel").hidden = false;
    announce(text);
  }

  /** Close the hint panel; with `refocus` (its Close button, Escape) the focus goes back
   * to the board's cell rather than to the top of the page. */
  hideHint(refocus = false) {
    this.board.setLayer("hint", null);
    const wasOpen = !$("hint-panel").hidden;
    $("hint-panel").hidden = true;
    if (refocus && wasOpen) this.board.setFocus(this.board.focusIndex);
  }

  // -- the loss ---------------------------------------------------------------------

  /** What the move that lost says at once: the death forced (no cell was certainly safe)
   * or avoidable, the certainly safe cells of that moment marked ✓ on the board. */
  showLoss(verdict) {
    const cols = this.board.cols;
    const layer = new Map();
    let flagged = 0; // certainly safe under a flag: no ✓ drawn there, said apart
    for (const [r, c] of verdict.safe) {
      const i = r * cols + c;
      if (this.board.shown(i) === ".") {
        layer.set(i, { cls: "loss-safe", text: "✓", note: "was certainly safe", covered: true });
      } else flagged += 1;
    }
    this.board.setLayer("loss", layer);
    const chance = verdict.chance == null
      ? ""
      : ` The cell you chose had a ${percentWords(verdict.chance)} chance of a mine.`;
    const n = layer.size;
    const marked = n ? `${n} covered cell${n === 1 ? " was" : "s were"} certainly safe ` +
      "(marked ✓)" : "";
    const under = flagged
      ? `${n ? ", and " : ""}${flagged} cell${flagged === 1 ? "" : "s"} under a flag ` +
        `${flagged === 1 ? "was" : "were"} safe too`
      : "";
    $("loss-verdict").textContent = verdict.forced
      ? `The death was forced: no covered cell was certainly safe.${chance}`
      : `The death was avoidable: ${marked}${under}.${chance}`;
    $("loss-verdict").hidden = false;
  }

  hideLoss() {
    this.board.setLayer("loss", null);
    $("loss-verdict").hidden = true;
  }

  // -- the overlay ------------------------------------------------------------------

  toggleOverlay() {
    const g = this.session.game;
    if (this.session.readOnly) return;
    this.overlayOn = !this.overlayOn;
    $("overlay").setAttribute("aria-pressed", String(this.overlayOn));
    if (!this.overlayOn) {
      this.board.setLayer("overlay", null);
      announce("Probabilities off.");
    } else if (g?.status === "lost") {
      this.queueOverlay();
      announce("Probabilities on: the chances before the losing move.");
    } else if (g?.status === "playing" && !g.paused) {
      this.queueOverlay();
      announce("Probabilities on: each covered cell shows its chance of a mine.");
    } else {
      announce("Probabilities on: they show from the first click on.");
    }
  }

  /** Queue the overlay's request, after the moves already sent. */
  queueOverlay() {
    return this.session.enqueue((generation) => this.fetchOverlay(generation));
  }

  /** A game just loaded: its overlay asked for, when the overlay is on and it is being
   * played. */
  afterLoad() {
    const g = this.session.game;
    if (this.overlayOn && g.status === "playing" && !g.paused) this.queueOverlay();
  }

  /** A move (or a resume) just drawn: the overlay asked for again, or turned off at the
   * end of the game (the loss shown as it is: the button asks again). */
  async afterMove(generation) {
    const session = this.session;
    if (session.over()) {
      this.board.setLayer("overlay", null);
      this.overlayOn = false;
      $("overlay").setAttribute("aria-pressed", "false");
    } else if (this.overlayOn && session.game.status === "playing") {
      await this.fetchOverlay(generation);
    }
  }

  /** Ask for the overlay and draw it (an error is shown, the toggle stays on). */
  async fetchOverlay(generation) {
    const session = this.session;
    let reply;
    try {
      reply = await api.gameHelp(session.game.id, "overlay");
    } catch (err) {
      await session.failed(err, generation);
      return;
    }
    if (generation !== session.generation) return;
    session.game.seq = undefined; // the overlay may be written to the game; its reply has no seq
    if (!this.overlayOn) return;
    session.game.assists = reply.assists;
    this.app.status.showAssists();
    this.drawOverlay(reply);
  }

  /** The heat map: each covered cell's chance of a mine as a shade and a percentage;
   * ✓ for the certainly safe, ✗ for the certain mines; said in each cell's name too. */
  drawOverlay(reply) {
    const layer = new Map();
    const safe = new Set(reply.safe || []);
    const mines = new Set(reply.mines || []);
    const reasons = new Map(reply.reasons || []); // a certain cell's reason in words
    // on a lost game the overlay is the position before the losing move: it shows on the
    // mines the loss uncovered too (the fatal cell's chance above all)
    const covered = this.session.game?.status !== "lost";
    const why = (i, what) => (reasons.has(i) ? `${what}: ${reasons.get(i)}` : what);
    for (const [i, p] of reply.probabilities || []) {
      if (safe.has(i) || mines.has(i)) continue;
      layer.set(i, {
        cls: "ov",
        text: percentText(p),
        note: `mine chance ${percentWords(p)}`,
        vars: { "--p": String(p) },
        covered,
      });
    }
    for (const i of safe) {
      layer.set(i, { cls: "ov-safe", text: "✓", note: why(i, "certainly safe"), covered });
    }
    for (const i of mines) {
      layer.set(i, { cls: "ov-mine", text: "✗", note: why(i, "certainly a mine"), covered });
    }
    this.board.setLayer("overlay", layer);
  }
}
