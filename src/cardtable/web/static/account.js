// The lobby's account panel. Accounts are optional: a guest plays with seat links as
// ever. Signed in, the seats you take are bound to your account, and the panel lists
// them with their links, so that another device picks them up after signing in. The
// session is an HttpOnly cookie the page never sees; it only asks /api/me who it is.
import { h, clear, modal } from "./dom.js";
import { api, send, saveSeat, heldSeats, forgetSeat } from "./api.js";

let current = null;   // the account signed in, as /api/me last said

/** The name of the account signed in, or null. */
export function accountName() { return current ? current.name : null; }

/** The panel: a sign-in form, or who you are with your games. `changed()` is called
 * after signing in or out (the lobby may redraw what depends on it). */
export function accountPanel(changed = () => {}) {
  const box = h("section.account", { id: "account", "aria-label": "your account" });
  const refresh = async () => {
    let me = null;
    try { me = await api("/api/me"); } catch { me = null; }
    current = me;
    const parts = me ? signedIn(me, refresh, changed) : signedOut(refresh, changed);
    clear(box).append(...parts.filter((part) => part));   // (append would write "null")
  };
  refresh();
  return box;
}

function signedOut(refresh, changed) {
  const name = h("input", { id: "account-name", name: "username", autocomplete: "username", maxlength: 20,
    required: true, "aria-label": "name" , placeholder: "name" });
  const password = h("input", { id: "account-password", name: "password", type: "password", autocomplete: "current-password",
    minlength: 10, maxlength: 256, required: true, "aria-label": "password", placeholder: "password" });
  const error = h("p.error", { id: "account-error", role: "alert" });
  const go = (path) => async () => {
    error.textContent = "";
    if (!name.value.trim() || !password.value) { error.textContent = "A name and a password, please."; return; }
    try {
      await send(path, { name: name.value, password: password.value });
      password.value = "";
      await refresh();
      changed();
    } catch (err) { error.textContent = err.message; }
  };
  const form = h("form.account-form", { onsubmit: (e) => { e.preventDefault(); go("/api/session")(); } },
    name, password,
    h("button.primary", { type: "submit", id: "sign-in" }, "Sign in"),
    h("button", { type: "button", id: "sign-up", onclick: () => {
      password.setAttribute("autocomplete", "new-password");
      go("/api/accounts")();
    } }, "Create account"));
  return [h("h2.h3", {}, "Account"),
    h("p.small.muted", {}, "Optional: guests play with seat links. With an account your seats follow you to any device. A password has 10 characters or more."),
    form, error];
}

function signedIn(me, refresh, changed) {
  const error = h("p.error", { id: "account-error", role: "alert" });
  const out = h("button", { type: "button", id: "sign-out", onclick: async () => {
    try { await send("/api/session", undefined, "DELETE"); } catch (err) { error.textContent = err.message; return; }
    await refresh();
    changed();
  } }, "Sign out");
  const games = me.seats.slice(0, 12);
  // seats this browser holds by link that the account does not have yet
  const mine = new Set(me.seats.map((s) => `${s.id}:${s.seat}`));
  const loose = heldSeats().filter((s) => !mine.has(`${s.id}:${s.seat}`));
  const keep = loose.length ? h("button", { type: "button", id: "keep-seats", onclick: async () => {
    let refused = 0;
    for (const s of loose) {
      try {
        await send("/api/me/seats", { game: s.id, seat: s.seat, token: s.token });
      } catch (err) {
        refused += 1;
        if (err.status === 404 || err.status === 403) forgetSeat(s.id);   // gone, or no longer a seat
      }
    }
    await refresh();
    if (refused) document.getElementById("account-error").textContent = `${refused} of these seats could not be added (the game is gone, or another account has the seat).`;
  } }, `Add the ${loose.length === 1 ? "seat" : `${loose.length} seats`} this browser holds`) : null;
  const resume = (s) => h("a.button", { href: s.over ? `/g/${s.id}?replay=0` : `/g/${s.id}`, onclick: () => {
    if (!s.over) saveSeat(s.id, s.seat, s.token);     // this device holds the seat from now on
  } }, s.over ? "Replay" : "Resume");
  return [h("h2.h3", {}, "Account"),
    h("p.account-who", {}, "Signed in as ", h("b", { id: "account-who", dir: "auto" }, me.name), " ",
      h("a", { href: `/p/${encodeURIComponent(me.name)}`, id: "my-profile" }, "your profile"), " ", out, " ",
      h("button.linkish", { type: "button", id: "delete-account", onclick: () => askDelete(me, refresh, changed) }, "Delete account…")),
    error,
    keep,
    games.length ? h("ul.my-games", { id: "my-games", "aria-label": "your games" }, games.map((s) =>
      h("li", { "data-game": s.id }, h("span", { dir: "auto" }, s.title), ` · seat ${s.seat + 1}${s.over ? " · over" : ""} `, resume(s))))
      : h("p.small.muted", { id: "my-games" }, "Games you create or join while signed in are listed here.")];
}

function askDelete(me, refresh, changed) {
  const password = h("input", { id: "delete-password", type: "password", autocomplete: "current-password", "aria-label": "your password" });
  const error = h("p.error", { role: "alert" });
  const dialog = modal("delete-dialog", "Delete your account",
    h("h2", {}, "Delete your account"),
    h("p", {}, "Your games stay, your seats in them named as a guest's. The name becomes free for anybody. This cannot be undone."),
    h("label.opt", {}, h("span", {}, "Password"), password),
    error,
    h("div.dialog-btns", {},
      h("button", { type: "button", onclick: () => dialog.close() }, "Cancel"),
      h("button.danger", { type: "button", id: "delete-go", onclick: async () => {
        try {
          await send("/api/me", { password: password.value }, "DELETE");
          dialog.close();
          await refresh();
          changed();
        } catch (err) { error.textContent = err.message; }
      } }, `Delete ${me.name}`)));
  dialog.showModal();
  password.focus();
}
