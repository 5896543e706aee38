/**
 * The end-of-game figures panel (#figures): the server's figures, formatted the way
 * Arbiter and minesweeper.online players read them.
 */

import { formatTime } from "./timer.js";

const fixed = (value, digits) =>
  typeof value === "number" && Number.isFinite(value) ? value.toFixed(digits) : "—";

/** A fraction (the server's efficiency: 1.0 is one 3BV per click) as a percentage. */
function percent(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "—";
  return `${Math.round(value * 100)} %`;
}

/** Fill and show the panel for a finished game (`state` is a GameStatus); `shown`: which
 * figures show, by name (settings.figures; all when not given). */
export function showFigures(panel, state, shown = null) {
  const f = state.figures;
  if (!f) {
    panel.hidden = true;
    return;
  }
  const clicks = state.clicks || {};
  const set = (name, text) => {
    const el = panel.querySelector(`[data-figure="${name}"]`);
    if (el) el.textContent = text;
  };
  set("time", `${formatTime(f.time ?? state.elapsed)} s`);
  const solved = f.three_bv_solved ?? f.three_bv;
  set("three_bv", solved === f.three_bv ? String(f.three_bv) : `${solved} / ${f.three_bv}`);
  set("three_bv_per_s", fixed(f.three_bv_per_s, 3));
  const wasted = clicks.wasted ? `, ${clicks.wasted} wasted` : "";
  set("clicks", `${clicks.left ?? 0} + ${clicks.right ?? 0} + ${clicks.chord ?? 0}${wasted}`);
  set("efficiency", percent(f.efficiency));
  set("ioe", fixed(f.ioe, 3));
  set("rqp", fixed(f.rqp, 2));
  set("zini", typeof f.zini === "number" ? String(f.zini) : "—");
  set("correctness", percent(f.correctness));
  set("throughput", fixed(f.throughput, 3));
  for (const el of panel.querySelectorAll("[data-figure]")) {
    el.closest(".figure").hidden = Boolean(shown) && shown[el.dataset.figure] === false;
  }
  panel.dataset.style = f.flagged ? "flagging" : "nf";
  panel.querySelector(".style-badge")?.remove();
  const badge = document.createElement("p");
  badge.className = "style-badge";
  badge.textContent = f.flagged ? "Style: flagging" : "Style: NF (no flags)";
  panel.append(badge);
  panel.querySelector(".review-link")?.remove();
  if (state.record_id !== null && state.record_id !== undefined) {
    // the stored game, judged move by move on the review page
    const link = document.createElement("a");
    link.className = "review-link";
    link.id = "review-link";
    link.href = `static/review.html?game=${encodeURIComponent(state.record_id)}`;
    link.textContent = "Review this game";
    panel.append(link);
  }
  panel.hidden = false;
}

export function hideFigures(panel) {
  panel.hidden = true;
}
