/**
 * The Statistics page's "Your players" panel: the players this browser owns (GET
 * /api/me), the one shown marked; for the shown player when it is this browser's own,
 * public or private (POST /api/players/{name}/public), a one-time code that lets another
 * device join it (POST .../code), rename (POST .../rename) and delete (DELETE
 * /api/players/{name}); and joining a player with a code made on another device (POST
 * /api/players/join).
 *
 * A player belongs to the browser that first used its name; its games are private until
 * an owner makes them public.
 */

import { $, api, guarded, playerName, setPlayerName } from "./pages.js";

/** Two names of the same player (the server compares them without case). */
const same = (a, b) => (a || "").trim().toLowerCase() === (b || "").trim().toLowerCase();

/** "14:32": a time of day, in the browser's own way. */
const clock = (iso) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** The panel; `show(name)` shows a player's statistics (the page's). */
export class PlayersPanel {
  constructor(show) {
    this.show = show;
    this.mine = []; // this browser's players, oldest first
    this.fallback = ""; // the player this browser plays as when it names none
    this.publicOnes = new Set(); // the public players' names, lower case
    this.shown = null; // {player, yours, public} of the player shown, from its summary
  }

  /** The player shown when the page opens: the play page's name, else this browser's own. */
  get defaultName() {
    return playerName() || this.fallback;
  }

  init() {
    $("toggle-public").addEventListener("click", () => guarded(() => this.togglePublic()));
    $("make-code").addEventListener("click", () => guarded(() => this.makeCode()));
    $("rename-form").addEventListener("submit", (e) => {
      e.preventDefault();
      guarded(() => this.rename());
    });
    $("delete-confirm").addEventListener("input", () => this.deleteAllowed());
    $("delete-form").addEventListener("submit", (e) => {
      e.preventDefault();
      guarded(() => this.remove());
    });
    $("join-form").addEventListener("submit", (e) => {
      e.preventDefault();
      guarded(() => this.join());
    });
  }

  /** This browser's players (and, for the Player field's list, every player it may read). */
  async load() {
    const [me, { players }] = await Promise.all([api("GET", "/me"), api("GET", "/players")]);
    this.mine = me.players;
    this.fallback = me.default;
    $("players-list").replaceChildren(...players.map((p) => new Option(p.name, p.name)));
    this.publicOnes = new Set(players.filter((p) => p.public).map((p) => p.name.toLowerCase()));
    this.render();
  }

  /** The list of this browser's players, the one shown pressed. */
  render() {
    const shownName = this.shown?.player ?? $("player").value;
    $("my-players").replaceChildren(...this.mine.map((name) => {
      const li = document.createElement("li");
      const button = Object.assign(document.createElement("button"), {
        type: "button", textContent: name, className: "player-button",
      });
      const current = same(name, shownName);
      button.setAttribute("aria-pressed", String(current));
      button.setAttribute("aria-label", `Show ${name}${current ? " (shown)" : ""}`);
      button.addEventListener("click", () => this.show(name));
      li.dataset.player = name;
      li.append(button);
      if (this.publicOnes.has(name.toLowerCase())) li.append(" ", tag("public"));
      if (same(name, playerName() || this.fallback)) li.append(" ", tag("plays here"));
      return li;
    }));
  }

  /** Follow the player shown: its summary (`{player, yours, public}`), or null when it
   * cannot be read. The tools are there for this browser's own player only. */
  follow(summary) {
    const changed = !same(summary?.player, this.shown?.player);
    this.shown = summary ? { player: summary.player, yours: summary.yours, public: summary.public } : null;
    const yours = Boolean(this.shown?.yours);
    $("own-tools").hidden = !yours;
    if (changed) {
      $("code-line").hidden = true;
      $("delete-confirm").value = "";
      $("rename-name").value = "";
    }
    if (yours) {
      const name = this.shown.player;
      $("own-name").textContent = name;
      $("privacy-line").textContent = this.shown.public
        ? "Its games are public: anyone using this server can see them."
        : "Its games are private: only your browsers and devices see them.";
      $("toggle-public").textContent = this.shown.public ? "Make private" : "Make public";
    }
    this.deleteAllowed();
    this.render();
  }

  async togglePublic() {
    const { player } = this.shown;
    const done = await api("POST", `/players/${encodeURIComponent(player)}/public`,
      { public: !this.shown.public });
    this.say(done.public ? `${done.player}'s games are public now.`
      : `${done.player}'s games are private now.`);
    await this.load();
    await this.show(done.player);
  }

  /** A one-time code for another device, with when it stops working. */
  async makeCode() {
    const { player } = this.shown;
    const done = await api("POST", `/players/${encodeURIComponent(player)}/code`);
    $("code").textContent = done.code;
    $("code-about").textContent = ` is valid for ${done.minutes} minutes, once (until ${
      clock(done.expires)}). On the other device, open this Statistics page and join “${
      done.player}” with it.`;
    $("code-line").hidden = false;
  }

  async rename() {
    const old = this.shown.player;
    const wanted = $("rename-name").value.trim();
    if (!wanted) return;
    const done = await api("POST", `/players/${encodeURIComponent(old)}/rename`, { name: wanted });
    if (same(playerName(), old)) setPlayerName(done.player); // the play page follows
    this.say(`${old} is now ${done.player}: its games and scores went with it.`);
    await this.load();
    await this.show(done.player);
  }

  deleteAllowed() {
    $("delete").disabled = !this.shown?.yours || $("delete-confirm").value.trim() !== this.shown.player;
  }

  async remove() {
    const { player } = this.shown;
    const done = await api("DELETE", `/players/${encodeURIComponent(player)}`);
    if (same(playerName(), player)) setPlayerName(""); // the play page plays as its own again
    this.say(`Deleted the player ${done.player} and ${done.deleted} game${
      done.deleted === 1 ? "" : "s"}.`);
    await this.load();
    await this.show(this.defaultName);
  }

  /** Join a player with a code made on another device; this browser then plays as it. */
  async join() {
    const name = $("join-name").value.trim();
    const code = $("join-code").value.trim();
    if (!name || !code) return;
    const done = await api("POST", "/players/join", { name, code });
    setPlayerName(done.player);
    $("join-name").value = "";
    $("join-code").value = "";
    this.say(`This browser is one of ${done.player}'s now, and plays as ${done.player}.`);
    await this.load();
    await this.show(done.player);
  }

  say(text) {
    $("mine-message").textContent = text;
  }
}

function tag(text) {
  const span = document.createElement("span");
  span.className = "tag";
  span.textContent = text;
  return span;
}
