// The Vale of Eternity — drawing the observation and mapping clicks to actions.
// Cards and Artifact tiles come from the game's catalogue (ctx.catalogue).
import { h, seatName, nameOf, inWords, provisionalMark } from "./dom.js";

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
    // a free summon may come from the hand or (an expansion card) the discard pile
    case "summon": return pay ? [`hand:${arg}`, `pay:${pay}`] : [`card:${arg}`];
    case "remove": return [`area:${arg}`, `remove:${pay}`];
    case "discard": return STONES.includes(arg) ? [`stone:${arg}`] : [`card:${arg}`];
    case "order": return [`area:${arg}`];
    case "target": return [`seat:${Number(arg.slice(1)) - 1}`];
    case "recover":
    case "copy":
    case "take":
    case "shelter": // from the hand or from the hunting display
    case "swap":
    case "top":
    case "activate": return [`card:${arg}`];
    case "retrieve": return [`shelter:${arg}`];
    case "artifact":
    case "use": return [`tile:${arg}`];
    default: return []; // end, done, choose, pay, upgrade, name ...: buttons only
  }
}

const TIMING = { instant: "⚡ instant", permanent: "∞ permanent", resolution: "◷ hourglass" };
const VERBS = { hunt: "Hunt", sell: "Sell", tame: "Tame", summon: "Summon", remove: "Remove",
  end: "End your turn", discard: "Discard", order: "Resolve", choose: "Choose", target: "Target",
  recover: "Recover", copy: "Copy", take: "Take", done: "Done", artifact: "Pick", use: "Use",
  pay: "Pay", shelter: "Shelter", retrieve: "Retrieve", upgrade: "Upgrade", name: "Name",
  swap: "Swap", top: "Put on top", activate: "Activate" };

/** An action in words for its button (the notation stays in data-action). */
export function label(text, ctx) {
  const w = text.split(" ");
  const payAt = w.indexOf("pay");
  const what = (payAt > 0 ? w.slice(1, payAt) : w.slice(1)).map((x) =>
    (/^p\d$/.test(x) ? seatName(ctx, Number(x.slice(1)) - 1) : inWords(ctx, x))).join(" ");
  const verb = VERBS[w[0]] || w[0];
  const pay = payAt > 0 ? `, paying ${w.slice(payAt + 1).join(" ").replaceAll(",", ", ")}` : "";
  if (w[0] === "pay") return `Pay ${w.slice(1).join(" ").replaceAll(",", ", ")}`;
  return `${verb}${what ? ` ${what}` : ""}${pay}`;
}

function cardInfo(id, ctx) {
  return ((ctx.catalogue || {}).cards || {})[id] || { name: id, family: "none", cost: "?", text: "", provisional: false, timing: [] };
}

/** One card from the catalogue: family colour, name, cost and effect text. */
export function cardEl(id, ctx, keys) {
  if (id === null) return h("div.card.vcard.back", { title: "a card you cannot see", "aria-label": "a hidden card" }, "");
  const c = cardInfo(id, ctx);
  const allKeys = [`card:${id}`, ...(keys || [])].join(" ");
  const label = `${c.name}, ${c.family}, cost ${c.cost}: ${c.text}`;
  return h(`div.card.vcard.f-${c.family}`, { "data-keys": allKeys, "data-card": id, "data-zoom": `card:${id}`, "aria-label": label, title: label },
    h("div.vhead", {}, h("span.cost", { title: "cost" }, c.cost), h("span.name", {}, c.name, provisionalMark(c.provisional, c.note))),
    h("div.family", {}, c.family, " ", h("span.timing", { "aria-hidden": "true" }, (c.timing || []).map((t) => TIMING[t].split(" ")[0]).join(""))),
    h("div.vtext", {}, c.text));
}

function tileInfo(id, ctx) {
  return ((ctx.catalogue || {}).artifacts || {})[id] || { name: id, ability: "", text: "", provisional: false };
}

/** One Artifact tile: name, ability and text, with who holds it and whose marker it carries. */
export function tileEl(id, obs, ctx, place) {
  const t = tileInfo(id, ctx);
  const info = (obs.artifacts || []).find((a) => a.id === id) || { held_by: null, marker: null };
  const label = `Artifact ${t.name} (${t.ability}): ${t.text}`;
  return h("div.card.tile", { "data-keys": `tile:${id}`, "data-tile": id, "data-zoom": `tile:${id}`, "aria-label": label, title: label },
    h("div.vhead", {}, h("span.name", {}, t.name, provisionalMark(t.provisional, t.note))),
    h("div.family", {}, t.ability),
    h("div.vtext", {}, t.text),
    place === "middle" && info.held_by !== null ? h("div.small", {}, `held by ${seatName(ctx, info.held_by)}`) : null,
    info.marker !== null ? h("div.small.muted", {}, `${seatName(ctx, info.marker)}'s marker`) : null);
}

function stonesEl(seat, ctx) {
  const mine = seat.seat === ctx.me;
  return h("div.stones", {}, STONES.map((s) => h(`span.stone.s-${s}`, {
    "data-keys": mine ? `stone:${s}` : null,
    title: `${s} stones, worth ${seat.stone_values[s]} each`,
    "aria-label": `${seat.stones[s]} ${s} stones, worth ${seat.stone_values[s]} each`,
  }, h("b.sl", { "aria-hidden": "true" }, s[0].toUpperCase()), `${seat.stones[s]}`, h("small", {}, `×${seat.stone_values[s]}`))),
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
    seat.artifact ? h("div", {}, h("div.label", {}, "Artifact"), h("div.row.cards", {}, tileEl(seat.artifact, obs, ctx, "seat"))) : null,
    h("div.label", {}, `Area (${seat.area.length}/${seat.area_limit ?? obs.area_limit})`
      + (seat.extra_areas ? ` · ${seat.extra_areas} extra` : "")),
    h("div.row.cards", {}, seat.area.map((id) => cardEl(id, ctx, mine ? [`area:${id}`] : []))),
    obs.expansion === "artifacts" || seat.shelter.length
      ? h("div", {}, h("div.label", {}, `Shelter (${seat.shelter.length})`),
        h("div.row.cards", {}, seat.shelter.map((id) => cardEl(id, ctx, mine ? [`shelter:${id}`] : []))))
      : null,
    h("div.label", {}, `Hand (${seat.hand_count})`),
    h("div.row.cards", {}, hand));
}

/** Whether a legal action takes a card from the discard pile (Mimic, a free summon). */
function pickFromDiscard(obs, ctx) {
  return (ctx.legal || []).some((t) => {
    const w = t.split(" ");
    return (w[0] === "take" || w[0] === "summon") && obs.discard.includes(w[1]);
  });
}

/** The name of a pending decision's source: a card or an Artifact tile. */
function sourceName(id, obs, ctx) {
  return nameOf(ctx, id);
}

export function render(obs, ctx) {
  const info = h("div.info", {},
    h("span.badge", {}, `Round ${obs.round}`),
    h("span.badge", {}, `Phase: ${obs.phase}`),
    h("span.badge", {}, `First: ${seatName(ctx, obs.first_player)}`),
    h("span.badge", {}, `Deck ${obs.deck.count}`),
    h("span.badge", {}, `Game ends at ${obs.end_score} points`));
  const asks = ((ctx.words || {}).pending || {})[obs.pending && obs.pending.kind];
  const pending = obs.pending
    ? h("div.prompt", { role: "status" }, `${seatName(ctx, obs.pending.player)} decides: ${asks || obs.pending.kind.replaceAll("-", " ")}`,
      obs.pending.source ? ` (${sourceName(obs.pending.source, obs, ctx)})` : "",
      (obs.to_order || []).length ? ` · still to resolve: ${obs.to_order.map((id) => sourceName(id, obs, ctx)).join(", ")}` : "")
    : null;
  const tiles = (obs.artifacts || []).length
    ? h("div", {}, h("div.label", {}, obs.artifact_picking ? "Artifacts (pick one)" : "Artifacts"),
      h("div.row.cards", {}, obs.artifacts.map((a) => tileEl(a.id, obs, ctx, "middle"))))
    : null;
  const others = obs.seats.filter((s) => s.seat !== ctx.me);
  const mine = obs.seats.filter((s) => s.seat === ctx.me);
  const top = obs.deck.top.length
    ? h("div", {}, h("div.label", {}, "Known on top of the deck"), h("div.row.cards", {}, obs.deck.top.map((id) => cardEl(id, ctx))))
    : null;
  return h("div.board.vale", {}, info, pending,
    h("div.seats.others", {}, others.map((s) => seatEl(s, obs, ctx))),
    h("section.middle.middle-part", {},
      tiles,
      h("div.label", {}, "Hunting display"),
      h("div.row.cards", {}, obs.display.map((id) => cardEl(id, ctx, [`display:${id}`]))),
      top,
      h("details", { open: pickFromDiscard(obs, ctx) ? true : null }, h("summary", {}, `Discard pile (${obs.discard.length})`),
        h("div.row.cards", {}, obs.discard.map((id) => cardEl(id, ctx))))),
    h("div.seats.mine-part", {}, mine.map((s) => seatEl(s, obs, ctx))));
}

/** A large, readable card for the zoom: full text, family, cost, effect kinds, provenance. */
export function zoom(kind, id, ctx) {
  const note = (x) => (x.note ? h("p.note", {}, h("b", {}, x.provisional ? "✱ Provisional. " : "Note: "), x.note) : null);
  if (kind === "tile") {
    const t = tileInfo(id, ctx);
    return h("div.zoomcard.tile-z", {},
      h("div.z-head", {}, h("span", {}, t.name)),
      h("p.small", {}, `Artifact tile · ${t.kind} · ability: ${t.ability}${t.players ? ` · ${t.players}+ players` : ""}`),
      h("p.z-text", {}, t.text), note(t));
  }
  const c = cardInfo(id, ctx);
  return h(`div.zoomcard.vcard-z.f-${c.family}`, {},
    h("div.z-head", {}, h("span.z-cost", { "aria-label": `cost ${c.cost}` }, c.cost), h("span", {}, c.name)),
    h("p.small", {}, `${c.family} · cost ${c.cost} · ${(c.timing || []).map((t) => TIMING[t]).join(", ") || "no effect"}`),
    h("p.z-text", {}, c.text), note(c));
}
