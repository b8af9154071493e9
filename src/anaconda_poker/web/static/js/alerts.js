// Turn alerts and sound (issue 12 §3): a short tone when it is your turn, when cards are
// passed to you and when cards are turned face up; while the tab is hidden the title flashes
// on your turn and, if the player allowed it, the browser shows a notification. The mute
// switch is remembered (prefs "muted"). Tones are made with the Web Audio API: no files.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { getPref, setPref } from "./prefs.js";

const TONES = {
  turn: [660, 880],      // rising: act now
  received: [520],       // one soft tone: cards arrived
  reveal: [390],         // low tick: a card turned
};

let audio = null;

function play(kind) {
  if (getPref("muted")) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  try {
    audio = audio || new Ctx();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    let at = audio.currentTime;
    for (const freq of TONES[kind]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.18);
      at += 0.14;
    }
  } catch {
    // no audio device: the visual cues remain
  }
}

let flashing = null;
let savedTitle = "";

function stopFlash() {
  if (!flashing) return;
  clearInterval(flashing);
  flashing = null;
  document.title = savedTitle;
}

function flashTitle(text) {
  if (flashing || !document.hidden) return;
  savedTitle = document.title;
  let on = false;
  flashing = setInterval(() => {
    on = !on;
    document.title = on ? `● ${text}` : savedTitle;
  }, 1000);
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden) stopFlash();
});

function notify(text, body) {
  if (!document.hidden || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    const n = new Notification(text, { body, tag: "anaconda-turn" });
    n.onclick = () => { window.focus(); n.close(); };
  } catch {
    // some browsers allow notifications only from a service worker: the title still flashes
  }
}

let myTurnNow = false;

/**
 * "Your turn: back to the table" in the sticky head of every open modal dialog (the
 * replayer, the host's controls: the prompt, the buttons and the timer are behind them), with
 * a button that closes the dialog. A friend reading a review was timed out without seeing the
 * turn come; and a dialog opened when the turn had already started showed nothing (newcomer
 * trial), so the notice is added both when a turn starts and when a dialog opens during one.
 */
function turnInDialogs() {
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    const head = dialog.querySelector(".dialog-head");
    if (!head || head.querySelector(".turn-back")) continue;
    head.append(h("div.turn-back", { role: "alert" },
      h("button.primary.small", { type: "button", id: `${dialog.id}-your-turn`, onclick: () => dialog.close() },
        t("Your turn: back to the table"))));
  }
}

// showModal() sets the dialog's `open` attribute: a dialog opened during your turn says so
new MutationObserver(() => { if (myTurnNow) turnInDialogs(); })
  .observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["open"] });

/**
 * Whether a decision of yours is pending now; called on every `state` message. While it is,
 * every open dialog (and any opened later) carries the notice; when it ends the notice goes.
 * @param {boolean} on  your turn (a decision with legal actions, not taken by a pre-action)
 */
export function setMyTurn(on) {
  myTurnNow = on;
  if (on) turnInDialogs();
  else document.querySelectorAll(".dialog-head .turn-back").forEach((el) => el.remove());
}

/**
 * The alerts one `state` message calls for, played now.
 * @param {object|null} before  the previous view (null on the first state: nothing sounds)
 * @param {object|null} after  the new view
 * @param {boolean} newTurn  a new decision of this seat starts with this state
 * @param {string} tableName  for the notification's text
 * @returns {string[]}  the kinds played ("turn", "received", "reveal")
 */
export function stateAlerts(before, after, newTurn, tableName) {
  const kinds = [];
  if (!after) return kinds;
  if (newTurn) {
    kinds.push("turn");
    flashTitle(t("Your turn"));
    notify(t("Your turn"), tableName);
  }
  if (before) {
    const got = (v) => (v?.you?.passes || []).filter((p) => p.received?.length).length;
    if (got(after) > got(before)) kinds.push("received");
    const shown = (v) => (v?.seats || []).reduce((n, x) => n + (x.revealed?.length || 0), 0);
    if (after.phase !== "complete" && shown(after) > shown(before)) kinds.push("reveal");
  }
  if (kinds.length) play(kinds[0]);
  return kinds;
}

/** The mute switch and the "notify me" button for the table's top bar. */
export function alertControls(rerender) {
  const muted = Boolean(getPref("muted"));
  const canNotify = typeof Notification !== "undefined" && Notification.permission === "default";
  return h("div.invite.alerts", null,
    h("button.small", {
      type: "button", id: "sound-toggle", "aria-pressed": muted ? "false" : "true",
      title: muted ? t("Sound is off") : t("Sound is on"),
      onclick: () => { setPref("muted", !muted); if (muted) play("received"); rerender(); },
    }, muted ? t("Sound off") : t("Sound on")),
    canNotify ? h("button.small.ghost", {
      type: "button", id: "notify-toggle",
      onclick: () => { Notification.requestPermission().then(rerender, rerender); },
    }, t("Notify me")) : null);
}
