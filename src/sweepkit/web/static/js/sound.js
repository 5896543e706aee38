/**
 * Sound: short sounds made with the Web Audio API (no audio file) for a cell opened, a
 * flag placed or taken off, a win and a loss. Off until the player turns it on with the
 * mute button (#sound), whose state the settings keep across reloads (`settings.sound`).
 *
 * The audio context is made at the first press on the page (a browser lets a page play
 * sound only after the player has touched it), or when the button turns sound on.
 */

const $ = (id) => document.getElementById(id);

/** Each sound: its notes, [frequency Hz, start s, length s, wave, volume]; a note with
 * an end frequency slides to it. */
const SOUNDS = {
  open: [[660, 0, 0.05, "triangle", 0.18]],
  flag: [[880, 0, 0.04, "square", 0.06], [1320, 0.05, 0.05, "square", 0.06]],
  unflag: [[1320, 0, 0.04, "square", 0.05], [880, 0.05, 0.05, "square", 0.05]],
  win: [[523, 0, 0.12, "sine", 0.2], [659, 0.11, 0.12, "sine", 0.2],
    [784, 0.22, 0.12, "sine", 0.2], [1047, 0.33, 0.3, "sine", 0.22]],
  loss: [[220, 0, 0.45, "sawtooth", 0.16, 55], [110, 0.02, 0.5, "square", 0.08, 40]],
};

export class Sound {
  constructor(settings) {
    this.settings = settings;
    this.context = null;
    this.played = []; // the last sounds played, newest last (the tests read it)
  }

  get on() {
    return Boolean(this.settings.sound);
  }

  /** The mute button drawn and bound; the first press on the page makes the context. */
  bind() {
    const button = $("sound");
    this.show();
    button.addEventListener("click", () => {
      this.settings.sound = !this.on;
      this.settings.save();
      this.show();
      if (this.on) this.play("flag"); // a sound says it is on
    });
    const wake = () => {
      if (this.on) this.audio();
    };
    document.addEventListener("pointerdown", wake, { capture: true });
    document.addEventListener("keydown", wake, { capture: true });
  }

  show() {
    const button = $("sound");
    button.setAttribute("aria-pressed", String(this.on));
    button.querySelector(".sound-icon").textContent = this.on ? "🔊" : "🔇";
    button.title = this.on ? "Sound is on: press to mute" : "Sound is off: press to hear it";
  }

  /** The audio context, made (or woken) now; null where the browser has none. */
  audio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (!this.context) this.context = new Context();
    if (this.context.state === "suspended") this.context.resume().catch(() => {});
    return this.context;
  }

  /** Play one of SOUNDS by name (nothing while muted). */
  play(name) {
    if (!this.on || !SOUNDS[name]) return;
    this.played.push(name);
    if (this.played.length > 50) this.played.shift();
    const ctx = this.audio();
    if (!ctx) return;
    const now = ctx.currentTime;
    for (const [freq, start, length, wave, volume, slideTo] of SOUNDS[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.setValueAtTime(freq, now + start);
      if (slideTo) osc.frequency.exponentialRampToValueAtTime(slideTo, now + start + length);
      gain.gain.setValueAtTime(volume, now + start);
      gain.gain.exponentialRampToValueAtTime(0.001, now + start + length);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.02);
    }
  }

  /** The sound of a move's reply ({changes, state}): the end of the game, else a cell
   * opened, else a flag placed or taken off. */
  forMove(reply) {
    const status = reply.state?.status;
    const codes = (reply.changes || []).map(([, code]) => code);
    if (status === "won") this.play("win");
    else if (status === "lost") this.play("loss");
    else if (codes.some((c) => c >= "0" && c <= "8")) this.play("open");
    else if (codes.includes("F")) this.play("flag");
    else if (codes.includes(".")) this.play("unflag");
  }
}
