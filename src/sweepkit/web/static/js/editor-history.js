/**
 * The editor's undo and redo: a list of states (strings), one a step, with the step now
 * shown. A step may be merged into the one before it (the wheel turned on one cell, digits
 * typed in one field) when it carries the same `merge` key and nothing was undone between.
 */

export class History {
  constructor(limit = 200) {
    this.limit = limit;
    this.steps = [];
    this.at = -1;
  }

  /** Forget every step: `state` is the only one. */
  reset(state) {
    this.steps = [{ state, merge: null }];
    this.at = 0;
  }

  /** The state now shown (null before the first). */
  get current() {
    return this.at >= 0 ? this.steps[this.at].state : null;
  }

  /** Record the state after an edit; false when it is the state already shown. */
  record(state, merge = null) {
    if (this.at < 0) {
      this.reset(state);
      return true;
    }
    if (this.steps[this.at].state === state) return false;
    this.steps.length = this.at + 1; // what was undone cannot be redone after an edit
    if (merge !== null && this.at > 0 && this.steps[this.at].merge === merge) {
      this.steps[this.at] = { state, merge };
      return true;
    }
    this.steps.push({ state, merge });
    if (this.steps.length > this.limit) this.steps.shift();
    this.at = this.steps.length - 1;
    return true;
  }

  get canUndo() {
    return this.at > 0;
  }

  get canRedo() {
    return this.at < this.steps.length - 1;
  }

  /** The state one step back (null when there is none). */
  undo() {
    if (!this.canUndo) return null;
    this.steps[this.at].merge = null; // an edit after this is a step of its own
    this.at -= 1;
    this.steps[this.at].merge = null;
    return this.steps[this.at].state;
  }

  /** The state one step forward again (null when there is none). */
  redo() {
    if (!this.canRedo) return null;
    this.at += 1;
    this.steps[this.at].merge = null;
    return this.steps[this.at].state;
  }
}
