// Card faces of our own, drawn from the catalogue data (we hold no licence for the
// published art). Every function returns one element and knows no rule: the caller adds
// data-keys, data-zoom, state classes (.legal, .selected ...) and the handlers, so nothing
// inside a face is clickable. Sizes: "hand" (the table), "mini" (other players' areas),
// "zoom" (the dialog; full text, the provenance note).
//
// Classes a caller may set on a face: .legal (can be chosen now: a green glow, lifts on
// hover), .selected (chosen, a move under way: raised, dashed outline), .faded (shown for
// reference), .peek (face down, seen only by its owner: a dashed inner frame). Remnants,
// Artifacts and Aftershocks whose strength a spell changed get strengthBadge(...) appended.
import { h } from "./dom.js";

const SIZES = ["hand", "mini", "zoom"];
const sizeOf = (size) => (SIZES.includes(size) ? size : "hand");

// ---- pictures as images --------------------------------------------------------------
//
// Each picture (an emblem, a timing, a gem ...) is a style rule of its own, and a face
// holds only an empty span that names it. Inline SVG made each face a tree of paths to
// style, lay out, hit-test and record for paint on every update; an image is decoded once
// and copied. The span's own colour (CSS `color`) paints the parts drawn in
// "currentColor", through the picture used as a mask; the parts with a colour of their
// own (highlights, a gem's facets) are a second image over it.
//
// On the table the pictures are bitmaps, all drawn with the canvas when the module loads,
// before the first face. An SVG image costs Chrome a document of its own, built in the
// style update that first shows the picture (13-31 ms of one update at 4x slowdown in a
// trace), and a style rule changed mid-game (a bitmap replacing its SVG) restyles the
// page; drawn up front, no update meets either. The zoom, drawn large, keeps the SVG.

/** How each part class is drawn: in the mask (its outline, opaque), and in the image
 * over the colour (only parts that have a colour of their own). */
const PART_STYLES = {
  "": { mask: { fill: "#000" } },
  line: { mask: { stroke: "#000", width: 2.3, cap: "round", join: "round" } },
  "line thin": { mask: { stroke: "#000", width: 1.7, cap: "round", join: "round" } },
  crack: { mask: { stroke: "#000", width: 0.9, join: "miter" } },
  "crack thin": { mask: { stroke: "#000", width: 0.55, join: "miter" } },
  hi: { mask: { fill: "#000" }, over: { fill: "rgba(255,255,255,.55)" } },
  "hi-line": {
    mask: { stroke: "#000", width: 1.4, cap: "round" },
    over: { stroke: "rgba(255,255,255,.65)", width: 1.4, cap: "round" },
  },
  "g-rim": { mask: { fill: "#000" }, over: { fill: "#d7b24c" } },
  "g-face": { mask: { fill: "#000" }, over: { fill: "#2b2232" } },
  "g-shine": { mask: { fill: "#000" }, over: { fill: "rgba(255,255,255,.22)" } },
  "s-top": { mask: { fill: "#000" }, over: { fill: "rgba(255,255,255,.3)" } },
  "s-low": { mask: { fill: "#000" }, over: { fill: "rgba(0,0,0,.22)" } },
  hole: { mask: { fill: "#000" }, over: { fill: "#2e1f45" } },
  star: { mask: { fill: "#000", stroke: "#000", width: 1.2 }, over: { fill: "#ffd54a", stroke: "#5a4000", width: 1.2 } },
};

/** The paint of one part in one layer ("mask" or "over"), or null when it has none there. */
function partPaint(cls, which) {
  const look = PART_STYLES[cls] || PART_STYLES[""];
  return which === "mask" ? look.mask : look.over || null;
}

function svgPaint(p) {
  const out = [`fill="${p.fill || "none"}"`];
  if (p.stroke) {
    out.push(`stroke="${p.stroke}" stroke-width="${p.width}"`);
    if (p.cap) out.push(`stroke-linecap="${p.cap}"`);
    if (p.join) out.push(`stroke-linejoin="${p.join}"`);
  }
  return out.join(" ");
}

/** The SVG markup of one layer of a picture. Shapes are [tag, attrs] or, for a group,
 * [tag, attrs, children]. */
function svgLayer(shapes, which) {
  let out = "";
  for (const [tag, attrs, children] of shapes) {
    const { class: cls = "", ...rest } = attrs;
    const own = Object.entries(rest).map(([k, v]) => `${k}="${v}"`).join(" ");
    if (children) {
      const inner = svgLayer(children, which);
      if (inner) out += `<${tag} ${own}>${inner}</${tag}>`;
      continue;
    }
    const paint = partPaint(cls, which);
    if (paint) out += `<${tag} ${own} ${svgPaint(paint)}/>`;
  }
  return out;
}

const svgText = (viewBox, body, stretch) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"${stretch ? ' preserveAspectRatio="none"' : ""}>${body}</svg>`;
const svgURL = (svg) => `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;

/** One shape as a canvas path (the shapes the pictures use: path, polygon, circle, rect). */
function shapePath(tag, a) {
  if (tag === "path") return new Path2D(a.d);
  const p = new Path2D();
  if (tag === "polygon") {
    const xy = String(a.points).trim().split(/[\s,]+/).map(Number);
    p.moveTo(xy[0], xy[1]);
    for (let i = 2; i < xy.length; i += 2) p.lineTo(xy[i], xy[i + 1]);
    p.closePath();
  } else if (tag === "circle") {
    p.arc(Number(a.cx), Number(a.cy), Number(a.r), 0, 2 * Math.PI);
  } else if (tag === "rect") {
    p.rect(Number(a.x), Number(a.y), Number(a.width), Number(a.height));
  } else {
    throw new Error(`a picture's shape the canvas does not draw: ${tag}`);
  }
  return p;
}

/** A group's transform: the "translate(x y) scale(k)" the pictures use. */
function applyTransform(ctx, transform) {
  for (const [, fn, args] of String(transform || "").matchAll(/(translate|scale)\(([^)]*)\)/g)) {
    const v = args.trim().split(/[\s,]+/).map(Number);
    if (fn === "translate") ctx.translate(v[0], v[1] || 0);
    else ctx.scale(v[0], v.length > 1 ? v[1] : v[0]);
  }
}

/** Draws one layer of a picture on a canvas already scaled to its viewBox (as SVG would:
 * fill, then stroke; SVG's miter limit). Returns whether anything was drawn. */
function canvasLayer(ctx, shapes, which) {
  let drawn = false;
  for (const [tag, attrs, children] of shapes) {
    const { class: cls = "", transform, ...rest } = attrs;
    if (children) {
      ctx.save();
      applyTransform(ctx, transform);
      drawn = canvasLayer(ctx, children, which) || drawn;
      ctx.restore();
      continue;
    }
    const paint = partPaint(cls, which);
    if (!paint) continue;
    const path = shapePath(tag, rest);
    if (paint.fill) { ctx.fillStyle = paint.fill; ctx.fill(path); }
    if (paint.stroke) {
      ctx.strokeStyle = paint.stroke;
      ctx.lineWidth = paint.width;
      ctx.lineCap = paint.cap || "butt";
      ctx.lineJoin = paint.join || "miter";
      ctx.miterLimit = 4;
      ctx.stroke(path);
    }
    drawn = true;
  }
  return drawn;
}

// each picture is drawn at BITMAP pixels on its long side (the largest on the table is a
// card's 118 px wide ground; a phone's 2x screen gets a little softer than its own pixels)
const BITMAP = 160;

/** One layer of a picture as a bitmap's object URL (null when the layer is empty). */
async function bitmapURL(viewBox, shapes, which) {
  const [x0, y0, vw, vh] = viewBox.split(/[ ,]+/).map(Number);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(vw >= vh ? BITMAP : (BITMAP * vw) / vh));
  canvas.height = Math.max(1, Math.round(vh >= vw ? BITMAP : (BITMAP * vh) / vw));
  const ctx = canvas.getContext("2d");
  ctx.scale(canvas.width / vw, canvas.height / vh);
  ctx.translate(-x0, -y0);
  if (!canvasLayer(ctx, shapes, which) && which === "over") return null;
  const blob = await new Promise((done) => canvas.toBlob(done));
  if (!blob) throw new Error("the canvas made no bitmap");
  return `url("${URL.createObjectURL(blob)}")`;
}

const PICTURES = new Map(); // name -> the class that draws it
const SHEET = new CSSStyleSheet();

/** Every picture's style rules, written once: on the table its bitmaps, in the zoom its
 * SVG. Should the canvas fail, the SVG serves on the table too (the same picture, painted
 * at more cost). */
async function drawPictures(defs) {
  const rules = await Promise.all(defs.map(async ([name, viewBox, shapes, stretch], i) => {
    const cls = `pic-${i}`;
    PICTURES.set(name, cls);
    const mask = svgURL(svgText(viewBox, svgLayer(shapes, "mask"), stretch));
    const overBody = svgLayer(shapes, "over");
    const svg = `-webkit-mask-image:${mask};mask-image:${mask}${overBody ? `;background-image:${svgURL(svgText(viewBox, overBody, stretch))}` : ""}`;
    let table = svg;
    try {
      const [maskBitmap, overBitmap] = await Promise.all([bitmapURL(viewBox, shapes, "mask"), bitmapURL(viewBox, shapes, "over")]);
      table = `-webkit-mask-image:${maskBitmap};mask-image:${maskBitmap}${overBitmap ? `;background-image:${overBitmap}` : ""}`;
    } catch { /* the SVG rule serves */ }
    return `.pic.${cls}{${table}}\n.face-zoom .pic.${cls}{${svg}}`;
  }));
  SHEET.replaceSync(rules.join("\n"));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, SHEET];
}

/** A decorative picture by its name (PICTURE_DEFS): an empty span the style rule draws;
 * hidden from assistive technology because the face's own label already says what the
 * picture shows. */
function icon(name, cls) {
  const pic = PICTURES.get(name);
  if (!pic) throw new Error(`no picture named ${name}`);
  return h(`span.pic.${pic}${cls ? `.${cls}` : ""}`, { "aria-hidden": "true" });
}

// ---- icons -------------------------------------------------------------------------

const FAMILY_SHAPES = {
  fire: [
    ["path", { d: "M12 1.5C13.2 6 18.5 8.2 18.5 14.2a6.5 6.5 0 0 1-13 0c0-3.6 2.6-5 2.9-9 2.2 1.6 3.3 3.8 3.3 6.2 1.4-1.6 1.7-5 .3-9.9z" }],
    ["path", { class: "hi", d: "M12 12.5c1.2 1.9 3.2 3.1 3.2 5.2a3.2 3.2 0 0 1-6.4 0c0-1.9 2-3 3.2-5.2z" }],
  ],
  water: [
    ["path", { d: "M12 1.8C9.6 5.6 4.8 10.6 4.8 15.3a7.2 7.2 0 0 0 14.4 0C19.2 10.6 14.4 5.6 12 1.8z" }],
    ["path", { class: "hi-line", d: "M8.6 15.2a3.6 3.6 0 0 0 3.4 3.7" }],
  ],
  earth: [
    ["path", { d: "M1.5 20.5 8.6 7.5l4.1 6.6 2.6-3.9 7.2 10.3z" }],
    ["path", { class: "hi", d: "M8.6 7.5 11.1 11.6 9.7 11 8.6 12.4 7.4 11 6.3 11.6z" }],
    ["path", { class: "hi", d: "M15.3 10.2 16.9 12.6 15.3 12 14 12.8z" }],
  ],
  wind: [
    ["path", { class: "line", d: "M2.5 8.5h11.2a3.2 3.2 0 1 0-3.2-3.2" }],
    ["path", { class: "line", d: "M2.5 13h15.3a3.4 3.4 0 1 1-3.4 3.4" }],
    ["path", { class: "line", d: "M2.5 17.5h7" }],
  ],
  // a wing: a leading arm from the shoulder to the claw, the membrane scalloped below
  dragon: [
    ["path", { d: "M2.5 19.5C4 13 7.5 6.5 21.5 3c-1.6 3.3-2 8-1 13.8-1.8-1.3-3.7-1.1-4.9.6-1.3-1.6-3.3-1.8-4.8-.3-1.4-1.5-3.6-1.5-5.1.1-.8-.3-2-.2-3.2 2.3z" }],
    ["path", { class: "hi-line", d: "M21.5 3 11 17.2M21.5 3 15.6 17.4M21.5 3 6.8 17.6" }],
  ],
};

// A low skyline along the foot of a card's picture, one shape per family, so the plate
// reads as a place rather than a coloured box. Drawn in a 120 x 40 box, stretched.
function ground(step, peak, curve) {
  let d = "M0 40V30";
  for (let x = 0; x < 120; x += step) {
    const top = 30 - peak * (0.6 + 0.4 * Math.abs(Math.sin(x * 1.7)));
    d += curve === "round"
      ? `Q${x + step / 2} ${top.toFixed(1)} ${x + step} 30`
      : curve === "wave"
        ? `Q${x + step / 4} ${top.toFixed(1)} ${x + step / 2} 30T${x + step} 30`
        : `L${x + step / 2} ${top.toFixed(1)}L${x + step} 30`;
  }
  return [["path", { d: `${d}V40z` }]];
}
const FAMILY_GROUND = {
  fire: ground(10, 14, "sharp"),
  water: ground(24, 5, "wave"),
  earth: ground(40, 16, "round"),
  wind: ground(20, 7, "round"),
  dragon: ground(15, 22, "sharp"),
};

const TIMING_SHAPES = {
  instant: [["path", { d: "M13.6 1.8 4 13.6h6.6L9.4 22.2 20 9.8h-6.8z" }]],
  permanent: [["path", { class: "line", d: "M12 12c-2.6-3.6-7.6-4.4-7.6 0s5 3.6 7.6 0 7.6-4.4 7.6 0-5 3.6-7.6 0z" }]],
  resolution: [
    ["path", { class: "line", d: "M5.5 2.8h13M5.5 21.2h13" }],
    ["path", { class: "line thin", d: "M7.2 2.8c0 5 4 6.3 4 9.2s-4 4.2-4 9.2h9.6c0-5-4-6.3-4-9.2s4-4.2 4-9.2z" }],
    ["path", { d: "M9 19.8h6l-3-4.2z" }],
    ["path", { d: "M9.4 6.3h5.2L12 9.2z" }],
  ],
  // an Artifact tile used as a whole action of the turn: a hand pressing down
  action: [
    ["circle", { class: "line thin", cx: 12, cy: 12, r: 9.4 }],
    ["path", { d: "M9.3 7.2 17.6 12l-8.3 4.8z" }],
  ],
};

/** The one name of each effect timing, used on every face, label and tooltip. */
export const TIMING_NAMES = {
  instant: "Instant effect",
  permanent: "Permanent effect",
  resolution: "Resolution effect",
  action: "Action",
};

const SPELL_KIND_NAMES = { instant: "Instant spell", permanent: "Permanent spell" };

export const FAMILY_NAMES = { fire: "Fire", water: "Water", earth: "Earth", wind: "Wind", dragon: "Dragon" };

function timingName(kind, names = TIMING_NAMES) {
  return names[kind] || String(kind || "effect");
}

/** One timing icon (⚡ ∞ hourglass, or the tile's action), labelled with its one name. */
export function timingIcon(kind, names = TIMING_NAMES) {
  const name = timingName(kind, names);
  return h(`span.face-timing.t-${kind}`, { title: name, "aria-label": name, role: "img" },
    icon(`timing-${TIMING_SHAPES[kind] ? kind : "instant"}`));
}

/** A family's emblem, drawn in currentColor. */
export function familyIcon(family) {
  const name = FAMILY_NAMES[family] || "No family";
  return h(`span.face-family.fam-${family || "none"}`, { title: name, "aria-label": name, role: "img" },
    icon(`family-${FAMILY_SHAPES[family] ? family : "none"}`));
}

function gem(value, label, cls = "") {
  return h(`span.fc-gem${cls}`, { title: label, "aria-label": label, role: "img" },
    icon("gem"),
    h("b.fc-gem-num", { "aria-hidden": "true" }, value));
}

const STAR = "M12 2.2 14.9 8.6 21.8 9.3 16.6 14 18.1 20.9 12 17.4 5.9 20.9 7.4 14 2.2 9.3 9.1 8.6z";

function stars(count) {
  const n = Number(count) || 0;
  const label = `${n} star${n === 1 ? "" : "s"}`;
  return h("span.fc-stars", { title: label, "aria-label": label, role: "img" },
    Array.from({ length: n }, () => icon("star")));
}

// ---- effect text -------------------------------------------------------------------

const TAG = /\[(instant|permanent|resolution)\]\s*/g;

/** The catalogue writes an effect's timing as a [tag]; the face shows its icon there and
 * the words say its one name, so neither "[resolution]" nor any other spelling shows. */
function textParts(text) {
  const parts = [];
  let last = 0;
  for (const m of String(text || "").matchAll(TAG)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(timingIcon(m[1]));
    last = m.index + m[0].length;
  }
  if (last < String(text || "").length) parts.push(String(text).slice(last));
  return parts;
}

export function textInWords(text) {
  return String(text || "").replace(TAG, (all, kind) => `${TIMING_NAMES[kind]}: `).trim();
}

function noteEl(info) {
  if (!info || !info.note) return null;
  return h("p.fc-note", {}, h("b", {}, info.provisional ? "Provisional: " : "Note: "), info.note);
}

// ---- The Vale of Eternity ------------------------------------------------------------

function face(kind, size, extra, attrs, ...children) {
  return h(`div.card.face.${kind}.face-${size}${extra || ""}`, attrs, ...children);
}

/** A Vale card: the family's frame and emblem, the cost as a gem, the name and the
 * effect text with a timing icon where each effect starts. */
export function valeCard(id, info, size) {
  const s = sizeOf(size);
  const c = info || {};
  const fam = FAMILY_NAMES[c.family] ? c.family : "none";
  const famName = FAMILY_NAMES[fam] || "No family";
  const words = textInWords(c.text);
  const name = c.name || id;
  const label = `${name}, ${famName} card, cost ${c.cost ?? "?"}${words ? `. ${words}` : ""}`;
  const timings = (c.timing || []).map((t) => timingIcon(t));
  const attrs = { "data-card": id, "aria-label": label, title: label };
  const cost = gem(c.cost ?? "?", `cost ${c.cost ?? "?"}`);
  if (s === "mini") {
    return face("face-vale-card", s, `.fam-${fam}`, attrs,
      h("div.fc-top", {}, cost, h("span.fc-timings", {}, timings), familyIcon(fam)),
      h("div.fc-name", {}, name));
  }
  const land = icon(`ground-${fam}`, "fc-ground");
  const art = h("div.fc-art", {}, land, h("span.fc-art-mark", { "aria-hidden": "true" }, icon(`art-${fam}`)),
    cost, familyIcon(fam));
  if (s === "zoom") {
    return face("face-vale-card", s, `.fam-${fam}`, attrs, art,
      h("div.fc-name", {}, name),
      h("div.fc-kinds", {}, h("span", {}, `${famName} · cost ${c.cost ?? "?"}`),
        (c.timing || []).map((t) => h("span.fc-kind", {}, timingIcon(t), TIMING_NAMES[t]))),
      h("div.fc-body", {}, h("p.fc-text", {}, textParts(c.text)), noteEl(c)));
  }
  return face("face-vale-card", s, `.fam-${fam}`, attrs, art,
    h("div.fc-name", {}, name),
    h("div.fc-body", {}, h("p.fc-text", {}, textParts(c.text))));
}

const ABILITY = (a) => (TIMING_SHAPES[a] ? a : "action");

/** A Vale Artifact tile: an octagonal bronze medallion, the ability's icon on top. */
export function valeTile(id, info, size) {
  const s = sizeOf(size);
  const t = info || {};
  const ability = ABILITY(t.ability);
  const name = t.name || id;
  const who = t.players ? `for ${t.players} or more players` : "";
  const label = `Artifact ${name}, ${TIMING_NAMES[ability]}${who ? `, ${who}` : ""}: ${t.text || ""}`;
  const attrs = { "data-tile": id, "aria-label": label, title: label };
  // the medal's shadow (and its green ring when it can be chosen) is a filter on this
  // span, not on the face: a face is a layer of its own, and a filter on a layer is
  // applied by the compositor again in every frame of any motion on the page (in
  // software, 2 ms a tile a frame), while here it is painted once with the tile
  const plate = h("span.fc-medal", { "aria-hidden": "true" },
    h("span.fc-plate"), h("span.fc-plate-in"));
  const head = h("div.fc-ability", {}, timingIcon(ability));
  if (s === "mini") return face("face-vale-tile", s, `.ab-${ability}`, attrs, plate, head, h("div.fc-name", {}, name));
  const foot = t.players
    ? h("span.fc-players", { title: `${t.players}+ players`, "aria-label": `${t.players}+ players`, role: "img" },
      icon("players"), `${t.players}+`)
    : null;
  if (s === "zoom") {
    return face("face-vale-tile", s, `.ab-${ability}`, attrs, plate, head,
      h("div.fc-name", {}, name),
      h("div.fc-kinds", {}, h("span.fc-kind", {}, timingIcon(ability), TIMING_NAMES[ability]),
        h("span", {}, t.kind === "advanced" ? "Advanced tile" : "Base tile"),
        t.players ? h("span", {}, `with ${t.players} or more players`) : null),
      h("div.fc-body", {}, h("p.fc-text", {}, t.text), noteEl(t)));
  }
  return face("face-vale-tile", s, `.ab-${ability}`, attrs, plate, head,
    h("div.fc-name", {}, name), h("div.fc-body", {}, h("p.fc-text", {}, t.text)), foot);
}

const STONE_VALUES = { red: 1, blue: 3, purple: 6 };

/** A magic stone: a gem in its colour with its letter; with a count, "×value" beside it. */
export function stoneIcon(color, count, value) {
  const v = value ?? STONE_VALUES[color];
  const letter = String(color || "?")[0].toUpperCase();
  const n = count === undefined || count === null ? null : count;
  const label = n === null
    ? `${color} stone, worth ${v}`
    : `${n} ${color} stone${n === 1 ? "" : "s"}, worth ${v} each`;
  return h(`span.face.face-stone.st-${color}${n !== null ? ".counted" : ""}`, { "aria-label": label, title: label },
    h("span.fc-stone", { "aria-hidden": "true" },
      icon("stone"),
      h("b", {}, letter)),
    n !== null ? h("b.fc-count", { "aria-hidden": "true" }, n) : null,
    n !== null && v !== undefined ? h("span.fc-worth", { "aria-hidden": "true" }, `×${v}`) : null);
}

// ---- Thalara -------------------------------------------------------------------------

const COLOR_SHAPES = {
  red: [["polygon", { points: "12,2.5 22,20.5 2,20.5" }]],
  blue: [["circle", { cx: 12, cy: 12, r: 9.5 }]],
  green: [
    ["circle", { cx: 12, cy: 7, r: 4.6 }], ["circle", { cx: 6.8, cy: 13.6, r: 4.6 }],
    ["circle", { cx: 17.2, cy: 13.6, r: 4.6 }], ["path", { d: "M10.8 12.5 9.4 21.5h5.2l-1.4-9z" }],
  ],
  yellow: [
    ["circle", { cx: 12, cy: 12, r: 5.2 }],
    ...Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      const p = (r) => `${(12 + r * Math.cos(a)).toFixed(2)} ${(12 + r * Math.sin(a)).toFixed(2)}`;
      return ["path", { class: "line", d: `M${p(7.6)}L${p(11)}` }];
    }),
  ],
  purple: [["polygon", { points: "12,1.5 21.5,12 12,22.5 2.5,12" }]],
};

export const COLOR_NAMES = { red: "Red", blue: "Blue", green: "Green", yellow: "Yellow", purple: "Purple" };

/** A Thalara colour's mark: its shape and its letter, so the colour is never alone. */
export function colorBadge(color) {
  const name = COLOR_NAMES[color] || "No colour";
  return h(`span.face-color.col-${COLOR_NAMES[color] ? color : "none"}`, { title: name, "aria-label": name, role: "img" },
    icon(`color-${COLOR_SHAPES[color] ? color : "none"}`),
    h("b", { "aria-hidden": "true" }, name[0]));
}

/** A Thalara card's strength as it stands now, when a spell has changed it: a badge the
 * caller appends to a Remnant, Artifact or Aftershock face (null when unchanged). */
export function strengthBadge(printed, now) {
  if (now === undefined || now === null || Number(now) === Number(printed)) return null;
  const up = Number(now) > Number(printed);
  const label = `strength now ${now} (printed ${printed})`;
  return h(`span.fc-now${up ? ".up" : ".down"}`, { title: label, "aria-label": label, role: "img" },
    h("span", { "aria-hidden": "true" }, up ? "▲" : "▼"), h("b", { "aria-hidden": "true" }, now));
}

function corners(color) {
  return [h("span.fc-corner.c-tl", { "aria-hidden": "true" }, colorBadge(color)),
    h("span.fc-corner.c-br", { "aria-hidden": "true" }, colorBadge(color))];
}

/** A Remnant: its colour, shape and letter, the strength large. */
export function thalaraRemnant(color, strength, size) {
  const s = sizeOf(size);
  const col = COLOR_NAMES[color] ? color : "none";
  const label = `${COLOR_NAMES[color] || color} Remnant, strength ${strength}`;
  return face("face-remnant", s, `.col-${col}`, { "data-card": `${color}${strength}`, "aria-label": label, title: label },
    h("span.fc-watermark", { "aria-hidden": "true" }, icon(`mark-${COLOR_SHAPES[color] ? color : "none"}`)),
    corners(color),
    h("b.fc-strength", { "aria-hidden": "true" }, strength),
    s === "mini" ? null : h("span.fc-caption", { "aria-hidden": "true" }, `${COLOR_NAMES[color] || color} Remnant`),
    s === "zoom" ? h("div.fc-body", {}, h("p.fc-text", {},
      `An energy card of colour ${color}, strength ${strength}: it counts as one ${color} energy for spells.`)) : null);
}

/** A Thalara Artifact: a gold frame round its colour, strength and stars. */
export function thalaraArtifact(id, info, size) {
  const s = sizeOf(size);
  const a = info || {};
  const col = COLOR_NAMES[a.color] ? a.color : "none";
  const name = a.name || id;
  const label = `Artifact ${name}: ${COLOR_NAMES[a.color] || a.color}, strength ${a.strength}, ${a.stars} star${a.stars === 1 ? "" : "s"}`;
  return face("face-artifact", s, `.col-${col}`, { "data-card": id, "aria-label": label, title: label },
    h("div.fc-field", {},
      h("span.fc-watermark", { "aria-hidden": "true" }, icon(`mark-${COLOR_SHAPES[a.color] ? a.color : "none"}`)),
      h("span.fc-corner.c-tl", { "aria-hidden": "true" }, colorBadge(a.color)),
      h("b.fc-strength", { "aria-hidden": "true" }, a.strength),
      stars(a.stars)),
    h("div.fc-name", {}, name),
    s === "zoom" ? h("div.fc-body", {},
      h("p.fc-text", {}, `Won in a conflict, its stars count at the end. It comes back to its holder's hand each round and can be played as a ${a.color} energy card of strength ${a.strength}.`),
      noteEl(a)) : null);
}

function requires(list) {
  const words = (list || []).map((c) => COLOR_NAMES[c] || c).join(", ");
  return h("span.fc-requires", { title: `requires ${words}`, "aria-label": `requires ${words}`, role: "img" },
    (list || []).map((c) => h(`span.fc-req.col-${COLOR_NAMES[c] ? c : "none"}`, {}, colorBadge(c))));
}

/** A Thalara spell: its colour requirement as gems, instant or permanent, name and text.
 * info.characterName (optional) names its character; info.castIn marks it used. */
export function thalaraSpell(id, info, size) {
  const s = sizeOf(size);
  const sp = info || {};
  const kind = sp.kind === "permanent" ? "permanent" : "instant";
  const name = sp.name || id;
  const cast = sp.castIn ?? sp.cast_in ?? null;
  const used = cast !== null && cast !== undefined;
  const label = `Spell ${name}, ${SPELL_KIND_NAMES[kind]}, requires ${(sp.requires || []).join(", ")}: ${sp.text || ""}${used ? ` (cast in conflict ${cast})` : ""}`;
  const attrs = { "data-spell": id, "aria-label": label, title: label };
  const head = h("div.fc-spell-head", {}, requires(sp.requires), timingIcon(kind, SPELL_KIND_NAMES));
  // the mini face is too narrow for the whole phrase; the label keeps it
  const castBand = used ? h("div.fc-cast", {}, s === "mini" ? `In conflict ${cast}` : `Cast in conflict ${cast}`) : null;
  if (s === "mini") return face("face-spell", s, `.k-${kind}${used ? ".used" : ""}`, attrs, head, h("div.fc-name", {}, name), castBand);
  return face("face-spell", s, `.k-${kind}${used ? ".used" : ""}`, attrs, head,
    h("div.fc-name", {}, name),
    s === "zoom" ? h("div.fc-kinds", {}, h("span.fc-kind", {}, timingIcon(kind, SPELL_KIND_NAMES), SPELL_KIND_NAMES[kind]),
      sp.characterName ? h("span", {}, `spell of ${sp.characterName}`) : null) : null,
    h("div.fc-body", {}, h("p.fc-text", {}, sp.text), s === "zoom" ? noteEl(sp) : null),
    castBand);
}

// the ground split by a quake: one jagged fault with a few branches
const CRACKS = [
  ["path", { class: "crack", d: "M4 1.5 6.5 5.2 5.6 7.4 9.4 10.2 8.2 12.6 12.6 15.1 11.4 18.3 14 22.5" }],
  ["path", { class: "crack thin", d: "M9.4 10.2 13.2 9.1 15 6.2 19.6 4.4M12.6 15.1 16.4 14.2 18.1 16.6 22 16.9M8.2 12.6 5 14.4 2.2 14M15 6.2 14.2 3.4" }],
];

/** An Aftershock: colourless, cracked stone. info (optional) gives strength and note. */
export function thalaraAftershock(size, info) {
  const s = sizeOf(size);
  const a = info || {};
  const has = a.strength !== undefined && a.strength !== null;
  const label = `Aftershock, colourless${has ? `, strength ${a.strength}` : ""}`;
  return face("face-aftershock", s, "", { "data-card": "aftershock", "aria-label": label, title: label },
    h("span.fc-watermark", { "aria-hidden": "true" }, icon("cracks")),
    has ? h("b.fc-strength", { "aria-hidden": "true" }, a.strength) : null,
    h("span.fc-caption", { "aria-hidden": "true" }, "Aftershock"),
    s === "zoom" ? h("div.fc-body", {}, h("p.fc-text", {}, "A colourless energy card that Rinn'thra's spells put into the supply."), noteEl(a)) : null);
}

/** The back of a hidden card of either game. */
export function cardBack(game, size) {
  const s = sizeOf(size);
  const vale = game === "vale";
  const label = "a hidden card";
  return face("face-back", s, `.g-${vale ? "vale" : "thalara"}`, { "aria-label": label, title: label },
    h("span.fc-back-in", { "aria-hidden": "true" }, icon(vale ? "back-vale" : "back-thalara", "fc-emblem")));
}

// ---- every picture, drawn once when the module loads -----------------------------------

const FAMILIES = ["fire", "water", "earth", "wind", "dragon"];
const COLORS = ["red", "blue", "green", "yellow", "purple"];

/** [name, viewBox, shapes, stretch]: every picture a face can show. */
const PICTURE_DEFS = [
  ...Object.entries(TIMING_SHAPES).map(([kind, shapes]) => [`timing-${kind}`, "0 0 24 24", shapes]),
  ...FAMILIES.map((f) => [`family-${f}`, "0 0 24 24", FAMILY_SHAPES[f]]),
  ["family-none", "0 0 24 24", [["circle", { cx: 12, cy: 12, r: 7 }]]],
  ...[...FAMILIES, "none"].map((f) => [`ground-${f}`, "0 0 120 40", FAMILY_GROUND[f] || [], true]),
  ...[...FAMILIES, "none"].map((f) => [`art-${f}`, "0 0 24 24", FAMILY_SHAPES[f] || []]),
  ["gem", "0 0 32 32", [
    ["polygon", { class: "g-rim", points: "16,1.5 29,8.8 29,23.2 16,30.5 3,23.2 3,8.8" }],
    ["polygon", { class: "g-face", points: "16,6.5 24.4,11.3 24.4,20.7 16,25.5 7.6,20.7 7.6,11.3" }],
    ["path", { class: "g-shine", d: "M7.6 11.3 16 6.5v4.2l-5 2.6z" }],
  ]],
  ["star", "0 0 24 24", [["path", { class: "star", d: STAR }]]],
  ["players", "0 0 24 24", [["circle", { cx: 12, cy: 7.5, r: 4 }], ["path", { d: "M4 21c0-4.6 3.6-8 8-8s8 3.4 8 8z" }]]],
  ["stone", "0 0 24 24", [
    ["polygon", { class: "s-body", points: "12,1.5 21.5,7.5 21.5,16.5 12,22.5 2.5,16.5 2.5,7.5" }],
    ["polygon", { class: "s-top", points: "12,1.5 21.5,7.5 12,6.8 2.5,7.5" }],
    ["polygon", { class: "s-low", points: "12,22.5 21.5,16.5 12,14.6 2.5,16.5" }],
  ]],
  ...COLORS.map((c) => [`color-${c}`, "0 0 24 24", COLOR_SHAPES[c]]),
  ["color-none", "0 0 24 24", [["rect", { x: 4, y: 4, width: 16, height: 16 }]]],
  ...[...COLORS, "none"].map((c) => [`mark-${c}`, "0 0 24 24", COLOR_SHAPES[c] || []]),
  ["cracks", "0 0 24 24", CRACKS],
  // Vale: the five families round a ring; Thalara: a star in a circle, pierced
  ["back-vale", "0 0 48 48", [["circle", { class: "line", cx: 24, cy: 24, r: 22 }],
    ...FAMILIES.map((f, i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
      const x = 24 + 15 * Math.cos(a) - 6;
      const y = 24 + 15 * Math.sin(a) - 6;
      return ["g", { transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(.5)` }, FAMILY_SHAPES[f]];
    })]],
  ["back-thalara", "0 0 48 48", [
    ["circle", { class: "line", cx: 24, cy: 24, r: 17 }],
    ["path", { d: "M24 8 28 20 40 24 28 28 24 40 20 28 8 24 20 20z" }],
    ["circle", { class: "hole", cx: 24, cy: 24, r: 3.2 }],
  ]],
];

// the modules that draw faces wait for this: no face is drawn before its pictures
await drawPictures(PICTURE_DEFS);
