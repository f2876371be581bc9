// Quick pairing: seek a game (game, players, clock, rated), wait with a cancel button,
// and on pairing go to the seat. The wait is a long poll of GET /api/seeks/{id}, which
// also keeps the seek alive: a page closed stops asking, and its seek is dropped.
import { h, clear } from "./dom.js";
import { api, send, rememberedName, saveSeat } from "./api.js";
import { describeControl } from "./clocks.js";
import { accountName } from "./account.js";

const CLOCKS = [["3m+2s", "3 min + 2 s a move"], ["10m+5s", "10 min + 5 s a move"],
  ["30m+10s", "30 min + 10 s a move"], ["24h", "24 hours a move (turn-based)"], ["", "no clock (unrated only)"]];
const KEY = "cardtable:seek";      // the seek under way in this tab: {id, secret}

function remembered() {
  try { return JSON.parse(sessionStorage.getItem(KEY) || "null"); } catch { return null; }
}
function remember(seek) {
  try { if (seek) sessionStorage.setItem(KEY, JSON.stringify(seek)); else sessionStorage.removeItem(KEY); } catch { /* private mode */ }
}

export function quickPairing(meta) {
  const game = h("select", { id: "quick-game", name: "quick-game", "aria-label": "game" },
    meta.games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select", { id: "quick-players", name: "quick-players", "aria-label": "number of players" });
  const fillPlayers = () => {
    const g = meta.games.find((x) => x.name === game.value);
    const keep = Number(players.value) || 2;
    clear(players).append(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) =>
      h("option", { value: g.min_players + i, selected: g.min_players + i === keep ? true : null }, `${g.min_players + i} players`)));
  };
  game.addEventListener("change", fillPlayers);
  fillPlayers();
  const clock = h("select", { id: "quick-clock", name: "quick-clock", "aria-label": "time control" },
    CLOCKS.map(([value, text]) => h("option", { value, selected: value === "10m+5s" ? true : null }, text)));
  const rated = h("input", { type: "checkbox", id: "quick-rated", name: "quick-rated" });
  rated.addEventListener("change", () => { if (rated.checked && !clock.value) clock.value = "10m+5s"; });
  clock.addEventListener("change", () => { if (!clock.value) rated.checked = false; });
  const seekBtn = h("button.primary", { type: "submit", id: "quick-seek" }, "Seek a game");
  const status = h("div.quick-status", { id: "quick-status", role: "status", "aria-live": "polite" });
  const controls = h("div.quick-controls", {}, game, players, clock,
    h("label", { title: "the result moves the players' ratings: signed-in players only, with a clock" }, rated, " Rated"), seekBtn);
  const box = h("form.quick", { id: "quick-pairing", "aria-label": "quick pairing", onsubmit: (ev) => { ev.preventDefault(); start(); } },
    h("h2", {}, "Quick pairing"),
    h("p.small.muted", {}, "Meet the next player who wants the same game, players and clock (rated: a rating close to yours)."),
    controls, status);

  let current = null;   // {id, secret} while waiting
  let ticker = null;

  function idle(message, isError = false) {
    current = null;
    remember(null);
    if (ticker) { clearInterval(ticker); ticker = null; }
    controls.hidden = false;
    clear(status).append(message ? h(isError ? "p.error" : "p", isError ? { role: "alert" } : {}, message) : "");
  }

  function waiting(seek) {
    current = { id: seek.id, secret: seek.secret };
    remember(current);
    controls.hidden = true;
    const clockWords = seek.clock ? describeControl(seek.clock, seek.rated ? "forfeit" : "computer") : "no clock";
    const title = (meta.games.find((g) => g.name === seek.game) || {}).title || seek.game;
    const since = h("span", { id: "quick-waited" }, "0:00");
    const started = Date.now() - Math.max(0, (Date.now() / 1000 - seek.created) * 1000);
    ticker = setInterval(() => {
      const s = Math.max(0, Math.round((Date.now() - started) / 1000));
      since.textContent = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
    }, 1000);
    clear(status).append(h("p.quick-waiting", {}, h("span.spinner", { "aria-hidden": "true" }),
      `Looking for ${seek.players - 1 === 1 ? "an opponent" : `${seek.players - 1} players`}: ${title}, ${seek.players} players, ${clockWords}${seek.rated ? ", rated" : ""}. Waited `, since, " "),
    h("button", { type: "button", id: "quick-cancel", onclick: cancel }, "Cancel"));
    poll(current);
  }

  async function poll(seek) {
    let failures = 0;
    while (current === seek && document.body.contains(box)) {
      try {
        const got = await api(`/api/seeks/${seek.id}?wait=15`, { headers: { authorization: `Bearer ${seek.secret}` } });
        failures = 0;
        if (current !== seek) return;
        if (got.state === "paired") {
          remember(null);
          saveSeat(got.game_id, got.seat, got.token);
          location.assign(`/g/${got.game_id}`);
          return;
        }
        if (got.state !== "open") { idle(got.state === "expired" ? "Nobody came in time: seek again?" : "The seek was cancelled."); return; }
      } catch (err) {
        if (err.status === 404 || err.status === 403) { idle("This seek is gone.", true); return; }
        failures += 1;     // the server restarting, the network: try again, not forever
        if (failures > 10) { idle("The server does not answer: seek again later.", true); return; }
        await new Promise((r) => setTimeout(r, 1000 * failures));
      }
    }
  }

  async function start() {
    const spec = { game: game.value, players: Number(players.value), clock: clock.value || null, rated: rated.checked };
    if (!accountName()) spec.name = rememberedName() || null;
    try {
      waiting(await send("/api/seeks", spec));
    } catch (err) { idle(err.message, true); }
  }

  async function cancel() {
    const seek = current;
    if (!seek) return;
    try {
      await api(`/api/seeks/${seek.id}`, { method: "DELETE", headers: { authorization: `Bearer ${seek.secret}` } });
      idle("Seek cancelled.");
    } catch (err) {
      // paired meanwhile: the poll takes the page to the seat
      if (err.status !== 409) idle(err.message, true);
    }
  }

  const resumed = remembered();
  if (resumed && resumed.id && resumed.secret) {
    api(`/api/seeks/${resumed.id}`, { headers: { authorization: `Bearer ${resumed.secret}` } })
      .then((got) => {
        if (got.state === "open" || got.state === "paired") waiting({ ...got, secret: resumed.secret });
        else remember(null);
      }).catch(() => remember(null));
  }
  return box;
}

/** The lobby's list of open seeks (what each asks for, who, how long). */
export function seekList(seeks) {
  if (!seeks.length) return null;
  return h("ul.games", { id: "open-seeks" }, seeks.map((s) => h("li", { "data-seek": s.id },
    h("b", {}, s.title), ` · ${s.players} players · `, h("span", { dir: "auto" }, s.name),
    s.rating ? ` (${s.rating})` : "",
    s.clock ? h("span.control", { title: "time control" }, ` ◔ ${s.clock}`) : " · no clock",
    s.rated ? h("span.rated", {}, " rated") : null,
    ` · waiting ${Math.round(s.waited)} s`)));
}
