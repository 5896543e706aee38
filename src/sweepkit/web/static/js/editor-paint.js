/**
 * The editor's pointer gestures on its grid: press and drag paints cells (mouse, pen or
 * touch: pointer events, the grid captures the pointer so a finger's stroke paints rather
 * than scrolls), the wheel over a cell steps its number. The editor says what a stroke
 * paints and records it as one step when it ends.
 *
 * `hooks`: indexOf(node) -> cell or -1; begin(cell, button) -> the value the stroke
 * paints (null: no stroke); paint(cell, value); end(); wheel(cell, step) with step +1 (up)
 * or -1 (down).
 */
export function bindPainting(grid, hooks) {
  let stroke = null;
  grid.addEventListener("pointerdown", (e) => {
    if (stroke || (e.button !== 0 && e.button !== 2)) return;
    const i = hooks.indexOf(e.target);
    if (i < 0) return;
    const value = hooks.begin(i, e.button);
    if (value === null) return;
    e.preventDefault(); // no text selection while dragging
    stroke = { id: e.pointerId, value, last: i };
    try {
      grid.setPointerCapture(e.pointerId);
    } catch {
      // a pointer that is already gone: the stroke ends on its own event
    }
    hooks.paint(i, value);
  });
  grid.addEventListener("pointermove", (e) => {
    if (!stroke || e.pointerId !== stroke.id) return;
    const i = hooks.indexOf(document.elementFromPoint(e.clientX, e.clientY));
    if (i < 0 || i === stroke.last) return;
    stroke.last = i;
    hooks.paint(i, stroke.value);
  });
  const end = (e) => {
    if (!stroke || e.pointerId !== stroke.id) return;
    stroke = null;
    hooks.end();
  };
  grid.addEventListener("pointerup", end);
  grid.addEventListener("pointercancel", end);
  grid.addEventListener("lostpointercapture", end);
  grid.addEventListener("contextmenu", (e) => {
    if (hooks.indexOf(e.target) >= 0) e.preventDefault(); // the right button paints mines
  });
  grid.addEventListener("wheel", (e) => {
    const i = hooks.indexOf(e.target);
    if (i < 0 || e.deltaY === 0) return;
    e.preventDefault();
    hooks.wheel(i, e.deltaY < 0 ? 1 : -1);
  }, { passive: false });
}
