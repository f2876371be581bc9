// Puzzles: a position from a real game where one action is clearly best, drawn with
// the game's own table (table.js, without a socket: the position comes over HTTP) and
// answered by a click as at the table. The server checks the answer and explains it:
// the top choices with their expected results and a replay in worlds sampled from the
// solver's view. The streak (puzzles solved in a row) and the puzzles answered are kept
// in this browser (localStorage); a puzzle answered again does not count twice.
import { h, clear, show, inWords } from "./dom.js";
import { api, send } from "./api.js";
import { Table } from "./table.js";

const KEY = "cardtable:puzzles";
const SET_KEY = "cardtable:puzzles:set";
// the sets' names on their buttons (their titles are longer than a phone's row)
const SHORT = { thalara: "Thalara", vale: "Vale", "vale-artifacts": "Vale with Artifacts" };
// as wide as the table keeps its side column (style.css): the explanation goes there,
// below the players, leaving the board and the hand (and the answer marked on them) in
// view; narrower, it is a panel over the bottom of the table that folds away
const WIDE = window.matchMedia("(min-width: 821px)");

function loadScore() {
  try {
    const s = JSON.parse(localStorage.getItem(KEY) || "null");
    if (s && Number.isInteger(s.streak) && s.streak >= 0 && Number.isInteger(s.best) && s.answered && typeof s.answered === "object") return s;
  } catch { /* private mode, or a broken entry: start over */ }
  return { streak: 0, best: 0, answered: {} };
}
function saveScore(s) {
  try { localStorage.setItem(KEY, JSON.stringify(s)); } catch { /* private mode */ }
}

/** The table without a socket: it is shown a position and hands the answer to `onAnswer`. */
class PuzzleTable extends Table {
  connect() { /* the position comes over HTTP */ }

  loadAbout() { /* the position carries the game's description */ }

  send() { /* no socket: hints, undo and chat are not offered here */ }

  // no "are you sure": a warning that an answer wastes something would give the
  // puzzle away
  choose(text) { this.send_action(text); }

  send_action(text) {
    if (this.waiting || !this.onAnswer) return;
    this.waiting = true;
    this.selection = [];
    this.confirming = null;
    this.bar.draw();
    this.onAnswer(text);
  }
}

export async function puzzlesPage(main, statusEl) {
  document.title = "cardtable — puzzles";
  const index = await api("/api/puzzles");
  return new Puzzles(main, statusEl, index);
}

class Puzzles {
  constructor(main, statusEl, index) {
    this.main = main;
    this.statusEl = statusEl;
    this.index = index;
    this.score = loadScore();
    const params = new URLSearchParams(location.search);
    let stored = null;
    try { stored = localStorage.getItem(SET_KEY); } catch { /* private mode */ }
    const named = index.sets.find((s) => s.name === params.get("set")) || index.sets.find((s) => s.name === stored) || index.sets[0];
    this.set = named;
    this.setsEl = h("nav.puzzle-sets", { id: "puzzle-sets", "aria-label": "puzzle sets" },
      index.sets.map((s) => h("button.puzzle-set", { "data-set": s.name, onclick: () => this.chooseSet(s.name), title: s.title }, SHORT[s.name] || s.title)));
    this.streakEl = h("span.puzzle-streak", { id: "puzzle-streak", "aria-live": "polite" });
    this.infoEl = h("div.puzzle-info", { id: "puzzle-info" });
    this.nextBtn = h("button", { id: "puzzle-next", onclick: () => this.next() }, "Next puzzle");
    this.dailyBtn = h("button", { id: "puzzle-daily", onclick: () => this.open(this.set.daily) }, "Puzzle of the day");
    this.resultEl = h("section.puzzle-result", { id: "puzzle-result", "aria-live": "polite", hidden: true });
    this.tableEl = h("div.puzzle-table");
    const head = h("section.puzzle-head", { id: "puzzle-head" },
      h("div.puzzle-row", {}, h("a", { href: "/", id: "puzzle-lobby" }, "Lobby"), this.setsEl, this.streakEl),
      h("div.puzzle-row", {}, this.infoEl, h("span.puzzle-tools", {}, this.dailyBtn, this.nextBtn)));
    this.page = h("div.puzzle-page", {}, head, this.tableEl, this.resultEl);
    clear(main).append(this.page);
    this.drawStreak();
    WIDE.addEventListener("change", () => this.placeResult());
    this.open(params.get("id") && this.set.ids.includes(params.get("id")) ? params.get("id") : this.set.daily);
  }

  chooseSet(name) {
    this.set = this.index.sets.find((s) => s.name === name);
    try { localStorage.setItem(SET_KEY, name); } catch { /* private mode */ }
    this.open(this.set.daily);
  }

  next() { if (this.position) this.open(this.position.next); }

  drawStreak() {
    const s = this.score;
    this.streakEl.textContent = `Streak: ${s.streak}${s.best ? ` (best ${s.best})` : ""}`;
  }

  async open(id) {
    const set = this.set;
    for (const b of this.setsEl.querySelectorAll("button")) b.setAttribute("aria-pressed", String(b.getAttribute("data-set") === set.name));
    history.replaceState(null, "", `/puzzles?set=${encodeURIComponent(set.name)}&id=${encodeURIComponent(id)}`);
    this.resultEl.hidden = true;
    clear(this.resultEl);
    let p;
    try {
      p = await api(`/api/puzzles/${encodeURIComponent(set.name)}/${encodeURIComponent(id)}`);
    } catch (e) {
      clear(this.infoEl).append(h("span.error", {}, e.message));
      return;
    }
    this.position = p;
    const daily = id === set.daily;
    clear(this.infoEl).append(
      h("b", { id: "puzzle-title" }, daily ? `Puzzle of the day (${this.index.date})` : `Puzzle ${p.number} of ${p.count}`),
      h("span.puzzle-theme", { id: "puzzle-theme" }, ` · Theme: ${p.theme}`),
      h(`span.puzzle-difficulty.d-${p.difficulty}`, { id: "puzzle-difficulty" }, ` · ${p.difficulty}`),
      this.score.answered[`${set.name}/${p.id}`] !== undefined ? h("span.muted", {}, " · answered before") : "");
    show(this.dailyBtn, !daily);
    // the old table goes with its listeners: a key pressed on this puzzle is not also
    // answered by every puzzle opened before
    if (this.table) this.table.close();
    const table = new PuzzleTable(this.tableEl, this.statusEl, `puzzle/${set.name}/${p.id}`, p.seat, null, false, true);
    this.table = table;
    window.cardtable = table;
    table.about = { catalogue: p.catalogue, words: p.words, notation: p.notation, rules: p.rules, setup: null };
    table.ctx.catalogue = p.catalogue;
    table.ctx.words = p.words;
    table.onAnswer = (text) => this.answer(table, p, text);
    table.onMessage({ type: "welcome", game: p.game, title: `${set.title}: a puzzle`, seats: p.seats, catalogue: p.catalogue,
      log: [], rematch: null, n: 0, observation: p.observation, current_player: p.seat, legal: p.legal,
      decision: p.decision, over: false, winners: null, scores: null, connected: p.seats.map(() => true),
      can_undo: false, clock: null });
    this.statusEl.textContent = `${set.title}: your move`;
  }

  async answer(table, p, text) {
    let verdict;
    try {
      verdict = await send(`/api/puzzles/${encodeURIComponent(this.set.name)}/${encodeURIComponent(p.id)}/answer`, { action: text });
    } catch (e) {
      table.waiting = false;
      table.errorEl.textContent = e.message;
      table.draw();
      return;
    }
    if (table !== this.table) return;       // another puzzle was opened meanwhile
    const key = `${this.set.name}/${p.id}`;
    if (this.score.answered[key] === undefined) {
      this.score.answered[key] = verdict.correct;
      this.score.streak = verdict.correct ? this.score.streak + 1 : 0;
      this.score.best = Math.max(this.score.best, this.score.streak);
      saveScore(this.score);
      this.drawStreak();
    }
    // the position stays in view, answered: no more clicks, the best action marked
    table.waiting = false;
    const keys = new Set(table.mod.pathFor(verdict.best, table.ctx));
    const mark = () => {
      const marked = [...table.gameEl.querySelectorAll("[data-keys]")]
        .filter((el) => el.getAttribute("data-keys").split(" ").some((k) => keys.has(k)));
      if (!marked.length) {
        // an action with nothing of its own on the table ("end" the turn) was an answer
        // in the bar, gone now that nobody decides: it is shown there again, marked, and
        // takes no click
        const shown = h("button.answer.puzzle-best", { disabled: true, "data-keys": [...keys].join(" "), title: "the best action" }, verdict.best_text);
        table.bar.answersEl.append(shown);
        marked.push(shown);
      }
      for (const el of marked) el.classList.add("puzzle-best");
      // each marked element whole inside its scrolling area (the board, the hand); the
      // first last, so that it wins where they share one
      for (const el of marked.reverse()) el.scrollIntoView({ block: "nearest", inline: "nearest" });
    };
    this.tableEl.addEventListener("table:drawn", mark, { once: true });
    // the position is answered: nobody decides in it any more
    table.setSnapshot({ ...table.snap, legal: [], current_player: null, decision: { ...p.decision, prompt: verdict.correct ? "Solved." : "Not the best action." } });
    this.explain(table, p, verdict);
  }

  /** The explanation in the table's side column when the window is wide, else over
   * the bottom of the table. */
  placeResult() {
    const side = this.table && this.table.sideEl;
    const inSide = Boolean(WIDE.matches && side);
    this.resultEl.classList.toggle("in-side", inSide);
    if (inSide) {
      if (this.resultEl.parentElement !== side) side.querySelector(".players-box").after(this.resultEl);
    } else if (this.resultEl.parentElement !== this.page) {
      this.page.append(this.resultEl);
    }
  }

  explain(table, p, v) {
    const ctx = table.ctx;
    const said = (text) => inWords(ctx, text);
    const chosen = v.choices.find((c) => c.action === v.answer);
    const head = v.correct
      ? h("p.puzzle-verdict.right", { id: "puzzle-verdict", "data-correct": "true" }, h("b", {}, "Correct! "), `${v.best_text} is the best action.`)
      : h("p.puzzle-verdict.wrong", { id: "puzzle-verdict", "data-correct": "false" }, h("b", {}, "Not the best. "),
        `You chose: ${chosen ? chosen.text : said(v.answer)}. The best action is ${lowerFirst(v.best_text)}.`);
    const choices = h("ol.puzzle-choices", { id: "puzzle-choices" }, v.choices.map((c) =>
      h(`li${c.best ? ".best" : ""}${c.action === v.answer ? ".yours" : ""}`, { "data-choice": c.action },
        h("b", {}, c.text), ` — ${c.words}`, c.best ? " (best)" : "", c.action === v.answer && !c.best ? " (yours)" : "")));
    const lines = v.replay.map((line, i) => h("details.puzzle-line", { open: i === 0 ? true : null },
      h("summary", {}, `Line ${i + 1}: in ${line.worlds} of ${v.replay.reduce((n, x) => n + x.worlds, 0)} sampled worlds`),
      h("ol", {}, line.moves.map((m) => h("li", {}, m.events.length ? m.events.map((e) => sentence(said(e))).join(" ") : (m.action ? sentence(said(m.action)) : "…"))))));
    clear(this.resultEl).append(
      h("div.puzzle-result-head", {}, head,
        h("span.puzzle-tools", {}, h("button", { id: "puzzle-hide", onclick: () => { this.resultEl.classList.toggle("folded"); } }, "Fold"),
          h("button.primary", { id: "puzzle-next-2", onclick: () => this.next() }, "Next puzzle"))),
      h("div.puzzle-result-body", {},
        h("p.puzzle-theme-text", { id: "puzzle-theme-text" }, v.theme_text),
        h("p", {}, `The judges' searches, from what you could see (the best beats every other by ${v.margin.toFixed(2)}):`),
        choices,
        h("p.small.muted", {}, "What followed the best action in worlds dealt again from what you could see (the real hidden cards are never used), every seat playing on as the judges' searches do:"),
        h("div.puzzle-replay", { id: "puzzle-replay" }, lines)));
    this.resultEl.classList.remove("folded");
    this.resultEl.hidden = false;
    this.placeResult();
    this.statusEl.textContent = v.correct ? "solved" : "not solved";
  }
}

function lowerFirst(text) { return text.charAt(0).toLowerCase() + text.slice(1); }
function sentence(text) {
  const t = String(text).trim();
  if (!t) return t;
  const c = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?)]$/.test(c) ? c : `${c}.`;
}
