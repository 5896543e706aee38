/**
 * The server's JSON API, wrapped: every call returns the parsed body or throws an
 * ApiError whose message is fit to show a person (the server's `detail` for a 4xx,
 * a plain sentence for anything else). No raw exception ever reaches the page.
 */

/** The API beside the page (relative, so the app also works under a path prefix). */
const BASE = new URL("api", document.baseURI).pathname;

/** An API failure with a message meant for people; `status` is the HTTP code (0: no answer). */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
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

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(BASE + path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("The server cannot be reached. Is `sweepkit web` still running?", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(detailOf(data, response.status), response.status);
  if (data === null) throw new ApiError("The server sent an unreadable answer.", response.status);
  return data;
}

/** GET /api/config: levels, size limits, first-click rules. */
export const getConfig = () => call("GET", "/config");

/** POST /api/games: a new game (GameState). `spec` holds level or rows/cols/mines, rule, ... */
export const newGame = (spec) => call("POST", "/games", spec);

/** GET /api/games/{id}: the game's state. */
export const getGame = (id) => call("GET", `/games/${encodeURIComponent(id)}`);

/** POST a move; answers {changes, wasted, state}. `kind` is reveal, flag or chord. */
export const sendMove = (id, kind, row, col) =>
  call("POST", `/games/${encodeURIComponent(id)}/moves`, { kind, row, col });

/** POST restart: the same board closed again, under a new game id. */
export const restartGame = (id) => call("POST", `/games/${encodeURIComponent(id)}/restart`);
