// Translated names of table options, bot levels, error codes (one place for every page).

import { declareSummary } from "./declare.js";
import { chips, t } from "./i18n.js";

export function splitLabel(split) {
  switch (split) {
    case "high_only": return t("High only");
    case "high_low_8": return t("High-low split, eight or better");
    case "high_low_any": return t("High-low split, low without qualifier");
    default: return String(split);
  }
}

export function bettingLabel(betting) {
  switch (betting) {
    case "fixed_limit": return t("Fixed limit");
    case "pot_limit": return t("Pot limit");
    case "no_limit": return t("No limit");
    default: return String(betting);
  }
}

export function directionLabel(direction) {
  return direction === "right" ? t("to the right") : t("to the left");
}

export function botLabel(level) {
  switch (level) {
    case "beginner": return t("Beginner");
    case "casual": return t("Casual");
    case "strong": return t("Strong");
    case "expert": return t("Expert");
    case "random": return t("Random");
    case "calling_station":
    case "calling-station": return t("Calling station");
    case "heuristic": return t("Heuristic");
    case "montecarlo": return t("Monte Carlo");
    default: return String(level);
  }
}

export function forcedBetLabel(value) {
  return value === "dealer_ante" ? t("Dealer antes for everyone") : t("Everyone antes");
}

export function firstToActLabel(value) {
  return value === "left_of_dealer" ? t("Left of the dealer") : t("Best showing hand");
}

/** A short line describing a table's rules: "High-low, eight or better · Fixed limit 2/4 · ante 1"
 * (pot and no limit: "Pot limit, minimum bet 2"). */
export function rulesSummary(config, extra = {}) {
  if (!config) return "";
  const parts = [extra.dealersChoice ? t("Dealer's choice") : splitLabel(config.split)];
  // fixed limit reads as card rooms write it (2/4); a lone number after "Pot limit" read as a
  // cryptic "Pot limit 2" (newcomer trial), so the minimum bet is named
  const minimumBet = t("minimum bet {n}", { n: config.small_bet });
  parts.push(config.betting === "fixed_limit"
    ? `${bettingLabel(config.betting)} ${config.small_bet}/${config.big_bet}`
    : `${bettingLabel(config.betting)}, ${minimumBet}`);
  parts.push(t("ante {n}", { n: config.ante }));
  if (config.cards_dealt === 9) parts.push(t("9 cards, 2 hidden"));
  const passes = (config.pass_counts || []).map((n, i) => `${n}${(config.pass_directions?.[i] === "right") ? "→" : "←"}`);
  if (passes.length) parts.push(t("passes {list}", { list: passes.join(" ") }));
  const declare = declareSummary(config);
  if (declare) parts.push(declare);
  return parts.join(" · ");
}

/** A translated message for a server error code; falls back to the server's English text. */
export function errorText(code, message) {
  switch (code) {
    case "network": return t("Cannot reach the server.");
    case "seat_taken": return t("That seat is already taken.");
    case "table_full": return t("This table is full.");
    case "name_taken": return t("Someone at this table already uses that name.");
    case "table_not_found": return t("This table does not exist (any more).");
    case "hand_not_found": return t("That hand is not available.");
    case "bad_token": return t("Your seat at this table is no longer valid.");
    case "not_your_turn": return t("It is not your turn.");
    case "stale_turn": return t("That action came too late; the table has moved on.");
    case "paused": return t("The host has paused the table.");
    case "spectator": return t("Spectators cannot do that. Take a seat first.");
    case "rate_limited": return t("Slow down a little.");
    case "too_many_sockets": return t("Too many connections are open for this seat or from this network. Close another tab first.");
    case "invalid_config": return t("These table options do not work together: {message}", { message });
    case "bad_request": return t("The server rejected the form: {message}", { message });
    case "origin_forbidden": return t("The server refused this page's origin.");
    case "storage_unavailable": return t("The server cannot save right now; nothing was changed. Try again in a few seconds.");
    case "table_failed": return t("This table could not be restored after a server problem: {message}", { message });
    case "hand_unreadable": return t("This hand's history is damaged and cannot be shown.");
    case "rebuy_not_allowed": return t("A rebuy is not allowed now.");
    case "leaving": return t("You are leaving the table after this hand.");
    case "hand_running": return t("A hand is running; the next one starts after it.");
    case "not_enough_players": return t("At least two players with chips are needed to deal.");
    case "not_host": return t("Only the host may do this.");
    case "unknown_request": return t("That request is no longer waiting for an answer.");
    case "empty_seat": return t("Nobody sits in that seat.");
    case "own_seat": return t("The host cannot remove themselves; leave the table instead.");
    case "approval_required": return t("The host lets newcomers in at this table: ask for a seat.");
    case "no_approval": return t("This table seats newcomers without asking the host: take a seat.");
    case "already_seated": return t("You already have a seat at this table.");
    case "request_pending": return t("Your request is already waiting for the host.");
    case "too_many_requests": return t("Too many people are waiting for the host; try again later.");
    case "amount_out_of_range":
    case "not_allowed":
    case "wrong_card_count":
    case "card_not_in_hand":
    case "illegal_action":
      return t("Not allowed: {message}", { message });
    default: return message || code;
  }
}

// Player names as the server accepts them (server/protocol.py NAME_PATTERN, Python's \w):
// 1 to 24 letters, digits, spaces and _ . ' -, starting with a letter, digit or _.
const NAME_RE = /^[\p{L}\p{N}_][\p{L}\p{N}_ .'\-]{0,23}$/u;

/**
 * What is wrong with a player name, as a translated sentence, or "" when it is fine.
 * @param {string} name  the name as typed (trimmed here)
 * @param {(string|null|undefined)[]} [taken]  names already used at the table (any case)
 */
export function nameProblem(name, taken = []) {
  const n = canonicalName(name);
  if (!n) return t("Please enter your name.");
  if (!NAME_RE.test(n)) return t("A name has 1 to 24 letters, digits, spaces or . ' - _ and starts with a letter or digit.");
  const folded = n.toLowerCase();
  if (taken.some((x) => x && canonicalName(x).toLowerCase() === folded)) return t("Someone at this table already uses that name.");
  return "";
}

/**
 * The server's spelling of a name (server/names.py): NFKC, invisible characters removed,
 * spaces collapsed; so "Bee" and "Ｂｅｅ" or "B\u200dee" are seen as the same name here too.
 * "" for a name of only spaces and invisible characters, which the lobby treats as not given.
 * @param {string|null|undefined} name
 * @returns {string}
 */
export function canonicalName(name) {
  return String(name ?? "").normalize("NFKC").replace(/\s+/gu, " ")
    .replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, "").replace(/ +/gu, " ").trim();
}

/**
 * Whether a rebuy request of `amount` chips is a top-up: a seat with chips left asks for less
 * than the starting stack (rebuys top up to it, never past it; docs/protocol.md §3), a broke
 * seat for all of it. The seat's button, the host's request line and the answer's notice all
 * word a request by this one rule.
 * @param {number} amount  chips asked for
 * @param {number} startingStack  the table's starting stack, chips
 * @returns {boolean}
 */
export function isTopUp(amount, startingStack) {
  return amount < startingStack;
}

/**
 * Stakes a starting stack cannot play, as the server refuses them (server/host_controls.py
 * check_stakes_fit, docs/protocol.md §3): a player who sits down with the starting stack (a
 * rebuy tops up to it, never past it) pays the forced bet and can still make one bet. The
 * ante is named when the antes leave no room for a bet or are the larger share, else the
 * small bet (also for a big bet that follows it, twice it), else a big bet that was typed;
 * every "at most" works when used. The first problem as [option, message in the page's
 * language], or null.
 * @param {object} c  the stakes in chips: ante, small_bet, big_bet, betting, forced_bet
 * @param {number} stack  the table's starting stack
 * @param {number} seats  the table's seats (with dealer_ante the dealer antes for each player)
 * @param {string} smallLabel  the form's label of the small bet ("Small bet", "Minimum bet")
 * @param {boolean} [bigDerived]  the big bet follows the small bet (twice it, not typed)
 * @returns {[string, string]|null}
 */
export function stakesFitProblem(c, stack, seats, smallLabel, bigDerived = false) {
  const fixed = c.betting === "fixed_limit";
  const payers = c.forced_bet === "dealer_ante" ? seats : 1;
  const posted = c.ante * payers;
  const args = { ante: chips(c.ante), bet: chips(c.small_bet), total: chips(posted + c.small_bet), stack: chips(stack), seats: payers };
  if (posted >= stack || (posted + c.small_bet > stack && posted >= c.small_bet)) {
    const max = Math.floor((c.small_bet <= stack ? stack - c.small_bet : stack - 1) / payers);
    return ["ante", payers === 1
      ? t("The ante ({ante}) and one bet ({bet}) come to {total}, more than the starting stack ({stack}); the ante must be at most {max}.", { ...args, max: chips(max) })
      : t("The dealer antes for every player ({ante} × {seats}); with one bet ({bet}) that comes to {total}, more than the starting stack ({stack}); the ante must be at most {max}.", { ...args, max: chips(max) })];
  }
  const half = fixed && bigDerived && stack >= 2 ? Math.floor(stack / 2) : stack;
  if (c.small_bet > Math.min(stack - posted, half)) {
    if (half < stack - posted) {
      return ["small_bet", t("{field} ({amount}, twice the small bet) is more than the starting stack ({stack}); the small bet must be at most {max}.",
        { field: t("Big bet"), amount: chips(c.big_bet), stack: chips(stack), max: chips(half) })];
    }
    const small = { ...args, field: smallLabel, amount: chips(c.small_bet), max: chips(stack - posted) };
    return ["small_bet", posted === 0
      ? t("{field} ({amount}) is more than the starting stack ({stack}); it must be at most {stack}.", small)
      : payers === 1
        ? t("{field} ({amount}) and the ante ({ante}) come to {total}, more than the starting stack ({stack}); it must be at most {max}.", small)
        : t("{field} ({amount}) and the dealer's antes for every player ({ante} × {seats}) come to {total}, more than the starting stack ({stack}); it must be at most {max}.", small)];
  }
  if (fixed && c.big_bet > stack) {
    return ["big_bet", t("{field} ({amount}) is more than the starting stack ({stack}); it must be at most {stack}.",
      { field: t("Big bet"), amount: chips(c.big_bet), stack: chips(stack) })];
  }
  return null;
}

/**
 * A form field's value that is not a whole number from `min` to `max` (an empty one neither):
 * the message naming the field by its label, in the page's language; null when it is one.
 * @param {string} label  the field's label as the form shows it
 * @param {string|number|null|undefined} value  what the field holds
 * @param {number} min  chips, seats or seconds, as the field counts
 * @param {number} max
 * @returns {string|null}
 */
export function wholeNumberProblem(label, value, min, max) {
  const text = String(value ?? "").trim();
  const n = Number(text);
  return text !== "" && Number.isInteger(n) && n >= min && n <= max ? null
    : t("{field}: enter a whole number from {min} to {max}.", { field: label, min: chips(min), max: chips(max) });
}
