/**
 * Watch the computer play: a session (POST /api/watch) followed through its server-sent
 * events (EventSource on /api/watch/{id}/events): `game` builds a fresh board, `next`
 * outlines the move about to be played and says why (a guess outlined differently from a
 * certain move), `move` applies the cells it changed and leaves a guess's cell marked,
 * `end` updates the counters, `error` shows the server's message. The controls post to
 * /api/watch/{id}/control.
 */

import { Board } from "./board.js";
import { $, api, apiUrl, guarded, initPage, percent, reasonText, showError } from "./pages.js";

const RULES = { none: "unprotected", safe: "safe", opening: "opening" };

/** Whether a move's reason is a guess (anything but a certain move: the first click too). */
export const isGuess = (reason) => Boolean(reason) && reason.basis !== "certain";

/** "reveal (3, 4): certain, by subset" — a move in words. */
const moveWords = (m) => `${m.kind} (${m.cell[0]}, ${m.cell[1]}): ${reasonText(m.reason)}`;

class Watch {
  constructor() {
    this.board = new Board($("board"), $("board-wrap"));
    this.session = null;
    this.source = null;
    this.totals = { moves: 0, guesses: 0 }; // the finished games' (the server's counters)
    this.gameGuesses = 0;
    this.guessed = new Map(); // cell → decoration: this game's guesses
    this.paceTimer = 0;
    this.stoppedByUser = false;
  }

  async start() {
    initPage();
    $("level").addEventListener("change", () => {
      $("custom").hidden = $("level").value !== "custom";
    });
    $("watch-form").addEventListener("submit", (e) => {
      e.preventDefault();
      guarded(() => this.begin());
    });
    $("pace").addEventListener("input", () => this.paceChanged());
    $("pause").addEventListener("click", () => this.control("pause"));
    $("resume").addEventListener("click", () => this.control("resume"));
    $("step").addEventListener("click", () => this.control("step"));
    $("stop").addEventListener("click", () => this.stop());
    $("strategy").addEventListener("change", () => this.describe());
    this.showPace();
    this.board.build(9, 9, ".".repeat(81));
    await guarded(async () => {
      const { strategies } = await api("GET", "/strategies");
      this.strategies = strategies;
      $("strategy").innerHTML = "";
      for (const name of Object.keys(strategies)) {
        const option = new Option(name, name, name === "best", name === "best");
        $("strategy").append(option);
      }
      this.describe();
    });
  }

  describe() {
    const line = this.strategies?.[$("strategy").value] || "";
    $("strategy-help").textContent = line ? `${$("strategy").value}: ${line}` : "";
  }

  showPace() {
    $("pace-value").textContent = `${$("pace").value} ms a move`;
  }

  spec() {
    const spec = { strategy: $("strategy").value, rule: $("rule").value };
    const level = $("level").value;
    if (level === "custom") {
      spec.rows = Number($("rows").value);
      spec.cols = Number($("cols").value);
      spec.mines = Number($("mines").value);
    } else {
      spec.level = level;
    }
    const seed = $("seed").value.trim();
    if (seed) spec.seed = seed;
    spec.delay_ms = Number($("pace").value);
    return spec;
  }

  async begin() {
    if (this.session && this.source) {
      // A new session replaces the one on screen: stop that one first.
      const old = this.session.id;
      api("POST", `/watch/${encodeURIComponent(old)}/control`, { action: "stop" }).catch(() => {});
    }
    this.stoppedByUser = true;
    this.close();
    $("status").textContent = "Starting…";
    let session;
    try {
      session = await api("POST", "/watch", this.spec());
    } catch (err) {
      $("status").textContent = "Not started (the message above says why).";
      throw err;
    }
    this.session = session;
    this.stoppedByUser = false;
    this.counters(session.stats);
    this.board.build(session.rows, session.cols, ".".repeat(session.rows * session.cols));
    this.setRunning(true, false);
    $("status").textContent = `Watching ${session.strategy} on ${session.rows}×${session.cols}, ${
      session.mines} mines, ${RULES[session.rule] || session.rule} first click, seed ${session.seed}.`;
    const source = new EventSource(apiUrl(`/watch/${encodeURIComponent(session.id)}/events`));
    this.source = source;
    source.addEventListener("game", (e) => this.onGame(JSON.parse(e.data)));
    source.addEventListener("next", (e) => this.onNext(JSON.parse(e.data)));
    source.addEventListener("move", (e) => this.onMove(JSON.parse(e.data)));
    source.addEventListener("end", (e) => this.onEnd(JSON.parse(e.data)));
    source.addEventListener("error", (e) => {
      if (e.data) {
        const data = JSON.parse(e.data);
        showError(`The computer stopped: ${data.message}`);
        $("status").textContent = "Stopped: the computer could not go on.";
        this.close();
        return;
      }
      // The stream closed (stopped, or the server went away): never reconnect by itself.
      if (this.source === source) {
        if (!this.stoppedByUser) {
          showError("The watch stream was interrupted; press Start again.");
          $("status").textContent = "Stopped: the stream was interrupted.";
        }
        this.close();
      }
    });
  }

  onGame(data) {
    const s = data.session;
    this.board.build(s.rows, s.cols, ".".repeat(s.rows * s.cols)); // and no decorations
    this.guessed = new Map(); // this game's guesses, marked on the board
    $("played-text").textContent = "";
    this.gameGuesses = 0; // this game's, on top of the finished games
    $("game-number").textContent = `(game ${data.game + 1})`;
    $("mines-left").textContent = String(s.mines).padStart(3, "0");
    $("elapsed").textContent = "0.00";
  }

  /** The move about to be played: outlined (dashed with "?" when it is a guess, solid
   * with ◉ when certain; said in the cell's name too) and explained. */
  onNext(m) {
    const i = m.cell[0] * this.board.cols + m.cell[1];
    const guess = isGuess(m.reason);
    const what = guess ? "a guess" : "certain";
    this.board.setLayer("move", new Map([[i, {
      cls: guess ? "hl-move hl-move-guess" : "hl-move",
      note: `the computer's next move: ${m.kind}, ${what}`,
    }]]));
    $("move-text").textContent = `Next, move ${m.move}: ${moveWords(m)}.`;
  }

  onMove(m) {
    this.board.setLayer("move", null);
    this.board.apply(m.changes);
    const i = m.cell[0] * this.board.cols + m.cell[1];
    if (isGuess(m.reason)) {
      // a guess stays marked ("?" in the corner, "guess" in the cell's name) all game
      const p = m.reason.probability;
      const chance = typeof p === "number" ? ` (mine probability ${percent(p)})` : "";
      this.guessed.set(i, { cls: "hl-guess", note: `guess${chance}` });
      this.board.setLayer("guesses", new Map(this.guessed));
    }
    // the counters count this game's moves (m.move: its place in the log, from 0) and
    // guesses as they come; the finished games' from the server's totals at each game's end
    if (m.kind === "reveal" && isGuess(m.reason)) this.gameGuesses += 1;
    $("c-moves").textContent = this.totals.moves + m.move + 1;
    $("c-guesses").textContent = this.totals.guesses + this.gameGuesses;
    $("played-text").textContent = `Played, move ${m.move}: ${moveWords(m)}.`;
    $("mines-left").textContent = String(m.mines_left).padStart(3, "0");
    $("elapsed").textContent = Number(m.elapsed).toFixed(2);
  }

  onEnd(data) {
    this.counters(data.stats);
    const how = data.won ? "won" : `lost${data.loss_cause ? ` (${data.loss_cause})` : ""}`;
    $("status").textContent = `Game ${data.game + 1} ${how}; ${data.guesses} guess${
      data.guesses === 1 ? "" : "es"}.`;
  }

  counters(stats) {
    this.totals = { moves: stats.moves, guesses: stats.guesses };
    this.gameGuesses = 0;
    $("c-games").textContent = stats.games;
    $("c-wins").textContent = stats.wins;
    $("c-rate").textContent = stats.win_rate === null ? "—" : percent(stats.win_rate);
    $("c-guesses").textContent = stats.guesses;
    $("c-safe-guesses").textContent = stats.safe_guesses;
    $("c-moves").textContent = stats.moves;
    const causes = Object.entries(stats.loss_causes || {});
    $("c-causes").innerHTML = "";
    if (!causes.length) $("c-causes").append(Object.assign(document.createElement("li"), {
      textContent: "none yet",
    }));
    for (const [cause, n] of causes.sort((a, b) => b[1] - a[1])) {
      const li = document.createElement("li");
      li.textContent = `${cause}: ${n}`;
      $("c-causes").append(li);
    }
  }

  setRunning(running, paused) {
    $("pause").disabled = !running || paused;
    $("resume").disabled = !running || !paused;
    $("step").disabled = !running;
    $("stop").disabled = !running;
  }

  paceChanged() {
    this.showPace();
    if (!this.session || !this.source) return;
    clearTimeout(this.paceTimer);
    this.paceTimer = setTimeout(() => this.control("pace"), 120);
  }

  async control(action) {
    if (!this.session) return;
    await guarded(async () => {
      const s = await api("POST", `/watch/${encodeURIComponent(this.session.id)}/control`, {
        action,
        delay_ms: Number($("pace").value),
      });
      this.setRunning(!s.stopped && !!this.source, s.paused);
      if (action === "pause") $("status").textContent = "Paused: Step plays one move.";
      if (action === "resume") $("status").textContent = "Playing.";
    });
  }

  async stop() {
    this.stoppedByUser = true;
    await this.control("stop");
    this.close();
    $("status").textContent = "Stopped.";
  }

  close() {
    if (this.source) this.source.close();
    this.source = null;
    this.setRunning(false, false);
  }
}

const watch = new Watch();
window.sweepkitWatch = watch;
watch.start();
