// The public action log as translated lines, grouped under round headings.

import { t } from "./i18n.js";
import { chips } from "./i18n.js";

/**
 * Turn the engine's public log into [{kind: "round"|"action", text, seat}].
 * Rounds are inferred: betting round 1, then "Pass k" groups and the betting after each, then
 * the arrangements and the roll (the log records no reveals, so roll rounds share one heading).
 * @param {object[]} log  [{seat, action, to?, all_in?}]
 * @param {(seat: number) => string} nameOf
 * @param {number[]} passCounts  cards per pass (config.pass_counts)
 * @param {(number|null)[]} [rounds]  the betting round of each entry, when known
 */
export function logLines(log, nameOf, passCounts = [3, 2, 1], rounds = []) {
  const out = [];
  let stage = "start";          // start | bet | pass | arrange | declare
  let passIndex = -1;
  let passSeats = new Set();
  let bettingRound = 0;
  let headed = null;            // the betting round whose heading was written last
  (log || []).forEach((e, index) => {
    const known = rounds?.[index];
    const player = nameOf(e.seat);
    if (e.action === "pass") {
      if (stage !== "pass" || passSeats.has(e.seat)) {
        passIndex += 1;
        passSeats = new Set();
        out.push({ kind: "round", text: t("Pass {n}", { n: passIndex + 1 }) });
      }
      passSeats.add(e.seat);
      stage = "pass";
      const count = passCounts[passIndex] ?? 1;
      const text = count === 1 ? t("{player} passes {count} card", { player, count }) : t("{player} passes {count} cards", { player, count });
      out.push({ kind: "action", seat: e.seat, text });
      return;
    }
    if (e.action === "arrange") {
      if (stage !== "arrange") out.push({ kind: "round", text: t("Arranging") });
      stage = "arrange";
      out.push({ kind: "action", seat: e.seat, text: t("{player} arranges five cards", { player }) });
      return;
    }
    if (e.action === "declare") {
      if (stage !== "declare") out.push({ kind: "round", text: t("Declaring") });
      stage = "declare";
      out.push({ kind: "action", seat: e.seat, text: t("{player} has declared", { player }) });
      return;
    }
    if (typeof known === "number") {
      if (known !== headed) {
        out.push({ kind: "round", text: t("Betting round {n}", { n: known }) });
        headed = known;
      }
      bettingRound = known;
      stage = "bet";
    } else if (stage !== "bet") {
      if (stage === "arrange") out.push({ kind: "round", text: t("The roll") });
      else {
        bettingRound += 1;
        headed = bettingRound;
        out.push({ kind: "round", text: t("Betting round {n}", { n: bettingRound }) });
      }
      stage = "bet";
    }
    let text;
    switch (e.action) {
      case "fold": text = t("{player} folds", { player }); break;
      case "check": text = t("{player} checks", { player }); break;
      case "call": text = t("{player} calls", { player }); break;
      case "bet": text = t("{player} bets {amount}", { player, amount: chips(e.to) }); break;
      case "raise": text = t("{player} raises to {amount}", { player, amount: chips(e.to) }); break;
      default: text = `${player} ${e.action}`;
    }
    if (e.all_in) text = t("{action} (all-in)", { action: text });
    out.push({ kind: "action", seat: e.seat, text });
  });
  return out;
}
