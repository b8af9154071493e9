// The host's pause as every player and spectator sees it (issue 12 §3): a banner naming who
// paused ("Paused by Ana") while the table stands still, and a notice when play resumes.
// Only the host may pause or resume (docs/protocol.md §4), so the host seat names who did it.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The name of the table's host (TableInfo: `host_seat`, `seats[]`), or null. */
function hostName(table) {
  const seat = table?.host_seat;
  return seat === null || seat === undefined ? null : table.seats?.[seat]?.name ?? null;
}

/**
 * The banner shown above the felt while the table is paused, else null. It says which of the
 * two a pause is (docs/protocol.md §4.3): during a hand, the hand waits with its timers
 * stopped; between hands, no hand is dealt until the resume, even when the pause came as
 * the countdown ran out (the server then cancels the deal that waited for the seeds).
 * @param {object|null} table  the latest `table` message's TableInfo
 * @param {object|null} view  the latest hand's view (null before the first hand)
 * @returns {HTMLElement|null}
 */
export function pauseBanner(table, view = null) {
  if (table?.status !== "paused") return null;
  const name = hostName(table);
  const between = !view || view.phase === "complete";
  return h("div.pause-banner", { id: "pause-banner", role: "status", "data-between": String(between) },
    h("strong", null, name ? t("Paused by {name}", { name }) : t("The host has paused the table.")),
    h("span", null, between
      ? t("The next hand is not dealt until the game resumes.")
      : t("Timers are stopped until the game resumes.")));
}

/**
 * What to announce when a `table` message changes the pause: the text, or null.
 * @param {object|null} before  the previous TableInfo (null on the first message: a page
 *   opened during a pause shows the banner but announces nothing)
 * @param {object} after  the new TableInfo
 * @returns {string|null}
 */
export function pauseChange(before, after) {
  if (!before) return null;
  const was = before.status === "paused";
  const now = after?.status === "paused";
  if (was === now) return null;
  const name = hostName(after) ?? hostName(before);
  if (now) return name ? t("Paused by {name}", { name }) : t("The host has paused the table.");
  return name ? t("{name} resumed the game.", { name }) : t("The game resumed.");
}
