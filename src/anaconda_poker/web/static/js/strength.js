// Your hand's strength (issue 12 §3): the best high five and the best low five of the cards
// you hold now, always shown for your own seat (not only while arranging). Only names your
// own cards; who wins is always the server's call.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { RANKS } from "./cards.js";
import { describeHigh, describeLow, highShape, lowQualifier } from "./handnames.js";

function fives(cards) {
  const out = [];
  const n = cards.length;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) for (let c = b + 1; c < n; c++)
    for (let d = c + 1; d < n; d++) for (let e = d + 1; e < n; e++) out.push([cards[a], cards[b], cards[c], cards[d], cards[e]]);
  return out;
}

/** > 0 when five `a` is a better high hand than five `b` (RULES.md §5 ranking). */
function compareHigh(a, b) {
  const x = highShape(a);
  const y = highShape(b);
  if (x.category !== y.category) return x.category - y.category;
  for (let i = 0; i < Math.max(x.ranks.length, y.ranks.length); i++) {
    const d = (x.ranks[i] ?? -1) - (y.ranks[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

/** Ace-to-five values of a five, highest first (ace = 1), or null without a low under q. */
function lowKey(five, q) {
  const values = five.map((c) => (c[0] === "A" ? 1 : RANKS.indexOf(c[0]) + 2)).sort((a, b) => b - a);
  if (new Set(values).size !== 5) return null;
  if (q !== null && values[0] > q) return null;
  return values;
}

/** True when low values `a` beat `b`: compared from the top card down, smaller wins. */
function lowerIsBetter(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/**
 * The best high five and the best low five of 5..9 cards.
 * @param {string[]} cards  card codes
 * @param {string} split  game type (high_only, high_low_8, high_low_any)
 * @returns {{high: string[]|null, low: string[]|null}}
 */
export function bestFives(cards, split) {
  if (!cards || cards.length < 5) return { high: null, low: null };
  const all = fives(cards);
  let high = all[0];
  for (const f of all) if (compareHigh(f, high) > 0) high = f;
  const q = lowQualifier(split);
  let low = null;
  let lowBest = null;
  if (q !== undefined) {
    for (const f of all) {
      const key = lowKey(f, q);
      if (!key) continue;
      if (!lowBest || lowerIsBetter(key, lowBest)) { low = f; lowBest = key; }
    }
  }
  return { high, low };
}

/**
 * The strength line for your own cards, or null when there is nothing to name.
 * @param {string[]} cards  the cards you hold now (your arranged five once arranged)
 * @param {string} split
 * @param {boolean} [final]  no card can change any more (the arranged five, during the roll
 *   and the declaring step): a missing low is then "No low", never "No low yet"
 * @returns {HTMLElement|null}
 */
export function strengthLine(cards, split, final = false) {
  const { high, low } = bestFives(cards, split);
  if (!high) return null;
  const q = lowQualifier(split);
  const parts = [t("Best high: {hand}", { hand: describeHigh(high) })];
  if (q !== undefined) parts.push(low ? t("Best low: {hand}", { hand: describeLow(low, q) }) : (final ? t("No low") : t("No low yet")));
  return h("div.my-strength", { id: "my-strength" }, parts.join(" · "));
}
