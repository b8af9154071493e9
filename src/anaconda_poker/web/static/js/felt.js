// The oval table: seats on the rim (you at the bottom), bets, the dealer button, pots and the
// phase in the middle. Used by the live table and by the replayer.

import { backEl, cardEl } from "./cards.js";
import { h, replace } from "./dom.js";
import { chips, t } from "./i18n.js";
import { describeHigh, describeLow, lowQualifier } from "./handnames.js";
import { seatDeclareStatus } from "./declare.js";
import { directionLabel } from "./labels.js";

/** Position on the ellipse for the i-th of n places, place 0 at the bottom (percent). */
function place(i, n, radius = 1) {
  const angle = Math.PI / 2 + (2 * Math.PI * i) / n;   // clockwise on screen = to the left
  return {
    x: 50 + 50 * radius * Math.cos(angle),
    y: 50 + 50 * radius * Math.sin(angle),
  };
}

/** Text for the middle of the table: which betting round / pass / arrange / showdown. */
export function phaseText(view, config) {
  if (!view) return t("Waiting for the next hand");
  const passes = config?.pass_counts?.length ?? 3;
  const roll = config?.roll_betting_rounds ?? 5;
  const total = 1 + passes + roll;
  switch (view.phase) {
    case "betting":
      return t("Betting round {n} of {total}", { n: view.betting_round, total });
    case "passing": {
      const dir = config?.pass_directions?.[view.pass_index] ?? "left";
      const args = { n: (view.pass_index ?? 0) + 1, count: view.pass_count, direction: directionLabel(dir) };
      return view.pass_count === 1 ? t("Pass {n}: {count} card {direction}", args) : t("Pass {n}: {count} cards {direction}", args);
    }
    case "arranging":
      return t("Everyone arranges five cards");
    case "declaring":
      return t("Declaring");  // short: at 320 px the side seats' cards leave little room
    case "complete":
      return view.result?.showdown ? t("Showdown") : t("Hand over");
    default:
      return "";
  }
}

/** Status line under a seat's name. */
function seatStatus(seat, view, extra) {
  if (extra.leaving && !(seat && !seat.folded && view?.phase !== "complete")) return t("Leaving");
  if (extra.sittingOut) return t("Sitting out");
  if (extra.away && seat && !seat.folded && view?.phase !== "complete") return t("Away: plays by default");
  // a rebuy or the host's change after the hand: the result keeps the hand's stack beside the
  // win or loss, and this says what the seat starts the next hand with
  if (extra.nextStack !== null && extra.nextStack !== undefined) return t("Next hand: {amount}", { amount: chips(extra.nextStack) });
  if (!seat) return "";
  if (seat.folded) return t("Folded");
  const phase = view?.phase;
  if (phase === "passing") return seat.has_committed ? t("Passed ✓") : t("Choosing cards…");
  if (phase === "arranging") return seat.has_committed ? t("Arranged ✓") : t("Arranging…");
  const declared = seatDeclareStatus(seat, view);
  if (declared) return declared;
  if (seat.all_in) return t("All-in");
  if (phase === "betting" && view.to_act?.includes(seat.seat)) return t("To act");
  return extra.lastAction || "";
}

/**
 * Draw the table into `el`.
 * @param {HTMLElement} el  container (its content is replaced)
 * @param {object} m
 * @param {object|null} m.view  engine view (may be null between hands / before the first)
 * @param {object|null} m.table  TableInfo (seats with names, bots, connection), may be null
 * @param {object|null} m.config  table config (pass directions, rounds)
 * @param {number|null} m.mySeat  seat drawn at the bottom
 * @param {object} [m.lastActions]  seat -> short text of the seat's last action this round
 * @param {object} [m.flips]  seat -> number of revealed cards already shown (older ones do not flip)
 * @param {object} [m.hands]  seat -> cards (replayer: every player's cards, face up)
 * @param {object} [m.timers]  seat -> {frac, low} for the countdown bar
 * @param {string} [m.split]  game type for hand names
 * @param {string} [m.idPrefix]  prefix for element ids (two felts on one page)
 * @param {string} [m.phaseLabel]  the middle's round label, if not the view's own phase
 *   (the replayer names the round of the step it shows, the view is the state after it)
 */
export function renderFelt(el, m) {
  const view = m.view;
  const table = m.table;
  const n = Math.max(2, table?.max_seats ?? (view ? Math.max(...view.seats.map((s) => s.seat)) + 1 : 6));
  const bottom = m.mySeat ?? 0;
  const bySeat = new Map((view?.seats || []).map((s) => [s.seat, s]));
  const result = view?.phase === "complete" ? view.result : null;
  const winners = new Set();
  if (result) {
    for (const pot of result.pots || []) {
      for (const s of [...(pot.high_winners || []), ...(pot.low_winners || [])]) winners.add(s);
    }
  }
  const split = m.split ?? m.config?.split;
  const items = [];

  for (let seatNo = 0; seatNo < n; seatNo++) {
    const rel = (seatNo - bottom + n) % n;
    const pos = place(rel, n);
    const info = table?.seats?.[seatNo] ?? null;
    // Between hands the table is the truth for who sits: a player who left or was removed
    // since the hand is gone from the felt (newcomer trial: the felt kept the finished hand's
    // seats until the next deal). The stack beside the result stays the hand's own, and a
    // rebuy or the host's change shows at once as "Next hand: 60" (newcomer trial: a rebuy's
    // 60 beside "−30" and "All-in" read as the end of the hand). A player who played the
    // hand out after leaving or being removed during it stays beside its result until the
    // next deal, though the seat is free (`left_with_hand`; newcomer trial: a removed player
    // who won vanished from the showdown that named them the winner).
    const between = !view || view.phase === "complete";
    const fromHand = bySeat.get(seatNo) ?? null;
    const stayed = Boolean(between && view && !info && fromHand
      && table?.left_with_hand?.[String(seatNo)] === fromHand.name);
    const gone = Boolean(between && table && fromHand && fromHand.name !== info?.name && !stayed);
    const seat = gone ? null : fromHand;
    const name = seat?.name ?? info?.name ?? null;
    if (!name) {
      items.push(h("div.seat.empty", { style: { "--x": `${pos.x}%`, "--y": `${pos.y}%` }, dataset: { seat: seatNo } },
        h("div.seat-cards"),
        h("div.seat-plate", null, h("span.seat-name", null, t("Empty seat")), h("span.seat-status", null, t("Seat {n}", { n: seatNo + 1 })))));
      continue;
    }
    const classes = ["seat"];
    if (pos.y < 40) classes.push("top");   // upper seats show their cards below the name
    // where a seat grows when its plate does (a hand name, a second status line at the
    // showdown): the seat at the top away from the bar above the felt, the other side seats
    // away from each other, the bottom seat both ways (table.css)
    if (pos.y < 10) classes.push("rim-top");
    else if (pos.y < 40) classes.push("upper");
    else if (pos.y < 90) classes.push("lower");
    if (seatNo === m.mySeat) classes.push("me");
    if (seat?.folded) classes.push("folded");
    if (view && view.phase !== "complete" && view.to_act?.includes(seatNo)) classes.push("turn");
    if (seat?.has_committed) classes.push("committed");
    if (winners.has(seatNo)) classes.push("winner");
    if (!seat && info?.sitting_out) classes.push("sitting-out");
    const revealed = seat?.revealed || [];
    const shownBefore = m.flips?.[seatNo] ?? revealed.length;
    const cards = [];
    const omniscient = m.hands?.[seatNo];
    if (omniscient && omniscient.length) {
      omniscient.forEach((c) => cards.push(cardEl(c, { size: "sm" })));
    } else {
      revealed.forEach((c, i) => cards.push(cardEl(c, { size: "sm", classes: i >= shownBefore ? ["flip-in"] : [] })));
      const down = Math.min(seat?.card_count ?? 0, 9);
      for (let i = 0; i < down; i++) cards.push(backEl({ size: "sm" }));
      // hidden cards (nine-card deal) lie apart, face down for the whole hand
      const hiddenCount = Math.min(seat?.hidden_count ?? 0, 2);
      for (let i = 0; i < hiddenCount; i++) cards.push(backEl({ size: "sm", classes: ["hidden-back"], attrs: { title: t("Hidden") } }));
    }
    let handName = "";
    if (revealed.length === 5 && result?.showdown !== false) {
      const q = lowQualifier(split);
      const low = q === undefined ? "" : describeLow(revealed, q);
      handName = low ? `${describeHigh(revealed)} · ${low}` : describeHigh(revealed);
    }
    const net = result?.net?.[String(seatNo)];
    const timer = m.timers?.[seatNo];
    const stack = seat ? seat.stack : info?.stack;
    const nextStack = between && seat && typeof info?.stack === "number" && info.stack !== seat.stack ? info.stack : null;
    items.push(h(`div.${classes.join(".")}`, {
      style: { "--x": `${pos.x}%`, "--y": `${pos.y}%` },
      dataset: { seat: seatNo },
      id: `${m.idPrefix || ""}seat-${seatNo}`,
    },
    h("div.seat-cards", { "aria-label": t("Cards of {name}", { name }) }, cards),
    h("div.seat-plate", null,
      h("span.seat-name", { title: name }, name,
        info?.bot ? h("span.bot-tag", null, t("bot")) : null,
        info && !info.bot && info.connected === false ? h("span.bot-tag", null, t("offline")) : null),
      // the dealer button and the bet sit in the plate's stack line: on the felt they covered
      // the cards and names of the seats near them on a phone (issue 12 §4)
      h("div.seat-stack", null,
        view && view.button === seatNo ? h("span.dealer-button", { title: t("Dealer"), "aria-label": t("Dealer button") }, "D") : null,
        h("span.stack", null, stack === undefined || stack === null ? "" : chips(stack)),
        net ? h("span", { class: net > 0 ? "pos" : "neg" }, `${net > 0 ? "+" : ""}${chips(net)}`) : null,
        seat?.bet ? h("span.bet-chip", { "aria-label": t("{player} bets {amount}", { player: name, amount: seat.bet }) }, chips(seat.bet)) : null),
      h("span.seat-status", null, seatStatus(seat, view, { leaving: info?.leaving || info?.removing || stayed, sittingOut: !seat && info?.sitting_out, away: info?.away, lastAction: m.lastActions?.[seatNo], nextStack })),
      handName ? h("span.hand-name", null, handName) : null,
      timer ? h("div.timer", { class: timer.low ? "low" : "", role: "presentation" },
        h("span", { style: { "--frac": timer.frac.toFixed(3) } })) : null)));
  }

  const potTotal = view ? (view.pot_total ?? view.pot ?? 0) : 0;
  const pots = view?.pots || [];
  const center = h("div.felt-center", null,
    // the showdown's result takes the middle, and the top seat grows down towards it
    result ? null : h("div.felt-brand", null, "Anaconda"),
    h("div.phase", { id: `${m.idPrefix || ""}phase` }, m.phaseLabel ?? phaseText(view, m.config)),
    view && view.phase !== "complete" ? h("div.pot-total", { id: `${m.idPrefix || ""}pot` }, t("Pot {amount}", { amount: chips(potTotal) })) : null,
    pots.length > 1 ? h("div.pots", null, pots.map((p, i) => h("span", null,
      i === 0 ? t("Main pot {amount}", { amount: chips(p.amount) }) : t("Side pot {n}: {amount}", { n: i, amount: chips(p.amount) })))) : null,
    result ? resultSummary(result, view, m) : null);
  replace(el, center, items);
}

function nameOf(view, table, seat) {
  return view?.seats?.find((s) => s.seat === seat)?.name ?? table?.seats?.[seat]?.name ?? t("Seat {n}", { n: seat + 1 });
}

/** One line per pot in the middle of the table at the end of a hand. */
function resultSummary(result, view, m) {
  const lines = (result.pots || []).map((pot, i) => {
    const label = (result.pots.length > 1)
      ? (i === 0 ? t("Main pot {amount}", { amount: chips(pot.amount) }) : t("Side pot {n}: {amount}", { n: i, amount: chips(pot.amount) }))
      : t("Pot {amount}", { amount: chips(pot.amount) });
    const hi = (pot.high_winners || []).map((s) => nameOf(view, m.table, s)).join(", ");
    const lo = (pot.low_winners || []).map((s) => nameOf(view, m.table, s)).join(", ");
    let text;
    if (pot.scoop !== null && pot.scoop !== undefined && lowQualifier(m.split ?? m.config?.split) !== undefined) {
      text = t("{name} scoops", { name: nameOf(view, m.table, pot.scoop) });
    } else if (lo) {
      text = t("High: {high} · Low: {low}", { high: hi, low: lo });
    } else {
      text = t("{name} wins", { name: hi });
    }
    return h("div.pots", null, h("span", null, `${label} — ${text}`));
  });
  return h("div.result-lines", { id: `${m.idPrefix || ""}result-lines` }, lines);
}
