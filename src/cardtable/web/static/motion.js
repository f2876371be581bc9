// Motion that says what happened: a card travels from where it was to where it went
// (FLIP: First, Last, Invert, Play with the Web Animations API), a new card fades in,
// a score counts to its new value. `prefers-reduced-motion` turns all of it off.

const REDUCE = window.matchMedia("(prefers-reduced-motion: reduce)");
const TRAVEL_MS = 420;
const ARRIVE_MS = 260;
const COUNT_MS = 500;

export function reducedMotion() { return REDUCE.matches; }

/** Where every keyed element (`data-flip`) of `root` is now, before a redraw. */
export function positions(root) {
  const at = new Map();
  if (reducedMotion()) return at;
  for (const el of root.querySelectorAll("[data-flip]")) {
    const r = el.getBoundingClientRect();
    if (r.width || r.height) at.set(el.getAttribute("data-flip"), r);
  }
  return at;
}

/** After a redraw: each keyed element that moved travels from its old place; one that
 * was not on the table before fades in (only when something was there before: the
 * first drawing of a table does not animate). */
export function play(root, before) {
  if (reducedMotion() || before.size === 0) return 0;
  let started = 0;
  for (const el of root.querySelectorAll("[data-flip]")) {
    const key = el.getAttribute("data-flip");
    const now = el.getBoundingClientRect();
    if (!now.width && !now.height) continue;
    const was = before.get(key);
    if (!was) {
      el.animate([{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }],
        { duration: ARRIVE_MS, easing: "ease-out" });
      started += 1;
      continue;
    }
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 5 }, { transform: "none", zIndex: 5 }],
      { duration: TRAVEL_MS, easing: "cubic-bezier(.2,.7,.2,1)" });
    started += 1;
  }
  return started;
}

/** A number that counts from its old value to `to` (scores, stars). */
export function countTo(el, from, to) {
  el.textContent = String(to);
  if (reducedMotion() || from === to || typeof from !== "number") return;
  const start = performance.now();
  el.classList.add("counting");
  const step = (t) => {
    const k = Math.min(1, (t - start) / COUNT_MS);
    el.textContent = String(Math.round(from + (to - from) * k));
    if (k < 1) requestAnimationFrame(step); else el.classList.remove("counting");
  };
  requestAnimationFrame(step);
}
