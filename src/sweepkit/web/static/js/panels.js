/**
 * The settings and help dialogs: question marks, the long-press delay, key bindings
 * (click Change, press the new key; Escape cancels) and the help's list of keys, which
 * always shows the bindings in force.
 */

import { ACTIONS, keyLabel, keyName } from "./settings.js";

const $ = (id) => document.getElementById(id);

/** Wire the Settings and Help buttons and dialogs to `settings`. */
export function initPanels(settings) {
  initSettingsPanel(settings);
  $("open-settings").addEventListener("click", () => $("settings").showModal());
  $("open-help").addEventListener("click", () => {
    fillHelpKeys(settings);
    $("help").showModal();
  });
}

function initSettingsPanel(s) {
  $("marks").checked = Boolean(s.marks);
  $("marks").addEventListener("change", () => {
    s.marks = $("marks").checked;
    s.save();
  });
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
  $("keys-reset").addEventListener("click", () => {
    s.resetKeys();
    $("keys-note").textContent = "The keys are back to their defaults.";
    fillKeyTable(s);
  });
  fillKeyTable(s);
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
