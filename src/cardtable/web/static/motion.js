// Motion that says what happened: a card travels from where it was to where it went
// (FLIP: First, Last, Invert, Play with the Web Animations API), a new card fades in,
// a score counts to its new value. `prefers-reduced-motion` turns all of it off.

const REDUCE = window.matchMedia("(prefers-reduced-motion: reduce)");
const TRAVEL_MS = 420;
const ARRIVE_MS = 260;
const COUNT_MS = 500;
// moves (travels and arrivals) that start in one frame (start)
const MOVES_PER_FRAME = 3;

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

/** After a part is redrawn: each keyed element of `root` that moved is put back where it
 * was (an inline transform; a new one is made invisible), so that a frame painted before
 * the motion starts shows nothing jump. Returns the moves for `release` and `start`.
 * (Only when something was there before: the first drawing of a table does not animate.) */
export function invert(root, before) {
  if (reducedMotion() || before.size === 0) return [];
  // every position is read before any element is put back: a write between two reads
  // makes the second read lay the page out again
  const moves = [];
  for (const el of root.querySelectorAll("[data-flip]")) {
    const now = el.getBoundingClientRect();
    if (!now.width && !now.height) continue;
    const was = before.get(el.getAttribute("data-flip"));
    if (!was) { moves.push({ el, by: null }); continue; }
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    if (Math.abs(dx) >= 2 || Math.abs(dy) >= 2) moves.push({ el, by: [dx, dy] });
  }
  for (const m of moves) hold(m);
  return moves;
}

// what holds each held element where it was: the move of the latest draw that held it
const holds = new WeakMap();
const ARRIVE_SCALE = 0.85;

function hold(m) {
  holds.set(m.el, m);
  if (m.by) m.el.style.transform = `translate(${m.by[0]}px, ${m.by[1]}px)`;
  else { m.el.style.opacity = "0"; m.el.style.transform = `scale(${ARRIVE_SCALE})`; }
}

/** The moved elements at their new places again, with no motion (a draw that takes over
 * from one whose cards are still held). */
export function release(moves) {
  for (const m of moves) {
    if (holds.get(m.el) === m) holds.delete(m.el);
    m.el.style.transform = ""; m.el.style.opacity = "";
  }
}

/** Where an element lies once its motion is over: its box, less the hold that keeps it
 * where it was. Reading it changes nothing: releasing the held cards to read their places
 * restyled every one of them (a forced style of 15-25 ms for a round's twenty cards at
 * 4x CPU throttling), and holding them again restyled them once more in the next frame. */
export function restingRect(el) {
  const r = el.getBoundingClientRect();
  const m = holds.get(el);
  if (!m || !el.style.transform) return r;       // (a redraw dropped its inline style)
  if (m.by) return new DOMRect(r.x - m.by[0], r.y - m.by[1], r.width, r.height);
  // held small about its centre
  const w = r.width / ARRIVE_SCALE;
  const h = r.height / ARRIVE_SCALE;
  return new DOMRect(r.x + r.width / 2 - w / 2, r.y + r.height / 2 - h / 2, w, h);
}

/** The motion: each moved element travels from where it was, each new one fades in.
 * Many at once (a round's supply, a new display) start a few a frame: the frame that
 * starts an animation restyles its element, and a score of them in one frame (with the
 * calls that start them) was 50-80 ms at 4x CPU throttling. The rest are held where they
 * were, or invisible, until their frame: a cascade of under a tenth of a second. */
export function start(moves) {
  // each move plays only while it is still what holds its element: a newer draw may
  // have released it or held it anew before its frame came
  const due = (m) => holds.get(m.el) === m && m.el.isConnected;
  const next = (rest) => {
    for (const m of rest.slice(0, MOVES_PER_FRAME)) if (due(m)) play(m);
    if (rest.length > MOVES_PER_FRAME) {
      // after the frame, not in it: the calls that start the motions then run in a task
      // of their own, and the next frame only styles and paints what they changed
      requestAnimationFrame(() => setTimeout(() => next(rest.slice(MOVES_PER_FRAME)), 0));
    }
  };
  next(moves);
  return moves.length;
}

function play(m) {
  const { el, by } = m;
  holds.delete(el);
  el.style.transform = "";
  el.style.opacity = "";
  // a layer of its own while it moves: each frame moves the layer, nothing is painted
  // again (a card face has one already, faces.css's `.card.face` will-change: changing
  // its layer's reasons at the start and the end of the motion would restyle and repaint
  // it twice for nothing)
  const ownLayer = el.matches(".card.face");
  if (!ownLayer) el.classList.add("flying");
  // transform and opacity alone: the compositor can run them without painting each frame
  const anim = by
    ? el.animate([{ transform: `translate(${by[0]}px, ${by[1]}px)` }, { transform: "none" }],
      { duration: TRAVEL_MS, easing: "cubic-bezier(.2,.7,.2,1)" })
    : el.animate([{ opacity: 0, transform: "scale(.85)" }, { opacity: 1, transform: "none" }],
      { duration: ARRIVE_MS, easing: "ease-out" });
  if (!ownLayer) {
    const landed = () => el.classList.remove("flying");
    anim.addEventListener("finish", landed);
    anim.addEventListener("cancel", landed);
  }
}

/** A number that counts from its old value to `to` (scores, stars). */
export function countTo(el, from, to) {
  el.textContent = String(to);
  if (reducedMotion() || from === to || typeof from !== "number") return;
  const start = performance.now();
  el.classList.add("counting");
  // the text is written only when the number shown changes: a score that goes up by 3
  // lays out and paints its panel 3 times, not once a frame for half a second
  let shown = to;   // what the element holds now (the end value, written above)
  const step = (t) => {
    const k = Math.min(1, (t - start) / COUNT_MS);
    const now = Math.round(from + (to - from) * k);
    if (now !== shown) { el.textContent = String(now); shown = now; }
    if (k < 1) requestAnimationFrame(step); else el.classList.remove("counting");
  };
  requestAnimationFrame(step);
}
