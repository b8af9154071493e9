// "Your area" of the table page: what you must decide now (betting, passing, arranging), your
// cards, the showdown result, seat commands, and taking a seat when watching. The host's
// seat and rebuy requests are not here but in the host's dock (table.js), which floats and so
// never pushes the cards and the betting buttons out of the window.

import { api } from "./api.js";
import { renderArrange } from "./arrange.js";
import { cardEl, cardRow, sortCards } from "./cards.js";
import { announce, h, replace } from "./dom.js";
import { chips, currentLanguage, t } from "./i18n.js";
import { declarationsPanel, declareControls, declarePrompt } from "./declare.js";
import { describeBoth } from "./handnames.js";
import { directionLabel, errorText, isTopUp, nameProblem, splitLabel } from "./labels.js";
import { rememberSeat, setPref } from "./prefs.js";
import { PreActions } from "./preactions.js";
import { cardsText } from "./cardtext.js";
import { strengthLine } from "./strength.js";
import { sizingButtons } from "./betsizing.js";

/**
 * The renderer of your area, bound to the table page's state.
 * @param {object} ctx
 * @param {object} ctx.s  the table page's state (mutated: pass selection, arrangement, ...)
 * @param {HTMLElement} ctx.el  the area's element
 * @param {string} ctx.tableId
 * @param {() => number|null} ctx.mySeat
 * @param {() => object|null} ctx.config  table config
 * @param {() => string} ctx.splitNow  this hand's game type
 * @param {(seat: number) => string} ctx.nameOf
 * @param {() => object} ctx.timers  seat -> {frac, low, left, bank}
 * @param {(action: object) => void} ctx.send  send a decision (HAND_HISTORY action object)
 * @param {(msg: object) => void} ctx.command  send another protocol message (sit_out, ...)
 * @param {() => void} ctx.rerender  redraw the area (keeping the focus)
 * @param {() => void} ctx.reconnect  reconnect (after taking a seat)
 * @returns {{draw: () => void, countdownText: (tm: object) => string, pre: PreActions}}
 */
export function createMyArea(ctx) {
  const { s, el: my, tableId, mySeat, config, splitNow, nameOf, timers, send, command, rerender, reconnect } = ctx;
  const pre = new PreActions();

  /** The neighbour still in the hand in a direction (RULES.md §3: folded players are skipped). */
  function neighbour(view, seat, direction) {
    const live = view.seats.filter((x) => !x.folded).map((x) => x.seat).sort((a, b) => a - b);
    const i = live.indexOf(seat);
    if (i < 0 || live.length < 2) return null;
    const step = direction === "right" ? -1 : 1;
    return live[(i + step + live.length) % live.length];
  }

  function drawMy() {
    if (s.sentTurn && s.sentTurn !== s.msg?.turn) {
      s.sentTurn = null;
      my.classList.remove("sending");
    }
    if (s.notFound) {
      replace(my, h("p", null, h("a", { href: "#/" }, t("Back to the lobby"))));
      return;
    }
    const view = s.view;
    const seat = mySeat();
    const you = view?.you ?? null;
    const parts = [];
    if (seat === null) {
      parts.push(joinPanel());
      parts.push(h("p.muted", null, t("You are watching: you see only what everyone at the table sees.")));
      if (view?.phase === "complete") parts.push(resultPanel(view));
      replace(my, parts);
      return;
    }
    if (s.choose) parts.push(chooseGamePanel());
    if (!view || !you) {
      if (!s.choose) parts.push(h("div.my-status", null, h("span.prompt", null, waitingText())));
      parts.push(betweenHands());
      replace(my, parts);
      return;
    }
    const legal = you.legal || { kinds: [] };
    const kinds = new Set(legal.kinds || []);
    const myTurn = view.phase !== "complete" && view.to_act?.includes(you.seat) && kinds.size > 0;
    parts.push(statusLine(view, you, myTurn, kinds));
    // your best high and low now, in every phase of a hand you are still in
    const meNow = view.seats.find((x) => x.seat === you.seat);
    if (view.phase !== "complete" && meNow && !meNow.folded) parts.push(strengthLine(you.arrangement || you.hand, splitNow(), !!you.arrangement));
    if (view.phase === "arranging" && kinds.has("arrange") && !you.arrangement) {
      parts.push(arrangePanel(view, you));
    } else {
      parts.push(handRow(view, you, kinds));
      parts.push(controls(view, you, kinds, legal));
    }
    if (view.phase === "complete") parts.push(resultPanel(view), betweenHands());
    replace(my, parts);
    // paused by the host mid-hand: every decision waits for the resume (the server refuses
    // one with "paused"), so nothing to decide is offered until then
    if (pausedMidHand(view)) {
      for (const el of my.querySelectorAll(".controls button, .controls input, #my-hand button.card, #arrange button")) {
        if (el.dataset.key !== "sort-toggle") el.disabled = true;
      }
    }
  }

  function pausedMidHand(view) {
    return s.table?.status === "paused" && view.phase !== "complete";
  }

  function waitingText() {
    const tb = s.table;
    if (!tb) return t("Connecting…");
    if (tb.status === "paused") return t("The host has paused the table.");
    const me = tb.seats?.[mySeat()];
    // a busted player sits out until a rebuy; say why rather than "the next hand starts"
    if (me && me.stack === 0) return tb.allow_rebuys ? t("You have no chips left: ask for a rebuy to play on.") : t("You have no chips left.");
    const running = s.view && s.view.phase !== "complete";
    if (me?.sitting_out) return running ? t("You are sitting out; the others are playing.") : t("You are sitting out: press Sit in to play the next hand.");
    if (running) return t("You join at the next hand.");
    const seated = (tb.seats || []).filter(Boolean).length;
    if (seated < 2) return t("Waiting for players: share the invite link.");
    if (!tb.auto_start) return t("Waiting for the host to deal.");
    return t("The next hand starts in a moment…");
  }

  function statusLine(view, you, myTurn, kinds) {
    let prompt = "";
    let waiting = "";
    const cfg = config();
    const folded = Boolean(view.seats.find((x) => x.seat === you.seat)?.folded);
    if (view.phase === "complete") {
      prompt = view.result?.showdown ? t("Showdown") : t("Hand over");
    } else if (pausedMidHand(view)) {
      prompt = t("The game is paused: timers are stopped until the host resumes.");
    } else if (folded) {
      // out of the hand: no "choose cards to pass" or "arrange your five" (issue 12 §3)
      prompt = t("You folded: you are out of this hand and watching.");
    } else if (view.phase === "passing") {
      const dir = cfg?.pass_directions?.[view.pass_index] ?? "left";
      const target = neighbour(view, you.seat, dir);
      if (kinds.has("pass") && !you.pending_pass) {
        const args = { count: view.pass_count, direction: directionLabel(dir), name: target === null ? "?" : nameOf(target) };
        prompt = view.pass_count === 1 ? t("Choose {count} card to pass {direction}, to {name}", args) : t("Choose {count} cards to pass {direction}, to {name}", args);
      } else if (you.pending_pass) {
        prompt = t("Passed. Waiting for the others.");
      }
      waiting = waitingFor(view);
    } else if (view.phase === "arranging") {
      prompt = you.arrangement ? t("Arranged. Waiting for the others.") : t("Arrange your five cards");
      waiting = waitingFor(view);
    } else if (view.phase === "declaring") {
      prompt = declarePrompt(you);
      waiting = waitingFor(view);
    } else if (myTurn) {
      prompt = t("Your turn");
    } else {
      const actor = view.to_act?.[0];
      prompt = actor === undefined ? "" : t("Waiting for {name}", { name: nameOf(actor) });
    }
    const tm = timers()[you.seat];
    return h("div.my-status", null,
      h("span.prompt", { id: "prompt" }, prompt),
      waiting ? h("span.waiting", { id: "waiting-for" }, waiting) : null,
      tm ? h("span.countdown", { id: "countdown", class: tm.low ? "low" : "" }, countdownText(tm)) : null);
  }

  function countdownText(tm) {
    const secs = Math.ceil(tm.left);
    return tm.bank ? t("Time bank: {s} s", { s: secs }) : t("{s} s", { s: secs });
  }

  function waitingFor(view) {
    const me = mySeat();
    const names = view.seats.filter((x) => x.seat !== me && !x.folded && !x.has_committed && view.to_act?.includes(x.seat)).map((x) => x.name);
    return names.length ? t("Still choosing: {names}", { names: names.join(", ") }) : "";
  }

  /** Your cards: selectable while passing, with received cards highlighted. */
  function handRow(view, you, kinds) {
    const passKey = `${s.msgHandNo}:${view.pass_index}`;
    if (passKey !== s.selKey) {
      s.selKey = passKey;
      s.selected = new Set();
    }
    const choosing = view.phase === "passing" && kinds.has("pass") && !you.pending_pass;
    const lastPass = you.passes?.length ? you.passes[you.passes.length - 1] : null;
    const received = new Set(view.revealed_count === 0 ? (lastPass?.received || []) : []);
    const pending = new Set(you.pending_pass || []);
    let cards;
    const arranged = you.arrangement;
    if (arranged && view.phase !== "passing") {
      cards = arranged;
    } else {
      cards = s.sortBySuit
        ? [...you.hand].sort((a, b) => "cdhs".indexOf(a[1]) - "cdhs".indexOf(b[1]) || "23456789TJQKA".indexOf(b[0]) - "23456789TJQKA".indexOf(a[0]))
        : sortCards(you.hand);
    }
    const myRevealed = view.seats.find((x) => x.seat === you.seat)?.revealed?.length ?? 0;
    const els = cards.map((card, i) => {
      const classes = [];
      if (received.has(card)) classes.push("received");
      if (pending.has(card)) classes.push("passed-away");
      const attrs = { "data-key": `hand-${card}` };
      if (arranged && view.phase !== "passing") {
        attrs.title = i < myRevealed ? t("Face up") : t("Turned as card {n}", { n: i + 1 });
        if (i >= myRevealed) classes.push("unrevealed");
      }
      if (choosing) {
        const selected = s.selected.has(card);
        return cardEl(card, {
          tag: "button", size: "lg", classes,
          attrs: {
            ...attrs,
            "aria-pressed": selected ? "true" : "false",
            onclick: () => togglePass(card, view.pass_count),
            onkeydown: arrowNav,
          },
        });
      }
      return cardEl(card, { size: "lg", classes, attrs });
    });
    const dead = (you.dead || []).map((card) => cardEl(card, { size: "md", classes: ["dead"], attrs: { title: t("Out of play") } }));
    const hidden = (you.hidden || []).map((card) => cardEl(card, { size: "md", classes: ["dead"] }));
    return h("div", null,
      h("div.my-hand", { id: "my-hand", class: (you.hidden || []).length || dead.length ? "with-extra" : "", role: "group", "aria-label": t("Your cards") },
        els,
        dead.length ? h("div.hidden-cards", null, h("span.hidden-label", null, t("Out of play")), dead) : null,
        hidden.length ? h("div.hidden-cards", null, h("span.hidden-label", null, t("Hidden")), hidden) : null),
      passInfo(view, you, lastPass, received));
  }

  function passInfo(view, you, lastPass, received) {
    const bits = [];
    if (received.size && lastPass) {
      // what you gave stays readable next to what you got, until the roll begins
      if (lastPass.passed?.length) bits.push(h("span", { id: "passed-text" }, t("Passed: {cards}", { cards: cardsText(lastPass.passed) })));
      bits.push(h("span", { id: "received-text" }, t("Received: {cards}", { cards: cardsText([...received]) })));
    }
    if (you.pending_pass) bits.push(h("span", null, t("You pass: {cards}", { cards: cardsText(you.pending_pass) })));
    const toggle = h("button.small.ghost", {
      type: "button", "data-key": "sort-toggle",
      onclick: () => { s.sortBySuit = !s.sortBySuit; rerender(); },
    }, s.sortBySuit ? t("Sort by rank") : t("Sort by suit"));
    return h("div.controls", { class: "pass-info" }, bits.length ? h("span.hint", { id: "pass-info" }, bits) : null, view.phase !== "complete" && !you.arrangement ? toggle : null);
  }

  function arrowNav(ev) {
    if (ev.key !== "ArrowLeft" && ev.key !== "ArrowRight") return;
    const buttons = [...ev.currentTarget.parentElement.querySelectorAll("button.card")];
    const i = buttons.indexOf(ev.currentTarget);
    const next = buttons[i + (ev.key === "ArrowRight" ? 1 : -1)];
    if (next) {
      ev.preventDefault();
      next.focus();
    }
  }

  function togglePass(card, count) {
    if (s.selected.has(card)) s.selected.delete(card);
    else if (s.selected.size < count) s.selected.add(card);
    else {
      announce(count === 1 ? t("You pass exactly {count} card; unselect it first.", { count }) : t("You pass exactly {count} cards; unselect one first.", { count }));
      return;
    }
    rerender();
  }

  function controls(view, you, kinds, legal) {
    if (view.phase === "complete") return null;
    if (view.phase === "passing") {
      if (!kinds.has("pass") || you.pending_pass) return null;
      const n = view.pass_count;
      return h("div.controls", null,
        h("span.hint", { id: "pass-count" }, t("{n} of {count} selected", { n: s.selected.size, count: n })),
        h("button.primary", {
          type: "button", id: "pass-confirm", "data-key": "pass-confirm", disabled: s.selected.size !== n,
          onclick: () => {
            send({ action: "pass", cards: [...s.selected] });
          },
        }, n === 1 ? t("Pass {count} card", { count: n }) : t("Pass {count} cards", { count: n })));
    }
    if (view.phase === "declaring") {
      return kinds.has("declare") && !you.declaration ? declareControls(legal, config(), send) : null;
    }
    if (view.phase !== "betting") return null;
    if (!view.to_act?.includes(you.seat) || !kinds.size) return pre.render(view, s.msgHandNo, you.seat, rerender);
    return bettingControls(view, kinds, legal);
  }

  function bettingControls(view, kinds, legal) {
    const btns = [];
    // folding when checking is free asks once (issue 12 §3)
    const freeCheck = kinds.has("check");
    if (freeCheck && s.foldAsk === s.msg?.turn) {
      return h("div.controls", { role: "group", id: "fold-ask", "aria-label": t("Fold") },
        h("span.prompt", { id: "fold-question" }, t("You can check for free — fold anyway?")),
        h("button.danger", { type: "button", id: "fold-anyway", "data-key": "fold-anyway", onclick: () => { s.foldAsk = null; send({ action: "fold" }); } }, t("Fold anyway")),
        h("button.primary", { type: "button", id: "fold-check", "data-key": "fold-check", onclick: () => { s.foldAsk = null; send({ action: "check" }); } }, t("Check")));
    }
    const onFold = freeCheck
      ? () => { s.foldAsk = s.msg?.turn; rerender(); my.querySelector("#fold-check")?.focus(); }
      : () => send({ action: "fold" });
    if (kinds.has("fold")) btns.push(h("button.danger", { type: "button", id: "act-fold", "data-key": "act-fold", onclick: onFold }, t("Fold"), kbd("F")));
    if (kinds.has("check")) btns.push(h("button", { type: "button", id: "act-check", "data-key": "act-check", onclick: () => send({ action: "check" }) }, t("Check"), kbd("C")));
    if (kinds.has("call")) btns.push(h("button", { type: "button", id: "act-call", "data-key": "act-call", onclick: () => send({ action: "call" }) }, t("Call {amount}", { amount: chips(legal.call_amount) }), kbd("C")));
    const kind = kinds.has("bet") ? "bet" : kinds.has("raise") ? "raise" : null;
    const range = kind === "bet" ? legal.bet_range : kind === "raise" ? legal.raise_range : null;
    if (kind && range) {
      const [lo, hi] = range;
      const label = (amount) => (kind === "bet" ? t("Bet {amount}", { amount: chips(amount) }) : t("Raise to {amount}", { amount: chips(amount) }));
      if (lo === hi) {
        btns.push(h("button.primary", { type: "button", id: `act-${kind}`, "data-key": `act-${kind}`, onclick: () => send({ action: kind, to: lo }) }, label(lo), kbd(kind === "bet" ? "B" : "R")));
      } else {
        const amountKey = `${s.msgHandNo}:${view.betting_round}:${lo}:${hi}`;
        if (s.amountKey !== amountKey) {
          s.amountKey = amountKey;
          s.amount = lo;
          s.amountText = null;   // what is typed in the field, kept across re-renders
        }
        const clamp = (v) => Math.max(lo, Math.min(hi, Math.round(Number(v) || lo)));
        const button = h("button.primary", { type: "button", id: `act-${kind}`, "data-key": `act-${kind}`, onclick: () => send({ action: kind, to: clamp(s.amount) }) }, label(s.amount), kbd(kind === "bet" ? "B" : "R"));
        const setAmount = (v) => {
          s.amount = clamp(v);
          s.amountText = null;
          number.value = String(s.amount);
          slider.value = String(s.amount);
          button.firstChild.textContent = label(s.amount);
        };
        const number = h("input", {
          type: "number", id: "amount", "data-key": "amount", min: lo, max: hi, step: 1, value: s.amountText ?? s.amount, "aria-label": t("Amount"),
          enterkeyhint: "send",
          onchange: (ev) => setAmount(ev.target.value),
          // typing is kept as typed (a re-render when someone joins must not reset it); the
          // button follows a typed amount that is in range
          oninput: (ev) => {
            s.amountText = ev.target.value;
            const typed = Number(ev.target.value);
            if (ev.target.value !== "" && Number.isInteger(typed) && typed >= lo && typed <= hi) {
              s.amount = typed;
              slider.value = String(typed);
              button.firstChild.textContent = label(typed);
            }
          },
          // Enter in the amount field bets or raises exactly the typed amount; an amount out of
          // range (or not whole) is corrected on the button first and sent only on a second Enter
          onkeydown: (ev) => {
            if (ev.key !== "Enter") return;
            ev.preventDefault();
            const typed = ev.target.value;
            setAmount(typed);
            if (typed !== "" && Number(typed) === s.amount) send({ action: kind, to: s.amount });
          },
        });
        const slider = h("input", { type: "range", id: "amount-slider", "data-key": "amount-slider", min: lo, max: hi, step: 1, value: s.amount, "aria-label": t("Amount"), oninput: (ev) => setAmount(ev.target.value) });
        // pot and no limit: ½ pot, ¾ pot, pot and all-in when the maximum is all your chips,
        // one button per amount (betsizing.js)
        // (fixed limit has one amount per bet)
        const sizing = config()?.betting && config().betting !== "fixed_limit"
          ? sizingButtons(view, mySeat(), range).map((size) => h("button.small", {
            type: "button", id: `size-${size.id}`, "data-key": `size-${size.id}`,
            onclick: () => setAmount(size.to),
          }, size.label()))
          : [h("button.small", { type: "button", id: "size-all-in", "data-key": "amt-max", onclick: () => setAmount(hi) }, t("All-in"))];
        btns.push(h("div.amount", null,
          h("button.small", { type: "button", "data-key": "amt-min", onclick: () => setAmount(lo) }, t("Min")),
          slider, number,
          h("div.sizing", null, sizing),
          button));
      }
    }
    return h("div.controls", { role: "group", "aria-label": t("Your action") }, pre.notice(view, s.msgHandNo), btns,
      h("span.hint.keys", { "aria-hidden": "true" }, t("Keys: F fold · C check or call · B bet · R raise")));
  }

  function kbd(key) {
    return h("kbd.visually-hidden", null, ` (${key})`);
  }

  function arrangePanel(view, you) {
    const key = `${s.msgHandNo}`;
    if (s.arrange.key !== key) s.arrange = { key, slots: [null, null, null, null, null] };
    const box = h("div.arrange", { id: "arrange" });
    requestAdvice(view, you);
    const asked = adviceKey();
    renderArrange(box, {
      hand: you.hand,
      model: s.arrange,
      split: splitNow(),
      suggestions: s.advice.key === asked ? s.advice.data : null,
      loadingSuggestions: s.advice.key === asked && s.advice.loading,
      equity: s.advice.key === asked ? s.advice.data?.equity ?? null : null,
      onConfirm: (cards) => send({ action: "arrange", cards }),
    });
    return box;
  }

  // the advice of this hand in this language (its reasons come translated: a language
  // switch asks again)
  function adviceKey() {
    return `${s.msgHandNo}:${currentLanguage()}`;
  }

  async function requestAdvice(view, you) {
    const key = adviceKey();
    if (s.advice.key === key) return;
    s.advice = { key, loading: true, data: null };
    try {
      // seated: the server advises on its own view of our seat and adds the equity when the
      // table allows it; without a seat token the endpoint is a calculator on the view we send
      const token = s.seatInfo?.token || null;
      const body = token ? { equity: Boolean(s.table?.show_equity) } : { view, config: config() || {}, split: splitNow() };
      body.lang = currentLanguage(); // the reveal order's reasons come translated
      const data = await api.advice(body, token);
      if (s.advice.key === key) s.advice = { key, loading: false, data };
    } catch {
      if (s.advice.key === key) s.advice = { key, loading: false, data: null };
    }
    if (s.view?.phase === "arranging" && !s.view.you?.arrangement) {
      const box = document.getElementById("arrange");
      if (box) {
        renderArrange(box, {
          hand: s.view.you.hand,
          model: s.arrange,
          split: splitNow(),
          suggestions: s.advice.data,
          loadingSuggestions: false,
          equity: s.advice.data?.equity ?? null,
          onConfirm: (cards) => send({ action: "arrange", cards }),
        });
      }
    }
  }

  function resultPanel(view) {
    const result = view.result;
    if (!result) return null;
    const me = mySeat();
    const net = me === null ? null : result.net?.[String(me)];
    // under the declare rule (RULES.md §6) a half nobody eligible won goes to the other half
    const declared = Object.keys(result.declarations || {}).length > 0;
    const lines = (result.pots || []).map((pot, i) => {
      const title = result.pots.length > 1
        ? (i === 0 ? t("Main pot {amount}", { amount: chips(pot.amount) }) : t("Side pot {n}: {amount}", { n: i, amount: chips(pot.amount) }))
        : t("Pot {amount}", { amount: chips(pot.amount) });
      const awards = Object.entries(pot.awards || {}).map(([seat, amount]) => `${nameOf(Number(seat))} +${chips(amount)}`).join(", ");
      const high = (pot.high_winners || []).map(nameOf).join(", ");
      const low = (pot.low_winners || []).map(nameOf).join(", ");
      return h("div.pot-result", null,
        h("h3", null, title),
        h("div.winners", null,
          high ? h("span", null, t("High: {names}", { names: high }))
            : (declared ? h("span.muted", null, t("High: no declarer won it, the low takes the whole pot")) : null),
          low ? h("span", null, t("Low: {names}", { names: low }))
            : (declared ? h("span.muted", null, t("Low: no declarer won it, the high takes the whole pot"))
              : (splitNow() !== "high_only" && result.showdown ? h("span.muted", null, t("No qualifying low")) : null)),
          pot.scoop !== null && pot.scoop !== undefined && splitNow() !== "high_only" ? h("span.scoop", null, t("{name} scoops", { name: nameOf(pot.scoop) })) : null,
          h("span.muted", null, awards)));
    });
    return h("div.results", { id: "results", "aria-live": "polite" },
      net === null || net === undefined ? null : h("p", { id: "my-net" }, net > 0 ? t("You won {amount}.", { amount: chips(net) }) : net < 0 ? t("You lost {amount}.", { amount: chips(-net) }) : t("You broke even.")),
      shownHands(view, result),
      declarationsPanel(result, nameOf, me),
      lines);
  }

  // Every hand shown at the showdown, in full: the seats on the felt are too small on a phone
  // to read five cards and a hand name, so the result repeats them here, winners marked.
  function shownHands(view, result) {
    if (!result.showdown) return null;
    const revealed = result.revealed || {};
    const winners = new Set((result.pots || []).flatMap((pot) => [...(pot.high_winners || []), ...(pot.low_winners || [])]));
    const rows = view.seats
      .filter((x) => (revealed[String(x.seat)] || x.revealed || []).length === 5)
      .map((x) => {
        const cards = revealed[String(x.seat)] || x.revealed;
        return h("li", { class: winners.has(x.seat) ? "winner" : "", dataset: { seat: x.seat } },
          h("span.shown-name", null, nameOf(x.seat)),
          cardRow(cards, { size: "sm" }),
          h("span.shown-hand", null, describeBoth(cards, splitNow())));
      });
    return rows.length ? h("ul.shown-hands", { id: "shown-hands", "aria-label": t("Showdown") }, rows) : null;
  }

  function betweenHands() {
    const info = s.table?.seats?.[mySeat()];
    const bits = [];
    if (info) {
      bits.push(info.sitting_out
        ? h("button.small", { type: "button", id: "sit-in", "data-key": "sit-in", onclick: () => command({ type: "sit_in" }) }, t("Sit in"))
        : h("button.small", { type: "button", id: "sit-out", "data-key": "sit-out", onclick: () => command({ type: "sit_out" }) }, t("Sit out next hands")));
      const start = s.table.starting_stack;
      // a seat with chips left tops up to the starting stack; "rebuy" is buying in again
      // once broke (review: 199 of 200 chips were offered "Rebuy to 200")
      const topUp = isTopUp(info.rebuy_requested || info.rebuy_pending || start - info.stack, start);
      if (info.rebuy_requested > 0) {
        // asked once: no second button until the host answers (docs/protocol.md §3)
        bits.push(h("span.hint", { id: "rebuy-waiting", role: "status" },
          topUp ? t("Top-up requested — waiting for the host") : t("Rebuy requested — waiting for the host")));
      } else if (info.rebuy_pending > 0) {
        const amount = chips(info.rebuy_pending);
        bits.push(h("span.hint", { id: "rebuy-approved", role: "status" },
          topUp ? t("Top-up approved: {amount} chips are added when this hand ends.", { amount })
            : t("Rebuy approved: {amount} chips are added when this hand ends.", { amount })));
      } else if (s.table.allow_rebuys && info.stack < start) {
        // without a host, or for the host, the server approves at once
        const asks = s.table.host_seat !== null && s.table.host_seat !== mySeat();
        const label = topUp ? t("Top up to {amount}", { amount: chips(start) }) : t("Rebuy to {amount}", { amount: chips(start) });
        const requested = topUp ? t("Top-up requested; the host decides.") : t("Rebuy requested; the host decides.");
        bits.push(h("button.small", { type: "button", id: "rebuy", "data-key": "rebuy", onclick: (ev) => {
          ev.currentTarget.disabled = true;
          command({ type: "rebuy", amount: start - info.stack });
          if (asks) announce(requested);
        } }, label));
      }
    }
    return bits.length ? h("div.controls", null, bits) : null;
  }

  function chooseGamePanel() {
    const c = s.choose;
    return h("div.controls", { id: "choose-game", role: "group", "aria-label": t("Dealer's choice") },
      h("span.prompt", null, t("You deal: choose the game")),
      (c.options || []).map((split) => h("button", {
        type: "button", "data-key": `choose-${split}`, class: split === c.default ? "primary" : "",
        onclick: () => { command({ type: "choose_game", split }); s.choose = null; rerender(); },
      }, splitLabel(split))));
  }

  function joinPanel() {
    const tb = s.table;
    const free = (tb?.seats || []).map((x, i) => (x ? null : i)).filter((x) => x !== null);
    if (!tb) return h("p.muted", null, t("Connecting…"));
    if (!free.length) return h("p.muted", { id: "join-full" }, t("All seats are taken."));
    const ask = Boolean(tb.seat_approval);   // the host lets newcomers in (server/host_controls.py)
    if (ask && s.mySeatRequest?.state === "pending") {
      return h("p.controls", { id: "join-pending", role: "status" }, t("Waiting for the host to let you in…"));
    }
    // The seat picked stays picked across re-renders. By default "any free seat": the server
    // gives the first one free when the request arrives, so two friends who open the link
    // together both sit down instead of one being told seat 1 is taken.
    if (s.joinSeat !== null && !free.includes(s.joinSeat)) s.joinSeat = null;
    const seatChoice = s.joinSeat;
    // data-key: a re-render while the name is typed (a table update) keeps the focus there
    const nameInput = h("input", { type: "text", id: "join-name", "data-key": "join-name", maxlength: 24, value: s.joinName, autocomplete: "nickname", required: true,
      oninput: (ev) => { s.joinName = ev.target.value; } });
    return h("form.controls", {
      id: "join-form",
      onsubmit: async (ev) => {
        ev.preventDefault();
        const name = s.joinName.trim();
        // check what the server would refuse (a refused request also logs a console error)
        const problem = nameProblem(name, (s.table?.seats || []).map((x) => x?.name));
        if (problem) {
          s.joinError = problem;
          rerender();
          document.getElementById("join-name")?.focus();
          return;
        }
        if (ask) {
          // asked over this socket: the answer (and the seat's token) comes back on it
          if (command({ type: "request_seat", name, seat: s.joinSeat })) {
            setPref("name", name);
            s.joinError = "";
            s.mySeatRequest = { state: "pending" };
          } else {
            s.joinError = t("Not connected; trying again…");
          }
          rerender();
          return;
        }
        try {
          const res = await api.takeSeat(tableId, { name, seat: s.joinSeat });
          setPref("name", name);
          s.seatInfo = { token: res.token, seat: res.seat, name };
          rememberSeat(tableId, s.seatInfo);
          s.joinError = "";
          s.welcome = null;
          s.msg = null;
          reconnect();
        } catch (err) {
          s.joinError = errorText(err.code, err.message);
          rerender();
        }
      },
    },
    h("span.prompt", null, ask ? t("Ask the host for a seat") : t("Take a seat")),
    // each label stays beside its field when the form wraps (a phone put "Your name" at the
    // end of the prompt's line and "Seat" beside the name box)
    h("span.join-field", null, h("label", { for: "join-name" }, t("Your name")), nameInput),
    h("span.join-field", null, h("label", { for: "join-seat" }, t("Seat")),
      h("select", { id: "join-seat", "data-key": "join-seat", onchange: (ev) => { s.joinSeat = ev.target.value === "" ? null : Number(ev.target.value); } },
        h("option", { value: "", selected: seatChoice === null }, t("Any free seat")),
        free.map((i) => h("option", { value: i, selected: i === seatChoice }, t("Seat {n}", { n: i + 1 }))))),
    h("button.primary", { type: "submit", id: "join-submit" }, ask ? t("Ask to sit down") : t("Sit down")),
    s.mySeatRequest?.state === "denied" ? h("span", { id: "join-denied", role: "alert", class: "neg" }, s.mySeatRequest.reason
      ? t("The host did not let you in: {reason}", { reason: s.mySeatRequest.reason }) : t("The host did not let you in.")) : null,
    s.joinError ? h("span", { role: "alert", class: "neg" }, s.joinError) : null);
  }

  return { draw: drawMy, countdownText, pre };
}
