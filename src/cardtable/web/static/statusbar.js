// The one status bar: what the phase is about, what you must decide (in words), and the
// answers beside it; while others decide, who and what. An answer that wastes something
// (overpaying, discarding, passing while a card could be placed) asks once in the bar
// itself before it is sent, unless the player turned confirmations off.
import { h, clear, seatName } from "./dom.js";

const CONFIRM_KEY = "cardtable:confirm";

export function confirmationsOn() {
  try { return localStorage.getItem(CONFIRM_KEY) !== "off"; } catch { return true; }
}

export function setConfirmations(on) {
  try { localStorage.setItem(CONFIRM_KEY, on ? "on" : "off"); } catch { /* private mode */ }
}

/** An answer with what it wastes, said once: a payment's label already ends with its
 * overpayment ("…, paying 1 purple stone (6): overpays by 2"), which the waste repeats
 * or contains ("discards a card and overpays by 2"); that ending then gives way to it. */
export function withWaste(label, waste) {
  const cut = label.lastIndexOf(": ");
  const base = cut >= 0 && waste.includes(label.slice(cut + 2)) ? label.slice(0, cut) : label;
  return `${base}: ${waste}`;
}

export class StatusBar {
  constructor(table) {
    this.t = table;
    this.phaseEl = h("div.phase-line", { id: "phase-line" });
    this.promptEl = h("p.prompt", { id: "prompt", "data-prompt": "", "aria-live": "polite" });
    this.answersEl = h("div.answers", { id: "answers", role: "group", "aria-label": "your answers" });
    this.toolsEl = h("div.tools");
    this.el = h("section.statusbar", { id: "statusbar", "aria-label": "what to do now" },
      h("div.status-text", {}, this.phaseEl, this.promptEl), this.answersEl, this.toolsEl);
  }

  /** tools: buttons that stay at the right end of the bar (hint, undo, rules, menu) */
  setTools(...buttons) { clear(this.toolsEl).append(...buttons); }

  /** The bar drawn anew, but the answer buttons are replaced only when they differ:
   * a draw's later step draws the same bar again, and a button swapped for its twin
   * between a press and its release loses the click. */
  draw() {
    const kids = [];
    this.compose(kids);
    const old = [...this.answersEl.children];
    if (old.length === kids.length && old.every((el, i) => el.isEqualNode(kids[i]))) return;
    clear(this.answersEl).append(...kids);
  }

  compose(kids) {
    const t = this.t;
    const s = t.snap;
    const d = s.decision || {};
    const obs = s.observation;
    this.el.className = "statusbar";
    clear(this.phaseEl).append(obs.round ? h("span.round", {}, `Round ${obs.round}`) : "", d.phase ? ` ${d.phase}` : "");
    if (s.over) {
      this.el.classList.add("over");
      const winners = (s.winners || []).map((w) => seatName(t.ctx, w)).join(" and ");
      this.promptEl.textContent = `Game over: ${winners || "nobody"} won.`;
      kids.push(h("button.primary", { id: "show-result", onclick: () => t.showEnd(true) }, "See the result"));
      return;
    }
    const mine = t.seat !== null && s.current_player === t.seat && s.legal.length > 0;
    this.el.classList.toggle("mine", mine);
    if (!mine) {
      this.promptEl.textContent = d.prompt ? cap(d.prompt) : `Waiting for ${seatName(t.ctx, s.current_player)}.`;
      if (t.seat === null) kids.push(h("span.muted", {}, "You are watching."));
      return;
    }
    if (t.waiting) {
      this.promptEl.textContent = "Sending…";
      return;
    }
    if (t.confirming) {
      const c = t.confirming;
      this.el.classList.add("confirming");
      this.promptEl.textContent = `${withWaste(c.label, c.waste)}. Are you sure?`;
      kids.push(
        h("button.primary.confirm-yes", { "data-action": c.text, id: "confirm-yes", onclick: () => t.send_action(c.text) }, `Yes: ${lower(c.label)}`),
        h("button.cancel", { id: "confirm-no", onclick: () => t.cancel() }, "No, choose again"));
      return;
    }
    const answers = t.answers();
    this.promptEl.textContent = answers.prompt;
    for (const a of answers.buttons) {
      kids.push(h(`button.answer${a.waste ? ".waste" : ""}`,
        { "data-action": a.text, title: a.waste ? withWaste(a.label, a.waste) : null, onclick: () => t.choose(a.text) }, a.label));
    }
    for (const g of answers.groups) {
      kids.push(h("button.answer.group", { "data-keys": g.key, "aria-haspopup": "true", onclick: () => t.click(g.key) }, `${g.label}…`));
    }
    if (t.selection.length) kids.push(h("button.cancel", { id: "cancel-selection", onclick: () => t.cancel() }, "Cancel"));
  }
}

function cap(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
function lower(text) { return text.charAt(0).toLowerCase() + text.slice(1); }
