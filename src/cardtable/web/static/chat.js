// Chat at the table: the players' room for a seat (in a game of two people or more),
// the spectators' room for a spectator signed in to an account. Every line is text:
// set with textContent, never parsed as HTML, its direction isolated so that what one
// person types cannot turn the rest of the page around. Muting is this browser's own:
// a muted author's lines are hidden here and nowhere else.
import { h, clear } from "./dom.js";

const MAX_CHARS = 300;       // the server's limit (docs/web.md)
const SHOWN = 200;           // lines kept on the page
const MUTED_KEY = "cardtable:muted";

function loadMuted() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]")); } catch { return new Set(); }
}

function saveMuted(muted) {
  try { localStorage.setItem(MUTED_KEY, JSON.stringify([...muted].slice(-500))); } catch { /* private mode */ }
}

// the id of the chat's messages: the server's refusal of one carries it back
const CHAT_ID = "chat";

export class Chat {
  /** el: the side panel's container; send(msg): to the game's websocket. */
  constructor(el, gameId, send) {
    this.el = el;
    this.gameId = gameId;
    this.send = send;
    this.seat = null;
    this.seats = [];
    this.lines = new Map();   // n -> line
    this.muted = loadMuted();
    this.signedIn = null;     // a spectator's account name, once asked
    this.lastSaid = "";       // the line sent last: back in the field if it is refused
    this.listEl = h("ol.chat-lines", { id: "chat-lines", "aria-label": "chat", "aria-live": "polite", tabindex: 0 });
    this.noteEl = h("p.chat-note", { id: "chat-note", role: "status" });
    this.input = h("input", { id: "chat-input", name: "chat", maxlength: MAX_CHARS, autocomplete: "off",
      "aria-label": "a line to say", placeholder: "Say something…" });
    this.form = h("form.chat-form", { onsubmit: (e) => { e.preventDefault(); this.say(); } },
      this.input, h("button", { type: "submit", id: "chat-send" }, "Send"));
    this.mutedEl = h("div.chat-muted", { id: "chat-muted" });
    this.titleEl = h("h2.h3", {}, "Chat");
    el.append(this.titleEl, this.listEl, this.mutedEl, this.noteEl, this.form);
    el.hidden = true;
  }

  /** Every message of the game's socket passes here first; true when it was the
   * chat's own (the table has nothing to do with it). */
  onMessage(msg) {
    switch (msg.type) {
      case "welcome":
      case "sync":
        this.seat = msg.seat;
        this.seats = msg.seats;
        this.open();
        return false;
      case "seats":
        this.seats = msg.seats;
        return false;
      case "chat_log":
        for (const line of msg.lines) this.lines.set(line.n, line);
        this.draw();
        return true;
      case "chat":
        this.lines.set(msg.n, msg);
        this.draw();
        return true;
      case "error":
        if (msg.id !== CHAT_ID) return false;
        this.noteEl.textContent = msg.message;
        if (!this.input.value) this.input.value = this.lastSaid;   // to say again, or mend
        return true;
      default:
        return false;
    }
  }

  /** Which room this viewer has, if any, and whether it may speak there. */
  open() {
    const humans = this.seats.filter((s) => s.kind === "human").length;
    if (this.seat !== null && this.seat !== undefined) {
      this.el.hidden = humans < 2;            // nobody to talk to in a game against the computer
      this.titleEl.textContent = "Chat with the players";
      return;
    }
    this.el.hidden = false;
    this.titleEl.textContent = "Spectators' chat";
    if (this.signedIn !== null) return;
    this.signedIn = "";
    fetch("/api/me").then((r) => (r.ok ? r.json() : null)).then((me) => {
      this.signedIn = me ? me.name : "";
      this.form.hidden = !me;
      clear(this.noteEl);
      if (!me) this.noteEl.append("Spectators chat with an account: ", h("a", { href: "/", id: "chat-sign-in" }, "sign in in the lobby"), ".");
    }).catch(() => { this.signedIn = null; });
  }

  say() {
    const text = this.input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHARS) { this.noteEl.textContent = `At most ${MAX_CHARS} characters a line.`; return; }
    this.noteEl.textContent = "";
    this.lastSaid = text;
    this.send({ type: "chat", text, id: CHAT_ID });
    this.input.value = "";
  }

  /** Whose a line is, for muting: a seat of this game, or a spectator's account. */
  authorKey(line) {
    return line.seat !== null && line.seat !== undefined ? `seat:${this.gameId}:${line.seat}` : `name:${line.name}`;
  }

  mine(line) {
    return line.seat !== null && line.seat !== undefined ? line.seat === this.seat : line.name === this.signedIn;
  }

  mute(key, on) {
    if (on) this.muted.add(key); else this.muted.delete(key);
    saveMuted(this.muted);
    this.draw();
  }

  draw() {
    const lines = [...this.lines.values()].sort((a, b) => a.n - b.n).slice(-SHOWN);
    const mutedHere = new Map();
    clear(this.listEl);
    for (const line of lines) {
      const key = this.authorKey(line);
      if (this.muted.has(key)) { mutedHere.set(key, line.name); continue; }
      const text = h("span.chat-text", { dir: "auto" });
      text.textContent = line.text;           // text, never markup
      const name = h("b.chat-name", { dir: "auto" });
      name.textContent = line.name;
      this.listEl.append(h(`li${line.seat !== null && line.seat !== undefined ? `.seat-c${line.seat}` : ""}`, { "data-n": line.n },
        name, ": ", text,
        this.mine(line) ? null : h("button.chat-mute", { type: "button", title: `hide what ${line.name} says (in this browser)`,
          "aria-label": `mute ${line.name}`, onclick: () => this.mute(key, true) }, "mute")));
    }
    clear(this.mutedEl);
    for (const [key, who] of mutedHere) {
      this.mutedEl.append(h("span.chat-muted-one", {}, "muted: ", h("b", { dir: "auto" }, who), " ",
        h("button", { type: "button", "aria-label": `unmute ${who}`, onclick: () => this.mute(key, false) }, "unmute")));
    }
    // the newest line in view, once the box has its height
    requestAnimationFrame(() => { this.listEl.scrollTop = this.listEl.scrollHeight; });
  }
}
