// Thalara: The Last Artifacts — drawing the observation and mapping clicks to actions.
import { h, seatName, provisionalMark } from "./dom.js";

const COLORS = ["red", "blue", "green", "yellow", "purple"];

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

function remnant(name) {
  const m = /^([a-z]+?)(\d+)$/.exec(name);
  return m ? { color: m[1], strength: Number(m[2]) } : null;
}

/** One card: a Remnant (colour and strength), an Artifact (by id) or anything else. */
export function cardEl(name, ctx, keys, extra) {
  const r = remnant(name);
  if (r && COLORS.includes(r.color)) {
    return h(`div.card.tcard.c-${r.color}`, { "data-keys": keys, "data-card": name,
      title: `${r.color} ${r.strength}` },
    h("span.num", {}, r.strength), h("span.small", {}, r.color), extra);
  }
  const art = ctx.artifacts[name];
  if (art) return artifactEl(art, keys);
  return h("div.card.tcard.c-none", { "data-keys": keys, "data-card": name }, h("span.small", {}, name), extra);
}

function artifactEl(a, keys) {
  return h(`div.card.tcard.artifact.c-${a.color}`, { "data-keys": keys, "data-card": a.card,
    title: `${a.name}: ${a.color} ${a.strength}, ${a.stars} stars` },
  h("span.num", {}, a.strength),
  h("span.name", {}, a.name, provisionalMark(a.provisional)),
  h("span.stars", {}, "★".repeat(a.stars)),
  h("span.small", {}, a.card));
}

function spellEl(sp, ctx, seat) {
  const mine = seat === ctx.me;
  return h(`div.spell${sp.cast_in !== null ? ".used" : ""}`, {
    "data-keys": mine ? `spell:${sp.id}` : null, title: sp.text },
  h("div.spell-head", {},
    h("b", {}, sp.name), provisionalMark(sp.provisional),
    h("span.req", {}, sp.requires.map((c) => h(`i.dot.c-${c}`, { title: c })))),
  h("div.spell-kind", {}, sp.kind, sp.cast_in !== null ? ` · cast in conflict ${sp.cast_in}` : ""),
  h("div.spell-text", {}, sp.text));
}

function conflictEl(c, obs, ctx) {
  const sides = c.sides.map((side) => {
    const cards = side.cards.map((cd) => {
      if (cd.card === null) {
        return h("div.card.tcard.back", { "data-keys": `facedown:${side.seat}`, title: "face down" }, "?");
      }
      const el = cardEl(cd.card, ctx, `card:${side.seat}:${cd.card}`);
      if (cd.face_down) el.classList.add("facedown-own");
      if (cd.strength !== cd.printed) el.append(h("span.mod", {}, `→${cd.strength}`));
      return el;
    });
    return h(`div.side${side.seat === ctx.me ? ".mine" : ""}`, {},
      h("div.side-head", {}, seatName(ctx, side.seat), h("b.total", {}, side.total)),
      h("div.row.cards", {}, cards));
  });
  const spells = c.spells.map((s) => {
    const owner = obs.seats[s.seat];
    const sp = owner && owner.spells.find((x) => x.id === s.id);
    return h("span.tag", { title: sp ? sp.text : s.id }, `${sp ? sp.name : s.id} (${seatName(ctx, s.seat)})`);
  });
  return h("section.conflict", { "data-keys": `conflict:${c.number}` },
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
        () => h("div.card.tcard.back", {}, "")))
    : h("div.row.cards", {}, seat.hand.map((c) => cardEl(c, ctx, `hand:${c}`)));
  const supply = mine && seat.supply && obs.phase === "select"
    ? h("div", {}, h("div.label", {}, `Supply (${seat.supply_count}) — choose your hand`),
      h("div.row.cards", {}, seat.supply.map((c) => cardEl(c, ctx, `supply:${c}`))))
    : null;
  return h(`section.seat${mine ? ".mine" : ""}${obs.current_player === seat.seat ? ".turn" : ""}`, { "data-seat": seat.seat },
    h("div.seat-head", {},
      h("b", {}, seatName(ctx, seat.seat)),
      h("span", {}, ` ${seat.character_name}`),
      h("span.badge", { title: "stars" }, `★ ${seat.stars}`),
      h("span.badge", { title: "artifacts won" }, `artifacts ${seat.artifacts.length}`),
      h("span.badge", { title: "cards in supply" }, `supply ${seat.supply_count}`),
      seat.passed ? h("span.tag", {}, "passed") : null),
    h("div.label", {}, `Hand (${seat.hand_count})`), hand, supply,
    h("details", { open: mine ? true : null }, h("summary", {}, "Spells"),
      h("div.row.spells", {}, seat.spells.map((sp) => spellEl(sp, ctx, seat.seat)))),
    seat.discard.length ? h("div.small.muted", {}, `Discard: ${seat.discard.join(", ")}`) : null);
}

export function render(obs, ctx) {
  for (const c of obs.conflicts) if (c.artifact) ctx.artifacts[c.artifact.card] = c.artifact;
  const info = h("div.info", {},
    h("span.badge", {}, `Round ${obs.round}`),
    h("span.badge", {}, `Phase: ${obs.phase}`),
    h("span.badge", {}, `Mode: ${obs.mode}`),
    h("span.badge", {}, `Artifact stack ${obs.artifact_stack}`),
    obs.aftershock_pool ? h("span.badge", {}, `Aftershocks ${obs.aftershock_pool}`) : null,
    obs.end_reason ? h("span.badge.over", {}, obs.end_reason) : null);
  const pending = obs.pending
    ? h("div.prompt", {}, `${seatName(ctx, obs.pending.player)}: ${obs.pending.prompt}`)
    : null;
  const order = [...obs.seats].sort((a, b) => (a.seat === ctx.me ? 1 : 0) - (b.seat === ctx.me ? 1 : 0));
  const others = order.filter((s) => s.seat !== ctx.me);
  const mine = order.filter((s) => s.seat === ctx.me);
  return h("div.board.thalara", {}, info, pending,
    h("div.seats.others", {}, others.map((s) => seatEl(s, obs, ctx))),
    h("div.conflicts", {}, obs.conflicts.map((c) => conflictEl(c, obs, ctx))),
    h("div.seats", {}, mine.map((s) => seatEl(s, obs, ctx))));
}
