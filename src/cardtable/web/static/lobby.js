// The lobby: the form that creates a game (each seat a person, an open seat or a
// computer; a time control), the links it gives, and the lists of games with Join,
// Watch, Replay and Analysis.
import { h, clear, modal } from "./dom.js";
import { api, send, rememberedName, rememberName, saveSeat } from "./api.js";
import { describeControl } from "./clocks.js";

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
  clear(main).append(h("div.lobby", {}, form, lists));
  await fillLists(lists);
  const timer = setInterval(() => {
    if (!document.body.contains(lists)) { clearInterval(timer); return; }
    fillLists(lists).catch(() => {});
  }, 5000);
}

function createForm(meta, onCreated) {
  const gameSel = h("select", { name: "game", id: "game" },
    meta.games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select", { name: "players", id: "players", "aria-label": "number of players" });
  const seatsBox = h("div.seatrows");
  const optsBox = h("div.opts");
  const agentOptions = () => meta.agents.map((a) => h("option", { value: a }, a));
  const current = () => meta.games.find((g) => g.name === gameSel.value);
  function refresh() {
    const g = current();
    const keep = Number(players.value) || 2;
    clear(players).append(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return h("option", { value: n, selected: n === keep ? true : null }, `${n} players`);
    }));
    seatRows();
    clear(optsBox).append(...Object.entries(g.options).filter(([k]) => k !== "cards").map(([k, help]) =>
      h("label.opt", {}, h("span", {}, k), h("input", { name: `opt-${k}`, placeholder: "default", title: help }),
        h("small.muted", {}, help))));
  }
  function seatRows() {
    const n = Number(players.value);
    clear(seatsBox).append(...Array.from({ length: n }, (_, i) => {
      const kind = h("select", { name: `kind-${i}`, id: `kind-${i}`, "aria-label": `seat ${i + 1}: person, open seat or computer` },
        KINDS.map(([value, text]) => h("option", { value, selected: value === (i > 0 ? "computer" : "human") ? true : null }, text)));
      const agent = h("select", { name: `agent-${i}`, "aria-label": `seat ${i + 1}: computer level` }, agentOptions());
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
  }
  gameSel.addEventListener("change", refresh);
  players.addEventListener("change", seatRows);
  const clock = h("select", { name: "clock", id: "clock" }, CLOCKS.map(([value, text]) => h("option", { value }, text)));
  const onTimeout = h("select", { name: "on_timeout", id: "on-timeout", disabled: true },
    h("option", { value: "computer" }, "the computer plays for them"),
    h("option", { value: "forfeit" }, "they lose the game"));
  clock.addEventListener("change", () => { onTimeout.disabled = !clock.value; });
  const out = h("div.created", { "aria-live": "polite" });
  const form = h("form.create", {
    onsubmit: async (ev) => {
      ev.preventDefault();
      const fd = new FormData(form);
      const n = Number(fd.get("players"));
      const options = {};
      for (const [k, v] of fd.entries()) {
        if (k.startsWith("opt-") && String(v).trim() !== "") {
          let value = String(v).trim();
          try { value = JSON.parse(value); } catch { /* a plain word */ }
          options[k.slice(4)] = value;
        }
      }
      const seats = Array.from({ length: n }, (_, i) => ({
        kind: fd.get(`kind-${i}`), agent: fd.get(`agent-${i}`) || null, name: fd.get(`name-${i}`) || null,
      }));
      if (seats[0].kind === "human" && seats[0].name) rememberName(seats[0].name);
      const seedText = String(fd.get("seed") || "").trim();
      const spec = { game: fd.get("game"), players: n, options, seats, title: String(fd.get("title") || ""),
        listed: fd.get("listed") === "on", computer_delay_ms: Number(fd.get("delay") || 0) };
      if (seedText) spec.seed = Number(seedText);
      if (fd.get("clock")) { spec.clock = fd.get("clock"); spec.on_timeout = fd.get("on_timeout"); }
      try {
        showCreated(out, await send("/api/games", spec), spec.listed);
        onCreated();
      } catch (err) {
        clear(out).append(h("p.error", { role: "alert" }, err.message));
      }
    },
  },
  h("h2", {}, "New game"),
  h("label", {}, "Game ", gameSel), h("label", {}, " ", players),
  seatsBox,
  h("div.clockrow", {}, h("label", {}, "Time ", clock), h("label", {}, "Out of time: ", onTimeout)),
  h("details", {}, h("summary", {}, "Options"), optsBox,
    h("label.opt", {}, h("span", {}, "seed"), h("input", { name: "seed", placeholder: "random", inputmode: "numeric", title: "a chosen seed is for games with one person: with several, its chooser would know the deal" })),
    h("label.opt", {}, h("span", {}, "title"), h("input", { name: "title", placeholder: "(optional)" })),
    h("label.opt", {}, h("span", {}, "computer pause (ms)"), h("input", { name: "delay", value: "600", inputmode: "numeric" }))),
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
  const dialog = modal("join-dialog", `Join ${g.title}`,
    h("h2", {}, `Join ${g.title}`),
    h("label.opt", {}, h("span", {}, "Your name"), input),
    h("p.small.muted", {}, "Left empty, the seat keeps the name its creator gave it."),
    error,
    h("div.dialog-btns", {},
      h("button", { type: "button", id: "join-cancel", onclick: () => dialog.close() }, "Cancel"),
      h("button.primary", { type: "button", id: "join-go", onclick: async () => {
        const name = input.value.trim();
        try {
          rememberName(name);
          const seat = await send(`/api/games/${g.id}/join`, name ? { name } : {});
          saveSeat(g.id, seat.seat, seat.token, true);
          location.assign(`/g/${g.id}`);
        } catch (err) { error.textContent = err.message; }
      } }, "Join")));
  dialog.showModal();
  input.focus();
}

function seatChip(s) {
  const open = s.kind === "human" && !s.claimed;
  return h(`span.seatchip${s.connected ? ".on" : ""}${open ? ".open" : ""}`,
    { title: open ? "an open seat: anybody may take it" : s.kind },
    s.kind === "computer" ? "⚙ " : "", open ? `${s.name} (open seat)` : s.name);
}

async function fillLists(box) {
  const [open, playing, over] = await Promise.all(["open", "playing", "over"].map((s) => api(`/api/games?status=${s}`)));
  const row = (g, buttons) => h("li", { "data-game": g.id }, h("b", {}, g.title), ` · ${g.players} players · `,
    g.seats.map(seatChip),
    g.clock ? h("span.control", { title: "time control" }, ` ◔ ${describeControl(g.clock, g.on_timeout)}`) : null,
    " ", buttons);
  const join = (g) => h("button", { onclick: () => askToJoin(g) }, "Join");
  const watch = (g) => h("a.button", { href: `/g/${g.id}?watch=1` }, "Watch");
  const replayBtn = (g) => h("a.button", { href: `/g/${g.id}?replay=0` }, "Replay");
  const analysisBtn = (g) => h("a.button", { href: `/g/${g.id}?watch=1&analysis=1` }, "Analysis");
  clear(box).append(
    h("h2", {}, "Open games"),
    open.length ? h("ul.games", { id: "open-games" }, open.map((g) => row(g, [join(g), watch(g)]))) : h("p.muted", {}, "No open game: create one."),
    h("h2", {}, "Being played"),
    h("ul.games", {}, playing.slice(0, 20).map((g) => row(g, [watch(g)]))),
    h("h2", {}, "Finished"),
    h("ul.games", {}, over.slice(0, 20).map((g) => row(g, [replayBtn(g), analysisBtn(g)]))));
}
