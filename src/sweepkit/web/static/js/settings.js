/**
 * The player's settings, kept in localStorage under one key: theme, question marks,
 * coordinates around the board, long-press delay, key bindings, chording methods, the
 * zoom, the largest cells, turning wide boards, player name and the last game's form;
 * auto-flag, the left-handed mouse, sound, and which figures the end of a game shows.
 * Storage can be missing or full (private windows): then settings live for the page only.
 */

const STORAGE_KEY = "sweepkit.settings";

/** Rebindable actions, in the order the settings and help panels list them. */
export const ACTIONS = {
  reveal: "Reveal (chord on an open number)",
  flag: "Flag / unflag",
  chord: "Chord",
  newGame: "New game, same settings",
  restart: "Restart the same board",
  zoomIn: "Bigger cells",
  zoomOut: "Smaller cells",
  hint: "Hint: the move to make, and why",
  overlay: "Probability overlay on / off",
  undo: "Undo the last move",
  pause: "Pause / resume",
  computer: "Computer move",
};

export const DEFAULT_KEYS = {
  reveal: ["Space", "Enter"],
  flag: ["f"],
  chord: ["d"],
  newGame: ["n"],
  restart: ["r"],
  zoomIn: ["+", "="],
  zoomOut: ["-"],
  hint: ["h"],
  overlay: ["o"],
  undo: ["u"],
  pause: ["p"],
  computer: ["c"],
};

/** The ways to chord (open a satisfied number's other neighbours), in the order the
 * settings and help panels list them; each can be turned off, or chording altogether. */
export const CHORD_METHODS = {
  left: "Left click on a number",
  both: "Left and right buttons together",
  middle: "Middle button",
  double: "Double-click on a number",
  tap: "Tap on a number (touch)",
};

export const DEFAULT_CHORDING = {
  on: true,
  left: true,
  both: true,
  middle: true,
  double: false,
  tap: true,
};

/** The figures the end of a game can show (figures.js), in the panel's order; the
 * settings choose which (`settings.figures`). */
export const FIGURES = {
  time: "Time",
  three_bv: "3BV",
  zini: "ZiNi",
  three_bv_per_s: "3BV/s",
  clicks: "Clicks",
  efficiency: "Efficiency",
  ioe: "IOE",
  correctness: "Correctness",
  throughput: "Throughput",
  rqp: "RQP",
};

export const DEFAULT_FIGURES = Object.fromEntries(Object.keys(FIGURES).map((k) => [k, true]));

export const LONG_PRESS = { min: 100, max: 1000, default: 300 };
/** Cell sizes in px: the zoom's limits; the other pages' cells, by pointer; the largest a
 * board is fitted with by default (the player chooses it in Settings, up to `max`); the
 * smallest a board is fitted with on a touch screen (smaller cells are hard to hit: the
 * board scrolls instead). */
export const CELL_SIZE = { min: 12, max: 96, mouse: 26, touch: 36, largest: 64, touchFit: 20 };

const DEFAULTS = {
  theme: "system",
  marks: false,
  coords: false, // row and column numbers around the board, counted from 0 as hints say
  longPress: LONG_PRESS.default,
  keys: DEFAULT_KEYS,
  chording: DEFAULT_CHORDING,
  cellSize: null, // the zoomed cell size (px) of boards of zoomShape; null: fitted
  zoomShape: null, // "rows×cols" of the boards the zoom was chosen on
  maxCell: CELL_SIZE.largest, // the largest cells (px) a board is fitted with
  turn: true, // a wide board on a tall screen is shown turned when that makes it larger
  player: "",
  level: "beginner",
  rule: null, // null: the server's default rule
  noGuess: false,
  rows: 20,
  cols: 20,
  mines: 60,
  flagMode: false,
  autoFlag: false, // flags the player's numbers make trivially certain, placed by the server
  leftHanded: false, // the mouse buttons swapped: left click flags, right click reveals
  sound: false, // short synthesised sounds (sound.js); off until the player turns it on
  figures: DEFAULT_FIGURES,
};

/** Row and column numbers around every board of the page, or none (`settings.coords`). */
export function showCoords(settings) {
  document.body.classList.toggle("coords", Boolean(settings.coords));
}

function read() {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const data = raw ? JSON.parse(raw) : {};
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

/** The settings: stored values over the defaults; `save()` writes them back. */
export class Settings {
  constructor() {
    const stored = read();
    Object.assign(this, structuredClone(DEFAULTS), stored);
    this.keys = { ...structuredClone(DEFAULT_KEYS), ...(stored.keys || {}) };
    const chording = stored.chording && typeof stored.chording === "object" ? stored.chording : {};
    this.chording = { ...DEFAULT_CHORDING };
    for (const key of Object.keys(DEFAULT_CHORDING)) {
      if (typeof chording[key] === "boolean") this.chording[key] = chording[key];
    }
    const figures = stored.figures && typeof stored.figures === "object" ? stored.figures : {};
    this.figures = { ...DEFAULT_FIGURES };
    for (const key of Object.keys(DEFAULT_FIGURES)) {
      if (typeof figures[key] === "boolean") this.figures[key] = figures[key];
    }
    const delay = Number(this.longPress);
    this.longPress = Number.isFinite(delay)
      ? Math.min(LONG_PRESS.max, Math.max(LONG_PRESS.min, delay))
      : LONG_PRESS.default;
    const largest = Number(this.maxCell);
    this.maxCell = Number.isFinite(largest)
      ? Math.round(Math.min(CELL_SIZE.max, Math.max(CELL_SIZE.min, largest)))
      : CELL_SIZE.largest;
  }

  save() {
    const data = {};
    for (const key of Object.keys(DEFAULTS)) data[key] = this[key];
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(data));
    } catch {
      // No storage: the settings last as long as the page.
    }
  }

  /** Whether chording by `method` (a key of CHORD_METHODS) is on. */
  chords(method) {
    return Boolean(this.chording.on && this.chording[method]);
  }

  /** The action bound to a key name (see keyName), or null. */
  actionFor(name) {
    for (const [action, names] of Object.entries(this.keys)) {
      if (names.includes(name)) return action;
    }
    return null;
  }

  /** Bind `action` to one key, taking that key from any other action. */
  bind(action, name) {
    for (const other of Object.keys(this.keys)) {
      this.keys[other] = this.keys[other].filter((n) => n !== name);
    }
    this.keys[action] = [name];
    this.save();
  }

  resetKeys() {
    this.keys = structuredClone(DEFAULT_KEYS);
    this.save();
  }
}

/** A key event's name as bindings store it: "Space", "Enter", "f", "+", "F2", ... */
export function keyName(event) {
  if (event.key === " ") return "Space";
  if (event.key.length === 1) return event.key.toLowerCase();
  return event.key;
}

/** A key name for people: "Space", "F", "+". */
export const keyLabel = (name) => (name.length === 1 ? name.toUpperCase() : name);
