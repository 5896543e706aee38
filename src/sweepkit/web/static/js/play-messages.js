/**
 * The play page's words to the player: the status line read aloud (#status), the error box
 * (#error) with the offer of a way on beside it (#offer), and the busy state of the page
 * while a game loads.
 */

import { ApiError } from "./api.js";

const $ = (id) => document.getElementById(id);

let offerAction = null; // what the offer button (#offer-button) does

/** Say `text` in the status line (a live region: screen readers read it out). */
export function announce(text) {
  $("status").textContent = text;
}

/** Show an error for people: an ApiError's message, or a plain sentence. */
export function showError(err) {
  const text =
    typeof err === "string"
      ? err
      : err instanceof ApiError
        ? err.message
        : "Something went wrong on this page; try a new game.";
  const box = $("error");
  box.textContent = text;
  box.hidden = false;
}

/** The error box's text ("" when none is shown). */
export const errorText = () => $("error").textContent;

export function clearError() {
  const box = $("error");
  if (!box.hidden) {
    box.hidden = true;
    box.textContent = "";
  }
}

/** A button beside the error that offers a way on ("Play a normal board instead"). */
export function offer(text, action) {
  $("offer-button").textContent = text;
  offerAction = action;
  $("offer").hidden = false;
}

export function clearOffer() {
  $("offer").hidden = true;
  offerAction = null;
}

/** The offer button runs its action once (the offer is cleared first). */
export function bindOffer() {
  $("offer-button").addEventListener("click", () => {
    const action = offerAction;
    clearOffer();
    if (action) action();
  });
}

/** The page while a game loads (or a board is made): dimmed, the board aria-busy. */
export function busy(on) {
  document.body.classList.toggle("loading", on);
  $("board").setAttribute("aria-busy", on ? "true" : "false");
}
