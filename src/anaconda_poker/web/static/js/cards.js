// Card faces drawn by us: rank in the corner, suit symbols from the SVG sprite in index.html.
// Card text is two characters, rank then suit ("As", "Td"), as in RULES.md.

import { h, icon } from "./dom.js";
import { t } from "./i18n.js";

export const RANKS = "23456789TJQKA";
export const SUITS = "cdhs";

const RANK_LABEL = { T: "10" };

function rankName(r) {
  switch (r) {
    case "2": return t("Two");
    case "3": return t("Three");
    case "4": return t("Four");
    case "5": return t("Five");
    case "6": return t("Six");
    case "7": return t("Seven");
    case "8": return t("Eight");
    case "9": return t("Nine");
    case "T": return t("Ten");
    case "J": return t("Jack");
    case "Q": return t("Queen");
    case "K": return t("King");
    default: return t("Ace");
  }
}

function suitName(s) {
  switch (s) {
    case "c": return t("clubs");
    case "d": return t("diamonds");
    case "h": return t("hearts");
    default: return t("spades");
  }
}

/** True if `text` is a card like "As". */
export function isCard(text) {
  return typeof text === "string" && text.length === 2 && RANKS.includes(text[0])
    && SUITS.includes(text[1]);
}

/** Rank index 0..12 (2..A) of a card text. */
export function rankOf(card) {
  return RANKS.indexOf(card[0]);
}

/** The spoken name of a card in the current language, e.g. "Ace of spades". */
export function cardName(card) {
  if (!isCard(card)) return t("Face-down card");
  return t("{rank} of {suit}", { rank: rankName(card[0]), suit: suitName(card[1]) });
}

/** Sort card texts by rank (high first), then suit, for display. */
export function sortCards(cards) {
  return [...cards].sort((a, b) => rankOf(b) - rankOf(a) || SUITS.indexOf(b[1]) - SUITS.indexOf(a[1]));
}

/**
 * A card face as an element.
 * @param {string} card  "As"
 * @param {object} [opts]
 * @param {string} [opts.tag]  "div" (default) or "button" for a selectable card
 * @param {string} [opts.size]  "lg" | "md" | "sm" | "xs"
 * @param {string[]} [opts.classes]
 * @param {object} [opts.attrs]  extra attributes (listeners, aria-*)
 */
export function cardEl(card, opts = {}) {
  const { tag = "div", size = "md", classes = [], attrs = {} } = opts;
  if (!isCard(card)) return backEl({ size, classes, attrs });
  const rank = card[0];
  const suit = card[1];
  const label = RANK_LABEL[rank] || rank;
  const el = h(`${tag}.card.face`, {
    class: [`card-${size}`, `suit-${suit}`, ...classes].join(" "),
    dataset: { card },
    "aria-label": cardName(card),
    ...(tag === "button" ? { type: "button" } : { role: "img" }),
    ...attrs,
  },
  h("span.corner.tl", { "aria-hidden": "true" }, h("span.rank", null, label), icon(`suit-${suit}`, "pip")),
  h("span.center", { "aria-hidden": "true", class: "JQK".includes(rank) ? "court-center" : "" }, centerArt(rank, suit)),
  h("span.corner.br", { "aria-hidden": "true" }, h("span.rank", null, label), icon(`suit-${suit}`, "pip")));
  return el;
}

// Court cards get a framed letter; number cards a large suit symbol (clear at every size).
function centerArt(rank, suit) {
  if ("JQK".includes(rank)) {
    return h("span.court", null, h("span.court-letter", null, rank), icon(`suit-${suit}`, "court-pip"));
  }
  return icon(`suit-${suit}`, "big-pip");
}

/** A face-down card. */
export function backEl(opts = {}) {
  const { size = "md", classes = [], attrs = {} } = opts;
  return h("div.card.back", {
    class: [`card-${size}`, ...classes].join(" "),
    role: "img",
    "aria-label": t("Face-down card"),
    ...attrs,
  });
}

/** A row of cards (faces for texts, backs for null/"??"). */
export function cardRow(cards, opts = {}) {
  return h("div.card-row", { class: opts.rowClass || "" }, cards.map((c) => cardEl(c, opts)));
}
