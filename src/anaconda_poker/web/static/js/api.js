// REST calls of docs/protocol.md §3. Every error becomes an ApiError with the server's code.

export class ApiError extends Error {
  /**
   * @param {string} code  stable machine code ("seat_taken", "table_not_found", ...)
   * @param {string} message  English message from the server (fallback text)
   * @param {number} status  HTTP status (0 for a network failure)
   * @param {string|null} field  the request field to blame ("config.ante", "seats"), if any
   */
  constructor(code, message, status, field = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.field = field;
  }
}

async function request(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError("network", String(err), 0);
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = data?.error || {};
    throw new ApiError(e.code || `http_${res.status}`, e.message || res.statusText, res.status,
      typeof e.field === "string" ? e.field : null);
  }
  return data;
}

export const api = {
  options: () => request("GET", "/api/options"),
  tables: (token) => request("GET", "/api/tables", { token }),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  createTable: (body) => request("POST", "/api/tables", { body }),
  takeSeat: (id, body) => request("POST", `/api/tables/${encodeURIComponent(id)}/seats`, { body }),
  hands: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/hands`),
  hand: (id, n, token) => request("GET", `/api/tables/${encodeURIComponent(id)}/hands/${n}`, { token }),
  ledger: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/ledger`),
  ledgerCsvUrl: (id) => `/api/tables/${encodeURIComponent(id)}/ledger.csv`,
  replay: (history) => request("POST", "/api/replay", { body: history }),
  seatFrames: (id, n, token) =>
    request("GET", `/api/tables/${encodeURIComponent(id)}/hands/${n}/frames`, { token }),
  review: (id, n, token) =>
    request("GET", `/api/tables/${encodeURIComponent(id)}/hands/${n}/review`, { token }),
  advice: (body, token) => request("POST", "/api/advice", { body, token }),
};
