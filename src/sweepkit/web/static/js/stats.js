/**
 * Statistics and replays: a player's summary (GET /api/stats/summary), personal bests,
 * a chart of win rate and time by day (inline SVG), the table of games (GET
 * /api/stats/games: filtered, sorted, paged), a replay of any game (GET
 * /api/stats/games/{id}/replay, or a record file through POST /api/replays) with a
 * timeline, a time typed to go to, speeds up to 16×, the probability overlay of the move
 * shown (overlay.js), play from any move (POST /api/replays/play), and export, import and reset;
 * this browser's players (stats-players.js). Another browser's private player is not
 * shown: the server's sentence says so in place of the tables.
 */

import { Board } from "./board.js";
import { BoardOverlay } from "./overlay.js";
import { packRecord, unpackRecord } from "./records.js";
import {
  $, api, ApiError, download, guarded, initPage, percent, playerName, playUrl, query,
  reasonText, UserError,
} from "./pages.js";
import { PlayersPanel } from "./stats-players.js";

const PAGE = 20;
const STYLES = { all: "All", flag: "Flag", nf: "NF" };
const LEVELS = ["beginner", "intermediate", "expert"];
const RULES = { none: "unprotected", safe: "safe first click", opening: "opening" };

const secs = (v) => (v === null || v === undefined ? "—" : `${Number(v).toFixed(2)} s`);
const num = (v, d = 2) => (v === null || v === undefined ? "—" : Number(v).toFixed(d));
const day = (iso) => (iso || "").slice(0, 10);
const boardOf = (g) => g.level || `${g.rows}×${g.cols}/${g.mines}`;

function cellRow(tr, values, textCols = 0) {
  values.forEach((v, k) => {
    const td = tr.insertCell();
    if (v instanceof Node) td.append(v);
    else td.textContent = v;
    if (k < textCols) td.className = "text";
  });
}

function tag(text, title) {
  const span = document.createElement("span");
  span.className = "tag";
  span.textContent = text;
  if (title) span.title = title;
  return span;
}

/** The style cell of a game: NF or flags, assisted. */
/** One table of best times a level into `box`: `kind` "" for normal boards, "ng" for
 * boards that need no guess (captioned so, ids `bests-ng-LEVEL`). */
function bestTables(box, bests, kind) {
  box.innerHTML = "";
  for (const level of LEVELS) {
    const rows = bests[level] || [];
    const table = document.createElement("table");
    table.className = "data";
    table.id = kind ? `bests-${kind}-${level}` : `bests-${level}`;
    table.createCaption().textContent = level[0].toUpperCase() + level.slice(1) +
      (kind ? ", no guess (NG)" : "");
    const head = table.createTHead().insertRow();
    for (const h of ["#", "Time", "3BV", "3BV/s", "Date", "Style"]) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = h;
      head.append(th);
    }
    const tbody = table.createTBody();
    rows.forEach((g, n) => {
      const tr = tbody.insertRow();
      tr.dataset.id = g.id;
      cellRow(tr, [n + 1, secs(g.time), g.three_bv, num(g.three_bv_per_s), day(g.started),
        styleOf(g)]);
    });
    if (!rows.length) cellRow(tbody.insertRow(), ["—", "no unassisted win", "", "", "", ""]);
    box.append(table);
  }
}

function styleOf(g) {
  const frag = document.createDocumentFragment();
  frag.append(g.flagged ? tag("flags", "flags placed") : tag("NF", "no flag placed"));
  if (g.no_guess) frag.append(" ", tag("NG", "a board that needs no guess"));
  if (g.assisted) {
    frag.append(tag("assisted", `assists: ${Object.keys(g.assists || {}).join(", ")}`));
  }
  if (g.deaths) {
    const n = g.deaths;
    frag.append(tag(`${n} death${n === 1 ? "" : "s"}`, "losing moves taken back (practice)"));
  }
  return frag;
}

class Stats {
  constructor() {
    this.order = "finished";
    this.descending = true;
    this.offset = 0;
    this.total = 0;
    this.replay = null; // {frames, gameId, record, k}
    this.board = new Board($("replay-board"), $("replay-wrap"));
    this.overlay = new BoardOverlay(this.board, (text) => {
      $("r-overlay-note").textContent = text;
    });
    this.timer = 0;
    this.players = new PlayersPanel((name) => this.showPlayer(name));
    this.yours = false; // whether the player shown is this browser's own
  }

  /** The player shown: the field's, else the one this browser plays as. */
  player() {
    return $("player").value.trim() || this.players.defaultName;
  }

  /** Show a player's statistics (the games' filter follows). */
  async showPlayer(name) {
    $("player").value = name;
    $("f-player").value = this.player();
    this.offset = 0;
    await this.refresh();
  }

  async start() {
    initPage();
    this.players.init();
    await guarded(() => this.players.load());
    // The player shown starts as the play page's (else this browser's own); looking at
    // others does not change it.
    $("player").value = this.players.defaultName;
    $("f-player").value = this.player();
    $("player-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.showPlayer(this.player());
    });
    $("filters").addEventListener("submit", (e) => {
      e.preventDefault();
      this.offset = 0;
      guarded(() => this.games());
    });
    for (const th of document.querySelectorAll("#games th[data-order]")) {
      th.querySelector("button").addEventListener("click", () => {
        const order = th.dataset.order;
        if (this.order === order) this.descending = !this.descending;
        else [this.order, this.descending] = [order, order === "finished"];
        this.offset = 0;
        guarded(() => this.games());
      });
    }
    $("prev").addEventListener("click", () => {
      this.offset = Math.max(0, this.offset - PAGE);
      guarded(() => this.games());
    });
    $("next").addEventListener("click", () => {
      this.offset += PAGE;
      guarded(() => this.games());
    });
    this.initReplay();
    this.initFiles();
    await this.openLink();
    await this.refresh();
  }

  async refresh() {
    await guarded(async () => {
      let data = null;
      try {
        data = this.player()
          ? await api("GET", `/stats/summary${query({ player: this.player() })}`) : null;
      } catch (exc) {
        this.shownPlayer(null, exc);
        if (exc instanceof ApiError && exc.status === 403) return; // said in place of the tables
        throw exc;
      }
      this.shownPlayer(data, null);
      if (!data) return;
      await Promise.all([this.summary(data), this.games(), this.chart()]);
    });
    this.resetAllowed();
    this.loads = (this.loads || 0) + 1; // for tests: each refresh done
    document.body.dataset.loads = this.loads;
  }

  /** Follow the player shown: its summary, or the error that refused it. Another
   * browser's private player (403): the server's sentence in place of the tables. The
   * reset form is there for this browser's own player only. */
  shownPlayer(data, error) {
    const refused = error instanceof ApiError && error.status === 403 ? error.message : "";
    this.yours = Boolean(data?.yours);
    $("private-note").textContent = refused
      ? `${refused[0].toUpperCase()}${refused.slice(1)}. To see them here, join the player ` +
        "with a code from one of its devices (in “Your players” above), or ask its owner to " +
        "make it public."
      : "";
    $("private-note").hidden = !refused;
    for (const section of document.querySelectorAll(".player-data")) section.hidden = Boolean(refused);
    $("reset-form").hidden = !this.yours;
    $("reset-help").hidden = !this.yours;
    this.players.follow(data);
  }

  // -- summary, bests, chart -------------------------------------------------------------

  /** The summary table, the abandoned games and the bests, from GET /api/stats/summary. */
  async summary(data) {
    const abandoned = data.abandoned || 0;
    $("abandoned").textContent = `Abandoned (left unfinished 7 days): ${abandoned}`;
    $("abandoned").hidden = !abandoned;
    const body = $("summary").tBodies[0];
    body.innerHTML = "";
    $("summary-empty").hidden = data.groups.length > 0;
    for (const group of data.groups) {
      const name = `${group.board}, ${RULES[group.rule] || group.rule}${
        group.no_guess ? ", no guessing" : ""}`;
      Object.keys(STYLES).forEach((style, k) => {
        const t = group[style];
        const tr = body.insertRow();
        tr.dataset.board = group.board;
        tr.dataset.style = style;
        if (k === 0) {
          tr.className = "group-start";
          const th = document.createElement("th");
          th.scope = "rowgroup";
          th.rowSpan = Object.keys(STYLES).length;
          th.className = "text";
          th.textContent = name;
          tr.append(th);
        }
        cellRow(tr, [STYLES[style], t.played, t.won,
          t.win_rate === null ? "—" : percent(t.win_rate), t.current_streak, t.best_streak,
          secs(t.best_time), secs(t.average_time), num(t.best_3bv_s),
          t.best_efficiency === null ? "—" : percent(t.best_efficiency, 0)], 1);
      });
    }
    bestTables($("bests"), data.bests, "");
    bestTables($("bests-ng"), data.no_guess_bests || {}, "ng");
  }

  /** Win rate and average winning time by day, drawn as inline SVG. */
  async chart() {
    const data = await api("GET", `/stats/games${query({
      player: this.player(), order: "finished", descending: false, limit: 1000,
    })}`);
    const days = new Map();
    for (const g of data.games) {
      const d = day(g.finished || g.started);
      const v = days.get(d) || { played: 0, won: 0, times: [] };
      v.played += 1;
      if (g.won) {
        v.won += 1;
        if (!g.assisted) v.times.push(g.time);
      }
      days.set(d, v);
    }
    const box = $("chart");
    if (!days.size) {
      box.textContent = "No games to chart yet.";
      return;
    }
    const list = [...days.entries()].map(([d, v]) => ({
      d, rate: v.won / v.played, played: v.played,
      time: v.times.length ? v.times.reduce((a, b) => a + b, 0) / v.times.length : null,
    }));
    const W = 640;
    const H = 220;
    const L = 44;
    const R = 52;
    const T = 14;
    const B = 34;
    const maxTime = Math.max(1, ...list.map((p) => p.time || 0));
    const x = (k) => L + (list.length === 1 ? (W - L - R) / 2 : (k * (W - L - R)) / (list.length - 1));
    const yRate = (r) => T + (1 - r) * (H - T - B);
    const yTime = (t) => T + (1 - t / maxTime) * (H - T - B);
    const pts = (f) => list.map((p, k) => (f(p) === null ? null : [x(k), f(p)])).filter(Boolean);
    const ratePts = pts((p) => yRate(p.rate));
    const timePts = pts((p) => (p.time === null ? null : yTime(p.time)));
    const line = (ps) => ps.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ");
    const desc = list.map((p) => `${p.d}: ${p.played} games, ${percent(p.rate, 0)} won${
      p.time === null ? "" : `, ${p.time.toFixed(2)} s average win`}`).join("; ");
    const labels = list.map((p, k) => (list.length <= 8 || k % Math.ceil(list.length / 8) === 0
      ? `<text x="${x(k)}" y="${H - B + 16}" text-anchor="middle">${p.d.slice(5)}</text>` : ""));
    box.innerHTML = `<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img"
      aria-labelledby="chart-svg-title chart-svg-desc">
      <title id="chart-svg-title">Win rate (solid) and average winning time (dashed) by day</title>
      <desc id="chart-svg-desc">${desc}</desc>
      <line class="axis" x1="${L}" y1="${T}" x2="${L}" y2="${H - B}"/>
      <line class="axis" x1="${W - R}" y1="${T}" x2="${W - R}" y2="${H - B}"/>
      <line class="axis" x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}"/>
      <text x="${L - 6}" y="${T + 4}" text-anchor="end">100 %</text>
      <text x="${L - 6}" y="${H - B}" text-anchor="end">0 %</text>
      <text x="${W - R + 6}" y="${T + 4}">${maxTime.toFixed(1)} s</text>
      <text x="${W - R + 6}" y="${H - B}">0 s</text>
      ${labels.join("")}
      <polyline class="win" points="${line(ratePts)}"/>
      ${ratePts.map(([a, b]) => `<circle class="win-dot" cx="${a}" cy="${b}" r="3.5"/>`).join("")}
      <polyline class="time" points="${line(timePts)}"/>
      ${timePts.map(([a, b]) => `<rect class="time-dot" x="${a - 3}" y="${b - 3}" width="6" height="6"/>`).join("")}
    </svg>
    <p class="hint">● solid: win rate (left axis); ■ dashed: average time of unassisted wins (right axis).</p>`;
  }

  // -- the table of games ----------------------------------------------------------------

  filters() {
    const until = $("f-until").value;
    let untilNext = "";
    if (until) {
      const d = new Date(`${until}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 1);
      untilNext = d.toISOString().slice(0, 10);
    }
    return {
      player: $("f-player").value.trim(), level: $("f-level").value, won: $("f-won").value,
      assisted: $("f-assisted").value, flagged: $("f-flagged").value,
      no_guess: $("f-no-guess").value, since: $("f-since").value, until: untilNext,
      min_3bv: $("f-min3bv").value, max_3bv: $("f-max3bv").value,
    };
  }

  async games() {
    const data = await api("GET", `/stats/games${query({
      ...this.filters(), order: this.order, descending: this.descending, limit: PAGE,
      offset: this.offset,
    })}`);
    this.total = data.total;
    const body = $("games").tBodies[0];
    body.innerHTML = "";
    for (const g of data.games) {
      const tr = body.insertRow();
      tr.dataset.id = g.id;
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Replay";
      button.setAttribute("aria-label", `Replay game ${g.id}`);
      button.addEventListener("click", () => guarded(() => this.openStored(g.id)));
      const actions = document.createDocumentFragment();
      const review = Object.assign(document.createElement("a"), {
        href: `static/review.html?game=${g.id}`, textContent: "Review", className: "review-link",
      });
      review.setAttribute("aria-label", `Review game ${g.id}`);
      actions.append(button, " ", review);
      cellRow(tr, [g.started ? g.started.slice(0, 16).replace("T", " ") : "", g.player,
        boardOf(g), g.won ? "won" : "lost", secs(g.time), g.three_bv, num(g.three_bv_per_s),
        g.efficiency === null ? "—" : percent(g.efficiency, 0), styleOf(g), actions], 4);
      tr.cells[8].className = "text";
      tr.cells[9].className = "text";
    }
    if (!data.games.length) {
      const td = body.insertRow().insertCell();
      td.colSpan = 10;
      td.className = "text";
      const [lo, hi] = [$("f-min3bv").value, $("f-max3bv").value];
      const [since, until] = [$("f-since").value, $("f-until").value];
      let why = ""; // a range the wrong way round matches nothing: say so
      if (lo !== "" && hi !== "" && Number(lo) > Number(hi)) {
        why += ` The 3BV range is inverted (from ${lo} to ${hi}).`;
      }
      if (since && until && since > until) why += ` The dates are inverted (from ${since} to ${until}).`;
      td.textContent = `No game matches.${why}`;
    }
    const last = Math.min(this.total, this.offset + PAGE);
    $("page-info").textContent = this.total
      ? `Games ${this.offset + 1}–${last} of ${this.total}` : "No games";
    $("games-caption").textContent = `Sorted by ${this.order}, ${
      this.descending ? "descending" : "ascending"}`;
    $("prev").disabled = this.offset === 0;
    $("next").disabled = last >= this.total;
    for (const th of document.querySelectorAll("#games th[data-order]")) {
      if (th.dataset.order === this.order) {
        th.setAttribute("aria-sort", this.descending ? "descending" : "ascending");
      } else th.removeAttribute("aria-sort");
    }
  }

  // -- replays ---------------------------------------------------------------------------

  initReplay() {
    $("r-slider").addEventListener("input", () => {
      this.pause();
      this.seek(Number($("r-slider").value));
    });
    $("r-back").addEventListener("click", () => {
      this.pause();
      this.seek(this.replay.k - 1);
    });
    $("r-forward").addEventListener("click", () => {
      this.pause();
      this.seek(this.replay.k + 1);
    });
    $("r-play").addEventListener("click", () => (this.timer ? this.pause() : this.play()));
    $("r-overlay").addEventListener("change", () => {
      this.overlay.set($("r-overlay").checked, this.replay?.frames.mines);
    });
    $("r-goto").addEventListener("submit", (e) => {
      e.preventDefault();
      if (!this.replay) return;
      this.pause();
      this.seek(this.moveAt(Number($("r-at").value)));
    });
    $("r-play-here").addEventListener("click", () => guarded(() => this.playFromHere()));
    $("r-text").addEventListener("click", () => guarded(async () => {
      const text = await api("GET", `/stats/games/${this.replay.gameId}/replay.txt`, undefined,
        { text: true });
      download(`sweepkit-replay-${this.replay.gameId}.txt`, text, "text/plain");
    }));
    $("r-json").addEventListener("click", () => guarded(async () => {
      let record = this.replay.record;
      if (!record) ({ record } = await api("GET", `/stats/games/${this.replay.gameId}`));
      download(`sweepkit-game-${this.replay.gameId || "file"}.json`,
        JSON.stringify(record, null, 1), "application/json");
    }));
    $("r-link").addEventListener("click", () => guarded(async () => {
      let record = this.replay.record;
      if (!record) ({ record } = await api("GET", `/stats/games/${this.replay.gameId}`));
      const link = new URL("static/stats.html", document.baseURI);
      link.hash = `replay=${await packRecord(record)}`;
      $("r-link-text").value = link.href;
      $("r-link-text").hidden = false;
      $("r-link-text").select();
      try {
        await navigator.clipboard.writeText(link.href);
        $("r-started").textContent = "Link copied: any copy of sweepkit opens this replay.";
      } catch {
        $("r-started").textContent = "Copy the link below: any copy of sweepkit opens it.";
      }
    }));
    $("r-review").addEventListener("click", () => guarded(async () => {
      const r = this.replay;
      window.location.href = r.gameId !== null
        ? `static/review.html?game=${r.gameId}`
        : `static/review.html#replay=${await packRecord(r.record)}`;
    }));
    $("replay-file").addEventListener("change", () => guarded(async () => {
      const file = $("replay-file").files[0];
      if (!file) return;
      let doc;
      try {
        doc = JSON.parse(await file.text());
      } catch {
        throw new UserError(`${file.name} is not JSON: open a JSON record (Download JSON record)`);
      }
      const { replay } = await api("POST", "/replays", doc);
      const record = doc && doc.record && !doc.rules ? doc.record : doc;
      this.show(replay, { record, about: `From the file ${file.name}` });
    }));
  }

  /** A replay shared as a link (``#replay=...``, see packRecord): shown at once. */
  async openLink() {
    const packed = new URLSearchParams(window.location.hash.slice(1)).get("replay");
    if (!packed) return;
    await guarded(async () => {
      let record;
      try {
        record = await unpackRecord(packed);
      } catch {
        throw new UserError("This replay link is damaged: ask for it again.");
      }
      const { replay } = await api("POST", "/replays", record);
      this.show(replay, { record, about: "A replay from a link" });
    });
  }

  async openStored(id) {
    const data = await api("GET", `/stats/games/${id}/replay`);
    const g = data.game;
    this.show(data.replay, {
      gameId: id,
      about: `Game ${id}: ${g.player}, ${boardOf(g)}, ${g.won ? "won" : "lost"} in ${
        secs(g.time)}, ${day(g.started)}.`,
    });
  }

  show(frames, { gameId = null, record = null, about = "" }) {
    this.pause();
    this.replay = { frames, gameId, record, k: -1 };
    $("replay").hidden = false;
    $("replay-about").textContent = about;
    $("r-slider").max = frames.moves.length;
    $("r-text").disabled = gameId === null;
    $("r-started").textContent = "";
    this.seek(0);
    $("replay-title").focus();
  }

  /** How many moves were made by `t` seconds into the game (the moves at `t` included). */
  moveAt(t) {
    const moves = this.replay.frames.moves;
    let k = 0;
    while (k < moves.length && moves[k].time <= t + 1e-9) k += 1;
    return k;
  }

  /** Show the board after the first k moves. */
  seek(k) {
    const r = this.replay;
    const moves = r.frames.moves;
    k = Math.max(0, Math.min(moves.length, k));
    const { rows, cols, mines } = r.frames;
    if (k < r.k || r.k < 0) {
      this.board.build(rows, cols, ".".repeat(rows * cols));
      r.k = 0;
    }
    for (let j = r.k; j < k; j++) this.board.apply(moves[j].changes);
    r.k = k;
    this.board.setLayer("move", null);
    $("r-slider").value = k;
    const time = k ? moves[k - 1].time : 0;
    $("r-position").textContent = `${k} of ${moves.length} (${time.toFixed(2)} s)`;
    $("r-time").textContent = time.toFixed(2);
    $("r-mines").textContent = String(k ? moves[k - 1].mines_left : mines).padStart(3, "0");
    if (k) {
      const m = moves[k - 1];
      const [row, col] = m.cell;
      // outlined, marked ◉ and named: not by colour alone
      this.board.setLayer("move", new Map([[row * cols + col,
        { cls: "hl-move", note: "the move shown" }]]));
      $("r-move").textContent = `Move ${k}: ${m.kind} (${row}, ${col}) at ${m.time.toFixed(2)} s${
        m.reason ? ` — ${reasonText(m.reason)}` : ""}${
        m.status !== "playing" ? ` — the game is ${m.status}` : ""}.`;
    } else {
      $("r-move").textContent = "Before the first move.";
    }
    $("r-back").disabled = k === 0;
    $("r-forward").disabled = k === moves.length;
    $("r-play-here").disabled = k === moves.length;
    this.overlay.refresh(mines);
  }

  play() {
    const r = this.replay;
    if (!r) return;
    if (r.k >= r.frames.moves.length) this.seek(0);
    $("r-play").textContent = "Pause";
    const tick = () => {
      const moves = r.frames.moves;
      if (r.k >= moves.length) {
        this.pause();
        return;
      }
      this.seek(r.k + 1);
      if (r.k >= moves.length) {
        this.pause();
        return;
      }
      const gap = (moves[r.k].time - moves[r.k - 1].time) * 1000;
      const speed = Number($("r-speed").value);
      this.timer = setTimeout(tick, Math.min(5000, Math.max(0, gap / speed)));
    };
    this.timer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = 0;
    $("r-play").textContent = "Play";
  }

  async playFromHere() {
    const r = this.replay;
    // as the play page's player, else the player shown when it is this browser's own
    // (another's would be refused), else this browser's own (no name sent)
    const player = playerName() || (this.yours ? this.player() : "");
    const body = player ? { moves: r.k, player } : { moves: r.k };
    if (r.gameId !== null) body.game_id = r.gameId;
    else body.record = r.record;
    const state = await api("POST", "/replays/play", body);
    const out = $("r-started");
    out.innerHTML = "";
    out.dataset.game = state.id;
    const link = Object.assign(document.createElement("a"), {
      href: playUrl(state.id), textContent: "open it in the play page",
    });
    out.append(`A new game starts at move ${r.k} (${state.status}): `, link, ".");
  }

  // -- export, import, reset -------------------------------------------------------------

  initFiles() {
    for (const format of ["json", "csv"]) {
      $(`export-${format}`).addEventListener("click", () => guarded(async () => {
        const text = await api("GET", `/stats/export${query({ player: this.player(), format })}`,
          undefined, { text: true });
        const name = `sweepkit-games-${this.player().replace(/[^\w.-]+/g, "_")}.${format}`;
        download(name, text, format === "csv" ? "text/csv" : "application/json");
      }));
    }
    $("import-file").addEventListener("change", () => guarded(async () => {
      const file = $("import-file").files[0];
      if (!file) return;
      const format = /\.csv$/i.test(file.name) ? "csv" : "json";
      $("files-message").textContent = `Importing ${file.name}…`;
      try {
        const done = await api("POST", `/stats/import?format=${format}`, await file.text(), {
          raw: true, type: format === "csv" ? "text/csv" : "application/json",
        });
        $("files-message").textContent = `Imported ${done.added} game${
          done.added === 1 ? "" : "s"} from ${file.name}; ${done.skipped} already stored.`;
      } catch (exc) {
        $("files-message").textContent = `${file.name} was not imported.`;
        throw exc;
      } finally {
        $("import-file").value = "";
      }
      await this.refresh();
    }));
    $("reset-confirm").addEventListener("input", () => this.resetAllowed());
    $("reset-form").addEventListener("submit", (e) => {
      e.preventDefault();
      guarded(async () => {
        const player = this.player();
        const done = await api("POST", "/stats/reset", {
          player, confirm: $("reset-confirm").value.trim(),
        });
        $("reset-confirm").value = "";
        $("files-message").textContent = `Deleted ${done.deleted} game${
          done.deleted === 1 ? "" : "s"} of ${player}.`;
        await this.refresh();
      });
    });
  }

  resetAllowed() {
    $("reset").disabled = !this.yours || $("reset-confirm").value.trim() !== this.player();
  }
}

const stats = new Stats();
window.sweepkitStats = stats;
stats.start();
