// Turn clocks as the page shows them. Every state message carries the clocks as the
// server saw them when it sent the message (`remaining_ms` per seat, null for a
// computer); the page counts the running one down from the moment the message arrived.
import { seatName } from "./dom.js";

const FISCHER = /^(\d+(?:\.\d+)?)m(?:\+(\d+)s)?$/;
const TURN = /^(\d+)h$/;

/** A time control's text ("10m+5s", "24h") as numbers (milliseconds). */
export function parseControl(text) {
  const spec = String(text || "").trim().toLowerCase();
  let m = FISCHER.exec(spec);
  if (m) return { text: spec, turnBased: false, fullMs: Number(m[1]) * 60000, incrementMs: Number(m[2] || 0) * 1000 };
  m = TURN.exec(spec);
  if (m) return { text: spec, turnBased: true, fullMs: Number(m[1]) * 3600000, incrementMs: 0 };
  return null;
}

function span(ms) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${+(s / 60).toFixed(1)} min`;
  if (s % 86400 === 0 && s >= 2 * 86400) return `${s / 86400} days`;
  return `${+(s / 3600).toFixed(1)} h`;
}

/** A time control in words: "real time, 10 min + 5 s a move" or "turn-based, 24 h a move". */
export function describeControl(text, onTimeout) {
  const c = parseControl(text);
  if (!c) return text ? String(text) : "no clock";
  const what = c.turnBased ? `turn-based, ${span(c.fullMs)} a move`
    : `real time, ${span(c.fullMs)}${c.incrementMs ? ` + ${span(c.incrementMs)} a move` : " each"}`;
  const after = onTimeout === "forfeit" ? "out of time loses" : "out of time, the computer plays on";
  return onTimeout ? `${what}; ${after}` : what;
}

/** A time left, as a clock shows it: 4:07, 1:02:09, or days and hours. */
export function formatMs(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** From how much time left a seat's clock warns: a quarter of its time, at most 30 s
 * (real time) or an hour (turn-based). */
export function lowFrom(control) {
  return Math.min(control.turnBased ? 3600000 : 30000, control.fullMs / 4);
}

/**
 * One seat's clock now: null for a seat without one, else its text, whether it runs, is
 * low, or ran out, and a label in words. `at` is when the message arrived
 * (performance.now()).
 */
export function seatClock(clock, at, seat, now) {
  if (!clock) return null;
  const left = clock.remaining_ms[seat];
  if (left === null || left === undefined) return null;
  const control = parseControl(clock.control);
  const running = clock.started && clock.running === seat;
  const ms = running ? Math.max(0, left - (now - at)) : left;
  if (clock.absent[seat]) {
    const words = clock.forfeited[seat] ? "lost on time" : "out of time";
    return { text: words, running: false, low: false, out: true, label: words };
  }
  if (control && control.turnBased && !running) return null; // a deadline per decision: only the one deciding has one
  const low = control !== null && clock.started && ms <= lowFrom(control);
  const text = formatMs(ms);
  const label = `${text} left${running ? ", running" : ""}${low ? ", low on time" : ""}`;
  return { text: low ? `⚠ ${text}` : text, running, low, out: false, label };
}

/** What the page says about the clocks under the seat chips. */
export function clockNotes(clock, ctx) {
  if (!clock) return [];
  const notes = [`◔ ${describeControl(clock.control, clock.on_timeout)}`];
  if (!clock.started) notes.push("The clocks have not started: they start when every player has come.");
  clock.absent.forEach((absent, seat) => {
    const who = seatName(ctx, seat);
    if (clock.forfeited[seat]) notes.push(`${who} lost on time${absent ? "; the computer plays on in that seat" : ""}.`);
    else if (absent) notes.push(`The computer plays for ${who} (out of time).`);
  });
  return notes;
}
