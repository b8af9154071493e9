// The Review view of the replayer: one's own finished hand, decision by decision, priced by
// the server's opponent model (GET /api/tables/{id}/hands/{n}/review, docs/protocol.md).
// The words are the same message ids as the terminal's review (i18n/review_text.py).

import { api } from "./api.js";
import { cardsText } from "./cardtext.js";
import { h, replace } from "./dom.js";
import { chips, t } from "./i18n.js";
import { errorText } from "./labels.js";

const PHASES = { passing: "Passing", arranging: "Arrangement", betting: "Betting", declaring: "Declaration" };

function chipsText(value) {
  const amount = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    minimumFractionDigits: 1, maximumFractionDigits: 1,
  }).format(value);
  return t("{amount} chips", { amount });
}

export function optionText(option) {
  const cards = cardsText(option.cards || []);
  switch (option.kind) {
    case "pass": return t("pass {cards}", { cards });
    case "arrange": return t("keep {cards}", { cards });
    case "fold": return t("fold");
    case "check": return t("check");
    case "call": return t("call");
    case "bet": return t("bet {amount}", { amount: option.to });
    case "declare":
      if (option.declaration === "high") return t("declare high");
      if (option.declaration === "low") return t("declare low");
      return t("declare both (swing)");
    default: return t("raise to {amount}", { amount: option.to });
  }
}

export function stageText(decision) {
  if (decision.phase === "passing") return t("Pass {number}", { number: decision.stage });
  if (decision.phase === "arranging") return t("Arrangement");
  if (decision.phase === "declaring") return t("Declaration");
  return t("Betting round {number}", { number: decision.stage });
}

function sameOption(a, b) {
  return a.kind === b.kind && a.to === b.to && a.declaration === b.declaration
    && (a.cards || []).join() === (b.cards || []).join();
}

/** Every option the review valued (a declaration: high, low and both), or null. */
export function optionsText(decision) {
  if (!decision.options || !decision.options.length) return null;
  return decision.options.map((o) => t("{option}: {chips} ({share} of the pot)", {
    option: optionText(o), chips: chipsText(o.value), share: percentText(o.share),
  })).join("; ");
}

function percentText(fraction) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, {
    style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1,
  }).format(fraction);
}

/** A loss above the threshold the sampling cannot tell from zero, or null. */
export function noiseText(decision) {
  if (!decision.within_noise) return null;
  const band = new Intl.NumberFormat(document.documentElement.lang || undefined, {
    minimumFractionDigits: 1, maximumFractionDigits: 1,
  }).format(decision.noise_band || 0);
  return t("within sampling error (±{chips})", { chips: band });
}

/** Where a bet's prices come from (the model's share, the pot, the call), or null. */
export function pricingText(decision) {
  if (decision.phase !== "betting" || decision.share === null || decision.share === undefined) return null;
  let text = t("model's share {share} of a pot of {pot} chips, {call} to call", {
    share: percentText(decision.share), pot: chips(decision.pot), call: chips(decision.to_call || 0),
  });
  if (decision.share_unread !== null && decision.share_unread !== undefined) {
    text += "; " + t("{share} before reading the opponents' bets", { share: percentText(decision.share_unread) });
  }
  return text;
}

function decisionRow(d) {
  const best = [sameOption(d.chosen, d.best) ? t("the same") : optionText(d.best)];
  if (d.order) best.push(h("div.muted", null, t("reveal order {cards} (not priced)", { cards: cardsText(d.order) })));
  const every = optionsText(d);
  if (every) best.push(h("div.muted.review-options", null, every));
  const pricing = pricingText(d);
  if (pricing) best.push(h("div.muted.review-pricing", null, pricing));
  const noise = noiseText(d);
  const flag = d.mistake ? h("span.badge-mistake", null, t("mistake"))
    : noise ? h("span.muted.review-noise", null, noise) : "";
  // data-label: on a phone the rows stack and each cell names its column (table.css)
  return h("tr", { class: d.mistake ? "mistake" : "" },
    h("td", { "data-label": t("When") }, stageText(d)),
    h("td", { "data-label": t("You chose") }, optionText(d.chosen)),
    h("td", { "data-label": t("Best by the model") }, ...best),
    h("td.review-loss", { "data-label": t("Expected loss") }, chipsText(d.loss)),
    h("td.review-flag", null, flag));
}

/** The review of one seat's hand as returned by the server (`review` of the answer). */
export function reviewBlock(review) {
  const head = (...names) => h("thead", null, h("tr", null, ...names.map((n) => h("th", { scope: "col" }, n))));
  return h("div.review", { id: "review" },
    h("p", { id: "review-model" }, t("Model: {model}. {trials} deals per decision; a mistake loses more than {chips} and more than twice its sampling error.", {
      model: t(review.description), trials: chips(review.trials), chips: chipsText(review.threshold),
    })),
    review.stake ? h("p.muted", { id: "review-stake" }, t("Passes and arrangements are priced on the pot this hand reached ({chips}), bets on the pot of the moment plus one called bet in each later round.", { chips: chips(review.stake) })) : null,
    h("div.review-scroll", null, h("table.ledger.review-table", { id: "review-decisions" },
      head(t("When"), t("You chose"), t("Best by the model"), t("Expected loss"), ""),
      h("tbody", null, (review.decisions || []).map(decisionRow)))),
    h("table.ledger.review-phases", { id: "review-phases" },
      head(t("Phase"), t("Expected loss"), t("Mistakes")),
      h("tbody", null, Object.entries(review.by_phase || {}).map(([phase, v]) => h("tr", null,
        h("td", null, t(PHASES[phase] || phase)), h("td", null, chipsText(v.loss)), h("td", null, String(v.mistakes)))))),
    review.net === null || review.net === undefined ? null
      : h("p", { id: "review-net" }, t("Chips won in this hand: {net}", { net: `${review.net > 0 ? "+" : ""}${review.net}` })));
}

/**
 * Fill `container` with the review of hand `handNo` for the seat of `token`.
 * @param {HTMLElement} container
 * @param {{tableId: string, handNo: number, token: string}} o
 */
export async function showReview(container, { tableId, handNo, token }) {
  replace(container, h("p.loading", null, t("Loading…")));
  try {
    const answer = await api.review(tableId, handNo, token);
    replace(container, reviewBlock(answer.review));
  } catch (err) {
    replace(container, h("p.error-box", null, errorText(err.code, err.message)));
  }
}
