// The table's dialogs: a card in large (the zoom), the Rules with their contents, the
// table's settings, a player's whole area, and abandoning the game.
import { h, clear, modal } from "./dom.js";
import { api } from "./api.js";

/** A dialog of `id` filled with `children` and a Close button, opened modally. */
function show(dialog, closeId, ...children) {
  clear(dialog).append(...children,
    h("div.dialog-btns", {}, h("button", { id: closeId, onclick: () => dialog.close() }, "Close")));
  if (!dialog.open) dialog.showModal();
  dialog.querySelector(`#${closeId}`).focus();
}

export function openZoom(dialog, card) { show(dialog, "zoom-close", card); }

/** The rules, opened at the top: a table of contents from their "## " headings, the
 * sections, and the notation as a readable table. */
export function openRules(dialog, about) {
  if (!about) { show(dialog, "rules-close", h("h2", {}, "Rules"), h("p", {}, "The rules are loading…")); return; }
  const sections = [];
  let current = { title: "In short", paras: [] };
  for (const para of about.rules.split("\n\n")) {
    const heading = /^##\s+(.*)$/.exec(para.trim());
    if (heading) {
      if (current.paras.length) sections.push(current);
      current = { title: heading[1], paras: [] };
    } else {
      current.paras.push(para);
    }
  }
  if (current.paras.length) sections.push(current);
  sections.push({ title: "Notation", notation: about.notation });
  const anchor = (i) => `rules-${i}`;
  const toc = h("nav.rules-toc", { "aria-label": "contents" }, h("ol", {},
    sections.map((sec, i) => h("li", {}, h("a", { href: `#${anchor(i)}`, onclick: (e) => {
      e.preventDefault();
      dialog.querySelector(`#${anchor(i)}`).scrollIntoView({ block: "start" });
    } }, sec.title)))));
  const body = sections.map((sec, i) => h("section", { id: anchor(i) }, h("h3", {}, sec.title),
    sec.notation ? notationTable(sec.notation) : sec.paras.map((p) => h("p", {}, p))));
  show(dialog, "rules-close", h("h2", {}, `Rules: ${about.title}`), toc, ...body);
  dialog.scrollTop = 0;
}

/** The notation help ("  example    what it does" lines) as a two-column table. */
function notationTable(text) {
  const rows = [];
  let intro = "";
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const m = /^\s{2}(\S.*?)\s{2,}(\S.*)$/.exec(line);
    if (m) rows.push([m[1], m[2]]);
    else if (/^\s{3,}/.test(line) && rows.length) rows[rows.length - 1][1] += ` ${line.trim()}`;
    else intro += `${line.trim()} `;
  }
  return h("div", {}, intro ? h("p", {}, intro.trim()) : null,
    h("p.small", {}, "Every action has a text form: it is what a saved game stores and what the terminal reads."),
    h("table.notation", {}, h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "You type"), h("th", { scope: "col" }, "It means"))),
      h("tbody", {}, rows.map(([code, what]) => h("tr", {}, h("td", {}, h("code", {}, code)), h("td", {}, what))))));
}

/** Another player's whole area (their panel opens it). */
export function openArea(dialog, title, content) { show(dialog, "area-close", h("h2", {}, title), content); }

export function askAbandon(table) {
  const error = h("p.error", { role: "alert" });
  const dialog = modal("abandon-dialog", "abandon the game",
    h("h2", {}, "Abandon this game?"),
    h("p", {}, "Nobody will be able to play it on: everybody at the table is told, its computer players stop, and it leaves the lobby. This cannot be undone."),
    error,
    h("div.dialog-btns", {},
      h("button", { id: "abandon-cancel", onclick: () => dialog.close() }, "Keep playing"),
      h("button.danger", { id: "abandon-confirm", onclick: async () => {
        try {
          await api(`/api/games/${table.id}`, { method: "DELETE", headers: { authorization: `Bearer ${table.token}` } });
          dialog.close();
          table.gone("abandoned");
        } catch (err) { error.textContent = err.message; }
      } }, "Abandon the game")));
  dialog.showModal();
  dialog.querySelector("#abandon-cancel").focus();
}
