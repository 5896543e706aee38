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
    attachMouse(this.board, this);
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
    await this.startGame(this.specFromUrl() || this.specFromForm());
  }

  // -- the form and the URL ---------------------------------------------------------

  initForm() {
    const s = this.settings;
    $("level").value = s.level;
    if (!$("level").value) $("level").value = "beginner"; // a stored level this page lacks
    $("rows").value = s.rows;
    $("cols").value = s.cols;
    $("mines").value = s.mines;
    $("no-guess").checked = Boolean(s.noGuess);
    $("player").value = s.player || "";
    this.showCustom();
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
    rule.value = c.rules?.includes(this.settings.rule) ? this.settings.rule : c.default_rule;
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
    if (q.has("rule")) $("rule").value = q.get("rule");
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

  async startGame(spec) {
    if (!spec) return; // an invalid form: its reason is already shown
    const generation = ++this.generation;
    this.busy(true);
    try {
      const state = await api.newGame(spec);
      if (generation === this.generation) this.load(state, true);
      if (this.urlProblem) this.showError(this.urlProblem); // said once, after the game loads
      this.urlProblem = null;
    } catch (err) {
      if (generation === this.generation) this.showError(err);
    } finally {
      if (generation === this.generation) this.busy(false);
    }
  }

  async restart() {
    if (!this.game) return;
    const generation = ++this.generation;
    try {
      const state = await api.restartGame(this.game.id);
      if (generation === this.generation) this.load(state, false);
      this.announce("Restarted: the same board, closed again.");
    } catch (err) {
      this.showError(err);
    }
  }

  busy(on) {
    document.body.classList.toggle("loading", on);
    $("board").setAttribute("aria-busy", on ? "true" : "false");
  }

  /** Show a fresh GameState: the whole board in one pass. */
  load(state, announce) {
    const { cells, ...status } = state;
    this.game = status;
    this.queue = Promise.resolve();
    this.clearError();
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
    if (announce) {
      const name = state.level ? LEVEL_LABELS[state.level] || state.level : "Custom";
      this.announce(
        `New game: ${name}, ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
          `first click ${state.rule}${state.no_guess ? ", no guessing" : ""}.`,
      );
    }
  }

  canPlay() {
    return Boolean(this.game) && (this.game.status === "ready" || this.game.status === "playing");
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
        reply = await api.sendMove(id, kind, row, col);
      } catch (err) {
        if (generation === this.generation) this.showError(err);
        return;
      }
      if (generation !== this.generation) return;
      this.clearError();
      this.board.apply(reply.changes || []);
      this.minimap.update(reply.changes || []);
      this.update(reply.state, true);
      if (after) after();
      if (via === "key" && this.canPlay()) this.describe(kind, i, reply);
    });
    return this.queue;
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
    if (g.save_error) this.showError(g.save_error); // the server kept the game but not on disk
    if (g.status === "won" || g.status === "lost") {
      const time = g.figures?.time ?? g.elapsed;
      this.timer.stop(time);
      showFigures($("figures"), g);
      if (announce && before !== g.status) {
        this.announce(
          g.status === "won"
            ? `You won in ${formatTime(time)} s`
            : `Boom: you hit a mine after ${formatTime(time)} s.`,
        );
      }
    } else {
      this.timer.sync(g.elapsed, g.status === "playing" && !g.paused); // paused: clock stops
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

  /** Left click, Space: reveal; chord on an open number. */
  primary(i, via) {
    if (this.board.isOpenNumber(i)) this.move("chord", i, null, via);
    else this.reveal(i, via);
  }

  /** Reveal; a no-guess board is made at its first click, which can take seconds. */
  reveal(i, via) {
    const making = this.game.status === "ready" && this.game.no_guess;
    if (making) {
      this.busy(true);
      this.announce("Making a board that needs no guess…");
    }
    const done = this.move("reveal", i, null, via);
    if (making) {
      done.then(() => {
        this.busy(false);
        if (this.canPlay()) this.announce("The board is ready: logic alone clears it.");
      });
    }
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

  chord(i, via) {
    this.move("chord", i, null, via);
  }

  /** A tap: reveal (flag in flag mode); a satisfied number chords either way. */
  tap(i) {
    const shown = this.board.shown(i);
    if (this.board.isOpenNumber(i)) {
      if (this.board.satisfied(i)) this.move("chord", i);
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
    document.documentElement.style.setProperty("--cell", `${this.cellSize()}px`);
  }

  /** Scale the cells by `factor`, keeping the point (clientX, clientY) of the board still. */
  zoom(factor, clientX, clientY) {
    this.zoomTo(this.cellSize() * factor, clientX, clientY);
  }

  /** Set the cell size (clamped, in px), keeping the point (clientX, clientY) still. */
  zoomTo(px, clientX, clientY) {
    const wrap = $("board-wrap");
    const old = this.cellSize();
    const size = Math.round(Math.min(CELL_SIZE.max, Math.max(CELL_SIZE.min, px)));
    if (size === old) return;
    const rect = wrap.getBoundingClientRect();
    const ox = (clientX ?? rect.left + rect.width / 2) - rect.left;
    const oy = (clientY ?? rect.top + rect.height / 2) - rect.top;
    const x = (wrap.scrollLeft + ox) / old;
    const y = (wrap.scrollTop + oy) / old;
    this.settings.cellSize = size;
    this.settings.save();
    this.applyCellSize();
    wrap.scrollLeft = x * size - ox;
    wrap.scrollTop = y * size - oy;
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
