// The lobby: play now (playnow.js), the account panel (account.js), quick pairing (quickpair.js), the form that creates a game (each seat a
// person, an open seat or a computer; a time control), the links it gives, and the
// lists of games with Join, Watch, Replay and Analysis.
import { h, clear, modal } from "./dom.js";
import { api, send, rememberedName, rememberName, saveSeat, heldSeats } from "./api.js";
import { describeControl } from "./clocks.js";
import { accountPanel, accountName } from "./account.js";
import { quickPairing, seekList } from "./quickpair.js";
import { levelWords } from "./levels.js";
import { playNow } from "./playnow.js";

const KINDS = [["human", "person (you hold its link)"], ["open", "open seat (anybody may join)"], ["computer", "computer"]];
// none, real-time presets (Fischer: a bank and an increment a move), turn-based
const CLOCKS = [["", "no clock"], ["3m+2s", "3 min + 2 s a move"], ["10m+5s", "10 min + 5 s a move"],
  ["30m+10s", "30 min + 10 s a move"], ["24h", "24 hours a move (turn-based)"], ["72h", "3 days a move (turn-based)"]];

export async function lobby(main, statusEl) {
  document.title = "cardtable — lobby";
  statusEl.textContent = "";
  const meta = await api("/api/meta");
  const lists = h("div.lists");
  const form = createForm(meta, () => fillLists(lists).catch(() => {}));
  const learn = h("p.lobby-learn", { id: "learn-links" }, h("b", {}, "Learn to play: "),
    h("a", { href: "/learn/thalara", id: "learn-thalara" }, "Thalara"),
    h("a", { href: "/learn/vale", id: "learn-vale" }, "The Vale of Eternity"),
    h("b", {}, " Puzzles: "), h("a", { href: "/puzzles", id: "puzzles-link" }, "a puzzle a day"),
    h("b", {}, " Leaderboards: "), meta.games.map((g) => h("a", { href: `/leaderboard/${g.name}`, "data-leaderboard": g.name }, g.title)));
  const account = accountPanel(() => fillLists(lists).catch(() => {}));
  clear(main).append(h("div.lobby", {}, playNow(meta) || "", account, learn, quickPairing(meta), form, lists));
  await fillLists(lists);
  const timer = setInterval(() => {
    if (!document.body.contains(lists)) { clearInterval(timer); return; }
    fillLists(lists).catch(() => {});
  }, 5000);
}

// Options the lobby offers: what players choose (not what records fill in, not a file).
const offered = (g) => (g.declared_options || []).filter((o) => o.player_facing && o.kind !== "path" && o.name !== "cards");
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const LIST = "\u0000list";   // the select entry that opens a list's own text field

/** A control for one declared option, built from its declaration: a select for choices
 * (each with its label), a checkbox for a yes/no, a number field with the bounds, free
 * text only for a list that cannot be offered in full. `read()` gives the value to send,
 * or undefined when it is the rules' default (the game then applies its own). */
function optionControl(o) {
  const id = `opt-${o.name}`;
  const hint = h("small.muted", { id: `${id}-help` }, o.help.charAt(0).toUpperCase() + o.help.slice(1) + ".");
  const described = { id, name: id, "aria-describedby": `${id}-help`, title: o.help };
  let input; let read;
  if (o.kind === "choice") {
    const pre = o.table_default ?? o.default;
    input = h("select", described, o.choices.map((c) =>
      h("option", { value: c.value, selected: c.value === pre ? true : null }, c.label)));
    read = () => (input.value === o.default ? undefined : input.value);
  } else if (o.kind === "bool") {
    input = h("input", { ...described, type: "checkbox", checked: (o.table_default ?? o.default) ? true : null });
    read = () => (input.checked === Boolean(o.default) ? undefined : input.checked);
  } else if (o.kind === "int") {
    const pre = o.table_default ?? o.default;
    input = h("input", { ...described, type: "number", inputmode: "numeric", step: 1, min: o.minimum, max: o.maximum,
      value: pre, placeholder: o.default === null ? "default" : null });
    if (o.default === null && o.default_text) hint.append(` Default: ${o.default_text}.`);
    read = () => {
      if (input.value.trim() === "") return undefined;
      const n = Number(input.value);
      return n === o.default ? undefined : n;
    };
  } else if (o.kind === "list" && o.choices.length) {
    // its words in a select; "a list" opens a text field for what cannot be listed
    const pre = o.table_default ?? o.default;
    const words = h("select", described, o.choices.map((c) =>
      h("option", { value: c.value, selected: c.value === pre ? true : null }, c.label)),
      h("option", { value: LIST }, `a list of ${o.items || "values"}…`));
    const example = (o.suggestions || []).slice(0, 3).map((c) => c.value).join(", ") || (o.item_kind === "int" ? "0, 0" : "");
    const text = h("input", { id: `${id}-list`, name: `${id}-list`, hidden: true, placeholder: example,
      "aria-label": `${o.label}: ${o.items || "values"}, separated by commas` });
    words.addEventListener("change", () => { text.hidden = words.value !== LIST; if (!text.hidden) text.focus(); });
    input = h("span.listopt", {}, words, text);
    input.selectEl = words;
    read = () => {
      if (words.value !== LIST) return words.value === o.default ? undefined : words.value;
      const items = text.value.split(",").map((v) => v.trim()).filter((v) => v);
      return o.item_kind === "int" ? items.map((v) => (/^-?\d+$/.test(v) ? Number(v) : v)) : items;
    };
  } else {
    input = h("input", { ...described, placeholder: o.default_text || "default" });
    read = () => {
      const v = input.value.trim();
      if (!v) return undefined;
      return o.kind === "list" ? v.split(",").map((x) => x.trim()).filter((x) => x) : v;
    };
  }
  const row = h("label.opt", { "data-option": o.name }, h("span", {}, o.label), input, hint);
  if (o.headline) (input.selectEl || input).removeAttribute("aria-describedby");   // shown without its note
  return { option: o, row, input: input.selectEl || input, read };
}

function createForm(meta, onCreated) {
  const gameSel = h("select", { name: "game", id: "game" },
    meta.games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select", { name: "players", id: "players", "aria-label": "number of players" });
  const headline = h("div.headline");
  const seatsBox = h("div.seatrows");
  const seatExtra = h("div.seatextra");
  const optsBox = h("div.opts", { id: "game-options" });
  let controls = [];
  // a level's fixed rating in the pool being set up, where it has been measured
  const agentOptions = (n) => meta.agents.map((a) => h("option", { value: a },
    levelWords(meta, a, `${gameSel.value}-${n}p`)));
  const current = () => meta.games.find((g) => g.name === gameSel.value);
  // the options that need another shown only while it has the value they need
  function applies() {
    for (const c of controls) {
      const needs = c.option.needs;
      if (!needs) continue;
      const [other, wanted] = Object.entries(needs)[0];
      const by = controls.find((d) => d.option.name === other);
      const value = by ? (by.read() ?? by.option.default) : undefined;
      c.row.hidden = value !== wanted;
      c.input.disabled = c.row.hidden;
    }
  }
  function refresh() {
    const g = current();
    const keep = Number(players.value) || 2;
    clear(players).append(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return h("option", { value: n, selected: n === keep ? true : null }, `${n} players`);
    }));
    const options = offered(g);
    controls = options.filter((o) => !(o.per_seat && !o.choices.length && o.suggestions.length)).map(optionControl);
    clear(headline).append(...controls.filter((c) => c.option.headline).map((c) =>
      h("label", { "data-option": c.option.name, title: c.option.help }, `${c.option.label} `, c.input)));
    clear(optsBox).append(...controls.filter((c) => !c.option.headline).map((c) => c.row));
    for (const c of controls) c.input.addEventListener("change", applies);
    applies();
    seatRows();
  }
  // a per-seat choice with a list of suggestions (Thalara's characters): a select in each
  // seat's row, preselected to the game's own pairing
  const perSeat = () => offered(current()).filter((o) => o.per_seat && !o.choices.length && o.suggestions.length);
  function seatRows() {
    const n = Number(players.value);
    const extra = perSeat();
    clear(seatsBox).append(...Array.from({ length: n }, (_, i) => {
      const kind = h("select", { name: `kind-${i}`, id: `kind-${i}`, "aria-label": `seat ${i + 1}: person, open seat or computer` },
        KINDS.map(([value, text]) => h("option", { value, selected: value === (i > 0 ? "computer" : "human") ? true : null }, text)));
      const agent = h("select", { name: `agent-${i}`, "aria-label": `seat ${i + 1}: computer level` }, agentOptions(n));
      agent.value = meta.agents.includes("greedy") ? "greedy" : meta.agents[0];
      const name = h("input", { name: `name-${i}`, placeholder: `Player ${i + 1}`, size: 10, "aria-label": `seat ${i + 1}: name`,
        value: i === 0 ? rememberedName() || null : null });
      const sync = () => {
        agent.hidden = kind.value !== "computer";
        agent.disabled = kind.value !== "computer";
        name.placeholder = kind.value === "open" ? "whoever joins" : `Player ${i + 1}`;
      };
      kind.addEventListener("change", sync); sync();
      return h("div.seatrow", {}, h("b", {}, `Seat ${i + 1}`), kind, agent, name);
    }));
    // one row per such option under the seats, a select for each seat in seat order
    clear(seatExtra).append(...extra.map((o) => h("div.seatoption", { "data-option": o.name, title: o.help },
      h("span", {}, o.label),
      Array.from({ length: n }, (_, i) => {
        const pre = (o.table_default || [])[i % Math.max(1, (o.table_default || []).length)];
        return h("select", { name: `seat-${o.name}-${i}`, id: `seat-${o.name}-${i}`, "aria-label": `seat ${i + 1}: ${o.label.toLowerCase()}` },
          o.suggestions.map((c) => h("option", { value: c.value, selected: c.value === pre ? true : null }, c.label)));
      }))));
  }
  // the options to send: each control's value where it is not the rules' default
  function chosenOptions(n) {
    const options = {};
    for (const c of controls) {
      if (c.row.hidden) continue;
      const value = c.read();
      if (value !== undefined) options[c.option.name] = value;
    }
    for (const o of perSeat()) {
      const picked = Array.from({ length: n }, (_, i) => document.getElementById(`seat-${o.name}-${i}`)?.value);
      const table = Array.from({ length: n }, (_, i) => (o.table_default || [])[i]);
      if (!same(picked, table)) options[o.name] = picked;
    }
    return options;
  }
  gameSel.addEventListener("change", refresh);
  players.addEventListener("change", seatRows);
  const clock = h("select", { name: "clock", id: "clock" }, CLOCKS.map(([value, text]) => h("option", { value }, text)));
  const onTimeout = h("select", { name: "on_timeout", id: "on-timeout", disabled: true },
    h("option", { value: "computer" }, "the computer plays for them"),
    h("option", { value: "forfeit" }, "they lose the game"));
  // a rated game needs a clock, and its players lose on time (the server says so too)
  const rated = h("input", { type: "checkbox", name: "rated", id: "rated" });
  const ratedChanged = () => {
    if (rated.checked) { if (!clock.value) clock.value = "24h"; onTimeout.value = "forfeit"; }
    onTimeout.disabled = !clock.value || rated.checked;
  };
  rated.addEventListener("change", ratedChanged);
  clock.addEventListener("change", () => { if (!clock.value) rated.checked = false; ratedChanged(); });
  const out = h("div.created", { "aria-live": "polite" });
  const form = h("form.create", {
    onsubmit: async (ev) => {
      ev.preventDefault();
      const fd = new FormData(form);
      const n = Number(fd.get("players"));
      const options = chosenOptions(n);
      const seats = Array.from({ length: n }, (_, i) => ({
        kind: fd.get(`kind-${i}`), agent: fd.get(`agent-${i}`) || null, name: fd.get(`name-${i}`) || null,
      }));
      if (seats[0].kind === "human" && seats[0].name) rememberName(seats[0].name);
      const seedText = String(fd.get("seed") || "").trim();
      const spec = { game: fd.get("game"), players: n, options, seats, title: String(fd.get("title") || ""),
        listed: fd.get("listed") === "on", computer_delay_ms: Number(fd.get("delay") || 0) };
      if (seedText) spec.seed = Number(seedText);
      if (fd.get("clock")) { spec.clock = fd.get("clock"); spec.on_timeout = rated.checked ? "forfeit" : fd.get("on_timeout"); }
      if (rated.checked) spec.rated = true;
      if (fd.get("puzzle_source") === "on") spec.puzzle_source = true;
      try {
        showCreated(out, await send("/api/games", spec), spec.listed);
        onCreated();
      } catch (err) {
        clear(out).append(h("p.error", { role: "alert" }, err.message));
      }
    },
  },
  h("h2", {}, "New game"),
  h("div.gamerow", {}, h("label", {}, "Game ", gameSel), h("label", {}, players)),
  headline,
  seatsBox, seatExtra,
  h("div.clockrow", {}, h("label", {}, "Time ", clock), h("label", {}, "Out of time: ", onTimeout)),
  h("div.ratedrow", {}, h("label", { title: "the result moves the players' ratings: signed-in players only, every other seat open, a clock, the standard rules" },
    rated, " Rated"), h("small.muted", {}, " signed-in players only: your seat and open seats, with a clock")),
  h("details.options", {}, h("summary", {}, "More options"), optsBox, h("div.opts", {},
    h("label.opt", {}, h("span", {}, "Seed"), h("input", { name: "seed", placeholder: "random", inputmode: "numeric", title: "a chosen seed is for games with one person: with several, its chooser would know the deal" })),
    h("label.opt", {}, h("span", {}, "Title"), h("input", { name: "title", placeholder: "(optional)" })),
    h("label.opt", {}, h("span", {}, "Computer pause (ms)"), h("input", { name: "delay", value: "600", inputmode: "numeric" }))),
    // off unless asked: the finished game's moves (every seat's) may be cut into puzzles
    h("label.puzzlesource", { title: "once the game is over, the server's puzzle maker may use its positions (every seat's, as each seat saw them); the lobby marks such games" },
      h("input", { type: "checkbox", name: "puzzle_source", id: "puzzle-source" }), " Let this game's positions become puzzles")),
  h("label", {}, h("input", { type: "checkbox", name: "listed", checked: true }), " list it in the lobby"),
  h("div", {}, h("button.primary", { type: "submit", id: "create" }, "Create game")),
  out);
  refresh();
  return form;
}

/** The answer to a created game: a link per seat the creator holds, the open seats,
 * the spectators' link. */
export function showCreated(out, made, listed = true) {
  const abs = (p) => new URL(p, location.href).href;
  const mine = made.seats[0];
  const open = made.open || [];
  clear(out).append(h("div.links", { id: "created" },
    h("p", {}, made.seats.length
      ? `Game created. ${made.seats.length === 1 ? "The link below is your seat" : "Each link below is one seat you hold: keep yours, send the others to their players"}; whoever has a seat's link plays it.`
      : "Game created."),
    made.seats.map((s) => h("div.linkrow", {}, h("b", {}, `Seat ${s.seat + 1} (${s.name})`),
      h("input", { readonly: true, value: abs(s.link), size: 40, "aria-label": `link of seat ${s.seat + 1}`, onclick: (e) => e.target.select() }))),
    open.length ? h("p.open-seats", { id: "open-seats" }, h("b", {}, `Open seat${open.length > 1 ? "s" : ""}: `),
      open.map((s) => `Seat ${s + 1}`).join(", "), ". ",
      listed ? "Nobody holds their link: anybody may take them with Join in the lobby's Open games."
        : "Nobody holds their link, and the game is not listed in the lobby: nobody can take them there.") : null,
    h("div.linkrow", {}, h("b", {}, "Spectators"), h("input", { readonly: true, value: abs(made.watch), size: 40, "aria-label": "spectators' link" })),
    mine ? h("a.button.primary", { href: mine.link, id: "play-link" }, `Play seat ${mine.seat + 1}`) :
      h("a.button.primary", { href: made.watch, id: "play-link" }, "Watch")));
}

/** Join: the name to go by (the one this browser remembers, or a new one), then the seat. */
function askToJoin(g) {
  const input = h("input", { id: "join-name", name: "name", maxlength: 40, value: rememberedName() || null, autocomplete: "nickname" });
  const error = h("p.error", { role: "alert" });
  const account = accountName();   // signed in: the seat goes by the account's name
  const dialog = modal("join-dialog", `Join ${g.title}`,
    h("h2", {}, `Join ${g.title}`),
    account ? h("p", { id: "join-as" }, "You join as ", h("b", { dir: "auto" }, account), ", your account.")
      : h("label.opt", {}, h("span", {}, "Your name"), input),
    account ? null : h("p.small.muted", {}, "Left empty, the seat keeps the name its creator gave it."),
    error,
    h("div.dialog-btns", {},
      h("button", { type: "button", id: "join-cancel", onclick: () => dialog.close() }, "Cancel"),
      h("button.primary", { type: "button", id: "join-go", onclick: async () => {
        const name = account ? "" : input.value.trim();
        try {
          rememberName(name);
          const seat = await send(`/api/games/${g.id}/join`, name ? { name } : {});
          saveSeat(g.id, seat.seat, seat.token, true);
          location.assign(`/g/${g.id}`);
        } catch (err) { error.textContent = err.message; }
      } }, "Join")));
  dialog.showModal();
  if (!account) input.focus();
}

function seatChip(s) {
  const open = s.kind === "human" && !s.claimed;
  return h(`span.seatchip${s.connected ? ".on" : ""}${open ? ".open" : ""}`,
    { title: open ? "an open seat: anybody may take it" : s.kind },
    s.kind === "computer" ? "⚙ " : "", open ? `${s.name} (open seat)` : s.name);
}

async function fillLists(box) {
  const [open, playing, over, seeks] = await Promise.all([...["open", "playing", "over"].map((s) => api(`/api/games?status=${s}`)),
    api("/api/seeks").catch(() => [])]);
  const row = (g, buttons) => h("li", { "data-game": g.id }, h("b", {}, g.title), ` · ${g.players} players · `,
    g.seats.map(seatChip),
    g.clock ? h("span.control", { title: "time control" }, ` ◔ ${describeControl(g.clock, g.on_timeout)}`) : null,
    g.rated ? h("span.rated", { title: "a rated game: its result moves the players' ratings" }, " rated") : null,
    g.puzzle_source ? h("span.puzzlesource", { title: "its creator let its positions become puzzles once it is over" }, " ✦ puzzles") : null,
    " ", h("span.row-actions", {}, buttons));
  // a game whose seat this browser holds (a guest's too): back to the seat, not to watch
  const held = new Set(heldSeats().map((s) => s.id));
  const resume = (g) => h("a.button.primary", { href: `/g/${g.id}`, "data-resume": g.id }, "Resume");
  const join = (g) => (held.has(g.id) ? resume(g) : h("button", { onclick: () => askToJoin(g) }, "Join"));
  const watch = (g) => h("a.button", { href: `/g/${g.id}?watch=1` }, "Watch");
  const replayBtn = (g) => h("a.button", { href: `/g/${g.id}?replay=0` }, "Replay");
  const analysisBtn = (g) => h("a.button", { href: `/g/${g.id}?watch=1&analysis=1` }, "Analysis");
  const seeking = seekList(seeks);
  clear(box).append(
    seeking ? h("h2", {}, "Seeking a game now") : "", seeking || "",
    h("h2", {}, "Open games"),
    open.length ? h("ul.games", { id: "open-games" }, open.map((g) => row(g, [join(g), watch(g)]))) : h("p.muted", {}, "No open game: create one."),
    h("h2", {}, "Being played"),
    playing.length ? h("ul.games", { id: "playing-games" }, playing.slice(0, 20).map((g) => row(g, held.has(g.id) ? [resume(g), watch(g)] : [watch(g)])))
      : h("p.muted", { id: "playing-games" }, "No game is being played."),
    h("h2", {}, "Finished"),
    over.length ? h("ul.games", {}, over.slice(0, 20).map((g) => row(g, [replayBtn(g), analysisBtn(g)])))
      : h("p.muted", {}, "No game has finished yet."));
}
