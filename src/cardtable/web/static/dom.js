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
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
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

/** A mark for provisional content (rules or card text not yet confirmed). */
export function provisionalMark(isProvisional) {
  return isProvisional
    ? h("span.prov", { title: "provisional: not yet confirmed against the printed game" }, "✱")
    : null;
}
