// The betting round of each entry of a hand's log, and each seat's last betting action in
// the current round (the short text under its name on the felt). The engine's log does not
// carry the round (docs/protocol.md §4: `view.log`), so the live table tags the entries as
// they arrive; split out of table.js, which draws the page.

import { chips, t } from "./i18n.js";

/**
 * The betting round of each log entry, updated for a new view. Entries that arrive while we
 * watch take the round of the state they were made in (`prev`, the view before them);
 * entries we find on (re)connecting stay unknown (null; the log panel then infers the rounds
 * before the roll).
 * @param {(number|null)[]} rounds  the tags so far (one per entry of the previous view's log)
 * @param {object} view  the new engine view (`log`, `phase`, `betting_round`)
 * @param {object|null} prev  the view before it, or null
 * @param {boolean} reset  a new hand or the first view: tag the whole log afresh
 * @returns {(number|null)[]}  one tag per entry of `view.log` (a new array)
 */
export function tagLogRounds(rounds, view, prev, reset) {
  const log = view.log || [];
  if (reset) return log.map((e) => (typeof e.round === "number" ? e.round : null));
  const out = rounds.slice(0, log.length);
  for (let i = out.length; i < log.length; i++) {
    const e = log[i];
    out[i] = typeof e.round === "number" ? e.round
      : (prev && prev.phase === "betting" && e.action !== "pass" && e.action !== "arrange" ? prev.betting_round : null);
  }
  return out;
}

/**
 * Short text of each seat's last betting action in the current betting round.
 * @param {object} view  engine view
 * @param {(number|null)[]} rounds  the log's round tags (tagLogRounds)
 * @param {number} passes  the table's number of passes (config.pass_counts.length)
 * @returns {Object<number, string>}  seat -> "Check", "Bet 20", …; empty outside betting
 */
export function lastActions(view, rounds, passes) {
  const out = {};
  if (view.phase !== "betting") return out;
  const log = view.log || [];
  let from = 0;
  for (let i = log.length - 1; i >= 0; i--) {
    const r = rounds[i];
    const marker = log[i].action === "pass" || log[i].action === "arrange";
    if (marker || (r !== null && r !== undefined && r !== view.betting_round)) {
      from = i + 1;
      break;
    }
    if ((r === null || r === undefined) && view.betting_round > 1 + passes) {
      // unknown round during the roll: show nothing rather than a stale action
      from = log.length;
      break;
    }
  }
  for (const entry of log.slice(from)) {
    const text = actionShort(entry);
    if (text) out[entry.seat] = text;
  }
  return out;
}

function actionShort(entry) {
  switch (entry.action) {
    case "fold": return t("Fold");
    case "check": return t("Check");
    case "call": return t("Call");
    case "bet": return `${t("Bet")} ${chips(entry.to)}`;
    case "raise": return `${t("Raise")} ${chips(entry.to)}`;
    default: return "";
  }
}
