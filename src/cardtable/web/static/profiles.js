// A player's profile (/p/<name>): ratings with their history as a chart, the finished
// games with their replay and analysis, win rates per game and per Thalara character.
// A game's leaderboard (/leaderboard/<game>): the settled ratings, best first, one
// table per player count. Both drawn from the public JSON the server gives.
import { h, clear } from "./dom.js";
import { api } from "./api.js";
import { levelName } from "./levels.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

const percent = (x) => `${Math.round(100 * x)}%`;
const poolWords = (pool, titles) => {
  const m = /^(.*)-(\d)p$/.exec(pool);
  return m ? `${titles[m[1]] || m[1]}, ${m[2]} players` : pool;
};

/** A pool's rating after each rated game, as a line (an inline SVG, no library). */
function chart(points, label) {
  const w = 480; const hgt = 160; const pad = 34;
  const values = points.map((p) => p.rating);
  const lo = Math.min(1500, ...values) - 20; const hi = Math.max(1500, ...values) + 20;
  const x = (i) => pad + (points.length > 1 ? (i * (w - 2 * pad)) / (points.length - 1) : (w - 2 * pad) / 2);
  const y = (v) => hgt - pad / 2 - ((v - lo) * (hgt - pad)) / (hi - lo);
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(" ");
  return svg("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "rating-chart", role: "img",
    "aria-label": `${label}: ${values.join(", ")}` },
  svg("line", { x1: pad, x2: w - pad, y1: y(1500), y2: y(1500), class: "base" }),
  svg("text", { x: 2, y: y(1500) + 4, class: "axis" }, "1500"),
  svg("text", { x: 2, y: y(hi - 20) + 4, class: "axis" }, String(hi - 20)),
  svg("polyline", { points: line, class: "rating-line" }),
  ...points.map((p, i) => svg("circle", { cx: x(i), cy: y(p.rating), r: 3 },
    svg("title", {}, `${p.rating} after game ${i + 1}`))));
}

export async function profilePage(main, statusEl, name) {
  statusEl.textContent = "";
  document.title = `cardtable — ${name}`;
  let p;
  try {
    p = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    clear(main).append(h("div.profile", { id: "profile" }, h("h1", {}, "No such player"),
      h("p", { id: "profile-missing" }, err.status === 404 ? `Nobody here goes by the name “${name}”.` : err.message),
      h("a.button", { href: "/" }, "The lobby")));
    return;
  }
  const meta = await api("/api/meta");
  const titles = Object.fromEntries(meta.games.map((g) => [g.name, g.title]));
  const ratings = p.ratings.length
    ? h("table.ratings", { id: "profile-ratings" }, h("caption", {}, "Ratings"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Game"), h("th", { scope: "col" }, "Rating"), h("th", { scope: "col" }, "Rated games"))),
      h("tbody", {}, p.ratings.map((r) => h("tr", { "data-pool": r.pool }, h("th", { scope: "row" }, poolWords(r.pool, titles)),
        h("td.num", {}, `${r.rating}${r.provisional ? "?" : ""}`), h("td.num", {}, String(r.games))))))
    : h("p.muted", { id: "profile-ratings" }, "No rated game yet.");
  const charts = Object.entries(p.history).map(([pool, points]) => h("figure.rating-history", { "data-pool": pool },
    h("figcaption", {}, `${poolWords(pool, titles)}: the rating after each rated game`), chart(points, poolWords(pool, titles))));
  const rate = (rows, key, words) => (rows.length ? h("table.winrates", { id: `profile-${key}` }, h("caption", {}, words),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, key === "games" ? "Game" : "Character"), h("th", { scope: "col" }, "Played"),
      h("th", { scope: "col" }, "Won"), h("th", { scope: "col" }, "Win rate"))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row" }, key === "games" ? titles[r.game] || r.game : r.character_name || r.character),
      h("td.num", {}, String(r.played)), h("td.num", {}, String(r.won)), h("td.num", {}, percent(r.rate)))))) : null);
  const placeWords = (g) => (g.won ? "won" : `place ${g.place}`);
  const games = p.games.length
    ? h("ul.profile-games", { id: "profile-games" }, p.games.map((g) => h("li", { "data-game": g.id },
      h("span", { dir: "auto" }, g.title || titles[g.game] || g.game), ` · ${g.players} players · ${placeWords(g)}`,
      g.character ? ` · ${g.character_name || g.character}` : "",
      g.rated ? h("span.rated", {}, ` rated ${g.change >= 0 ? "+" : "−"}${Math.abs(g.change)}`) : "", " ",
      h("a.button", { href: g.replay }, "Replay"), " ", h("a.button", { href: g.analysis }, "Analysis"))))
    : h("p.muted", { id: "profile-games" }, "No finished game listed in the lobby yet.");
  clear(main).append(h("div.profile", { id: "profile" },
    h("h1", { dir: "auto" }, p.name),
    h("p.small.muted", {}, `Playing here since ${new Date(p.created * 1000).toLocaleDateString()}. `,
      "A rating with “?” is provisional: it settles after a few rated games. ",
      h("a", { href: "/leaderboard/thalara" }, "Leaderboards")),
    ratings, ...charts,
    rate(p.win_rates.games, "games", "Win rate per game (every finished game)"),
    rate(p.win_rates.characters, "characters", "Win rate per Thalara character"),
    h("h2", {}, "Games"), games));
}

export async function leaderboardPage(main, statusEl, game) {
  statusEl.textContent = "";
  const about = await api("/api/leaderboards");
  const found = about.games.find((g) => g.name === game);
  if (!found) {
    clear(main).append(h("div.profile", {}, h("h1", {}, "No such game"),
      h("p", { id: "leaderboard-missing" }, `There is no game “${game}” here.`), h("a.button", { href: "/" }, "The lobby")));
    return;
  }
  document.title = `cardtable — ${found.title}: leaderboard`;
  const tables = await Promise.all(found.players.map(async (n) => {
    const rows = await api(`/api/leaderboard/${game}?players=${n}`);
    const levels = (about.levels || {})[`${game}-${n}p`] || {};
    return h("section.leaderboard", { "data-players": n }, h("h2", {}, `${n} players`),
      rows.length ? h("table.ratings", { id: `leaderboard-${n}` },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col" }, "Rating"), h("th", { scope: "col" }, "Rated games"))),
        h("tbody", {}, rows.map((r, i) => h("tr", {}, h("td.num", {}, String(i + 1)),
          h("th", { scope: "row" }, h("a", { href: `/p/${encodeURIComponent(r.name)}`, dir: "auto" }, r.name)),
          h("td.num", {}, String(r.rating)), h("td.num", {}, String(r.games))))))
        : h("p.muted", {}, `Nobody yet: a player appears after ${about.settled_after} rated games of ${n}.`),
      Object.keys(levels).length ? h("p.small", {}, "The computer's levels (fixed, measured in the arena): ",
        Object.entries(levels).map(([level, r]) => `${levelName(level)} ${r}`).join(" · ")) : null);
  }));
  clear(main).append(h("div.profile", { id: "leaderboard" },
    h("h1", {}, `${found.title}: leaderboard`),
    h("p.small", {}, "Other games: ", about.games.filter((g) => g.name !== game).map((g) =>
      h("a", { href: `/leaderboard/${g.name}` }, g.title))),
    ...tables));
}
