/**
 * `.board` text read in the browser, for the editor: a 2-D grid of ?, -, *, 0-8 with an
 * optional mine count (`docs/board-format.md`; the server's reader, `sweepkit.boardfile`,
 * is the reference and reads everything the editor sends).
 */

/** The largest side the editor takes. */
export const MAX = 200;

/** Parse `.board` text into {rows, cols, cells (array of ?,0-8,*,-), mines}; throws Error. */
export function parseBoard(text) {
  let mines = null;
  let shape = null; // [rows, cols, line] of a `shape:` header
  const rows = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, n) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const header = /^([a-z]+)\s*:\s*(.*)$/i.exec(line);
    if (header && !rows.length) {
      const [, key, value] = header;
      if (key.toLowerCase() === "mines") {
        if (!/^\d+$/.test(value.trim())) throw new Error(`line ${n + 1}: mines must be a whole number`);
        mines = Number(value.trim());
      } else if (key.toLowerCase() === "topology") {
        if (value.trim() !== "grid") throw new Error(`line ${n + 1}: the editor takes grid boards`);
      } else if (key.toLowerCase() === "shape") {
        const sizes = value.trim().split(/\s*x\s*/i);
        if (sizes.length < 2 || !sizes.every((v) => /^\d+$/.test(v) && Number(v) >= 1)) {
          throw new Error(`line ${n + 1}: shape ${JSON.stringify(value.trim())} is not two ` +
            "or more sizes joined by x (such as 9x9)");
        }
        if (sizes.length > 2) {
          throw new Error(`line ${n + 1}: the editor takes 2-D boards, not shape ${sizes.join("x")}`);
        }
        shape = [Number(sizes[0]), Number(sizes[1]), n + 1];
      } else {
        throw new Error(`line ${n + 1}: unknown header ${JSON.stringify(key)}`);
      }
      return;
    }
    const row = [];
    let col = 0;
    for (const ch of raw) {
      col += 1;
      if (/\s/.test(ch)) continue;
      if (ch === "?" || ch === ".") row.push("?");
      else if (ch === "*" || ch === "F" || ch === "B") row.push("*");
      else if (ch === "-" || (ch >= "0" && ch <= "8")) row.push(ch);
      else throw new Error(`line ${n + 1}, column ${col}: ${JSON.stringify(ch)} is not a cell`);
    }
    if (rows.length && row.length !== rows[0].length) {
      throw new Error(`line ${n + 1}: ${row.length} cells where the first row has ${rows[0].length}`);
    }
    rows.push(row);
  });
  if (!rows.length) throw new Error("the text has no rows");
  const cells = rows.flat();
  if (mines !== null && mines > cells.length) {
    throw new Error(`mines: ${mines} exceeds the ${cells.length} cells of the board`);
  }
  const known = cells.filter((ch) => ch === "*").length;
  if (mines !== null && mines < known) {
    throw new Error(`mines: ${mines} is fewer than the board's ${known} known mines`);
  }
  if (shape && (shape[0] !== rows.length || shape[1] !== rows[0].length)) {
    throw new Error(`line ${shape[2]}: shape ${shape[0]}x${shape[1]} but the board is ` +
      `${rows.length}x${rows[0].length}`);
  }
  if (rows.length > MAX || rows[0].length > MAX) throw new Error(`the editor takes up to ${MAX}×${MAX}`);
  return { rows: rows.length, cols: rows[0].length, cells, mines };
}
