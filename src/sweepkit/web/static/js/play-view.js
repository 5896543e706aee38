/**
 * How the play page looks, apart from the game: the theme (and the minimap's colours that
 * follow it), the cell size and the zoom that changes it (buttons, Ctrl + wheel, a pinch),
 * keeping the board point under the pointer still, and the flag-mode toggle for touch.
 */

import { announce } from "./play-messages.js";
import { CELL_SIZE } from "./settings.js";

const $ = (id) => document.getElementById(id);

const SMALL_CELL = 22; // px: below this the overlay shows its shades, not its percentages

export class View {
  constructor(settings, board, minimap) {
    this.settings = settings;
    this.board = board;
    this.minimap = minimap;
    this.moreContrast = window.matchMedia("(prefers-contrast: more)");
  }

  /** The theme and cell size applied, and the view's controls bound. */
  bind() {
    this.moreContrast.addEventListener("change", () => this.applyTheme());
    const dark = window.matchMedia("(prefers-color-scheme: dark)");
    dark.addEventListener("change", () => this.minimap.recolour());
    this.applyTheme();
    this.applyCellSize();
    $("zoom-in").addEventListener("click", () => this.zoom(1.2));
    $("zoom-out").addEventListener("click", () => this.zoom(1 / 1.2));
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

  cellSize() {
    const coarse = window.matchMedia("(pointer: coarse)").matches;
    return this.settings.cellSize || (coarse ? CELL_SIZE.touch : CELL_SIZE.mouse);
  }

  applyCellSize() {
    const size = this.cellSize();
    document.documentElement.style.setProperty("--cell", `${size}px`);
    document.body.classList.toggle("small-cells", size < SMALL_CELL);
    $("zoom-in").disabled = size >= CELL_SIZE.max; // at a limit: nothing to do
    $("zoom-out").disabled = size <= CELL_SIZE.min;
  }

  /** Scale the cells by `factor`, keeping the point (clientX, clientY) of the board still. */
  zoom(factor, clientX, clientY) {
    this.zoomTo(this.cellSize() * factor, clientX, clientY);
  }

  /** Set the cell size (clamped, in px), keeping the point of the board under (clientX,
   * clientY) there (the box's centre when not given). `anchor`: the board point to keep
   * there instead (a pinch holds the one its fingers first touched, see boardPoint). */
  zoomTo(px, clientX, clientY, anchor) {
    const wrap = $("board-wrap");
    const old = this.cellSize();
    const size = Math.round(Math.min(CELL_SIZE.max, Math.max(CELL_SIZE.min, px)));
    const rect = wrap.getBoundingClientRect();
    const x = clientX ?? rect.left + rect.width / 2;
    const y = clientY ?? rect.top + rect.height / 2;
    const at = anchor || this.boardPoint(x, y);
    if (size !== old) {
      this.settings.cellSize = size;
      this.settings.save();
      this.applyCellSize();
    }
    this.keepUnder(at, x, y);
  }

  /** The point of the board under (x, y), in cells from its top-left corner (fractions
   * included): measured on the grid itself, wherever its box and the page have put it. */
  boardPoint(x, y) {
    const grid = this.board.grid.getBoundingClientRect();
    const size = this.cellSize();
    return { col: (x - grid.left) / size, row: (y - grid.top) / size };
  }

  /** Scroll so that the board point `at` is under (x, y): the board's box first, then
   * the page for what the box cannot do. A board that fits its box cannot scroll in it:
   * it grows from its top-left corner, so the box's scroll alone would let the cell under
   * the fingers drift ((5, 5) to (3, 4) on a phone's beginner board). */
  keepUnder(at, x, y) {
    const wrap = $("board-wrap");
    const size = this.cellSize();
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
