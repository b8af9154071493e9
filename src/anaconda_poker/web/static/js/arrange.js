// Arranging (RULES.md §2.5): choose five of your seven cards and the order they are turned,
// by clicks, drag-and-drop or the keyboard; suggestions fill the five slots.

import { cardEl, cardName, sortCards } from "./cards.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { describeBoth } from "./handnames.js";

/**
 * Draw the arrange panel into `el` and keep it up to date by itself.
 * @param {HTMLElement} el
 * @param {object} ctx
 * @param {string[]} ctx.hand  the seven cards
 * @param {{slots: (string|null)[]}} ctx.model  five slots in reveal order (mutated here)
 * @param {string} ctx.split  game type (for the hand name of the chosen five)
 * @param {object|null} ctx.suggestions  {high, low, both} fives from the server, or null;
 *   its `why` holds, per five, one translated line per card saying why it is turned then
 * @param {boolean} ctx.loadingSuggestions
 * @param {object|null} ctx.equity  {share, win_high, win_low, scoop, opponents, passes_replayed} or null
 * @param {(cards: string[]) => void} ctx.onConfirm
 */
export function renderArrange(el, ctx) {
  const { model } = ctx;
  const used = () => new Set(model.slots.filter(Boolean));

  function setSlots(slots, focusKey) {
    model.slots = slots;
    draw(focusKey);
  }

  function moveToSlot(card, index) {
    const slots = model.slots.map((c) => (c === card ? null : c));
    const target = index ?? slots.indexOf(null);
    if (target < 0) return;
    const from = model.slots.indexOf(card);
    if (slots[target] && from >= 0) slots[from] = slots[target];   // swap when both are slots
    slots[target] = card;
    setSlots(slots);
  }

  function removeFromSlot(card) {
    setSlots(model.slots.map((c) => (c === card ? null : c)), `arr-pool-${card}`);
  }

  function shift(card, delta) {
    const i = model.slots.indexOf(card);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= model.slots.length) return;
    const slots = [...model.slots];
    [slots[i], slots[j]] = [slots[j], slots[i]];
    setSlots(slots, `arr-slot-${card}`);
  }

  function dragAttrs(card) {
    return {
      draggable: "true",
      ondragstart: (ev) => {
        ev.dataTransfer.setData("text/plain", card);
        ev.dataTransfer.effectAllowed = "move";
        ev.currentTarget.classList.add("dragging");
      },
      ondragend: (ev) => ev.currentTarget.classList.remove("dragging"),
    };
  }

  function dropZone(onDrop) {
    return {
      ondragover: (ev) => {
        ev.preventDefault();
        ev.currentTarget.classList.add("drop-target");
      },
      ondragleave: (ev) => ev.currentTarget.classList.remove("drop-target"),
      ondrop: (ev) => {
        ev.preventDefault();
        ev.currentTarget.classList.remove("drop-target");
        const card = ev.dataTransfer.getData("text/plain");
        if (ctx.hand.includes(card)) onDrop(card);
      },
    };
  }

  function draw(focusKey) {
    const inSlots = used();
    const pool = sortCards(ctx.hand.filter((c) => !inSlots.has(c)));
    const full = model.slots.every(Boolean);
    const chosen = model.slots.filter(Boolean);
    const slotEls = model.slots.map((card, i) => h("div.slot", {
      dataset: { slot: i },
      ...dropZone((c) => moveToSlot(c, i)),
    },
    h("span.slot-n", { "aria-hidden": "true" }, ordinal(i)),
    card ? cardEl(card, {
      tag: "button", size: "md", attrs: {
        "data-key": `arr-slot-${card}`,
        "aria-label": t("{card}, turned {n}. Press to take it back; Shift+arrows move it.", { card: cardName(card), n: i + 1 }),
        onclick: () => removeFromSlot(card),
        onkeydown: (ev) => {
          if (ev.shiftKey && ev.key === "ArrowLeft") { ev.preventDefault(); shift(card, -1); }
          if (ev.shiftKey && ev.key === "ArrowRight") { ev.preventDefault(); shift(card, 1); }
        },
        ...dragAttrs(card),
      },
    }) : h("span.visually-hidden", null, t("Empty slot {n}", { n: i + 1 }))));

    const poolEls = pool.map((card) => cardEl(card, {
      tag: "button", size: "md", attrs: {
        "data-key": `arr-pool-${card}`,
        "aria-label": t("{card}: press to keep it", { card: cardName(card) }),
        disabled: full,
        onclick: () => {
          const next = pool[pool.indexOf(card) + 1] || pool[pool.indexOf(card) - 1];
          moveToSlot(card);
          if (!model.slots.every(Boolean) && next) focusByKey(`arr-pool-${next}`);
          else focusByKey("arrange-confirm");
        },
        ...dragAttrs(card),
      },
    }));

    const s = ctx.suggestions;
    const suggest = (kind, label, cards) => h("button.small", {
      type: "button", "data-key": `suggest-${kind}`, id: `suggest-${kind}`, disabled: !cards,
      onclick: () => setSlots([...cards], "arrange-confirm"),
    }, label);
    const lowGame = ctx.split && ctx.split !== "high_only";
    // the slots hold a suggestion in its order: say why each card is turned when it is
    const whyKind = s && s.why
      ? ["both", "high", "low"].find((k) => s[k] && s.why[k] && s[k].every((c, i) => c === model.slots[i]))
      : null;
    const eq = ctx.equity;

    replace(el,
      h("div.arrange-main", null,
        h("div.arrange-left", null,
          h("div.arrange-slots", { role: "group", "aria-label": t("Your five, in the order they are turned"), "aria-describedby": "arrange-help" }, slotEls),
          h("div.suggestion-note", { "aria-live": "polite" }, chosen.length === 5 ? describeBoth(chosen, ctx.split) : t("{n} of 5 chosen", { n: chosen.length })),
          whyKind ? h("ol.reveal-why", { id: "reveal-why", "aria-label": t("Why this reveal order") },
            s.why[whyKind].map((line) => h("li", null, line))) : null),
        h("div.arrange-pool", { role: "group", "aria-label": t("Cards not chosen"), ...dropZone(removeFromSlot) }, poolEls)),
      h("div.arrange-tools", null,
        ctx.loadingSuggestions ? h("span.hint", null, t("Working out suggestions…")) : null,
        s ? [
          suggest("high", t("Best high"), s.high),
          lowGame ? suggest("low", t("Best low"), s.low) : null,
          lowGame ? suggest("both", t("Best for both"), s.both) : null,
        ] : null,
        h("button.small.ghost", { type: "button", "data-key": "arrange-clear", onclick: () => setSlots([null, null, null, null, null], `arr-pool-${ctx.hand[0]}`) }, t("Clear")),
        h("button.primary", {
          type: "button", id: "arrange-confirm", "data-key": "arrange-confirm", disabled: !full,
          onclick: () => ctx.onConfirm([...model.slots]),
        }, t("Arrange these five"))),
      h("p.hint", { id: "arrange-help" }, t("Choose five cards and their order: the first slot is turned first. Click a card to keep it, click it again to take it back, or drag it; Shift+arrow keys move a chosen card.")),
      eq ? h("p.hint", { id: "equity" }, t("Your equity now: {share}% of the pot on average (high {high}%, low {low}%, scoop {scoop}%)", {
        share: pct(eq.share), high: pct(eq.win_high), low: pct(eq.win_low), scoop: pct(eq.scoop),
      })) : null,
      eq && eq.opponents === "passing" ? h("p.hint", { id: "equity-model" }, t("Assumes opponents who passed like the {policy} bot ({passes} passes so far)", {
        policy: eq.pass_policy, passes: eq.passes_replayed,
      })) : null);
    if (focusKey) focusByKey(focusKey);
  }

  function focusByKey(key) {
    el.querySelector(`[data-key="${key}"]`)?.focus();
  }

  // a redraw (suggestions arriving) keeps the keyboard focus on the same card or button
  const active = el.contains(document.activeElement) ? document.activeElement?.dataset?.key : null;
  draw();
  if (active) el.querySelector(`[data-key="${active}"]`)?.focus();
}

function pct(x) {
  return Math.round((x ?? 0) * 100);
}

function ordinal(i) {
  return t("Card {n}", { n: i + 1 });
}
