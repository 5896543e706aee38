/**
 * An overview of a board too big for its box: one canvas pixel block per cell, the
 * visible part outlined; a click or drag on it scrolls the board there. A pointer-only
 * aid (the keyboard has the arrows), so it is hidden from assistive technology.
 * It draws only what the page shows, from the board's codes, turned when the board is.
 */

const MAX_SIDE = 200; // px of the overview's longer side

/** The colour a CSS custom property resolves to in the current theme, as [r, g, b]. */
function resolve(variable) {
  const probe = document.createElement("span");
  probe.style.color = `var(${variable})`;
  probe.hidden = true;
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color.match(/[\d.]+/g) || ["0", "0", "0"];
  probe.remove();
  return rgb.slice(0, 3).map(Number);
}

export class Minimap {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {HTMLElement} frame the element outlining the visible part
   * @param {import("./board.js").Board} board
   */
  constructor(canvas, frame, board) {
    this.canvas = canvas;
    this.frame = frame;
    this.board = board;
    this.wrap = canvas.parentElement;
    this.image = null;
    this.dirty = false;
    this.scale = 1;
    this.palette = null;
    const scroller = board.scroller;
    scroller.addEventListener("scroll", () => this.place(), { passive: true });
    new ResizeObserver(() => this.place()).observe(scroller);
    new ResizeObserver(() => this.place()).observe(board.grid);
    const jump = (e) => {
      const rect = canvas.getBoundingClientRect();
      const fx = (e.clientX - rect.left) / rect.width;
      const fy = (e.clientY - rect.top) / rect.height;
      scroller.scrollLeft = fx * scroller.scrollWidth - scroller.clientWidth / 2;
      scroller.scrollTop = fy * scroller.scrollHeight - scroller.clientHeight / 2;
    };
    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      jump(e);
    });
    canvas.addEventListener("pointermove", (e) => {
      if (canvas.hasPointerCapture(e.pointerId)) jump(e);
    });
  }

  /** Read the theme's colours again (after a theme change). */
  recolour() {
    this.palette = {
      covered: resolve("--covered"),
      open: resolve("--open"),
      flag: resolve("--flag"),
      mine: resolve("--mine"),
    };
    this.build();
  }

  colourOf(code) {
    const p = this.palette;
    if (code === "." || code === "?") return p.covered;
    if (code >= "0" && code <= "8") return p.open;
    if (code === "F" || code === "W") return p.flag;
    return p.mine;
  }

  /** Draw the whole board (a new game). */
  build() {
    const { screenRows: rows, screenCols: cols } = this.board; // as the board is shown
    if (!rows || !this.palette) return;
    this.scale = Math.max(1, Math.floor(MAX_SIDE / Math.max(rows, cols)));
    this.canvas.width = cols * this.scale;
    this.canvas.height = rows * this.scale;
    this.image = new ImageData(this.canvas.width, this.canvas.height);
    for (let i = 0; i < rows * cols; i++) this.paint(i);
    this.flush();
    this.place();
  }

  /** Redraw the cells of a move's changes. */
  update(changes) {
    if (!this.image) return;
    for (const [i] of changes) this.paint(i);
    if (!this.dirty) {
      this.dirty = true;
      requestAnimationFrame(() => this.flush());
    }
  }

  paint(i) {
    const s = this.scale;
    const [r, g, b] = this.colourOf(this.board.shown(i));
    const [row, col] = this.board.screenOf(i);
    const x0 = col * s;
    const y0 = row * s;
    const data = this.image.data;
    const width = this.image.width;
    for (let y = y0; y < y0 + s; y++) {
      for (let x = x0; x < x0 + s; x++) {
        const o = (y * width + x) * 4;
        data[o] = r;
        data[o + 1] = g;
        data[o + 2] = b;
        data[o + 3] = 255;
      }
    }
  }

  flush() {
    this.dirty = false;
    if (this.image) this.canvas.getContext("2d").putImageData(this.image, 0, 0);
  }

  /** Show the overview only when the board overflows its box; outline the visible part. */
  place() {
    const sc = this.board.scroller;
    const overflows = sc.scrollWidth > sc.clientWidth + 1 || sc.scrollHeight > sc.clientHeight + 1;
    this.wrap.hidden = !overflows;
    if (!overflows || !sc.scrollWidth) return;
    const w = this.canvas.clientWidth;
    const h = this.canvas.clientHeight;
    const f = this.frame.style;
    f.left = `${(sc.scrollLeft / sc.scrollWidth) * w}px`;
    f.top = `${(sc.scrollTop / sc.scrollHeight) * h}px`;
    f.width = `${Math.min(1, sc.clientWidth / sc.scrollWidth) * w}px`;
    f.height = `${Math.min(1, sc.clientHeight / sc.scrollHeight) * h}px`;
  }
}
