// The analysis of a finished game: asked of the server (which computes it once, on its
// computer-player pool), followed with a progress bar, then drawn here: a chart (SVG)
// of each seat's expected result after each of its decisions, and the same decisions
// as a labelled list in words, which is the chart's text alternative. A point or a
// move opens the replay at that decision, where the better action is shown.
import { h, clear, seatName } from "./dom.js";
import { api } from "./api.js";

const POLL_MS = 2000;
// the labels, in words and in the symbols chess players know: never colour alone
export const LABEL_MARK = { best: "", good: "", inaccuracy: "?!", mistake: "?", blunder: "??" };
const LABEL_PLURAL = { best: "best", good: "good", inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
// each seat's line differs by its dash and its point shape as well as its colour
const LINES = [
  { color: "#1f5fa8", dash: "", style: "solid line" },
  { color: "#a34a00", dash: "8 4", style: "dashed line" },
  { color: "#2d752d", dash: "2 3", style: "dotted line" },
  { color: "#74389f", dash: "10 3 2 3", style: "dash-dot line" },
];

const SVG = "http://www.w3.org/2000/svg";
function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const fixed = (x) => (x === null || x === undefined ? "unknown" : Number(x).toFixed(2));

/** Where the replay shows a decision: the game as it stood when the decision was taken. */
export function decisionLink(gameId, index) { return `/g/${gameId}?replay=${index}&decision=${index}`; }

/** What the search thought of the action it preferred, when that is not the one taken:
 * "better" only when it rates it strictly higher, compared as the figures are shown (so
 * "better ... (expected 0.47)" never stands beside a taken 0.47); its pick among equals,
 * or one its visits favoured although its mean is lower, is "as good". */
export function preferredWords(d, say) {
  if (d.best === d.taken) return null;
  const known = (x) => x !== null && x !== undefined;
  const shown = (x) => Math.round(Number(x) * 100);
  if (known(d.best_expected) && known(d.taken_expected) && shown(d.best_expected) > shown(d.taken_expected)) {
    return `better: ${say(d.best)} (expected ${fixed(d.best_expected)})`;
  }
  return `the search preferred ${say(d.best)} (as good)`;
}

/** A decision in words: who played what, its label, and the action the search
 * preferred if it is another (`better` holds its words, "better: ..." or "... (as good)"). */
export function decisionWords(d, ctx, say) {
  const mark = LABEL_MARK[d.label];
  return {
    who: seatName(ctx, d.seat),
    taken: say(d.taken),
    label: `${d.label}${mark ? ` ${mark}` : ""}`,
    expected: `expected ${fixed(d.taken_expected)}`,
    better: preferredWords(d, say),
  };
}

/** The chart as SVG: x the action number (rounds marked), y the expected result. */
export function chart(analysis, ctx, onPick, narrow) {
  const W = narrow ? 360 : 720;
  const H = narrow ? 230 : 280;
  const L = 34; const R = 10; const T = 26; const B = 40;
  const last = Math.max(1, analysis.actions - 1);
  const x = (i) => L + (i / last) * (W - L - R);
  const y = (v) => T + (1 - v) * (H - T - B);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((v) => s("g", {},
    s("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" }),
    s("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "tick" }, v === 0.5 ? "½" : String(v))));
  const rounds = analysis.chart.rounds.map((r, k) => s("g", {},
    s("line", { x1: x(r.index), x2: x(r.index), y1: T, y2: H - B, class: "round" }),
    // on a narrow chart only every other round is named, so that the names never overlap
    !narrow || k % 2 === 0 || analysis.chart.rounds.length < 8
      ? s("text", { x: x(r.index) + 2, y: H - B + 14, class: "tick" }, `R${r.round}`) : null));
  const lines = analysis.chart.lines.map((line, k) => {
    const look = LINES[k % LINES.length];
    const pts = line.points.map((p) => `${x(p.index).toFixed(1)},${y(p.expected).toFixed(1)}`).join(" ");
    return s("g", { class: `seat-line seat-${line.seat}` },
      s("polyline", { points: pts, fill: "none", stroke: look.color, "stroke-width": 2, "stroke-dasharray": look.dash || null }),
      line.points.map((p) => {
        const flagged = p.label === "mistake" || p.label === "blunder";
        const tip = s("title", {}, `${seatName(ctx, line.seat)}, action ${p.index + 1}: ${p.label}, expected ${fixed(p.expected)}`);
        const dot = k % 2 === 0
          ? s("circle", { cx: x(p.index), cy: y(p.expected), r: flagged ? 6 : 3.5 })
          : s("rect", { x: x(p.index) - (flagged ? 5.5 : 3), y: y(p.expected) - (flagged ? 5.5 : 3), width: flagged ? 11 : 6, height: flagged ? 11 : 6 });
        dot.setAttribute("class", `pt${flagged ? ` flagged l-${p.label}` : ""}`);
        dot.setAttribute("fill", flagged ? "#fff" : look.color);
        dot.setAttribute("stroke", look.color);
        dot.setAttribute("stroke-width", flagged ? 2.5 : 1);
        return s("g", { class: "point", "data-index": p.index, "data-label": p.label }, tip, dot,
          flagged ? s("text", { x: x(p.index), y: y(p.expected) - 9, "text-anchor": "middle", class: `mark l-${p.label}` }, LABEL_MARK[p.label]) : null);
      }));
  });
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, width: "100%", class: "analysis-chart", id: "analysis-chart",
    role: "img", "aria-labelledby": "analysis-chart-title" },
  s("title", { id: "analysis-chart-title" }, "Each player's expected result after each of their decisions (0 = loss, 1 = win), rounds marked; the list of decisions below says the same in words."),
  grid, rounds,
  s("text", { x: L, y: H - 6, class: "axis" }, "action number (R: a round begins)"),
  s("text", { x: 4, y: 14, class: "axis" }, "expected result (1 = win, 0 = loss)"),
  lines);
  svg.addEventListener("click", (e) => {
    const point = e.target.closest("[data-index]");
    if (point) onPick(Number(point.getAttribute("data-index")));
  });
  return svg;
}

function legend(analysis, ctx) {
  return h("ul.chart-legend", { "aria-label": "legend of the chart" },
    analysis.chart.lines.map((line, k) => {
      const look = LINES[k % LINES.length];
      return h("li", {}, h("span.swatch", { "aria-hidden": "true", style: `border-top: 3px ${look.dash ? (look.dash === "2 3" ? "dotted" : "dashed") : "solid"} ${look.color}` }),
        `${seatName(ctx, line.seat)}: ${look.style}, ${k % 2 === 0 ? "round" : "square"} points`);
    }),
    h("li", {}, "? a mistake, ?? a blunder (larger, hollow points)"));
}

function summaryTable(analysis, ctx) {
  const labels = ["best", "good", "inaccuracy", "mistake", "blunder"];
  return h("table.scores", { id: "analysis-summary" },
    h("caption", {}, "Decisions by player"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Decisions"),
      h("th", { scope: "col" }, "Average loss"), h("th", { scope: "col" }, "Labels"))),
    h("tbody", {}, analysis.summary.map((sm) => h("tr", {},
      h("th", { scope: "row" }, seatName(ctx, sm.seat)),
      h("td", {}, `${sm.decisions}${sm.forced ? ` (+${sm.forced} forced)` : ""}`),
      h("td", {}, sm.average_loss.toFixed(3)),
      h("td", {}, labels.map((l) => h(`span.lbl.l-${l}`, {}, `${sm.labels[l]} ${LABEL_PLURAL[l]}${LABEL_MARK[l] ? ` ${LABEL_MARK[l]}` : ""}`))
        .flatMap((el, i) => (i ? [" ", el] : [el])))))));
}

function moveList(analysis, gameId, ctx, say, flaggedOnly) {
  const shown = analysis.decisions.filter((d) => !flaggedOnly || ["inaccuracy", "mistake", "blunder"].includes(d.label));
  return h("ol.analysis-moves", { id: "analysis-moves", "aria-label": "decisions of the game, judged" },
    shown.map((d) => {
      const w = decisionWords(d, ctx, say);
      return h("li", { "data-index": d.index, "data-label": d.label },
        h("a.move-link", { href: decisionLink(gameId, d.index) },
          h("span.mv-n", {}, `Action ${d.index + 1}${d.round !== null ? ` · round ${d.round}` : ""} · `),
          h("span.mv-who", {}, `${w.who}: `), h("span.mv-taken", {}, w.taken), " ",
          h(`span.lbl.l-${d.label}`, {}, w.label), " ",
          h("span.mv-exp", {}, w.expected),
          w.better ? h("span.mv-better", {}, ` · ${w.better}`) : null));
    }));
}

/** The Analysis tab of a finished game's page. */
export class AnalysisView {
  constructor(gameId, ctx, say, narrow) {
    this.id = gameId;
    this.ctx = ctx;
    this.say = say;
    this.narrow = narrow;
    this.el = h("div.analysis", { id: "analysis", "aria-live": "polite" });
    this.started = false;
    this.flaggedOnly = false;
    this.timer = null;
  }

  /** The first time the tab opens: what the server has for this game. */
  open() {
    if (this.started) return;
    this.started = true;
    this.look();
  }

  async look() {
    try {
      this.show(await api(`/api/games/${this.id}/analysis`));
    } catch (err) {
      if (err.status === 404) this.idle(); else this.problem(err.message, true);
    }
  }

  async start() {
    this.running({ done: 0, total: 0 });
    try {
      this.show(await api(`/api/games/${this.id}/analysis`, { method: "POST" }));
    } catch (err) {
      if (err.status === 429) this.problem(`The server is busy: it analyses as many games as it may at once. ${err.message}`, true);
      else this.problem(err.message, err.status !== 409);
    }
  }

  show(status) {
    clearTimeout(this.timer);
    if (status.state === "done" && status.analysis) { this.done(status.analysis); return; }
    if (status.state === "done") { this.problem("The analysis of this game failed on the server.", true); return; }
    this.running(status);
    this.timer = setTimeout(() => { if (this.el.isConnected) this.look(); }, POLL_MS);
  }

  idle() {
    clear(this.el).append(
      h("p", {}, "The computer can judge every decision of this game from the deciding player's view (what they could know then): the action taken against the best one it finds, labelled best, good, inaccuracy, mistake or blunder, with a chart of how the game swung. It is computed once, on the server, and kept."),
      h("button.primary", { id: "analyse", onclick: () => this.start() }, "Analyse this game"));
  }

  running(status) {
    const total = status.total || 0;
    const text = total ? `Analysing: ${status.done} of ${total} decisions judged…` : "Starting the analysis…";
    clear(this.el).append(
      h("label.progress", { for: "analysis-progress" }, text),
      h("progress", { id: "analysis-progress", max: total || 1, value: total ? status.done : null }));
  }

  problem(text, retry) {
    clear(this.el).append(h("p.error", { id: "analysis-error", role: "alert" }, text));
    if (retry) this.el.append(h("button", { id: "analyse-retry", onclick: () => this.start() }, "Try again"));
  }

  done(analysis) {
    this.analysis = analysis;
    const pick = (index) => location.assign(decisionLink(this.id, index));
    const filter = h("label.alert-opt", {}, h("input", { type: "checkbox", id: "analysis-flagged-only",
      checked: this.flaggedOnly ? true : null, onchange: (e) => { this.flaggedOnly = e.target.checked; this.done(analysis); } }),
    " only inaccuracies, mistakes and blunders");
    clear(this.el).append(
      h("p.small.muted", { id: "analysis-judge" }, `Judged by the computer's search (${analysis.agent}), from each player's own view. Click a point or a decision to see it in the replay with the action the search preferred.`),
      summaryTable(analysis, this.ctx),
      h("figure.chart-box", {}, chart(analysis, this.ctx, pick, this.narrow), legend(analysis, this.ctx)),
      h("h3", {}, "Decisions"), filter,
      moveList(analysis, this.id, this.ctx, this.say, this.flaggedOnly));
  }
}

/** The replay's note on the decision shown: what was played, how it was judged, the
 * better action (highlighted on the board by the caller). */
export function decisionNote(d, ctx, say) {
  const w = decisionWords(d, ctx, say);
  return h("div.decision-note", { id: "replay-decision", role: "status" },
    h("b", {}, `${w.who} decides here: `), `${w.taken} (${w.expected}) — `,
    h(`span.lbl.l-${d.label}`, {}, w.label), w.better ? `; ${w.better}` : "; the best the computer found", ".");
}
