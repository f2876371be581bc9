// Thalara: The Last Artifacts — drawing the observation and mapping clicks to actions.
// Card names, texts and provenance come from the game's catalogue (ctx.catalogue).
import { h, seatName, nameOf, inWords, provisionalMark } from "./dom.js";

const COLORS = ["red", "blue", "green", "yellow", "purple"];
// colour is never the only signal: each colour also has a letter and a shape
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

const VERBS = { take: "Take", play: "Play", cast: "Cast", return: "Return", target: "Target",
  pass: "Pass", skip: "Cast no spell", done: "Done returning" };

/** An action in words for its button (the notation stays in data-action). */
export function label(text, ctx) {
  const w = text.split(" ");
  const verb = VERBS[w[0]] || w[0];
  if (w[0] === "play" || w[0] === "cast") return `${verb} ${nameOf(ctx, w[1])} into conflict ${w[2]}`;
  if (w[0] === "target" && /^\d+$/.test(w[1])) return `Target conflict ${w[1]}`;
  return [verb, ...w.slice(1).map((x) => inWords(ctx, x))].join(" ");
}

function remnant(name) {
  const m = /^([a-z]+?)(\d+)$/.exec(name);
  return m && COLORS.includes(m[1]) ? { color: m[1], strength: Number(m[2]) } : null;
}

/** One card: a Remnant (colour and strength), an Artifact (by id) or anything else. */
export function cardEl(name, ctx, keys, extra) {
  const r = remnant(name);
  if (r) {
    const label = `${r.color} ${r.strength}`;
    return h(`div.card.tcard.c-${r.color}`, { "data-keys": keys, "data-card": name,
      "data-zoom": `remnant:${name}`, "aria-label": label, title: label },
    h("span.sym", { "aria-hidden": "true" }, colorMark(r.color)),
    h("span.num", {}, r.strength), h("span.small", {}, r.color), extra);
  }
  const art = ((ctx.catalogue || {}).artifacts || {})[name];
  if (art) return artifactEl({ card: name, ...art }, keys);
  const label = nameOf(ctx, name);
  return h("div.card.tcard.c-none", { "data-keys": keys, "data-card": name,
    "data-zoom": name === "aftershock" ? "aftershock:aftershock" : null, "aria-label": label },
  h("span.small", {}, label), extra);
}

function artifactEl(a, keys) {
  const label = `Artifact ${a.name}: ${a.color} ${a.strength}, ${a.stars} stars`;
  return h(`div.card.tcard.artifact.c-${a.color}`, { "data-keys": keys, "data-card": a.card,
    "data-zoom": `artifact:${a.card}`, "aria-label": label, title: label },
  h("span.sym", { "aria-hidden": "true" }, colorMark(a.color)),
  h("span.num", {}, a.strength),
  h("span.name", {}, a.name, provisionalMark(a.provisional, a.note)),
  h("span.stars", { "aria-hidden": "true" }, "★".repeat(a.stars)));
}

function requiresEl(requires) {
  return h("span.req", { "aria-label": `requires ${requires.join(", ")}` },
    requires.map((c) => h(`i.dot.c-${c}`, { title: c, "aria-hidden": "true" }, colorMark(c))));
}

function spellEl(sp, ctx, seat) {
  const mine = seat === ctx.me;
  const label = `spell ${sp.name}, ${sp.kind}, requires ${sp.requires.join(", ")}: ${sp.text}`;
  return h(`div.spell${sp.cast_in !== null ? ".used" : ""}`, {
    "data-keys": mine ? `spell:${sp.id}` : null, "data-zoom": `spell:${sp.id}`,
    "aria-label": label },
  h("div.spell-head", {},
    h("b", {}, sp.name), provisionalMark(sp.provisional, sp.note), requiresEl(sp.requires)),
  h("div.spell-kind", {}, sp.kind, sp.cast_in !== null ? ` · cast in conflict ${sp.cast_in}` : ""),
  h("div.spell-text", {}, sp.text));
}

function conflictEl(c, obs, ctx) {
  const sides = c.sides.map((side) => {
    const cards = side.cards.map((cd) => {
      if (cd.card === null) {
        return h("div.card.tcard.back", { "data-keys": `facedown:${side.seat}`, "aria-label": "a face-down card", title: "face down" }, "?");
      }
      const el = cardEl(cd.card, ctx, `card:${side.seat}:${cd.card}`);
      if (cd.face_down) el.classList.add("facedown-own");
      if (cd.strength !== cd.printed) el.append(h("span.mod", { "aria-label": `strength now ${cd.strength}` }, `→${cd.strength}`));
      return el;
    });
    return h(`div.side${side.seat === ctx.me ? ".mine" : ""}`, {},
      h("div.side-head", {}, h("span", {}, seatName(ctx, side.seat)), h("b.total", { "aria-label": `total ${side.total}` }, side.total)),
      h("div.row.cards", {}, cards));
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
      c.blocked_for.length ? h("span.tag", {}, `blocked for ${c.blocked_for.map((s) => seatName(ctx, s)).join(", ")}`) : null),
    c.artifact ? artifactEl(c.artifact, null) : h("div.muted", {}, "no artifact"),
    h("div.tags", {}, spells),
    h("div.sides", {}, sides));
}

function seatEl(seat, obs, ctx) {
  const mine = seat.seat === ctx.me;
  const hand = seat.hand === null
    ? h("div.row.cards", {},
      seat.known_hand.map((c) => cardEl(c, ctx, null)),
      Array.from({ length: Math.max(0, seat.hand_count - seat.known_hand.length) },
        () => h("div.card.tcard.back", { "aria-label": "a hidden card" }, "")))
    : h("div.row.cards", {}, seat.hand.map((c) => cardEl(c, ctx, `hand:${c}`)));
  const supply = mine && seat.supply && obs.phase === "select"
    ? h("div", {}, h("div.label", {}, `Supply (${seat.supply_count}) — choose your hand`),
      h("div.row.cards", {}, seat.supply.map((c) => cardEl(c, ctx, `supply:${c}`))))
    : null;
  return h(`section.seat${mine ? ".mine" : ""}${obs.current_player === seat.seat ? ".turn" : ""}`,
    { "data-seat": seat.seat, "aria-label": `${seatName(ctx, seat.seat)}, ${seat.character_name}` },
    h("div.seat-head", {},
      h("b", {}, seatName(ctx, seat.seat)),
      h("span", {}, ` ${seat.character_name}`),
      h("span.badge", { title: "stars" }, `★ ${seat.stars}`),
      h("span.badge", { title: "artifacts won" }, `artifacts ${seat.artifacts.length}`),
      h("span.badge", { title: "cards in supply" }, `supply ${seat.supply_count}`),
      seat.passed ? h("span.tag", {}, "passed") : null),
    h("div.label", {}, `Hand (${seat.hand_count})`), hand, supply,
    h("details.spells-box", { open: mine ? true : null }, h("summary", {}, "Spells"),
      h("div.row.spells", {}, seat.spells.map((sp) => spellEl(sp, ctx, seat.seat)))),
    seat.discard.length ? h("div.small.muted", {}, `Discard: ${seat.discard.map((c) => nameOf(ctx, c)).join(", ")}`) : null);
}

export function render(obs, ctx) {
  const words = (ctx.words && ctx.words.phases) || {};
  const info = h("div.info", {},
    h("span.badge", {}, `Round ${obs.round}`),
    h("span.badge", { title: words[obs.phase] || "" }, `Phase: ${obs.phase}`),
    h("span.badge", {}, `Mode: ${obs.mode}`),
    h("span.badge", {}, `Artifact stack ${obs.artifact_stack}`),
    obs.aftershock_pool ? h("span.badge", {}, `Aftershocks ${obs.aftershock_pool}`) : null,
    obs.end_reason ? h("span.badge.over", {}, inWords(ctx, obs.end_reason)) : null);
  const pending = obs.pending
    ? h("div.prompt", { role: "status" }, `${seatName(ctx, obs.pending.player)}: ${inWords(ctx, obs.pending.prompt)}`)
    : null;
  const others = obs.seats.filter((s) => s.seat !== ctx.me);
  const mine = obs.seats.filter((s) => s.seat === ctx.me);
  return h("div.board.thalara", {}, info, pending,
    h("div.seats.others", {}, others.map((s) => seatEl(s, obs, ctx))),
    h("div.conflicts.middle-part", {}, obs.conflicts.map((c) => conflictEl(c, obs, ctx))),
    h("div.seats.mine-part", {}, mine.map((s) => seatEl(s, obs, ctx))));
}

/** A large, readable card for the zoom: its full text and provenance. */
export function zoom(kind, id, ctx) {
  const cat = ctx.catalogue || {};
  const note = (prov, text) => (prov ? h("p.note", {}, h("b", {}, "✱ Provisional. "), text) : null);
  if (kind === "remnant") {
    const r = remnant(id);
    const set = cat.remnants || {};
    const color = (cat.colors || []).find((c) => c.id === r.color) || {};
    return h(`div.zoomcard.tcard-z.c-${r.color}`, {},
      h("div.z-head", {}, h("span.z-num", {}, r.strength), h("span", {}, `${colorMark(r.color)} ${r.color} Remnant`)),
      h("p", {}, `A Remnant: an energy card of colour ${r.color}, strength ${r.strength}. It counts as one ${r.color} energy for spells.`),
      note(set.provisional, set.note), note(color.provisional, color.note));
  }
  if (kind === "artifact") {
    const a = (cat.artifacts || {})[id] || { name: id };
    return h(`div.zoomcard.tcard-z.c-${a.color}`, {},
      h("div.z-head", {}, h("span.z-num", {}, a.strength), h("span", {}, a.name)),
      h("p", {}, `Artifact ${id}: ${colorMark(a.color)} ${a.color}, strength ${a.strength}, ${"★".repeat(a.stars)} ${a.stars} star${a.stars === 1 ? "" : "s"}.`),
      h("p", {}, "Won in a conflict; its stars count at the end. It comes back to its holder's hand each round and can be played as an energy card."),
      note(a.provisional, a.note));
  }
  if (kind === "spell") {
    const s = (cat.spells || {})[id] || { name: id, requires: [], text: "" };
    const who = (cat.characters || {})[s.character];
    return h("div.zoomcard.spell-z", {},
      h("div.z-head", {}, h("span", {}, s.name), requiresEl(s.requires)),
      h("p.small", {}, `${s.kind} spell${who ? ` of ${who.name}` : ""} · requires ${s.requires.map((c) => `${colorMark(c)} ${c}`).join(", ")}`),
      h("p.z-text", {}, s.text), note(s.provisional, s.note));
  }
  const shock = cat.aftershock || {};
  return h("div.zoomcard.tcard-z.c-none", {},
    h("div.z-head", {}, h("span.z-num", {}, shock.strength), h("span", {}, "Aftershock")),
    h("p", {}, "A colourless energy card Rinn'thra's spells put into the supply."),
    note(shock.provisional, shock.note));
}
