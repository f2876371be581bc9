// cardtable web client: the lobby, a seat or spectator at a game, and replays.
// Plain ES modules; the server sends each viewer only what it may see, and the seat to
// move its legal action texts; a click is mapped to one of those texts.
import { h, clear, seatName, inWords, modal } from "./dom.js";
import { api, loadSeat, saveSeat, forgetSeat } from "./api.js";
import { lobby } from "./lobby.js";
import { seatClock, clockNotes } from "./clocks.js";
import { EndScreen } from "./endscreen.js";
import { decisionNote } from "./analysis.js";
import * as thalara from "./thalara.js";
import * as vale from "./vale.js";

const GAMES = { thalara, vale };
const main = document.getElementById("main");
const statusEl = document.getElementById("status");

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

// close codes (docs/web.md): the game is gone; too many messages; reconnect at once
const CLOSE_GONE = { 4404: "no_game", 4410: "abandoned" };
const CLOSE_SLOW = 4429;
const CLOSE_RESYNC = new Set([4503, 1009, 1007]);
const SLOW_RETRY_MS = 15000;
const CLOCK_TICK_MS = 250;
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

class Table {
  constructor(id, seat, token, wantsAnalysis, joined = false) {
    this.id = id;
    this.seat = seat;
    this.token = token;
    this.joined = joined;     // an open seat taken from the lobby: it cannot abandon the game
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
    this.clock = null;        // the clocks as last received, and when (performance.now())
    this.clockAt = 0;
    this.rematch = null;
    this.hint = null;         // {id, n, actions, error}: the hint asked for at action n
    this.hintSeq = 0;
    this.staleHints = 0;      // answers that came after the game moved on (ignored)
    this.stopped = false;     // the game is gone (abandoned, or none): no reconnecting
    this.quickRetries = [];
    this.end = new EndScreen(this, wantsAnalysis);
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
    this.logEl = h("ol.log", { id: "log", "aria-label": "game log", tabindex: 0 });   // scrollable: reachable by keyboard
    this.lastEl = h("div.last", { id: "last", "aria-live": "polite" });
    this.errorEl = h("div.error", { id: "error", role: "alert" });
    this.seatsEl = h("div.presence", { id: "presence" });
    this.endEl = this.end.el;
    this.noticeEl = h("div.notice", { id: "notice", role: "alert", hidden: true });
    this.clockNotesEl = h("div.clock-notes", { id: "clock-notes", role: "status", hidden: true });
    this.hintEl = h("div.hint", { id: "hint" });
    this.hintBtn = h("button", { id: "hint-btn", hidden: true, onclick: () => this.requestHint() }, "Hint");
    this.abandonBtn = h("button.danger", { id: "abandon", hidden: true, onclick: () => this.askAbandon() }, "Abandon the game…");
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
        this.movePanel = h("div.panel.move-panel", { "aria-label": "your move" }, h("h2.h3", {}, "Your move"), this.choicesEl, this.actionsEl,
          h("div.btns.helpers", {}, this.hintBtn, this.undoBtn), this.hintEl),
        h("div.panel.log-panel", {}, h("h2.h3", {}, "Game log"), this.logEl),
        h("details.panel.alerts", {}, h("summary", {}, "Turn alerts"),
          alertBox("title", "mark the tab title on my turn"),
          alertBox("sound", "a short sound on my turn"),
          alertBox("notify", "a notification when this tab is hidden")),
        h("div.panel.game-panel", { id: "game-panel" }, this.abandonBtn)));
    this.gameEl = h("div.game.live", { "data-tab": this.tab },
      h("div.bar", {}, this.turnEl, this.seatsEl,
        h("button", { id: "rules-btn", onclick: () => this.openRules() }, "Rules")),
      this.clockNotesEl, this.noticeEl, this.offlineEl, this.endEl, this.lastEl, this.errorEl, this.tabsEl, this.layoutEl,
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
    if (this.stopped) return;
    clearInterval(this.countdown);
    clearTimeout(this.reconnectTimer);
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.id}`);
    this.ws = ws;
    if (!this.offline) statusEl.textContent = "connecting…";
    ws.onopen = () => {
      this.retry = 500;
      ws.send(JSON.stringify({ type: "hello", seat: this.seat, token: this.token }));
    };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = (ev) => this.closed(ws, ev.code);
  }

  /** The connection closed: the close code says whether and when to come back. */
  closed(ws, code) {
    if (this.ws !== ws || this.stopped) return;
    if (CLOSE_GONE[code]) { this.gone(CLOSE_GONE[code]); return; }
    this.waiting = false;
    let wait = this.retry;
    let why = "Connection lost.";
    const now = Date.now();
    this.quickRetries = this.quickRetries.filter((t) => now - t < 30000);
    if (code === CLOSE_SLOW) {
      wait = SLOW_RETRY_MS;
      why = "The server asked this page to wait (too many messages or connections).";
    } else if (CLOSE_RESYNC.has(code) && this.quickRetries.length < 3) {
      // the server dropped what it had queued for us: the welcome brings the table up to date
      this.quickRetries.push(now);
      wait = 0;
      why = "The connection was reset.";
    } else {
      this.retry = Math.min(this.retry * 2, 5000);
    }
    statusEl.textContent = "connection lost — reconnecting…";
    statusEl.className = "status bad";
    this.setOffline(true, wait, why);
  }

  /** While disconnected the table is greyed and cannot be used; a countdown to the next try. */
  setOffline(on, wait, why) {
    this.offline = on;
    this.gameEl.classList.toggle("offline", on);
    this.setInert(on);
    clearInterval(this.countdown);
    clearTimeout(this.reconnectTimer);
    this.offlineEl.hidden = !on;
    if (!on) return;
    const due = Date.now() + wait;
    const tick = () => {
      const left = Math.max(0, Math.ceil((due - Date.now()) / 1000));
      clear(this.offlineEl).append(h("b", {}, `${why} `),
        left > 0 ? `Trying again in ${left} s… ` : "Trying again… ",
        h("button", { id: "retry-now", onclick: () => this.connect() }, "Retry now"));
    };
    tick();
    this.countdown = setInterval(tick, 250);
    this.reconnectTimer = setTimeout(() => this.connect(), wait);
  }

  setInert(on) {
    if (on) this.layoutEl.setAttribute("inert", ""); else this.layoutEl.removeAttribute("inert");
  }

  /** A prominent message at the top of the table (role alert), with its buttons. */
  notice(kind, ...parts) {
    this.noticeEl.hidden = false;
    this.noticeEl.setAttribute("data-kind", kind);
    clear(this.noticeEl).append(...parts);
  }

  /** The game is gone (abandoned, or there is none): say so, and never reconnect. */
  gone(kind, text) {
    this.stopped = true;
    this.setOffline(false);
    const ws = this.ws;
    this.ws = null;
    if (ws) { try { ws.close(); } catch { /* closing already */ } }
    clearInterval(this.clockTimer);
    this.gameEl.classList.add("gone");
    this.setInert(true);
    statusEl.textContent = kind === "abandoned" ? "abandoned" : "no such game";
    statusEl.className = "status bad";
    const lobbyLink = h("a.button", { href: "/", id: "to-lobby" }, "Back to the lobby");
    if (kind === "abandoned") {
      this.notice(kind, h("b", {}, "This game was abandoned. "),
        "A player gave it up: nobody can play it on, and it has left the lobby. ", lobbyLink);
    } else {
      this.notice(kind, h("b", {}, "There is no such game. "), text ? `${text}. ` : "", "It may have been abandoned, or the link is mistyped. ", lobbyLink);
    }
    this.abandonBtn.hidden = true;
  }

  /** The seat link's token is not (or no longer) valid: say so; watching is a choice. */
  badLink(message) {
    statusEl.textContent = "seat link not valid";
    statusEl.className = "status bad";
    const seat = this.seat;
    this.notice("bad_token", h("b", {}, "This seat link is not valid. "),
      `${capital(inWords(this.ctx, message))}. The seat may have been given to somebody else, or the link was copied wrong: ask whoever sent it for a new one. `,
      h("button", { id: "watch-instead", onclick: () => this.watchInstead() }, "Watch as a spectator"));
    this.badSeat = seat;
  }

  watchInstead() {
    forgetSeat(this.id);
    this.seat = null;
    this.token = null;
    this.ctx.me = null;
    this.noticeEl.hidden = true;
    history.replaceState(null, "", `/g/${this.id}?watch=1`);
    this.send({ type: "hello" });
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  async refreshSeats() {
    try {
      const info = await api(`/api/games/${this.id}`);
      let changed = false;
      for (const seat of info.seats) {
        const mine = this.ctx.seats[seat.seat];
        if (mine && mine.name !== seat.name) { mine.name = seat.name; changed = true; }
      }
      if (changed) this.draw();
    } catch { /* the names stay as they were */ }
  }

  /** The clocks of a state or seats message, from the moment it arrived. */
  setClock(clock) {
    this.clock = clock || null;
    this.clockAt = performance.now();
    clearInterval(this.clockTimer);
    if (this.clock && this.clock.started && this.clock.running !== null && !this.stopped) {
      this.clockTimer = setInterval(() => this.tickClock(), CLOCK_TICK_MS);
    }
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
        this.rematch = msg.rematch || null;
        statusEl.textContent = this.seat === null ? "watching" : `seat ${this.seat + 1}`;
        statusEl.className = "status ok";
        this.noticeEl.hidden = true;
        this.setOffline(false);
        this.lastEvents = msg.log.length ? msg.log[msg.log.length - 1].events : [];
        this.setSnapshot(msg);
        break;
      case "update":
        this.log.push({ n: msg.n, seat: msg.seat, action: msg.action, by: msg.by, events: msg.events });
        this.lastEvents = msg.events;
        this.setSnapshot(msg);
        break;
      case "seats":
        // a seat's time ran out or it came back, a seat was taken: names, clocks, presence
        this.ctx.seats = msg.seats;
        if (this.snap) { this.snap.connected = msg.connected; this.snap.clock = msg.clock; }
        this.setClock(msg.clock);
        this.draw();
        break;
      case "presence": {
        this.spectators = msg.spectators;
        if (!this.snap) break;
        const arrived = msg.connected.some((on, seat) => on && !this.snap.connected[seat]);
        this.snap.connected = msg.connected;
        this.drawPresence();
        // somebody who took an open seat may have given a name: the server sends no
        // message for a join, so the seats are read again when a seat comes
        if (arrived) this.refreshSeats();
        break;
      }
      case "rematch":
        this.rematch = msg.by === undefined ? null : { by: msg.by, accepted: msg.accepted, declined: msg.declined, next: msg.next };
        if (this.rematch && this.rematch.next && this.rematch.next.link) {
          // every seat accepted: the next game is made, with this seat's new token
          const next = this.rematch.next;
          saveSeat(next.id, next.seat, next.token);
          location.assign(`/g/${next.id}`);
          return;
        }
        this.end.rematchError = "";
        this.draw();
        break;
      case "hint":
        if (!this.hint || msg.id !== this.hint.id || !this.snap || msg.n !== this.snap.n) { this.staleHints += 1; return; }
        this.hint.actions = msg.actions;
        this.draw();
        break;
      case "ack":
      case "pong":
        break;
      case "error":
        this.onError(msg);
        break;
      default:
        break;
    }
  }

  onError(msg) {
    this.waiting = false;
    switch (msg.code) {
      case "bad_token":
      case "bad_seat":
        this.badLink(msg.message);
        return;
      case "abandoned":
        this.gone("abandoned");
        return;
      case "no_game":
        this.gone("no_game", msg.message);
        return;
      case "no_hint":
        if (this.hint && msg.id === this.hint.id) { this.hint.error = msg.message; this.draw(); }
        return;
      case "no_rematch":
        this.end.rematchError = msg.message;
        this.draw();
        return;
      default:
        this.errorEl.textContent = inWords(this.ctx, msg.message);
        this.draw();
    }
  }

  setSnapshot(msg) {
    this.snap = msg;
    this.gameEl.classList.add("ready");
    this.waiting = false;
    this.selection = [];
    this.errorEl.textContent = "";
    this.ctx.me = this.seat;
    this.ctx.legal = msg.legal;
    this.setClock(msg.clock);
    if (this.hint && this.hint.n !== msg.n) this.hint = null;
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
    this.drawClockNotes();
    this.end.draw();
    this.abandonBtn.hidden = this.seat === null || this.joined || s.over || this.stopped;
    this.movePanel.hidden = s.over;
    // the board, then the clickable parts
    clear(this.boardEl).append(this.mod.render(s.observation, this.ctx));
    this.markHint();
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
    this.drawHint();
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

  drawPresence() {
    const s = this.snap;
    const now = performance.now();
    clear(this.seatsEl).append(...this.ctx.seats.map((seat) => {
      const clock = seatClock(this.clock, this.clockAt, seat.seat, now);
      return h(`span.seatchip${s.connected[seat.seat] ? ".on" : ""}${s.current_player === seat.seat ? ".now" : ""}`,
        { title: seat.kind === "computer" ? `computer (${seat.agent})` : (s.connected[seat.seat] ? "connected" : "not connected"), "data-seat": seat.seat },
        seat.kind === "computer" ? "⚙ " : (s.connected[seat.seat] ? "● " : "○ "), seatName(this.ctx, seat.seat),
        s.current_player === seat.seat ? " ◀" : "",
        clock ? this.clockEl(seat.seat, clock) : null);
    }),
    this.spectators ? h("span.small.muted", { id: "spectators" }, ` ${this.spectators} watching`) : "");
  }

  clockEl(seat, clock) {
    const el = h("span.clock", { "data-clock-seat": seat });
    this.paintClock(el, clock);
    return el;
  }

  paintClock(el, clock) {
    el.textContent = clock.text;
    el.className = `clock${clock.running ? " running" : ""}${clock.low ? " low" : ""}${clock.out ? " out" : ""}`;
    el.setAttribute("title", clock.label);
  }

  /** The running clock counts down between messages (only its text changes). */
  tickClock() {
    const c = this.clock;
    if (!c || c.running === null) return;
    const el = this.seatsEl.querySelector(`[data-clock-seat="${c.running}"]`);
    const clock = seatClock(c, this.clockAt, c.running, performance.now());
    if (el && clock) this.paintClock(el, clock);
  }

  drawClockNotes() {
    const notes = clockNotes(this.clock, this.ctx);
    this.clockNotesEl.hidden = notes.length === 0;
    const back = this.clock && this.seat !== null && this.clock.absent[this.seat] && !this.snap.over;
    clear(this.clockNotesEl).append(...notes.map((text) => h("span.clock-note", {}, text)));
    if (back) this.clockNotesEl.append(h("button", { id: "take-seat-back", onclick: () => this.send({ type: "hello", seat: this.seat, token: this.token }) },
        "Play my seat again myself"));
  }

  // ---- the hint (games against the computer only) ----

  canHint() {
    const s = this.snap;
    return this.seat !== null && !s.over && s.legal.length > 0 &&
      this.ctx.seats.every((x) => x.seat === this.seat || x.kind === "computer");
  }

  requestHint() {
    this.hintSeq += 1;
    this.hint = { id: `hint-${this.hintSeq}`, n: this.snap.n, actions: null, error: null };
    this.send({ type: "hint", id: this.hint.id });
    this.draw();
  }

  drawHint() {
    clear(this.hintEl);
    const can = this.canHint();
    this.hintBtn.hidden = !can;
    if (!can) return;
    const hint = this.hint;
    const pending = hint && !hint.actions && !hint.error;
    this.hintBtn.disabled = pending || this.waiting;
    this.hintBtn.textContent = pending ? "Hint: thinking…" : "Hint";
    if (!hint) return;
    if (hint.error) { this.hintEl.append(h("p.error", { id: "hint-error" }, hint.error)); return; }
    if (!hint.actions) return;
    const pct = (x) => `${Math.round(x * 100)}%`;
    this.hintEl.append(h("div.small", {}, "The computer's search, from what you know, would play:"),
      h("ol.hint-list", { id: "hint-list" }, hint.actions.map((a, i) => h("li", { "data-action": a.action },
        h("b", {}, this.label(a.action)), i === 0 ? " (marked “hint” on the table)" : "",
        h("span.small", {}, ` — chosen in ${pct(a.share)} of the search; expected result ${a.expected === null ? "unknown" : a.expected.toFixed(2)} (0 = loss, 1 = win) `),
        h("button.hint-play", { "data-action": a.action, disabled: this.waiting ? true : null, onclick: () => this.act(a.action) }, "Play it")))));
  }

  /** The hint's first suggestion, marked on the board (the parts it would click). */
  markHint() {
    const top = this.hint && this.hint.actions && this.hint.actions[0];
    if (!top || this.hint.n !== this.snap.n) return;
    const path = new Set(this.mod.pathFor(top.action, this.ctx));
    for (const el of this.boardEl.querySelectorAll("[data-keys]")) {
      if (!el.getAttribute("data-keys").split(" ").some((k) => path.has(k))) continue;
      el.classList.add("hinted");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""} (the hint's suggestion)`.trim());
    }
  }

  // ---- abandoning the game ----

  askAbandon() {
    const error = h("p.error", { role: "alert" });
    const dialog = modal("abandon-dialog", "abandon the game",
      h("h2", {}, "Abandon this game?"),
      h("p", {}, "Nobody will be able to play it on: everybody at the table is told, its computer players stop, and it leaves the lobby. This cannot be undone."),
      error,
      h("div.dialog-btns", {},
        h("button", { id: "abandon-cancel", onclick: () => dialog.close() }, "Keep playing"),
        h("button.danger", { id: "abandon-confirm", onclick: async () => {
          try {
            await api(`/api/games/${this.id}`, { method: "DELETE", headers: { authorization: `Bearer ${this.token}` } });
            dialog.close();
            this.gone("abandoned");
          } catch (err) { error.textContent = err.message; }
        } }, "Abandon the game")));
    dialog.showModal();
    dialog.querySelector("#abandon-cancel").focus();
  }

  logText(e) {
    const text = e.events.map((ev) => inWords(this.ctx, ev.text)).join(" · ") || (e.action ? this.label(e.action) : `${seatName(this.ctx, e.seat)} acted`);
    if (e.by !== "computer") return text;
    // a seat whose time ran out: the computer decided for it
    return [h("span.by-computer", {}, `⚙ the computer, for ${seatName(this.ctx, e.seat)} (out of time): `), text];
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

async function replayPage(id, step, decisionAt) {
  let total = 0;
  let mod = null;
  const ctx = { me: null, seats: [], catalogue: null, words: null, legal: [] };
  const [info, about] = await Promise.all([api(`/api/games/${id}`), api(`/api/games/${id}/about`)]);
  // the analysis, if the game has one: the replay then tells how each decision was judged
  const analysis = await api(`/api/games/${id}/analysis`).then((a) => (a.state === "done" ? a.analysis : null), () => null);
  ctx.seats = info.seats;
  ctx.catalogue = about.catalogue;
  ctx.words = about.words;
  mod = GAMES[info.game];
  const say = (text) => (mod.label ? mod.label(text, ctx) : text);
  const board = h("div.board-wrap", { id: "board" });
  const eventsEl = h("div.last", { id: "replay-events", "aria-live": "polite" });
  const noteEl = h("div", { id: "replay-note" });
  const counter = h("span", { id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, value: step, id: "replay-slider", "aria-label": "action number" });
  const go = async (k) => {
    const r = await api(`/api/games/${id}/replay/${k}`);
    total = r.total;
    step = r.step;
    slider.max = total;
    slider.value = step;
    counter.textContent = `action ${step} of ${total}`;
    clear(eventsEl).append(step ? h("b", {}, `${seatName(ctx, r.seat)}: `) : "", r.events.map((e) => inWords(ctx, e.text)).join(" · ") || "the start");
    clear(board).append(mod.render(r.observation, ctx));
    clear(noteEl);
    const decision = analysis && analysis.decisions.find((d) => d.index === step);
    if (decision) {
      noteEl.append(decisionNote(decision, ctx, say));
      // the better action, marked where the board shows its parts (from the deciding seat's side)
      const keys = new Set(mod.pathFor(decision.best, { ...ctx, me: decision.seat }));
      for (const el of board.querySelectorAll("[data-keys]")) {
        if (!el.getAttribute("data-keys").split(" ").some((key) => keys.has(key))) continue;
        el.classList.add("better");
        el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""} (the better action)`.trim());
      }
    }
    history.replaceState(null, "", `/g/${id}?replay=${step}${decisionAt !== null ? `&decision=${decisionAt}` : ""}`);
  };
  slider.addEventListener("change", () => go(Number(slider.value)));
  const btn = (label, f, idName, name) => h("button", { onclick: () => go(Math.max(0, Math.min(total, f()))), id: idName, "aria-label": name }, label);
  clear(main).append(h("div.game", {},
    h("div.bar", {}, h("b", {}, `Replay: ${info.title}`), " ",
      btn("|◀", () => 0, "replay-first", "first"), btn("◀", () => step - 1, "replay-prev", "previous"),
      btn("▶", () => step + 1, "replay-next", "next"), btn("▶|", () => total, "replay-last", "last"), " ", counter, slider,
      analysis ? h("a.button", { href: `/g/${id}?watch=1&analysis=1`, id: "back-to-analysis" }, "The analysis") : null),
    noteEl, eventsEl, board));
  statusEl.textContent = "replay";
  await go(step);
}

// ---------------------------------------------------------------- routing

function route() {
  const m = /^\/g\/([A-Za-z0-9]+)$/.exec(location.pathname);
  if (!m) { lobby(main, statusEl).catch((e) => clear(main).append(h("p.error", {}, e.message))); return; }
  const id = m[1];
  const params = new URLSearchParams(location.search);
  if (params.has("replay")) {
    const decision = params.has("decision") ? Number(params.get("decision")) : null;
    replayPage(id, Number(params.get("replay")) || 0, decision).catch((e) => clear(main).append(h("p.error", {}, e.message)));
    return;
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token")) {
    saveSeat(id, Number(hash.get("seat")), hash.get("token"));
    history.replaceState(null, "", `/g/${id}`); // the secret stays in this browser only
  }
  const stored = params.has("watch") ? null : loadSeat(id);
  window.cardtable = new Table(id, stored ? stored.seat : null, stored ? stored.token : null, params.has("analysis"),
    Boolean(stored && stored.joined));
}

route();
