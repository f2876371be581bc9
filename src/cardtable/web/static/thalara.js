// Thalara: The Last Artifacts: drawing the observation (the conflicts in the middle, your
// hand and spells docked, the others as panels) and the clicks that make up each action.
// Names, texts and provenance come from the game's catalogue; faces from faces.js.
import { h, seatName, nameOf, inWords, dress, faceOf } from "./dom.js";
import { thalaraRemnant, thalaraArtifact, thalaraSpell, thalaraAftershock, cardBack, strengthBadge } from "./faces.js";

const COLORS = ["red", "blue", "green", "yellow", "purple"];
const SYMBOL = { red: "▲", blue: "●", green: "♣", yellow: "☀", purple: "◆" };
export const colorMark = (c) => `${SYMBOL[c] || "■"}${(c || "?")[0].toUpperCase()}`;

/** The clicks that make up an action (see the notation in thalara/notation.py). */
export function pathFor(text, ctx) {
  const w = text.split(" ");
  switch (w[0]) {
    case "take": return [`supply:${w[1]}`];
    case "play": return [`hand:${w[1]}`, `conflict:${w[2]}`];
    case "cast": return [`spell:${w[1]}`, `conflict:${w[2]}`];
    case "return": return [`hand:${w[1]}`];
    case "target": {
      const t = w[1];
      if (/^\d+$/.test(t)) return [`conflict:${t}`];
      const [card, who] = t.split("@p");
      const owner = who === undefined ? ctx.me : Number(who) - 1;
      if (card === "facedown") return [`facedown:${owner}`];
      return [`card:${owner}:${card}`];
    }
    default: return []; // pass, skip, done: buttons only
  }
}

const VERBS = { take: "Take", play: "Place", cast: "Cast", return: "Return", target: "Choose",
  pass: "Pass", skip: "Cast no spell", done: "Done returning" };

/** An action in words, for when the server sent none. */
export function label(text, ctx) {
  const w = text.split(" ");
  const verb = VERBS[w[0]] || w[0];
  if (w[0] === "play" || w[0] === "cast") return `${verb} ${cardName(w[1], ctx)} into conflict ${w[2]}`;
  if (w[0] === "target" && /^\d+$/.test(w[1])) return `Choose conflict ${w[1]}`;
  if (w[0] === "take" || w[0] === "return") return `${verb} ${cardName(w[1], ctx)}`;
  return [verb, ...w.slice(1).map((x) => inWords(ctx, x))].join(" ");
}

function remnant(name) {
  const m = /^([a-z]+?)(\d+)$/.exec(name);
  return m && COLORS.includes(m[1]) ? { color: m[1], strength: Number(m[2]) } : null;
}

function cardName(name, ctx) {
  const r = remnant(name);
  if (r) return `${r.color.charAt(0).toUpperCase()}${r.color.slice(1)} ${r.strength}`;
  return nameOf(ctx, name);
}

/** One card: a Remnant (colour and strength), an Artifact (by id) or an Aftershock. */
export function cardEl(name, ctx, keys, owner, size = "hand") {
  const flip = owner === undefined || owner === null ? null : `t:${owner}:${name}`;
  const r = remnant(name);
  if (r) return dress(faceOf(null, `rem:${name}:${size}`, () => thalaraRemnant(r.color, r.strength, size)), { "data-keys": keys, "data-card": name, "data-flip": flip, "data-zoom": `remnant:${name}` }, "tcard");
  const art = ((ctx.catalogue || {}).artifacts || {})[name];
  if (art) return artifactEl(name, art, keys, size, flip);
  return dress(faceOf(ctx.catalogue, `shock:${size}`, () => thalaraAftershock(size, (ctx.catalogue || {}).aftershock)), { "data-keys": keys, "data-card": name, "data-flip": flip, "data-zoom": "aftershock:aftershock" }, "tcard");
}

function artifactEl(id, a, keys, size = "hand", flip = null) {
  return dress(faceOf(a, `art:${id}:${size}`, () => thalaraArtifact(id, a, size)), { "data-keys": keys, "data-card": id, "data-flip": flip || `art:${id}`, "data-zoom": `artifact:${id}` }, "tcard", "artifact");
}

function backEl(keys, label = "a face-down card") {
  return dress(faceOf(null, "back", () => cardBack("thalara", "mini")), { "data-keys": keys, "aria-label": label, role: "img", title: label }, "hidden-card");
}

function spellEl(sp, ctx, seat, size = "hand") {
  const mine = seat === ctx.me;
  const who = ((ctx.catalogue || {}).characters || {})[sp.character];
  // drawn once per spell, state (cast or not) and size, then copied
  const face = faceOf(ctx.catalogue, `spell:${size}:${JSON.stringify(sp)}:${who ? who.name : ""}`,
    () => thalaraSpell(sp.id, { ...sp, castIn: sp.cast_in, characterName: who ? who.name : undefined }, size));
  return dress(face,
    { "data-keys": mine ? `spell:${sp.id}` : null, "data-zoom": `spell:${sp.id}`, "data-flip": `spell:${sp.id}` }, "spell");
}

function conflictEl(c, obs, ctx) {
  const sides = c.sides.map((side) => {
    const cards = side.cards.map((cd) => {
      if (cd.card === null) return backEl(`facedown:${side.seat}`);
      const el = cardEl(cd.card, ctx, `card:${side.seat}:${cd.card}`, side.seat, "mini");
      if (cd.face_down) el.classList.add("peek");
      if (cd.strength !== cd.printed) el.append(strengthBadge(cd.printed, cd.strength));
      return el;
    });
    return h(`div.side.seat-c${side.seat}${side.seat === ctx.me ? ".mine" : ""}`, {},
      h("div.side-head", {}, h("span.side-name", {}, seatName(ctx, side.seat)), h("b.total", { "aria-label": `total ${side.total}` }, side.total)),
      cards.length ? h("div.row.cards", {}, cards) : null);
  });
  const spells = c.spells.map((s) => {
    const owner = obs.seats[s.seat];
    const sp = owner && owner.spells.find((x) => x.id === s.id);
    return h("span.tag", { title: sp ? sp.text : s.id, "data-zoom": `spell:${s.id}` },
      `${sp ? sp.name : nameOf(ctx, s.id)} (${seatName(ctx, s.seat)})`);
  });
  return h("section.conflict", { "data-keys": `conflict:${c.number}`, "aria-label": `conflict ${c.number}` },
    h("div.conflict-head", {}, h("b", {}, `Conflict ${c.number}`),
      c.silenced ? h("span.tag", {}, "silenced") : null,
      c.blocked_for.length ? h("span.tag", {}, `closed to ${c.blocked_for.map((s) => seatName(ctx, s)).join(", ")}`) : null),
    c.artifact ? artifactEl(c.artifact.card, c.artifact, null, "mini") : h("div.empty", {}, "No Artifact"),
    spells.length ? h("div.tags", {}, spells) : null,
    h("div.sides", {}, sides));
}

function handCards(seat, ctx, keysFor, size) {
  if (seat.hand !== null) return seat.hand.map((c) => cardEl(c, ctx, keysFor(c), seat.seat, size));
  return [...seat.known_hand.map((c) => cardEl(c, ctx, null, seat.seat, "mini")),
    ...Array.from({ length: Math.max(0, seat.hand_count - seat.known_hand.length) }, () => backEl(null, "a hidden card"))];
}

/** Your own area, docked at the bottom: your hand, your spells, your stars. */
export function mine(obs, ctx) {
  const seat = obs.seats.find((s) => s.seat === ctx.me);
  if (!seat) return null;
  return h("div.my-area.thalara", { "data-seat": seat.seat },
    h("div.my-head", {}, h("b", {}, seatName(ctx, seat.seat)), h("span", {}, ` ${seat.character_name}`),
      h("span.my-score", {}, `${seat.stars} ★`), h("span.muted", {}, `${seat.artifacts.length} Artifact${seat.artifacts.length === 1 ? "" : "s"} won · supply ${seat.supply_count}`),
      seat.passed ? h("span.tag", {}, "passed") : null),
    h("div.my-zones", {},
      h("div.zone.hand-zone", { "data-own-hand": "", "aria-label": "your hand" }, h("div.label", {}, `Your hand (${seat.hand_count})`),
        seat.hand && seat.hand.length ? h("div.row.cards.hand-row", { tabindex: 0, "aria-label": "the cards in your hand" }, handCards(seat, ctx, (c) => `hand:${c}`, seat.hand.length > 5 || ctx.compact ? "mini" : "hand"))
          : h("div.empty", {}, obs.phase === "select" ? "Choose your hand from your supply above." : "No cards in your hand.")),
      h("div.zone.spells-zone", {}, h("div.label", {}, "Your spells"),
        ctx.compact
          ? h("div.chips.spell-chips", {}, seat.spells.map((sp) => spellChip(sp, ctx)))
          : h("div.row.spells", {}, seat.spells.map((sp) => spellEl(sp, ctx, seat.seat, "mini"))))));
}

/** A spell in a word on a phone: its name and requirement; the zoom has the rest. */
function spellChip(sp, ctx) {
  const label = `${sp.name}: requires ${sp.requires.join(", ")}${sp.cast_in !== null ? ` (cast in conflict ${sp.cast_in})` : ""}`;
  return h(`span.chip.spell-chip${sp.cast_in !== null ? ".used" : ""}`, { "data-keys": `spell:${sp.id}`, "data-zoom": `spell:${sp.id}`,
    "data-flip": `spell:${sp.id}`, "aria-label": label, title: label }, sp.name, " ",
  h("span.req", { "aria-hidden": "true" }, sp.requires.map((c) => colorMark(c)).join(" ")));
}

/** Another player's panel: stars, hand, supply, passed; their spells by name. */
export function panel(seat, obs, ctx) {
  return h("div.pp-thalara", {},
    h("div.pp-line", {}, `${seat.character_name} · hand ${seat.hand_count} · supply ${seat.supply_count}`, seat.passed ? " · passed" : ""),
    h("div.pp-line", {}, `Artifacts won: ${seat.artifacts.length}`),
    h("div.chips", {}, seat.spells.map((sp) => h(`span.chip${sp.cast_in !== null ? ".used" : ""}`, { "data-zoom": `spell:${sp.id}`, title: sp.text },
      sp.name, sp.cast_in !== null ? ` (cast in ${sp.cast_in})` : ""))));
}

/** A player's whole area (opened from their panel, and in replays). */
export function area(seat, obs, ctx) {
  return h("div.seat-area.thalara", { "data-seat": seat.seat },
    h("div.my-head", {}, h("b", {}, seatName(ctx, seat.seat)), h("span", {}, ` ${seat.character_name}`), h("span.my-score", {}, `${seat.stars} ★`),
      seat.passed ? h("span.tag", {}, "passed") : null),
    h("div.label", {}, `Hand (${seat.hand_count})`), h("div.row.cards", {}, handCards(seat, ctx, () => null, "mini")),
    h("div.label", {}, `Artifacts won (${seat.artifacts.length})`),
    h("div.row.cards.won-artifacts", {}, seat.artifacts.map((id) => cardEl(id, ctx, null, null, "mini"))),
    h("div.label", {}, "Spells"), h("div.row.spells", {}, seat.spells.map((sp) => spellEl(sp, ctx, seat.seat, "hand"))),
    seat.discard.length ? h("div.small.muted", {}, `Discard: ${seat.discard.map((c) => cardName(c, ctx)).join(", ")}`) : null);
}

export function score(seat) { return { value: seat.stars, unit: "★", label: "stars" }; }

/** A player's result at the end (the observation's `end.players[i]`), as the end screen
 * shows it: the total and its unit, the columns' headings, the row's detail and the
 * parts of the score bar. */
export const end = {
  unit: "★",
  column: "Stars",
  detailColumn: "Artifacts won",
  total: (p) => p.stars,
  detail: (p) => [p.artifacts.length ? p.artifacts.map((a) => `${a.name} (${a.color} ${"★".repeat(a.stars)})`).join(", ") : "no Artifact"],
  parts: (p) => p.artifacts.map((a) => ({ what: `${a.name} (${a.stars} ★)`, n: a.stars })),
};

export function hasProvisional(cat) {
  return Object.values(cat.spells || {}).some((s) => s.provisional) || Object.values(cat.artifacts || {}).some((a) => a.provisional);
}

/** What the middle shows (it is drawn anew only when this changes). */
export function middleKey(obs, ctx) {
  const me = obs.seats.find((s) => s.seat === ctx.me);
  return [obs.conflicts, obs.phase, obs.artifact_stack, obs.aftershock_pool, obs.mode, obs.end_reason,
    me ? me.supply : null, obs.seats.map((s) => s.spells.map((sp) => sp.cast_in))];
}

/** What your docked area shows. */
export function mineKey(obs, ctx) {
  return [obs.seats.find((s) => s.seat === ctx.me) || null, obs.phase];
}

// the parts of the supply's row: the Remnants by colour, in the order they come (the
// supply is sorted by name), then the Artifacts and Aftershocks together
const SUPPLY_PARTS = [...[...COLORS].sort(), "other"];

function supplyPart(name) {
  const r = remnant(name);
  return r ? r.color : "other";
}

/** The middle: while hands are chosen, your supply; then the conflicts. */
export function middle(obs, ctx) {
  const me = obs.seats.find((s) => s.seat === ctx.me);
  const info = h("div.table-info", {},
    h("span", {}, `Artifacts left in the stack: ${obs.artifact_stack}`),
    obs.aftershock_pool ? h("span", {}, ` · Aftershocks: ${obs.aftershock_pool}`) : null,
    obs.mode === "casual" ? h("span", {}, " · Casual Chaos") : null,
    obs.end_reason ? h("span", {}, ` · ${inWords(ctx, obs.end_reason)}`) : null);
  // the zone is there in every phase, empty outside the hand choice: the middle keeps its
  // zones when a round starts or ends, so it is redrawn zone by zone, each after a frame
  // of its own, not all at once; and its cards are in one part per colour (laid out as
  // one row): a new round's twenty cards are then morphed a part a frame, not all in one
  const choosing = Boolean(me && me.supply && obs.phase === "select");
  const cards = choosing ? me.supply : [];
  const parts = SUPPLY_PARTS.map((part) => h("div.supply-part", {},
    cards.filter((c) => supplyPart(c) === part).map((c) => cardEl(c, ctx, `supply:${c}`, me.seat, "mini"))));
  const supply = h("div.zone.supply-zone", { hidden: !choosing, "data-zones": "" },
    h("div.label", {}, choosing ? `Your supply (${me.supply_count})` : ""),
    h("div.row.cards", { "data-zones": "" }, parts));
  return h("div.board.thalara", {}, supply,
    h("div.conflicts", { "data-zones": "" }, obs.conflicts.map((c) => conflictEl(c, obs, ctx))), info);
}

export function render(obs, ctx) {
  return h("div.replay-board", {}, middle(obs, ctx), h("div.replay-seats", {}, obs.seats.map((s) => area(s, obs, ctx))));
}

/** A large, readable card for the zoom: its full text and provenance. */
export function zoom(kind, id, ctx) {
  const cat = ctx.catalogue || {};
  const note = (prov, text) => (prov && text ? h("p.note", {}, h("b", {}, "Provisional: "), text) : null);
  if (kind === "remnant") {
    const r = remnant(id);
    const set = cat.remnants || {};
    const color = (cat.colors || []).find((c) => c.id === r.color) || {};
    return h("div.zoomcard", {}, thalaraRemnant(r.color, r.strength, "zoom"),
      h("p", {}, `A Remnant: an energy card of colour ${r.color} (${colorMark(r.color)}), strength ${r.strength}. It counts as one ${r.color} energy for spells.`),
      note(set.provisional, set.note), note(color.provisional, color.note));
  }
  if (kind === "artifact") {
    const a = (cat.artifacts || {})[id] || { name: id, color: "none", strength: 0, stars: 0 };
    return h("div.zoomcard", {}, thalaraArtifact(id, a, "zoom"),
      h("p", {}, "Won in a conflict; its stars count at the end. It comes back to its holder's hand each round and can be placed as an energy card."),
      note(a.provisional, a.note));
  }
  if (kind === "spell") {
    const s = (cat.spells || {})[id] || { name: id, requires: [], text: "" };
    const who = (cat.characters || {})[s.character];
    return h("div.zoomcard", {}, thalaraSpell(id, { ...s, characterName: who ? who.name : undefined }, "zoom"));
  }
  const shock = cat.aftershock || {};
  return h("div.zoomcard", {}, thalaraAftershock("zoom"),
    h("p", {}, "A colourless energy card that Rinn'thra's spells put into the supply."),
    note(shock.provisional, shock.note));
}
