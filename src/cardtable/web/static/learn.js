// A lesson: the real table (table.js) on a lesson's socket, and a guide over it. Each
// step's bubble sits beside the element the step expects (its `data-action`, or the
// card or button that starts it) with the step's words; a step that is read only has
// "Next". A click on any other answer changes nothing and is answered in the bubble.
// Where the learner stands (part, actions played, steps read) is kept in localStorage,
// so leaving and coming back resumes; the server replays the script to there.
import { h, clear } from "./dom.js";
import { Table } from "./table.js";
import { api } from "./api.js";

const KEY = (game) => `cardtable:learn:${game}`;
const GAP = 10;        // between the bubble and what it points at

function loadProgress(game, parts) {
  try {
    const p = JSON.parse(localStorage.getItem(KEY(game)) || "null");
    // whatever is stored is checked: a part the lesson has, counts from 0
    if (p && Number.isInteger(p.part) && p.part >= 1 && p.part <= parts &&
        Number.isInteger(p.n) && p.n >= 0 && Number.isInteger(p.read) && p.read >= 0) return p;
  } catch { /* private mode, or a broken entry: start over */ }
  return { part: 1, n: 0, read: 0, done: false };
}
function saveProgress(game, p) {
  try { localStorage.setItem(KEY(game), JSON.stringify(p)); } catch { /* private mode */ }
}

export async function learnPage(main, statusEl, game) {
  const lessons = await api("/api/learn");
  const lesson = lessons.find((x) => x.game === game);
  if (!lesson) {
    clear(main).append(h("p.error", {}, "There is no lesson for this game. "), h("a.button", { href: "/" }, "Back to the lobby"));
    return null;
  }
  document.body.classList.add("learning");
  return new Guide(main, statusEl, game, lesson.parts.length);
}

class Guide {
  constructor(main, statusEl, game, parts) {
    this.main = main;
    this.statusEl = statusEl;
    this.game = game;
    this.progress = loadProgress(game, parts);
    this.lesson = null;
    this.target = null;
    this.note = "";          // "Not yet: ..." after a click elsewhere
    this.bubble = h("div.learn-bubble", { id: "learn-bubble", role: "dialog", "aria-label": "the lesson", "aria-live": "polite", hidden: true });
    document.body.append(this.bubble);
    this.open();
    document.addEventListener("click", (e) => this.intercept(e), true);
    document.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && e.target instanceof Element) this.intercept(e);
    }, true);
    window.addEventListener("resize", () => this.place());
    // any scroll (the window's, a panel's) can move what the bubble points at
    window.addEventListener("scroll", () => this.place(), { passive: true, capture: true });
    this.placedAt = null;      // where the pointed element stood when the bubble was placed
    this.watchUntil = 0;
    // once: every part's table draws into the same element (a listener added per part
    // drew the bubble again for each part opened, detaching its buttons under a click)
    this.main.addEventListener("table:drawn", () => this.drawn());
  }

  open() {
    const p = this.progress;
    if (this.table) { this.table.stopped = true; this.table.conn.stop(); }
    this.lesson = null;
    // the last part's bubble (its "Next part" button) goes until the new part is drawn
    clear(this.bubble);
    this.bubble.hidden = true;
    this.table = new Table(this.main, this.statusEl, `learn/${this.game}/${p.part}`, 0, String(p.n), false, true);
    window.cardtable = this.table;
    // an answer sent: the bubble waits (the table redraws only when the answer is back)
    const send = this.table.send_action.bind(this.table);
    this.table.send_action = (text) => { send(text); this.show(); };
    this.table.middleEl.addEventListener("scroll", () => this.place(), { passive: true });
  }

  /** The steps due where the table stands now, or null while others still move. */
  due() {
    const t = this.table;
    const s = t.snap;
    if (!s || !this.lesson) return null;
    if (t.queue.length || t.paceTimer || t.waiting) return null;
    const due = this.lesson.steps.filter((x) => x.n === s.n);
    // between two of the learner's places the other seats' moves are still arriving
    if (!due.length && s.n < this.lesson.end) return null;
    return due;
  }

  drawn() {
    const t = this.table;
    // each message carries the lesson where it stands: the steps due at its `n` only
    if (t.snap && t.snap.lesson) this.lesson = t.snap.lesson;
    if (!this.lesson || !t.snap) return;
    // the end screen of a lesson's game would offer rematches and analyses: the table
    // stays in view, and the bubble says what the end means
    if (t.snap.over && t.endOpen) { t.showEnd(false); return; }
    const n = t.snap.n;
    if (this.progress.n !== n) {
      this.progress = { ...this.progress, n, read: 0 };
      this.note = "";
    }
    t.token = String(n);            // a reconnection resumes here
    saveProgress(this.game, this.progress);
    this.show();
  }

  current() {
    const due = this.due();
    if (!due) return { waiting: true };
    const reading = due.filter((x) => x.action === null);
    const acting = due.find((x) => x.action !== null) || null;
    if (this.progress.read < reading.length) return { step: reading[this.progress.read], reading: true };
    if (acting) return { step: acting, reading: false };
    return { finished: true };
  }

  show() {
    const now = this.current();
    this.clearTarget();
    clear(this.bubble);
    this.bubble.hidden = false;
    const total = this.lesson.total;
    const head = (step) => h("div.learn-head", {},
      h("span", {}, `${this.lesson.parts[this.lesson.part - 1]} · part ${this.lesson.part} of ${this.lesson.parts.length}`),
      step ? h("span.learn-count", { id: "learn-count" }, `step ${step.index + 1} of ${total}`) : null);
    const tools = h("div.learn-tools", {},
      h("button.linkish", { id: "learn-restart", onclick: () => this.restart() }, "Start again"),
      h("a", { href: "/", id: "learn-leave" }, "Leave (progress is kept)"));
    if (now.waiting) {
      this.bubble.classList.add("learn-quiet");
      this.bubble.append(head(null), h("p", {}, "Bea is playing…"));
      this.point(null);
      return;
    }
    this.bubble.classList.remove("learn-quiet");
    if (now.finished) {
      this.bubble.append(head(null), h("p", {}, "This part is played."), this.nextPartButton(), tools);
      this.point(null);
      return;
    }
    const step = now.step;
    this.bubble.setAttribute("data-step-index", String(step.index));
    this.bubble.append(head(step));
    if (this.note) this.bubble.append(h("p.learn-note", { id: "learn-note", role: "alert" }, this.note));
    this.bubble.append(h("p.learn-say", { id: "learn-say" }, step.say));
    if (step.teaches.length) this.bubble.append(h("p.learn-teaches", {}, `Rule: ${step.teaches.join("; ")}`));
    if (now.reading) {
      const last = this.isLastStep(step);
      this.bubble.append(last ? this.nextPartButton() : h("button.primary", { id: "learn-next", onclick: () => this.next() }, "Next"));
      this.bubble.append(tools);
      this.point(step.at ? document.querySelector(step.at) : this.table.bar.promptEl, true);
      return;
    }
    this.bubble.append(tools);
    this.target = this.findTarget(step.action);
    if (this.target) this.target.classList.add("learn-target");
    this.point(this.target || this.table.bar.promptEl, false);
  }

  isLastStep(step) { return step.index === this.lesson.total - 1; }

  nextPartButton() {
    const last = this.lesson.part >= this.lesson.parts.length;
    if (last) {
      return h("div.learn-finish", {},
        h("p", {}, h("b", {}, "Lesson complete. "), "Play a game against the computer from the lobby."),
        h("a.button.primary", { href: "/", id: "learn-done", onclick: () => this.finish() }, "To the lobby"));
    }
    return h("button.primary", { id: "learn-next-part", onclick: () => this.nextPart() },
      `Next part: ${this.lesson.parts[this.lesson.part]}`);
  }

  next() {
    this.progress = { ...this.progress, read: this.progress.read + 1 };
    this.note = "";
    saveProgress(this.game, this.progress);
    this.show();
  }

  nextPart() {
    if (!this.lesson) return;     // a second click while the next part loads
    this.progress = { part: this.lesson.part + 1, n: 0, read: 0, done: false };
    saveProgress(this.game, this.progress);
    this.note = "";
    this.open();
  }

  finish() {
    saveProgress(this.game, { part: 1, n: 0, read: 0, done: true });
  }

  restart() {
    this.progress = { part: 1, n: 0, read: 0, done: false };
    saveProgress(this.game, this.progress);
    this.note = "";
    this.open();
  }

  /** The element the expected action is clicked on now: the answer itself (on the
   * table first, then the status bar), else the card or button that starts it. */
  findTarget(action) {
    const t = this.table;
    const root = t.gameEl;
    const shown = (el) => el && el.getClientRects().length > 0 && !el.closest("[hidden]");
    const esc = (v) => (window.CSS && CSS.escape ? CSS.escape(v) : v.replace(/"/g, '\\"'));
    const exact = [...root.querySelectorAll(`[data-action="${esc(action)}"], [data-hidden-action="${esc(action)}"]`)].filter(shown);
    const onTable = exact.find((el) => el.closest(".middle, .mine-dock"));
    if (onTable || exact.length) return onTable || exact[0];
    const path = t.mod.pathFor(action, t.ctx);
    const key = path[t.selection.length];
    if (!key) return null;
    const steps = [...root.querySelectorAll(`[data-step="${esc(key)}"], #answers [data-keys="${esc(key)}"]`)].filter(shown);
    return steps.find((el) => el.closest(".middle, .mine-dock")) || steps[0] || null;
  }

  clearTarget() {
    for (const el of document.querySelectorAll(".learn-target")) el.classList.remove("learn-target");
  }

  /** A click on an answer that is not the step's: stopped, and answered in the bubble. */
  intercept(e) {
    if (!this.table || !this.lesson) return;
    const el = e.target instanceof Element ? e.target : null;
    if (!el || this.bubble.contains(el)) return;
    const answer = el.closest("[data-action], [data-step], [data-hidden-action], .legal, #answers button, #confirm-yes");
    if (!answer || !this.table.gameEl.contains(answer)) return;
    if (answer.id === "cancel-selection" || answer.id === "confirm-no" || answer.id === "show-result") return;
    const now = this.current();
    if (!now.waiting && !now.reading && !now.finished && this.target && (answer === this.target || this.target.contains(answer) || answer.contains(this.target))) return;
    e.preventDefault();
    e.stopPropagation();
    this.note = now.reading ? "Not yet: read this step first, then press Next."
      : now.finished ? "Not yet: this part is played; go on with the button below."
        : now.waiting ? "Not yet: wait for Bea to finish her move."
          : `Not yet: ${this.wanted(now.step.action)} The highlighted element is the one to click.`;
    this.show();
  }

  wanted(action) {
    const d = (this.table.snap && this.table.snap.decision) || {};
    const c = (d.choices || []).find((x) => x.action === action);
    const label = c ? c.text : this.table.mod.label(action, this.table.ctx);
    return `this step is to ${label.charAt(0).toLowerCase()}${label.slice(1)}.`;
  }

  // ---------------------------------------------------------------- the bubble's place

  point(el, reading) {
    // a part of the page hidden now (the players' tab on a phone): the status bar instead
    if (el && el.getClientRects().length === 0) el = this.table.bar.promptEl;
    this.pointAt = el;
    this.pointReading = reading;
    if (el && !reading) el.scrollIntoView({ block: "nearest", inline: "nearest" });
    this.place();
    this.watch();
  }

  /** For a while after each step is shown, the page may still move under the bubble
   * without a scroll or resize (the status bar taking a second line, a panel settling,
   * a card arriving): each frame the element pointed at is measured again, and the
   * bubble moves if it did. One measurement a frame, only for those seconds. */
  watch() {
    const running = this.watchUntil > performance.now();
    this.watchUntil = performance.now() + 5000;
    if (running) return;
    const tick = () => {
      if (performance.now() > this.watchUntil || this.bubble.hidden) { this.watchUntil = 0; return; }
      const el = this.pointAt;
      if (el && el.isConnected && this.placedAt) {
        const r = el.getBoundingClientRect();
        const was = this.placedAt;
        if (r.left !== was.left || r.top !== was.top || r.width !== was.width || r.height !== was.height) this.place();
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  /** Beside the element, never over it: below, above, right or left, whichever fits
   * (the roomiest otherwise), and always inside the window. */
  place() {
    const b = this.bubble;
    if (b.hidden) return;
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    b.style.maxWidth = `${Math.min(340, vw - 16)}px`;
    b.style.left = "8px";
    b.style.top = "8px";
    const box = b.getBoundingClientRect();
    const el = this.pointAt;
    if (!el || !el.isConnected) {
      b.style.left = `${Math.max(8, vw - box.width - 8)}px`;
      b.style.top = `${Math.max(8, vh - box.height - 8)}px`;
      b.removeAttribute("data-side");
      return;
    }
    const r = el.getBoundingClientRect();
    this.placedAt = r;
    const clampX = (x) => Math.max(8, Math.min(vw - box.width - 8, x));
    const clampY = (y) => Math.max(8, Math.min(vh - box.height - 8, y));
    const sides = [
      { side: "below", room: vh - r.bottom - GAP, need: box.height, x: clampX(r.left + r.width / 2 - box.width / 2), y: r.bottom + GAP },
      { side: "above", room: r.top - GAP, need: box.height, x: clampX(r.left + r.width / 2 - box.width / 2), y: r.top - GAP - box.height },
      { side: "right", room: vw - r.right - GAP, need: box.width, x: r.right + GAP, y: clampY(r.top + r.height / 2 - box.height / 2) },
      { side: "left", room: r.left - GAP, need: box.width, x: r.left - GAP - box.width, y: clampY(r.top + r.height / 2 - box.height / 2) },
    ];
    const fits = sides.find((s) => s.room >= s.need + 8) || sides.reduce((a, s) => (s.room / s.need > a.room / a.need ? s : a));
    b.style.left = `${Math.round(Math.max(8, Math.min(vw - box.width - 8, fits.x)))}px`;
    b.style.top = `${Math.round(Math.max(8, Math.min(vh - box.height - 8, fits.y)))}px`;
    b.setAttribute("data-side", fits.side);
  }
}
