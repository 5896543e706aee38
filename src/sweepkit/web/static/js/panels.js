/**
 * The settings and help dialogs: question marks, coordinates, auto-flag, the left-handed
 * mouse, the long-press delay, the ways to chord (or none), the figures shown at the end
 * of a game, key bindings (click Change, press the new key; Escape cancels) and the help's
 * lists of keys and chords, which always show the settings in force.
 */

import {
  ACTIONS, CHORD_METHODS, FIGURES, keyLabel, keyName, showCoords,
} from "./settings.js";

const $ = (id) => document.getElementById(id);

/** Wire the Settings and Help buttons and dialogs to `settings`. */
export function initPanels(settings) {
  initSettingsPanel(settings);
  $("open-settings").addEventListener("click", () => $("settings").showModal());
  $("open-help").addEventListener("click", () => {
    fillHelpKeys(settings);
    fillHelpChords(settings);
    $("help").showModal();
  });
}

function initSettingsPanel(s) {
  $("marks").checked = Boolean(s.marks);
  $("marks").addEventListener("change", () => {
    s.marks = $("marks").checked;
    s.save();
  });
  $("coords").checked = Boolean(s.coords);
  $("coords").addEventListener("change", () => {
    s.coords = $("coords").checked;
    s.save();
    showCoords(s);
  });
  showCoords(s);
  $("auto-flag").checked = Boolean(s.autoFlag);
  $("auto-flag").addEventListener("change", () => {
    s.autoFlag = $("auto-flag").checked;
    s.save();
  });
  $("left-handed").checked = Boolean(s.leftHanded);
  $("left-handed").addEventListener("change", () => {
    s.leftHanded = $("left-handed").checked;
    s.save();
    showHands(s);
  });
  showHands(s);
  initFigureChoice(s);
  const range = $("long-press");
  range.value = String(s.longPress);
  const showDelay = () => {
    $("long-press-value").textContent = `${range.value} ms`;
  };
  showDelay();
  range.addEventListener("input", () => {
    s.longPress = Number(range.value);
    s.save();
    showDelay();
  });
  initChording(s);
  $("keys-reset").addEventListener("click", () => {
    s.resetKeys();
    $("keys-note").textContent = "The keys are back to their defaults.";
    fillKeyTable(s);
  });
  fillKeyTable(s);
}

/** One checkbox per way to chord, under a master switch; each change is saved at once. */
function initChording(s) {
  const box = $("chord-methods");
  const inputs = Object.entries(CHORD_METHODS).map(([method, text]) => {
    const input = document.createElement("input");
    input.type = "checkbox";
    input.id = `chord-${method}`;
    input.dataset.method = method;
    input.checked = Boolean(s.chording[method]);
    input.addEventListener("change", () => {
      s.chording[method] = input.checked;
      s.save();
    });
    const label = document.createElement("label");
    label.className = "check";
    label.append(input, ` ${text}`);
    box.append(label);
    return input;
  });
  const on = $("chord-on");
  const show = () => {
    for (const input of inputs) input.disabled = !on.checked;
  };
  on.checked = Boolean(s.chording.on);
  show();
  on.addEventListener("change", () => {
    s.chording.on = on.checked;
    s.save();
    show();
  });
}

/** The board's line on the mouse, for the hand the settings say. */
function showHands(s) {
  const line = document.querySelector("#board-help .for-mouse");
  if (!line) return;
  const [reveal, flag] = s.leftHanded ? ["Right click", "left click"] : ["Click", "right click"];
  line.textContent = `${reveal} reveals, ${flag} flags, ${reveal.toLowerCase()} a number ` +
    "(or press both buttons) to chord. Keys: arrows move, Space reveals, F flags, D chords.";
}

/** One checkbox per figure of the end of a game; each change is saved and shown at once. */
function initFigureChoice(s) {
  const box = $("figure-list");
  for (const [name, text] of Object.entries(FIGURES)) {
    const input = document.createElement("input");
    input.type = "checkbox";
    input.id = `figure-${name}`;
    input.checked = s.figures[name] !== false;
    input.addEventListener("change", () => {
      s.figures[name] = input.checked;
      s.save();
      const shown = document.querySelector(`#figures [data-figure="${name}"]`);
      if (shown) shown.closest(".figure").hidden = !input.checked;
    });
    const label = document.createElement("label");
    label.className = "check";
    label.append(input, ` ${text}`);
    box.append(label);
  }
}

function fillKeyTable(s) {
  const body = $("key-table").tBodies[0];
  body.replaceChildren();
  for (const [action, label] of Object.entries(ACTIONS)) {
    const row = body.insertRow();
    const name = document.createElement("th");
    name.scope = "row";
    name.textContent = label;
    row.append(name);
    row.insertCell().append(...kbds(s.keys[action]));
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Change";
    button.dataset.action = action;
    button.setAttribute("aria-label", `Change the key for ${label}`);
    button.addEventListener("click", () => captureKey(s, action, button));
    row.insertCell().append(button);
  }
}

function kbds(names) {
  if (!names || !names.length) return [document.createTextNode("none")];
  return names.map((n) => {
    const k = document.createElement("kbd");
    k.textContent = keyLabel(n);
    return k;
  });
}

/** The next key pressed (Escape cancels) becomes the binding of `action`; the focus
 * comes back to that action's button in the redrawn table. */
function captureKey(s, action, button) {
  button.textContent = "Press a key…";
  const onKey = (e) => {
    e.preventDefault();
    e.stopPropagation();
    window.removeEventListener("keydown", onKey, true);
    const name = keyName(e);
    let note = "";
    if (name !== "Escape" && !["Shift", "Control", "Alt", "Meta", "Tab"].includes(name)) {
      // a key does one thing: another action that had it loses it, and the note says so
      const taken = Object.keys(s.keys).filter((o) => o !== action && s.keys[o].includes(name));
      s.bind(action, name);
      note = `${keyLabel(name)} now does "${ACTIONS[action]}".`;
      for (const other of taken) {
        note += s.keys[other].length
          ? ` It no longer does "${ACTIONS[other]}".`
          : ` It was the key of "${ACTIONS[other]}", which now has none: give it another.`;
      }
    }
    $("keys-note").textContent = note;
    fillKeyTable(s);
    $("key-table").querySelector(`button[data-action="${action}"]`)?.focus();
  };
  window.addEventListener("keydown", onKey, true);
}

/** The help's line on chording: the ways in force, or that it is off. */
function fillHelpChords(s) {
  const ways = Object.entries(CHORD_METHODS)
    .filter(([method]) => s.chords(method))
    .map(([, text]) => text.toLowerCase());
  const key = s.keys.chord?.length ? `the Chord key (${keyLabel(s.keys.chord[0])})` : "";
  const by = [...ways, key].filter(Boolean);
  const now = !s.chording.on || !by.length
    ? "Chording is off (Settings turns it on)."
    : `Chord now by: ${by.join("; ")} (Settings changes the ways).`;
  $("help-chords").replaceChildren(
    Object.assign(document.createElement("em"), { textContent: "Chord" }),
    " — when a number's flags match it, open its other neighbours. ",
    now,
    " Holding a press that will chord shows the cells it would open.",
  );
}

function fillHelpKeys(s) {
  const list = $("help-keys");
  list.replaceChildren();
  const arrows = document.createElement("li");
  arrows.textContent = "Arrow keys move the focused cell (Home / End: row start and end).";
  list.append(arrows);
  for (const [action, label] of Object.entries(ACTIONS)) {
    const li = document.createElement("li");
    li.append(...kbds(s.keys[action]), ` ${label}`);
    list.append(li);
  }
}
