/**
 * The editor's positions kept in this browser (localStorage): the one being edited,
 * saved as it changes so that a reload brings it back, and positions saved under a name
 * (listed, loaded, deleted). A state is the editor's own string (its size, cells and mine
 * count as typed), so a position mid-edit, even an impossible one, is kept as it is.
 */

const AUTOSAVE = "sweepkit.editor.autosave";
const SAVED = "sweepkit.editor.saved";
export const MAX_NAME = 80;

/** The state saved as the editor last changed, or null. */
export function loadAutosave() {
  try {
    return window.localStorage.getItem(AUTOSAVE);
  } catch {
    return null;
  }
}

/** Keep the state being edited; false when the browser refuses (storage off or full). */
export function autosave(state) {
  try {
    window.localStorage.setItem(AUTOSAVE, state);
    return true;
  } catch {
    return false;
  }
}

function readSaved() {
  try {
    const doc = JSON.parse(window.localStorage.getItem(SAVED) || "{}");
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : {};
  } catch {
    return {};
  }
}

/** The named positions: [{name, state, at}], by name. */
export function savedPositions() {
  return Object.entries(readSaved())
    .filter(([, v]) => v && typeof v.state === "string")
    .map(([name, v]) => ({ name, state: v.state, at: v.at || "" }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Save a state under a name (trimmed, 1 to MAX_NAME characters): "saved" or "replaced";
 * throws Error with a sentence when the name is empty or too long or the browser refuses. */
export function savePosition(name, state) {
  const key = name.trim();
  if (!key) throw new Error("Give the position a name to save it under.");
  if (key.length > MAX_NAME) throw new Error(`A name has at most ${MAX_NAME} characters.`);
  const all = readSaved();
  const replaced = Object.hasOwn(all, key);
  all[key] = { state, at: new Date().toISOString() };
  try {
    window.localStorage.setItem(SAVED, JSON.stringify(all));
  } catch {
    throw new Error("This browser refused to save the position (its storage is off or full).");
  }
  return replaced ? "replaced" : "saved";
}

/** Forget a named position. */
export function deletePosition(name) {
  const all = readSaved();
  delete all[name];
  try {
    window.localStorage.setItem(SAVED, JSON.stringify(all));
  } catch {
    // nothing was stored, so nothing is lost
  }
}
