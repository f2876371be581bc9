// The end of a game: the result (winners, why it ended, the tie-break, each player's
// breakdown, a rated game's rating changes), the rematch (offered, accepted or declined by the seats; the next game
// with the seats turned by one), a new game with the same settings, the replay, the
// saved game, and the Analysis tab. What a player's result is made of is the game's
// own: its module (table.js's GAMES) says it with `end` (see thalara.js, vale.js).
import { h, clear, show, seatName, inWords } from "./dom.js";
import { api, send, goToSeat } from "./api.js";
import { showCreated } from "./lobby.js";
import { AnalysisView } from "./analysis.js";

export class EndScreen {
  constructor(table, wantsAnalysis) {
    this.t = table;
    this.tab = wantsAnalysis ? "analysis" : "result";
    this.analysis = null;
    this.el = h("section.endscreen", { id: "end", hidden: true, "aria-label": "the end of the game" });
    this.sameOut = h("div", { id: "same-settings-out" });
    this.rematchError = "";
    this.ratings = null;     // a rated game's stored result (/api/games/{id}/result)
    this.askedRatings = 0;
    this.levels = null;      // the computer levels' fixed ratings (/api/leaderboards)
  }

  /** The published ratings of the computer levels, asked once when a game with a
   * computer seat ends. */
  async loadLevels() {
    if (this.levels || !(this.t.ctx.seats || []).some((x) => x.kind === "computer")) return;
    this.levels = {};
    try {
      this.levels = (await api("/api/leaderboards")).levels || {};
      this.draw();
    } catch { /* no line about the levels, then */ }
  }

  /** "You beat the level rated 1650": the viewer's result against each computer seat
   * whose level has a published rating in this game's pool. */
  levelResults() {
    const s = this.t.snap;
    const ctx = this.t.ctx;
    const me = this.t.seat;
    if (me === null || !this.levels) return null;
    const rated = this.levels[`${this.t.gameName}-${ctx.seats.length}p`] || {};
    const winners = s.winners || [];
    const lines = ctx.seats.filter((x) => x.kind === "computer" && x.agent in rated).map((x) => {
      const beat = winners.includes(me) && !winners.includes(x.seat);
      const lost = winners.includes(x.seat) && !winners.includes(me);
      const verb = beat ? "You beat" : lost ? "You lost to" : "You finished level with";
      return h("li", { "data-level": x.agent }, `${verb} ${seatName(ctx, x.seat)}, a level rated ${rated[x.agent]}.`);
    });
    return lines.length ? h("ul.level-results", { id: "end-levels" }, lines) : null;
  }

  /** A rated game's rating changes, asked of the server once the game is over (the
   * result is stored as the game ends: a moment's wait, at most, then again). */
  async loadRatings() {
    const about = this.t.about;
    if (!about || !about.setup || !about.setup.rated || this.ratings || this.askedRatings >= 5) return;
    this.askedRatings += 1;
    try {
      const result = await api(`/api/games/${this.t.id}/result`);
      if (result.stored) { this.ratings = result; this.draw(); return; }
    } catch { /* asked again below */ }
    setTimeout(() => this.loadRatings(), 1000);
  }

  ratingChanges() {
    const r = this.ratings;
    if (!r) return this.t.about && this.t.about.setup && this.t.about.setup.rated
      ? h("p.small.muted", { id: "end-ratings" }, "A rated game: the ratings are being counted…") : null;
    const ctx = this.t.ctx;
    const sign = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
    return h("div.end-ratings", { id: "end-ratings" }, h("b", {}, "Ratings: "),
      r.seats.filter((x) => "change" in x).map((x, i) => h("span.rating-change", { "data-seat": x.seat },
        i ? " · " : "", h("a", { href: `/p/${encodeURIComponent(ctx.seats[x.seat].name)}`, dir: "auto" }, seatName(ctx, x.seat)),
        ` ${x.before} → ${x.after} `, h(`b.${x.change >= 0 ? "up" : "down"}`, {}, `(${sign(x.change)})`))));
  }

  draw() {
    const s = this.t.snap;
    show(this.el, Boolean(s.over));
    if (!s.over) return;
    if (!this.askedRatings) this.loadRatings();
    if (!this.levels) this.loadLevels();
    const ctx = this.t.ctx;
    const winners = (s.winners || []).map((w) => seatName(ctx, w)).join(" and ");
    const tab = (name, text) => h("button.tab", { role: "tab", id: `end-tab-${name}`, "aria-controls": `end-${name}`,
      "aria-selected": String(this.tab === name), tabindex: this.tab === name ? null : "-1",
      onclick: () => { this.tab = name; this.draw(); } }, text);
    const tabs = h("div.end-tabs", { role: "tablist", "aria-label": "the end of the game" },
      tab("result", "Result"), tab("analysis", "Analysis"));
    tabs.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      this.tab = this.tab === "result" ? "analysis" : "result";
      this.draw();
      this.el.querySelector(`#end-tab-${this.tab}`).focus();
    });
    const result = h("div", { id: "end-result", role: "tabpanel", "aria-labelledby": "end-tab-result", hidden: this.tab !== "result" },
      ...this.result());
    const analysis = h("div", { id: "end-analysis", role: "tabpanel", "aria-labelledby": "end-tab-analysis", hidden: this.tab !== "analysis" });
    if (this.tab === "analysis") {
      if (!this.analysis) {
        this.analysis = new AnalysisView(this.t.id, ctx, (text) => this.t.mod.label(text, this.t.ctx), window.matchMedia("(max-width: 820px)").matches);
      }
      analysis.append(this.analysis.el);
      this.analysis.open();
    }
    clear(this.el).append(
      h("button.end-close", { id: "end-close", onclick: () => this.t.showEnd(false) }, "Show the table"),
      h("h2", {}, `Game over: ${winners || "nobody"} won`), tabs, result, analysis);
  }

  result() {
    const s = this.t.snap;
    const ctx = this.t.ctx;
    const end = s.observation.end || {};
    const told = this.t.mod.end;   // the game's words for a player's result
    const rows = (end.players || []).map((p) => {
      const won = (s.winners || []).includes(p.seat);
      return h(`tr${won ? ".won" : ""}`, {}, h("th", { scope: "row" }, seatName(ctx, p.seat), won ? " — winner" : ""),
        h("td.num", {}, amount(told, told.total(p))),
        h("td", {}, ...told.detail(p, ctx)));
    });
    const clock = s.clock;
    const lostOnTime = clock ? clock.forfeited.map((f, seat) => (f ? seatName(ctx, seat) : null)).filter(Boolean) : [];
    return [
      this.bars(end.players || [], told),
      end.text ? h("p", { id: "end-reason" }, `Why it ended: ${inWords(ctx, end.text)}.`) : null,
      lostOnTime.length ? h("p", { id: "end-time" }, `${lostOnTime.join(" and ")} lost on time, and ${lostOnTime.length > 1 ? "rank" : "ranks"} last.`) : null,
      end.tie_break ? h("p", { id: "tie-break" }, `Tie-break: ${inWords(ctx, end.tie_break.text)}.`) : null,
      this.ratingChanges(),
      this.levelResults(),
      h("table.scores", { id: "end-scores" }, h("caption", {}, "Final scores"),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, told.column),
          h("th", { scope: "col" }, told.detailColumn))),
        h("tbody", {}, rows)),
      this.rematchBox(),
      h("div.btns", {},
        h("button", { id: "same-settings", onclick: () => this.sameSettings() }, "New game with the same settings"),
        h("a.button", { href: "/", id: "new-game" }, "New game"),
        h("a.button", { href: `/g/${this.t.id}?replay=0`, id: "replay-link" }, "Replay"),
        h("a.button", { href: `/api/games/${this.t.id}/record`, download: `${this.t.id}.json`, id: "download" }, "Download the saved game")),
      this.sameOut].filter(Boolean);
  }

  /** Each player's result as a bar, its parts as the game tells them (`told.parts`:
   * Vale by source, Thalara by Artifact). */
  bars(players, told) {
    const ctx = this.t.ctx;
    const s = this.t.snap;
    const total = (p) => told.total(p);
    const most = Math.max(1, ...players.map(total));
    const palette = ["#2b6cb0", "#b8322a", "#2d752d", "#836800", "#74389f", "#24706b", "#7a2f96", "#4f6b1c"];
    return h("div.score-bars", { id: "score-bars", "aria-label": "scores" }, players.map((p) => {
      const parts = told.parts(p, ctx);
      const won = (s.winners || []).includes(p.seat);
      // the bar is as long as the total; its parts share it as they gained (what was
      // lost, as Mandrake's -12, shortens the whole bar instead of a part)
      const gained = parts.reduce((sum, x) => sum + Math.max(0, x.n), 0) || 1;
      const scale = Math.max(0, total(p)) / most / gained;
      return h(`div.score-bar${won ? ".won" : ""}`, {},
        h("b", {}, seatName(ctx, p.seat), won ? " (winner)" : ""),
        h("div.bar-track", { role: "img", "aria-label": parts.filter((x) => x.n > 0).map((x) => `${x.what} ${x.n}`).join(", ") || "nothing scored" },
          parts.filter((x) => x.n > 0).map((x, i) => h("span.bar-part", { title: `${x.what}: ${x.n}`,
            style: `width: ${100 * x.n * scale}%; background: ${palette[i % palette.length]}` }))),
        h("b", {}, amount(told, total(p))));
    }));
  }

  /** The rematch as it stands: who offered, who accepted or declined, the next game. */
  rematchBox() {
    const t = this.t;
    const ctx = t.ctx;
    const r = t.rematch;
    const me = t.seat;
    const person = me !== null && ctx.seats[me] && ctx.seats[me].kind === "human";
    const names = (list) => list.map((seat) => seatName(ctx, seat)).join(", ");
    const answer = (word) => { this.rematchError = ""; t.send({ type: "rematch", answer: word }); };
    const offer = (text) => h("button.primary", { id: "rematch-offer", onclick: () => answer("offer") }, text);
    const parts = [];
    if (r && r.next) {
      if (r.next.link) {
        parts.push("The rematch is ready. ",
          h("button.primary", { id: "rematch-go", onclick: () => goToSeat(r.next.id, r.next.seat, r.next.token) }, "Play the rematch"));
      } else {
        parts.push("The rematch is under way. ", h("a.button", { href: r.next.watch, id: "rematch-watch" }, "Watch the rematch"));
      }
    } else if (r && r.declined.length) {
      // the server refuses a second offer once one was declined: a new game is the way on
      parts.push(h("span", { id: "rematch-state" }, `${names(r.declined)} declined the rematch.`),
        person ? " “New game with the same settings” below starts another game for whoever wants one." : "");
    } else if (r) {
      const humans = ctx.seats.filter((x) => x.kind === "human").map((x) => x.seat);
      const waiting = humans.filter((x) => !r.accepted.includes(x));
      parts.push(h("span", { id: "rematch-state" }, `${seatName(ctx, r.by)} offers a rematch`,
        r.accepted.length > 1 || (r.accepted.length === 1 && r.accepted[0] !== r.by) ? `; accepted by ${names(r.accepted)}` : "",
        waiting.length ? `; waiting for ${names(waiting)}` : "", "."), " ");
      if (person && waiting.includes(me)) {
        parts.push(h("button.primary", { id: "rematch-accept", onclick: () => answer("accept") }, "Accept"), " ",
          h("button", { id: "rematch-decline", onclick: () => answer("decline") }, "Decline"));
      }
    } else if (person) {
      parts.push(offer("Offer a rematch"), h("span.small.muted", {}, " the same players, the next one moves first; computer seats always accept"));
    }
    if (!parts.length) return null;
    return h("div.rematch", { id: "rematch-box", role: "status" }, h("b", {}, "Rematch: "), ...parts,
      this.rematchError ? h("p.error", { id: "rematch-error" }, this.rematchError) : null);
  }

  /** A new game with the same seats' settings, options and clock (a new deal, seats
   * in the same order): with one person you go straight to your seat. */
  async sameSettings() {
    const t = this.t;
    try {
      const about = t.about || await api(`/api/games/${t.id}/about`);
      const setup = { ...about.setup };
      // the setup the server gives leaves out the clock: the state messages carry it
      if (t.snap.clock) { setup.clock = t.snap.clock.control; setup.on_timeout = t.snap.clock.on_timeout; }
      const made = await send("/api/games", setup);
      const mine = made.seats.find((x) => x.seat === t.seat);
      if (mine && made.seats.length === 1) { location.assign(mine.link); return; }
      showCreated(clear(this.sameOut), made, setup.listed);
    } catch (err) {
      clear(this.sameOut).append(h("p.error", {}, err.message));
    }
  }
}

/** A total with its unit, singular for one ("1 pt") where the game has a word for it. */
function amount(told, n) { return `${n} ${n === 1 && told.one ? told.one : told.unit}`; }
