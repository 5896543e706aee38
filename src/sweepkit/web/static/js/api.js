/**
 * The server's JSON API, wrapped: every call returns the parsed body or throws an
 * ApiError whose message is fit to show a person (the server's `detail` for a 4xx,
 * a plain sentence for anything else). No raw exception ever reaches the page.
 */

/** The API beside the page (relative, so the app also works under a path prefix). */
const BASE = new URL("api", document.baseURI).pathname;

/** An API failure with a message meant for people; `status` is the HTTP code (0: no answer),
 * `body` the parsed answer when there was one (a 409's `state`: the game as it is now). */
export class ApiError extends Error {
  constructor(message, status, body = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

/** The human sentence for a failed response: FastAPI's `detail` (a string or a list). */
function detailOf(body, status) {
  const detail = body && body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail) && detail.length) {
    // Validation errors: [{loc: [...], msg: "..."}]; show the first in words.
    const first = detail[0];
    const where = Array.isArray(first.loc) ? first.loc.filter((p) => p !== "body").join(".") : "";
    return where ? `${where}: ${first.msg}` : String(first.msg);
  }
  if (status >= 500) return "The server failed on this request; please try again.";
  return `The server refused the request (HTTP ${status}).`;
}

/**
 * Call the API: `path` under /api ("/games/..."), `body` sent as JSON (or as is, with the
 * content `type`, when `raw`); answers the parsed JSON, or the text when `text`, or the
 * bytes (a Blob) when `blob`. Throws ApiError with a message for people. Every page's calls
 * go through here.
 */
export async function call(method, path, body, { raw = false, type, text = false, blob = false } = {}) {
  const headers = {};
  let payload;
  if (body !== undefined) {
    headers["Content-Type"] = raw ? type || "application/octet-stream" : "application/json";
    payload = raw ? body : JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(BASE + path, { method, headers, body: payload });
  } catch {
    throw new ApiError("The server cannot be reached. Is `sweepkit web` still running?", 0);
  }
  if (text && response.ok) return response.text();
  if (blob && response.ok) return response.blob();
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(detailOf(data, response.status), response.status, data);
  if (data === null) throw new ApiError("The server sent an unreadable answer.", response.status);
  return data;
}

/** The game state a 409 carries (another tab or server process changed the game first),
 * else null. */
export const conflictState = (err) =>
  (err instanceof ApiError && err.status === 409 && err.body?.state) || null;

/** GET /api/config: levels, size limits, first-click rules. */
export const getConfig = () => call("GET", "/config");

/** POST /api/games: a new game (GameState). `spec` holds level or rows/cols/mines, rule, ... */
export const newGame = (spec) => call("POST", "/games", spec);

/** GET /api/games/{id}: the game's state. */
export const getGame = (id) => call("GET", `/games/${encodeURIComponent(id)}`);

/** POST a move; answers {changes, wasted, state}. `kind` is reveal, flag or chord; `seq`
 * (the game's seq as the page last saw it, optional): a game that has moved on since
 * answers 409 with its `state`, and the move is not made. */
export const sendMove = (id, kind, row, col, seq) =>
  call("POST", `/games/${encodeURIComponent(id)}/moves`,
    Number.isInteger(seq) ? { kind, row, col, seq } : { kind, row, col });

/** POST restart: the same board closed again, under a new game id. */
export const restartGame = (id) => call("POST", `/games/${encodeURIComponent(id)}/restart`);

const gamePath = (id, what) => `/games/${encodeURIComponent(id)}/${what}`;

/** POST a game's help: "hint", "overlay", "undo", "pause", "resume" or "computer". */
export const gameHelp = (id, what) => call("POST", gamePath(id, what));

/** POST /api/jobs/move: a move as a job (a no-guess board's first click); its job. */
export const moveJob = (id, kind, row, col) =>
  call("POST", "/jobs/move", { game_id: id, kind, row, col });

/** GET a job's state ({status, result, error}); DELETE cancels it. */
export const getJob = (id) => call("GET", `/jobs/${encodeURIComponent(id)}`);
export const cancelJob = (id) => call("DELETE", `/jobs/${encodeURIComponent(id)}`);

/** POST share: {link, by, state}; the link (relative to the play page) deals a fresh game
 * on the board to whoever opens it, never the live game. */
export const shareGame = (id) => call("POST", gamePath(id, "share"));

/** POST fresh: a new game of this browser's own on the board of game `id` (anyone's). */
export const freshGame = (id, player) =>
  call("POST", gamePath(id, "fresh"), player ? { player } : {});

/** POST /api/games/shared: a new game on the board a `#board=` link carries. */
export const sharedBoard = (token, player) =>
  call("POST", "/games/shared", player ? { token, player } : { token });
