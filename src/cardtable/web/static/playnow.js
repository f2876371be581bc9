// Play now: a game against the computer in one click, for whoever came to play rather
// than to set a table. Two players, the table's own options (the lobby's form
// preselects the same), no clock, and the page goes straight to the seat.
import { h } from "./dom.js";
import { send, rememberedName, goToSeat } from "./api.js";
import { accountName } from "./account.js";
import { AGENT_WORDS } from "./levels.js";

const LEVEL_KEY = "cardtable:play-now-level";
// random is a tool for testing, not an opponent to meet first
const OFFERED = ["greedy", "ismcts:easy", "ismcts:medium", "ismcts:hard", "ismcts:expert"];
// the buttons' words: a game's name as it reads in a sentence
const SAID = { thalara: "Thalara", vale: "the Vale of Eternity" };

function rememberedLevel(agents) {
  let level = "";
  try { level = localStorage.getItem(LEVEL_KEY) || ""; } catch { /* private mode */ }
  return agents.includes(level) ? level : agents[0];
}

/** The options a table starts from where they differ from the rules' defaults (Vale's
 * Artifacts expansion); per-seat choices are left to the game's own pairing. */
export function tableOptions(game) {
  const options = {};
  for (const o of game.declared_options || []) {
    if (!o.player_facing || o.per_seat || o.table_default === null || o.table_default === undefined) continue;
    if (JSON.stringify(o.table_default) !== JSON.stringify(o.default)) options[o.name] = o.table_default;
  }
  return options;
}

export function playNow(meta) {
  const agents = OFFERED.filter((a) => meta.agents.includes(a));
  if (!agents.length) return null;
  const level = h("select", { id: "play-now-level", name: "play-now-level", "aria-label": "the computer's level" },
    agents.map((a) => h("option", { value: a }, AGENT_WORDS[a] || a)));
  level.value = rememberedLevel(agents);
  level.addEventListener("change", () => {
    try { localStorage.setItem(LEVEL_KEY, level.value); } catch { /* private mode */ }
  });
  const error = h("p.error", { id: "play-now-error", role: "alert" });
  const start = async (game, button) => {
    error.textContent = "";
    button.disabled = true;
    try {
      const made = await send("/api/games", {
        game: game.name, players: 2, options: tableOptions(game), listed: true,
        seats: [{ kind: "human", name: accountName() || rememberedName() || null }, { kind: "computer", agent: level.value }],
      });
      const mine = made.seats[0];
      goToSeat(made.id, mine.seat, mine.token);
    } catch (err) {
      error.textContent = `The game could not be started: ${err.message}`;
      button.disabled = false;
    }
  };
  const buttons = meta.games.map((g) => {
    const button = h("button.primary", { type: "button", "data-play-now": g.name }, `Play ${SAID[g.name] || g.title}`);
    button.addEventListener("click", () => start(g, button));
    return button;
  });
  return h("section.playnow", { id: "play-now", "aria-labelledby": "play-now-title" },
    h("h2", { id: "play-now-title" }, "Play now"),
    h("p", {}, "Against the computer, two players, no account needed. New to a game? ",
      h("a", { href: "/learn/thalara" }, "Learn Thalara"), " or ",
      h("a", { href: "/learn/vale" }, "learn the Vale"), " move by move first."),
    h("div.playnow-controls", {}, h("label", {}, "Computer: ", level), buttons),
    error);
}
