// Between two hands (issue 12 §3): the showdown stays on the table for the table's
// `next_hand_delay` seconds with a visible countdown to the next deal, and the host may deal
// at once. The server says when it deals: TableInfo `next_hand_at` (server time, Unix
// seconds; null when no deal is armed: a hand is running, the table is paused, or it waits
// for the host or for players). A table that cannot deal says why: TableInfo
// `waiting_reason`. docs/protocol.md §3.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Whole seconds left until the next deal, or null when none is armed. Never negative, and
 * never more than the table's `next_hand_delay`: `now` is this browser's estimate of server
 * time, and an estimate a few hundred milliseconds behind would otherwise show "61 s" on a
 * 60 s delay.
 */
export function secondsToNextHand(table, now) {
  const at = table?.next_hand_at;
  if (typeof at !== "number" || table?.status === "paused") return null;
  const left = Math.max(0, Math.ceil(at - now));
  const delay = table?.next_hand_delay;
  return typeof delay === "number" ? Math.min(Math.ceil(delay), left) : left;
}

function countdownText(left) {
  return left > 0 ? t("Next hand in {s} s", { s: left }) : t("Dealing the next hand…");
}

/**
 * The bar under the felt while the table waits for its next automatic deal, else null.
 * @param {object|null} table  TableInfo of the latest `table` message
 * @param {object|null} view  the hand's view (null before the first hand)
 * @param {object} o
 * @param {number} o.now  server time now, seconds
 * @param {boolean} o.host  this browser holds the host's seat: it gets "Deal now"
 * @param {() => void} o.dealNow  sends `next_hand`
 * @returns {HTMLElement|null}
 */
export function nextHandBar(table, view, { now, host, dealNow }) {
  if (view && view.phase !== "complete") return null;
  const left = secondsToNextHand(table, now);
  if (left === null) return waitingBar(table);
  return h("div.next-hand-bar", { id: "next-hand-bar" },
    h("span.next-hand-in", { id: "next-hand-in", role: "timer", "aria-live": "off" }, countdownText(left)),
    host ? h("button.small.primary", { type: "button", id: "deal-now", onclick: dealNow }, t("Deal now")) : null);
}

/**
 * Why a table that is not paused deals no hand, for players and spectators alike
 * (TableInfo `waiting_reason`, docs/protocol.md §3), else null.
 */
function waitingBar(table) {
  if (table?.status === "paused" || table?.waiting_reason !== "not_enough_players") return null;
  return h("div.next-hand-bar", { id: "table-waiting" },
    h("span.next-hand-in", { role: "status" }, t("At least two players with chips are needed to deal.")));
}

/** Refresh the countdown's text in place (the page's 250 ms ticker calls this). */
export function tickNextHand(table, now) {
  const el = document.getElementById("next-hand-in");
  const left = secondsToNextHand(table, now);
  if (el && left !== null) el.textContent = countdownText(left);
}
