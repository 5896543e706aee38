/**
 * The editor's position (and its analysis, if any) drawn on a canvas, for a PNG download.
 */

const SIZE = 28;
const COLOURS = ["#000", "#1747c9", "#17692b", "#c4161c", "#2e2a8f", "#8a1515", "#0b6e6a",
  "#1b1b1b", "#5c5c5c"];

/** A canvas of the cells (?, -, *, 0-8; row-major) with the analysis's shading and
 * probabilities on covered cells when `analysis` is a consistent one. */
export function drawPosition(rows, cols, cells, analysis) {
  const size = SIZE;
  const canvas = document.createElement("canvas");
  canvas.width = cols * size + 2;
  canvas.height = rows * size + 2;
  const g = canvas.getContext("2d");
  g.fillStyle = "#c3c9d1";
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.textAlign = "center";
  g.textBaseline = "middle";
  for (let i = 0; i < cells.length; i++) {
    const x = (i % cols) * size + 1;
    const y = Math.floor(i / cols) * size + 1;
    const ch = cells[i];
    const p = analysis?.consistent
      ? analysis.probability[Math.floor(i / cols)][i % cols] : null;
    g.fillStyle = ch === "?" || ch === "*" ? "#c9ced6" : "#e9ecef";
    if (ch === "?" && p === 0) g.fillStyle = "#bfe8c8";
    if (ch === "?" && p === 1) g.fillStyle = "#f5c2c0";
    g.fillRect(x + 1, y + 1, size - 2, size - 2);
    g.font = `bold ${Math.round(size * 0.6)}px sans-serif`;
    if (ch >= "1" && ch <= "8") {
      g.fillStyle = COLOURS[Number(ch)];
      g.fillText(ch, x + size / 2, y + size / 2 + 1);
    } else if (ch === "*") {
      g.fillStyle = "#c4161c";
      g.beginPath();
      g.moveTo(x + size * 0.35, y + size * 0.2);
      g.lineTo(x + size * 0.75, y + size * 0.38);
      g.lineTo(x + size * 0.35, y + size * 0.56);
      g.fill();
      g.fillStyle = "#1b1b1b";
      g.fillRect(x + size * 0.33, y + size * 0.2, 2, size * 0.58);
      g.fillRect(x + size * 0.22, y + size * 0.74, size * 0.45, 3);
    } else if (ch === "-") {
      g.fillStyle = "#4a5260";
      g.fillText("–", x + size / 2, y + size / 2);
    } else if (ch === "?" && p !== null && p !== undefined) {
      g.fillStyle = "#1b1f24";
      g.font = `${Math.round(size * 0.36)}px monospace`;
      g.fillText(p === 0 ? "✓" : p === 1 ? "✗" : String(Math.round(p * 100)),
        x + size / 2, y + size / 2);
    }
  }
  return canvas;
}
