/**
 * How the play page looks, apart from the game: the theme (and the minimap's colours that
 * follow it), the cell size, and the zoom that changes it.
 *
 * A board starts at the largest cells that fit the window (board-fit.js), within the
 * player's largest (Settings), turned when it is wide and the screen tall. A zoom (the
 * buttons, Ctrl + wheel, the keys, a pinch) keeps the board point under the pointer or
 * the fingers still, and is kept for boards of that shape until Fit. During a zoom the
 * board (a compositor layer of its own, app.css) is scaled by a CSS transform: a frame
 * costs next to nothing, even at 200 × 200; the cells are laid out at their new size
 * once, when the pinch ends or the steps pause.
 */

import { BORDER, fitBoard, room } from "./board-fit.js";
import { announce } from "./play-messages.js";
import { CELL_SIZE } from "./settings.js";

const $ = (id) => document.getElementById(id);

const SMALL_CELL = 22; // px: below this the overlay shows its shades, not its percentages
const SETTLE_MS = 250; // the cells are laid out at their new size this long after a step

export class View {
  constructor(settings, board, minimap) {
    this.settings = settings;
    this.board = board;
    this.minimap = minimap;
    this.moreContrast = window.matchMedia("(prefers-contrast: more)");
    this.coarse = window.matchMedia("(pointer: coarse)");
    this.laid = 0; // px: the cell size the board is laid out at (--cell)
    this.size = 0; // px: the cell size shown (laid out, or scaled to during a zoom)
    this.pending = null; // a zoom not laid out yet: {at, x, y, timer}
    this.screen = [window.innerWidth, window.innerHeight]; // as last fitted
  }

  /** The theme and cell size applied, and the view's controls bound. */
  bind() {
    this.moreContrast.addEventListener("change", () => this.applyTheme());
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    dark.addEventListener("change", () => this.minimap.recolour());
    this.applyTheme();
    this.board.beforeBuild = (rows, cols) => this.fit(rows, cols);
    this.applyCellSize(this.coarse.matches ? CELL_SIZE.touch : CELL_SIZE.mouse);
    $("zoom-in").addEventListener("click", () => this.zoom(1.2));
    $("zoom-out").addEventListener("click", () => this.zoom(1 / 1.2));
    $("zoom-fit").addEventListener("click", () => this.unzoom());
    window.addEventListener("resize", () => this.resized());
    // the row and column numbers take room: fitted again once the setting is in force
    $("coords").addEventListener("change", () => requestAnimationFrame(() => this.refit()));
    this.bindSizeSettings();
    $("board-wrap").addEventListener(
      "wheel",
      (e) => {
        if (!e.ctrlKey) return;
        e.preventDefault(); // the board zooms, not the page
        this.zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
      },
      { passive: false },
    );
    $("theme").addEventListener("change", () => {
      this.settings.theme = $("theme").value;
      this.settings.save();
      this.applyTheme();
    });
    const flagMode = $("flag-mode");
    const showFlagMode = () => {
      flagMode.setAttribute("aria-pressed", String(Boolean(this.settings.flagMode)));
      document.body.classList.toggle("flag-mode", Boolean(this.settings.flagMode));
    };
    showFlagMode();
    flagMode.addEventListener("click", () => {
      this.settings.flagMode = !this.settings.flagMode;
      this.settings.save();
      showFlagMode();
      announce(this.settings.flagMode ? "Flag mode: tap flags." : "Tap reveals.");
    });
  }

  /** Settings: the largest cells a board is fitted with, and turning wide boards. */
  bindSizeSettings() {
    const s = this.settings;
    const range = $("max-cell");
    const show = () => {
      $("max-cell-value").textContent = `${s.maxCell} px`;
    };
    range.value = String(s.maxCell);
    show();
    range.addEventListener("input", () => {
      s.maxCell = Number(range.value);
      s.cellSize = null; // the size is the player's choice again: the zoom is dropped
      s.zoomShape = null;
      s.save();
      show();
      this.refit();
    });
    $("turn").checked = Boolean(s.turn);
    $("turn").addEventListener("change", () => {
      s.turn = $("turn").checked;
      s.save();
      this.refit();
    });
  }

  /** The chosen theme; "system" follows light/dark, and asks for high contrast when the
   * system does (prefers-contrast: more). */
  applyTheme() {
    const theme = this.settings.theme;
    const root = document.documentElement;
    if (theme !== "system") root.dataset.theme = theme;
    else if (this.moreContrast.matches) root.dataset.theme = "contrast";
    else delete root.dataset.theme;
    $("theme").value = theme;
    this.minimap.recolour();
  }

  /** The cell size shown, in px. */
  cellSize() {
    return this.size;
  }

  /** The zoom chosen for boards of this shape (px), or 0: fitted. */
  zoomFor(rows, cols) {
    const s = this.settings;
    return s.cellSize && s.zoomShape === `${rows}x${cols}` ? s.cellSize : 0;
  }

  /** The fitted cell size of a rows × cols board and whether it is shown turned; the
   * board's box is given the height it has on the first screen. */
  fitted(rows, cols) {
    const s = this.settings;
    const least = Math.min(s.maxCell, this.coarse.matches ? CELL_SIZE.touchFit : CELL_SIZE.min);
    const area = $("play-area");
    const space = room(area);
    area.style.setProperty("--room-height", `${space.height + BORDER}px`);
    return fitBoard(rows, cols, space, {
      least,
      most: s.maxCell,
      coords: document.body.classList.contains("coords"),
      turn: s.turn,
    });
  }

  /** Before a board is drawn: its cell size (the zoom kept for its shape, else the fit)
   * and whether it is shown turned. */
  fit(rows, cols) {
    this.settle(false);
    const { size, turned } = this.fitted(rows, cols);
    this.board.turned = turned;
    this.showTurned(turned);
    this.applyCellSize(this.zoomFor(rows, cols) || size);
    this.screen = [window.innerWidth, window.innerHeight];
  }

  /** Fit the board on screen again (a new window size, coordinates shown or hidden, the
   * largest cells changed): turned or not, and its size unless zoomed. */
  refit() {
    const { rows, cols } = this.board;
    if (!rows) return;
    this.settle(false);
    const { size, turned } = this.fitted(rows, cols);
    if (turned !== this.board.turned) {
      this.board.turn(turned);
      this.showTurned(turned);
      this.minimap.build();
    }
    this.applyCellSize(this.zoomFor(rows, cols) || size);
    this.screen = [window.innerWidth, window.innerHeight];
  }

  /** A new window size: fitted again, unless only the height changed a little (a phone's
   * address bar showing or hiding as the page scrolls). */
  resized() {
    const [w, h] = this.screen;
    if (window.innerWidth === w && Math.abs(window.innerHeight - h) < h / 8) return;
    requestAnimationFrame(() => this.refit());
  }

  /** Say (in the board's help line, which the grid refers to) that the board is turned. */
  showTurned(turned) {
    $("board-turned").hidden = !turned;
  }

  /** Lay the board out at `size` px cells. */
  applyCellSize(size) {
    this.laid = size;
    this.size = size;
    this.board.grid.style.transform = "";
    document.documentElement.style.setProperty("--cell", `${size}px`);
    this.limits();
  }

  /** The overlay's text shown or not for the size shown; the zoom buttons that can do
   * nothing (at a limit) off. */
  limits() {
    document.body.classList.toggle("small-cells", this.size < SMALL_CELL);
    $("zoom-in").disabled = this.size >= CELL_SIZE.max;
    $("zoom-out").disabled = this.size <= CELL_SIZE.min;
    $("zoom-fit").disabled = !this.zoomFor(this.board.rows, this.board.cols);
  }

  /** Scale the cells by `factor`, keeping the point (clientX, clientY) of the board still. */
  zoom(factor, clientX, clientY) {
    this.zoomTo(this.size * factor, clientX, clientY);
  }

  /**
   * Set the cell size (clamped, in px), keeping the point of the board under (clientX,
   * clientY) there (the box's centre when not given). `anchor`: the board point to keep
   * there instead (a pinch holds the one its fingers first touched, see boardPoint).
   * The board is scaled at once and laid out anew a moment after the last step, or by
   * `zoomEnd` when `held` (a pinch, until its fingers lift).
   */
  zoomTo(px, clientX, clientY, anchor, held = false) {
    const wrap = $("board-wrap");
    const size = Math.round(Math.min(CELL_SIZE.max, Math.max(CELL_SIZE.min, px)));
    const rect = wrap.getBoundingClientRect();
    const x = clientX ?? rect.left + rect.width / 2;
    const y = clientY ?? rect.top + rect.height / 2;
    const at = anchor || this.boardPoint(x, y);
    const { rows, cols } = this.board;
    if (size !== this.size) {
      this.size = size;
      const grid = this.board.grid;
      grid.style.transform = size === this.laid ? "" : `scale(${size / this.laid})`;
      this.settings.cellSize = size;
      this.settings.zoomShape = `${rows}x${cols}`;
      this.settings.save();
      this.limits();
    }
    this.keepUnder(at, x, y);
    clearTimeout(this.pending?.timer);
    this.pending = { at, x, y, timer: held ? 0 : setTimeout(() => this.settle(), SETTLE_MS) };
  }

  /** The pinch is over: lay the cells out at the size it reached. */
  zoomEnd() {
    this.settle();
  }

  /** Lay the cells out at the size shown (after a zoom's transform), keeping its board
   * point in place; `keep` false: the zoom in progress is dropped (a size is set next). */
  settle(keep = true) {
    const pending = this.pending;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending = null;
    if (keep && this.size !== this.laid) {
      this.applyCellSize(this.size);
      this.keepUnder(pending.at, pending.x, pending.y);
    }
  }

  /** Back to the fitted size: the zoom of this board's shape is forgotten. */
  unzoom() {
    this.settings.cellSize = null;
    this.settings.zoomShape = null;
    this.settings.save();
    this.refit();
  }

  /** The point of the board under (x, y), in cells from its top-left corner (fractions
   * included): measured on the grid itself, wherever its box and the page have put it. */
  boardPoint(x, y) {
    const grid = this.board.grid.getBoundingClientRect();
    const size = this.size;
    return { col: (x - grid.left) / size, row: (y - grid.top) / size };
  }

  /** Scroll so that the board point `at` is under (x, y): the board's box first, then
   * the page for what the box cannot do. A board that fits its box cannot scroll in it:
   * the page's scroll does what it can (a centred board that shrinks moves). */
  keepUnder(at, x, y) {
    const wrap = $("board-wrap");
    const size = this.size;
    const off = () => {
      const grid = this.board.grid.getBoundingClientRect();
      return [grid.left + at.col * size - x, grid.top + at.row * size - y];
    };
    let [dx, dy] = off();
    wrap.scrollLeft += dx;
    wrap.scrollTop += dy;
    [dx, dy] = off();
    if (Math.abs(dx) >= 0.5 || Math.abs(dy) >= 0.5) window.scrollBy(dx, dy);
  }
}
