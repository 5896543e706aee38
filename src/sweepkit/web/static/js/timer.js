/**
 * The game clock shown in #timer: the server's `elapsed` is the truth; between replies
 * the page counts on from the last one with performance.now(), to 0.01 s. A finished
 * game's time comes from the server already rounded to the hundredth (its figures' time,
 * the one the statistics show): formatTime leaves such a value as it is.
 */

/** Seconds as shown: two decimals, rounded down (a running clock never shows ahead). */
export function formatTime(seconds) {
  const hundredths = Math.floor(Math.max(0, seconds) * 100 + 1e-6);
  return (hundredths / 100).toFixed(2);
}

export class Timer {
  constructor(el) {
    this.el = el;
    this.base = 0; // elapsed seconds at `since`
    this.since = 0;
    this.running = false;
    this.frame = 0;
    this.tick = this.tick.bind(this);
  }

  /** Follow the server: `elapsed` seconds now; running while the game is being played. */
  sync(elapsed, running) {
    this.base = Number(elapsed) || 0;
    this.since = performance.now();
    this.running = running;
    this.show(this.base);
    if (running && !this.frame) this.frame = requestAnimationFrame(this.tick);
  }

  stop(finalSeconds) {
    this.running = false;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.show(finalSeconds);
  }

  tick(now) {
    this.frame = 0;
    if (!this.running) return;
    this.show(this.base + (now - this.since) / 1000);
    this.frame = requestAnimationFrame(this.tick);
  }

  show(seconds) {
    const text = formatTime(seconds);
    if (this.el.textContent !== text) this.el.textContent = text;
  }
}
