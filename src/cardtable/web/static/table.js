// A seat (or a spectator) at a game: the table's state (the last snapshot, the log, what
// is selected), the layout every game shares (the status bar on top, the shared display
// in the middle, your own area docked at the bottom, the players and the log at the
// side), and the flow of messages. Each game's renderer draws the parts; the client
// knows no rule: it shows observation(seat), the game's words, and sends the notation of
// the answer clicked.
import { h, clear, show, seatName, inWords } from "./dom.js";
import { api, forgetSeat } from "./api.js";
import { Connection } from "./connection.js";
import { StatusBar, confirmationsOn, setConfirmations } from "./statusbar.js";
import { positions, invert, release, restingRect, start, countTo, reducedMotion } from "./motion.js";
import { openZoom, openRules, openArea, askAbandon } from "./dialogs.js";
import { seatClock, clockNotes } from "./clocks.js";
import { EndScreen } from "./endscreen.js";
import { Hint } from "./hint.js";
import { Chat } from "./chat.js";
import morphdom from "./vendor/morphdom.js";
import * as thalara from "./thalara.js";
import * as vale from "./vale.js";

export const GAMES = { thalara, vale };
const PHONE = window.matchMedia("(max-width: 820px)");
const ALERTS_KEY = "cardtable:alerts";
const ALERT_DEFAULTS = { title: true, sound: false, notify: false };
const CLOCK_TICK_MS = 250;
// a press held this long zooms its card instead of clicking it
const LONG_PRESS_MS = 550;
// other players' moves arriving together are shown one by one at this pace
const PACE_MS = 550;
// up to this many answers, every one of them is a button in the status bar
const ALL_AS_BUTTONS = 6;
// at most this many answers hidden by the window are added to the status bar
const MAX_EXTRA = 6;

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

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export class Table {
  constructor(main, statusEl, id, seat, token, wantsAnalysis, joined = false) {
    this.main = main;
    this.statusEl = statusEl;
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
    this.confirming = null;   // {text, label, waste}: a wasteful answer awaiting "yes"
    this.waiting = false;
    this.offline = false;
    this.alerts = loadAlerts();
    this.myTurn = false;
    this.tab = "table";
    this.keyboard = false;
    this.clock = null;
    this.clockAt = 0;
    this.rematch = null;
    this.stopped = false;
    this.queue = [];          // updates waiting to be shown, one by one
    this.paceTimer = null;
    this.endOpen = true;
    this.scoresShown = new Map();
    this.drawn = { middle: null, mine: null, players: null };
    this.hint = new Hint(this);
    this.end = new EndScreen(this, wantsAnalysis);
    this.conn = new Connection(id, { message: (m) => this.onMessage(m), closed: (why) => this.closed(why) });
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

  // ---------------------------------------------------------------- the layout

  build() {
    this.bar = new StatusBar(this);
    this.chat = new Chat(h("section.chat-box", { id: "chat", "aria-label": "chat" }), this.id, (m) => this.conn.send(m));
    this.middleEl = h("div.middle", { id: "board", role: "region", "aria-label": "the table", tabindex: 0 });
    this.mineEl = h("section.mine-dock", { id: "my-area", "aria-label": "your area", tabindex: 0 });
    this.playersEl = h("div.players", { id: "presence", "aria-label": "players" });
    this.logEl = h("ol.log", { id: "log", "aria-label": "game log", tabindex: 0 });
    // the log follows its newest line unless the player scrolled up to read
    this.logAtEnd = true;
    this.logEl.addEventListener("scroll", () => {
      const l = this.logEl;
      this.logAtEnd = l.scrollTop + l.clientHeight >= l.scrollHeight - 8;
    }, { passive: true });
    this.errorEl = h("div.error", { id: "error", role: "alert" });
    this.noticeEl = h("div.notice", { id: "notice", role: "alert", hidden: true });
    this.clockNotesEl = h("div.clock-notes", { id: "clock-notes", role: "status", hidden: true });
    this.offlineEl = h("div.offline-banner", { id: "offline", role: "alert", hidden: true });
    this.zoomEl = h("dialog.zoom", { id: "zoom", "aria-label": "card" });
    this.rulesEl = h("dialog.rules", { id: "rules", "aria-label": "rules" });
    this.areaEl = h("dialog.area-dialog", { id: "area-dialog", "aria-label": "a player's area" });
    this.provEl = h("p.prov-note", { id: "prov-note", hidden: true });
    this.undoBtn = h("button", { id: "undo", hidden: true, onclick: () => this.conn.send({ type: "undo" }) }, "Undo");
    this.rulesBtn = h("button", { id: "rules-btn", onclick: () => openRules(this.rulesEl, this.about) }, "Rules");
    this.abandonBtn = h("button.danger", { id: "abandon", hidden: true, onclick: () => askAbandon(this) }, "Abandon the game…");
    this.bar.setTools(this.hint.button, this.undoBtn, this.rulesBtn);
    const tab = (name, text) => h("button.tab", { role: "tab", "data-tab": name, id: `tab-${name}`,
      onclick: () => { this.tab = name; this.drawTabs(); } }, text);
    this.tabsEl = h("nav.tabs", { id: "tabs", "aria-label": "parts of the table" },
      h("div.tablist", { role: "tablist" }, tab("table", "Table"), tab("players", "Players"), tab("log", "Log")),
      h("button", { id: "rules-tab", onclick: () => openRules(this.rulesEl, this.about) }, "Rules"));
    const box = (id, text, checked, onchange) => h("label.setting", {}, h("input", {
      type: "checkbox", id, checked: checked ? true : null, onchange: (e) => onchange(e.target.checked) }), ` ${text}`);
    this.settingsEl = h("details.settings", { id: "settings" }, h("summary", {}, "Settings"),
      box("confirm-waste", "ask before a move that wastes something", confirmationsOn(), (on) => setConfirmations(on)),
      box("alert-title", "mark the tab title on my turn", this.alerts.title, (on) => this.setAlert("title", on)),
      box("alert-sound", "a short sound on my turn", this.alerts.sound, (on) => this.setAlert("sound", on)),
      box("alert-notify", "a notification when this tab is hidden", this.alerts.notify, (on) => this.setAlert("notify", on)),
      h("div.btns", {}, this.abandonBtn));
    this.sideEl = h("aside.sidebar", { id: "side" },
      h("section.players-box", { "aria-label": "players" }, this.playersEl, this.clockNotesEl),
      h("section.log-box", { "aria-label": "game log" }, h("h2.h3", {}, "Game log"), this.logEl),
      this.chat.el, this.provEl, this.settingsEl);
    this.gameEl = h("div.game.live", { "data-tab": this.tab },
      this.bar.el, this.tabsEl,
      h("div.notices", {}, this.noticeEl, this.offlineEl, this.errorEl, this.hint.el),
      this.middleEl, this.mineEl, this.sideEl, this.end.el,
      this.zoomEl, this.rulesEl, this.areaEl);
    document.body.classList.add("at-table");
    clear(this.main).append(this.gameEl);
    this.drawTabs();
    // the table's only listener outside its own elements: close() removes it, so a page
    // that draws one table after another (the puzzles) answers a key once
    this.listening = new AbortController();
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && !this.zoomEl.open && !this.rulesEl.open) this.cancel();
    }, { signal: this.listening.signal });
    for (const area of [this.middleEl, this.mineEl, this.areaEl, this.playersEl]) this.zoomable(area);
    // the panels are morphed, not rebuilt: their buttons are answered here, not each its own listener
    this.playersEl.addEventListener("click", (e) => {
      const b = e.target.closest("[data-open-seat]");
      if (b) this.openSeat(Number(b.getAttribute("data-open-seat")));
    });
    for (const area of [this.middleEl, this.mineEl]) {
      // captured: the rows inside (a phone's hand) scroll on their own, and scroll
      // events do not bubble
      area.addEventListener("scroll", (e) => this.scrolled(e.target), { passive: true, capture: true });
      area.addEventListener("click", (e) => {
        const el = e.target.closest(".legal");
        if (!el || !area.contains(el)) return;
        e.stopPropagation();
        this.pressed_legal(el, false);
      });
      area.addEventListener("keydown", (e) => {
        const el = e.target.closest(".legal");
        if (!el || !area.contains(el)) return;
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); this.pressed_legal(el, true); }
        const zoomable = el.hasAttribute("data-zoom") ? el : el.querySelector("[data-zoom]");
        if ((e.key === "z" || e.key === "Z") && zoomable) { e.preventDefault(); this.zoom(zoomable.getAttribute("data-zoom")); }
      });
      // the discard pile's cards are drawn when it opens (toggle does not bubble)
      area.addEventListener("toggle", (e) => {
        if (!e.target.classList || !e.target.classList.contains("discard")) return;
        this.ctx.discardOpen = e.target.open;
        this.draw();
      }, true);
    }
  }

  /** A card is zoomed by a click (when it is not an answer), a right click or a long press. */
  zoomable(area) {
    area.addEventListener("click", (e) => {
      if (this.pressed) { this.pressed = false; e.stopPropagation(); e.preventDefault(); return; }
      const el = e.target.closest("[data-zoom]");
      if (el && !el.classList.contains("legal") && !e.target.closest(".legal")) this.zoom(el.getAttribute("data-zoom"));
    }, true);
    area.addEventListener("contextmenu", (e) => {
      const el = e.target.closest("[data-zoom]");
      if (el) { e.preventDefault(); this.zoom(el.getAttribute("data-zoom")); }
    });
    area.addEventListener("pointerdown", (e) => {
      // a long press swallows its own click only, never a later one
      this.pressed = false;
      const el = e.target.closest("[data-zoom]");
      if (!el) return;
      clearTimeout(this.pressTimer);
      this.pressedAt = e.timeStamp;
      this.pressTimer = setTimeout(() => { this.pressed = true; this.zoom(el.getAttribute("data-zoom")); }, LONG_PRESS_MS);
    });
    for (const ev of ["pointerup", "pointerleave", "pointercancel", "pointermove"]) {
      area.addEventListener(ev, (e) => { if (ev !== "pointermove" || Math.abs(e.movementX) + Math.abs(e.movementY) > 4) clearTimeout(this.pressTimer); });
    }
    // A press is long by when it was let go, not by whether its timer ran first: on a
    // busy page the timer can run before a quick tap's release is handled, and that tap
    // must still be a click, not a zoom that swallows it.
    area.addEventListener("pointerup", (e) => {
      if (this.pressed && e.timeStamp - this.pressedAt < LONG_PRESS_MS) {
        this.pressed = false;
        if (this.zoomEl.open) this.zoomEl.close();
      }
    });
  }

  zoom(spec) {
    if (!this.mod || !this.mod.zoom) return;
    const at = spec.indexOf(":");
    openZoom(this.zoomEl, this.mod.zoom(spec.slice(0, at), spec.slice(at + 1), this.ctx));
  }

  drawTabs() {
    this.gameEl.setAttribute("data-tab", this.tab);
    if (this.tab === "log") this.followLog();
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

  // ---------------------------------------------------------------- the connection

  connect() {
    if (this.stopped) return;
    clearInterval(this.countdown);
    clearTimeout(this.reconnectTimer);
    if (!this.offline) this.statusEl.textContent = "connecting…";
    this.conn.open({ type: "hello", seat: this.seat, token: this.token });
  }

  send(msg) { this.conn.send(msg); }

  closed(why) {
    if (why.gone) { this.gone(why.gone); return; }
    this.waiting = false;
    this.statusEl.textContent = "connection lost — reconnecting…";
    this.statusEl.className = "status bad";
    this.setOffline(true, why.wait, why.why);
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
    for (const el of [this.middleEl, this.mineEl, this.sideEl, this.bar.answersEl]) {
      if (on) el.setAttribute("inert", ""); else el.removeAttribute("inert");
    }
  }

  notice(kind, ...parts) {
    this.noticeEl.hidden = false;
    this.noticeEl.setAttribute("data-kind", kind);
    clear(this.noticeEl).append(...parts);
  }

  /** Done with this table (another takes its place): no socket, no timer, no listener
   * outside its elements. */
  close() {
    this.stopped = true;
    this.conn.stop();
    clearInterval(this.countdown);
    clearInterval(this.clockTimer);
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.paceTimer);
    clearTimeout(this.pressTimer);
    if (this.listening) this.listening.abort();
  }

  /** The game is gone (abandoned, or there is none): say so, and never reconnect. */
  gone(kind, text) {
    this.stopped = true;
    this.setOffline(false);
    this.conn.stop();
    clearInterval(this.clockTimer);
    this.gameEl.classList.add("gone");
    this.setInert(true);
    this.statusEl.textContent = kind === "abandoned" ? "abandoned" : "no such game";
    this.statusEl.className = "status bad";
    const lobbyLink = h("a.button", { href: "/", id: "to-lobby" }, "Back to the lobby");
    if (kind === "abandoned") {
      this.notice(kind, h("b", {}, "This game was abandoned. "),
        "A player gave it up: nobody can play it on, and it has left the lobby. ", lobbyLink);
    } else {
      this.notice(kind, h("b", {}, "There is no such game. "), text ? `${text}. ` : "", "It may have been abandoned, or the link is mistyped. ", lobbyLink);
    }
    this.abandonBtn.hidden = true;
  }

  badLink(message) {
    this.statusEl.textContent = "seat link not valid";
    this.statusEl.className = "status bad";
    this.notice("bad_token", h("b", {}, "This seat link is not valid. "),
      `${capital(inWords(this.ctx, message))}. The seat may have been given to somebody else, or the link was copied wrong: ask whoever sent it for a new one. `,
      h("button", { id: "watch-instead", onclick: () => this.watchInstead() }, "Watch as a spectator"));
  }

  watchInstead() {
    forgetSeat(this.id);
    this.seat = null;
    this.token = null;
    this.ctx.me = null;
    this.noticeEl.hidden = true;
    history.replaceState(null, "", `/g/${this.id}?watch=1`);
    this.conn.hello = { type: "hello" };
    this.send({ type: "hello" });
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

  setClock(clock) {
    this.clock = clock || null;
    this.clockAt = performance.now();
    clearInterval(this.clockTimer);
    if (this.clock && this.clock.started && this.clock.running !== null && !this.stopped) {
      this.clockTimer = setInterval(() => this.tickClock(), CLOCK_TICK_MS);
    }
  }

  onMessage(msg) {
    if (this.chat.onMessage(msg)) return;   // chat.js: the chat's own messages
    switch (msg.type) {
      case "welcome":
      case "sync":
        this.queue = [];
        clearTimeout(this.paceTimer);
        this.paceTimer = null;
        this.mod = GAMES[msg.game];
        this.gameName = msg.game;
        this.ctx.seats = msg.seats;
        if (msg.catalogue && !this.about) this.ctx.catalogue = msg.catalogue;
        this.title = msg.title;
        this.log = msg.log;
        this.rematch = msg.rematch || null;
        this.statusEl.textContent = this.seat === null ? "watching" : `seat ${this.seat + 1}`;
        this.statusEl.className = "status ok";
        this.noticeEl.hidden = true;
        this.setOffline(false);
        this.setSnapshot(msg);
        break;
      case "update":
        this.queue.push(msg);
        this.pump();
        break;
      case "seats":
        this.ctx.seats = msg.seats;
        if (this.snap) { this.snap.connected = msg.connected; this.snap.bots = msg.bots; this.snap.clock = msg.clock; }
        this.setClock(msg.clock);
        this.draw();
        break;
      case "presence": {
        this.spectators = msg.spectators;
        if (!this.snap) break;
        const arrived = msg.connected.some((on, seat) => on && !this.snap.connected[seat]);
        this.snap.connected = msg.connected;
        this.snap.bots = msg.bots;
        this.drawPlayers();
        if (arrived) this.refreshSeats();
        break;
      }
      case "rematch":
        this.rematch = msg.by === undefined ? null : { by: msg.by, accepted: msg.accepted, declined: msg.declined, next: msg.next };
        if (this.rematch && this.rematch.next && this.rematch.next.link) {
          const next = this.rematch.next;
          import("./api.js").then(({ saveSeat }) => { saveSeat(next.id, next.seat, next.token); location.assign(`/g/${next.id}`); });
          return;
        }
        this.end.rematchError = "";
        this.draw();
        break;
      case "hint":
        this.hint.answer(msg);
        break;
      case "error":
        this.onError(msg);
        break;
      default:
        break;
    }
  }

  /** Updates are shown one by one: another player's move waits until the one before
   * has been seen for a moment; your own answer is shown at once. */
  pump() {
    if (this.paceTimer || !this.queue.length) return;
    const msg = this.queue.shift();
    this.log.push({ n: msg.n, seat: msg.seat, action: msg.action, by: msg.by, events: msg.events });
    this.setSnapshot(msg);
    const pace = reducedMotion() || !this.queue.length ? 0 : PACE_MS;
    if (!this.queue.length) return;
    this.paceTimer = setTimeout(() => { this.paceTimer = null; this.pump(); }, pace);
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
        this.hint.failed(msg);
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
    this.confirming = null;
    this.errorEl.textContent = "";
    this.ctx.me = this.seat;
    this.ctx.legal = msg.legal;
    this.ctx.decision = msg.decision || null;
    this.setClock(msg.clock);
    this.hint.moved(msg.n);
    const mine = !msg.over && this.seat !== null && msg.current_player === this.seat && msg.legal.length > 0;
    if (mine && !this.myTurn) this.turnAlert();
    this.myTurn = mine;
    if (msg.over && !this.wasOver) this.endOpen = true;
    this.wasOver = msg.over;
    this.draw();
  }

  turnAlert() {
    if (this.alerts.sound) { try { chime(); } catch { /* no audio */ } }
    if (this.alerts.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification("cardtable: your turn", { body: this.title, tag: `cardtable-${this.id}` }); } catch { /* not allowed here */ }
    }
  }

  drawTitle() {
    const base = `${this.title || "cardtable"} — cardtable`;
    const title = this.myTurn && this.alerts.title ? `● Your turn — ${base}` : base;
    if (document.title !== title) document.title = title;
  }

  // ---------------------------------------------------------------- answers

  /** Each legal action with the clicks that make it up and its words. */
  paths() {
    if (this.paths_ && this.paths_.snap === this.snap) return this.paths_.list;
    const list = this.pathsNow();
    this.paths_ = { snap: this.snap, list };
    return list;
  }

  pathsNow() {
    const choices = new Map(((this.snap.decision || {}).choices || []).map((c) => [c.action, c]));
    return this.snap.legal.map((text) => {
      const c = choices.get(text);
      return { text, path: this.mod.pathFor(text, this.ctx), label: c ? c.text : this.mod.label(text, this.ctx), waste: c ? c.waste : null };
    });
  }

  candidates() {
    const sel = this.selection;
    return this.paths().filter((p) => sel.every((k, i) => p.path[i] === k));
  }

  /** What the status bar offers: the prompt, and the answers as buttons: every one when
   * they are few or a selection narrowed them, else those with nothing on the table to
   * click, and a button per group whose first click has no place on the table. */
  answers() {
    const d = this.snap.decision || {};
    const cands = this.candidates();
    const depth = this.selection.length;
    let prompt = d.prompt ? capital(d.prompt) : "Your turn: choose an action.";
    if (depth) {
      return { prompt: choiceQuestion(cands.map((c) => c.label)), buttons: cands, groups: [] };
    }
    if (cands.length <= ALL_AS_BUTTONS) return { prompt, buttons: cands, groups: [] };
    const extra = this.extra || new Set();
    const onTable = new Set();
    for (const el of this.gameEl.querySelectorAll(".middle [data-keys], .mine-dock [data-keys]")) {
      for (const k of el.getAttribute("data-keys").split(" ")) onTable.add(k);
    }
    const buttons = [];
    const groups = new Map();
    for (const c of cands) {
      if (c.path.length === 0 || extra.has(c.text)) { buttons.push(c); continue; }
      if (onTable.has(c.path[0])) continue;
      if (!groups.has(c.path[0])) groups.set(c.path[0], []);
      groups.get(c.path[0]).push(c);
    }
    const groupList = [];
    for (const [key, list] of groups) {
      if (list.length === 1) buttons.push(list[0]);
      else groupList.push({ key, label: commonLabel(list.map((c) => c.label)) });
    }
    if (onTable.size && cands.some((c) => c.path.length && onTable.has(c.path[0]))) {
      prompt += " Click a highlighted card or place.";
    }
    return { prompt, buttons, groups: groupList };
  }

  /** An answer clicked: wasteful ones ask first (once), the others are sent. */
  choose(text) {
    if (this.waiting || this.offline) return;
    const p = this.paths().find((x) => x.text === text);
    if (p && p.waste && confirmationsOn()) {
      this.confirming = { text, label: p.label, waste: p.waste };
      this.selection = [];
      this.draw();
      this.focusAnswers();
      return;
    }
    this.send_action(text);
  }

  send_action(text) {
    if (this.waiting || this.offline) return;
    this.waiting = true;
    this.selection = [];
    this.confirming = null;
    this.send({ type: "act", action: text, n: this.snap.n });
    // only the status bar changes until the answer comes back ("Sending…"); the table
    // is redrawn then. (The highlighted cards no longer take a busy cursor: a cursor is
    // inherited, so marking them restyled every element of every face in the click's
    // own task, 14 ms of a 70 ms click at 4x CPU throttling in Thalara's hand choice.)
    this.bar.draw();
  }

  click(key) {
    // as choose(): while an answer is on its way, no step of another starts
    if (this.waiting || this.offline) return;
    const sel = [...this.selection, key];
    const cands = this.paths().filter((p) => sel.every((k, i) => p.path[i] === k));
    if (cands.length === 0) return;
    if (cands.length === 1) { this.choose(cands[0].text); return; }
    this.selection = sel;
    this.confirming = null;
    this.draw();
    this.focusAnswers();
  }

  cancel() {
    if (!this.selection.length && !this.confirming) return;
    this.selection = [];
    this.confirming = null;
    this.draw();
  }

  /** After the draw under way: the keyboard goes to the status bar's first answer. */
  focusAnswers() { this.focusWanted = true; }

  showEnd(open) {
    this.endOpen = open;
    // at once, not in a later step of the draw: the click's own answer
    show(this.end.el, this.snap.over && open);
    this.draw();
  }

  // ---------------------------------------------------------------- drawing

  /** The table is drawn in steps, each after a painted frame (nextFrame): the middle; your
   * area and the status bar; the panels and the log; then what reads the new layout. No
   * update then holds the page for long on a slow phone. A newer draw started meanwhile
   * takes over: the older one stops at its next step. `settled` says when all of it
   * shows what `snap` holds. */
  draw() {
    if (!this.snap || !this.mod) return;
    this.drawing = (this.drawing || 0) + 1;
    this.settled = false;
    // a click's own answer (a selection, a question, "Sending…") shows at once, in the
    // click's task (a status bar of a few buttons); a new snapshot's bar waits for the
    // parts it reads (which answers have a place on the table)
    if (this.snap === this.barSnap) this.bar.draw();
    this.drawSteps(this.drawing);
  }

  async drawSteps(run) {
    const stale = () => run !== this.drawing;
    // even the first step waits for a frame: a draw is asked for by a click's handler or
    // a message's, and that task already holds the input's hit tests and restyles (a
    // click was 55-70 ms at 4x CPU throttling with the first step in it); where the
    // cards are (`positions`) is then read from a laid-out page, and draws asked for in
    // the same frame make one
    await nextFrame();
    if (stale()) return;
    const s = this.snap;
    // where every moving card was, read before anything changes (the motion starts from there)
    const before = positions(this.gameEl);
    // a draw this one took over from may have left cards held where they were
    if (this.held) release(this.held);
    const moves = [];
    this.held = moves;
    this.extra = new Set();
    this.paths_ = null;
    this.ctx.compact = PHONE.matches;
    this.drawTitle();
    this.drawClockNotes();
    show(this.abandonBtn, !(this.seat === null || this.joined || s.over || this.stopped));
    show(this.undoBtn, Boolean(s.can_undo));
    // A part of the table is drawn anew only when what it shows changed: an update
    // usually touches one or two of them.
    const common = JSON.stringify([s.legal, this.selection, this.confirming && this.confirming.text,
      this.waiting, Boolean(this.ctx.catalogue), this.ctx.compact, this.hint.key(), this.seat]);
    const obs = s.observation;
    const middleKey = common + JSON.stringify(this.mod.middleKey ? this.mod.middleKey(obs, this.ctx) : obs);
    const mineKey = common + JSON.stringify(this.mod.mineKey ? this.mod.mineKey(obs, this.ctx) : obs);
    const drewParts = middleKey !== this.drawn.middle || mineKey !== this.drawn.mine;
    if (middleKey !== this.drawn.middle) {
      const middle = this.mod.middle(obs, this.ctx);
      this.markAnswers(middle);
      this.hint.mark(middle);
      // zone by zone where the zones are the same as before, each after a frame (nextFrame):
      // a crowded middle's new faces cost more to style and lay out than one task holds
      // on a slow phone (the cards of a zone keep their places: moves are keyed). The
      // first zone too waits for a frame after the task that built the tree: reading the
      // message, building the middle and morphing a crowded first zone (Thalara's supply
      // while a hand is chosen) were over 50 ms together at 4x CPU throttling.
      const zones = zonesOf(this.middleEl.firstElementChild, middle);
      if (zones) {
        for (let i = 0; i < zones.length; i++) {
          await nextFrame(); if (stale()) return;
          morphTo(zones[i][0], zones[i][1]);
          moves.push(...invert(zones[i][0], before));
        }
      } else {
        morphInto(this.middleEl, middle);
        moves.push(...invert(this.middleEl, before));
      }
      this.drawn.middle = middleKey;
      if (mineKey !== this.drawn.mine) { await nextFrame(); if (stale()) return; }
    }
    if (mineKey !== this.drawn.mine) {
      const mine = this.seat !== null ? this.mod.mine(obs, this.ctx) : null;
      if (mine) {
        this.markAnswers(mine);
        this.hint.mark(mine);
        // building your area, morphing it in and laying it out were over 50 ms together
        // at 4x CPU throttling: the morph waits for a frame of its own
        await nextFrame(); if (stale()) return;
        show(this.mineEl, true);
        morphInto(this.mineEl, mine);
        moves.push(...invert(this.mineEl, before));
      } else {
        show(this.mineEl, false);
        clear(this.mineEl);
      }
      this.gameEl.classList.toggle("spectating", !mine);
      this.drawn.mine = mineKey;
    }
    // the status bar too has a frame of its own after a part of the table was drawn anew
    // (your area's layout and the bar's were 30-60 ms in one task at 4x in Thalara)
    if (drewParts) { await nextFrame(); if (stale()) return; }
    this.bar.draw();
    this.barSnap = s;
    this.hint.draw();
    // each step lays out what it changed before the next: left to the last step's first
    // read of the layout, the style and layout of every step's changes fell in one task
    // (20-70 ms at 4x CPU throttling in Thalara)
    layOut();
    await nextFrame();
    if (stale()) return;
    if (this.drawPlayers(before)) { layOut(); await nextFrame(); if (stale()) return; }
    this.drawLog();
    this.drawProvisional();
    if (s.over) {
      // the end screen, when it first comes, is built while hidden and shown in the next
      // task: its build and its layout were 100 ms in one task at 4x (one already in view
      // is redrawn in place, not hidden for a frame)
      layOut();
      await nextFrame(); if (stale()) return;
      const coming = this.end.el.hidden;
      this.end.draw();
      if (coming) {
        show(this.end.el, false);
        await nextFrame(); if (stale()) return;
      }
      show(this.end.el, this.endOpen);
    } else {
      this.end.draw();
    }
    layOut();
    await nextFrame();
    if (stale()) return;
    // whether an answer shows is read from where the cards land (restingRect), not
    // from where they are held for the motion, and without releasing them: the
    // first few start their motion in this task, the others in the frames after
    this.revealAnswers();
    if (this.logMoved) { this.logMoved = false; this.followLog(); }
    this.answersOutOfView();
    start(moves);
    this.held = null;
    if (this.keyboard && !this.waiting) {
      const first = this.focusWanted ? this.bar.answersEl.querySelector("button")
        : this.gameEl.querySelector(".legal") || this.bar.answersEl.querySelector("button");
      if (first) first.focus();
    }
    this.focusWanted = false;
    this.settled = true;
    // after every draw, for whoever guides over the table (learn.js)
    this.main.dispatchEvent(new Event("table:drawn"));
  }

  /** The table's clickable parts: each element whose key starts or continues a legal
   * action is highlighted; one that completes exactly one action carries its notation. */
  markAnswers(...roots) {
    const cands = this.waiting || this.confirming ? [] : this.candidates();
    const depth = this.selection.length;
    const next = new Map();
    for (const p of cands) {
      if (p.path.length <= depth) continue;
      const k = p.path[depth];
      if (!next.has(k)) next.set(k, []);
      next.get(k).push(p);
    }
    for (const el of roots.flatMap((root) => [...root.querySelectorAll("[data-keys]")])) {
      const keys = el.getAttribute("data-keys").split(" ");
      if (keys.some((k) => this.selection.includes(k))) el.classList.add("selected");
      const key = keys.find((k) => next.has(k));
      if (!key) continue;
      const through = next.get(key);
      const only = through.length === 1 && through[0].path.length === depth + 1 ? through[0] : null;
      el.classList.add("legal");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      const label = only ? only.label : `${commonLabel(through.map((c) => c.label))}…`;
      el.setAttribute("aria-label", label);
      el.setAttribute("title", label);
      // what a click does is read back from the element (one listener for the table)
      if (only) el.setAttribute("data-action", only.text); else el.setAttribute("data-step", key);
    }
  }

  /** A click (or Enter) on a highlighted card or place: its answer, or the next step. */
  pressed_legal(el, keyboard) {
    this.keyboard = keyboard;
    const action = el.getAttribute("data-action") || el.getAttribute("data-hidden-action");
    if (action) this.choose(action);
    else if (el.hasAttribute("data-step")) this.click(el.getAttribute("data-step"));
  }


  /** An answer on the table that the window does not show (a phone, a crowded display)
   * is also offered as a button in the status bar, so that every answer is in view. */
  answersOutOfView() {
    this.extra = new Set();
    if (this.waiting || !this.snap.legal.length) return;
    const hiddenNow = () => [...this.gameEl.querySelectorAll(".middle .legal[data-action], .mine-dock .legal[data-action]")]
      .filter((el) => !inView(el));
    for (let pass = 0; pass < 3; pass += 1) {
      const hidden = hiddenNow();
      if (!hidden.length) return;
      // a few hidden answers join the status bar; many would turn it into a form (the
      // table then scrolls to them, and they are answers again once in view)
      if (this.extra.size + hidden.length > MAX_EXTRA) break;
      for (const el of hidden) {
        this.extra.add(el.getAttribute("data-action"));
        // still the answer of a click once scrolled into view (scrolled())
        el.setAttribute("data-hidden-action", el.getAttribute("data-action"));
        el.removeAttribute("data-action");
      }
      this.bar.draw();
    }
    for (const el of hiddenNow()) {
      el.setAttribute("data-hidden-action", el.getAttribute("data-action"));
      el.removeAttribute("data-action");
    }
  }


  /** After a scroll, an answer carries its notation while it is in view, and only then. */
  scrolled(box) {
    // only what lies in the boxes that scrolled is looked at again (a hand row that
    // a redraw narrowed scrolls too, and the look lays out every answer it reads)
    (this.scrolledBoxes ||= new Set()).add(box);
    if (this.scrollFrame) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = null;
      const boxes = [...this.scrolledBoxes];
      this.scrolledBoxes.clear();
      const els = boxes.flatMap((b) => (b instanceof Element
        ? [...b.querySelectorAll(".legal[data-action], [data-hidden-action]")] : []));
      for (const el of els) {
        const action = el.getAttribute("data-hidden-action") || el.getAttribute("data-action");
        if (inView(el)) {
          el.setAttribute("data-action", action);
          el.removeAttribute("data-hidden-action");
        } else {
          el.setAttribute("data-hidden-action", action);
          el.removeAttribute("data-action");
        }
      }
    });
  }

  /** The middle scrolls on its own: the first answer in it is brought into view. Your
   * area, which scrolls on a small phone, is scrolled to its first answer when none of
   * its answers shows (asked for a card of your hand while scrolled down to your area). */
  revealAnswers() {
    const first = this.middleEl.querySelector(".legal");
    if (first) {
      const box = this.middleEl.getBoundingClientRect();
      const r = restingRect(first);
      if (r.top < box.top || r.bottom > box.bottom) this.middleEl.scrollTop += r.top - box.top - 8;
    }
    const mine = [...this.mineEl.querySelectorAll(".legal")];
    if (!mine.length || this.mineEl.scrollHeight <= this.mineEl.clientHeight) return;
    const dock = this.mineEl.getBoundingClientRect();
    const boxes = mine.map(restingRect);
    if (boxes.some((r) => r.top >= dock.top - 1 && r.bottom <= dock.bottom + 1)) return;
    this.mineEl.scrollTop += boxes[0].top - dock.top - 4;
  }

  /** The other players as compact panels (and yours, for the scores): colour, score,
   * resources, hand size, a mark on whoever decides; a click opens their area. */
  drawPlayers() {
    const s = this.snap;
    if (!s || !this.mod) return false;
    const key = JSON.stringify([s.observation.seats, s.connected, s.bots, s.current_player, s.over, this.ctx.seats,
      this.clock, this.spectators, Boolean(this.ctx.catalogue), this.seat]);
    if (key === this.drawn.players) return false;
    this.drawn.players = key;
    const now = performance.now();
    const obs = s.observation;
    const old = this.scoresShown;
    this.scoresShown = new Map();
    const panels = h("div.panels", {}, ...this.ctx.seats.map((seat) => {
      const info = obs.seats[seat.seat];
      const clock = seatClock(this.clock, this.clockAt, seat.seat, now);
      const deciding = !s.over && s.current_player === seat.seat;
      const score = this.mod.score(info);
      const scoreEl = h("b.score-num", {}, String(score.value));
      this.scoresShown.set(seat.seat, score.value);
      const mine = seat.seat === this.seat;
      const panel = h(`section.player-panel.seat-c${seat.seat}${deciding ? ".deciding" : ""}${mine ? ".me" : ""}${s.connected[seat.seat] ? ".on" : ""}`,
        { "data-seat": seat.seat, "aria-label": `${seatName(this.ctx, seat.seat)}${s.bots && s.bots[seat.seat] ? ", a bot" : ""}${deciding ? ", deciding now" : ""}` },
        h("div.pp-head", {},
          h("span.presence-dot", { title: seat.kind === "computer" ? "computer" : (s.connected[seat.seat] ? "connected" : "not connected"), "aria-hidden": "true" },
            seat.kind === "computer" ? "⚙" : (s.connected[seat.seat] ? "●" : "○")),
          h("b.pp-name", {}, seatName(this.ctx, seat.seat)),
          // a seat whose client said it is a program (docs/protocol.md)
          s.bots && s.bots[seat.seat] ? h("span.bot-tag", { title: "played by a program (a bot)" }, "bot") : null,
          deciding ? h("span.deciding-mark", {}, "deciding") : null,
          h("span.pp-score", { title: score.label }, scoreEl, ` ${score.unit}`),
          clock ? this.clockEl(seat.seat, clock) : null),
        h("div.pp-body", {}, this.mod.panel(info, obs, this.ctx)),
        mine ? null : h("button.pp-open", { "data-open-seat": seat.seat }, "Show area"));
      return panel;
    }),
    this.spectators ? h("p.small.muted", { id: "spectators" }, `${this.spectators} watching`) : "");
    // morphed: the panels that did not change keep their elements (and their layout)
    morphInto(this.playersEl, panels);
    // a score that changed counts to its new value (on the element that stays)
    for (const [seat, value] of this.scoresShown) {
      if (old.get(seat) === value) continue;
      const el = this.playersEl.querySelector(`.player-panel[data-seat="${seat}"] .score-num`);
      if (el) countTo(el, old.get(seat), value);
    }
    return true;
  }

  openSeat(seat) {
    const obs = this.snap.observation;
    openArea(this.areaEl, seatName(this.ctx, seat), this.mod.area(obs.seats[seat], obs, this.ctx));
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

  tickClock() {
    const c = this.clock;
    if (!c || c.running === null) return;
    const el = this.playersEl.querySelector(`[data-clock-seat="${c.running}"]`);
    const clock = seatClock(c, this.clockAt, c.running, performance.now());
    if (el && clock) this.paintClock(el, clock);
  }

  drawClockNotes() {
    const notes = clockNotes(this.clock, this.ctx);
    const back = this.clock && this.seat !== null && this.clock.absent[this.seat] && !this.snap.over;
    const key = JSON.stringify([notes, back]);
    if (key === this.drawn.clockNotes) return;
    this.drawn.clockNotes = key;
    show(this.clockNotesEl, notes.length > 0);
    clear(this.clockNotesEl).append(...notes.map((text) => h("span.clock-note", {}, text)));
    if (back) this.clockNotesEl.append(h("button", { id: "take-seat-back", onclick: () => this.send({ type: "hello", seat: this.seat, token: this.token }) },
      "Play my seat again myself"));
  }

  /** Once per table, not a mark on every card: the card set is partly ours. */
  drawProvisional() {
    const cat = this.ctx.catalogue;
    const any = cat && this.mod.hasProvisional && this.mod.hasProvisional(cat);
    show(this.provEl, Boolean(any));
    if (any && !this.provEl.firstChild) {
      this.provEl.append(h("b", {}, "Partly our own card set. "),
        "Some cards are not yet confirmed against the printed game; the zoom of a card says so, and the Rules explain which parts.");
    }
  }

  logText(e) {
    const lines = repeatsOnce(e.events.map((ev) => sentence(inWords(this.ctx, ev.text))));
    if (!lines.length) lines.push(e.action ? sentence(this.mod.label(e.action, this.ctx)) : `${seatName(this.ctx, e.seat)} acted.`);
    const parts = lines.map((line) => h("span.log-line", {}, line));
    if (e.by !== "computer") return parts;
    return [h("span.by-computer", {}, `The computer, for ${seatName(this.ctx, e.seat)} (out of time): `), ...parts];
  }

  /** The log grows by the entries it has not shown yet (a welcome draws it anew): a
   * redraw of two hundred entries on every update would cost more than the table. */
  drawLog() {
    const names = this.ctx.seats.map((x) => x.name).join("\u0000") + (this.ctx.catalogue ? "+" : "");
    if (this.logShown !== this.log || this.logNames !== names || this.logCount > this.log.length) {
      clear(this.logEl);
      this.logShown = this.log;
      this.logNames = names;
      this.logCount = Math.max(0, this.log.length - 200);
    }
    if (this.logCount === this.log.length) return;
    // oldest first, each new line appended: the lines already there keep their places,
    // so they are not painted again (newest first in a list laid out bottom up moved
    // every line with each new one). The scroll to the newest line waits for the draw's
    // last step, where the layout is read anyway (followLog).
    const fresh = this.log.slice(this.logCount).map((e) => h(`li.seat-c${e.seat}`, {}, this.logText(e)));
    this.logCount = this.log.length;
    this.logEl.append(...fresh);
    // the oldest lines go 50 at a time (each removal moves every line after it)
    if (this.logEl.childElementCount > 250) {
      while (this.logEl.childElementCount > 200) this.logEl.firstElementChild.remove();
    }
    this.logMoved = true;
  }

  /** The log shows its newest line, unless the player scrolled up to read. */
  followLog() {
    if (!this.logAtEnd) return;
    const l = this.logEl;
    if (l.scrollTop + l.clientHeight < l.scrollHeight) l.scrollTop = l.scrollHeight;
  }
}

/** `region`'s content becomes `tree`, keeping every element that stays the same (a
 * card that did not change is not drawn or laid out again; one that moved keeps its
 * element, which is what the motion follows). */
function morphInto(region, tree) {
  uniqueKeys(tree);
  const live = region.firstElementChild;
  if (!live) { region.append(tree); return; }
  morphTo(live, tree);
}

/** Keys must be unique (two Aftershocks in one hand): the second of a key gets "#2". */
function uniqueKeys(tree) {
  const seen = new Map();
  for (const el of tree.querySelectorAll("[data-flip]")) {
    const key = el.getAttribute("data-flip");
    const n = (seen.get(key) || 0) + 1;
    seen.set(key, n);
    if (n > 1) el.setAttribute("data-flip", `${key}#${n}`);
  }
}

/** When the part showing and its new tree have the same outer element and the same zones
 * (children of the same tags and classes, in order), each live zone with the zone it
 * becomes; null otherwise (the whole part is morphed at once). The outer element's
 * attributes are brought up to date here. */
function sameZones(live, tree, loose = false) {
  if (!live || live.tagName !== tree.tagName || live.children.length !== tree.children.length
      || live.children.length < 2) return null;
  const pairs = [...live.children].map((z, i) => [z, tree.children[i]]);
  // loosely, zones of the same kind (the first class) whose state classes differ
  const kind = (el) => (loose ? el.classList[0] : el.className);
  if (pairs.some(([a, b]) => a.tagName !== b.tagName || kind(a) !== kind(b))) return null;
  for (const { name, value } of tree.attributes) if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  for (const { name } of [...live.attributes]) if (!tree.hasAttribute(name)) live.removeAttribute(name);
  return pairs;
}

/** The zones of a part (sameZones), where a zone marked `data-zones` (Thalara's row of
 * conflicts, its supply and the supply's parts) is split into its children, and so on
 * down: a card placed in one conflict then morphs and lays out that conflict in a step of
 * its own, not the whole row in one. */
function zonesOf(live, tree) {
  const zones = sameZones(live, tree);
  if (!zones) return null;
  // once for the whole part (a zone split into its children shares its keys)
  uniqueKeys(tree);
  const split = ([a, b]) => {
    const inner = a.hasAttribute("data-zones") && sameZones(a, b, true);
    return inner ? inner.flatMap(split) : [[a, b]];
  };
  return zones.flatMap(split);
}

function morphTo(live, tree) {
  morphdom(live, tree, {
    getNodeKey: (node) => (node.getAttribute ? node.getAttribute("data-flip") || node.id || undefined : undefined),
    // a part equal to what shows is left alone (one native comparison instead of a walk
    // through every attribute of every element of a card face)
    onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
  });
}

/** The page's style and layout brought up to date now, in the task under way. */
function layOut() {
  void document.body.offsetHeight;
}

/**
 * The rest waits until the browser has painted a frame, then runs in a task of its own.
 * A bare task was not enough: several steps queued back to back were all rendered in one
 * frame, and that frame's style, layout and paint of a score of new card faces was itself
 * a long task (50-70 ms at 4x CPU slowdown). One step per frame keeps each frame short.
 * The timer is the way on where frames stop (a hidden tab), so a draw never stalls.
 */
function nextFrame() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => { if (!done) { done = true; resolve(); } };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 100);
  });
}

/** Whether all of an element shows: inside the window and inside every box that clips it. */
function inView(el) {
  const r = restingRect(el);
  if (r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
  for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
    const style = getComputedStyle(box);
    if (style.overflow === "visible" && style.overflowX === "visible" && style.overflowY === "visible") continue;
    const b = box.getBoundingClientRect();
    if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1) return false;
  }
  return true;
}

/** Lines said again and again in one move (four forced discards of a red stone) as one
 * line with how many times: "Ada discards a red stone (4 times, the only choice)". */
export function repeatsOnce(lines) {
  const out = [];
  for (let i = 0; i < lines.length;) {
    let n = 1;
    while (lines[i + n] === lines[i]) n++;
    out.push(n === 1 ? lines[i] : timesOver(lines[i], n));
    i += n;
  }
  return out;
}

function timesOver(line, n) {
  const only = " (the only choice)";
  if (line.endsWith(only)) return `${line.slice(0, -only.length)} (${n} times, the only choice)`;
  return line.endsWith(".") ? `${line.slice(0, -1)} (${n} times).` : `${line} (${n} times)`;
}

/** A log line as a sentence: a capital first, a full stop last. */
function sentence(text) {
  const t = String(text).trim();
  if (!t) return t;
  return capital(/[.!?)]$/.test(t) ? t : `${t}.`);
}

// words that link a label's parts: a shared beginning does not end on one
const LINKING = /^(into|in|to|for|with|from|paying|the|a|an|of|on)$/i;

/** The words every label (split into words) begins with, as far as they agree. */
function leadingWords(split) {
  const out = [];
  for (let i = 0; i < split[0].length; i += 1) {
    const w = split[0][i];
    if (split.every((s) => s[i] === w)) out.push(w); else break;
  }
  return out;
}

/** The question a choice narrowed by a click asks: which one, where its answers differ in
 * a last word only ("Place Blue 4 into which conflict?"), else the words they begin with
 * ("Summon Undine Queen: choose."), or, where they begin differently, the name they
 * share and the ways they differ ("Sell Goblin Soldier for 4 red stones" and "Tame
 * Goblin Soldier into your hand" → "Goblin Soldier: sell or tame?"). */
export function choiceQuestion(labels) {
  const split = labels.map((l) => l.split(" "));
  if (labels.length > 1 && split.some((s) => s[0] !== split[0][0])) {
    const name = sharedName(labels);
    const ways = [...new Set(split.map((s) => s[0].toLowerCase()))];
    if (name && ways.length <= 3) return `${name}: ${ways.join(" or ")}?`;
    return "Choose one of the answers.";
  }
  const shared = leadingWords(split);
  const noun = shared[shared.length - 1];
  if (labels.length > 1 && shared.length >= 2 && split.every((s) => s.length === shared.length + 1)
      && /^[a-z]+$/.test(noun) && !LINKING.test(noun)) {
    return `${shared.slice(0, -1).join(" ")} which ${noun}?`;
  }
  return `${commonLabel(labels)}: choose.`;
}

/** The longest run of words every label holds that names something (has a capital
 * letter past its first word), or "". */
function sharedName(labels) {
  const first = labels[0].split(" ");
  const held = (run) => labels.every((l) => ` ${l} `.includes(` ${run} `));
  for (let len = first.length - 1; len > 0; len -= 1) {
    for (let i = 1; i + len <= first.length; i += 1) {
      const words = first.slice(i, i + len);
      if (words.some((w) => /^[A-Z]/.test(w)) && held(words.join(" "))) return words.join(" ");
    }
  }
  return "";
}

/** The words several answers share ("Place Blue 4 into conflict 1/2/3" → "Place Blue 4"). */
export function commonLabel(labels) {
  if (!labels.length) return "";
  if (labels.length === 1) return labels[0];
  const out = leadingWords(labels.map((l) => l.split(" ")));
  const linking = (w) => { const t = w.replace(/[,:]$/, ""); return LINKING.test(t) || /^conflict$/i.test(t); };
  while (out.length > 1 && linking(out[out.length - 1])) out.pop();
  const text = out.join(" ").replace(/[,:]$/, "");
  return text || "Choose";
}
