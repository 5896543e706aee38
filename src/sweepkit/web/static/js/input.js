/**
 * Mouse, touch and keyboard on the board, turned into the controller's few verbs:
 *
 * - `primary(i, via)`: a left click / Space: reveal, or chord on an open number when the
 *   settings allow it (`via` is "key" for the keyboard, whose moves are also announced);
 * - `secondary(i)`: a right click / F: flag (or cycle flag → ? → covered);
 * - `chord(i)`: both buttons, middle button, a double-click on a number, D;
 * - `tap(i)` and `hold(i)`: touch, which the controller maps through flag mode;
 * - `pressing(on)`: a button is held on the board (the face looks surprised);
 * - `command(action)`: the board-independent keys (new game, restart, zoom);
 * - `cellSize()`, `boardPoint(x, y)`, `zoomTo(px, x, y, anchor, held)` and `zoomEnd()`: a
 *   two-finger pinch resizes the cells, keeping the board point first under the fingers
 *   under them, and ends when a finger lifts.
 *
 * Which mouse gestures chord is the player's choice (`settings.chords(method)`: left on a
 * number, both buttons, middle button, double-click; or none); a gesture turned off does
 * nothing of a chord, not even its preview. A left-handed player (`settings.leftHanded`)
 * has the two buttons swapped: the right one reveals and chords, the left one flags
 * ("left" below is then the right button; a double-click, which only the left button
 * makes, does not chord). Touch and keys are the same for both hands. The handlers are
 * delegated: one listener per event type on the grid, none per cell.
 */

import { keyName } from "./settings.js";

const MOVE_TOLERANCE = 10; // px a finger may drift before a touch becomes a scroll

/** Mouse: left release reveals, right press flags, both buttons (or middle) chord; a
 * press that will chord shows its preview (the number's covered neighbours pressed). */
export function attachMouse(board, ctl, settings) {
  const grid = board.grid;
  // The button as the player uses it: 0 reveals, 2 flags (swapped for the left hand).
  const buttonOf = (e) => (settings.leftHanded && (e.button === 0 || e.button === 2)
    ? 2 - e.button
    : e.button);
  let left = false; // the left button went down on the board
  let chording = false; // both buttons (or the middle one) are held
  let afterChord = false; // a chord fired; ignore the other button's release

  const pressAt = (i) => {
    if (i < 0) board.release();
    else if (chording) board.press([i, ...board.neighbours(i)]);
    // a left press on a number chords at its release: the same preview as a chord's
    else if (left && board.isOpenNumber(i) && settings.chords("left")) {
      board.press(board.neighbours(i));
    } else board.press([i]);
  };

  grid.addEventListener("contextmenu", (e) => e.preventDefault());
  // A click focuses its cell natively (no ring for the mouse); the roving tabindex follows.
  grid.addEventListener("focusin", (e) => {
    const i = board.indexOf(e.target);
    if (i >= 0 && i !== board.focusIndex) board.setFocus(i, false);
  });
  const at = (e) => board.indexAt(e.target, e.clientX, e.clientY);
  // Shift + drag pans a board bigger than its box (a plain drag keeps the classic
  // "press, slide to another cell, release there"); touch drags, the overview and the
  // scroll bars pan too.
  const wrap = grid.closest(".board-wrap") || grid.parentElement;
  let pan = null; // {x, y, left, top} while Shift-dragging
  grid.addEventListener("mousedown", (e) => {
    const button = buttonOf(e);
    if (button === 0 && e.shiftKey) {
      e.preventDefault();
      pan = { x: e.clientX, y: e.clientY, left: wrap.scrollLeft, top: wrap.scrollTop };
      grid.classList.add("panning");
      return;
    }
    const i = at(e);
    if (i < 0) return;
    if (button === 1) e.preventDefault(); // no autoscroll on a middle-button chord
    if (!ctl.canPlay()) return;
    if (button === 1 && !settings.chords("middle")) return;
    const both = settings.chords("both") && ((e.buttons & 3) === 3 || (left && button === 2));
    if (button === 1 || both) {
      chording = true;
      left = false;
      pressAt(i);
      ctl.pressing(true);
    } else if (button === 0) {
      left = true;
      pressAt(i);
      ctl.pressing(true);
    } else if (button === 2) {
      ctl.secondary(i);
    }
  });
  // A double-click on a number chords (when a single left click does not already).
  grid.addEventListener("dblclick", (e) => {
    const i = at(e);
    if (i < 0 || !settings.chords("double") || settings.chords("left")) return;
    if (settings.leftHanded) return; // made by the left button: the flagging one
    if (board.isOpenNumber(i) && ctl.canPlay()) ctl.chord(i);
  });
  grid.addEventListener("mouseover", (e) => {
    if (left || chording) pressAt(at(e));
  });
  grid.addEventListener("mouseleave", () => board.release());
  window.addEventListener("blur", () => {
    // A button released outside the window never sends mouseup: forget the press.
    left = chording = afterChord = false;
    board.release();
    ctl.pressing(false);
  });
  window.addEventListener("mousemove", (e) => {
    if (!pan) return;
    wrap.scrollLeft = pan.left - (e.clientX - pan.x);
    wrap.scrollTop = pan.top - (e.clientY - pan.y);
  });
  window.addEventListener("mouseup", (e) => {
    if (pan) {
      pan = null;
      grid.classList.remove("panning");
      return;
    }
    const i = at(e);
    if (chording) {
      chording = false;
      afterChord = (e.buttons & 3) !== 0;
      board.release();
      ctl.pressing(false);
      if (i >= 0 && ctl.canPlay()) ctl.chord(i);
      return;
    }
    if (afterChord) {
      afterChord = (e.buttons & 3) !== 0;
      return;
    }
    if (buttonOf(e) === 0 && left) {
      left = false;
      board.release();
      ctl.pressing(false);
      if (i >= 0 && ctl.canPlay()) ctl.primary(i);
    }
  });
}

/**
 * Touch: a tap or a long-press (delay from the settings) on a cell; a finger that moves
 * scrolls the board instead. Handled touches cancel the browser's emulated mouse events.
 */
export function attachTouch(board, ctl, delay) {
  const grid = board.grid;
  let touch = null; // {id, x, y, i, held}
  let timer = 0;
  let pinch = null; // {distance, size, anchor}: two fingers down on the board

  const spread = (touches) => {
    const [a, b] = touches;
    return {
      distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1,
      x: (a.clientX + b.clientX) / 2,
      y: (a.clientY + b.clientY) / 2,
    };
  };

  const cancel = () => {
    clearTimeout(timer);
    if (touch) board.cells[touch.i]?.classList.remove("c-holding");
    touch = null;
    board.release();
  };

  grid.addEventListener(
    "touchstart",
    (e) => {
      if (e.touches.length === 2) {
        cancel();
        const start = spread(e.touches);
        pinch = {
          distance: start.distance,
          size: ctl.cellSize(),
          anchor: ctl.boardPoint(start.x, start.y), // the point between the fingers
        };
        return;
      }
      if (e.touches.length > 1) return cancel();
      const t = e.changedTouches[0];
      const i = board.indexAt(e.target, t.clientX, t.clientY);
      if (i < 0 || !ctl.canPlay()) return cancel();
      touch = { id: t.identifier, x: t.clientX, y: t.clientY, i, held: false };
      board.press([i]);
      // The cell's outline grows over the long-press delay: how long to hold is visible.
      grid.style.setProperty("--hold-ms", `${delay()}ms`);
      board.cells[i].classList.add("c-holding");
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!touch) return;
        touch.held = true;
        board.cells[touch.i]?.classList.remove("c-holding");
        board.release();
        navigator.vibrate?.(15);
        ctl.hold(touch.i);
      }, delay());
    },
    { passive: true },
  );
  grid.addEventListener(
    "touchmove",
    (e) => {
      if (pinch && e.touches.length === 2) {
        const now = spread(e.touches);
        ctl.zoomTo((pinch.size * now.distance) / pinch.distance, now.x, now.y, pinch.anchor,
          true);
        return;
      }
      if (!touch) return;
      for (const t of e.changedTouches) {
        if (t.identifier !== touch.id) continue;
        if (Math.hypot(t.clientX - touch.x, t.clientY - touch.y) > MOVE_TOLERANCE) cancel();
      }
    },
    { passive: true },
  );
  grid.addEventListener(
    "touchend",
    (e) => {
      if (pinch && e.touches.length < 2) {
        pinch = null;
        ctl.zoomEnd(); // the cells are laid out at the size the fingers left
      }
      if (!touch) return;
      const ended = [...e.changedTouches].some((t) => t.identifier === touch.id);
      if (!ended) return;
      e.preventDefault(); // no emulated mouse click after a handled touch
      const { i, held } = touch;
      cancel();
      if (!held && ctl.canPlay()) ctl.tap(i);
    },
    { passive: false },
  );
  grid.addEventListener("touchcancel", () => {
    if (pinch) ctl.zoomEnd();
    pinch = null;
    cancel();
  });
}

const ARROWS = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** Whether a key event is typed into a field (where keys keep their own meaning). */
const inField = (target) =>
  Boolean(target?.closest("input, select, textarea, [contenteditable]"));

/**
 * Keyboard: arrows (and Home/End) move the roving focus; the bound keys act on the
 * focused cell or, for new game / restart / zoom, anywhere but in a form field. From
 * page load, before anything has the focus, the board's keys work on its focused cell
 * (which then takes the focus): no Tab is needed first. Ctrl+Z (Cmd+Z) undoes, anywhere
 * but in a field.
 */
export function attachKeyboard(board, ctl, settings) {
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || document.querySelector("dialog[open]")) return;
    const target = e.target instanceof Element ? e.target : null;
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "z") {
      if (inField(target)) return; // the field's own undo
      e.preventDefault();
      ctl.command("undo");
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    let i = target ? board.indexOf(target) : -1;
    // Nothing focused yet (the page just loaded, or a click on the page's background):
    // the board's focused cell is meant.
    const unfocused = !target || target === document.body || target === document.documentElement;
    if (i < 0 && unfocused && board.cells.length) {
      const action = settings.actionFor(keyName(e));
      const boardKey = ARROWS[e.key] || e.key === "Home" || e.key === "End" ||
        action === "reveal" || action === "flag" || action === "chord";
      if (boardKey) {
        i = board.focusIndex;
        board.setFocus(i);
      }
    }
    if (i >= 0) {
      const arrow = ARROWS[e.key];
      if (arrow) {
        e.preventDefault();
        board.moveFocus(arrow[0], arrow[1]);
        return;
      }
      if (e.key === "Home" || e.key === "End") {
        e.preventDefault();
        board.moveFocus(0, e.key === "Home" ? -Infinity : Infinity); // the screen row's ends
        return;
      }
    }
    const action = settings.actionFor(keyName(e));
    if (!action) return;
    if (action === "reveal" || action === "flag" || action === "chord") {
      if (i < 0) return; // Space and Enter keep their meaning on buttons and fields
      e.preventDefault();
      if (!ctl.canPlay()) return;
      if (action === "reveal") ctl.primary(i, "key");
      else if (action === "flag") ctl.secondary(i, "key");
      else ctl.chord(i, "key");
      return;
    }
    if (inField(target)) return;
    e.preventDefault();
    ctl.command(action);
  });
}
