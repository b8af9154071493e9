// One websocket to /ws (docs/protocol.md §4): hello first, reconnect with backoff, full resync.

/**
 * A live connection to one table.
 * @param {object} opts
 * @param {string} opts.tableId
 * @param {string|null} opts.token  seat token, or null to spectate
 * @param {(msg: object) => void} opts.onMessage  every server message (parsed JSON)
 * @param {(status: string) => void} opts.onStatus  "connecting" | "open" | "closed"
 */
export class TableConnection {
  constructor({ tableId, token, onMessage, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.closed = false;
    this.retry = 0;
    this.pingTimer = null;
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // ?table= lets a proxy in front of several server nodes route the socket to the node
    // that runs this table (docs/deploy.md, "Several nodes"); the server reads only hello
    const ws = new WebSocket(`${scheme}://${location.host}/ws?table=${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.addEventListener("open", () => {
      if (this.closed) return;   // closed while connecting: close() shuts it now
      this.retry = 0;
      const hello = this.token ? { type: "hello", token: this.token }
        : { type: "hello", table_id: this.tableId, spectate: true };
      ws.send(JSON.stringify(hello));
      this.onStatus("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 20000);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg && typeof msg === "object") this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      // 4001: the seat was freed and this token is void (docs/protocol.md §4): watch instead
      if (ev.code === 4001) this.token = null;
      this.onStatus("closed");
      if (this.closed) return;
      const delay = Math.min(8000, 400 * 2 ** this.retry++);
      setTimeout(() => this.connect(), delay);
    });
    // "error" is always followed by "close"; the reconnect happens there.
  }

  /** Send a message if the socket is open; returns false otherwise. */
  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  /** Close for good (leaving the page). */
  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    const ws = this.ws;
    if (!ws) return;
    // closing a socket that is still connecting makes the browser log an error: wait for it
    if (ws.readyState === WebSocket.CONNECTING) ws.addEventListener("open", () => ws.close(1000));
    else ws.close(1000);
  }
}
