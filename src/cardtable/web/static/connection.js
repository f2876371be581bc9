// The websocket to a game: it says hello with the seat's token, hands every message to
// the table, and when it closes tells the table whether and when to come back (the
// close codes are in docs/web.md).

// the game is gone; too many messages; the server dropped its queue for us
export const CLOSE_GONE = { 4404: "no_game", 4410: "abandoned" };
const CLOSE_SLOW = 4429;
const CLOSE_RESYNC = new Set([4503, 1009, 1007]);
const SLOW_RETRY_MS = 15000;

export class Connection {
  /** handlers: {message(msg), closed({gone, wait, why})} */
  constructor(id, handlers) {
    this.id = id;
    this.handlers = handlers;
    this.ws = null;
    this.retry = 500;
    this.quickRetries = [];
    this.stopped = false;
    this.hello = null;
  }

  open(hello) {
    if (this.stopped) return;
    this.hello = hello;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/${this.id}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 500;
      ws.send(JSON.stringify(this.hello));
    };
    ws.onmessage = (ev) => { if (this.ws === ws) this.handlers.message(JSON.parse(ev.data)); };
    ws.onclose = (ev) => { if (this.ws === ws && !this.stopped) this.handlers.closed(this.whyClosed(ev.code)); };
  }

  /** What a close code means: the game is gone, or when to try again and why. */
  whyClosed(code) {
    if (CLOSE_GONE[code]) return { gone: CLOSE_GONE[code] };
    const now = Date.now();
    this.quickRetries = this.quickRetries.filter((t) => now - t < 30000);
    if (code === CLOSE_SLOW) {
      return { wait: SLOW_RETRY_MS, why: "The server asked this page to wait (too many messages or connections)." };
    }
    if (CLOSE_RESYNC.has(code) && this.quickRetries.length < 3) {
      // the welcome that follows brings the table up to date
      this.quickRetries.push(now);
      return { wait: 0, why: "The connection was reset." };
    }
    const wait = this.retry;
    this.retry = Math.min(this.retry * 2, 5000);
    return { wait, why: "Connection lost." };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  /** Never to reconnect (the game is gone). */
  stop() {
    this.stopped = true;
    const ws = this.ws;
    this.ws = null;
    if (ws) { try { ws.close(); } catch { /* closing already */ } }
  }
}
