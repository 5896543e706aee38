/**
 * What the play page shows of the game besides its cells: the mine counter, the face, the
 * clock, the paused cover, the "assisted" badge, the help buttons that make sense now, the
 * line describing the board, and at the end the figures and the announcement of the
 * outcome. It draws a GameStatus; the session (play-game.js) keeps it.
 */

import { showFigures } from "./figures.js";
import { announce } from "./play-messages.js";
import { formatTime, Timer } from "./timer.js";

const $ = (id) => document.getElementById(id);

export const RULE_LABELS = {
  none: "Unprotected",
  safe: "Safe",
  opening: "Opening",
};

export const LEVEL_LABELS = { beginner: "Beginner", intermediate: "Intermediate", expert: "Expert" };

/** A game's level in words ("Custom" for a board of its own size). */
export const levelName = (g) => (g.level ? LEVEL_LABELS[g.level] || g.level : "Custom");

/** The assists a game can carry (`state.assists`), in words. */
const ASSIST_LABELS = {
  hint: "hint",
  overlay: "probabilities",
  auto_flag: "auto-flag",
  undo: "undo",
  pause: "pause",
  computer: "computer move",
  seeded: "board chosen by its seed",
  restart: "board played again",
  from_position: "played from a position",
  shared: "board shared",
};

/** The mine counter as the classic clients show it: at least three digits, "-12" below
 * zero (more flags than mines). */
export function formatCounter(n) {
  const v = Math.trunc(Number(n) || 0);
  return v < 0 ? `-${String(-v).padStart(2, "0")}` : String(v).padStart(3, "0");
}

export class StatusView {
  /** `session`: the GameSession whose game is shown (its game, readOnly, canUndo, over);
   * `settings`: the player's (which figures show). */
  constructor(session, settings = null) {
    this.session = session;
    this.settings = settings;
    this.timer = new Timer($("timer"));
  }

  /** Show the game: counter, face, timer, buttons; at the end the figures, and with
   * `justEnded` (it ended with the move just drawn) the outcome said aloud. */
  show(justEnded) {
    const g = this.session.game;
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
      showFigures($("figures"), g, this.settings?.figures);
      if (justEnded) {
        announce(
          g.status === "won"
            ? `You won in ${formatTime(time)} s`
            : `Boom: you hit a mine after ${formatTime(time)} s. Undo (U or Ctrl+Z) ` +
              "takes it back to practise on, counting a death; Show the board ends the " +
              "game with every mine shown.",
        );
      }
    } else {
      // paused, or held until the first move of a game made from a position: it stops
      this.timer.sync(g.elapsed, g.status === "playing" && !g.paused && !g.held);
    }
  }

  /** The "assisted" badge: the game's assists; such a game does not count for bests. */
  showAssists() {
    const assists = this.session.game?.assists || {};
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
    const session = this.session;
    const g = session.game;
    const over = session.over();
    const paused = Boolean(g?.paused);
    const ready = g?.status === "ready"; // before the first click help is refused
    // a lost position keeps its hint and overlay (the position before the losing move)
    const lost = g?.status === "lost";
    for (const id of ["hint", "overlay", "computer"]) {
      $(id).disabled = !g || (over && !(lost && id !== "computer")) || paused || ready;
    }
    const readOnly = session.readOnly;
    if (readOnly) for (const id of ["hint", "overlay", "computer"]) $(id).disabled = true;
    $("undo").disabled = !session.canUndo();
    $("show-board").hidden = !session.canShow();
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
    const g = this.session.game;
    if (!g) return;
    const parts = [`${levelName(g)}, ${g.rows} × ${g.cols}, ${g.mines} mines`,
      `first click: ${(RULE_LABELS[g.rule] || g.rule).toLowerCase()}`];
    if (g.no_guess) parts.push("no guessing");
    if (g.seed) parts.push(`seed ${g.seed}`);
    else if (g.by_seed) parts.push("seed shown at the end");
    $("game-info").textContent = `${parts.join(" · ")}.`;
    const deaths = g.deaths || 0;
    $("deaths").hidden = !deaths;
    $("deaths").textContent = `Deaths: ${deaths} (practice)`;
  }
}
