// Chips move (issue 12 §3): when a betting round ends the bets slide into the pot, and at
// the end of a hand the pot slides to its winners. Short flights of chip tokens drawn over
// the table with the Web Animations API; nothing moves under prefers-reduced-motion.

import { h } from "./dom.js";

const FLIGHT_MS = 450;

function reduced() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Where chips are before the felt is drawn again: each seat's bet and the pot.
 * @param {HTMLElement} felt
 * @returns {{bets: Map<string, {x: number, y: number}>, pot: {x: number, y: number}|null}}
 */
export function chipOrigins(felt) {
  const bets = new Map();
  for (const chip of felt.querySelectorAll(".seat .bet-chip")) {
    const seat = chip.closest(".seat")?.dataset.seat;
    if (seat !== undefined) bets.set(seat, centre(chip));
  }
  const pot = felt.querySelector(".pot-total");
  return { bets, pot: pot ? centre(pot) : null };
}

function fly(from, to) {
  const chip = h("div.chip-fly", { "aria-hidden": "true" });
  chip.style.setProperty("left", `${from.x}px`);
  chip.style.setProperty("top", `${from.y}px`);
  document.body.append(chip);
  const anim = chip.animate(
    [{ transform: "translate(-50%, -50%)" }, { transform: `translate(calc(${to.x - from.x}px - 50%), calc(${to.y - from.y}px - 50%))`, opacity: 0.85 }],
    { duration: FLIGHT_MS, easing: "ease-in-out" });
  anim.onfinish = () => chip.remove();
  anim.oncancel = () => chip.remove();
}

/**
 * Fly chips for the change from `before` to `after` (two views of the same hand), once the
 * felt shows `after`.
 * @param {HTMLElement} felt  the felt, already drawn for `after`
 * @param {{bets: Map, pot: object|null}} origins  from chipOrigins() before drawing
 * @param {object} before  the previous view
 * @param {object} after  the new view
 * @returns {number}  how many chips flew
 */
export function moveChips(felt, origins, before, after) {
  if (reduced() || !before || !after) return 0;
  let flights = 0;
  const potEl = felt.querySelector(".pot-total, .felt-center");
  const collected = before.phase === "betting" && (after.phase !== "betting" || after.betting_round !== before.betting_round);
  if (collected && potEl) {
    const to = centre(potEl);
    for (const [, from] of origins.bets) {
      fly(from, to);
      flights += 1;
    }
  }
  if (after.phase === "complete" && before.phase !== "complete" && origins.pot) {
    const winners = new Set();
    for (const pot of after.result?.pots || []) {
      for (const s of [...(pot.high_winners || []), ...(pot.low_winners || [])]) winners.add(s);
    }
    for (const seat of winners) {
      const plate = felt.querySelector(`.seat[data-seat="${seat}"] .seat-plate`);
      if (!plate) continue;
      fly(origins.pot, centre(plate));
      flights += 1;
    }
  }
  return flights;
}
