// The host's controls on the table page (docs/protocol.md §4.3, issue 12 §2): seat requests
// with Approve / Deny (and a reason), seat approval on or off, per seat "Remove" and "Adjust
// stack", and the "Stakes and game" form whose changes apply from the next hand. Everything
// here is only a way to send host commands: the server refuses them to anyone else
// (not_host) and checks every value (invalid_config naming the field).

import { announce, h, replace } from "./dom.js";
import { chips, t } from "./i18n.js";
import { bettingLabel, errorText, isTopUp, rulesSummary, splitLabel, stakesFitProblem, wholeNumberProblem } from "./labels.js";

const SPLITS = ["high_only", "high_low_8", "high_low_any"];
const BETTINGS = ["fixed_limit", "pot_limit", "no_limit"];
const MAX_CHIPS = 1_000_000_000;
const MAX_RAISE_CAP = 100;  // core/config.py MAX_RAISE_CAP

// What the host has typed as a reason, by request id: the panel is drawn anew on every table
// update (a bot acting, a clock tick), so the text lives here rather than in the element.
const denyReasons = new Map();

/** "From the next hand: …" for a table whose host changed the game, or null. */
export function nextRulesNotice(table, id = "next-rules") {
  if (!table?.next_config) return null;
  return h("p.next-rules", { id, role: "status" },
    t("From the next hand: {rules}", { rules: rulesSummary(table.next_config) }));
}

/**
 * The host's seat requests: one line per newcomer waiting, in the host's dock (a banner
 * floating at the top of the window, so that it never pushes the host's cards and betting
 * buttons down) and in the host's dialog.
 * @param {object[]} requests  pending `seat_request` messages (request_id, name, seat)
 * @param {(msg: object) => void} send  sends a websocket message
 */
export function seatRequestsPanel(requests, send) {
  for (const id of [...denyReasons.keys()]) {
    if (!requests.some((r) => r.request_id === id)) denyReasons.delete(id);
  }
  if (!requests.length) return null;
  return h("div.controls.seat-requests", { id: "seat-requests", role: "group", "aria-label": t("Seat requests") },
    requests.map((r) => {
      const reason = h("input", {
        type: "text", id: `deny-reason-${r.request_id}`, maxlength: 140, size: 14, "data-key": `deny-reason-${r.request_id}`,
        placeholder: t("Reason (optional)"), "aria-label": t("Reason (optional)"),
        value: denyReasons.get(r.request_id) ?? "",
        oninput: (ev) => denyReasons.set(r.request_id, ev.target.value),
      });
      return h("span.seat-request", { "data-request": r.request_id },
        h("span.prompt", null, requestText(r)), " ",
        h("button.small.primary", {
          type: "button", id: `approve-seat-${r.request_id}`, "data-key": `approve-seat-${r.request_id}`,
          onclick: () => send({ type: "approve_seat", request_id: r.request_id }),
        }, t("Let in")),
        reason,
        h("button.small", {
          type: "button", id: `deny-seat-${r.request_id}`, "data-key": `deny-seat-${r.request_id}`,
          onclick: () => {
            const text = reason.value.trim();
            send({ type: "deny_seat", request_id: r.request_id, ...(text ? { reason: text } : {}) });
          },
        }, t("Deny")));
    }));
}

/**
 * The host's rebuy requests, in the host's dock beside the seat requests.
 * @param {object[]} requests  pending `rebuy_request` messages (request_id, name, amount)
 * @param {(msg: object) => void} send  sends a websocket message
 * @param {number} startingStack  the table's starting stack (chips), to word top-ups as such
 *   (labels.js isTopUp)
 */
export function rebuyRequestsPanel(requests, send, startingStack) {
  if (!requests.length) return null;
  return h("div.controls", { id: "rebuy-requests" }, requests.map((r) => h("span", null,
    isTopUp(r.amount, startingStack)
      ? t("{name} asks to top up by {amount}", { name: r.name, amount: chips(r.amount) })
      : t("{name} asks to rebuy {amount}", { name: r.name, amount: chips(r.amount) }), " ",
    h("button.small.primary", { type: "button", "data-key": `approve-rebuy-${r.request_id}`, onclick: () => send({ type: "approve_rebuy", request_id: r.request_id }) }, t("Approve")),
    h("button.small", { type: "button", "data-key": `deny-rebuy-${r.request_id}`, onclick: () => send({ type: "deny_rebuy", request_id: r.request_id }) }, t("Decline")))));
}

function requestText(r) {
  return r.seat === null || r.seat === undefined
    ? t("{name} asks for a seat", { name: r.name })
    : t("{name} asks for seat {n}", { name: r.name, n: r.seat + 1 });
}

/**
 * The host menu: a button for the top bar that opens the host's dialog.
 * @param {object} ctx
 * @param {() => object} ctx.getState  the table page's state (table, view, seatRequests)
 * @param {(msg: object) => boolean} ctx.send  sends a websocket message
 * @param {() => number|null} ctx.mySeat
 */
export function createHostPanel({ getState, send, mySeat }) {
  let dialog = null;
  let body = null;
  const ui = { adjusting: null, adjustValue: null, removing: null, stakes: null, stakesError: null };

  function open() {
    const opener = document.activeElement;
    const closeBtn = h("button.small", { type: "button", id: "host-close", onclick: () => dialog.close() }, t("Close"));
    body = h("div.dialog-body.host-body");
    dialog = h("dialog.host-dialog", { id: "host-panel", "aria-labelledby": "host-title" },
      h("div.dialog-head", null, h("h2", { id: "host-title" }, t("Host controls")), closeBtn), body);
    document.body.append(dialog);
    dialog.addEventListener("close", () => {
      dialog.remove();
      dialog = null;
      body = null;
      Object.assign(ui, { adjusting: null, adjustValue: null, removing: null, stakes: null, stakesError: null });
      if (opener && document.contains(opener)) opener.focus();
    });
    draw();
    dialog.showModal();
    closeBtn.focus();
  }

  /** The top bar's button (its count shows waiting seat requests). */
  function button() {
    const waiting = getState().seatRequests?.length || 0;
    return h("button.small", { type: "button", id: "host-menu", "aria-haspopup": "dialog", onclick: open },
      t("Host controls"), waiting ? ` (${waiting})` : "");
  }

  /** Redraw the open dialog after a table update or a change of language; the focus stays
   * on the same control. */
  function update() {
    if (!dialog) return;
    dialog.querySelector("#host-title").textContent = t("Host controls");
    dialog.querySelector("#host-close").textContent = t("Close");
    const focusedId = dialog.contains(document.activeElement) ? document.activeElement.id : "";
    draw();
    if (focusedId) document.getElementById(focusedId)?.focus();
  }

  /** After a state message: the players' stacks as the felt shows them, written into the
   * open dialog's cells in place (a whole redraw at every bet would disturb typing). */
  function stacks() {
    if (!dialog) return;
    for (const seat of getState().table?.seats || []) {
      const cell = seat && dialog.querySelector(`#host-players tr[data-seat="${seat.seat}"] td.num`);
      if (cell) cell.textContent = chips(liveStack(seat));
    }
  }

  /** An error answering one of the dialog's commands: shown in the dialog too. */
  function onError(msg) {
    if (msg.ref === "change_game" && ui.stakes) {
      ui.stakesError = { field: msg.field || null, text: errorText(msg.code, msg.message) };
      update();
      const input = msg.field ? dialog?.querySelector(`[data-field="${CSS.escape(msg.field)}"]`) : null;
      input?.focus();
    }
  }

  // the seat plays the running hand: a removal waits for its end
  function dealtIn(seat) {
    const view = getState().view;
    return Boolean(view && view.phase !== "complete" && view.seats?.some((x) => x.seat === seat));
  }

  // a seat's stack as the felt shows it: in a running hand the view's (the table's
  // information keeps the stack the hand began with), between hands the table's
  function liveStack(seat) {
    const view = getState().view;
    const dealt = view && view.phase !== "complete" ? view.seats?.find((x) => x.seat === seat.seat) : null;
    return typeof dealt?.stack === "number" ? dealt.stack : seat.stack;
  }

  function inHand() {
    const st = getState();
    return st.table?.status === "playing" || Boolean(st.view && st.view.phase !== "complete");
  }

  function draw() {
    if (!body) return;
    const st = getState();
    const tb = st.table;
    if (!tb) return;
    replace(body,
      seatRequestsPanel(st.seatRequests || [], send),
      h("label.check", null, h("input", {
        type: "checkbox", id: "host-seat-approval", checked: Boolean(tb.seat_approval),
        onchange: (ev) => send({ type: "set_seat_approval", value: ev.target.checked }),
      }), t("New players need my approval to sit down")),
      h("h3", null, t("Players")),
      playersTable(tb),
      inHand() ? h("p.muted", { id: "adjust-hint" }, t("Stacks can be adjusted between hands.")) : null,
      h("h3", null, t("Stakes and game")),
      h("p", { id: "current-rules" }, rulesSummary(tb.config)),
      nextRulesNotice(tb, "host-next-rules"),
      ui.stakes ? stakesForm(tb) : h("button.small", {
        type: "button", id: "open-stakes", onclick: () => {
          const c = tb.next_config || tb.config;
          ui.stakes = {
            split: c.split, betting: c.betting, ante: c.ante, small_bet: c.small_bet, big_bet: c.big_bet,
            raise_cap: c.raise_cap ?? "", initialRaiseCap: c.raise_cap ?? null,
          };
          ui.stakesError = null;
          draw();
          document.querySelector("#stakes-split input:checked")?.focus();
          document.getElementById("stakes-apply")?.scrollIntoView({ block: "nearest" });
        },
      }, t("Change stakes or game…")));
  }

  function playersTable(tb) {
    const me = mySeat();
    const busy = inHand();
    const rows = (tb.seats || []).filter(Boolean).map((seat) => {
      const cells = [h("td", null, seat.name, seat.removing ? h("span.muted", null, " (", t("leaves after this hand"), ")") : null),
        h("td.num", null, chips(liveStack(seat)))];
      let actions;
      if (ui.adjusting === seat.seat) {
        const input = h("input", {
          type: "number", id: `adjust-input-${seat.seat}`, min: 0, max: MAX_CHIPS, step: 1, required: true,
          // what the host typed survives the redraws a table update brings (bots sitting down)
          value: ui.adjustValue ?? seat.stack,
          oninput: (ev) => { ui.adjustValue = ev.target.value; },
          "aria-label": t("New stack of {name}", { name: seat.name }),
        });
        actions = h("form.inline", {
          onsubmit: (ev) => {
            ev.preventDefault();
            const stack = Number(input.value);
            if (!Number.isInteger(stack) || stack < 0 || stack > MAX_CHIPS) {
              announce(t("A stack is a whole number of chips from 0 to {max}.", { max: chips(MAX_CHIPS) }), "error");
              input.focus();
              return;
            }
            send({ type: "adjust_stack", seat: seat.seat, stack });
            ui.adjusting = null;
            draw();
            document.getElementById(`adjust-${seat.seat}`)?.focus();
          },
        }, input,
        h("button.small.primary", { type: "submit", id: `adjust-save-${seat.seat}` }, t("Save")),
        h("button.small", { type: "button", onclick: () => { ui.adjusting = null; draw(); } }, t("Cancel")));
      } else if (ui.removing === seat.seat) {
        actions = h("span.confirm", { role: "group" },
          h("span.prompt", null, dealtIn(seat.seat)
            ? t("Remove {name} after this hand? Their chips go with them into the ledger.", { name: seat.name })
            : t("Remove {name} now? Their {amount} chips go with them into the ledger.", { name: seat.name, amount: chips(seat.stack) })),
          h("button.small.danger", {
            type: "button", id: `remove-confirm-${seat.seat}`,
            onclick: () => { send({ type: "remove_player", seat: seat.seat }); ui.removing = null; draw(); },
          }, t("Remove")),
          h("button.small", { type: "button", onclick: () => { ui.removing = null; draw(); } }, t("Cancel")));
      } else {
        actions = h("span.actions", null,
          h("button.small", {
            type: "button", id: `adjust-${seat.seat}`, disabled: busy,
            onclick: () => { ui.adjusting = seat.seat; ui.adjustValue = null; ui.removing = null; draw(); document.getElementById(`adjust-input-${seat.seat}`)?.focus(); },
          }, t("Adjust stack")),
          seat.seat === me || seat.removing ? null : h("button.small", {
            type: "button", id: `remove-${seat.seat}`,
            onclick: () => { ui.removing = seat.seat; ui.adjusting = null; draw(); document.getElementById(`remove-confirm-${seat.seat}`)?.focus(); },
          }, t("Remove")));
      }
      return h("tr", { "data-seat": seat.seat }, cells, h("td", null, actions));
    });
    return h("table.host-players", { id: "host-players" },
      h("thead", null, h("tr", null, h("th", { scope: "col" }, t("Player")), h("th", { scope: "col" }, t("Stack")),
        h("th", { scope: "col" }, h("span.visually-hidden", null, t("Actions"))))),
      h("tbody", null, rows));
  }

  function stakesForm(tb) {
    const f = ui.stakes;
    const err = ui.stakesError;
    // a select of sentences takes the whole row (a select cannot wrap its text)
    const field = (name, label, input, wide = false) => h("div.field", { class: `${wide ? "wide " : ""}${err?.field === `config.${name}` ? "invalid" : ""}` },
      h("label", { for: `stakes-${name.replace("_", "-")}` }, label), input);
    const number = (name, min) => h("input", {
      type: "number", id: `stakes-${name.replace("_", "-")}`, "data-field": `config.${name}`, min, max: MAX_CHIPS, step: 1,
      value: f[name], "aria-invalid": err?.field === `config.${name}` ? "true" : null, oninput: (ev) => { f[name] = ev.target.value; },
    });
    const select = (name, values, label) => h("select", {
      id: `stakes-${name}`, "data-field": `config.${name}`, "aria-invalid": err?.field === `config.${name}` ? "true" : null,
      onchange: (ev) => {
        f[name] = ev.target.value;
        draw();
        document.getElementById(`stakes-${name}`)?.focus();
        // fixed limit adds two fields: keep Apply on the screen (320 px)
        document.getElementById("stakes-apply")?.scrollIntoView({ block: "nearest" });
      },
    }, values.map((v) => h("option", { value: v, selected: v === f[name] }, label(v))));
    // pot and no limit have a minimum bet only (the small bet, RULES.md §4), as in the lobby:
    // no big bet and no raise cap to ask for (newcomer trial)
    const fixed = f.betting === "fixed_limit";
    return h("form.stakes-form", {
      // the form's own check below names the field in the page's language; the browser's
      // bubble (novalidate off) spoke the browser's language and marked nothing
      id: "stakes-form", novalidate: true,
      onsubmit: (ev) => {
        ev.preventDefault();
        const changes = {
          split: f.split, betting: f.betting, ante: Number(f.ante), small_bet: Number(f.small_bet),
          big_bet: Number(f.big_bet), raise_cap: String(f.raise_cap).trim() === "" ? null : Number(f.raise_cap),
        };
        // hidden in pot and no limit: twice the minimum bet and the table's cap, which cannot
        // refuse the change (the rules keep them for a later change back to fixed limit)
        if (!fixed) Object.assign(changes, { big_bet: Math.min(2 * changes.small_bet, MAX_CHIPS), raise_cap: f.initialRaiseCap });
        // checked here first, in the page's language and with the form's own labels (the
        // server's answer names its option, e.g. "small_bet must be 1 to …", in English)
        const problem = stakesProblem(f, fixed) || stakesFitProblem(
          { ...changes, forced_bet: (tb.next_config || tb.config).forced_bet }, tb.starting_stack, tb.max_seats,
          fixed ? t("Small bet") : t("Minimum bet"));
        if (problem) {
          ui.stakesError = { field: `config.${problem[0]}`, text: problem[1] };
          draw();
          document.getElementById(`stakes-${problem[0].replace("_", "-")}`)?.focus();
          return;
        }
        // every option of the form: the server keeps the table's other rules as they are, and
        // a form equal to the current rules withdraws a change waiting for the next hand
        // the form stays open until the server answers: game_change closes it (gameChanged),
        // an error names the field to correct
        ui.stakesError = null;
        if (!send({ type: "change_game", config: changes })) {
          ui.stakesError = { field: null, text: t("Not connected; trying again…") };
          draw();
        }
      },
    },
    h("div.form-grid", null,
      // the game as radio buttons, as in the lobby: their labels wrap, where a select of these
      // sentences cut "Hoog-laag verdeling, laag zonder kwalificatie" at 320 and 375 px
      h("fieldset.field.wide", { class: err?.field === "config.split" ? "invalid" : null, id: "stakes-split", "data-field": "config.split" },
        h("legend", null, t("Game")),
        h("div.radio-row", { role: "radiogroup" }, SPLITS.map((v) => h("label", null,
          h("input", { type: "radio", name: "stakes-split", value: v, id: `stakes-split-${v}`, checked: v === f.split,
            onchange: () => { f.split = v; } }),
          splitLabel(v))))),
      field("betting", t("Structure"), select("betting", BETTINGS, bettingLabel)),
      field("ante", t("Ante"), number("ante", 0)),
      field("small_bet", fixed ? t("Small bet") : t("Minimum bet"), number("small_bet", 1)),
      fixed ? field("big_bet", t("Big bet"), number("big_bet", 1)) : null,
      fixed ? field("raise_cap", t("Raise cap (empty: none)"), number("raise_cap", 1)) : null),
    err ? h("p.neg", { role: "alert", id: "stakes-error" }, err.text) : null,
    h("div.form-actions", null,
      h("button.primary", { type: "submit", id: "stakes-apply" }, t("Apply from the next hand")),
      h("button", { type: "button", id: "stakes-cancel", onclick: () => { ui.stakes = null; ui.stakesError = null; draw(); } }, t("Cancel"))));
  }

  // the first field of the stakes form that cannot be sent: [option, message] or null
  function stakesProblem(f, fixed) {
    const whole = (name, label, min, max, optional = false) => {
      // what the browser cannot read as a number ("1e") it reports as an empty value
      const unreadable = document.getElementById(`stakes-${name.replace("_", "-")}`)?.validity?.badInput;
      if (optional && !unreadable && String(f[name] ?? "").trim() === "") return null;
      const problem = wholeNumberProblem(label, unreadable ? "" : f[name], min, max);
      return problem ? [name, problem] : null;
    };
    return whole("ante", t("Ante"), 0, MAX_CHIPS)
      || whole("small_bet", fixed ? t("Small bet") : t("Minimum bet"), 1, MAX_CHIPS)
      || (fixed ? whole("big_bet", t("Big bet"), 1, MAX_CHIPS) : null)
      || (fixed && Number(f.big_bet) < Number(f.small_bet) ? ["big_bet", t("The big bet must be at least the small bet.")] : null)
      || (fixed ? whole("raise_cap", t("Raise cap (empty: none)"), 1, MAX_RAISE_CAP, true) : null);
  }

  /** The server accepted a change of the rules (a `game_change` message): close the form. */
  function gameChanged() {
    if (!ui.stakes) return;
    ui.stakes = null;
    ui.stakesError = null;
    draw();
    document.getElementById("open-stakes")?.focus();
  }

  return { button, update, stacks, onError, gameChanged, isOpen: () => dialog !== null };
}
