/**
 * The panel of positions saved in this browser under a name: save the position being
 * edited, list the saved ones (name, size, mine count), load one, delete one.
 */

import { deletePosition, savedPositions, savePosition } from "./editor-store.js";
import { $ } from "./pages.js";

/** What a saved state holds, in a few words ("9×9, 10 mines"). */
function summary(state) {
  try {
    const s = JSON.parse(state);
    return `${s.rows}×${s.cols}${s.mines ? `, ${s.mines} mines` : ", no mine count"}`;
  } catch {
    return "unreadable";
  }
}

function button(text, label, action) {
  const b = Object.assign(document.createElement("button"), { type: "button", textContent: text });
  b.setAttribute("aria-label", label);
  b.addEventListener("click", action);
  return b;
}

/** Bind the panel: `current()` is the state to save, `load(state)` shows one (false when
 * it cannot be read). */
export function bindSavedPanel(current, load) {
  const list = $("saved-list");
  const note = $("saved-note");
  const render = () => {
    const all = savedPositions();
    list.replaceChildren(...all.map(({ name, state }) => {
      const li = document.createElement("li");
      li.dataset.name = name;
      const label = Object.assign(document.createElement("span"),
        { className: "saved-name", textContent: name });
      li.append(label, ` (${summary(state)}) `,
        button("Load", `Load ${name}`, () => {
          note.textContent = load(state) ? `Loaded "${name}".`
            : `"${name}" cannot be read: it was not changed.`;
        }), " ",
        button("Delete", `Delete ${name}`, () => {
          deletePosition(name);
          render();
          note.textContent = `Deleted "${name}".`;
        }));
      return li;
    }));
    $("saved-empty").hidden = all.length > 0;
  };
  $("save-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const name = $("save-name").value.trim();
    try {
      const how = savePosition(name, current());
      note.textContent = `${how === "replaced" ? "Replaced" : "Saved"} "${name}".`;
    } catch (exc) {
      note.textContent = exc.message;
      return;
    }
    render();
  });
  window.addEventListener("storage", render); // saved in another tab
  render();
}
