// The lobby: create a table (every house rule, stakes, bots, timer), list open tables, join,
// spectate, copy invite links.

import { api } from "./api.js";
import { announce, h, icon, replace } from "./dom.js";
import { declareModeLabel, declareModeShort, swingLabel, swingShort } from "./declare.js";
import { t } from "./i18n.js";
import { botLabel, bettingLabel, canonicalName, directionLabel, errorText, firstToActLabel, forcedBetLabel, nameProblem, splitLabel, stakesFitProblem, wholeNumberProblem } from "./labels.js";
import { allSeats, getPref, rememberSeat, seatFor, setPref } from "./prefs.js";

/** Input of the create form for each request field the server may name in an error. */
const FIELD_INPUTS = {
  name: "table-name", host_name: "host-name", seats: "seats", starting_stack: "starting-stack",
  action_timer: "action-timer", time_bank: "time-bank", bot_pause: "bot-pause",
  next_hand_delay: "next-hand-delay", bots: "bot-add",
  time_bank_refill: "time-bank-refill", time_bank_refill_hands: "time-bank-refill-hands",
  "config.ante": "ante", "config.small_bet": "small-bet", "config.big_bet": "big-bet",
  "config.raise_cap": "raise-cap", "config.pass_counts": "pass-count-0",
};

const FALLBACK_OPTIONS = {
  config_defaults: {
    split: "high_low_8", betting: "fixed_limit", ante: 1, small_bet: 2, big_bet: 4, raise_cap: 4,
    cap_lifted_heads_up: true, pass_counts: [3, 2, 1], pass_directions: ["left", "left", "left"],
    cards_dealt: 7, forced_bet: "ante", reveal_first_to_act: "best_showing", roll_betting_rounds: 5,
    declare: "cards_speak", swing: "strict",
  },
  choices: {
    split: ["high_only", "high_low_8", "high_low_any"], betting: ["fixed_limit", "pot_limit", "no_limit"],
    pass_directions: ["left", "right"], cards_dealt: [7, 9], forced_bet: ["ante", "dealer_ante"],
    reveal_first_to_act: ["best_showing", "left_of_dealer"],
    declare: ["cards_speak", "declare"], swing: ["strict", "ties_ok"],
  },
  bot_levels: ["beginner", "casual", "strong", "expert"],
  default_bot_level: "expert",
  table_defaults: { seats: 6, starting_stack: 200, action_timer: 30, time_bank: 60,
    time_bank_refill: 10, time_bank_refill_hands: 10, dealers_choice: false,
    bot_pause: 1.0, next_hand_delay: 8, auto_start: true, allow_rebuys: true },
};

/** Absolute invite URL of a table (the server's /t/<id> redirect). */
export function inviteUrl(tableId) {
  return `${location.origin}/t/${encodeURIComponent(tableId)}`;
}

/** True when this page's address only reaches this computer (so do its invite links). */
export function localOnlyAddress(hostname = location.hostname) {
  return ["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "::1", "[::]"].includes(hostname);
}

function announceCopied() {
  announce(t("Invite link copied."));
  // `make serve` prints http://127.0.0.1:8000/: a link from there does not reach a friend
  if (localOnlyAddress()) announce(t("This link works only on this computer. To invite friends, open this page at the computer's network address, such as http://192.168.1.20:8000/."));
}

/**
 * Copy text to the clipboard. A page served over plain http on a home network has no
 * clipboard API, so the text is then copied from a selected, invisible text field; if even
 * that fails, the visible input is selected for Ctrl+C or, where it is hidden (phones), the
 * link itself is shown.
 */
export async function copyText(text, input) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      announceCopied();
      return;
    } catch {
      // denied: try the old way below
    }
  }
  const back = document.activeElement;
  const area = h("textarea", { readonly: true, "aria-hidden": "true", tabindex: "-1", class: "copy-buffer" });
  area.value = text;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  back?.focus?.();
  if (copied) {
    announceCopied();
  } else if (input && input.getClientRects().length) {
    input.focus();
    input.select();
    announce(t("Press Ctrl+C to copy the selected link."));
  } else {
    announce(`${t("Invite link")}: ${text}`);
  }
}

export function mount(main) {
  let options = FALLBACK_OPTIONS;
  let tables = null;
  let tablesError = null;
  // seat-filling bots start at the server's default level (the strongest that stays fast)
  const defaultLevel = () => options.default_bot_level || FALLBACK_OPTIONS.default_bot_level;
  let bots = [0, 1, 2].map(() => ({ level: defaultLevel(), name: "" }));
  let form = null;          // the form's current values survive language switches
  let busy = false;
  let timer = null;
  const root = h("div.lobby");
  const listBox = h("div", { id: "table-list-box" });
  replace(main, root);

  function defaults() {
    const c = options.config_defaults;
    const d = options.table_defaults;
    return {
      name: "", hostName: getPref("name") || "",
      split: c.split, dealersChoice: d.dealers_choice, cardsDealt: c.cards_dealt,
      passCounts: [...c.pass_counts], passDirections: [...c.pass_directions],
      betting: c.betting, ante: c.ante, smallBet: c.small_bet, bigBet: c.big_bet, bigBetEdited: false,
      raiseCap: c.raise_cap ?? "", forcedBet: c.forced_bet, firstToAct: c.reveal_first_to_act,
      declare: c.declare ?? "cards_speak", swing: c.swing ?? "strict",
      seats: d.seats, startingStack: d.starting_stack,
      timerOn: d.action_timer !== null, actionTimer: d.action_timer ?? 30, timeBank: d.time_bank,
      timeBankRefill: d.time_bank_refill ?? 10, timeBankRefillHands: d.time_bank_refill_hands ?? 10,
      botPause: d.bot_pause, nextHandDelay: d.next_hand_delay ?? 8, autoStart: d.auto_start, allowRebuys: d.allow_rebuys,
      showEquity: Boolean(d.show_equity),
      revealDeck: Boolean(d.reveal_deck_after_hand),
      listed: Boolean(d.listed),
      seatApproval: Boolean(d.seat_approval),
      hostPlays: d.host_plays ?? true,
    };
  }

  function render() {
    const focusedId = document.activeElement?.id;
    replace(root,
      h("section.lobby-intro", null,
        h("div", null,
          h("h1", null, t("Play Anaconda")),
          h("p", null, t("Seven cards, three rounds of passing to your neighbour, then everyone arranges five cards and rolls them over one at a time. Create a table, add bots or invite friends with the link.")))),
      h("section.panel", { "aria-labelledby": "create-title" },
        h("h2", { id: "create-title" }, t("Create a table")),
        createForm()),
      h("section.panel", { "aria-labelledby": "open-title" },
        h("div", { style: { display: "flex", "justify-content": "space-between", "align-items": "center", gap: "8px" } },
          h("h2", { id: "open-title" }, t("Open tables")),
          h("button.small", { type: "button", id: "refresh-tables", onclick: loadTables }, t("Refresh"))),
        listBox));
    replace(listBox, tableList());
    if (focusedId) document.getElementById(focusedId)?.focus();
  }

  function field(id, label, control, hint, wide = false) {
    return h("div.field", { class: wide ? "wide" : null }, h("label", { for: id }, label), control, hint ? h("span.hint", null, hint) : null);
  }

  function num(id, key, min, max, extra = {}) {
    return h("input", {
      id, type: "number", min, max, step: 1, value: form[key], inputmode: "numeric", required: extra.required ?? true,
      placeholder: extra.placeholder,
      oninput: (ev) => {
        form[key] = ev.target.value;
        extra.oninput?.(ev.target.value);
      },
    });
  }

  // RULES.md §4: the big bet is twice the small bet unless the user sets it. It follows the
  // small bet until the user edits it (emptying it makes it follow again).
  function smallBetTyped(value) {
    if (form.bigBetEdited) return;
    const small = Number(value);
    if (!Number.isInteger(small) || small < 1) return;
    form.bigBet = String(2 * small);
    const big = document.getElementById("big-bet");
    if (big) big.value = form.bigBet;
  }

  function bigBetTyped(value) {
    form.bigBetEdited = value !== "";
  }

  /** The big bet to send: the one typed, else twice the small bet (RULES.md §4); pot and no
   * limit have none (the default goes, whatever a hidden field holds). */
  function bigBetChips() {
    return fixedLimit() ? toInt(form.bigBet, 2 * toInt(form.smallBet, 2)) : 2 * toInt(form.smallBet, 2);
  }

  /** Fixed limit has a small and a big bet and a raise cap; pot and no limit only use the
   * small bet, as their minimum bet (RULES.md §4). */
  function fixedLimit() {
    return form.betting === "fixed_limit";
  }

  /** The stakes fields the chosen structure uses, with its name for the small bet (newcomer
   * trial: the pot-limit form asked for a "Big bet" pot limit does not have). */
  function showStakes(fields) {
    const fixed = fixedLimit();
    fields.small.querySelector("label").textContent = fixed ? t("Small bet") : t("Minimum bet");
    // (the style, not `hidden`: the form's grid styles its fields' display)
    fields.big.style.display = fixed ? "" : "none";
    fields.cap.style.display = fixed ? "" : "none";
  }

  function select(id, key, values, labelFn, onchange) {
    return h("select", {
      id,
      onchange: (ev) => {
        form[key] = ev.target.value;
        onchange?.();
      },
    }, values.map((v) => h("option", { value: v, selected: String(form[key]) === String(v) }, labelFn(v))));
  }

  function createForm() {
    const c = options.choices;
    const stakes = {
      small: field("small-bet", t("Small bet"), num("small-bet", "smallBet", 1, 100000, { oninput: smallBetTyped })),
      big: field("big-bet", t("Big bet"), num("big-bet", "bigBet", 1, 100000, { oninput: bigBetTyped })),
      cap: field("raise-cap", t("Raise cap (bets per round)"), num("raise-cap", "raiseCap", 1, 100, { required: false, placeholder: t("no cap") })),
    };
    showStakes(stakes);
    const splitRadios = h("div.radio-row", { role: "radiogroup", "aria-labelledby": "split-legend" },
      c.split.map((s) => h("label", null,
        h("input", { type: "radio", name: "split", value: s, checked: form.split === s, id: `split-${s}`,
          onchange: () => { form.split = s; render(); } }),
        splitLabel(s))));
    const passRows = form.passCounts.map((n, i) => h("div.bot-row", null,
      h("label", { for: `pass-count-${i}` }, t("Pass {n}", { n: i + 1 })),
      h("input", { id: `pass-count-${i}`, type: "number", min: 1, max: 6, value: n, style: { "max-width": "5em" },
        "aria-label": t("Cards in pass {n}", { n: i + 1 }),
        oninput: (ev) => { form.passCounts[i] = ev.target.value; } }),
      h("select", { id: `pass-dir-${i}`, "aria-label": t("Direction of pass {n}", { n: i + 1 }),
        onchange: (ev) => { form.passDirections[i] = ev.target.value; } },
      c.pass_directions.map((d) => h("option", { value: d, selected: form.passDirections[i] === d }, directionLabel(d))))));
    const botRows = bots.map((b, i) => h("div.bot-row", null,
      h("select", { id: `bot-level-${i}`, "aria-label": t("Bot {n} level", { n: i + 1 }),
        onchange: (ev) => { bots[i].level = ev.target.value; } },
      options.bot_levels.map((lv) => h("option", { value: lv, selected: b.level === lv }, botLabel(lv)))),
      h("input", { id: `bot-name-${i}`, type: "text", maxlength: 24, value: b.name, placeholder: t("Name (optional)"),
        "aria-label": t("Bot {n} name", { n: i + 1 }), oninput: (ev) => { bots[i].name = ev.target.value; } }),
      h("button.small.ghost", { type: "button", id: `bot-remove-${i}`, "aria-label": t("Remove bot {n}", { n: i + 1 }),
        onclick: () => { bots.splice(i, 1); render(); document.getElementById("bot-add")?.focus(); } }, "✕")));
    return h("form.create-form", { id: "create-form", novalidate: true, onsubmit: onCreate },
      h("div.form-grid", null,
        field("table-name", t("Table name"), h("input", { id: "table-name", type: "text", maxlength: 40, value: form.name,
          placeholder: t("Friday game"), oninput: (ev) => { form.name = ev.target.value; } })),
        field("host-name", t("Your name"), h("input", { id: "host-name", type: "text", maxlength: 24, required: true,
          value: form.hostName, autocomplete: "nickname", oninput: (ev) => { form.hostName = ev.target.value; } }))),
      h("fieldset", null, h("legend", { id: "split-legend" }, t("Game")), splitRadios,
        h("label.check", { style: { "margin-top": "8px" } },
          h("input", { type: "checkbox", id: "dealers-choice", checked: form.dealersChoice,
            onchange: (ev) => { form.dealersChoice = ev.target.checked; render(); } }),
          t("Dealer's choice: the dealer picks the game before each hand")),
        declareFields()),
      h("fieldset", null, h("legend", null, t("Cards and passing")),
        h("div.form-grid", null,
          // short options and full-width selects: a phone showed "7 (standaarc" (newcomer
          // trial); the nine-card limit is the hint under the menu
          field("cards-dealt", t("Cards dealt"), select("cards-dealt", "cardsDealt", c.cards_dealt,
            (v) => (Number(v) === 9 ? t("9 (two hidden)") : t("7 (standard)")),
            () => {
              // nine cards each: one deck deals at most five players (RULES.md §1)
              if (toInt(form.cardsDealt, 7) === 9 && toInt(form.seats, 6) > 5) {
                form.seats = 5;
                const seatsInput = document.getElementById("seats");
                if (seatsInput) seatsInput.value = "5";
              }
            }), t("9 cards: at most 5 players"), true)),
        h("div.bot-list", { style: { "margin-top": "8px" } }, passRows)),
      h("fieldset", null, h("legend", null, t("Betting and stakes")),
        h("div.form-grid", null,
          field("betting", t("Structure"), select("betting", "betting", c.betting, bettingLabel, () => showStakes(stakes)), null, true),
          field("ante", t("Ante"), num("ante", "ante", 0, 100000)),
          stakes.small, stakes.big, stakes.cap,
          field("starting-stack", t("Starting stack"), num("starting-stack", "startingStack", 1, 10000000)),
          field("forced-bet", t("Forced bet"), select("forced-bet", "forcedBet", c.forced_bet, forcedBetLabel), null, true),
          field("first-to-act", t("First to act after each card is turned"),
            select("first-to-act", "firstToAct", c.reveal_first_to_act, firstToActLabel), null, true))),
      h("fieldset", null, h("legend", null, t("Players")),
        h("div.form-grid", null,
          field("seats", t("Seats"), num("seats", "seats", 2, 7))),
        h("p.muted", { style: { margin: "8px 0" } }, t("You sit in seat 1. Bots take the next seats; the rest stay open for people with the invite link.")),
        h("div.bot-list", { id: "bot-list" }, botRows),
        h("div.form-actions", { style: { "margin-top": "8px" } },
          h("button.small", { type: "button", id: "bot-add", onclick: () => {
            bots.push({ level: defaultLevel(), name: "" });
            render();
            document.getElementById(`bot-level-${bots.length - 1}`)?.focus();
          } }, t("Add a bot")))),
      h("fieldset", null, h("legend", null, t("Timer")),
        h("label.check", null, h("input", { type: "checkbox", id: "timer-on", checked: form.timerOn,
          onchange: (ev) => { form.timerOn = ev.target.checked; render(); } }), t("Action timer")),
        form.timerOn ? h("div.form-grid", { style: { "margin-top": "8px" } },
          field("action-timer", t("Seconds per decision"), num("action-timer", "actionTimer", 5, 600)),
          field("time-bank", t("Time bank (seconds)"), num("time-bank", "timeBank", 0, 3600)),
          serverHas("time_bank_refill") ? field("time-bank-refill", t("Seconds added to the time bank"), num("time-bank-refill", "timeBankRefill", 0, 3600)) : null,
          serverHas("time_bank_refill_hands") ? field("time-bank-refill-hands", t("Hands between refills"), num("time-bank-refill-hands", "timeBankRefillHands", 1, 1000)) : null) : null),
      // stays as the host left it when the form redraws (removing a bot closed it)
      h("details", { open: Boolean(form.moreOpen), ontoggle: (ev) => { form.moreOpen = ev.target.open; } },
        h("summary", null, t("More options")),
        h("div.form-grid", { style: { "margin-top": "8px" } },
          field("bot-pause", t("Bot thinking pause (seconds)"), h("input", { id: "bot-pause", type: "number", min: 0, max: 10, step: 0.1,
            value: form.botPause, oninput: (ev) => { form.botPause = ev.target.value; } })),
          field("next-hand-delay", t("Seconds the showdown stays before the next hand"), h("input", { id: "next-hand-delay", type: "number", min: 0, max: 120, step: 1,
            value: form.nextHandDelay, oninput: (ev) => { form.nextHandDelay = ev.target.value; } }))),
        h("label.check", null, h("input", { type: "checkbox", id: "auto-start", checked: form.autoStart,
          onchange: (ev) => { form.autoStart = ev.target.checked; } }), t("Deal the next hand automatically")),
        h("label.check", null, h("input", { type: "checkbox", id: "allow-rebuys", checked: form.allowRebuys,
          onchange: (ev) => { form.allowRebuys = ev.target.checked; } }), t("Allow rebuys (the host approves)")),
        serverHas("host_plays") ? h("label.check", null, h("input", { type: "checkbox", id: "host-plays", checked: form.hostPlays,
          onchange: (ev) => { form.hostPlays = ev.target.checked; } }), t("I play at this table (untick to watch the bots play)")) : null,
        serverHasEquity() ? h("label.check", null, h("input", { type: "checkbox", id: "show-equity", checked: form.showEquity,
          onchange: (ev) => { form.showEquity = ev.target.checked; } }), t("Players may see their equity while arranging")) : null,
        h("label.check", null, h("input", { type: "checkbox", id: "reveal-deck", checked: form.revealDeck,
          onchange: (ev) => { form.revealDeck = ev.target.checked; } }), t("Reveal the deck after each hand (lets players verify the shuffle, but shows folded and unused cards)")),
        h("label.check", null, h("input", { type: "checkbox", id: "listed", checked: form.listed,
          onchange: (ev) => { form.listed = ev.target.checked; } }), t("List this table in the lobby (otherwise only people with the invite link find it)")),
        serverHas("seat_approval") ? h("label.check", null, h("input", { type: "checkbox", id: "seat-approval", checked: form.seatApproval,
          onchange: (ev) => { form.seatApproval = ev.target.checked; } }), t("New players need my approval to sit down")) : null),
      h("div.form-actions", null,
        h("button.primary", { type: "submit", id: "create-table", disabled: busy }, t("Create table and sit down")),
        h("span", { id: "create-error", role: "alert", class: "muted" })));
  }

  // The declare house rule (RULES.md §6) exists only for split games: offered for those only,
  // and sent only with them (the server refuses it with high only).
  function declareFields() {
    const c = options.choices;
    if (!c.declare || !c.swing || !splitHasLow()) return null;
    return h("div.form-grid", { id: "declare-options", style: { "margin-top": "8px" } },
      field("declare", t("Split pots"), select("declare", "declare", c.declare, declareModeShort, render),
        [declareModeLabel(form.declare), form.dealersChoice ? ` ${t("A high-only hand is played by the cards.")}` : ""].join(""), true),
      form.declare === "declare" ? field("swing", t("Swing"), select("swing", "swing", c.swing, swingShort, render), swingLabel(form.swing), true) : null);
  }

  function splitHasLow() {
    return form.split !== "high_only";
  }

  function toInt(v, fallback) {
    const n = Number.parseInt(v, 10);
    return Number.isFinite(n) ? n : fallback;
  }

  function buildRequest() {
    const seats = toInt(form.seats, 6);
    const config = {
      split: form.split,
      betting: form.betting,
      ante: toInt(form.ante, 1),
      small_bet: toInt(form.smallBet, 2),
      big_bet: bigBetChips(),
      // pot and no limit have no raise cap: the house default is kept for a later change to
      // fixed limit, whatever the hidden field holds
      raise_cap: !fixedLimit() ? options.config_defaults.raise_cap ?? null
        : form.raiseCap === "" ? null : toInt(form.raiseCap, 4),
      pass_counts: form.passCounts.map((n) => toInt(n, 1)),
      pass_directions: [...form.passDirections],
      cards_dealt: toInt(form.cardsDealt, 7),
      forced_bet: form.forcedBet,
      reveal_first_to_act: form.firstToAct,
      // The swing only matters when declaring; the server refuses ties_ok with cards speak.
      ...(options.choices.declare && splitHasLow()
        ? { declare: form.declare, ...(form.declare === "declare" ? { swing: form.swing } : {}) }
        : {}),
    };
    return {
      // a name of only spaces or invisible characters is no name (the server would refuse it)
      name: canonicalName(form.name) ? form.name.trim() : t("Anaconda table"),
      host_name: form.hostName.trim(),
      seats,
      host_seat: 0,
      config,
      starting_stack: toInt(form.startingStack, 200),
      bots: bots.slice(0, seats - 1).map((b, i) => ({ seat: i + 1, level: b.level, ...(canonicalName(b.name) ? { name: b.name.trim() } : {}) })),
      action_timer: form.timerOn ? toInt(form.actionTimer, 30) : null,
      time_bank: form.timerOn ? toInt(form.timeBank, 60) : 0,
      ...(form.timerOn && serverHas("time_bank_refill") ? {
        time_bank_refill: toInt(form.timeBankRefill, options.table_defaults.time_bank_refill),
        time_bank_refill_hands: toInt(form.timeBankRefillHands, options.table_defaults.time_bank_refill_hands),
      } : {}),
      dealers_choice: Boolean(form.dealersChoice),
      bot_pause: Math.min(10, Math.max(0, Number(form.botPause) || 0)),
      ...(serverHas("next_hand_delay") ? { next_hand_delay: String(form.nextHandDelay).trim() === "" ? options.table_defaults.next_hand_delay : Math.min(120, Math.max(0, Number(form.nextHandDelay) || 0)) } : {}),
      auto_start: Boolean(form.autoStart),
      allow_rebuys: Boolean(form.allowRebuys),
      ...(serverHasEquity() ? { show_equity: Boolean(form.showEquity) } : {}),
      reveal_deck_after_hand: Boolean(form.revealDeck),
      listed: Boolean(form.listed),
      ...(serverHas("seat_approval") ? { seat_approval: Boolean(form.seatApproval) } : {}),
      ...(serverHas("host_plays") ? { host_plays: Boolean(form.hostPlays) } : {}),
    };
  }

  function serverHas(option) {
    return Object.prototype.hasOwnProperty.call(options.table_defaults || {}, option);
  }

  // The equity option exists only when the server knows it (GET /api/options lists it).
  function serverHasEquity() {
    return Object.prototype.hasOwnProperty.call(options.table_defaults || {}, "show_equity");
  }

  // What the server would refuse, found before sending: its messages are English and a
  // refused request logs a console error. Returns [field id, translated message] or null.
  // Empty number fields take the defaults (buildRequest); the limits are RULES.md §1 and §6
  // and those of server/protocol.py.
  function formProblem() {
    const hostProblem = nameProblem(form.hostName);
    if (hostProblem) return ["host-name", hostProblem];
    const taken = [form.hostName];
    for (const [i, b] of bots.entries()) {
      if (!canonicalName(b.name)) continue;  // no name given (only spaces or invisible ones): the bot's own
      const problem = nameProblem(b.name, taken);
      if (problem) return [`bot-name-${i}`, problem];
      taken.push(b.name);
    }
    const whole = (id, label, value, min, max) => {
      // an empty field takes its default; one the browser cannot read as a number ("1e"),
      // which it also reports as empty, is named
      if (document.getElementById(id)?.validity?.badInput) return [id, wholeNumberProblem(label, "", min, max)];
      if (value === "" || value === null || value === undefined) return null;
      const problem = wholeNumberProblem(label, value, min, max);
      return problem ? [id, problem] : null;
    };
    const maxSeats = toInt(form.cardsDealt, 7) === 9 ? 5 : 7;
    const checks = [
      () => whole("seats", t("Seats"), form.seats, 2, maxSeats),
      ...form.passCounts.map((n, i) => () => whole(`pass-count-${i}`, t("Cards in pass {n}", { n: i + 1 }), n, 1, 6)),
      () => whole("ante", t("Ante"), form.ante, 0, 100000),
      () => whole("small-bet", fixedLimit() ? t("Small bet") : t("Minimum bet"), form.smallBet, 1, 100000),
      // a big bet that follows the small bet is the form's own: were it over the field's
      // bounds, the field the user typed in would not be the one named (a small bet of
      // 100,000 was refused as "Big bet: enter a whole number from 1 to 100,000")
      () => (fixedLimit() && form.bigBetEdited ? whole("big-bet", t("Big bet"), form.bigBet, 1, 100000) : null),
      () => (bigBetChips() < toInt(form.smallBet, 2) ? ["big-bet", t("The big bet must be at least the small bet.")] : null),
      () => (fixedLimit() ? whole("raise-cap", t("Raise cap (bets per round)"), form.raiseCap, 1, 100) : null),
      () => whole("starting-stack", t("Starting stack"), form.startingStack, 1, 10000000),
      () => (form.timerOn ? whole("action-timer", t("Seconds per decision"), form.actionTimer, 5, 600) : null),
      () => (form.timerOn ? whole("time-bank", t("Time bank (seconds)"), form.timeBank, 0, 3600) : null),
      () => (form.timerOn ? whole("time-bank-refill", t("Seconds added to the time bank"), form.timeBankRefill, 0, 3600) : null),
      () => (form.timerOn ? whole("time-bank-refill-hands", t("Hands between refills"), form.timeBankRefillHands, 1, 1000) : null),
    ];
    for (const check of checks) {
      const found = check();
      if (found) return found;
    }
    // every number is readable: the stakes as they would be sent must fit the starting stack
    const body = buildRequest();
    const smallLabel = fixedLimit() ? t("Small bet") : t("Minimum bet");
    // a big bet that follows the small bet is the small bet's doing: that field is named
    const fit = stakesFitProblem(body.config, body.starting_stack, body.seats, smallLabel, fixedLimit() && !form.bigBetEdited);
    return fit ? [FIELD_INPUTS[`config.${fit[0]}`], fit[1]] : null;
  }

  /** Unmark the refused field and remove the message shown under it. */
  function clearProblem() {
    for (const el of document.querySelectorAll("#create-form [aria-invalid]")) {
      el.removeAttribute("aria-invalid");
      el.removeAttribute("aria-describedby");
    }
    document.getElementById("create-field-error")?.remove();
  }

  /**
   * Show why the form was refused. The message stays under Create as well (its alert is what
   * a screen reader announces), but the page scrolls to the field it blames, so the message is
   * also shown right under that field, which is marked invalid (newcomer review: the message
   * sat 1,000 px below the field on a desktop, 1,500 px on a phone). Editing the field clears
   * both.
   */
  function showProblem(id, message) {
    const errorBox = document.getElementById("create-error");
    if (errorBox) errorBox.textContent = message;
    clearProblem();
    const el = id ? document.getElementById(id) : null;
    if (!el) return;
    // a field under "More options" (the server may name the bot pause) is opened first
    const more = el.closest("details");
    if (more && !more.open) {
      more.open = true;
      form.moreOpen = true;
    }
    const note = h("p.neg.field-error", { id: "create-field-error" }, message);
    // under the input in its field; under the whole row of a bot, a pass or a button
    const anchor = el.parentElement?.classList.contains("field") ? el : el.closest(".bot-row, .form-actions") ?? el;
    anchor.after(note);
    el.setAttribute("aria-invalid", "true");
    el.setAttribute("aria-describedby", note.id);
    el.addEventListener("input", () => {
      if (el.getAttribute("aria-describedby") !== note.id || !note.isConnected) return;  // a later refusal's
      clearProblem();
      if (errorBox?.textContent === message) errorBox.textContent = "";
    });
    el.focus();
    // the focus scrolled to the field: the message under it must show too (a phone)
    note.scrollIntoView({ block: "nearest" });
  }

  async function onCreate(ev) {
    ev.preventDefault();
    const errorBox = document.getElementById("create-error");
    const problem = formProblem();
    if (problem) {
      showProblem(...problem);
      return;
    }
    const body = buildRequest();
    if (body.bots.length > body.seats - 1) {
      showProblem("seats", t("Too many bots for {n} seats.", { n: body.seats }));
      return;
    }
    if (body.host_plays === false && body.bots.length < 2) {
      showProblem("bot-add", t("A table where only bots play needs at least two bots."));
      return;
    }
    busy = true;
    showProblem(null, "");
    errorBox.textContent = "";
    try {
      const res = await api.createTable(body);
      setPref("name", body.host_name);
      const tableId = res.table?.table_id;
      rememberSeat(tableId, { token: res.token, seat: res.seat, name: body.host_name });
      location.hash = `#/table/${encodeURIComponent(tableId)}`;
    } catch (err) {
      busy = false;
      // the server names the field it refused (docs/protocol.md §3): mark that input
      showProblem(FIELD_INPUTS[err.field] ?? null, errorText(err.code, err.message));
    }
  }

  function tableList() {
    if (tablesError) return h("p.error-box", null, errorText(tablesError.code, tablesError.message));
    if (tables === null) return h("p.muted", null, t("Loading tables…"));
    if (!tables.length) return h("p.muted", null, t("No open tables yet. Create one!"));
    return h("ul.table-list", { id: "table-list" }, tables.map((tb) => {
      const full = tb.occupied >= tb.seats;
      const mine = seatFor(tb.table_id);
      const link = inviteUrl(tb.table_id);
      const label = mine ? t("Back to my seat") : full ? t("Watch") : t("Open");
      return h("li.table-item", { dataset: { tableId: tb.table_id } },
        h("span.t-name", null, tb.name, mine ? h("span.badge.good", { style: { "margin-left": "6px" } }, t("your seat")) : null),
        h("span.t-meta", null,
          `${tb.dealers_choice ? t("Dealer's choice") : splitLabel(tb.split)} · ${bettingLabel(tb.betting)} · `,
          t("{occupied}/{seats} seated", { occupied: tb.occupied, seats: tb.seats }),
          tb.spectators ? ` · ${t("{n} watching", { n: tb.spectators })}` : "",
          ` · ${tableStatus(tb.status)}`),
        h("span.t-actions", null,
          h("a.btn.small.primary", { href: `#/table/${encodeURIComponent(tb.table_id)}` }, label),
          h("button.small", { type: "button", "aria-label": t("Copy invite link for {name}", { name: tb.name }),
            onclick: () => copyText(link) }, icon("i-copy"), t("Invite"))));
    }));
  }

  async function loadTables() {
    try {
      const res = await api.tables();
      const listed = res.tables || [];
      // unlisted tables where this browser holds a seat: the server lists them to the token
      const known = new Set(listed.map((tb) => tb.table_id));
      const mine = Object.entries(allSeats()).filter(([id, info]) => !known.has(id) && info?.token);
      const extra = await Promise.all(mine.map(([id, info]) => api.tables(info.token)
        .then((r) => (r.tables || []).filter((tb) => tb.table_id === id && tb.status !== "failed"))
        .catch(() => [])));
      tables = [...extra.flat(), ...listed];
      tablesError = null;
    } catch (err) {
      tablesError = err;
    }
    replace(listBox, tableList());
  }

  async function loadOptions() {
    const shown = defaults();
    try {
      const res = await api.options();
      if (res?.config_defaults) options = { ...FALLBACK_OPTIONS, ...res };
    } catch {
      options = FALLBACK_OPTIONS;
    }
    // the server's defaults replace the built-in ones, but never what was typed meanwhile
    const fresh = defaults();
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    form = Object.fromEntries(Object.entries(fresh).map(([key, value]) => [key, same(form[key], shown[key]) ? value : form[key]]));
    render();
  }

  form = defaults();
  render();
  loadOptions();
  loadTables();
  timer = setInterval(loadTables, 10000);

  return {
    title: () => t("Lobby"),
    rerender: render,
    destroy: () => clearInterval(timer),
  };
}

export function tableStatus(status) {
  switch (status) {
    case "waiting": return t("waiting for players");
    case "playing": return t("playing");
    case "paused": return t("paused");
    case "closed": return t("closed");
    default: return String(status ?? "");
  }
}
