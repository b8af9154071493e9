// Bet sizing in pot and no limit (issue 12 §3): ½ pot, ¾ pot, pot and all-in buttons next to
// the amount field. A fraction of the pot is the card rooms' usual one: the bet (or the raise
// on top of calling) is that share of the pot after you call, so "pot" is the pot-limit
// maximum (RULES.md §4). Every amount is clamped to the legal range. In pot limit the all-in
// button is shown only when all your chips are within the pot-limit maximum (as PokerNow does:
// above it "Pot" is the largest bet and no "All-in" button sets something else).
// No two buttons set the same amount (newcomer trial: "Pot" and "All-in" side by side with one
// amount when the pot bet was the whole stack; "½ pot" and "¾ pot" equal to "Min" in tiny pots).
// Of buttons with one amount the clearer is kept: "Min" (beside the field, always shown) before
// any share of the pot, since a share clamped up to the minimum is not that share; "All-in"
// before "Pot" and the shares, since it says the bet is every chip you have, which "Pot" does
// not; "Pot" before the fractions; "½ pot" before "¾ pot" (apart from the clamps above they
// meet only by rounding down in a pot of two chips, where the half is exact).

import { t } from "./i18n.js";

/**
 * The `to` amount (your total bet this round, chips) for a share of the pot.
 * @param {object} view  the hand's view: `pot_total` (chips in the middle including this
 *   round's bets), `current_bet`, `seats[].bet`
 * @param {number} seat  your seat
 * @param {number} share  0.5, 0.75 or 1
 * @param {[number, number]} range  the legal `to` range ([lo, hi], chips)
 * @returns {number}
 */
export function potShareTo(view, seat, share, range) {
  const me = view.seats?.find((x) => x.seat === seat);
  const current = view.current_bet ?? 0;
  const toCall = Math.max(0, current - (me?.bet ?? 0));
  const potAfterCall = (view.pot_total ?? view.pot ?? 0) + toCall;
  const to = current + Math.floor(share * potAfterCall);
  return Math.max(range[0], Math.min(range[1], to));
}

/** The sizing buttons: {id suffix, label(), share of the pot (null: all-in, the maximum)}. */
export const SIZES = [
  { id: "half", label: () => t("½ pot"), share: 0.5 },
  { id: "three-quarters", label: () => t("¾ pot"), share: 0.75 },
  { id: "pot", label: () => t("Pot"), share: 1 },
  { id: "all-in", label: () => t("All-in"), share: null },
];

/** Of buttons that set one amount, the one kept (see the head of this file). */
const CLEAREST_FIRST = ["all-in", "pot", "half", "three-quarters"];

/**
 * The sizing buttons to show for this decision and the `to` amount each sets.
 * @param {object} view  the hand's view (as for potShareTo)
 * @param {number} seat  your seat
 * @param {[number, number]} range  the legal `to` range ([lo, hi], chips)
 * @returns {{id: string, label: () => string, to: number}[]}  in the order of SIZES: all-in
 *   only when `hi` is all your chips (stack behind plus this round's bet) — never in pot limit
 *   when the pot-limit maximum is below your stack, where "All-in" would set a smaller bet; a
 *   share of the pot only when it sets neither `lo` (the "Min" button's amount) nor the amount
 *   of a clearer button (all-in, then pot, then ½ pot)
 */
export function sizingButtons(view, seat, range) {
  const me = view.seats?.find((x) => x.seat === seat);
  const allChips = me ? (me.stack ?? 0) + (me.bet ?? 0) : null;
  const shown = SIZES.filter((size) => size.share !== null || allChips === null || range[1] >= allChips)
    .map((size) => ({
      id: size.id,
      label: size.label,
      to: size.share === null ? range[1] : potShareTo(view, seat, size.share, range),
    }));
  // clearest first; a share is dropped when the minimum or a clearer button sets its amount
  const taken = new Set([range[0]]);
  const kept = new Set();
  for (const id of CLEAREST_FIRST) {
    const size = shown.find((x) => x.id === id);
    if (!size || (id !== "all-in" && taken.has(size.to))) continue;
    taken.add(size.to);
    kept.add(size);
  }
  return shown.filter((size) => kept.has(size));
}
