/**
 * Sharing on the play page: the link to the board being played (#share, shown in
 * #share-panel and copied to the clipboard where allowed), a shared board's link opened
 * (`#board=TOKEN`: a fresh game of one's own on it), and the read-only view's way on
 * (#play-same: a fresh game of one's own on someone else's finished board).
 */

import * as api from "./api.js";
import { announce, busy, showError } from "./play-messages.js";

const $ = (id) => document.getElementById(id);

/** The token of a shared board's link (`#board=TOKEN`) in the address, or null. */
export function boardToken() {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  return hash.has("board") ? hash.get("board") : null;
}

export class Sharing {
  /** `app`: the page (its session, form and jobs). */
  constructor(app) {
    this.app = app;
  }

  bind() {
    $("share").addEventListener("click", () => this.share());
    $("share-copy").addEventListener("click", () => this.copy());
    $("share-close").addEventListener("click", () => {
      this.hide();
      $("share").focus();
    });
    $("play-same").addEventListener("click", () => this.playSame());
  }

  /** A `#board=` link followed while the page is open opens its board. */
  followHash() {
    window.addEventListener("hashchange", () => {
      const token = boardToken();
      if (token !== null) this.openBoard(token);
    });
  }

  /** Start a fresh game on the board a `#board=` link carries (true once loaded; false
   * with the server's reason shown: a malformed or oversized link). */
  async openBoard(token) {
    const session = this.app.session;
    const generation = ++session.generation;
    this.app.jobs.cancel();
    busy(true);
    try {
      const state = await api.sharedBoard(token, this.app.form.player());
      if (!session.loadFresh(state, generation)) return false;
      announce(`A shared board: ${state.rows} × ${state.cols}, ${state.mines} mines, ` +
        "a fresh game of your own.");
      return true;
    } catch (err) {
      if (generation === session.generation) showError(err);
      return false;
    } finally {
      if (generation === session.generation) busy(false);
    }
  }

  /** Ask for the board's link and show it, copied to the clipboard where allowed. Made
   * while the game is on, the server marks the game assisted (the link shows the board). */
  async share() {
    const session = this.app.session;
    if (!session.game || session.readOnly) return;
    let reply;
    try {
      reply = await api.shareGame(session.game.id);
    } catch (err) {
      await session.failed(err);
      return;
    }
    const link = new URL(reply.link, window.location.href).href;
    // A link by seed tells the seed: the game's line may say it too.
    const seed = reply.by === "seed" ? new URL(link).searchParams.get("seed") : null;
    session.update(seed ? { ...reply.state, seed } : reply.state, false);
    $("share-link").value = link;
    $("share-panel").hidden = false;
    $("share").setAttribute("aria-expanded", "true");
    const how = reply.by === "seed"
      ? "It deals a fresh game with this seed and first-click rule (the same first click " +
        "gives the same board)."
      : "It carries the board itself: a fresh game on exactly this layout.";
    const mark = reply.state.assists?.shared ? " Shared while playing, this game counts as assisted." : "";
    $("share-note").textContent = `${how}${mark}`;
    $("share-link").focus();
    $("share-link").select();
    await this.copy();
  }

  /** Copy the link (the field stays, to copy by hand where the clipboard is refused). */
  async copy() {
    const link = $("share-link").value;
    if (!link) return;
    let copied = false;
    try {
      if (navigator.clipboard?.writeText) {
        await navigator.clipboard.writeText(link);
        copied = true;
      }
    } catch {
      copied = false;
    }
    announce(copied ? "Link copied to the clipboard." : "The link is in the field: copy it from there.");
  }

  hide() {
    $("share-panel").hidden = true;
    $("share").setAttribute("aria-expanded", "false");
  }

  /** The read-only view's way on: a fresh game of your own on the same board. */
  async playSame() {
    const session = this.app.session;
    if (!session.game) return;
    const generation = ++session.generation;
    try {
      const state = await api.freshGame(session.game.id, this.app.form.player());
      if (!session.loadFresh(state, generation)) return;
      announce("A fresh game of your own on the same board.");
      session.board.setFocus(session.board.focusIndex);
    } catch (err) {
      if (generation === session.generation) showError(err);
    }
  }
}
