/**
 * The board is the page: the cell size at which a board fills the room it has on the
 * first screen (the width of its column, the window's height below its top), within the
 * player's largest cells, and whether a wide board fits a tall screen larger turned.
 */

import { CELL_SIZE } from "./settings.js";

export const BORDER = 4; // px: the board box's border, both sides
const GAP = 8; // px left free below the board

/** The room (px) a board has in `area`: the area's width, and the height from its top
 * to the bottom of the first screen (the page scrolled to its top), borders and `below`
 * px (what must show under the board) taken off. Never less than a few cells' worth: the
 * page above may fill a landscape phone. */
export function room(area, below = 0) {
  const rect = area.getBoundingClientRect();
  const top = rect.top + window.scrollY;
  return {
    width: Math.max(0, rect.width - BORDER),
    height: Math.max(4 * CELL_SIZE.min, window.innerHeight - top - BORDER - GAP - below),
  };
}

const TURN_GAIN = 1.2; // a board turns only for cells at least this much larger

/** The whole px of the largest cell at which a rows × cols board (with its row and column
 * numbers when `coords`: they take 1.2 cells left, 0.8 above) fits `space`, at most
 * `most` (not clamped below: see fitCell). */
function largest(rows, cols, space, most, coords) {
  const across = cols + (coords ? 1.2 : 0);
  const down = rows + (coords ? 0.8 : 0);
  return Math.min(most, Math.floor(Math.min(space.width / across, space.height / down)));
}

/** The whole px of the largest cell at which a rows × cols board fits `space` (with its
 * row and column numbers when `coords`), within [least, most]. */
export function fitCell(rows, cols, space, { least, most, coords = false }) {
  return Math.max(least, largest(rows, cols, space, most, coords));
}

/** The cell size for a rows × cols board in `space`, and whether it is shown turned: a
 * wide board on a tall screen turns (when `turn` allows it) if that makes the cells at
 * which it fits a fifth larger or more. */
export function fitBoard(rows, cols, space, { least, most, coords = false, turn = false }) {
  if (turn && cols > rows && space.height > space.width) {
    const flat = largest(rows, cols, space, most, coords);
    const turned = largest(cols, rows, space, most, coords);
    if (turned >= flat * TURN_GAIN) return { size: Math.max(least, turned), turned: true };
  }
  return { size: fitCell(rows, cols, space, { least, most, coords }), turned: false };
}

/** Size a grid's cells (--cell on the grid) to fill the room it has in `area`, `below` px
 * left under it (and give the area's box that height: --room-height), for a board shown
 * as it is (not turned); the size in px. */
export function fitGrid(grid, area, rows, cols, { most, coarse, below = 0 }) {
  const space = room(area, below);
  area.style.setProperty("--room-height", `${space.height + BORDER}px`);
  const least = Math.min(most, coarse ? CELL_SIZE.touchFit : CELL_SIZE.min);
  const coords = document.body.classList.contains("coords");
  const size = fitCell(rows, cols, space, { least, most, coords });
  grid.style.setProperty("--cell", `${size}px`);
  return size;
}
