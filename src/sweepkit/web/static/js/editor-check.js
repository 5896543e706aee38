/**
 * What makes a position impossible at a glance, before any analysis: a number with fewer
 * neighbours that could be mines than it says, or more known mines around it; a mine count
 * below the known mines, above what the board can hold, or not a whole number. Each
 * problem says what and where ((row, column) from 0, as everywhere in the editor).
 */

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The problems of a position: [{text, cells}] (cells: the flat indices at fault; empty for
 * the mine count). `cells` holds ?, -, *, 0-8; `mines` is null (none given), a number, or
 * NaN (not one).
 */
export function problems(rows, cols, cells, mines) {
  const out = [];
  for (let i = 0; i < cells.length; i++) {
    const ch = cells[i];
    if (ch < "0" || ch > "8") continue;
    const n = Number(ch);
    const r = Math.floor(i / cols);
    const c = i % cols;
    let open = 0;
    let known = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) {
          const v = cells[rr * cols + cc];
          if (v === "?" || v === "*") open += 1;
          if (v === "*") known += 1;
        }
      }
    }
    if (n > open) {
      out.push({ cells: [i], text: `the ${n} at (${r}, ${c}) has only ${
        plural(open, "neighbour")} that could hold a mine` });
    } else if (n < known) {
      out.push({ cells: [i], text: `the ${n} at (${r}, ${c}) already touches ${
        plural(known, "known mine")}` });
    }
  }
  if (mines !== null) {
    const known = cells.filter((ch) => ch === "*").length;
    const unknown = cells.filter((ch) => ch === "?").length;
    if (!Number.isInteger(mines) || mines < 0) {
      out.push({ cells: [], text: "the mine count is not a whole number" });
    } else if (mines < known) {
      out.push({ cells: [], text: `the mine count ${mines} is below the ${
        plural(known, "known mine")}` });
    } else if (mines > known + unknown) {
      out.push({ cells: [], text: `the mine count ${mines} is more than the ${
        plural(known, "known mine")} and ${plural(unknown, "unknown cell")} can hold` });
    }
  }
  return out;
}
