/**
 * Kaye's reduction: the gadgets (picture and truth table from /api/gadgets/NAME) and a
 * formula drawn as a board and decided (/api/reduce).
 */
import { $, api, guarded, initPage } from "./pages.js";

initPage();

async function showGadget(name) {
  const doc = await api("GET", `/gadgets/${encodeURIComponent(name)}`);
  const picture = $("gadget-picture");
  picture.innerHTML = doc.svg;
  const svg = picture.querySelector("svg");
  if (svg) svg.setAttribute("aria-hidden", "true");
  picture.setAttribute("aria-label", `The ${doc.name} gadget`);
  const where = Object.entries(doc.terminals)
    .map(([n, [r, c]]) => `${n} at (${r}, ${c})`).join("; ");
  $("gadget-caption").textContent = `${doc.name}: inputs ${doc.inputs.join(", ") || "none"},`
    + ` output ${doc.outputs.join(", ")} (${where}; (row, column) from 0 at the top left).`;
  const body = $("truth-table").tBodies[0];
  body.replaceChildren();
  for (const row of doc.truth_table) {
    for (const out of row.outputs) {
      const tr = body.insertRow();
      tr.insertCell().textContent = row.inputs.join(" ") || "–";
      tr.insertCell().textContent = out.values.join(" ");
      tr.insertCell().textContent = String(out.layouts);
    }
  }
}

async function loadGadgets() {
  const select = $("gadget");
  for (const g of await api("GET", "/gadgets")) {
    select.add(new Option(g.name, g.name));
  }
  select.value = "or";
  select.addEventListener("change", () => guarded(() => showGadget(select.value)));
  await showGadget(select.value);
}

async function reduce() {
  const status = $("reduce-status");
  const button = $("reduce");
  button.disabled = true;
  $("result").hidden = true;          // never a stale answer beside a new formula
  status.textContent = "Drawing and deciding…";
  try {
    const doc = await api("POST", "/reduce", {
      text: $("formula").value, parsimonious: $("parsimonious").checked, decide: true,
    });
    $("board-size").textContent = `The ${doc.kind} (${doc.summary}) as a board of `
      + `${doc.rows.toLocaleString()} × ${doc.cols.toLocaleString()} cells, `
      + `${doc.covered.toLocaleString()} of them covered.`;
    const d = doc.decision;
    $("decision").textContent = d.satisfiable
      ? "Satisfiable: the board has a layout, which reads back as "
        + Object.entries(d.assignment).map(([n, v]) => `${n} = ${v ? 1 : 0}`).join(", ") + "."
      : "Unsatisfiable: the board has no layout."
        + (d.contradiction ? ` ${d.contradiction.text}` : "");
    const picture = $("board-picture");
    picture.src = `data:image/png;base64,${doc.png}`;
    picture.alt = `The board of the ${doc.kind}, ${doc.rows} by ${doc.cols} cells`;
    const link = $("board-download");
    URL.revokeObjectURL(link.href);
    link.href = URL.createObjectURL(new Blob([doc.board], { type: "text/plain" }));
    $("result").hidden = false;
    status.textContent = "Done.";
  } catch (error) {
    status.textContent = "";
    throw error;
  } finally {
    button.disabled = false;
  }
}

$("reduce").addEventListener("click", () => guarded(reduce));
guarded(loadGadgets);
