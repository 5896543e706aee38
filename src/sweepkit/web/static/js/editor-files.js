/**
 * Files in and out of the editor: `.board` text and MBF, Minesweeper X's binary board (its
 * codec is the server's, `sweepkit.mbf`, through POST /api/mbf/to-board and
 * /api/mbf/from-board: the same bytes both ways). A file named `.mbf`, or any file holding
 * control bytes no text has, is read as MBF; anything else as `.board` text.
 */

import { api, download } from "./pages.js";

/** Whether bytes are a binary file rather than text (a control byte other than tab, line
 * feed, carriage return or form feed). */
export function looksBinary(bytes) {
  return bytes.some((b) => b < 9 || (b > 13 && b < 32) || b === 11 || b === 127);
}

/** The `.board` text of a file (an MBF file read by the server) and its kind: {text, kind};
 * throws ApiError with the server's sentence for a malformed MBF file. */
export async function readBoardFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (/\.mbf$/i.test(file.name) || looksBinary(bytes)) {
    const { board } = await api("POST", "/mbf/to-board", bytes, { raw: true });
    return { text: board, kind: "MBF" };
  }
  return { text: new TextDecoder().decode(bytes), kind: ".board" };
}

/** Download a position (`.board` text) as an MBF file of its known mines. */
export async function downloadMbf(boardText, name = "position.mbf") {
  const blob = await api("POST", "/mbf/from-board", { board: boardText }, { blob: true });
  download(name, blob, "application/octet-stream");
  return blob.size;
}

/** Whether a drag carries files (or text) the editor can take. */
export const carriesBoard = (e) => {
  const types = Array.from(e.dataTransfer?.types || []);
  return types.includes("Files") || types.includes("text/plain");
};
