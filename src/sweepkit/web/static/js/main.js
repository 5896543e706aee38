/**
 * The play page: `App` wires its parts together and answers input.js's verbs.
 *
 * - play-game.js: the game being played (new games, moves, undo, pause, conflicts);
 * - play-status.js: counter, face, clock, help buttons, the line about the board;
 * - play-hints.js: the probability overlay, the hint panel, the loss's verdict;
 * - play-share.js: links to the board and shared boards opened;
 * - play-jobs.js: the running job's line and its Cancel (api.js's runJob polls it);
 * - play-view.js: theme, cell size and zoom, flag mode;
 * - play-form.js: the game form and the game an address asks for;
 * - play-messages.js: announcements, errors and the offer beside them;
 * - sound.js: the sounds of moves and the mute button.
 */

import * as api from "./api.js";
import { Board } from "./board.js";
import { attachKeyboard, attachMouse, attachTouch } from "./input.js";
import { Minimap } from "./minimap.js";
import { initPanels } from "./panels.js";
import { GameForm } from "./play-form.js";
import { GameSession } from "./play-game.js";
import { Hints } from "./play-hints.js";
import { JobPanel } from "./play-jobs.js";
import { announce, bindOffer, errorText, showError } from "./play-messages.js";
import { boardToken, Sharing } from "./play-share.js";
import { StatusView } from "./play-status.js";
import { View } from "./play-view.js";
import { Settings } from "./settings.js";
import { Sound } from "./sound.js";

const $ = (id) => document.getElementById(id);

class App {
  constructor() {
    this.settings = new Settings();
    this.board = new Board($("board"), $("board-wrap"));
    this.minimap = new Minimap($("minimap"), $("minimap-frame"), this.board);
    this.session = new GameSession(this);
    this.status = new StatusView(this.session, this.settings);
    this.hints = new Hints(this);
    this.sharing = new Sharing(this);
    this.jobs = new JobPanel();
    this.view = new View(this.settings, this.board, this.minimap);
    this.form = new GameForm(this.settings, (spec) => this.session.startGame(spec));
    this.sound = new Sound(this.settings);
  }

  /** The current GameStatus (without cells), or null. */
  get game() {
    return this.session.game;
  }

  /** The promise of the last request queued (moves and help go one after another). */
  get queue() {
    return this.session.queue;
  }

  async start() {
    const { session, form, sharing } = this;
    this.view.bind();
    form.bind();
    this.bindTools();
    initPanels(this.settings);
    attachMouse(this.board, this, this.settings);
    attachTouch(this.board, this, () => this.settings.longPress);
    attachKeyboard(this.board, this, this.settings);
    window.addEventListener("unhandledrejection", (e) => {
      e.preventDefault();
      showError("Something went wrong on this page; try a new game.");
    });
    let config;
    try {
      config = await api.getConfig();
    } catch (err) {
      showError(err);
      return;
    }
    form.applyConfig(config);
    sharing.followHash();
    const gameId = new URLSearchParams(window.location.search).get("game");
    const token = boardToken();
    if (token !== null) {
      if (!(await sharing.openBoard(token))) {
        form.urlProblem = errorText(); // said again once the form's game loads
        await session.startGame(form.specFromForm());
      }
    } else if (gameId) await session.openGame(gameId);
    else {
      const fromUrl = form.specFromUrl();
      if (fromUrl && !(await session.startGame(fromUrl))) {
        // the address asked for a game the server refuses (a seed or size out of range):
        // its reason stays said, and the game of the stored settings is played instead
        form.urlProblem = `The address asks for a game that cannot be made: ${errorText()}`;
        form.reset();
        await session.startGame(form.specFromForm());
      } else if (!fromUrl) await session.startGame(form.specFromForm());
    }
  }

  /** The buttons of the bar and the panels. */
  bindTools() {
    $("face").addEventListener("click", () => this.command("newGame"));
    $("restart").addEventListener("click", () => this.session.restart());
    for (const what of ["hint", "undo", "computer"]) {
      $(what).addEventListener("click", () => this.command(what));
    }
    $("pause").addEventListener("click", () => this.session.togglePause());
    $("show-board").addEventListener("click", () => {
      if (this.session.canShow()) this.session.help("show");
    });
    $("resume").addEventListener("click", () => this.session.togglePause());
    this.hints.bind();
    this.jobs.bind();
    this.sound.bind();
    this.sharing.bind();
    bindOffer();
  }

  // -- the verbs input.js calls -----------------------------------------------------

  canPlay() {
    return this.session.canPlay();
  }

  /** Left click, Space: reveal; chord on an open number (unless that way of chording is
   * turned off in Settings: then nothing is sent). */
  primary(i, via) {
    if (!this.board.isOpenNumber(i)) this.reveal(i, via);
    else if (this.settings.chords("left")) this.session.move("chord", i, null, via);
    else if (via === "key") announce("A click on a number does not chord (Settings).");
  }

  /** Reveal; a no-guess board is made at its first click, as a job (see GameSession.move). */
  reveal(i, via) {
    this.session.move("reveal", i, null, via);
  }

  /** Right click, F: flag; with marks, flag → ? → covered (the ? is the page's own). */
  secondary(i, via) {
    const shown = this.board.shown(i);
    if (shown === "?") {
      this.board.setMark(i, false);
      this.minimap.update([[i]]);
      if (via === "key") announce("Question mark removed.");
    } else if (shown === "F" && this.settings.marks) {
      this.session.move("flag", i, () => {
        this.board.setMark(i, true);
        this.minimap.update([[i]]);
      }, via);
    } else {
      this.session.move("flag", i, null, via);
    }
  }

  /** Both buttons, middle button, double-click (input.js checks each is on), D. */
  chord(i, via) {
    if (this.settings.chording.on) this.session.move("chord", i, null, via);
    else if (via === "key") announce("Chording is off (Settings).");
  }

  /** A tap: reveal (flag in flag mode); a satisfied number chords either way. */
  tap(i) {
    const shown = this.board.shown(i);
    if (this.board.isOpenNumber(i)) {
      if (this.board.satisfied(i) && this.settings.chords("tap")) this.session.move("chord", i);
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

  /** The keys and buttons that are not on a cell. */
  command(action) {
    const session = this.session;
    if (action === "newGame") session.startGame(this.form.specOfGame(session.game));
    else if (action === "restart") session.restart();
    else if (action === "zoomIn") this.view.zoom(1.2);
    else if (action === "zoomOut") this.view.zoom(1 / 1.2);
    else if (action === "undo") {
      if (session.canUndo()) session.help("undo");
    } else if (action === "hint") {
      if (session.canPlay()) this.hints.hint();
    } else if (action === "computer") {
      if (session.canPlay()) session.help("computer");
    } else if (action === "overlay") this.hints.toggleOverlay();
    else if (action === "pause") session.togglePause();
  }

  cellSize() {
    return this.view.cellSize();
  }

  boardPoint(x, y) {
    return this.view.boardPoint(x, y);
  }

  zoomTo(px, clientX, clientY, anchor, held) {
    this.view.zoomTo(px, clientX, clientY, anchor, held);
  }

  zoomEnd() {
    this.view.zoomEnd();
  }
}

const app = new App();
window.sweepkit = app; // for debugging in the console; the page keeps no secrets to leak
app.start();
