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

/** The whole px of the largest cell at which a rows × cols board (with its row and column
 * numbers when `coords`: they take 1.2 cells left, 0.8 above) fits `space`, within
 * [least, most]. */
export function fitCell(rows, cols, space, { least, most, coords = false }) {
  const across = cols + (coords ? 1.2 : 0);
  const down = rows + (coords ? 0.8 : 0);
  const fit = Math.floor(Math.min(space.width / across, space.height / down));
  return Math.max(least, Math.min(most, fit));
}

/** The cell size for a rows × cols board in `space`, and whether it is shown turned: a
 * wide board on a tall screen turns when that gives it larger cells (`turn` allows it). */
export function fitBoard(rows, cols, space, { least, most, coords = false, turn = false }) {
  const options = { least, most, coords };
  const size = fitCell(rows, cols, space, options);
  if (turn && cols > rows && space.height > space.width) {
    const turned = fitCell(cols, rows, space, options);
    if (turned > size) return { size: turned, turned: true };
  }
  return { size, turned: false };
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
