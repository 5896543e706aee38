/**
 * The game being played: new games, games opened by their address, restarts; the moves
 * and help requests (undo, pause, the computer's move) sent to the server one after
 * another in click order (`queue`) and their replies drawn; a no-guess board made at its
 * first click as a job; a conflict (another tab or server process changed the game first,
 * 409) redrawn from the server's state. `generation` bumps with every game loaded anew:
 * a late answer for an older one is dropped.
 *
 * The page never knows a mine before the server shows it: everything it draws comes from
 * the server's cell codes, plus the "?" marks it keeps for itself.
 */

import * as api from "./api.js";
import { hideFigures } from "./figures.js";
import {
  announce, busy, clearError, clearOffer, offer, showError,
} from "./play-messages.js";
import { levelName } from "./play-status.js";

const $ = (id) => document.getElementById(id);

export class GameSession {
  /** `app`: the page (its board, minimap, form, status, hints, sharing and jobs). */
  constructor(app) {
    this.app = app;
    this.game = null; // the current GameStatus (without cells)
    this.readOnly = false; // someone else's game, opened by its address: watched, not played
    this.queue = Promise.resolve(); // moves go to the server one after another
    this.generation = 0; // bumps with every new game: late answers for old games are dropped
  }

  get board() {
    return this.app.board;
  }

  // -- games ------------------------------------------------------------------------

  /** Start a game (true once it is loaded; false with the reason shown). */
  async startGame(spec) {
    if (!spec) return false; // an invalid form: its reason is already shown
    const generation = ++this.generation;
    this.app.jobs.cancel();
    busy(true);
    try {
      const state = await api.newGame(spec);
      if (generation === this.generation) {
        this.load(state, true);
        this.keepInUrl(state.id);
      }
      const problem = this.app.form.takeUrlProblem(); // said once, after the game loads
      if (problem) showError(problem);
      return true;
    } catch (err) {
      if (generation === this.generation) {
        showError(err);
        announce("No new game was started: the board on screen is the game before.");
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
      if (generation === this.generation) busy(false);
    }
  }

  /** Open a live game by its id (/?game=ID: the editor's and the replays' games). */
  async openGame(id) {
    const generation = ++this.generation;
    busy(true);
    try {
      const state = await api.getGame(id);
      if (generation !== this.generation) return;
      this.load(state, false);
      announce(
        `Game opened: ${levelName(state)}, ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
          `${state.status}${state.paused ? ", paused" : ""}; player ${state.player}` +
          `${this.readOnly ? "; someone else's game, read-only" : ""}.`,
      );
    } catch (err) {
      if (generation !== this.generation) return;
      showError(err);
      offer("Start a new game", () => this.startGame(this.app.form.specFromForm()));
    } finally {
      if (generation === this.generation) busy(false);
    }
  }

  /** Load a game the server just made for this browser (`state`, asked for under
   * `generation`) and keep its address; false when a newer request came first. */
  loadFresh(state, generation) {
    if (generation !== this.generation) return false;
    this.load(state, false);
    this.keepInUrl(state.id);
    return true;
  }

  /** The address names the game being played (/?game=ID), so a reload or the Back button
   * comes back to it, not to a new board (nor to the seed that made this one). */
  keepInUrl(id) {
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
      announce("Restarted: the same board, closed again.");
    } catch (err) {
      await this.failed(err);
    }
  }

  /** Show a fresh GameState: the whole board in one pass. `sameGame` (an undo): the
   * moves already queued for this game stay queued. */
  load(state, said, sameGame = false) {
    const { cells, ...status } = state;
    const { board, hints } = this.app;
    this.game = status;
    this.readOnly = state.yours === false; // only GET /api/games/{id} says whose it is
    if (!sameGame) this.queue = Promise.resolve();
    this.app.sharing.hide();
    clearError();
    clearOffer();
    hints.hideHint();
    hints.hideLoss();
    const hadFocus = board.grid.contains(document.activeElement);
    board.build(state.rows, state.cols, cells);
    if (hadFocus) board.setFocus(board.focusIndex); // N or R from the keyboard
    this.app.minimap.build();
    $("board").setAttribute(
      "aria-label",
      `Minefield, ${state.rows} rows by ${state.cols} columns, ${state.mines} mines`,
    );
    hideFigures($("figures"));
    this.update(status, false);
    hints.afterLoad();
    if (said) {
      announce(
        `New game: ${levelName(state)}, ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
          `first click ${state.rule}${state.no_guess ? ", no guessing" : ""}.`,
      );
    }
  }

  /** Follow a GameStatus (all of it or some fields): counter, face, timer; at the end,
   * figures, and with `said` the outcome announced. */
  update(status, said) {
    const before = this.game?.status;
    this.game = { ...this.game, ...status };
    this.app.status.show(said && before !== this.game.status);
  }

  canPlay() {
    const g = this.game;
    return Boolean(g) && !this.readOnly && (g.status === "ready" || g.status === "playing") &&
      !g.paused;
  }

  /** Undo is offered from the first move on, and after a loss (practice) until its
   * board is shown; never after a win, while paused or in someone else's game. */
  canUndo() {
    const g = this.game;
    return Boolean(g) && !this.readOnly && !g.paused && (g.moves ?? 1) > 0 &&
      g.status !== "won" && !(g.status === "lost" && g.shown);
  }

  /** A lost game of one's own whose board is not shown yet: "Show the board" is offered. */
  canShow() {
    const g = this.game;
    return Boolean(g) && !this.readOnly && g.status === "lost" && !g.shown;
  }

  over() {
    return this.game?.status === "won" || this.game?.status === "lost";
  }

  // -- the queue --------------------------------------------------------------------

  /** Queue `task(generation, id)` after the moves already sent; it is dropped when a new
   * game came first. Nothing is queued for someone else's game (nor before any game). */
  enqueue(task) {
    if (!this.game || this.readOnly) return this.queue;
    const id = this.game.id;
    const generation = this.generation;
    this.queue = this.queue.then(async () => {
      if (generation === this.generation) await task(generation, id);
    });
    return this.queue;
  }

  /** A request failed: a conflict redraws the game (resync), anything else is shown;
   * nothing is said of an answer for a game no longer on screen (an older `generation`). */
  async failed(err, generation = this.generation) {
    if (generation === this.generation && !(await this.resync(err))) showError(err);
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
    showError(err); // the server's sentence: "... this is its state now; ..."
    return true;
  }

  // -- moves ------------------------------------------------------------------------

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
          : await api.sendMove(id, kind, row, col, this.game.seq, this.app.settings.autoFlag);
      } catch (err) {
        await this.failed(err, generation);
        return;
      }
      if (!reply || generation !== this.generation) return;
      clearError();
      await this.applyMove(reply, generation);
      if (after) after();
      if (via === "key" && this.canPlay()) this.describe(kind, i, reply);
    });
    return this.queue;
  }

  /** Draw a move's reply (a player's or the computer's); the hint it follows is stale,
   * the overlay is asked for again (or cleared at the end). */
  async applyMove(reply, generation) {
    const { board, hints } = this.app;
    hints.hideHint();
    board.apply(reply.changes || []);
    this.app.minimap.update(reply.changes || []);
    this.app.sound.forMove(reply);
    this.update(reply.state, true);
    if (reply.loss) hints.showLoss(reply.loss);
    await hints.afterMove(generation);
  }

  /** A move sent as a job, followed to its end; "Making a board…" with Cancel shown
   * meanwhile. The move's reply, or null when it was cancelled or failed (said so). */
  async moveByJob(id, kind, row, col, generation) {
    busy(true);
    announce("Making a board that needs no guess…");
    let reply;
    try {
      reply = await this.app.jobs.run("Making a board…", (signal) =>
        api.moveJob(id, kind, row, col, this.app.settings.autoFlag,
          { signal, failed: "No board that needs no guess could be made." }));
    } catch (err) {
      if (generation === this.generation) announce("No board was made; the game is as it was.");
      if (!(err instanceof api.JobError)) throw err;
      if (generation !== this.generation) return null;
      if (err.cancelled) {
        announce("Cancelled: no board was made; the game is as it was.");
      } else {
        showError(err.message);
        this.offerNormal(this.app.form.specOfGame(this.game));
      }
      return null;
    } finally {
      busy(false);
    }
    if (generation !== this.generation) return null;
    announce("The board is ready: logic alone clears it.");
    return reply;
  }

  /** A keyboard move's outcome in words: cells opened, a flag placed, nothing. */
  describe(kind, i, reply) {
    // a chord's own cell was open already: only the cells it opened count
    const opened = (reply.changes || [])
      .filter(([j, c]) => c >= "0" && c <= "8" && !(kind === "chord" && j === i)).length;
    let text;
    if (reply.wasted || (kind !== "flag" && !opened)) text = "Nothing changed.";
    else if (kind === "flag") {
      text = `${this.board.shown(i) === "F" ? "Flagged" : "Flag removed"}; ` +
        `${this.game.mines_left} mines left.`;
    } else if (opened === 1) text = `Opened: ${this.board.cells[i].getAttribute("aria-label")}.`;
    else text = `${opened} cells opened.`;
    announce(text);
  }

  // -- help that changes the game ---------------------------------------------------

  /** Queue a request of the help that changes the game ("undo", "show", "pause",
   * "resume", "computer"), after the moves already sent; its reply is drawn. */
  help(what) {
    return this.enqueue(async (generation, id) => {
      let reply;
      try {
        reply = await api.gameHelp(id, what);
      } catch (err) {
        await this.failed(err, generation);
        return;
      }
      if (generation !== this.generation) return;
      clearError();
      if (what === "undo") this.undone(reply);
      else if (what === "show") {
        this.load(reply, false, true);
        announce("The whole board is shown: this loss stands now.");
      }
      else if (what === "computer") {
        await this.applyMove(reply, generation);
        this.app.hints.showHint(reply.hint, "The computer's move");
      } else await this.pausedOrResumed(what, reply, generation);
    });
  }

  /** An undo's reply: the game as it was, the moves still queued kept. */
  undone(reply) {
    const wasLost = this.game.status === "lost";
    this.load(reply, false, true);
    announce(
      wasLost
        ? `The losing move is taken back: death ${reply.deaths}. Play on as practice; ` +
            "this game will not count for best times."
        : "The last move is taken back.",
    );
  }

  /** A pause's reply (the board hidden, the focus on Resume) or a resume's (the focus
   * back on the board when it came from there, the overlay asked for again). */
  async pausedOrResumed(what, reply, generation) {
    const board = this.board;
    const fromBoard = board.grid.contains(document.activeElement);
    this.update(reply, false);
    if (what === "pause") {
      announce("Paused: the board is hidden and the clock stopped.");
      $("resume").focus();
    } else {
      announce("Resumed.");
      if (fromBoard || document.activeElement === $("resume")) {
        board.setFocus(board.focusIndex);
      }
      await this.app.hints.afterMove(generation);
    }
  }

  togglePause() {
    if (!this.game || this.over() || this.readOnly) return;
    this.help(this.game.paused ? "resume" : "pause");
  }

  // -- ways on after a refusal ------------------------------------------------------

  /** Offer to play under this browser's own player (the name asked for is another's). */
  offerOwnName(spec) {
    offer("Play under this browser's own name", () => {
      this.app.form.clearPlayer();
      const own = { ...spec };
      delete own.player; // the server plays it as this browser's default player
      this.startGame(own);
    });
  }

  /** Offer the same board without no-guess (after a no-guess board could not be made). */
  offerNormal(spec) {
    offer("Play a normal board instead", () => {
      this.app.form.clearNoGuess();
      this.startGame({ ...spec, no_guess: false });
    });
  }
}
