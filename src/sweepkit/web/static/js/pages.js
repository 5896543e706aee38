/**
 * What the watch, editor, trainer, statistics and review pages share: the API (api.js's
 * `call`, here named `api`, for every endpoint, and its `runJob` for jobs), the theme and
 * cell size from the play page's settings, the player's name, errors shown in words,
 * downloads.
 *
 * The pages live at /static/<name>.html and set <base href="../">, so every address
 * here is relative to the app's root (the app also works under a path prefix).
 */

import { ApiError } from "./api.js";
import { CELL_SIZE, Settings, showCoords } from "./settings.js";

/** `api(method, path, body, options)`: api.js's `call` (the parsed answer, or an ApiError
 * with a message for people); `runJob(path, body, options)`: a job followed to its result. */
export { ApiError, apiUrl, call as api, JobError, runJob } from "./api.js";

export const $ = (id) => document.getElementById(id);

/** An address of the app (relative to its root), absolute. */
export const appUrl = (path) => new URL(path.replace(/^\//, ""), document.baseURI).href;

/** A query string of the defined, non-empty values. */
export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

export const settings = new Settings();

/** The theme and coordinates the play page saved, and the cell size for this kind of
 * pointer; the nav's theme menu changes both pages. */
export function initPage() {
  const more = window.matchMedia("(prefers-contrast: more)");
  const apply = () => {
    const root = document.documentElement;
    const theme = settings.theme;
    if (theme !== "system") root.dataset.theme = theme;
    else if (more.matches) root.dataset.theme = "contrast";
    else delete root.dataset.theme;
    const select = $("theme");
    if (select) select.value = theme;
  };
  more.addEventListener("change", apply);
  apply();
  const coarse = window.matchMedia("(pointer: coarse)").matches;
  const size = coarse ? CELL_SIZE.touch : CELL_SIZE.mouse; // a page may fit its board instead
  document.documentElement.style.setProperty("--cell", `${size}px`);
  showCoords(settings); // as the play page's settings say
  $("theme")?.addEventListener("change", () => {
    settings.theme = $("theme").value;
    settings.save();
    apply();
  });
  window.addEventListener("unhandledrejection", (e) => {
    showError(e.reason instanceof ApiError ? e.reason.message : "Something went wrong.");
    e.preventDefault();
  });
}

/** The player's name as the play page keeps it ("" when none). */
export const playerName = () => (settings.player || "").trim();

export function setPlayerName(name) {
  settings.player = name.trim();
  settings.save();
}

/** A player <input>: filled from the settings, saved on change. */
export function bindPlayer(input, onChange) {
  input.value = playerName();
  input.addEventListener("change", () => {
    setPlayerName(input.value);
    onChange?.(input.value.trim());
  });
}

/** Show a message in the page's #error box (role=alert); null hides it. */
export function showError(message) {
  const box = $("error");
  if (!box) return;
  box.textContent = message || "";
  box.hidden = !message;
}

/** A mistake of the person's (a file that is not JSON...): its message is shown as is. */
export class UserError extends Error {}

/** Run an async action; an ApiError (or anything) becomes the page's error message. */
export async function guarded(action) {
  try {
    showError(null);
    return await action();
  } catch (exc) {
    showError(exc instanceof ApiError || exc instanceof UserError ? exc.message : `Something went wrong: ${exc.message}`);
    return undefined;
  }
}

/** Offer a file to download. */
export function download(name, data, type = "application/octet-stream") {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A probability as people read it: "0 %", "33.3 %", "100 %". */
export function percent(p, digits = 1) {
  if (p === null || p === undefined || Number.isNaN(p)) return "—";
  const v = p * 100;
  if (v === 0 || v === 100) return `${v} %`;
  return `${v.toFixed(digits)} %`;
}

/** The address of the play page on a live game (the play page opens it with ?game=ID). */
export const playUrl = (gameId) => appUrl(`?game=${encodeURIComponent(gameId)}`);

/** A move's reason in words: {basis, technique, probability, note}. A note that starts
 * with the basis's own words ("first click: corner") is not said twice. */
export function reasonText(reason) {
  if (!reason) return "no reason recorded";
  const p = reason.probability;
  const prob = p === undefined || p === null ? "" : ` (mine probability ${percent(p)})`;
  const said = (label) => {
    let note = reason.note || "";
    if (note === label) note = "";
    else if (note.startsWith(`${label}: `)) note = note.slice(label.length + 2);
    return `${label}${prob}${note ? `: ${note}` : ""}`;
  };
  switch (reason.basis) {
    case "certain":
      return said(`certain, by ${reason.technique || "logic"}`);
    case "first":
      return said("first click");
    case "guess":
      return said("guess");
    case "corner":
      return said("corner guess");
    case "random":
      return said("random guess");
    default:
      return said(reason.basis);
  }
}
