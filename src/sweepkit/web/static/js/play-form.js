/**
 * The play page's game form (#game-form) and address: the fields filled from the stored
 * settings and the server's config, the game they describe (or the reason they describe
 * none), the game an address asks for (?seed=N&level=...), the current game's settings for
 * a new one like it, and the fold of the options on a phone.
 */

import { LEVEL_LABELS, RULE_LABELS } from "./play-status.js";
import { showError } from "./play-messages.js";

const $ = (id) => document.getElementById(id);

export class GameForm {
  /** `onSubmit(spec)`: the form asks for a new game (a valid one). */
  constructor(settings, onSubmit) {
    this.settings = settings;
    this.onSubmit = onSubmit;
    this.config = null;
    this.urlProblem = null; // what was wrong with the address's game, shown once a game loads
  }

  /** The form's fields from the stored settings. */
  fill() {
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

  bind() {
    const s = this.settings;
    this.fill();
    $("level").addEventListener("change", () => this.showCustom());
    $("player").addEventListener("change", () => {
      s.player = this.player();
      s.save();
    });
    for (const id of ["rows", "cols"]) $(id).addEventListener("input", () => this.mineLimit());
    $("game-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const spec = this.specFromForm();
      if (spec) {
        this.fold(false);
        this.onSubmit(spec);
      }
    });
    const toggle = $("options-toggle");
    toggle.addEventListener("click", () =>
      this.fold(toggle.getAttribute("aria-expanded") !== "true"),
    );
    this.bindMenu(toggle);
  }

  /** A phone's menu, which lies over the board, closes when one of its dialogs opens, on
   * Escape, and at a press outside it (which then does nothing else: no cell opens). */
  bindMenu(toggle) {
    const open = () => toggle.getAttribute("aria-expanded") === "true" && toggle.offsetWidth > 0;
    for (const id of ["open-settings", "open-help"]) {
      $(id).addEventListener("click", () => this.fold(false));
    }
    const outside = (e) => {
      if (!open() || toggle.closest(".top").contains(e.target)) return;
      if (e.cancelable) e.preventDefault(); // no click, no emulated mouse events
      e.stopPropagation();
      this.fold(false);
    };
    window.addEventListener("touchstart", outside, { capture: true, passive: false });
    window.addEventListener("mousedown", outside, true);
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape" || !open() || document.querySelector("dialog[open]")) return;
      this.fold(false);
      toggle.focus();
    });
  }

  /** The player's name as typed ("" for this browser's own). */
  player() {
    return $("player").value.trim();
  }

  /** Forget the name typed: games are played under this browser's own. */
  clearPlayer() {
    $("player").value = "";
    this.settings.player = "";
    this.settings.save();
  }

  /** Untick no-guess (a board of this density cannot be made so). */
  clearNoGuess() {
    $("no-guess").checked = false;
    this.settings.noGuess = false;
    this.settings.save();
  }

  showCustom() {
    $("custom").hidden = $("level").value !== "custom";
  }

  mineLimit() {
    const cells = Number($("rows").value) * Number($("cols").value);
    if (Number.isFinite(cells) && cells > 0) $("mines").max = String(cells - 1);
  }

  /** The server's levels, limits and first-click rules, in the form. */
  applyConfig(config) {
    const c = config;
    this.config = c;
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

  /** The fields back to the stored settings (the address asked for a game that cannot be
   * made). */
  reset() {
    this.fill();
    this.ruleFromSettings();
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
          showError(`${input.labels[0]?.textContent.trim() || id}: ${input.validationMessage}`);
          this.fold(true); // on a phone the form may be folded away
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
    const player = this.player();
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

  /** The settings of game `g` (for the face and N): same size, rule and no-guess; the
   * form's game when there is none. */
  specOfGame(g) {
    if (!g) return this.specFromForm();
    const spec = g.level ? { level: g.level } : { rows: g.rows, cols: g.cols, mines: g.mines };
    spec.rule = g.rule;
    spec.no_guess = g.no_guess;
    const player = this.player();
    if (player) spec.player = player;
    return spec;
  }

  /** Said once, after the next game loads: what was wrong with the address's game. */
  takeUrlProblem() {
    const problem = this.urlProblem;
    this.urlProblem = null;
    return problem;
  }

  /** Show or fold the menu: the pages, the game options and the tools (folded by default
   * on phones only; CSS decides). */
  fold(open) {
    const toggle = $("options-toggle");
    toggle.closest(".top").classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  }
}
