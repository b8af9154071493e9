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
 * The banner shown above the felt while the table is paused, else null.
 * @param {object|null} table  the latest `table` message's TableInfo
 * @returns {HTMLElement|null}
 */
export function pauseBanner(table) {
  if (table?.status !== "paused") return null;
  const name = hostName(table);
  return h("div.pause-banner", { id: "pause-banner", role: "status" },
    h("strong", null, name ? t("Paused by {name}", { name }) : t("The host has paused the table.")),
    h("span", null, t("Timers are stopped until the game resumes.")));
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
