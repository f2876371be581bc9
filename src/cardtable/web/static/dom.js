// Small DOM helpers shared by the pages and the two game renderers.

/** h("div.card.red", {title: "x", "data-keys": "a b"}, child, "text", ...) */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "onclick" || k === "oninput" || k === "onchange" || k === "onsubmit") {
        el.addEventListener(k.slice(2), v);
      } else if (k === "text") {
        el.textContent = v;
      } else {
        el.setAttribute(k, v === true ? "" : String(v));
      }
    }
  }
  // a label needs a role to be allowed: a card is an image of its label (a move makes
  // it a button), a box with parts a group
  if (el.hasAttribute("aria-label") && !el.hasAttribute("role") && ["DIV", "SPAN", "B", "I"].includes(el.tagName)) {
    el.setAttribute("role", el.classList.contains("card") || el.tagName !== "DIV" ? "img" : "group");
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Shows or hides `el`; an unchanged value is not written again (a write, even of the
 * same value, makes the browser recompute the element's style). */
export function show(el, visible) {
  if (el.hidden === visible) el.hidden = !visible;
}

/** Sets a property only when it changes (see show). */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A seat's label: its name, "you" for the viewer. */
export function seatName(ctx, seat) {
  if (seat === null || seat === undefined) return "—";
  const s = ctx.seats[seat];
  const name = s ? s.name : `P${seat + 1}`;
  return ctx.me === seat ? `${name} (you)` : name;
}

/** A card's, Artifact's, spell's or tile's name, from the game's catalogue. */
export function nameOf(ctx, id) {
  const names = (ctx.catalogue && ctx.catalogue.names) || {};
  return names[id] || id;
}

// A seat (P1), or a word that may be an id (A07, red3, bul-gae), with a Thalara owner
// suffix (red3@p2) — the same reading as cardtable/cli/words.py.
const TOKEN = /(?<![\w-])(?:P(\d+)\b|([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?:@[pP](\d+))?)(?![\w-])/g;

/** An engine text (an event, a prompt) with seats and ids in words. */
export function inWords(ctx, text) {
  return String(text).replace(TOKEN, (all, seat, token, owner) => {
    if (seat !== undefined) return seatName(ctx, Number(seat) - 1);
    const named = nameOf(ctx, token);
    return owner !== undefined ? `${named} of ${seatName(ctx, Number(owner) - 1)}` : named;
  });
}

/** A mark for provisional content, with the note that says what is confirmed. */
export function provisionalMark(isProvisional, note) {
  if (!isProvisional) return null;
  const text = `provisional: ${note || "not yet confirmed against the printed game"}`;
  return h("span.prov", { title: text, "aria-label": text, role: "img" }, "✱");
}

/** A modal dialog (replacing one of the same id), appended to the page; showModal() opens it. */
export function modal(id, label, ...children) {
  const old = document.getElementById(id);
  if (old) old.remove();
  const dialog = h("dialog", { id, "aria-label": label }, ...children);
  document.body.append(dialog);
  return dialog;
}

/** An element made elsewhere (a card face) given the table's attributes and classes. */
export function dress(el, attrs, ...classes) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of classes) if (c) el.classList.add(c);
  return el;
}

// Card faces are drawn once per card, size and catalogue, then copied: building their
// SVG anew on every update cost more than the rest of the table together.
const FACES = new WeakMap();
const NO_CATALOGUE = {};

/** A copy of the face `make()` draws, drawn only the first time for this key. */
export function faceOf(catalogue, key, make) {
  const cat = catalogue || NO_CATALOGUE;
  let cache = FACES.get(cat);
  if (!cache) { cache = new Map(); FACES.set(cat, cache); }
  let face = cache.get(key);
  if (!face) { face = make(); cache.set(key, face); }
  return face.cloneNode(true);
}
