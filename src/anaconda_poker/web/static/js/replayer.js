// The step-by-step replayer of a finished hand, in a modal dialog. A seated player gets the
// full history (the post-hand audit of docs/protocol.md §3) and the server's frames
// (POST /api/replay); anyone else gets the public history: the actions and the shown cards.

import { api } from "./api.js";
import { cardRow } from "./cards.js";
import { h, icon, replace } from "./dom.js";
import { phaseText, renderFelt } from "./felt.js";
import { chips, t } from "./i18n.js";
import { describeBoth } from "./handnames.js";
import { cardsText } from "./cardtext.js";
import { errorText, splitLabel } from "./labels.js";
import { showReview } from "./review.js";
import { markTimeouts, passSizes, timedOut } from "./logtext.js";

/** One step's caption; `passSize` is the cards a pass moved when the record hides them. */
function actionText(record, nameOf, showCards, passSize = null) {
  return timedOut(record, plainActionText(record, nameOf, showCards, passSize));
}

function plainActionText(record, nameOf, showCards, passSize) {
  const player = nameOf(record.seat);
  switch (record.action) {
    case "fold": return t("{player} folds", { player });
    case "check": return t("{player} checks", { player });
    case "call": return t("{player} calls", { player });
    case "bet": return t("{player} bets {amount}", { player, amount: chips(record.to) });
    case "raise": return t("{player} raises to {amount}", { player, amount: chips(record.to) });
    case "pass": {
      const count = record.cards?.length ?? passSize ?? 0;
      const base = count === 1 ? t("{player} passes {count} card", { player, count }) : t("{player} passes {count} cards", { player, count });
      return showCards && record.cards ? `${base}: ${cardsText(record.cards)}` : base;
    }
    case "arrange": {
      const base = t("{player} arranges five cards", { player });
      return showCards && record.cards ? `${base}: ${cardsText(record.cards)}` : base;
    }
    default: return `${player} ${record.action}`;
  }
}

/**
 * Open the replayer for one hand.
 * @param {object} o
 * @param {string} o.tableId
 * @param {number} o.handNo
 * @param {string|null} o.token  seat token (full history) or null (public history)
 * @param {number|null} [o.mySeat]
 */
export async function openReplayer({ tableId, handNo, token, mySeat = null }) {
  const opener = document.activeElement;
  const body = h("div.dialog-body", null, h("p.loading", null, t("Loading…")));
  const closeBtn = h("button.small", { type: "button", id: "replayer-close", onclick: () => dialog.close() }, t("Close"));
  const dialog = h("dialog", { id: "replayer", "aria-labelledby": "replayer-title" },
    h("div.dialog-head", null, h("h2", { id: "replayer-title" }, t("Hand {n}", { n: handNo })), closeBtn),
    body);
  document.body.append(dialog);
  let stop = () => {};
  dialog.addEventListener("close", () => {
    stop();
    dialog.remove();
    if (opener && document.contains(opener)) opener.focus();
  });
  dialog.showModal();
  closeBtn.focus();

  let history;
  try {
    history = await api.hand(tableId, handNo, token);
  } catch (err) {
    replace(body, h("p.error-box", null, errorText(err.code, err.message)));
    return;
  }
  const seatsByNo = new Map((history.seats || []).map((x) => [x.seat, x]));
  const nameOf = (seat) => seatsByNo.get(seat)?.name ?? t("Seat {n}", { n: seat + 1 });
  const split = history.config?.split;
  const title = `${t("Hand {n}", { n: handNo })} · ${splitLabel(split)}`;
  dialog.querySelector("#replayer-title").textContent = title;

  let frames = null;
  if (!history.redacted && history.dealt) {
    try {
      frames = (await api.replay(history)).frames;
    } catch {
      frames = null;
    }
  } else if (token && history.viewer_seat !== null && history.viewer_seat !== undefined) {
    // A seat's own history has only its cards: the server replays the hand and sends the
    // frames as that seat saw them.
    try {
      frames = (await api.seatFrames(tableId, handNo, token)).frames;
    } catch {
      frames = null;
    }
  }
  // "show every player's cards" only when the frames hold them: the full history (a table
  // that reveals the deck), not a seat's own history (issue 12 §3)
  const everyone = !history.redacted && Boolean(history.dealt);
  // your own hand (a seat token dealt into it) also has the Review view (issue 16 §3)
  const own = Boolean(token) && history.viewer_seat !== null && history.viewer_seat !== undefined;
  if (frames && own) stop = withReview(body, { tableId, handNo, token }, (pane) =>
    fullReplayer(pane, { history, frames, nameOf, split, mySeat, everyone }));
  else if (frames) stop = fullReplayer(body, { history, frames, nameOf, split, mySeat, everyone });
  else stop = publicReplayer(body, { history, nameOf, split });
}

// Two views of one's own hand: the replay (shown first) and the review, loaded when asked.
function withReview(body, where, drawReplay) {
  const replayPane = h("div", { id: "replayer-pane", role: "tabpanel", "aria-labelledby": "replayer-tab-replay" });
  const reviewPane = h("div", { id: "review-pane", role: "tabpanel", "aria-labelledby": "replayer-tab-review", hidden: true });
  let loaded = false;
  const tab = (id, label, pane) => h("button.small", {
    type: "button", role: "tab", id, "aria-selected": pane === replayPane ? "true" : "false",
    onclick: () => select(pane),
  }, label);
  const tabs = h("div.tabs.replayer-tabs", { role: "tablist", "aria-label": t("Hand {n}", { n: where.handNo }) },
    tab("replayer-tab-replay", t("Replay"), replayPane), tab("replayer-tab-review", t("Review"), reviewPane));
  function select(pane) {
    for (const [p, id] of [[replayPane, "replayer-tab-replay"], [reviewPane, "replayer-tab-review"]]) {
      p.hidden = p !== pane;
      tabs.querySelector(`#${id}`).setAttribute("aria-selected", p === pane ? "true" : "false");
    }
    if (pane === reviewPane && !loaded) {
      loaded = true;
      showReview(reviewPane, where);
    }
  }
  replace(body, h("div", null, tabs, replayPane, reviewPane));
  return drawReplay(replayPane);
}

function controlsBar(count, get, set, onPlay) {
  const slider = h("input", {
    type: "range", min: 0, max: count - 1, value: get(), id: "replayer-slider", "aria-label": t("Step"),
    oninput: (ev) => set(Number(ev.target.value)),
  });
  const play = h("button.small", { type: "button", id: "replayer-play", "aria-label": t("Play") }, icon("i-play"));
  play.addEventListener("click", () => onPlay(play));
  const bar = h("div.replayer-controls", null,
    h("button.small", { type: "button", id: "replayer-first", "aria-label": t("First step"), onclick: () => set(0) }, icon("i-first")),
    h("button.small", { type: "button", id: "replayer-prev", "aria-label": t("Previous step"), onclick: () => set(get() - 1) }, icon("i-left")),
    play,
    h("button.small", { type: "button", id: "replayer-next", "aria-label": t("Next step"), onclick: () => set(get() + 1) }, icon("i-right")),
    h("button.small", { type: "button", id: "replayer-last", "aria-label": t("Last step"), onclick: () => set(count - 1) }, icon("i-last")),
    slider);
  return { bar, slider, play };
}

function fullReplayer(body, { history, frames, nameOf, split, mySeat, everyone }) {
  let step = 0;
  let showAll = false;
  const sizes = passSizes(frames.map((f) => f.action), history.config?.pass_counts);
  // frame k shows action k - 1 (frame 0 is the deal); marks the actions taken on a timeout
  const timed = new Set((history.timed_out || []).map((i) => i + 1));
  const away = new Set((history.away_played || []).map((i) => i + 1));
  let playing = null;
  const felt = h("div.felt", { id: "replayer-felt" });
  const caption = h("div.replayer-step", { id: "replayer-step", "aria-live": "polite" });
  const toggle = everyone ? h("label.check", null,
    h("input", { type: "checkbox", id: "replayer-all", onchange: (ev) => { showAll = ev.target.checked; draw(); } }),
    t("Show every player's cards (the deck is revealed after the hand)")) : null;
  const final = h("div");
  const set = (k) => {
    step = Math.max(0, Math.min(frames.length - 1, k));
    draw();
  };
  const { bar, slider, play } = controlsBar(frames.length, () => step, set, (btn) => {
    if (playing) {
      clearInterval(playing);
      playing = null;
      replace(btn, icon("i-play"));
      btn.setAttribute("aria-label", t("Play"));
      return;
    }
    if (step >= frames.length - 1) set(0);
    replace(btn, icon("i-pause"));
    btn.setAttribute("aria-label", t("Pause"));
    playing = setInterval(() => {
      if (step >= frames.length - 1) {
        clearInterval(playing);
        playing = null;
        replace(btn, icon("i-play"));
        btn.setAttribute("aria-label", t("Play"));
        return;
      }
      set(step + 1);
    }, 900);
  });
  function draw() {
    const frame = frames[step];
    const hands = {};
    for (const [seat, cards] of Object.entries(frame.hands || {})) {
      if (showAll || Number(seat) === mySeat) hands[seat] = cards;
    }
    // Frame k is the table after action k - 1: its view is already in the next round once
    // that action ended one (the last pass of a pass shows "Betting round 2"). The label
    // names the round the shown action was taken in, the state before it; the last frame,
    // which draws the result, keeps "Showdown".
    const taken = frame.action && step > 0 && frame.view?.phase !== "complete" ? frames[step - 1].view : null;
    renderFelt(felt, {
      view: frame.view, table: null, config: history.config, mySeat, hands, split, idPrefix: "rp-",
      phaseLabel: taken ? phaseText(taken, history.config) : undefined,
    });
    const text = frame.action
      ? actionText(timed.has(step) || away.has(step) ? { ...frame.action, timeout: true, away: away.has(step) } : frame.action, nameOf, showAll || frame.action.seat === mySeat, sizes[step])
      : t("The deal");
    caption.textContent = t("Step {k} of {n}: {text}", { k: step, n: frames.length - 1, text });
    slider.value = String(step);
    replace(final, step === frames.length - 1 ? resultBlock(history, nameOf, split) : null);
  }
  replace(body, h("div.replayer", null, h("div.felt-wrap", null, felt), caption, bar, toggle, final));
  body.addEventListener("keydown", (ev) => {
    if (ev.target === slider) return;
    if (ev.key === "ArrowRight") { ev.preventDefault(); set(step + 1); }
    if (ev.key === "ArrowLeft") { ev.preventDefault(); set(step - 1); }
  });
  draw();
  play.focus();
  return () => clearInterval(playing);
}

function publicReplayer(body, { history, nameOf, split }) {
  const actions = markTimeouts(history.actions, history.timed_out, history.away_played);
  const sizes = passSizes(actions, history.config?.pass_counts);
  let step = actions.length;
  const list = h("ol.log-list", { id: "replayer-actions" });
  const caption = h("div.replayer-step", { id: "replayer-step", "aria-live": "polite" });
  const set = (k) => {
    step = Math.max(0, Math.min(actions.length, k));
    draw();
  };
  const { bar, slider } = controlsBar(actions.length + 1, () => step, set, () => set(step + 1));
  function draw() {
    replace(list, actions.slice(0, step).map((a, i) => h("li", { class: i === step - 1 ? "round" : "" }, actionText(a, nameOf, false, sizes[i]))));
    caption.textContent = t("Step {k} of {n}", { k: step, n: actions.length });
    slider.value = String(step);
  }
  replace(body, h("div.replayer", null,
    h("p.muted", null, t("Public history: only what everyone at the table saw.")),
    caption, bar, list, resultBlock(history, nameOf, split)));
  draw();
  return () => {};
}

function resultBlock(history, nameOf, split) {
  const result = history.result;
  if (!result) return null;
  const revealed = Object.entries(result.revealed || {});
  return h("div.results", { id: "replayer-result" },
    revealed.map(([seat, cards]) => h("div.pot-result", null,
      h("h3", null, nameOf(Number(seat))),
      cardRow(cards, { size: "sm" }),
      cards.length === 5 ? h("div", null, describeBoth(cards, split)) : null)),
    (result.pots || []).map((pot, i) => h("div.pot-result", null,
      h("h3", null, i === 0 ? t("Main pot {amount}", { amount: chips(pot.amount) }) : t("Side pot {n}: {amount}", { n: i, amount: chips(pot.amount) })),
      h("div.winners", null,
        (pot.high_winners || []).length ? h("span", null, t("High: {names}", { names: pot.high_winners.map(nameOf).join(", ") })) : null,
        (pot.low_winners || []).length ? h("span", null, t("Low: {names}", { names: pot.low_winners.map(nameOf).join(", ") })) : null,
        pot.scoop !== null && pot.scoop !== undefined && split !== "high_only" ? h("span.scoop", null, t("{name} scoops", { name: nameOf(pot.scoop) })) : null))));
}
