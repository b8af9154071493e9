// The public action log as translated lines, grouped under round headings.
//
// The engine's log (docs/protocol.md §4, `view.log`) carries each action but neither its
// betting round nor the cards turned. Both are worked out here (issue 12 §3), so the log reads
// the same after a reload as while watching: the log is replayed as betting (who is still in,
// who is all-in, what each seat has put in this round), a round ends when every player still
// able to act has acted and matched the bet, which also gives each call's amount; the cards
// each player turned in a roll round are the seat's `revealed[k]` of the view.

import { t } from "./i18n.js";
import { chips } from "./i18n.js";
import { cardText } from "./cardtext.js";

/**
 * How many cards each pass in a log moved, also where the log hides them (other seats'
 * passes in a seat's own history, every pass in the public one): the pass schedule's count
 * for the pass the entry belongs to. As in logLines, a pass opens the next pass when it
 * follows any other action or when its seat already passed in the current one.
 * @param {(object|null)[]} log  [{seat, action, cards?}] (null: no action, a replayer's deal)
 * @param {number[]} passCounts  cards per pass (config.pass_counts)
 * @returns {(number|null)[]}  per entry: the cards passed, or null when it is no pass
 */
export function passSizes(log, passCounts = [3, 2, 1]) {
  let passIndex = -1;
  let passSeats = null;
  return (log || []).map((e) => {
    if (!e || e.action !== "pass") { passSeats = null; return null; }
    if (passSeats === null || passSeats.has(e.seat)) { passIndex += 1; passSeats = new Set(); }
    passSeats.add(e.seat);
    return e.cards ? e.cards.length : (passCounts[passIndex] ?? null);
  });
}

/**
 * Turn the engine's public log into [{kind: "round"|"action", text, seat}].
 * @param {object[]} log  [{seat, action, to?, all_in?}]
 * @param {(seat: number) => string} nameOf
 * @param {number[]} passCounts  cards per pass (config.pass_counts)
 * @param {(number|null)[]} [rounds]  the betting round of each entry, when known (entries seen
 *   live); the others are inferred
 * @param {object} [extra]
 * @param {string[]} [extra.passDirections]  config.pass_directions ("left"/"right")
 * @param {object[]} [extra.seats]  the view's seats (seat numbers dealt in, `revealed`)
 */
export function logLines(log, nameOf, passCounts = [3, 2, 1], rounds = [], extra = {}) {
  const out = [];
  const seats = extra.seats || [];
  const dealt = seats.length ? seats.map((x) => x.seat).sort((a, b) => a - b)
    : [...new Set((log || []).map((e) => e.seat))].sort((a, b) => a - b);
  const live = new Set(dealt);
  const allIn = new Set();
  let stage = "start";          // start | bet | pass | arrange | declare
  let passIndex = -1;
  let passSeats = new Set();
  let bettingRound = 0;
  let headed = null;            // the betting round whose heading was written last
  let firstRoll = null;         // the first betting round after the arrangement
  // this round's betting: the bet to match, each seat's chips in, who acted since the last bet
  let current = 0;
  let put = new Map();
  let acted = new Set();
  let roundOpen = false;

  const resetRound = () => { current = 0; put = new Map(); acted = new Set(); roundOpen = false; };
  const roundDone = () => {
    const able = [...live].filter((s) => !allIn.has(s));
    if (able.length === 0) return true;
    return able.every((s) => acted.has(s) && (put.get(s) || 0) === current);
  };
  const heading = (n) => {
    out.push({ kind: "round", text: t("Betting round {n}", { n }) });
    headed = n;
    if (firstRoll !== null && n >= firstRoll) {
      const k = n - firstRoll;
      const turned = seats.filter((x) => live.has(x.seat) && x.revealed?.[k])
        .map((x) => `${nameOf(x.seat)} ${cardText(x.revealed[k])}`);
      if (turned.length) out.push({ kind: "action", text: t("Turned: {cards}", { cards: turned.join(" · ") }) });
    }
  };
  const passTarget = (seat, direction) => {
    const order = dealt.filter((s) => live.has(s));
    const i = order.indexOf(seat);
    if (i < 0 || order.length < 2) return null;
    return order[(i + (direction === "right" ? -1 : 1) + order.length) % order.length];
  };

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
      resetRound();
      const count = passCounts[passIndex] ?? 1;
      const target = passTarget(e.seat, extra.passDirections?.[passIndex] ?? "left");
      const to = target === null ? null : nameOf(target);
      let text;
      if (to) text = count === 1 ? t("{player} passes {count} card to {name}", { player, count, name: to }) : t("{player} passes {count} cards to {name}", { player, count, name: to });
      else text = count === 1 ? t("{player} passes {count} card", { player, count }) : t("{player} passes {count} cards", { player, count });
      out.push({ kind: "action", seat: e.seat, text: timedOut(e, text) });
      return;
    }
    if (e.action === "arrange") {
      if (stage !== "arrange") out.push({ kind: "round", text: t("Arranging") });
      stage = "arrange";
      resetRound();
      out.push({ kind: "action", seat: e.seat, text: timedOut(e, t("{player} arranges five cards", { player })) });
      return;
    }
    if (e.action === "declare") {
      if (stage !== "declare") out.push({ kind: "round", text: t("Declaring") });
      stage = "declare";
      resetRound();
      out.push({ kind: "action", seat: e.seat, text: timedOut(e, t("{player} has declared", { player })) });
      return;
    }
    // a betting action: which round?
    if (typeof known === "number") {
      if (known !== headed) {
        if (stage === "arrange" && firstRoll === null) firstRoll = known;
        resetRound();
        heading(known);
      }
      bettingRound = known;
    } else if (stage !== "bet" || (roundOpen && roundDone())) {
      if (stage === "arrange" && firstRoll === null) firstRoll = bettingRound + 1;
      bettingRound += 1;
      resetRound();
      heading(bettingRound);
    }
    stage = "bet";
    roundOpen = true;
    const before = put.get(e.seat) || 0;
    let text;
    switch (e.action) {
      case "fold":
        live.delete(e.seat);
        text = t("{player} folds", { player });
        break;
      case "check":
        text = t("{player} checks", { player });
        break;
      case "call": {
        // an all-in call may be short of the bet: the log marks it, the amount is unknown
        const amount = current - before;
        put.set(e.seat, current);
        text = amount > 0 && !e.all_in ? t("{player} calls {amount}", { player, amount: chips(amount) }) : t("{player} calls", { player });
        break;
      }
      case "bet":
      case "raise":
        current = Math.max(current, e.to ?? current);
        put.set(e.seat, e.to ?? current);
        acted = new Set();
        text = e.action === "bet" ? t("{player} bets {amount}", { player, amount: chips(e.to) }) : t("{player} raises to {amount}", { player, amount: chips(e.to) });
        break;
      default:
        text = `${player} ${e.action}`;
    }
    acted.add(e.seat);
    if (e.all_in) {
      allIn.add(e.seat);
      text = t("{action} (all-in)", { action: text });
    }
    out.push({ kind: "action", seat: e.seat, text: timedOut(e, text) });
  });
  return out;
}

/**
 * An action's log text, marked when the server took it for the seat: "(away)" when the seat
 * was already away and the server played for it at once (`away: true`), "(time ran out)"
 * when its clock ran out (`timeout: true`; from the `state` message's / a history's
 * `timed_out` and `away_played`, docs/protocol.md).
 * @param {{timeout?: boolean, away?: boolean}} entry
 * @param {string} text
 * @returns {string}
 */
export function timedOut(entry, text) {
  if (entry?.away) return t("{action} (away)", { action: text });
  return entry?.timeout ? t("{action} (time ran out)", { action: text }) : text;
}

/**
 * Log entries with `timeout: true` on those the server took on a timeout, and also
 * `away: true` on those it played at once for a seat already away.
 * @param {object[]} log  the engine's log or a history's actions
 * @param {number[]} [indices]  indices into `log` (`timed_out`)
 * @param {number[]} [awayIndices]  indices into `log` (`away_played`, a subset)
 * @returns {object[]}
 */
export function markTimeouts(log, indices, awayIndices) {
  const set = new Set(indices || []);
  const away = new Set(awayIndices || []);
  if (!set.size && !away.size) return log || [];
  return (log || []).map((e, i) => {
    if (away.has(i)) return { ...e, timeout: true, away: true };
    return set.has(i) ? { ...e, timeout: true } : e;
  });
}
