// The Vale of Eternity — drawing the observation and mapping clicks to actions.
import { h, seatName, provisionalMark } from "./dom.js";

const STONES = ["red", "blue", "purple"];

/** The clicks that make up an action (see docs/vale.md, "Action notation"). */
export function pathFor(text, ctx) {
  const w = text.split(" ");
  const verb = w[0];
  const arg = w[1];
  const pay = w[2] === "pay" ? w.slice(3).join(" ") : null;
  switch (verb) {
    case "hunt": return [`display:${arg}`];
    case "sell":
    case "tame": return [`hunted:${arg}`, `${verb}:${arg}`];
    case "summon": return pay ? [`hand:${arg}`, `pay:${pay}`] : [`hand:${arg}`];
    case "remove": return [`area:${arg}`, `remove:${pay}`];
    case "discard": return STONES.includes(arg) ? [`stone:${arg}`] : [`card:${arg}`];
    case "order": return [`area:${arg}`];
    case "target": return [`seat:${Number(arg.slice(1)) - 1}`];
    case "recover":
    case "copy":
    case "take": return [`card:${arg}`];
    default: return []; // end, done, choose ...: buttons only
  }
}

/** One card from the catalogue: family colour, name, cost and effect text. */
export function cardEl(id, ctx, keys) {
  if (id === null) return h("div.card.vcard.back", { title: "a card you cannot see" }, "");
  const c = (ctx.catalogue || {})[id] || { name: id, family: "none", cost: "?", text: "", provisional: false };
  const allKeys = [`card:${id}`, ...(keys || [])].join(" ");
  return h(`div.card.vcard.f-${c.family}`, { "data-keys": allKeys, "data-card": id, title: `${c.name} (${c.family}, cost ${c.cost}): ${c.text}` },
    h("div.vhead", {}, h("span.cost", { title: "cost" }, c.cost), h("span.name", {}, c.name, provisionalMark(c.provisional))),
    h("div.family", {}, c.family),
    h("div.vtext", {}, c.text));
}

function stonesEl(seat, ctx) {
  const mine = seat.seat === ctx.me;
  return h("div.stones", {}, STONES.map((s) => h(`span.stone.s-${s}`, {
    "data-keys": mine ? `stone:${s}` : null,
    title: `${s} stones, worth ${seat.stone_values[s]} each`,
  }, `${seat.stones[s]}`, h("small", {}, `×${seat.stone_values[s]}`))),
  h("span.small.muted", {}, ` limit ${seat.stone_limit}`));
}

function seatEl(seat, obs, ctx) {
  const mine = seat.seat === ctx.me;
  const hand = seat.hand.map((id, i) => {
    const el = cardEl(id, ctx, id !== null && mine ? [`hand:${id}`] : []);
    if (id !== null && seat.hand_known[i] && !mine) el.classList.add("known");
    return el;
  });
  return h(`section.seat${mine ? ".mine" : ""}${obs.current_player === seat.seat ? ".turn" : ""}`,
    { "data-keys": `seat:${seat.seat}`, "data-seat": seat.seat },
    h("div.seat-head", {}, h("b", {}, seatName(ctx, seat.seat)),
      h("span.badge.score", { title: "points" }, `${seat.score} pts`), stonesEl(seat, ctx)),
    seat.hunted.length ? h("div", {}, h("div.label", {}, "Hunted this round"),
      h("div.row.cards", {}, seat.hunted.map((id) => cardEl(id, ctx, mine ? [`hunted:${id}`] : [])))) : null,
    h("div.label", {}, `Area (${seat.area.length}/${obs.area_limit})`),
    h("div.row.cards", {}, seat.area.map((id) => cardEl(id, ctx, mine ? [`area:${id}`] : []))),
    h("div.label", {}, `Hand (${seat.hand_count})`),
    h("div.row.cards", {}, hand));
}

export function render(obs, ctx) {
  const info = h("div.info", {},
    h("span.badge", {}, `Round ${obs.round}`),
    h("span.badge", {}, `Phase: ${obs.phase}`),
    h("span.badge", {}, `First: ${seatName(ctx, obs.first_player)}`),
    h("span.badge", {}, `Deck ${obs.deck.count}`),
    h("span.badge", {}, `Game ends at ${obs.end_score} points`));
  const pending = obs.pending
    ? h("div.prompt", {}, `${seatName(ctx, obs.pending.player)} decides: ${obs.pending.kind.replaceAll("-", " ")}`,
      obs.pending.source ? ` (${((ctx.catalogue || {})[obs.pending.source] || {}).name || obs.pending.source})` : "")
    : null;
  const others = obs.seats.filter((s) => s.seat !== ctx.me);
  const mine = obs.seats.filter((s) => s.seat === ctx.me);
  const top = obs.deck.top.length
    ? h("div", {}, h("div.label", {}, "Known on top of the deck"), h("div.row.cards", {}, obs.deck.top.map((id) => cardEl(id, ctx))))
    : null;
  return h("div.board.vale", {}, info, pending,
    h("div.seats.others", {}, others.map((s) => seatEl(s, obs, ctx))),
    h("section.middle", {},
      h("div.label", {}, "Hunting display"),
      h("div.row.cards", {}, obs.display.map((id) => cardEl(id, ctx, [`display:${id}`]))),
      top,
      h("details", { open: (ctx.legal || []).some((t) => t.startsWith("take ")) ? true : null }, h("summary", {}, `Discard pile (${obs.discard.length})`),
        h("div.row.cards", {}, obs.discard.map((id) => cardEl(id, ctx))))),
    h("div.seats", {}, mine.map((s) => seatEl(s, obs, ctx))));
}
