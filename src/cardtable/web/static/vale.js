// The Vale of Eternity: drawing the observation (the shared display in the middle, your
// area docked, the others as panels) and the clicks that make up each action. Cards and
// Artifact tiles come from the game's catalogue (ctx.catalogue); their faces from faces.js.
import { h, seatName, nameOf, inWords, dress, faceOf } from "./dom.js";
import { valeCard, valeTile, stoneIcon, cardBack } from "./faces.js";

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

const VERBS = { hunt: "Hunt", sell: "Sell", tame: "Tame", summon: "Summon", remove: "Remove",
  end: "End your turn", discard: "Discard", order: "Resolve", choose: "Choose", target: "Target",
  recover: "Recover", copy: "Copy", take: "Take", done: "Stop", artifact: "Pick the Artifact", use: "Use",
  pay: "Pay", shelter: "Shelter", retrieve: "Retrieve", upgrade: "Upgrade", name: "Name the family",
  swap: "Swap", top: "Put on top of the deck", activate: "Activate" };

/** An action in words, for when the server sent none (a replay, the hint of an old game). */
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

function tileInfo(id, ctx) {
  return ((ctx.catalogue || {}).artifacts || {})[id] || { name: id, ability: "", text: "", provisional: false };
}

/** One card at a size ("hand" or "mini"), with its keys for clicks and its zoom. */
export function cardEl(id, ctx, keys, size = "hand") {
  if (id === null) return dress(faceOf(ctx.catalogue, `back:${size}`, () => cardBack("vale", size)), { "aria-label": "a hidden card", role: "img" }, "hidden-card");
  const c = cardInfo(id, ctx);
  return dress(faceOf(ctx.catalogue, `card:${id}:${size}`, () => valeCard(id, c, size)), { "data-keys": [`card:${id}`, ...(keys || [])].join(" "),
    "data-flip": `card:${id}`, "data-zoom": `card:${id}` }, "vcard");
}

export function tileEl(id, obs, ctx, size = "hand") {
  const t = tileInfo(id, ctx);
  const info = (obs.artifacts || []).find((a) => a.id === id) || { held_by: null, marker: null };
  // "your marker", not "Ada (you)'s marker"
  const whose = (seat) => (seat === ctx.me ? "your" : `${seatName(ctx, seat)}'s`);
  const holder = info.held_by !== null && size !== "dock" ? (info.held_by === ctx.me ? "you" : seatName(ctx, info.held_by)) : null;
  // a held tile carries its holder's marker: said once ("held by Bea, with her marker"
  // read "held by Bea · Bea's marker", twice a long name in a narrow note)
  const notes = holder !== null && info.marker === info.held_by
    ? [`held by ${holder}, with ${info.held_by === ctx.me ? "your" : "their"} marker`]
    : [holder !== null ? `held by ${holder}` : null,
      info.marker !== null ? `${whose(info.marker)} marker` : null].filter(Boolean);
  const face = dress(faceOf(ctx.catalogue, `tile:${id}:${size}`, () => valeTile(id, t, size === "dock" ? "mini" : size)), { "data-keys": `tile:${id}`,
    "data-flip": `tile:${id}`, "data-zoom": `tile:${id}` }, "tile", info.held_by !== null ? "faded" : null);
  if (!notes.length) return face;
  face.setAttribute("aria-label", `${face.getAttribute("aria-label")} (${notes.join("; ")})`);
  return h("div.tile-box", {}, face, h("div.tile-note", {}, notes.join(" · ")));
}

function stonesEl(seat, ctx, mine) {
  return h("div.stones", { role: "group", "aria-label": "magic stones" }, STONES.map((s) =>
    dress(faceOf(null, `stone:${s}:${seat.stones[s]}:${seat.stone_values[s]}`, () => stoneIcon(s, seat.stones[s], seat.stone_values[s])), { "data-keys": mine ? `stone:${s}` : null }, "stone-slot")),
  h("span.stone-total", { title: "what your stones are worth, and how many you may hold" },
    `worth ${STONES.reduce((sum, s) => sum + seat.stones[s] * seat.stone_values[s], 0)} · ${STONES.reduce((n, s) => n + seat.stones[s], 0)} of ${seat.stone_limit} stones`));
}

/** A labelled row of cards; empty rows say so in words. */
function row(title, cards, empty, extra) {
  return h("div.zone", {}, h("div.label", {}, title, extra || ""),
    cards.length ? h("div.row.cards", {}, cards) : h("div.empty", {}, empty));
}

/** Your own area, docked at the bottom: stones, hand, what you hunted, your area,
 * your Artifact and shelter. */
export function mine(obs, ctx) {
  const seat = obs.seats.find((s) => s.seat === ctx.me);
  if (!seat) return null;
  const limit = seat.area_limit ?? obs.area_limit;
  return h("div.my-area.vale", { "data-seat": seat.seat },
    h("div.my-head", {}, h("b", {}, seatName(ctx, seat.seat)), h("span.my-score", {}, `${seat.score} point${seat.score === 1 ? "" : "s"}`), stonesEl(seat, ctx, true)),
    h("div.my-zones", {},
      h("div.zone.hand-zone", { "data-own-hand": "", "aria-label": "your hand" }, h("div.label", {}, `Your hand (${seat.hand_count})`),
        seat.hand.length ? h("div.row.cards.hand-row", { tabindex: 0, "aria-label": "the cards in your hand" }, seat.hand.map((id) => cardEl(id, ctx, id !== null ? [`hand:${id}`] : [], seat.hand.length > 4 || ctx.compact ? "mini" : "hand")))
          : h("div.empty", {}, "No cards in your hand.")),
      seat.hunted.length ? row("Hunted this round", seat.hunted.map((id) => cardEl(id, ctx, [`hunted:${id}`], "mini")), "") : null,
      row(`Your area (${seat.area.length} of ${limit}${seat.extra_areas ? `, ${seat.extra_areas} bought` : ""})`,
        seat.area.map((id) => cardEl(id, ctx, [`area:${id}`], "mini")), "Nothing summoned yet."),
      seat.artifact ? row("Your Artifact", [tileEl(seat.artifact, obs, ctx, "dock")], "") : null,
      obs.expansion === "artifacts" || seat.shelter.length
        ? row(`Shelter (${seat.shelter.length})`, seat.shelter.map((id) => cardEl(id, ctx, [`shelter:${id}`], "mini")), "Empty.") : null));
}

/** Another player's panel: stones, hand size, what they summoned (names), their Artifact. */
export function panel(seat, obs, ctx) {
  const limit = seat.area_limit ?? obs.area_limit;
  return h("div.pp-vale", { "data-keys": `seat:${seat.seat}` },
    stonesEl(seat, ctx, false),
    h("div.pp-line", {}, `Hand ${seat.hand_count} · area ${seat.area.length} of ${limit}${seat.hunted.length ? ` · hunted ${seat.hunted.length}` : ""}${seat.shelter.length ? ` · shelter ${seat.shelter.length}` : ""}`),
    seat.artifact ? h("div.pp-line", { "data-zoom": `tile:${seat.artifact}` }, `Artifact: ${nameOf(ctx, seat.artifact)}`) : null,
    seat.area.length ? h("div.chips", {}, seat.area.map((id) => h(`span.chip.f-${cardInfo(id, ctx).family}`, { "data-zoom": `card:${id}`, "data-flip": `card:${id}` }, nameOf(ctx, id)))) : null);
}

/** A player's whole area (opened from their panel, and in replays). */
export function area(seat, obs, ctx) {
  const limit = seat.area_limit ?? obs.area_limit;
  return h("div.seat-area.vale", { "data-seat": seat.seat },
    h("div.my-head", {}, h("b", {}, seatName(ctx, seat.seat)), h("span.my-score", {}, `${seat.score} point${seat.score === 1 ? "" : "s"}`), stonesEl(seat, ctx, false)),
    seat.hunted.length ? row("Hunted this round", seat.hunted.map((id) => cardEl(id, ctx, [], "mini")), "") : null,
    row(`Area (${seat.area.length} of ${limit})`, seat.area.map((id) => cardEl(id, ctx, [], "mini")), "Nothing summoned yet."),
    seat.artifact ? row("Artifact", [tileEl(seat.artifact, obs, ctx, "dock")], "") : null,
    seat.shelter.length ? row(`Shelter (${seat.shelter.length})`, seat.shelter.map((id) => cardEl(id, ctx, [], "mini")), "") : null,
    row(`Hand (${seat.hand_count})`, seat.hand.map((id, i) => {
      const el = cardEl(id, ctx, [], "mini");
      if (id !== null && seat.hand_known[i]) el.classList.add("known");
      return el;
    }), "No cards."));
}

export function score(seat) { return { value: seat.score, unit: seat.score === 1 ? "pt" : "pts", label: "points" }; }

const SOURCE_WORDS = { summon: "summoning {}", effect: "{}'s effect", hourglass: "{}'s Resolution effect",
  artifact: "Artifact {}", resolution: "Resolution effects", other: "other" };

/** A player's result at the end (the observation's `end.players[i]`), as the end screen
 * shows it: the total and its unit, the columns' headings, the row's detail and the
 * parts of the score bar. */
export const end = {
  unit: "pts",
  one: "pt",
  column: "Points",
  detailColumn: "Points by source, stones, summoned cards",
  total: (p) => p.score,
  detail: (p, ctx) => {
    const parts = [`start ${p.start}`, ...p.sources.map((x) => `${(SOURCE_WORDS[x.kind] || "{}").replace("{}", x.source ? inWords(ctx, x.source) : "").trim()} ${x.points > 0 ? "+" : ""}${x.points}`)];
    return [h("div", {}, parts.join(" · ")),
      h("div.small", {}, `stones: ${p.stones.red} red, ${p.stones.blue} blue, ${p.stones.purple} purple · summoned: ${p.area.map((c) => inWords(ctx, c)).join(", ") || "none"}`)];
  },
  parts: (p, ctx) => [{ what: "start", n: p.start }, ...p.sources.filter((x) => x.points > 0).map((x) => ({ what: x.source ? inWords(ctx, x.source) : x.kind, n: x.points }))],
};

export function hasProvisional(cat) {
  return Object.values(cat.cards || {}).some((c) => c.provisional) || Object.values(cat.artifacts || {}).some((t) => t.provisional);
}

/** Whether a legal action takes a card from the discard pile (Mimic, a free summon). */
function pickFromDiscard(obs, ctx) {
  return (ctx.legal || []).some((t) => {
    const w = t.split(" ");
    return (w[0] === "take" || w[0] === "summon") && obs.discard.includes(w[1]);
  });
}

/** What the middle shows (it is drawn anew only when this changes). */
export function middleKey(obs, ctx) {
  return [obs.artifacts, obs.artifact_picking, obs.display, obs.deck, obs.discard, obs.end_score, obs.phase,
    obs.seats.map((s) => s.seat), ctx.discardOpen];
}

/** What your docked area shows. */
export function mineKey(obs, ctx) {
  return [obs.seats.find((s) => s.seat === ctx.me) || null, obs.artifacts, obs.expansion, obs.area_limit];
}

/** The shared display: the Artifact tiles, the hunting display, the deck and the discard. */
export function middle(obs, ctx) {
  const targets = (ctx.legal || []).some((t) => t.startsWith("target "));
  return h("div.board.vale", {},
    (obs.artifacts || []).length
      ? h("div.zone.tiles-zone", {}, h("div.label", {}, obs.artifact_picking ? "Artifacts: each player picks one" : "Artifacts"),
        h("div.row.cards", {}, obs.artifacts.map((a) => tileEl(a.id, obs, ctx, obs.artifact_picking && !ctx.compact ? "hand" : "mini"))))
      : null,
    h("div.zone.display-zone", {}, h("div.label", {}, "Hunting display"),
      obs.display.length ? h("div.row.cards", {}, obs.display.map((id) => cardEl(id, ctx, [`display:${id}`], ctx.compact ? "mini" : "hand")))
        : h("div.empty", {}, obs.phase === "hunting" ? "The display is empty." : "The hunt is over for this round.")),
    targets ? h("div.zone", {}, h("div.label", {}, "Players"), h("div.row", {}, obs.seats.filter((s) => s.seat !== ctx.me)
      .map((s) => h("button.seat-target", { "data-keys": `seat:${s.seat}` }, seatName(ctx, s.seat))))) : null,
    h("div.table-info", {},
      h("span", {}, `Deck: ${obs.deck.count} cards`),
      obs.deck.top.length ? h("span", {}, ` · known on top: ${obs.deck.top.map((id) => nameOf(ctx, id)).join(", ")}`) : null,
      h("span", {}, ` · the game ends at ${obs.end_score} point${obs.end_score === 1 ? "" : "s"} or after round 10`)),
    discardPile(obs, ctx));
}

/** The discard pile, closed unless a card is to be taken from it; its cards are drawn
 * only while it is open (late in a game it holds dozens). */
function discardPile(obs, ctx) {
  const open = pickFromDiscard(obs, ctx) || ctx.discardOpen === true;
  const cards = h("div.row.cards", {});
  if (open) cards.append(...obs.discard.map((id) => cardEl(id, ctx, [`discard:${id}`], "mini")));
  return h("details.discard", { open: open ? true : null }, h("summary", {}, `Discard pile (${obs.discard.length})`), cards);
}

/** The whole table at once (replays): the display, then every player's area. */
export function render(obs, ctx) {
  return h("div.replay-board", {}, middle(obs, ctx), h("div.replay-seats", {}, obs.seats.map((s) => area(s, obs, ctx))));
}

/** A large, readable card for the zoom: full text, family, cost, timings, provenance. */
export function zoom(kind, id, ctx) {
  if (kind === "tile") return h("div.zoomcard.tile-z", {}, valeTile(id, tileInfo(id, ctx), "zoom"));
  return h("div.zoomcard.vcard-z", {}, valeCard(id, cardInfo(id, ctx), "zoom"));
}
