/**
 * The play page's running job (a no-guess board being made, a hint being thought): the
 * line that says so with its Cancel button (#making) while it runs, and the cancel itself.
 * The polling is api.js's `runJob`; this holds the AbortController it is cancelled by.
 */

const $ = (id) => document.getElementById(id);

export class JobPanel {
  constructor() {
    this.controller = null; // the running job's, while it runs
  }

  bind() {
    $("making-cancel").addEventListener("click", () => this.cancel());
  }

  /** Run a job, `start(signal)` (api.js's moveJob, hintJob), saying `text` with Cancel
   * meanwhile; the job's promise (its result, or its JobError). */
  async run(text, start) {
    const controller = new AbortController();
    this.controller = controller;
    $("making-text").textContent = text;
    $("making").hidden = false;
    try {
      return await start(controller.signal);
    } finally {
      if (this.controller === controller) {
        this.controller = null;
        $("making").hidden = true;
      }
    }
  }

  /** Cancel the running job, if any: the server stops it and the game stays unchanged;
   * the job's promise says how it ended. */
  cancel() {
    this.controller?.abort();
  }
}
