// Checking a hand's deck commitment in the browser (docs/protocol.md §6), the same checks as
// anaconda_poker.core.fairness:
// - a full history (tables that reveal the deck): the deck and the master salt recompute the
//   published commitment (version 1 or 2) and the deck deals the cards dealt;
// - a seat's own history (version 2, every other table): each of the seat's opened cards
//   hashes to its leaf, the 52 leaves hash to the commitment, the opened positions are the
//   seat's positions in the deal order (RULES.md §2.2) and their cards are its dealt cards.
// Version 3 (anaconda_poker.core.fairness_v3, docs/HAND_HISTORY.md "Fairness version 3"): the
// commitment is of the server deck; the dealt deck is that deck shuffled by every player's
// seed, so the checks above apply to the server-deck positions the seeds moved the cards from,
// and the seed this browser sent must be the one listed for its seat.

import { hexToBytes, hmacSha256Bytes, hmacSha256Hex, sha256Hex } from "./sha256.js";

const ascii = (text) => new TextEncoder().encode(text);

/**
 * The version 3 permutation of deck positions picked by the seeds: the dealt deck's card i is
 * the server deck's card perm[i]. HMAC-SHA256 keyed Fisher–Yates with rejection sampling.
 * @param {string} commitment  64 hex digits
 * @param {Array<{seat: number, seed: string}>} seeds  one per seat dealt in
 * @returns {number[]}
 */
export function shufflePermutation(commitment, seeds) {
  const list = [...seeds].sort((a, b) => a.seat - b.seat)
    .map((e) => `${e.seat}=${String(e.seed).toLowerCase()}`).join(",");
  const key = hmacSha256Bytes(hexToBytes(String(commitment).toLowerCase()), ascii(`anaconda-seeds-v3:${list}`));
  let block = 0;
  let words = [];
  const next = () => {
    if (!words.length) {
      const digest = hmacSha256Bytes(key, ascii(`anaconda-shuffle-v3:${block++}`));
      const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
      words = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => view.getUint32(4 * k));
    }
    return words.shift();
  };
  const perm = [...Array(52).keys()];
  for (let i = 51; i > 0; i--) {
    const n = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % n);
    let u = next();
    while (u >= limit) u = next();
    const j = u % n;
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  return perm;
}

/** The version 3 dealt deck: deck[i] = serverDeck[perm[i]]. */
export function deriveDeck(serverDeck, commitment, seeds) {
  return shufflePermutation(commitment, seeds).map((p) => serverDeck[p]);
}

/**
 * The seed check of a version 3 history: the seed this browser sent is the one listed for
 * its seat. null when this browser has no seed for the hand (it was not asked, or forgot).
 */
export function mySeedListed(history, seat, mySeed) {
  if (!mySeed) return null;
  const listed = (history.player_seeds || []).find((e) => e.seat === seat);
  return !!listed && String(listed.seed).toLowerCase() === String(mySeed).toLowerCase();
}

/** Version 1 commitment: SHA-256("anaconda-deck-v1:" + salt_hex + ":" + deck text). */
export function commitmentOf(deck, saltHex) {
  return sha256Hex(`anaconda-deck-v1:${String(saltHex).toLowerCase()}:${deck.join(" ")}`);
}

/** Version 2 salt of deck position i: HMAC-SHA256(master salt, "anaconda-card-salt-v2:i"). */
export function cardSalt(saltHex, position) {
  return hmacSha256Hex(String(saltHex).toLowerCase(), `anaconda-card-salt-v2:${position}`);
}

/** Version 2 leaf: SHA-256("anaconda-card-v2:" + i + ":" + card salt + ":" + card). */
export function cardLeaf(position, card, cardSaltHex) {
  return sha256Hex(`anaconda-card-v2:${position}:${String(cardSaltHex).toLowerCase()}:${card}`);
}

/** Version 2 commitment over the 52 leaves: SHA-256("anaconda-deck-v2:" + leaves joined by ":"). */
export function leavesRoot(leaves) {
  return sha256Hex(`anaconda-deck-v2:${leaves.map((l) => String(l).toLowerCase()).join(":")}`);
}

/** The 52 version 2 leaves of a deck (card texts in dealing order) under a master salt. */
export function deckLeaves(deck, saltHex) {
  return Promise.all(deck.map((card, i) => cardLeaf(i, card, cardSalt(saltHex, i))));
}

/** Version 2 commitment of a deck. */
export async function commitmentV2(deck, saltHex) {
  return leavesRoot(await deckLeaves(deck, saltHex));
}

/** Seats in dealing order: the first seat left of the button, then clockwise. */
export function dealingOrder(seats, button) {
  const sorted = [...seats].sort((a, b) => a - b);
  const start = sorted.findIndex((s) => s > button);
  const i = start < 0 ? 0 : start;
  return [...sorted.slice(i), ...sorted.slice(0, i)];
}

/** Deal a deck one card at a time clockwise from the button's left, `each` cards per seat. */
export function dealDeck(deck, seats, button, each) {
  const order = dealingOrder(seats, button);
  const dealt = Object.fromEntries(order.map((s) => [s, []]));
  for (let k = 0; k < each * order.length; k++) dealt[order[k % order.length]].push(deck[k]);
  return dealt;
}

/** The deck positions each seat is dealt: {seat: [positions in the order received]}. */
export function dealtPositions(seats, button, each) {
  return dealDeck([...Array(52).keys()], seats, button, each);
}

/**
 * Verify a full hand history (deck and salt revealed), version 1, 2 or 3.
 * @param {object} history  with deck, deck_salt, deck_commitment, deck_commitment_version, dealt, button, config
 * @param {string|null} announced  the commitment this browser saw before the deal, if any
 * @returns {Promise<{commitment: boolean, announced: boolean|null, deal: boolean, computed: string}>}
 */
export async function verifyHand(history, announced) {
  const version = history.deck_commitment_version ?? 1;
  const computed = version === 3
    ? await commitmentV2(history.server_deck, history.deck_salt)
    : version === 2
      ? await commitmentV2(history.deck, history.deck_salt)
      : await commitmentOf(history.deck, history.deck_salt);
  const commitment = computed === String(history.deck_commitment).toLowerCase();
  // version 3: the dealt deck is the committed server deck shuffled by the players' seeds
  const seeded = version === 3
    ? JSON.stringify(deriveDeck(history.server_deck, history.deck_commitment, history.player_seeds || []))
      === JSON.stringify(history.deck)
    : null;
  const seats = Object.keys(history.dealt).map(Number);
  const each = history.config?.cards_dealt ?? 7;
  const redealt = dealDeck(history.deck, seats, history.button, each);
  const deal = seats.every((s) => JSON.stringify(redealt[s]) === JSON.stringify(history.dealt[String(s)]));
  return {
    version,
    computed,
    commitment,
    announced: announced ? announced === computed : null,
    seeds: seeded,
    deal,
  };
}

/**
 * Verify a seat's own version 2 or 3 history: its dealt cards were fixed before the deal (in
 * version 3: in the server deck, and the players' seeds moved them); other seats' cards are
 * only salted hashes and stay secret.
 * @param {object} history  with deck_leaves (52), deck_openings [{position, card, card_salt}],
 *   deck_commitment, viewer_seat, seats, button, dealt, config
 * @param {string|null} announced  the commitment this browser saw before the deal, if any
 * @returns {Promise<{seat: number, count: number, computed: string, openings: boolean,
 *   commitment: boolean, positions: boolean, cards: boolean, announced: boolean|null}>}
 */
export async function verifyOwnCards(history, announced) {
  const seat = history.viewer_seat ?? Number(Object.keys(history.dealt)[0]);
  const leaves = history.deck_leaves.map((l) => String(l).toLowerCase());
  const openings = history.deck_openings;
  let openingsOk = leaves.length === 52;
  for (const o of openings) {
    if ((await cardLeaf(o.position, o.card, o.card_salt)) !== leaves[o.position]) openingsOk = false;
  }
  const computed = await leavesRoot(leaves);
  const commitment = leaves.length === 52 && computed === String(history.deck_commitment).toLowerCase();
  const seats = history.seats.map((s) => s.seat);
  const dealtAt = dealtPositions(seats, history.button, history.config?.cards_dealt ?? 7)[seat] ?? [];
  // version 3: the seat's cards were moved from the server-deck positions perm[p]
  const version = history.deck_commitment_version ?? 1;
  const perm = version === 3 ? shufflePermutation(history.deck_commitment, history.player_seeds || []) : null;
  const expected = perm ? dealtAt.map((p) => perm[p]) : dealtAt;
  const expectedSorted = [...expected].sort((a, b) => a - b);
  const opened = openings.map((o) => o.position).sort((a, b) => a - b);
  const positions = JSON.stringify(opened) === JSON.stringify(expectedSorted);
  const at = Object.fromEntries(openings.map((o) => [o.position, o.card]));
  // the seat's dealt cards are the opened ones, and no other seat's cards are claimed
  // (an own history never holds them, RULES.md §7; core/fairness.py checks the same)
  const onlyOwn = Object.keys(history.dealt || {}).every((s) => Number(s) === seat);
  const cards = onlyOwn && JSON.stringify(expected.map((p) => at[p] ?? null)) === JSON.stringify(history.dealt[String(seat)] ?? []);
  return {
    version,
    seat,
    count: expected.length,
    computed,
    openings: openingsOk,
    commitment,
    positions,
    cards,
    announced: announced ? announced === computed : null,
  };
}
