// Pre-actions (issue 12 §3): a decision chosen before your turn and sent by this client the
// moment the turn comes (the `state` message that puts your seat in `to_act`), as a card
// room's "Check/Fold", "Check", "Call any" and "Fold" boxes. A pre-action holds for one
// betting round of one hand; it is cleared when the bet you owe changes (except "Call any")
// and at the end of the round. Nothing is sent to the server before the turn.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** What you owe to stay in now: the round's current bet less your own bet (chips). */
function owed(view, seat) {
  const me = view.seats?.find((x) => x.seat === seat);
  return Math.max(0, (view.current_bet ?? 0) - (me?.bet ?? 0));
}

function roundKey(handNo, view) {
  return `${handNo}:${view.phase}:${view.betting_round}`;
}

const LABELS = {
  check_fold: () => t("Check/Fold"),
  check: () => t("Check"),
  call_any: () => t("Call any"),
  fold: () => t("Fold"),
};

/** The pre-actions of one seat at one table page. */
export class PreActions {
  constructor() {
    this.armed = null;   // {kind, key, owed} or null
    this.cleared = null; // {key, text}: the notice of a pre-action the bet cleared, this round
  }

  /**
   * The line saying a pre-action was cleared, shown in this seat's controls for the rest of
   * that betting round (a toast would cover the turn prompt it arrives with), or null.
   * @param {object|null} view
   * @param {number|null} handNo
   * @returns {HTMLElement|null}
   */
  notice(view, handNo) {
    if (!this.cleared || !view || roundKey(handNo, view) !== this.cleared.key) return null;
    return h("span.hint", { id: "pre-cleared", role: "status" }, this.cleared.text);
  }

  /**
   * Bring the armed pre-action up to date with a new view.
   * @param {object|null} view  the hand's view for this seat
   * @param {number|null} handNo
   * @param {number|null} seat  this browser's seat
   * @returns {string|null}  a notice when the pre-action was dropped because the bet changed
   */
  update(view, handNo, seat) {
    const a = this.armed;
    if (!a) return null;
    const me = view?.seats?.find((x) => x.seat === seat);
    if (!view || view.phase !== "betting" || !me || me.folded || me.all_in || roundKey(handNo, view) !== a.key) {
      this.armed = null;   // the round (or the hand) is over
      return null;
    }
    if (a.kind !== "call_any" && owed(view, seat) !== a.owed) {
      this.armed = null;
      this.cleared = { key: a.key, text: t("Your pre-action was cleared: the bet changed.") };
      return this.cleared.text;
    }
    return null;
  }

  /**
   * The action to send now that it is this seat's turn, or null (then the player decides).
   * The pre-action is used up either way.
   * @param {Set<string>} kinds  the legal action kinds (`you.legal.kinds`)
   * @returns {object|null}  a HAND_HISTORY action object
   */
  take(kinds) {
    const a = this.armed;
    this.armed = null;
    if (!a) return null;
    const pick = (...order) => order.find((k) => kinds.has(k)) ?? null;
    const kind = {
      check_fold: () => pick("check", "fold"),
      check: () => pick("check"),
      call_any: () => pick("call", "check"),
      fold: () => pick("fold"),
    }[a.kind]();
    return kind ? { action: kind } : null;
  }

  /**
   * The pre-action boxes while you wait for your turn in a betting round, else null.
   * @param {object} view
   * @param {number|null} handNo
   * @param {number} seat
   * @param {() => void} changed  redraw after a choice
   * @returns {HTMLElement|null}
   */
  render(view, handNo, seat, changed) {
    const me = view.seats?.find((x) => x.seat === seat);
    if (view.phase !== "betting" || !me || me.folded || me.all_in) return null;
    const due = owed(view, seat);
    const kinds = due === 0 ? ["check_fold", "check", "call_any"] : ["fold", "call_any"];
    const key = roundKey(handNo, view);
    return h("div.controls.pre-actions", { id: "pre-actions", role: "group", "aria-label": t("Before your turn") },
      this.notice(view, handNo),
      h("span.hint", null, t("Before your turn:")),
      kinds.map((kind) => {
        const on = this.armed?.kind === kind;
        return h("button.small", {
          type: "button", id: `pre-${kind.replace("_", "-")}`, "data-key": `pre-${kind}`, "aria-pressed": on ? "true" : "false",
          onclick: () => {
            this.armed = on ? null : { kind, key, owed: due };
            this.cleared = null;
            changed();
          },
        }, LABELS[kind]());
      }));
  }
}
