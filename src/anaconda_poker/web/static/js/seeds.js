// Player seeds (fairness version 3, docs/protocol.md §6): when the server asks for a seed
// (`seed_request`, after publishing the commitment of its deck) this browser answers at once
// with 32 random bytes from crypto.getRandomValues, and remembers the seed it sent for each
// hand so that Verify can check the history lists it for our seat.

const KEY = "anaconda-poker.seeds.v1";
const KEEP = 200;   // seeds remembered per browser (the oldest are dropped)

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}");
  } catch {
    return {};
  }
}

function save(all) {
  try {
    const keep = Object.fromEntries(Object.entries(all).slice(-KEEP));
    localStorage.setItem(KEY, JSON.stringify(keep));
  } catch {
    // private mode or full storage: the seed is still sent; Verify then skips the seed check
  }
}

/** A fresh seed: 32 random bytes as 64 lower-case hex digits. */
export function newSeed() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The seed this browser sent for a hand of a table, or null. */
export function seedFor(tableId, handNo) {
  return load()[`${tableId}:${handNo}`] || null;
}

/**
 * The `seed` message answering a `seed_request`: the seed already sent for that hand (after a
 * reconnect the server asks again while it has none), else a new one, remembered first.
 */
export function seedAnswer(tableId, request) {
  const all = load();
  const key = `${tableId}:${request.hand_no}`;
  if (!all[key]) {
    all[key] = newSeed();
    save(all);
  }
  return { type: "seed", hand_no: request.hand_no, seed: all[key] };
}
