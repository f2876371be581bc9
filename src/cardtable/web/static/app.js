// cardtable web client: the lobby, a seat or spectator at a game, and replays.
// Plain ES modules, no build step: each job has its module (connection.js, table.js,
// statusbar.js, motion.js, dialogs.js, hint.js, one renderer per game, faces.js).
import { h, clear, seatName, inWords } from "./dom.js";
import { api, loadSeat, saveSeat } from "./api.js";
import { lobby } from "./lobby.js";
import { decisionNote, preferredWords } from "./analysis.js";
import { Table, GAMES } from "./table.js";

const main = document.getElementById("main");
const statusEl = document.getElementById("status");

// ---------------------------------------------------------------- replays

async function replayPage(id, step, decisionAt) {
  let total = 0;
  let mod = null;
  const ctx = { me: null, seats: [], catalogue: null, words: null, legal: [] };
  const [info, about] = await Promise.all([api(`/api/games/${id}`), api(`/api/games/${id}/about`)]);
  // the analysis, if the game has one: the replay then tells how each decision was judged
  const analysis = await api(`/api/games/${id}/analysis`).then((a) => (a.state === "done" ? a.analysis : null), () => null);
  ctx.seats = info.seats;
  ctx.catalogue = about.catalogue;
  ctx.words = about.words;
  mod = GAMES[info.game];
  const say = (text) => (mod.label ? mod.label(text, ctx) : text);
  const board = h("div.board-wrap", { id: "board" });
  const eventsEl = h("div.last", { id: "replay-events", "aria-live": "polite" });
  const noteEl = h("div", { id: "replay-note" });
  const counter = h("span", { id: "replay-step" });
  const slider = h("input", { type: "range", min: 0, value: step, id: "replay-slider", "aria-label": "action number" });
  const go = async (k) => {
    const r = await api(`/api/games/${id}/replay/${k}`);
    total = r.total;
    step = r.step;
    slider.max = total;
    slider.value = step;
    counter.textContent = `action ${step} of ${total}`;
    clear(eventsEl).append(step ? h("b", {}, `${seatName(ctx, r.seat)}: `) : "", r.events.map((e) => inWords(ctx, e.text)).join(" · ") || "the start");
    clear(board).append(mod.render(r.observation, ctx));
    clear(noteEl);
    const decision = analysis && analysis.decisions.find((d) => d.index === step);
    if (decision) {
      noteEl.append(decisionNote(decision, ctx, say));
      // the action the search preferred, marked where the board shows its parts (from the
      // deciding seat's side): "better" only when the search rates it higher
      const words = preferredWords(decision, say);
      const better = words !== null && words.startsWith("better");
      const keys = new Set(words === null ? [] : mod.pathFor(decision.best, { ...ctx, me: decision.seat }));
      for (const el of board.querySelectorAll("[data-keys]")) {
        if (!el.getAttribute("data-keys").split(" ").some((key) => keys.has(key))) continue;
        el.classList.add(better ? "better" : "as-good");
        el.setAttribute("aria-label", `${el.getAttribute("aria-label") || ""} (${better ? "the better action" : "the search's pick, as good"})`.trim());
      }
    }
    history.replaceState(null, "", `/g/${id}?replay=${step}${decisionAt !== null ? `&decision=${decisionAt}` : ""}`);
  };
  slider.addEventListener("change", () => go(Number(slider.value)));
  const btn = (label, f, idName, name) => h("button", { onclick: () => go(Math.max(0, Math.min(total, f()))), id: idName, "aria-label": name }, label);
  clear(main).append(h("div.game", {},
    h("div.bar", {}, h("b", {}, `Replay: ${info.title}`), " ",
      btn("|◀", () => 0, "replay-first", "first"), btn("◀", () => step - 1, "replay-prev", "previous"),
      btn("▶", () => step + 1, "replay-next", "next"), btn("▶|", () => total, "replay-last", "last"), " ", counter, slider,
      analysis ? h("a.button", { href: `/g/${id}?watch=1&analysis=1`, id: "back-to-analysis" }, "The analysis") : null),
    noteEl, eventsEl, board));
  statusEl.textContent = "replay";
  await go(step);
}

// ---------------------------------------------------------------- routing

function route() {
  const lesson = /^\/learn\/([a-z]+)$/.exec(location.pathname);
  if (lesson) {
    import("./learn.js").then(({ learnPage }) => learnPage(main, statusEl, lesson[1]))
      .catch((e) => clear(main).append(h("p.error", {}, e.message)));
    return;
  }
  if (location.pathname === "/puzzles") {
    import("./puzzles.js").then(({ puzzlesPage }) => puzzlesPage(main, statusEl))
      .catch((e) => clear(main).append(h("p.error", {}, e.message)));
    return;
  }
  const person = /^\/p\/([^/]+)$/.exec(location.pathname);
  const board = /^\/leaderboard\/([a-z]+)$/.exec(location.pathname);
  if (person || board) {
    import("./profiles.js").then((pages) => (person
      ? pages.profilePage(main, statusEl, decodeURIComponent(person[1]))
      : pages.leaderboardPage(main, statusEl, board[1])))
      .catch((e) => clear(main).append(h("p.error", {}, e.message)));
    return;
  }
  const m = /^\/g\/([A-Za-z0-9]+)$/.exec(location.pathname);
  if (!m) { lobby(main, statusEl).catch((e) => clear(main).append(h("p.error", {}, e.message))); return; }
  const id = m[1];
  const params = new URLSearchParams(location.search);
  if (params.has("replay")) {
    const decision = params.has("decision") ? Number(params.get("decision")) : null;
    replayPage(id, Number(params.get("replay")) || 0, decision).catch((e) => clear(main).append(h("p.error", {}, e.message)));
    return;
  }
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("token")) {
    saveSeat(id, Number(hash.get("seat")), hash.get("token"));
    history.replaceState(null, "", `/g/${id}`); // the secret stays in this browser only
  }
  const stored = params.has("watch") ? null : loadSeat(id);
  window.cardtable = new Table(main, statusEl, id, stored ? stored.seat : null, stored ? stored.token : null, params.has("analysis"),
    Boolean(stored && stored.joined));
}

route();
