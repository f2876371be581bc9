// cardtable web client: the lobby, a seat or spectator at a game, and replays.
// Plain ES modules; the server sends each viewer only what it may see, and the seat to
// move its legal action texts; a click is mapped to one of those texts.
import { h, clear, seatName, inWords } from "./dom.js";
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
  const players = h("select", { name: "players", id: "players", "aria-label": "number of players" });
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
      const kind = h("select", { name: `kind-${i}`, "aria-label": `seat ${i + 1}: person or computer` },
        h("option", { value: "human" }, "person"),
        h("option", { value: "computer", selected: i > 0 ? true : null }, "computer"));
      const agent = h("select", { name: `agent-${i}`, "aria-label": `seat ${i + 1}: computer level` }, agentOptions());
      agent.value = meta.agents.includes("greedy") ? "greedy" : meta.agents[0];
      const name = h("input", { name: `name-${i}`, placeholder: `Player ${i + 1}`, size: 10, "aria-label": `seat ${i + 1}: name` });
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

export function showCreated(out, made) {
  const abs = (p) => new URL(p, location.href).href;
  const mine = made.seats[0];
  clear(out).append(h("div.links", {},
    h("p", {}, "Game created. Each link below is one seat: keep yours, send the others to the other players."),
    made.seats.map((s) => h("div.linkrow", {}, h("b", {}, `Seat ${s.seat + 1} (${s.name})`),
      h("input", { readonly: true, value: abs(s.link), size: 40, "aria-label": `link of seat ${s.seat + 1}`, onclick: (e) => e.target.select() }))),
    h("div.linkrow", {}, h("b", {}, "Spectators"), h("input", { readonly: true, value: abs(made.watch), size: 40, "aria-label": "spectators' link" })),
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

const PHONE = window.matchMedia("(max-width: 820px)");
const ALERTS_KEY = "cardtable:alerts";
const ALERT_DEFAULTS = { title: true, sound: false, notify: false };
function loadAlerts() {
  try { return { ...ALERT_DEFAULTS, ...JSON.parse(localStorage.getItem(ALERTS_KEY) || "{}") }; } catch { return { ...ALERT_DEFAULTS }; }
}
function saveAlerts(alerts) {
  try { localStorage.setItem(ALERTS_KEY, JSON.stringify(alerts)); } catch { /* private mode */ }
}

/** A short two-note chime, made on the spot (no sound file to fetch). */
function chime() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  const audio = new Ctx();
  [660, 880].forEach((freq, i) => {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    gain.gain.value = 0.08;
    osc.connect(gain).connect(audio.destination);
    osc.start(audio.currentTime + i * 0.15);
    osc.stop(audio.currentTime + i * 0.15 + 0.12);
  });
  setTimeout(() => audio.close(), 800);
}

const SOURCE_WORDS = { summon: "summoning {}", effect: "{}'s effect", hourglass: "{}'s hourglass effect",
  artifact: "Artifact {}", resolution: "hourglass effects", other: "other" };

class Table {
  constructor(id, seat, token) {
    this.id = id;
    this.seat = seat;
    this.token = token;
    this.mod = null;
    this.ctx = { me: seat, seats: [], catalogue: null, words: null, legal: [] };
    this.about = null;
    this.snap = null;
    this.log = [];
    this.selection = [];
    this.waiting = false;
    this.retry = 500;
    this.offline = false;
    this.lastEvents = [];
    this.alerts = loadAlerts();
    this.myTurn = false;
    this.tab = "table";
    this.keyboard = false;
    this.build();
    this.connect();
    this.loadAbout();
  }

  async loadAbout() {
    try {
      this.about = await api(`/api/games/${this.id}/about`);
      this.ctx.catalogue = this.about.catalogue;
      this.ctx.words = this.about.words;
      this.draw();
    } catch { /* the welcome's catalogue still draws the cards */ }
  }

  build() {
    this.turnEl = h("div.turn-banner", { id: "turn", role: "status", "aria-live": "polite" });
    this.boardEl = h("div.board-wrap", { id: "board" });
    this.choicesEl = h("div.choices", { id: "choices" });
    this.actionsEl = h("div.actions", { id: "actions" });
    this.logEl = h("ol.log", { id: "log", "aria-label": "game log" });
    this.lastEl = h("div.last", { id: "last", "aria-live": "polite" });
    this.errorEl = h("div.error", { id: "error", role: "alert" });
    this.seatsEl = h("div.presence", { id: "presence" });
    this.endEl = h("section.endscreen", { id: "end", hidden: true, "aria-label": "the end of the game" });
    this.offlineEl = h("div.offline-banner", { id: "offline", role: "alert", hidden: true });
    this.undoBtn = h("button", { id: "undo", hidden: true, onclick: () => this.send({ type: "undo" }) }, "Undo my last action");
    this.zoomEl = h("dialog.zoom", { id: "zoom", "aria-label": "card" });
    this.rulesEl = h("dialog.rules", { id: "rules", "aria-label": "rules" });
    const tab = (name, text) => h("button.tab", { role: "tab", "data-tab": name, id: `tab-${name}`,
      onclick: () => { this.tab = name; this.drawTabs(); } }, text);
    this.tabsEl = h("nav.tabs", { id: "tabs", "aria-label": "parts of the table" },
      h("div.tablist", { role: "tablist" }, tab("table", "Table"), tab("players", "Players"), tab("log", "Log")),
      h("button", { id: "rules-tab", onclick: () => this.openRules() }, "Rules"));
    const alertBox = (key, text) => h("label.alert-opt", {}, h("input", {
      type: "checkbox", id: `alert-${key}`, checked: this.alerts[key] ? true : null,
      onchange: (e) => this.setAlert(key, e.target.checked) }), ` ${text}`);
    this.layoutEl = h("div.layout", {},
      this.boardEl,
      h("aside.side", {},
        h("div.panel.move-panel", { "aria-label": "your move" }, h("h2.h3", {}, "Your move"), this.choicesEl, this.actionsEl, this.undoBtn),
        h("div.panel.log-panel", {}, h("h2.h3", {}, "Game log"), this.logEl),
        h("details.panel.alerts", {}, h("summary", {}, "Turn alerts"),
          alertBox("title", "mark the tab title on my turn"),
          alertBox("sound", "a short sound on my turn"),
          alertBox("notify", "a notification when this tab is hidden"))));
    this.gameEl = h("div.game", { "data-tab": this.tab },
      h("div.bar", {}, this.turnEl, this.seatsEl,
        h("button", { id: "rules-btn", onclick: () => this.openRules() }, "Rules")),
      this.offlineEl, this.endEl, this.lastEl, this.errorEl, this.tabsEl, this.layoutEl,
      this.zoomEl, this.rulesEl);
    clear(main).append(this.gameEl);
    this.drawTabs();
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !this.zoomEl.open && !this.rulesEl.open) this.resetSelection(); });
    // a card is zoomed by a click (when it is not a move), a right click or a long press
    this.boardEl.addEventListener("click", (e) => {
      if (this.pressed) { this.pressed = false; e.stopPropagation(); e.preventDefault(); return; }
      const el = e.target.closest("[data-zoom]");
      if (el && !el.classList.contains("legal") && !e.target.closest(".legal")) this.openZoom(el.getAttribute("data-zoom"));
    }, true);
    this.boardEl.addEventListener("contextmenu", (e) => {
      const el = e.target.closest("[data-zoom]");
      if (el) { e.preventDefault(); this.openZoom(el.getAttribute("data-zoom")); }
    });
    this.boardEl.addEventListener("pointerdown", (e) => {
      const el = e.target.closest("[data-zoom]");
      if (!el) return;
      clearTimeout(this.pressTimer);
      this.pressTimer = setTimeout(() => { this.pressed = true; this.openZoom(el.getAttribute("data-zoom")); }, 550);
    });
    for (const ev of ["pointerup", "pointerleave", "pointercancel", "pointermove"]) {
      this.boardEl.addEventListener(ev, (e) => { if (ev !== "pointermove" || Math.abs(e.movementX) + Math.abs(e.movementY) > 4) clearTimeout(this.pressTimer); });
    }
  }

  drawTabs() {
    this.gameEl.setAttribute("data-tab", this.tab);
    for (const b of this.tabsEl.querySelectorAll("button[role=tab]")) b.setAttribute("aria-selected", String(b.getAttribute("data-tab") === this.tab));
  }

  setAlert(key, on) {
    this.alerts[key] = on;
    saveAlerts(this.alerts);
    if (key === "notify" && on && "Notification" in window && Notification.permission === "default") {
      Notification.requestPermission().catch(() => {});
    }
    this.drawTitle();
  }

  openZoom(spec) {
    if (!this.mod || !this.mod.zoom) return;
    const at = spec.indexOf(":");
    const card = this.mod.zoom(spec.slice(0, at), spec.slice(at + 1), this.ctx);
    clear(this.zoomEl).append(card,
      h("div.dialog-btns", {}, h("button", { id: "zoom-close", onclick: () => this.zoomEl.close() }, "Close")));
    if (!this.zoomEl.open) this.zoomEl.showModal();
    this.zoomEl.querySelector("#zoom-close").focus();
  }

  openRules() {
    const a = this.about;
    clear(this.rulesEl).append(...[
      h("h2", {}, a ? `Rules: ${a.title}` : "Rules"),
      ...(a ? a.rules.split("\n\n").map((p) => h("p", {}, p)) : [h("p", {}, "The rules are loading…")]),
      a ? h("h3", {}, "Notation") : null,
      a ? h("p.small", {}, "Every action has a text form (it is what the “All legal actions” list shows and what a saved game stores):") : null,
      a ? h("pre.notation", {}, a.notation) : null,
      h("div.dialog-btns", {}, h("button", { id: "rules-close", onclick: () => this.rulesEl.close() }, "Close"))].filter(Boolean));
    if (!this.rulesEl.open) this.rulesEl.showModal();
    this.rulesEl.querySelector("#rules-close").focus();
  }

  connect() {
    clearInterval(this.countdown);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.id}`);
    this.ws = ws;
    if (!this.offline) statusEl.textContent = "connecting…";
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
      this.setOffline(true, this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    };
  }

  /** While disconnected the table is greyed and cannot be used; a countdown to the next try. */
  setOffline(on, wait) {
    this.offline = on;
    this.gameEl.classList.toggle("offline", on);
    if (on) this.layoutEl.setAttribute("inert", ""); else this.layoutEl.removeAttribute("inert");
    clearInterval(this.countdown);
    clearTimeout(this.reconnectTimer);
    this.offlineEl.hidden = !on;
    if (!on) return;
    const due = Date.now() + wait;
    const tick = () => {
      const left = Math.max(0, Math.ceil((due - Date.now()) / 1000));
      clear(this.offlineEl).append(h("b", {}, "Connection lost. "),
        left > 0 ? `Trying again in ${left} s… ` : "Trying again… ",
        h("button", { id: "retry-now", onclick: () => this.connect() }, "Retry now"));
    };
    tick();
    this.countdown = setInterval(tick, 250);
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
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
        if (msg.catalogue && !this.about) this.ctx.catalogue = msg.catalogue;
        this.title = msg.title;
        this.log = msg.log;
        if (msg.type === "welcome" && this.seat !== null && msg.seat === null) this.seat = null;
        statusEl.textContent = this.seat === null ? "watching" : `seat ${this.seat + 1}`;
        statusEl.className = "status ok";
        this.setOffline(false);
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
        this.errorEl.textContent = inWords(this.ctx, msg.message);
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
    const mine = !msg.over && this.seat !== null && msg.current_player === this.seat && msg.legal.length > 0;
    if (mine && !this.myTurn) this.turnAlert();
    this.myTurn = mine;
    this.draw();
  }

  /** Your turn has come: the tab title, and if allowed a sound and a notification. */
  turnAlert() {
    if (this.alerts.sound) { try { chime(); } catch { /* no audio */ } }
    if (this.alerts.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification("cardtable: your turn", { body: this.title, tag: `cardtable-${this.id}` }); } catch { /* not allowed here */ }
    }
  }

  drawTitle() {
    const base = `${this.title || "cardtable"} — cardtable`;
    document.title = this.myTurn && this.alerts.title ? `● Your turn — ${base}` : base;
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
    if (this.waiting || this.offline) return;
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

  label(text) { return this.mod.label ? this.mod.label(text, this.ctx) : text; }

  draw() {
    if (!this.snap || !this.mod) return;
    const s = this.snap;
    this.drawTitle();
    this.drawTurn();
    this.drawPresence();
    this.drawEnd();
    // the board, then the clickable parts
    clear(this.boardEl).append(this.mod.render(s.observation, this.ctx));
    const cands = this.waiting ? [] : this.candidates();
    const next = new Set(cands.filter((p) => p.path.length > this.selection.length).map((p) => p.path[this.selection.length]));
    for (const el of this.boardEl.querySelectorAll("[data-keys]")) {
      const keys = el.getAttribute("data-keys").split(" ");
      if (keys.some((k) => this.selection.includes(k))) el.classList.add("selected");
      const key = keys.find((k) => next.has(k));
      if (key) {
        el.classList.add("legal");
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", `choose ${el.getAttribute("aria-label") || key.replace(":", " ")}`);
        el.addEventListener("click", (e) => { e.stopPropagation(); this.keyboard = false; this.click(key); });
        el.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); this.keyboard = true; this.click(key); }
          const zoomable = el.hasAttribute("data-zoom") ? el : el.querySelector("[data-zoom]");
          if ((e.key === "z" || e.key === "Z") && zoomable) { e.preventDefault(); this.openZoom(zoomable.getAttribute("data-zoom")); }
        });
      }
    }
    // the choices and the full list of legal actions as buttons
    clear(this.choicesEl);
    if (this.selection.length) {
      this.choicesEl.append(h("div.small", {}, "Choose:"),
        h("div.btns", {}, cands.map((p) => h("button.choice", { "data-action": p.text, onclick: () => this.act(p.text) }, this.label(p.text))),
          h("button.cancel", { onclick: () => this.resetSelection() }, "Cancel")));
    }
    clear(this.actionsEl);
    if (s.legal.length) {
      const all = this.paths();
      const plain = all.filter((p) => p.path.length === 0);
      this.actionsEl.append(...[
        plain.length ? h("div.btns.main", {}, plain.map((p) => this.actionButton(p.text, this.label(p.text)))) : null,
        h("details.all", { open: s.legal.length <= 8 && !PHONE.matches ? true : null }, h("summary", {}, `All legal actions (${s.legal.length})`),
          h("div.btns", {}, all.map((p) => this.actionButton(p.text, p.text))))].filter(Boolean));
    } else if (!s.over) {
      this.actionsEl.append(h("p.muted", {}, this.seat === null ? "You are watching." : "Waiting for the other players…"));
    }
    this.undoBtn.hidden = !s.can_undo;
    this.drawLog();
    if (this.keyboard && !this.waiting) {
      const first = this.boardEl.querySelector(".legal") || this.choicesEl.querySelector("button") || this.actionsEl.querySelector("button");
      if (first) first.focus();
    }
  }

  actionButton(text, shown) {
    return h("button.act", { "data-action": text, title: text, disabled: this.waiting ? true : null, onclick: () => this.act(text) }, shown);
  }

  drawTurn() {
    const s = this.snap;
    clear(this.turnEl);
    this.turnEl.className = "turn-banner";
    if (s.over) {
      this.turnEl.classList.add("over");
      const winners = (s.winners || []).map((w) => seatName(this.ctx, w)).join(" and ");
      this.turnEl.append(h("b", {}, `Game over — ${winners || "nobody"} won`));
    } else if (s.current_player === this.seat && this.seat !== null) {
      this.turnEl.classList.add("mine");
      this.turnEl.append(h("b", {}, "Your turn"), this.waiting ? " · sending…" : "");
    } else {
      this.turnEl.append(`Waiting for ${seatName(this.ctx, s.current_player)}`);
    }
    this.turnEl.append(h("span.small.muted", {}, ` · ${this.title} · action ${s.n}`));
  }

  /** The end screen: scores with each player's breakdown, why it ended, the tie-break. */
  drawEnd() {
    const s = this.snap;
    this.endEl.hidden = !s.over;
    if (!s.over) return;
    const end = s.observation.end || {};
    const ctx = this.ctx;
    const rows = (end.players || []).map((p) => {
      const won = (s.winners || []).includes(p.seat);
      if ("stars" in p) {
        return h(`tr${won ? ".won" : ""}`, {}, h("th", { scope: "row" }, seatName(ctx, p.seat), won ? " — winner" : ""),
          h("td.num", {}, `${p.stars} ★`),
          h("td", {}, p.artifacts.length ? p.artifacts.map((a) => `${a.name} (${a.color} ${"★".repeat(a.stars)})`).join(", ") : "no Artifact"));
      }
      const parts = [`start ${p.start}`, ...p.sources.map((x) => `${(SOURCE_WORDS[x.kind] || "{}").replace("{}", x.source ? inWords(ctx, x.source) : "").trim()} ${x.points > 0 ? "+" : ""}${x.points}`)];
      return h(`tr${won ? ".won" : ""}`, {}, h("th", { scope: "row" }, seatName(ctx, p.seat), won ? " — winner" : ""),
        h("td.num", {}, `${p.score} pts`),
        h("td", {}, h("div", {}, parts.join(" · ")),
          h("div.small", {}, `stones: ${p.stones.red} red, ${p.stones.blue} blue, ${p.stones.purple} purple · summoned: ${p.area.map((c) => inWords(ctx, c)).join(", ") || "none"}`)));
    });
    const thalara = (end.players || []).some((p) => "stars" in p);
    const winners = (s.winners || []).map((w) => seatName(ctx, w)).join(" and ");
    clear(this.endEl).append(...[
      h("h2", {}, `Game over — ${winners || "nobody"} won`),
      end.text ? h("p", { id: "end-reason" }, `Why it ended: ${inWords(ctx, end.text)}.`) : null,
      end.tie_break ? h("p", { id: "tie-break" }, `Tie-break: ${inWords(ctx, end.tie_break.text)}.`) : null,
      h("table.scores", { id: "end-scores" }, h("caption", {}, "Final scores"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, thalara ? "Stars" : "Points"),
          h("th", { scope: "col" }, thalara ? "Artifacts won" : "Points by source, stones, summoned cards"))),
        h("tbody", {}, rows)),
      h("div.btns", {},
        h("button.primary", { id: "rematch", onclick: () => this.rematch() }, "Rematch"),
        h("a.button", { href: "/", id: "new-game" }, "New game"),
        h("a.button", { href: `/g/${this.id}?replay=0`, id: "replay-link" }, "Replay"),
        h("a.button", { href: `/api/games/${this.id}/record`, download: `${this.id}.json`, id: "download" }, "Download the saved game")),
      h("div", { id: "rematch-out" })].filter(Boolean));
  }

  /** For now a rematch is a new game with the same seats' settings (a new deal). */
  async rematch() {
    const out = this.endEl.querySelector("#rematch-out");
    try {
      const about = this.about || await api(`/api/games/${this.id}/about`);
      const made = await api("/api/games", { method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify(about.setup) });
      const mine = made.seats.find((x) => x.seat === this.seat);
      if (mine && made.seats.length === 1) { location.href = mine.link; return; }
      showCreated(clear(out), made);
    } catch (err) {
      clear(out).append(h("p.error", {}, err.message));
    }
  }

  drawPresence() {
    const s = this.snap;
    clear(this.seatsEl).append(...this.ctx.seats.map((seat) => h(
      `span.seatchip${s.connected[seat.seat] ? ".on" : ""}${s.current_player === seat.seat ? ".now" : ""}`,
      { title: seat.kind === "computer" ? `computer (${seat.agent})` : (s.connected[seat.seat] ? "connected" : "not connected") },
      seat.kind === "computer" ? "⚙ " : (s.connected[seat.seat] ? "● " : "○ "), seatName(this.ctx, seat.seat),
      s.current_player === seat.seat ? " ◀" : "")),
    this.spectators ? h("span.small.muted", { id: "spectators" }, ` ${this.spectators} watching`) : "");
  }

  logText(e) {
    return e.events.map((ev) => inWords(this.ctx, ev.text)).join(" · ") || (e.action ? this.label(e.action) : `${seatName(this.ctx, e.seat)} acted`);
  }

  drawLog() {
    const entries = this.log.slice(-200);
    clear(this.logEl).append(...entries.map((e) => h("li", {}, h("span.n", {}, e.n), this.logText(e))));
    this.logEl.scrollTop = this.logEl.scrollHeight;
    clear(this.lastEl);
    const recent = this.log.slice(-3);
    if (recent.length) {
      this.lastEl.append(h("b", {}, "Last moves: "), ...recent.map((e, i) => h(`span.move${i === recent.length - 1 ? ".newest" : ""}`, {},
        this.logText(e))));
    }
  }
}

// ---------------------------------------------------------------- replays

async function replayPage(id, step) {
  let total = 0;
  let mod = null;
  const ctx = { me: null, seats: [], catalogue: null, words: null, legal: [] };
  const [info, about] = await Promise.all([api(`/api/games/${id}`), api(`/api/games/${id}/about`)]);
  ctx.seats = info.seats;
  ctx.catalogue = about.catalogue;
  ctx.words = about.words;
  const board = h("div.board-wrap", { id: "board" });
  const eventsEl = h("div.last", { id: "replay-events", "aria-live": "polite" });
  const counter = h("span", { id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, value: step, id: "replay-slider", "aria-label": "action number" });
  const go = async (k) => {
    const r = await api(`/api/games/${id}/replay/${k}`);
    total = r.total;
    step = r.step;
    slider.max = total;
    slider.value = step;
    mod = GAMES[info.game];
    counter.textContent = `action ${step} of ${total}`;
    clear(eventsEl).append(step ? h("b", {}, `${seatName(ctx, r.seat)}: `) : "", r.events.map((e) => inWords(ctx, e.text)).join(" · ") || "the start");
    clear(board).append(mod.render(r.observation, ctx));
    history.replaceState(null, "", `/g/${id}?replay=${step}`);
  };
  slider.addEventListener("change", () => go(Number(slider.value)));
  const btn = (label, f, idName, name) => h("button", { onclick: () => go(Math.max(0, Math.min(total, f()))), id: idName, "aria-label": name }, label);
  clear(main).append(h("div.game", {},
    h("div.bar", {}, h("b", {}, `Replay: ${info.title}`), " ",
      btn("|◀", () => 0, "replay-first", "first"), btn("◀", () => step - 1, "replay-prev", "previous"),
      btn("▶", () => step + 1, "replay-next", "next"), btn("▶|", () => total, "replay-last", "last"), " ", counter, slider),
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
