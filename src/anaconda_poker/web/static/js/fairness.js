// Checking a hand's deck commitment in the browser (docs/protocol.md §6): the published
// SHA-256 must match the revealed salt and deck, and the deck must deal the cards dealt.

import { sha256Hex } from "./sha256.js";

/** The commitment of a deck: SHA-256("anaconda-deck-v1:" + salt_hex + ":" + deck text). */
export function commitmentOf(deck, saltHex) {
  return sha256Hex(`anaconda-deck-v1:${String(saltHex).toLowerCase()}:${deck.join(" ")}`);
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

/**
 * Verify a full hand history.
 * @param {object} history  with deck, deck_salt, deck_commitment, dealt, button, config
 * @param {string|null} announced  the commitment this browser saw before the deal, if any
 * @returns {Promise<{commitment: boolean, announced: boolean|null, deal: boolean, computed: string}>}
 */
export async function verifyHand(history, announced) {
  const computed = await commitmentOf(history.deck, history.deck_salt);
  const commitment = computed === history.deck_commitment;
  const seats = Object.keys(history.dealt).map(Number);
  const each = history.config?.cards_dealt ?? 7;
  const redealt = dealDeck(history.deck, seats, history.button, each);
  const deal = seats.every((s) => JSON.stringify(redealt[s]) === JSON.stringify(history.dealt[String(s)]));
  return {
    computed,
    commitment,
    announced: announced ? announced === computed : null,
    deal,
  };
}
