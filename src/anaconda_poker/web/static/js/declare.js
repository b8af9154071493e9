// The declare house rule (RULES.md §6) at the web table: the three declaring buttons, the
// seats' "declared" marks, and the reveal of every declaration (and failed swing) in the
// result. The server sends a seat only its own declaration until every seat has declared
// (docs/protocol.md §4.1 `declare`); this module shows exactly what the view holds.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The declarations in button order, with their keyboard keys (table.js onKey). */
export const DECLARATIONS = [
  { direction: "high", key: "H" },
  { direction: "low", key: "L" },
  { direction: "both", key: "S" },
];

/** The translated name of a declaration: "High", "Low", "Swing (both ways)". */
export function declarationLabel(direction) {
  switch (direction) {
    case "high": return t("High");
    case "low": return t("Low");
    case "both": return t("Swing (both ways)");
    default: return String(direction);
  }
}

/** The lobby's names of the `declare` option. */
export function declareModeLabel(mode) {
  return mode === "declare"
    ? t("Declare: everyone declares high, low or both before the showdown")
    : t("Cards speak: the best hands take the halves");
}

/** The lobby's short names of the `declare` modes: a select shows one line, so the sentence
 * of `declareModeLabel` goes under it as a hint (issue 12 §4: nothing cut on a phone). */
export function declareModeShort(mode) {
  return mode === "declare" ? t("Players declare") : t("Cards speak");
}

/** The lobby's short names of the `swing` option (its sentence goes under the select). */
export function swingShort(swing) {
  return swing === "ties_ok" ? t("A swing may tie") : t("A swing wins outright");
}

/** The lobby's names of the `swing` option. */
export function swingLabel(swing) {
  return swing === "ties_ok" ? t("A swing may tie a half") : t("A swing must win both halves outright");
}

/** The short form for a table's rules line, or "" at a cards-speak table. */
export function declareSummary(config) {
  if (config?.declare !== "declare") return "";
  return config.swing === "ties_ok" ? t("declare, a swing may tie") : t("declare, a swing must win outright");
}

/** Your prompt while declaring: what to do, or what you declared (only you see it). */
export function declarePrompt(you) {
  if (you.declaration) {
    return t("You declared {declaration}. Waiting for the others.", { declaration: declarationLabel(you.declaration) });
  }
  return t("Declare: high, low or both (swing)");
}

/**
 * The declaring buttons (only while the seat may declare).
 * @param {object} legal  the seat's legal actions (`declarations`)
 * @param {object|null} config  the table's config (`swing` explains what a swing needs)
 * @param {(action: object) => void} send
 */
export function declareControls(legal, config, send) {
  const allowed = new Set(legal.declarations || []);
  const buttons = DECLARATIONS.filter((d) => allowed.has(d.direction)).map((d) => h("button", {
    type: "button", id: `declare-${d.direction}`, "data-key": `declare-${d.direction}`,
    class: d.direction === "both" ? "swing" : "",
    onclick: () => send({ action: "declare", direction: d.direction }),
  }, declarationLabel(d.direction), h("kbd.visually-hidden", null, ` (${d.key})`)));
  const swingRule = config?.swing === "ties_ok"
    ? t("A swing must win at least a share of both halves, or it wins nothing.")
    : t("A swing must win both halves outright, or it wins nothing.");
  return h("div.controls.declare", { id: "declare", role: "group", "aria-label": t("Your declaration") },
    buttons,
    h("span.hint", { id: "declare-hint" }, t("Nobody sees your choice until everyone has declared."), " ", swingRule),
    h("span.hint.keys", { "aria-hidden": "true" }, t("Keys: H high · L low · S swing")));
}

/** A seat's line on the felt while declaring and after the reveal; null otherwise. */
export function seatDeclareStatus(seat, view) {
  if (view?.phase === "declaring") return seat.has_committed ? t("Declared ✓") : t("Declaring…");
  const declared = view?.phase === "complete" ? view.result?.declarations?.[String(seat.seat)] : undefined;
  if (!declared) return null;
  if ((view.result.failed_swings || []).includes(seat.seat)) return t("Swing failed");
  return declarationLabel(declared);
}

/**
 * Every declaration, revealed together in the result (a short staggered animation), with
 * the failed swings explained; null when the hand had no declaring. Your own lines are in
 * the second person.
 * @param {object} result  the hand's result (`declarations`, `failed_swings`)
 * @param {(seat: number) => string} nameOf
 * @param {number|null} [me]  your seat (null for a spectator)
 */
export function declarationsPanel(result, nameOf, me = null) {
  const declared = Object.entries(result?.declarations || {});
  if (!declared.length) return null;
  const failed = new Set(result.failed_swings || []);
  return h("div.declarations", { id: "declarations" },
    h("h3", null, t("Declarations")),
    h("ul", null, declared.map(([seat, direction], i) => {
      const player = nameOf(Number(seat));
      const mine = Number(seat) === me;
      const declaration = declarationLabel(direction);
      const swingFailed = failed.has(Number(seat));
      return h("li", {
        class: swingFailed ? "failed" : "", dataset: { seat, direction }, style: { "--i": i },
      },
      mine ? t("You declared {declaration}", { declaration }) : t("{player} declared {declaration}", { player, declaration }),
      swingFailed ? h("span.failed-swing", null, " — ",
        mine ? t("Your swing failed: you win nothing") : t("{player}'s swing failed: it wins nothing", { player })) : null);
    })));
}
