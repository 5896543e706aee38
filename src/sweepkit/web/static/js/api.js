/**
 * The server's API, wrapped, for every page: `call` sends a request (JSON by default) and
 * answers the parsed body or throws an ApiError whose message is fit to show a person
 * (the server's `detail` for a 4xx, a plain sentence for anything else; a 409's game state
 * kept for `conflictState`); `runJob` starts a job and follows it to its result; and the
 * play page's endpoints, named. No raw exception ever reaches the page.
 */

/** The API beside the page (relative, so the app also works under a path prefix). */
const BASE = new URL("api", document.baseURI).pathname;

/** The absolute address of an API path ("/watch/ID/events"), for what is not a `call`
 * (an EventSource's stream). */
export const apiUrl = (path) => new URL(BASE + path, document.baseURI).href;

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

/** How often a request answered 503 with Retry-After (the database or the game busy: the
 * server wrote nothing) is sent again, after the wait it asks for, before the page says so. */
export const BUSY_RETRIES = 3;

/** The wait a 503's Retry-After asks for, in ms (at most 5 s), or null: not to be retried. */
function retryAfterMs(response) {
  const header = response.headers.get("Retry-After");
  if (response.status !== 503 || header === null || header.trim() === "") return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 5) * 1000 : null;
}

/**
 * Call the API: `path` under /api ("/games/..."), `body` sent as JSON (or as is, with the
 * content `type`, when `raw`); answers the parsed JSON, or the text when `text`, or the
 * bytes (a Blob) when `blob`. Throws ApiError with a message for people. Every page's calls
 * go through here. A 503 with Retry-After is sent again after that wait, up to
 * BUSY_RETRIES times (the server writes nothing when it answers so).
 */
export async function call(method, path, body, { raw = false, type, text = false, blob = false } = {}) {
  const headers = {};
  let payload;
  if (body !== undefined) {
    headers["Content-Type"] = raw ? type || "application/octet-stream" : "application/json";
    payload = raw ? body : JSON.stringify(body);
  }
  let response;
  for (let tries = 1; ; tries++) {
    try {
      response = await fetch(BASE + path, { method, headers, body: payload });
    } catch {
      throw new ApiError("The server cannot be reached. Is `sweepkit web` still running?", 0);
    }
    const wait = retryAfterMs(response);
    if (wait === null || tries > BUSY_RETRIES) break;
    await nap(wait);
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
 * answers 409 with its `state`, and the move is not made; `autoFlag`: the server flags
 * the cells the numbers make trivially certain after it (an assist). */
export const sendMove = (id, kind, row, col, seq, autoFlag = false) =>
  call("POST", `/games/${encodeURIComponent(id)}/moves`, {
    kind, row, col, ...(Number.isInteger(seq) ? { seq } : {}),
    ...(autoFlag ? { auto_flag: true } : {}),
  });

/** POST restart: the same board closed again, under a new game id. */
export const restartGame = (id) => call("POST", `/games/${encodeURIComponent(id)}/restart`);

const gamePath = (id, what) => `/games/${encodeURIComponent(id)}/${what}`;

/** POST a game's help: "hint", "overlay", "undo", "pause", "resume" or "computer". */
export const gameHelp = (id, what) => call("POST", gamePath(id, what));

/** POST share: {link, by, state}; the link (relative to the play page) deals a fresh game
 * on the board to whoever opens it, never the live game. */
export const shareGame = (id) => call("POST", gamePath(id, "share"));

/** POST fresh: a new game of this browser's own on the board of game `id` (anyone's). */
export const freshGame = (id, player) =>
  call("POST", gamePath(id, "fresh"), player ? { player } : {});

/** POST /api/games/shared: a new game on the board a `#board=` link carries. */
export const sharedBoard = (token, player) =>
  call("POST", "/games/shared", player ? { token, player } : { token });

// -- jobs ------------------------------------------------------------------------------

/** How a running job is polled: the first look `firstMs` after it starts, each wait
 * `growth` times the one before, never longer than `maxMs` (so a quick job is seen done
 * at once and a long one costs a request a second). */
export const JOB_POLL = Object.freeze({ firstMs: 100, growth: 1.5, maxMs: 1000 });

const JOB_ENDS = new Set(["done", "failed", "cancelled"]);

/** A job that ended without its result: `cancelled` (by its signal, or by anyone who
 * cancelled it), else failed, with the server's sentence and `status` the HTTP code its
 * synchronous endpoint would have answered; `job` is its last state. */
export class JobError extends ApiError {
  constructor(message, job) {
    super(message, job.code || 0);
    this.name = "JobError";
    this.job = job;
    this.cancelled = job.status === "cancelled";
  }
}

/** Wait `ms`, or less when `signal` aborts meanwhile. */
function nap(ms, signal) {
  return new Promise((done) => {
    const wake = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", wake);
      done();
    };
    const timer = setTimeout(wake, ms);
    signal?.addEventListener("abort", wake, { once: true });
  });
}

/**
 * Start a job (POST `path` with `body`: "/jobs/move", "/jobs/hint", "/jobs/analyse",
 * "/reviews") and poll GET /api/jobs/{id} (JOB_POLL's backoff) until it ends. Resolves
 * with its result; rejects with a JobError when it failed or was cancelled (`failed`:
 * the sentence for a failure the server did not explain), or with the ApiError of a
 * request that failed. `onUpdate(job)` sees every state read, the last one included
 * (a review's progress). `signal` cancels: DELETE /api/jobs/{id} is sent (at once, or as
 * soon as the job is started), and the promise still settles as the job ends: with its
 * result when it finished first. Aborted before the start, no job is made at all.
 */
export async function runJob(path, body, { signal, onUpdate, failed } = {}) {
  if (signal?.aborted) {
    throw new JobError("Cancelled before it started.", { status: "cancelled" });
  }
  let job = await call("POST", path, body);
  const id = encodeURIComponent(job.id);
  let wait = JOB_POLL.firstMs;
  let cancelSent = false;
  const cancelling = () => Boolean(signal?.aborted) && !cancelSent;
  for (;;) {
    onUpdate?.(job);
    if (JOB_ENDS.has(job.status)) break;
    if (!cancelling()) {
      await nap(wait, cancelSent ? undefined : signal); // an abort cuts the wait short
      wait = Math.min(wait * JOB_POLL.growth, JOB_POLL.maxMs);
    }
    if (cancelling()) {
      cancelSent = true;
      wait = JOB_POLL.firstMs; // the cancel is seen as soon as the job stops
      // DELETE answers the job's state; refused (the job gone, say), the polls tell
      job = await call("DELETE", `/jobs/${id}`).catch(() => job);
    } else {
      job = await call("GET", `/jobs/${id}`);
    }
  }
  if (job.status === "done") return job.result;
  if (job.status === "cancelled") throw new JobError("Cancelled.", job);
  throw new JobError(job.error || failed || "The job failed on the server.", job);
}

/** A move as a job (a no-guess board's first click, which makes the board): the move's
 * reply, as sendMove's ({changes, wasted, state}); `autoFlag` as sendMove's, `options`
 * as runJob's. */
export const moveJob = (id, kind, row, col, autoFlag, options) =>
  runJob("/jobs/move", { game_id: id, kind, row, col, ...(autoFlag ? { auto_flag: true } : {}) },
    options);

/** A live game's hint as a job: the hint's reply ({hint, assists}); `options` as runJob's. */
export const hintJob = (id, options) => runJob("/jobs/hint", { game_id: id }, options);
