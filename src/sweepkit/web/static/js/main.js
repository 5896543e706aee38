/**
 * The play page's controller: reads the form and the URL, asks the server for games,
 * sends moves one at a time (in click order) and applies their changes to the board,
 * keeps the counter, timer, face, status announcements and figures in step.
 *
 * The page never knows a mine before the server shows it: everything it draws comes
 * from the server's cell codes, plus the "?" marks it keeps for itself.
 */

import * as api from "./api.js";
import { Board } from "./board.js";
import { hideFigures, showFigures } from "./figures.js";
import { attachKeyboard, attachMouse, attachTouch } from "./input.js";
import { Minimap } from "./minimap.js";
import { initPanels } from "./panels.js";
import { CELL_SIZE, Settings } from "./settings.js";
import { formatTime, Timer } from "./timer.js";

const $ = (id) => document.getElementById(id);

const RULE_LABELS = {
  none: "Unprotected",
  safe: "Safe",
  opening: "Opening",
};

const LEVEL_LABELS = { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert" };

const RUNNER_CELLS = 4; // cells named per runner-up in the hint panel

/** The assists a game can carry (`state.assists`), in words. */
const ASSIST_LABELS = {
  hint: "hint",
  overlay: "probabilities",
  undo: "undo",
  pause: "pause",
  computer: "computer move",
  seeded: "board chosen by its seed",
  restart: "board played again",
  from_position: "played from a position",
  shared: "board shared",
};

const JOB_ENDS = ["done", "failed", "cancelled"];
const JOB_POLL_MS = 150;
const SMALL_CELL = 22; // px: below this the overlay shows its shades, not its percentages

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** A mine chance as the overlay writes it in a cell: "33%", "<1%", ">99%". */
export function percentText(p) {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.01) return "<1%";
  if (p > 0.99) return ">99%";
  return `${Math.round(p * 100)}%`;
}

/** A chance in words, more precise (the cell's name, the hint panel): "12.5 %". */
const percentWords = (p) => `${(Math.round(p * 1000) / 10).toString()} %`;

/** The mine counter as the classic clients show it: at least three digits, "-12" below
 * zero (more flags than mines). */
export function formatCounter(n) {
  const v = Math.trunc(Number(n) || 0);
  return v < 0 ? `-${String(-v).padStart(2, "0")}` : String(v).padStart(3, "0");
}

class App {
  constructor() {
    this.settings = new Settings();
    this.board = new Board($("board"), $("board-wrap"));
    this.timer = new Timer($("timer"));
    this.minimap = new Minimap($("minimap"), $("minimap-frame"), this.board);
    this.config = null;
    this.game = null; // the current GameStatus (without cells)
    this.queue = Promise.resolve(); // moves go to the server one after another
    this.generation = 0; // bumps with every new game: late answers for old games are dropped
    this.urlProblem = null; // what was wrong with the address's game, shown once it loads
    this.overlayOn = false; // the probability overlay, redrawn after every move while on
    this.job = null; // the id of the job making a no-guess board, while it runs
    this.offerAction = null; // what the offer button (#offer) does
    this.readOnly = false; // someone else's game, opened by its address: watched, not played
  }

  async start() {
    this.moreContrast = window.matchMedia("(prefers-contrast: more)");
    this.moreContrast.addEventListener("change", () => this.applyTheme());
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    dark.addEventListener("change", () => this.minimap.recolour());
    this.applyTheme();
    this.applyCellSize();
    this.initForm();
    this.initTools();
    initPanels(this.settings);
    attachMouse(this.board, this, this.settings);
    attachTouch(this.board, this, () => this.settings.longPress);
    attachKeyboard(this.board, this, this.settings);
    window.addEventListener("unhandledrejection", (e) => {
      e.preventDefault();
      this.showError("Something went wrong on this page; try a new game.");
    });
    try {
      this.config = await api.getConfig();
    } catch (err) {
      this.showError(err);
      return;
    }
    this.applyConfig();
    window.addEventListener("hashchange", () => {
      const token = this.boardToken();
      if (token !== null) this.openSharedBoard(token);
    });
    const gameId = new URLSearchParams(window.location.search).get("game");
    const token = this.boardToken();
    if (token !== null) {
      if (!(await this.openSharedBoard(token))) {
        this.urlProblem = $("error").textContent; // said again once the form's game loads
        await this.startGame(this.specFromForm());
      }
    } else if (gameId) await this.openGame(gameId);
    else {
      const fromUrl = this.specFromUrl();
      if (fromUrl && !(await this.startGame(fromUrl))) {
        // the address asked for a game the server refuses (a seed or size out of range):
        // its reason stays said, and the game of the stored settings is played instead
        this.urlProblem = `The address asks for a game that cannot be made: ${$("error").textContent}`;
        this.fillForm();
        this.ruleFromSettings();
        await this.startGame(this.specFromForm());
      } else if (!fromUrl) await this.startGame(this.specFromForm());
    }
  }

  // -- the form and the URL ---------------------------------------------------------

  /** The form's fields from the stored settings. */
  fillForm() {
    const s = this.settings;
    $("level").value = s.level;
    if (!$("level").value) $("level").value = "beginner"; // a stored level this page lacks
    $("rows").value = s.rows;
    $("cols").value = s.cols;
    $("mines").value = s.mines;
    $("no-guess").checked = Boolean(s.noGuess);
    $("player").value = s.player || "";
    this.showCustom();
  }

  initForm() {
    const s = this.settings;
    this.fillForm();
    $("level").addEventListener("change", () => this.showCustom());
    $("player").addEventListener("change", () => {
      s.player = $("player").value.trim();
      s.save();
    });
    for (const id of ["rows", "cols"]) $(id).addEventListener("input", () => this.mineLimit());
    $("game-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const spec = this.specFromForm();
      if (spec) {
        this.foldOptions(false);
        this.startGame(spec);
      }
    });
  }

  showCustom() {
    $("custom").hidden = $("level").value !== "custom";
  }

  mineLimit() {
    const cells = Number($("rows").value) * Number($("cols").value);
    if (Number.isFinite(cells) && cells > 0) $("mines").max = String(cells - 1);
  }

  applyConfig() {
    const c = this.config;
    for (const option of $("level").options) {
      const lv = c.levels?.[option.value];
      if (lv) {
        const name = LEVEL_LABELS[option.value] || option.value;
        option.textContent = `${name} (${lv.rows}×${lv.cols}, ${lv.mines})`;
      }
    }
    $("rows").max = String(c.max_rows);
    $("cols").max = String(c.max_cols);
    this.mineLimit();
    $("limits").textContent =
      `Rows 1–${c.max_rows}, columns 1–${c.max_cols}; fewer mines than cells ` +
      "(the opening rule also keeps the first click's 8 neighbours free).";
    if (typeof c.no_guess_max_density === "number") {
      $("no-guess-label").title =
        "A board made at the first click so that logic alone clears it " +
        `(at most ${Math.round(c.no_guess_max_density * 100)} % mines)`;
    }
    const rule = $("rule");
    if (Array.isArray(c.rules) && c.rules.length) {
      rule.replaceChildren(
        ...c.rules.map((r) => new Option(RULE_LABELS[r] || r, r)),
      );
    }
    this.ruleFromSettings();
  }

  /** The stored first-click rule, else the server's default. */
  ruleFromSettings() {
    const c = this.config;
    $("rule").value = c.rules?.includes(this.settings.rule) ? this.settings.rule : c.default_rule;
  }

  /** The game the form describes, or null (with the reason shown) when it is invalid. */
  specFromForm() {
    const s = this.settings;
    const level = $("level").value;
    const spec = {};
    if (level === "custom") {
      for (const id of ["rows", "cols", "mines"]) {
        const input = $(id);
        if (!input.checkValidity()) {
          this.showError(`${input.labels[0]?.textContent.trim() || id}: ${input.validationMessage}`);
          this.foldOptions(true); // on a phone the form may be folded away
          input.focus();
          return null;
        }
      }
      spec.rows = Number($("rows").value);
      spec.cols = Number($("cols").value);
      spec.mines = Number($("mines").value);
      Object.assign(s, spec);
    } else {
      spec.level = level;
    }
    spec.rule = $("rule").value;
    spec.no_guess = $("no-guess").checked;
    const player = $("player").value.trim();
    if (player) spec.player = player;
    Object.assign(s, { level, rule: spec.rule, noGuess: spec.no_guess, player });
    s.save();
    return spec;
  }

  /** A game from the URL (?seed=N&level=...&rule=... or rows/cols/mines), else null. */
  specFromUrl() {
    const q = new URLSearchParams(window.location.search);
    if (![...q.keys()].some((k) => ["seed", "level", "rows", "rule"].includes(k))) return null;
    if (q.has("level")) {
      const wanted = q.get("level");
      if ([...$("level").options].some((o) => o.value === wanted)) $("level").value = wanted;
      else this.urlProblem = `The address asks for an unknown level "${wanted}"; here is the form's.`;
    }
    if (q.has("rows") && q.has("cols") && q.has("mines")) {
      $("level").value = "custom";
      $("rows").value = q.get("rows");
      $("cols").value = q.get("cols");
      $("mines").value = q.get("mines");
    }
    this.mineLimit();
    if (q.has("rule")) {
      const wanted = q.get("rule");
      if ([...$("rule").options].some((o) => o.value === wanted)) $("rule").value = wanted;
      else this.urlProblem = `The address asks for an unknown first-click rule "${wanted}"; here is the form's.`;
    }
    if (q.has("no_guess")) $("no-guess").checked = ["1", "true", "yes"].includes(q.get("no_guess"));
    this.showCustom();
    const spec = this.specFromForm();
    if (spec && q.has("seed")) spec.seed = q.get("seed");
    return spec;
  }

  /** The current game's settings (for the face and N): same size, rule and no-guess. */
  specOfGame() {
    const g = this.game;
    if (!g) return this.specFromForm();
    const spec = g.level ? { level: g.level } : { rows: g.rows, cols: g.cols, mines: g.mines };
    spec.rule = g.rule;
    spec.no_guess = g.no_guess;
    const player = $("player").value.trim();
    if (player) spec.player = player;
    return spec;
  }

  // -- games ------------------------------------------------------------------------

  /** Start a game (true once it is loaded; false with the reason shown). */
  async startGame(spec) {
    if (!spec) return false; // an invalid form: its reason is already shown
    const generation = ++this.generation;
    this.cancelJob();
    this.busy(true);
    try {
      const state = await api.newGame(spec);
      if (generation === this.generation) {
        this.load(state, true);
        this.keepGameInUrl(state.id);
      }
      if (this.urlProblem) this.showError(this.urlProblem); // said once, after the game loads
      this.urlProblem = null;
      return true;
    } catch (err) {
      if (generation === this.generation) {
        this.showError(err);
        // A no-guess board this dense is refused at once: offer the same, not no-guess.
        if (spec.no_guess && err instanceof api.ApiError && err.status === 422) {
          this.offerNormal(spec);
        }
        // The name is another browser's: its reason is shown; offer this browser's own.
        if (spec.player && err instanceof api.ApiError && err.status === 403) {
          this.offerOwnName(spec);
        }
      }
      return false;
    } finally {
      if (generation === this.generation) this.busy(false);
    }
  }

  /** Open a live game by its id (/?game=ID: the editor's and the replays' games). */
  async openGame(id) {
    const generation = ++this.generation;
    this.busy(true);
    try {
      const state = await api.getGame(id);
      if (generation !== this.generation) return;
      this.load(state, false);
      const name = state.level ? LEVEL_LABELS[state.level] || state.level : "Custom";
      this.announce(
        `Game opened: ${name}, ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
          `${state.status}${state.paused ? ", paused" : ""}; player ${state.player}` +
          `${this.readOnly ? "; someone else's game, read-only" : ""}.`,
      );
    } catch (err) {
      if (generation !== this.generation) return;
      this.showError(err);
      this.offer("Start a new game", () => this.startGame(this.specFromForm()));
    } finally {
      if (generation === this.generation) this.busy(false);
    }
  }

  /** The address names the game being played (/?game=ID), so a reload or the Back button
   * comes back to it, not to a new board (nor to the seed that made this one). */
  keepGameInUrl(id) {
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = ""; // a shared board's link is spent: the game has its own address now
    url.searchParams.set("game", id);
    window.history.replaceState(null, "", url);
  }

  async restart() {
    if (!this.game || this.readOnly) return;
    const generation = ++this.generation;
    try {
      const state = await api.restartGame(this.game.id);
      if (generation === this.generation) this.load(state, false);
      this.announce("Restarted: the same board, closed again.");
    } catch (err) {
      if (!(await this.resync(err))) this.showError(err);
    }
  }

  busy(on) {
    document.body.classList.toggle("loading", on);
    $("board").setAttribute("aria-busy", on ? "true" : "false");
  }

  /** Show a fresh GameState: the whole board in one pass. `sameGame` (an undo): the
   * moves already queued for this game stay queued. */
  load(state, announce, sameGame = false) {
    const { cells, ...status } = state;
    this.game = status;
    this.readOnly = state.yours === false; // only GET /api/games/{id} says whose it is
    if (!sameGame) this.queue = Promise.resolve();
    this.hideShare();
    this.clearError();
    this.clearOffer();
    this.hideHint();
    this.hideLoss();
    const hadFocus = this.board.grid.contains(document.activeElement);
    this.board.build(state.rows, state.cols, cells);
    if (hadFocus) this.board.setFocus(this.board.focusIndex); // N or R from the keyboard
    this.minimap.build();
    $("board").setAttribute(
      "aria-label",
      `Minefield, ${state.rows} rows by ${state.cols} columns, ${state.mines} mines`,
    );
    hideFigures($("figures"));
    this.update(status, false);
    if (this.overlayOn && this.game.status === "playing" && !this.game.paused) {
      this.help("overlay");
    }
    if (announce) {
      const name = state.level ? LEVEL_LABELS[state.level] || state.level : "Custom";
      this.announce(
        `New game: ${name}, ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
          `first click ${state.rule}${state.no_guess ? ", no guessing" : ""}.`,
      );
    }
  }

  canPlay() {
    const g = this.game;
    return Boolean(g) && !this.readOnly && (g.status === "ready" || g.status === "playing") &&
      !g.paused;
  }

  /** Undo is offered from the first move on, and after a loss (practice), never after a
   * win, while paused or in someone else's game. */
  canUndo() {
    const g = this.game;
    return Boolean(g) && !this.readOnly && !g.paused && (g.moves ?? 1) > 0 && g.status !== "won";
  }

  over() {
    return this.game?.status === "won" || this.game?.status === "lost";
  }

  /** Queue a move; its answer is applied in order, then `after()` runs. A move made with
   * the keyboard (`via` "key") is also told in words, for people who cannot see the board. */
  move(kind, i, after, via) {
    const id = this.game.id;
    const generation = this.generation;
    const [row, col] = this.board.rowCol(i);
    this.queue = this.queue.then(async () => {
      if (generation !== this.generation || !this.canPlay()) return;
      let reply;
      try {
        // A no-guess board is made at its first click, which can take seconds: a job.
        reply = kind === "reveal" && this.game.status === "ready" && this.game.no_guess
          ? await this.moveByJob(id, kind, row, col, generation)
          : await api.sendMove(id, kind, row, col, this.game.seq);
      } catch (err) {
        if (generation === this.generation && !(await this.resync(err))) this.showError(err);
        return;
      }
      if (!reply || generation !== this.generation) return;
      this.clearError();
      await this.applyMove(reply, generation);
      if (after) after();
      if (via === "key" && this.canPlay()) this.describe(kind, i, reply);
    });
    return this.queue;
  }

  /** Draw a move's reply (a player's or the computer's); the hint it follows is stale,
   * the overlay is asked for again (or cleared at the end). */
  async applyMove(reply, generation) {
    this.hideHint();
    this.board.apply(reply.changes || []);
    this.minimap.update(reply.changes || []);
    this.update(reply.state, true);
    if (reply.loss) this.showLoss(reply.loss);
    if (this.over()) {
      this.board.setLayer("overlay", null); // the loss shown as it is: the button asks again
      this.overlayOn = false;
      $("overlay").setAttribute("aria-pressed", "false");
    } else if (this.overlayOn && this.game.status === "playing") {
      await this.fetchOverlay(generation);
    }
  }

  /** A move sent as a job, polled until it ends; "Making a board…" with Cancel shown
   * meanwhile. The move's reply, or null when it was cancelled or failed (said so). */
  async moveByJob(id, kind, row, col, generation) {
    this.busy(true);
    this.announce("Making a board that needs no guess…");
    let job;
    try {
      job = await this.followJob(api.moveJob(id, kind, row, col), "Making a board…");
    } finally {
      this.busy(false);
    }
    if (generation !== this.generation) return null;
    if (job.status === "done") {
      this.announce("The board is ready: logic alone clears it.");
      return job.result;
    }
    if (job.status === "cancelled") {
      this.announce("Cancelled: no board was made; the game is as it was.");
      return null;
    }
    this.showError(job.error || "No board that needs no guess could be made.");
    this.offerNormal(this.specOfGame());
    return null;
  }

  /** A hint as a job (the analysis runs off the server's request path): "Thinking…"
   * with Cancel while it runs. The hint's reply; null when cancelled; an ApiError with
   * the server's message when it failed. */
  async hintByJob(id) {
    const job = await this.followJob(api.call("POST", "/jobs/hint", { game_id: id }),
      "Thinking about a hint…");
    if (job.status === "done") return job.result;
    if (job.status === "cancelled") {
      this.announce("Hint cancelled.");
      return null;
    }
    throw new api.ApiError(job.error || "No hint could be found.", job.code);
  }

  /** Follow a job to its end (`started`: the promise of its submission), saying `text`
   * with a Cancel button meanwhile; the job as it ended. */
  async followJob(started, text) {
    $("making-text").textContent = text;
    $("making").hidden = false;
    try {
      let job = await started;
      this.job = job.id;
      while (!JOB_ENDS.includes(job.status)) {
        await sleep(JOB_POLL_MS);
        job = await api.getJob(job.id);
      }
      return job;
    } finally {
      this.job = null;
      $("making").hidden = true;
    }
  }

  /** Stop the running job (a board being made, a hint being thought): the game stays
   * unchanged. */
  cancelJob() {
    if (this.job) api.cancelJob(this.job).catch(() => {}); // the poll reports the outcome
  }

  /** After a 409 that carries the game's state (another tab or server process changed the
   * game first): the board redrawn from the server's state, the moves queued on the old
   * board dropped, and the server's sentence shown. False when `err` is no such conflict. */
  async resync(err) {
    const state = api.conflictState(err);
    if (!state || !this.game || state.id !== this.game.id) return false;
    const generation = ++this.generation; // moves queued on the old board are dropped
    let fresh = state;
    try {
      fresh = await api.getGame(state.id); // the cells, and whose the game is
    } catch {
      // the 409's own state is drawn when it has the cells
    }
    if (generation !== this.generation) return true;
    if (typeof fresh.cells !== "string") return false;
    this.load(fresh, false);
    this.showError(err); // the server's sentence: "... this is its state now; ..."
    return true;
  }

  /** Offer to play under this browser's own player (the name asked for is another's). */
  offerOwnName(spec) {
    this.offer("Play under this browser's own name", () => {
      $("player").value = "";
      this.settings.player = "";
      this.settings.save();
      const own = { ...spec };
      delete own.player; // the server plays it as this browser's default player
      this.startGame(own);
    });
  }

  /** Offer the same board without no-guess (after a no-guess board could not be made). */
  offerNormal(spec) {
    this.offer("Play a normal board instead", () => {
      $("no-guess").checked = false;
      this.settings.noGuess = false;
      this.settings.save();
      this.startGame({ ...spec, no_guess: false });
    });
  }

  // -- sharing ----------------------------------------------------------------------

  /** The token of a shared board's link (`#board=TOKEN`), or null. */
  boardToken() {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    return hash.has("board") ? hash.get("board") : null;
  }

  /** Start a fresh game on the board a `#board=` link carries (true once loaded; false
   * with the server's reason shown: a malformed or oversized link). */
  async openSharedBoard(token) {
    const generation = ++this.generation;
    this.cancelJob();
    this.busy(true);
    try {
      const state = await api.sharedBoard(token, $("player").value.trim());
      if (generation !== this.generation) return false;
      this.load(state, false);
      this.keepGameInUrl(state.id);
      this.announce(`A shared board: ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
        "a fresh game of your own.");
      return true;
    } catch (err) {
      if (generation === this.generation) this.showError(err);
      return false;
    } finally {
      if (generation === this.generation) this.busy(false);
    }
  }

  /** Ask for the board's link and show it, copied to the clipboard where allowed. Made
   * while the game is on, the server marks the game assisted (the link shows the board). */
  async share() {
    if (!this.game || this.readOnly) return;
    let reply;
    try {
      reply = await api.shareGame(this.game.id);
    } catch (err) {
      if (!(await this.resync(err))) this.showError(err);
      return;
    }
    const link = new URL(reply.link, window.location.href).href;
    // A link by seed tells the seed: the game's line may say it too.
    const seed = reply.by === "seed" ? new URL(link).searchParams.get("seed") : null;
    this.update(seed ? { ...reply.state, seed } : reply.state, false);
    $("share-link").value = link;
    $("share-panel").hidden = false;
    $("share").setAttribute("aria-expanded", "true");
    const how = reply.by === "seed"
      ? "It deals a fresh game with this seed and first-click rule (the same first click " +
        "gives the same board)."
      : "It carries the board itself: a fresh game on exactly this layout.";
    const mark = reply.state.assists?.shared ? " Shared while playing, this game counts as assisted." : "";
    $("share-note").textContent = `${how}${mark}`;
    $("share-link").focus();
    $("share-link").select();
    await this.copyShare();
  }

  /** Copy the link (the field stays, to copy by hand where the clipboard is refused). */
  async copyShare() {
    const link = $("share-link").value;
    if (!link) return;
    let copied = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch {
      copied = false;
    }
    this.announce(copied ? "Link copied to the clipboard." : "The link is in the field: copy it from there.");
  }

  hideShare() {
    $("share-panel").hidden = true;
    $("share").setAttribute("aria-expanded", "false");
  }

  /** The read-only view's way on: a fresh game of your own on the same board. */
  async playSame() {
    if (!this.game) return;
    const generation = ++this.generation;
    try {
      const state = await api.freshGame(this.game.id, $("player").value.trim());
      if (generation !== this.generation) return;
      this.load(state, false);
      this.keepGameInUrl(state.id);
      this.announce("A fresh game of your own on the same board.");
      this.board.setFocus(this.board.focusIndex);
    } catch (err) {
      if (generation === this.generation) this.showError(err);
    }
  }

  // -- help while playing -----------------------------------------------------------

  /** Queue a help request ("hint", "overlay", "undo", "pause", "resume", "computer"),
   * after the moves already sent; its reply is drawn. */
  help(what) {
    if (!this.game || this.readOnly) return this.queue;
    const id = this.game.id;
    const generation = this.generation;
    this.queue = this.queue.then(async () => {
      if (generation !== this.generation) return;
      if (what === "overlay") {
        await this.fetchOverlay(generation);
        return;
      }
      let reply;
      try {
        reply = what === "hint" ? await this.hintByJob(id) : await api.gameHelp(id, what);
      } catch (err) {
        if (generation === this.generation && !(await this.resync(err))) this.showError(err);
        return;
      }
      if (generation !== this.generation || reply === null) return;
      this.clearError();
      if (what === "hint") {
        this.game.seq = undefined; // the hint was written to the game; its reply has no seq
        this.game.assists = reply.assists;
        this.showAssists();
        this.showHint(reply.hint, "Hint");
        if (this.game.status === "lost") {
          $("hint-text").textContent += " (This is for the position before the losing move.)";
        }
      } else if (what === "undo") {
        const wasLost = this.game.status === "lost";
        this.load(reply, false, true);
        this.announce(
          wasLost
            ? `The losing move is taken back: death ${reply.deaths}. Play on as practice; ` +
                "this game will not count for best times."
            : "The last move is taken back.",
        );
      } else if (what === "pause" || what === "resume") {
        const fromBoard = this.board.grid.contains(document.activeElement);
        this.update(reply, false);
        if (what === "pause") {
          this.announce("Paused: the board is hidden and the clock stopped.");
          $("resume").focus();
        } else {
          this.announce("Resumed.");
          if (fromBoard || document.activeElement === $("resume")) {
            this.board.setFocus(this.board.focusIndex);
          }
          if (this.overlayOn && this.game.status === "playing") {
            await this.fetchOverlay(generation);
          }
        }
      } else if (what === "computer") {
        await this.applyMove(reply, generation);
        this.showHint(reply.hint, "The computer's move");
      }
    });
    return this.queue;
  }

  /** Ask for the overlay and draw it (an error is shown, the toggle stays on). */
  async fetchOverlay(generation) {
    let reply;
    try {
      reply = await api.gameHelp(this.game.id, "overlay");
    } catch (err) {
      if (generation === this.generation && !(await this.resync(err))) this.showError(err);
      return;
    }
    if (generation !== this.generation) return;
    this.game.seq = undefined; // the overlay may be written to the game; its reply has no seq
    if (!this.overlayOn) return;
    this.game.assists = reply.assists;
    this.showAssists();
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
    const covered = this.game?.status !== "lost";
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

  toggleOverlay() {
    if (this.readOnly) return;
    this.overlayOn = !this.overlayOn;
    $("overlay").setAttribute("aria-pressed", String(this.overlayOn));
    if (!this.overlayOn) {
      this.board.setLayer("overlay", null);
      this.announce("Probabilities off.");
    } else if (this.game?.status === "lost") {
      this.help("overlay");
      this.announce("Probabilities on: the chances before the losing move.");
    } else if (this.game?.status === "playing" && !this.game.paused) {
      this.help("overlay");
      this.announce("Probabilities on: each covered cell shows its chance of a mine.");
    } else {
      this.announce("Probabilities on: they show from the first click on.");
    }
  }

  togglePause() {
    if (!this.game || this.over() || this.readOnly) return;
    this.help(this.game.paused ? "resume" : "pause");
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
    this.announce(text);
  }

  /** What the move that lost says at once: the death forced (no cell was certainly safe)
   * or avoidable, the certainly safe cells of that moment marked ✓ on the board. */
  showLoss(verdict) {
    const cols = this.board.cols;
    const layer = new Map();
    for (const [r, c] of verdict.safe) {
      layer.set(r * cols + c, { cls: "loss-safe", text: "✓", note: "was certainly safe", covered: true });
    }
    this.board.setLayer("loss", layer);
    const chance = verdict.chance == null
      ? ""
      : ` The cell you chose had a ${percentWords(verdict.chance)} chance of a mine.`;
    const n = verdict.safe.length;
    $("loss-verdict").textContent = verdict.forced
      ? `The death was forced: no covered cell was certainly safe.${chance}`
      : `The death was avoidable: ${n} covered cell${n === 1 ? " was" : "s were"} certainly ` +
        `safe (marked ✓).${chance}`;
    $("loss-verdict").hidden = false;
  }

  hideLoss() {
    this.board.setLayer("loss", null);
    $("loss-verdict").hidden = true;
  }

  /** Close the hint panel; with `refocus` (its Close button, Escape) the focus goes back
   * to the board's cell rather than to the top of the page. */
  hideHint(refocus = false) {
    this.board.setLayer("hint", null);
    const wasOpen = !$("hint-panel").hidden;
    $("hint-panel").hidden = true;
    if (refocus && wasOpen) this.board.setFocus(this.board.focusIndex);
  }

  /** The "assisted" badge: the game's assists; such a game does not count for bests. */
  showAssists() {
    const assists = this.game?.assists || {};
    const names = Object.entries(assists)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${ASSIST_LABELS[k] || k}${n > 1 ? ` ×${n}` : ""}`);
    $("assisted").hidden = !names.length;
    $("assisted-list").textContent = names.length
      ? `(${names.join(", ")}): not counted for best times`
      : "";
  }

  /** The help buttons that make sense now (none once the game is over). */
  showHelpButtons() {
    const g = this.game;
    const over = this.over();
    const paused = Boolean(g?.paused);
    const ready = g?.status === "ready"; // before the first click help is refused
    // a lost position keeps its hint and overlay (the position before the losing move)
    const lost = g?.status === "lost";
    for (const id of ["hint", "overlay", "computer"]) {
      $(id).disabled = !g || (over && !(lost && id !== "computer")) || paused || ready;
    }
    const readOnly = this.readOnly;
    if (readOnly) for (const id of ["hint", "overlay", "computer"]) $(id).disabled = true;
    $("undo").disabled = !this.canUndo();
    $("pause").disabled = !g || over || ready || readOnly;
    $("pause").setAttribute("aria-pressed", String(paused && !over));
    $("restart").disabled = !g || readOnly;
    $("flag-mode").disabled = readOnly;
    $("share").disabled = !g || readOnly || !g.shareable;
    $("read-only").hidden = !readOnly;
    // someone else's board is dealt again only once its game is over (the server says 409)
    $("play-same").hidden = !(readOnly && g?.shareable && over);
  }

  /** The line under the bar: the board, its first-click rule, and its seed once the seed
   * tells nothing (the game is over, or the seed was chosen); how many deaths. */
  showInfo() {
    const g = this.game;
    if (!g) return;
    const name = g.level ? LEVEL_LABELS[g.level] || g.level : "Custom";
    const parts = [`${name}, ${g.rows} × ${g.cols}, ${g.mines} mines`,
      `first click: ${(RULE_LABELS[g.rule] || g.rule).toLowerCase()}`];
    if (g.no_guess) parts.push("no guessing");
    if (g.seed) parts.push(`seed ${g.seed}`);
    else if (g.by_seed) parts.push("seed shown at the end");
    $("game-info").textContent = `${parts.join(" · ")}.`;
    const deaths = g.deaths || 0;
    $("deaths").hidden = !deaths;
    $("deaths").textContent = `Deaths: ${deaths} (practice)`;
  }

  /** Follow a GameStatus: counter, face, timer; at the end, figures and the announcement. */
  update(status, announce) {
    const before = this.game?.status;
    this.game = { ...this.game, ...status };
    const g = this.game;
    // At a win every mine shows flagged, so the counter reads 0 as in the classic clients.
    $("mines-left").textContent = formatCounter(g.status === "won" ? 0 : g.mines_left);
    $("face").dataset.state = g.status;
    $("face").setAttribute("aria-label", `New game with the same settings (${g.status})`);
    document.body.dataset.status = g.status;
    const paused = Boolean(g.paused) && g.status !== "won" && g.status !== "lost";
    document.body.classList.toggle("paused", paused);
    $("paused-cover").hidden = !paused;
    this.showAssists();
    this.showHelpButtons();
    this.showInfo();
    if (g.status === "won" || g.status === "lost") {
      const time = g.figures?.time ?? g.elapsed;
      this.timer.stop(time);
      showFigures($("figures"), g);
      if (announce && before !== g.status) {
        this.announce(
          g.status === "won"
            ? `You won in ${formatTime(time)} s`
            : `Boom: you hit a mine after ${formatTime(time)} s. Undo (U or Ctrl+Z) ` +
              "takes it back to practise on, counting a death.",
        );
      }
    } else {
      // paused, or held until the first move of a game made from a position: it stops
      this.timer.sync(g.elapsed, g.status === "playing" && !g.paused && !g.held);
    }
  }

  /** A keyboard move's outcome in words: cells opened, a flag placed, nothing. */
  describe(kind, i, reply) {
    const opened = (reply.changes || []).filter(([, c]) => c >= "0" && c <= "8").length;
    let text;
    if (reply.wasted || (kind !== "flag" && !opened)) text = "Nothing changed.";
    else if (kind === "flag") {
      text = `${this.board.shown(i) === "F" ? "Flagged" : "Flag removed"}; ` +
        `${this.game.mines_left} mines left.`;
    } else if (opened === 1) text = `Opened: ${this.board.cells[i].getAttribute("aria-label")}.`;
    else text = `${opened} cells opened.`;
    this.announce(text);
  }

  // -- the verbs input.js calls -----------------------------------------------------

  /** Left click, Space: reveal; chord on an open number (unless that way of chording is
   * turned off in Settings: then nothing is sent). */
  primary(i, via) {
    if (!this.board.isOpenNumber(i)) this.reveal(i, via);
    else if (this.settings.chords("left")) this.move("chord", i, null, via);
    else if (via === "key") this.announce("A click on a number does not chord (Settings).");
  }

  /** Reveal; a no-guess board is made at its first click, as a job (see move). */
  reveal(i, via) {
    this.move("reveal", i, null, via);
  }

  /** Right click, F: flag; with marks, flag → ? → covered (the ? is the page's own). */
  secondary(i, via) {
    const shown = this.board.shown(i);
    if (shown === "?") {
      this.board.setMark(i, false);
      this.minimap.update([[i]]);
      if (via === "key") this.announce("Question mark removed.");
    } else if (shown === "F" && this.settings.marks) {
      this.move("flag", i, () => {
        this.board.setMark(i, true);
        this.minimap.update([[i]]);
      }, via);
    } else {
      this.move("flag", i, null, via);
    }
  }

  /** Both buttons, middle button, double-click (input.js checks each is on), D. */
  chord(i, via) {
    if (this.settings.chording.on) this.move("chord", i, null, via);
    else if (via === "key") this.announce("Chording is off (Settings).");
  }

  /** A tap: reveal (flag in flag mode); a satisfied number chords either way. */
  tap(i) {
    const shown = this.board.shown(i);
    if (this.board.isOpenNumber(i)) {
      if (this.board.satisfied(i) && this.settings.chords("tap")) this.move("chord", i);
    } else if (this.settings.flagMode) {
      if (shown === "." || shown === "F" || shown === "?") this.secondary(i);
    } else if (shown === "." || shown === "?") {
      this.reveal(i);
    }
  }

  /** A long-press: flag (reveal in flag mode). */
  hold(i) {
    const shown = this.board.shown(i);
    if (this.settings.flagMode) {
      if (shown === "." || shown === "?") this.reveal(i);
    } else if (shown === "." || shown === "F" || shown === "?") {
      this.secondary(i);
    }
  }

  pressing(on) {
    if (this.canPlay()) $("face").dataset.state = on ? "press" : this.game.status;
  }

  command(action) {
    if (action === "newGame") this.startGame(this.specOfGame());
    else if (action === "restart") this.restart();
    else if (action === "zoomIn") this.zoom(1.2);
    else if (action === "zoomOut") this.zoom(1 / 1.2);
    else if (action === "undo") {
      if (this.canUndo()) this.help(action);
    } else if (action === "hint" || action === "computer") {
      if (this.canPlay()) this.help(action);
    } else if (action === "overlay") this.toggleOverlay();
    else if (action === "pause") this.togglePause();
  }

  // -- view: theme, zoom, tools ------------------------------------------------------

  /** The chosen theme; "system" follows light/dark, and asks for high contrast when the
   * system does (prefers-contrast: more). */
  applyTheme() {
    const theme = this.settings.theme;
    const root = document.documentElement;
    if (theme !== "system") root.dataset.theme = theme;
    else if (this.moreContrast.matches) root.dataset.theme = "contrast";
    else delete root.dataset.theme;
    $("theme").value = theme;
    this.minimap.recolour();
  }

  cellSize() {
    const coarse = window.matchMedia("(pointer: coarse)").matches;
    return this.settings.cellSize || (coarse ? CELL_SIZE.touch : CELL_SIZE.mouse);
  }

  applyCellSize() {
    const size = this.cellSize();
    document.documentElement.style.setProperty("--cell", `${size}px`);
    document.body.classList.toggle("small-cells", size < SMALL_CELL);
    $("zoom-in").disabled = size >= CELL_SIZE.max; // at a limit: nothing to do
    $("zoom-out").disabled = size <= CELL_SIZE.min;
  }

  /** Scale the cells by `factor`, keeping the point (clientX, clientY) of the board still. */
  zoom(factor, clientX, clientY) {
    this.zoomTo(this.cellSize() * factor, clientX, clientY);
  }

  /** Set the cell size (clamped, in px), keeping the point of the board under (clientX,
   * clientY) there (the box's centre when not given). `anchor`: the board point to keep
   * there instead (a pinch holds the one its fingers first touched, see boardPoint). */
  zoomTo(px, clientX, clientY, anchor) {
    const wrap = $("board-wrap");
    const old = this.cellSize();
    const size = Math.round(Math.min(CELL_SIZE.max, Math.max(CELL_SIZE.min, px)));
    const rect = wrap.getBoundingClientRect();
    const x = clientX ?? rect.left + rect.width / 2;
    const y = clientY ?? rect.top + rect.height / 2;
    const at = anchor || this.boardPoint(x, y);
    if (size !== old) {
      this.settings.cellSize = size;
      this.settings.save();
      this.applyCellSize();
    }
    this.keepUnder(at, x, y);
  }

  /** The point of the board under (x, y), in cells from its top-left corner (fractions
   * included): measured on the grid itself, wherever its box and the page have put it. */
  boardPoint(x, y) {
    const grid = this.board.grid.getBoundingClientRect();
    const size = this.cellSize();
    return { col: (x - grid.left) / size, row: (y - grid.top) / size };
  }

  /** Scroll so that the board point `at` is under (x, y): the board's box first, then
   * the page for what the box cannot do. A board that fits its box cannot scroll in it:
   * it grows from its top-left corner, and the box's scroll alone (what this once used)
   * let the cell under the fingers drift, (5, 5) to (3, 4) on a phone's beginner board. */
  keepUnder(at, x, y) {
    const wrap = $("board-wrap");
    const size = this.cellSize();
    const off = () => {
      const grid = this.board.grid.getBoundingClientRect();
      return [grid.left + at.col * size - x, grid.top + at.row * size - y];
    };
    let [dx, dy] = off();
    wrap.scrollLeft += dx;
    wrap.scrollTop += dy;
    [dx, dy] = off();
    if (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5) window.scrollBy(dx, dy);
  }

  /** Show or fold the game options (folded by default on phones only; CSS decides). */
  foldOptions(open) {
    const toggle = $("options-toggle");
    toggle.closest(".top").classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  }

  initTools() {
    const toggle = $("options-toggle");
    toggle.addEventListener("click", () =>
      this.foldOptions(toggle.getAttribute("aria-expanded") !== "true"),
    );
    $("face").addEventListener("click", () => this.command("newGame"));
    $("restart").addEventListener("click", () => this.restart());
    for (const what of ["hint", "undo", "computer"]) {
      $(what).addEventListener("click", () => this.command(what));
    }
    $("overlay").addEventListener("click", () => this.toggleOverlay());
    $("pause").addEventListener("click", () => this.togglePause());
    $("resume").addEventListener("click", () => this.togglePause());
    $("hint-close").addEventListener("click", () => this.hideHint(true));
    $("hint-panel").addEventListener("keydown", (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        this.hideHint(true);
      }
    });
    $("making-cancel").addEventListener("click", () => this.cancelJob());
    $("share").addEventListener("click", () => this.share());
    $("share-copy").addEventListener("click", () => this.copyShare());
    $("share-close").addEventListener("click", () => {
      this.hideShare();
      $("share").focus();
    });
    $("play-same").addEventListener("click", () => this.playSame());
    $("offer-button").addEventListener("click", () => {
      const action = this.offerAction;
      this.clearOffer();
      if (action) action();
    });
    $("zoom-in").addEventListener("click", () => this.zoom(1.2));
    $("zoom-out").addEventListener("click", () => this.zoom(1 / 1.2));
    $("board-wrap").addEventListener(
      "wheel",
      (e) => {
        if (!e.ctrlKey) return;
        e.preventDefault(); // the board zooms, not the page
        this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
      },
      { passive: false },
    );
    $("theme").addEventListener("change", () => {
      this.settings.theme = $("theme").value;
      this.settings.save();
      this.applyTheme();
    });
    const flagMode = $("flag-mode");
    const showFlagMode = () => {
      flagMode.setAttribute("aria-pressed", String(Boolean(this.settings.flagMode)));
      document.body.classList.toggle("flag-mode", Boolean(this.settings.flagMode));
    };
    showFlagMode();
    flagMode.addEventListener("click", () => {
      this.settings.flagMode = !this.settings.flagMode;
      this.settings.save();
      showFlagMode();
      this.announce(this.settings.flagMode ? "Flag mode: tap flags." : "Tap reveals.");
    });
  }

  // -- messages -----------------------------------------------------------------------

  announce(text) {
    $("status").textContent = text;
  }

  /** Show an error for people: an ApiError's message, or a plain sentence. */
  showError(err) {
    const text =
      typeof err === "string"
        ? err
        : err instanceof api.ApiError
          ? err.message
          : "Something went wrong on this page; try a new game.";
    const box = $("error");
    box.textContent = text;
    box.hidden = false;
  }

  /** A button beside the error that offers a way on ("Play a normal board instead"). */
  offer(text, action) {
    $("offer-button").textContent = text;
    this.offerAction = action;
    $("offer").hidden = false;
  }

  clearOffer() {
    $("offer").hidden = true;
    this.offerAction = null;
  }

  clearError() {
    const box = $("error");
    if (!box.hidden) {
      box.hidden = true;
      box.textContent = "";
    }
  }
}

const app = new App();
window.sweepkit = app; // for debugging in the console; the page keeps no secrets to leak
app.start();
