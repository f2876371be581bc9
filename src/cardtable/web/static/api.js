// The server's HTTP API and what this browser remembers: seat tokens (one per game,
// in localStorage, never in the address bar) and the name its player goes by.

/** An API call; a refusal throws an Error with the server's reason and `status`. */
export async function api(path, options) {
  const res = await fetch(path, options);
  const body = await res.json().catch(() => ({}));
  if (!res.ok) {
    const detail = typeof body.detail === "string" ? body.detail : `the server answered ${res.status}`;
    const err = new Error(detail);
    err.status = res.status;
    throw err;
  }
  return body;
}

/** A JSON POST (or another method with a JSON body). */
export function send(path, body, method = "POST", headers = {}) {
  return api(path, { method, headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body) });
}

function seatKey(id) { return `cardtable:seat:${id}`; }

/** `joined`: the seat was taken from the lobby (an open seat), not held by the
 * game's creator: such a token does not abandon the game. */
export function saveSeat(id, seat, token, joined = false) {
  localStorage.setItem(seatKey(id), JSON.stringify({ seat, token, joined }));
}

export function loadSeat(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id)) || "null"); } catch { return null; }
}

export function forgetSeat(id) { localStorage.removeItem(seatKey(id)); }

/** Every seat this browser holds: [{id, seat, token}]. */
export function heldSeats() {
  const out = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(seatKey(""))) continue;
      const held = loadSeat(key.slice(seatKey("").length));
      if (held && typeof held.token === "string") out.push({ id: key.slice(seatKey("").length), seat: held.seat, token: held.token });
    }
  } catch { /* private mode */ }
  return out;
}

/** A seat link's token is stored in this browser and the page goes to the game. */
export function goToSeat(id, seat, token) {
  saveSeat(id, seat, token);
  location.assign(`/g/${id}`);
}

const NAME_KEY = "cardtable:name";

export function rememberedName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}

export function rememberName(name) {
  try { if (name) localStorage.setItem(NAME_KEY, name); } catch { /* private mode */ }
}
