// Preferences remembered in localStorage: language, four-colour deck, player name, seat tokens.

const KEY = "anaconda-poker.prefs.v1";

const DEFAULTS = {
  lang: null,          // null: follow the browser's language on first visit
  fourColor: false,    // four-colour deck
  name: "",            // the name last used to sit down
  seats: {},           // table id -> {token, seat, name}: lets a reload reclaim the seat
  formerTokens: {},    // table id -> tokens of seats left there: your own hands stay downloadable
  sound: false,        // unused (kept so stored preferences stay valid)
  muted: false,        // the table's sound switch (js/alerts.js)
};

function load() {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...DEFAULTS, ...JSON.parse(raw) } : { ...DEFAULTS };
  } catch {
    return { ...DEFAULTS };
  }
}

let prefs = load();

/** Read one preference. */
export function getPref(name) {
  return prefs[name];
}

/** Write one preference and persist all of them. */
export function setPref(name, value) {
  prefs = { ...prefs, [name]: value };
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // private mode or full storage: keep the value for this page only
  }
}

/** The seat this browser holds at a table (token from the server), or null. */
export function seatFor(tableId) {
  return prefs.seats?.[tableId] ?? null;
}

/** Every seat this browser holds: `{tableId: {token, seat, name}}`. */
export function allSeats() {
  return { ...(prefs.seats || {}) };
}

/** Seat tokens this browser held at a table before leaving it (newest last). */
export function formerTokens(tableId) {
  return prefs.formerTokens?.[tableId] ?? [];
}

/** Keep the token of a seat left at a table: the server still gives its holder its own cards
 * of the hands it played there (docs/protocol.md §3), for the replayer and the fairness check. */
export function rememberFormerToken(tableId, token) {
  if (!token) return;
  const all = { ...(prefs.formerTokens || {}) };
  all[tableId] = [...(all[tableId] || []).filter((x) => x !== token), token].slice(-5);
  setPref("formerTokens", all);
}

/** Remember (or forget, with null) the seat this browser holds at a table. */
export function rememberSeat(tableId, info) {
  const seats = { ...(prefs.seats || {}) };
  if (info) seats[tableId] = info;
  else delete seats[tableId];
  setPref("seats", seats);
}
