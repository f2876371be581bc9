// The hint, in games against the computer only: the computer's search, from what the
// seat knows, suggests its best answers; the first is marked on the table.
import { h, clear, show, setProp } from "./dom.js";

export class Hint {
  constructor(table) {
    this.t = table;
    this.seq = 0;
    this.asked = null;        // {id, n, actions, error}
    this.stale = 0;           // answers that came after the game moved on (ignored)
    this.button = h("button", { id: "hint-btn", hidden: true, onclick: () => this.request() }, "Hint");
    this.el = h("div.hint", { id: "hint" });
  }

  can() {
    const t = this.t;
    const s = t.snap;
    return t.seat !== null && !s.over && s.legal.length > 0 &&
      t.ctx.seats.every((x) => x.seat === t.seat || x.kind === "computer");
  }

  request() {
    this.seq += 1;
    this.asked = { id: `hint-${this.seq}`, n: this.t.snap.n, actions: null, error: null };
    this.t.send({ type: "hint", id: this.asked.id });
    this.t.draw();
  }

  /** What the table's marks of the hint depend on. */
  key() { return this.asked && this.asked.actions ? `${this.asked.n}:${this.asked.actions[0].action}` : null; }

  moved(n) { if (this.asked && this.asked.n !== n) this.asked = null; }

  answer(msg) {
    const t = this.t;
    if (!this.asked || msg.id !== this.asked.id || !t.snap || msg.n !== t.snap.n) { this.stale += 1; return; }
    this.asked.actions = msg.actions;
    t.draw();
  }

  failed(msg) {
    if (this.asked && msg.id === this.asked.id) { this.asked.error = msg.message; this.t.draw(); }
  }

  draw() {
    const t = this.t;
    if (this.el.firstChild) clear(this.el);
    const can = this.can();
    show(this.button, can);
    if (!can) return;
    const hint = this.asked;
    const pending = hint && !hint.actions && !hint.error;
    setProp(this.button, "disabled", Boolean(pending || t.waiting));
    setProp(this.button, "textContent", pending ? "Hint: thinking…" : "Hint");
    if (!hint) return;
    if (hint.error) { this.el.append(h("p.error", { id: "hint-error" }, hint.error)); return; }
    if (!hint.actions) return;
    const words = new Map(t.paths().map((p) => [p.text, p.label]));
    const pct = (x) => `${Math.round(x * 100)}%`;
    this.el.append(h("div.small", {}, "The computer's search, from what you know, would play:"),
      h("ol.hint-list", { id: "hint-list" }, hint.actions.map((a, i) => h("li", {},
        h("b", {}, words.get(a.action) || t.mod.label(a.action, t.ctx)), i === 0 ? " (marked “hint” on the table)" : "",
        h("span.small", {}, ` — chosen in ${pct(a.share)} of the search; expected result ${a.expected === null ? "unknown" : a.expected.toFixed(2)} (0 = loss, 1 = win) `),
        h("button.hint-play", { "data-hint-action": a.action, disabled: t.waiting ? true : null, onclick: () => t.choose(a.action) }, "Play it")))),
    h("button.hint-close", { onclick: () => { this.asked = null; t.draw(); } }, "Close"));
  }

  /** The first suggestion, marked where the table shows its parts. */
  mark(root) {
    const t = this.t;
    const top = this.asked && this.asked.actions && this.asked.actions[0];
    if (!top || this.asked.n !== t.snap.n) return;
    const path = new Set(t.mod.pathFor(top.action, t.ctx));
    for (const el of root.querySelectorAll("[data-keys]")) {
      if (!el.getAttribute("data-keys").split(" ").some((k) => path.has(k))) continue;
      el.classList.add("hinted");
      el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""} (the hint's suggestion)`.trim());
    }
  }
}
