// Names of five-card hands in the current language, built from the shared catalogue's parts
// (the same message ids as anaconda_poker/i18n/hands.py, so the terminal and the web agree).
// This only *names* five known cards; ranking and winners always come from the server.

import { t } from "./i18n.js";
import { RANKS } from "./cards.js";

const ACE = 12;

function rankSingular(r) {
  return [t("two"), t("three"), t("four"), t("five"), t("six"), t("seven"), t("eight"), t("nine"),
    t("ten"), t("jack"), t("queen"), t("king"), t("ace")][r];
}

function rankPlural(r) {
  return [t("twos"), t("threes"), t("fours"), t("fives"), t("sixes"), t("sevens"), t("eights"),
    t("nines"), t("tens"), t("jacks"), t("queens"), t("kings"), t("aces")][r];
}

function rankHigh(r) {
  return [t("two-high"), t("three-high"), t("four-high"), t("five-high"), t("six-high"),
    t("seven-high"), t("eight-high"), t("nine-high"), t("ten-high"), t("jack-high"),
    t("queen-high"), t("king-high"), t("ace-high")][r];
}

/**
 * Category and naming ranks of five cards: {category: 0..8, ranks: [rank indices]}.
 * Categories: 0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush, 6 full house,
 * 7 quads, 8 straight flush.
 */
export function highShape(cards) {
  const ranks = cards.map((c) => RANKS.indexOf(c[0])).sort((a, b) => b - a);
  const flush = new Set(cards.map((c) => c[1])).size === 1;
  const counts = new Map();
  for (const r of ranks) counts.set(r, (counts.get(r) || 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const ordered = groups.map(([r]) => r);
  let straightTop = null;
  if (counts.size === 5) {
    if (ranks[0] - ranks[4] === 4) straightTop = ranks[0];
    else if (ranks.join() === [ACE, 3, 2, 1, 0].join()) straightTop = 3;
  }
  const sizes = groups.map(([, n]) => n);
  if (straightTop !== null && flush) return { category: 8, ranks: [straightTop] };
  if (sizes[0] === 4) return { category: 7, ranks: ordered };
  if (sizes[0] === 3 && sizes[1] === 2) return { category: 6, ranks: ordered };
  if (flush) return { category: 5, ranks };
  if (straightTop !== null) return { category: 4, ranks: [straightTop] };
  if (sizes[0] === 3) return { category: 3, ranks: ordered };
  if (sizes[0] === 2 && sizes[1] === 2) return { category: 2, ranks: ordered };
  if (sizes[0] === 2) return { category: 1, ranks: ordered };
  return { category: 0, ranks };
}

function describeShape(shape) {
  const top = shape.ranks[0];
  switch (shape.category) {
    case 8: return top === ACE ? t("Royal flush") : t("{high} straight flush", { high: rankHigh(top) });
    case 7: return t("four {ranks}", { ranks: rankPlural(top) });
    case 6: return t("{trips} full of {pair}", { trips: rankPlural(top), pair: rankPlural(shape.ranks[1]) });
    case 5: return t("{high} flush", { high: rankHigh(top) });
    case 4: return t("{high} straight", { high: rankHigh(top) });
    case 3: return t("three {ranks}", { ranks: rankPlural(top) });
    case 2: return t("two pair, {high} and {low}", { high: rankPlural(top), low: rankPlural(shape.ranks[1]) });
    case 1: return t("pair of {ranks}", { ranks: rankPlural(top) });
    default: return t("{rank} high", { rank: rankSingular(top) });
  }
}

/** "kings full of sevens" for five cards; "" unless exactly five cards are given. */
export function describeHigh(cards) {
  if (!cards || cards.length !== 5) return "";
  return describeShape(highShape(cards));
}

const LOW_SYMBOL = { 1: "A", 10: "T", 11: "J", 12: "Q", 13: "K" };

function lowValues(cards) {
  return cards.map((c) => {
    const r = RANKS.indexOf(c[0]);
    return r === ACE ? 1 : r + 2;
  }).sort((a, b) => b - a);
}

/**
 * "8-6-5-4-3 low", "low with pair of kings" (no qualifier), or "" when the five cards make no
 * low under the qualifier (8 = eight-or-better; null = every hand has a low).
 */
export function describeLow(cards, qualifier = 8) {
  if (!cards || cards.length !== 5) return "";
  const values = lowValues(cards);
  const distinct = new Set(values).size === 5;
  if (qualifier !== null && (!distinct || values[0] > qualifier)) return "";
  if (!distinct) return t("low with {hand}", { hand: describeShape(highShape(cards)) });
  return t("{ranks} low", { ranks: values.map((v) => LOW_SYMBOL[v] || String(v)).join("-") });
}

/** The low qualifier of a game type: 8, null (any low) or undefined (no low half). */
export function lowQualifier(split) {
  if (split === "high_low_8") return 8;
  if (split === "high_low_any") return null;
  return undefined;
}

/** "kings full of sevens / 8-6-5-4-3 low" as fits the game type. */
export function describeBoth(cards, split) {
  const high = describeHigh(cards);
  const q = lowQualifier(split);
  if (q === undefined) return high;
  const low = describeLow(cards, q);
  return low ? `${high} · ${low}` : high;
}
