// cardtable web client: the lobby, a seat or spectator at a game, and replays.
// Plain ES modules; the server sends each viewer only what it may see, and the seat to
// move its legal action texts; a click is mapped to one of those texts.
import { h, clear, seatName } from "./dom.js";
import * as thalara from "./thalara.js";
import * as vale from "./vale.js";

const GAMES = { thalara, vale };
const main = document.getElementById("main");
const statusEl = document.getElementById("status");

async function api(path, options) {
  const res = await fetch(path, options);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(body.detail || `HTTP ${res.status}`);
  return body;
}

function seatKey(id) { return `cardtable:seat:${id}`; }
// Thalara Artifacts seen in conflicts, so one later held in a hand is still drawn whole
function loadArtifacts(id) {
  try { return JSON.parse(localStorage.getItem(`cardtable:artifacts:${id}`) || "{}"); } catch { return {}; }
}
function saveArtifacts(id, artifacts) {
  try { localStorage.setItem(`cardtable:artifacts:${id}`, JSON.stringify(artifacts)); } catch { /* full */ }
}
function saveSeat(id, seat, token) { localStorage.setItem(seatKey(id), JSON.stringify({ seat, token })); }
function loadSeat(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id)) || "null"); } catch { return null; }
}

// ---------------------------------------------------------------- the lobby

async function lobby() {
  document.title = "cardtable — lobby";
  statusEl.textContent = "";
  const meta = await api("/api/meta");
  const lists = h("div.lists");
  const form = createForm(meta, () => fillLists(lists).catch(() => {}));
  clear(main).append(h("div.lobby", {}, form, lists));
  await fillLists(lists);
  const timer = setInterval(() => {
    if (!document.body.contains(lists)) { clearInterval(timer); return; }
    fillLists(lists).catch(() => {});
  }, 5000);
}

function createForm(meta, onCreated) {
  const gameSel = h("select", { name: "game", id: "game" },
    meta.games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select", { name: "players", id: "players" });
  const seatsBox = h("div.seatrows");
  const optsBox = h("div.opts");
  const agentOptions = () => meta.agents.map((a) => h("option", { value: a }, a));
  const current = () => meta.games.find((g) => g.name === gameSel.value);
  function refresh() {
    const g = current();
    const keep = Number(players.value) || 2;
    clear(players).append(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return h("option", { value: n, selected: n === keep ? true : null }, `${n} players`);
    }));
    seatRows();
    clear(optsBox).append(...Object.entries(g.options).filter(([k]) => k !== "cards").map(([k, help]) =>
      h("label.opt", {}, h("span", {}, k), h("input", { name: `opt-${k}`, placeholder: "default", title: help }),
        h("small.muted", {}, help))));
  }
  function seatRows() {
    const n = Number(players.value);
    clear(seatsBox).append(...Array.from({ length: n }, (_, i) => {
      const kind = h("select", { name: `kind-${i}` },
        h("option", { value: "human" }, "person"),
        h("option", { value: "computer", selected: i > 0 ? true : null }, "computer"));
      const agent = h("select", { name: `agent-${i}` }, agentOptions());
      agent.value = meta.agents.includes("greedy") ? "greedy" : meta.agents[0];
      const name = h("input", { name: `name-${i}`, placeholder: `Player ${i + 1}`, size: 10 });
      const sync = () => { agent.disabled = kind.value !== "computer"; };
      kind.addEventListener("change", sync); sync();
      return h("div.seatrow", {}, h("b", {}, `Seat ${i + 1}`), kind, agent, name);
    }));
  }
  gameSel.addEventListener("change", refresh);
  players.addEventListener("change", seatRows);
  const out = h("div.created");
  const form = h("form.create", {
    onsubmit: async (ev) => {
      ev.preventDefault();
      const fd = new FormData(form);
      const n = Number(fd.get("players"));
      const options = {};
      for (const [k, v] of fd.entries()) {
        if (k.startsWith("opt-") && String(v).trim() !== "") {
          let value = String(v).trim();
          try { value = JSON.parse(value); } catch { /* a plain word */ }
          options[k.slice(4)] = value;
        }
      }
      const seats = Array.from({ length: n }, (_, i) => ({
        kind: fd.get(`kind-${i}`), agent: fd.get(`agent-${i}`) || null, name: fd.get(`name-${i}`) || null,
      }));
      const seedText = String(fd.get("seed") || "").trim();
      const spec = { game: fd.get("game"), players: n, options, seats, title: String(fd.get("title") || ""),
        listed: fd.get("listed") === "on", computer_delay_ms: Number(fd.get("delay") || 0) };
      if (seedText) spec.seed = Number(seedText);
      try {
        const made = await api("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
        showCreated(out, made);
        onCreated();
      } catch (err) {
        clear(out).append(h("p.error", {}, err.message));
      }
    },
  },
  h("h2", {}, "New game"),
  h("label", {}, "Game ", gameSel), h("label", {}, " ", players),
  seatsBox,
  h("details", {}, h("summary", {}, "Options"), optsBox,
    h("label.opt", {}, h("span", {}, "seed"), h("input", { name: "seed", placeholder: "random", inputmode: "numeric", title: "a chosen seed is for games with one person: with several, its chooser would know the deal" })),
    h("label.opt", {}, h("span", {}, "title"), h("input", { name: "title", placeholder: "(optional)" })),
    h("label.opt", {}, h("span", {}, "computer pause (ms)"), h("input", { name: "delay", value: "600", inputmode: "numeric" }))),
  h("label", {}, h("input", { type: "checkbox", name: "listed", checked: true }), " list it in the lobby"),
  h("div", {}, h("button.primary", { type: "submit", id: "create" }, "Create game")),
  out);
  refresh();
  return form;
}

function showCreated(out, made) {
  const abs = (p) => new URL(p, location.href).href;
  const mine = made.seats[0];
  clear(out).append(h("div.links", {},
    h("p", {}, "Game created. Each link below is one seat: keep yours, send the others to the other players."),
    made.seats.map((s) => h("div.linkrow", {}, h("b", {}, `Seat ${s.seat + 1} (${s.name})`),
      h("input", { readonly: true, value: abs(s.link), size: 40, onclick: (e) => e.target.select() }))),
    h("div.linkrow", {}, h("b", {}, "Spectators"), h("input", { readonly: true, value: abs(made.watch), size: 40 })),
    mine ? h("a.button.primary", { href: mine.link, id: "play-link" }, `Play seat ${mine.seat + 1}`) :
      h("a.button.primary", { href: made.watch }, "Watch")));
}

async function fillLists(box) {
  const [open, playing, over] = await Promise.all(["open", "playing", "over"].map((s) => api(`/api/games?status=${s}`)));
  const row = (g, buttons) => h("li", { "data-game": g.id }, h("b", {}, g.title), ` · ${g.players} players · `,
    g.seats.map((s) => h(`span.seatchip${s.connected ? ".on" : ""}`, { title: s.kind }, s.name)), " ", buttons);
  const join = (g) => h("button", { onclick: async () => {
    try {
      const seat = await api(`/api/games/${g.id}/join`, { method: "POST" });
      location.href = seat.link;
    } catch (err) { alert(err.message); }
  } }, "Join");
  const watch = (g) => h("a.button", { href: `/g/${g.id}?watch=1` }, "Watch");
  const replayBtn = (g) => h("a.button", { href: `/g/${g.id}?replay=0` }, "Replay");
  clear(box).append(
    h("h2", {}, "Open games"),
    open.length ? h("ul.games", {}, open.map((g) => row(g, [join(g), watch(g)]))) : h("p.muted", {}, "No open game: create one."),
    h("h2", {}, "Being played"),
    h("ul.games", {}, playing.slice(0, 20).map((g) => row(g, [watch(g)]))),
    h("h2", {}, "Finished"),
    h("ul.games", {}, over.slice(0, 20).map((g) => row(g, [replayBtn(g)]))));
}

// ---------------------------------------------------------------- a game

class Table {
  constructor(id, seat, token) {
    this.id = id;
    this.seat = seat;
    this.token = token;
    this.mod = null;
    this.ctx = { me: seat, seats: [], catalogue: null, artifacts: loadArtifacts(id), legal: [] };
    this.snap = null;
    this.log = [];
    this.selection = [];
    this.waiting = false;
    this.retry = 500;
    this.lastEvents = [];
    this.build();
    this.connect();
  }

  build() {
    this.turnEl = h("div.turn-banner", { id: "turn" });
    this.boardEl = h("div.board-wrap", { id: "board" });
    this.choicesEl = h("div.choices", { id: "choices" });
    this.actionsEl = h("div.actions", { id: "actions" });
    this.logEl = h("ol.log", { id: "log" });
    this.lastEl = h("div.last", { id: "last" });
    this.errorEl = h("div.error", { id: "error", role: "alert" });
    this.seatsEl = h("div.presence", { id: "presence" });
    this.undoBtn = h("button", { id: "undo", hidden: true, onclick: () => this.send({ type: "undo" }) }, "Undo my last action");
    clear(main).append(h("div.game", {},
      h("div.bar", {}, this.turnEl, this.seatsEl),
      this.lastEl, this.errorEl,
      h("div.layout", {},
        this.boardEl,
        h("aside.side", {},
          h("div.panel.move-panel", {}, h("h3", {}, "Your move"), this.choicesEl, this.actionsEl, this.undoBtn),
          h("div.panel", {}, h("h3", {}, "Game log"), this.logEl)))));
    document.addEventListener("keydown", (e) => { if (e.key === "Escape") this.resetSelection(); });
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.id}`);
    this.ws = ws;
    statusEl.textContent = "connecting…";
    ws.onopen = () => {
      this.retry = 500;
      ws.send(JSON.stringify({ type: "hello", seat: this.seat, token: this.token }));
    };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      statusEl.textContent = "connection lost — reconnecting…";
      statusEl.className = "status bad";
      this.waiting = false;
      setTimeout(() => this.connect(), this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  onMessage(msg) {
    switch (msg.type) {
      case "welcome":
      case "sync":
        this.mod = GAMES[msg.game];
        this.ctx.seats = msg.seats;
        this.ctx.catalogue = msg.catalogue;
        this.title = msg.title;
        document.title = `${msg.title} — cardtable`;
        this.log = msg.log;
        if (msg.type === "welcome" && this.seat !== null && msg.seat === null) this.seat = null;
        statusEl.textContent = this.seat === null ? "watching" : `seat ${this.seat + 1}`;
        statusEl.className = "status ok";
        this.lastEvents = msg.log.length ? msg.log[msg.log.length - 1].events : [];
        this.setSnapshot(msg);
        break;
      case "update":
        this.log.push({ n: msg.n, seat: msg.seat, action: msg.action, events: msg.events });
        this.lastEvents = msg.events;
        this.setSnapshot(msg);
        break;
      case "presence":
        this.spectators = msg.spectators;
        if (this.snap) { this.snap.connected = msg.connected; this.drawPresence(); }
        break;
      case "ack":
        break;
      case "error":
        this.waiting = false;
        if (msg.code === "bad_token" || msg.code === "bad_seat") {
          // the stored seat is not valid for this game: watch instead
          localStorage.removeItem(seatKey(this.id));
          this.seat = null;
          this.ctx.me = null;
          this.send({ type: "hello" });
        }
        if (msg.code === "no_game") { this.ws = null; clear(main).append(h("p.error", {}, msg.message)); return; }
        this.errorEl.textContent = msg.message;
        this.draw();
        break;
      default:
        break;
    }
  }

  setSnapshot(msg) {
    this.snap = msg;
    this.waiting = false;
    this.selection = [];
    this.errorEl.textContent = "";
    this.ctx.me = this.seat;
    this.ctx.legal = msg.legal;
    this.draw();
  }

  resetSelection() { this.selection = []; this.draw(); }

  paths() {
    return this.snap.legal.map((text) => ({ text, path: this.mod.pathFor(text, this.ctx) }));
  }

  candidates() {
    const sel = this.selection;
    return this.paths().filter((p) => sel.every((k, i) => p.path[i] === k));
  }

  act(text) {
    if (this.waiting) return;
    this.waiting = true;
    this.selection = [];
    this.send({ type: "act", action: text, n: this.snap.n });
    this.draw();
  }

  click(key) {
    const sel = [...this.selection, key];
    const cands = this.paths().filter((p) => sel.every((k, i) => p.path[i] === k));
    if (cands.length === 0) return;
    if (cands.length === 1) { this.act(cands[0].text); return; }
    this.selection = sel;
    this.draw();
  }

  draw() {
    if (!this.snap || !this.mod) return;
    const s = this.snap;
    this.drawTurn();
    this.drawPresence();
    // the board, then the clickable parts
    clear(this.boardEl).append(this.mod.render(s.observation, this.ctx));
    saveArtifacts(this.id, this.ctx.artifacts);
    const cands = this.waiting ? [] : this.candidates();
    const next = new Set(cands.filter((p) => p.path.length > this.selection.length).map((p) => p.path[this.selection.length]));
    for (const el of this.boardEl.querySelectorAll("[data-keys]")) {
      const keys = el.getAttribute("data-keys").split(" ");
      if (keys.some((k) => this.selection.includes(k))) el.classList.add("selected");
      const key = keys.find((k) => next.has(k));
      if (key) {
        el.classList.add("legal");
        el.tabIndex = 0;
        el.addEventListener("click", (e) => { e.stopPropagation(); this.click(key); });
        el.addEventListener("keydown", (e) => { if (e.key === "Enter") { e.stopPropagation(); this.click(key); } });
      }
    }
    // the choices and the full list of legal actions as buttons
    clear(this.choicesEl);
    if (this.selection.length) {
      this.choicesEl.append(h("div.small", {}, "Choose:"),
        h("div.btns", {}, cands.map((p) => h("button.choice", { "data-action": p.text, onclick: () => this.act(p.text) }, p.text)),
          h("button.cancel", { onclick: () => this.resetSelection() }, "Cancel")));
    }
    clear(this.actionsEl);
    if (s.legal.length) {
      const all = this.paths();
      const plain = all.filter((p) => p.path.length === 0);
      this.actionsEl.append(...[
        plain.length ? h("div.btns.main", {}, plain.map((p) => this.actionButton(p.text))) : null,
        h("details.all", { open: s.legal.length <= 8 ? true : null }, h("summary", {}, `All legal actions (${s.legal.length})`),
          h("div.btns", {}, all.map((p) => this.actionButton(p.text))))].filter(Boolean));
    } else if (!s.over) {
      this.actionsEl.append(h("p.muted", {}, this.seat === null ? "You are watching." : "Waiting for the other players…"));
    }
    this.undoBtn.hidden = !s.can_undo;
    this.drawLog();
  }

  actionButton(text) {
    return h("button.act", { "data-action": text, disabled: this.waiting ? true : null, onclick: () => this.act(text) }, text);
  }

  drawTurn() {
    const s = this.snap;
    clear(this.turnEl);
    this.turnEl.className = "turn-banner";
    if (s.over) {
      this.turnEl.classList.add("over");
      const winners = (s.winners || []).map((w) => seatName(this.ctx, w)).join(" and ");
      this.turnEl.append(h("b", {}, `Game over — ${winners || "nobody"} won`),
        s.scores ? ` · scores ${s.scores.join(" / ")}` : "",
        " ", h("a.button", { href: `/g/${this.id}?replay=0`, id: "replay-link" }, "Replay"),
        " ", h("a.button", { href: `/api/games/${this.id}/record`, download: `${this.id}.json` }, "Saved game"));
    } else if (s.current_player === this.seat && this.seat !== null) {
      this.turnEl.classList.add("mine");
      this.turnEl.append(h("b", {}, "Your turn"), this.waiting ? " · sending…" : "");
    } else {
      this.turnEl.append(`Waiting for ${seatName(this.ctx, s.current_player)}`);
    }
    this.turnEl.append(h("span.small.muted", {}, ` · ${this.title} · action ${s.n}`));
  }

  drawPresence() {
    const s = this.snap;
    clear(this.seatsEl).append(...this.ctx.seats.map((seat) => h(
      `span.seatchip${s.connected[seat.seat] ? ".on" : ""}${s.current_player === seat.seat ? ".now" : ""}`,
      { title: seat.kind === "computer" ? `computer (${seat.agent})` : (s.connected[seat.seat] ? "connected" : "not connected") },
      seat.kind === "computer" ? "⚙ " : "", seatName(this.ctx, seat.seat))),
    this.spectators ? h("span.small.muted", { id: "spectators" }, ` ${this.spectators} watching`) : "");
  }

  drawLog() {
    const entries = this.log.slice(-200);
    clear(this.logEl).append(...entries.map((e) => h("li", {}, h("span.n", {}, e.n),
      e.events.map((ev) => ev.text).join(" · ") || (e.action ? e.action : `${seatName(this.ctx, e.seat)} acted`))));
    this.logEl.scrollTop = this.logEl.scrollHeight;
    clear(this.lastEl);
    const recent = this.log.slice(-3);
    if (recent.length) {
      this.lastEl.append(h("b", {}, "Last moves: "), ...recent.map((e, i) => h(`span.move${i === recent.length - 1 ? ".newest" : ""}`, {},
        e.events.map((ev) => ev.text).join(" · ") || `${seatName(this.ctx, e.seat)} acted`)));
    }
  }
}

// ---------------------------------------------------------------- replays

async function replayPage(id, step) {
  let total = 0;
  let mod = null;
  const ctx = { me: null, seats: [], catalogue: null, artifacts: {}, legal: [] };
  const info = await api(`/api/games/${id}`);
  ctx.seats = info.seats;
  const board = h("div.board-wrap", { id: "board" });
  const eventsEl = h("div.last", { id: "replay-events" });
  const counter = h("span", { id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, value: step, id: "replay-slider" });
  const go = async (k) => {
    const r = await api(`/api/games/${id}/replay/${k}`);
    if (r.catalogue) ctx.catalogue = r.catalogue;
    total = r.total;
    step = r.step;
    slider.max = total;
    slider.value = step;
    mod = GAMES[info.game];
    counter.textContent = `action ${step} of ${total}`;
    clear(eventsEl).append(step ? h("b", {}, `${seatName(ctx, r.seat)}: `) : "", r.events.map((e) => e.text).join(" · ") || "the start");
    clear(board).append(mod.render(r.observation, ctx));
    history.replaceState(null, "", `/g/${id}?replay=${step}`);
  };
  if (step > 0) await api(`/api/games/${id}/replay/0`).then((r) => { ctx.catalogue = r.catalogue; });
  slider.addEventListener("change", () => go(Number(slider.value)));
  const btn = (label, f, idName) => h("button", { onclick: () => go(Math.max(0, Math.min(total, f()))), id: idName }, label);
  clear(main).append(h("div.game", {},
    h("div.bar", {}, h("b", {}, `Replay: ${info.title}`), " ",
      btn("|◀", () => 0, "replay-first"), btn("◀", () => step - 1, "replay-prev"),
      btn("▶", () => step + 1, "replay-next"), btn("▶|", () => total, "replay-last"), " ", counter, slider),
    eventsEl, board));
  statusEl.textContent = "replay";
  await go(step);
}

// ---------------------------------------------------------------- routing

function route() {
  const m = /^\/g\/([A-Za-z0-9]+)$/.exec(location.pathname);
  if (!m) { lobby().catch((e) => clear(main).append(h("p.error", {}, e.message))); return; }
  const id = m[1];
  const params = new URLSearchParams(location.search);
  if (params.has("replay")) {
    replayPage(id, Number(params.get("replay")) || 0).catch((e) => clear(main).append(h("p.error", {}, e.message)));
    return;
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token")) {
    saveSeat(id, Number(hash.get("seat")), hash.get("token"));
    history.replaceState(null, "", `/g/${id}`); // the secret stays in this browser only
  }
  const stored = params.has("watch") ? null : loadSeat(id);
  window.cardtable = new Table(id, stored ? stored.seat : null, stored ? stored.token : null);
}

route();
