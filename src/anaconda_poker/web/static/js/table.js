// The live table page: one websocket (docs/protocol.md §4), the felt, your cards and
// decisions (betting, passing, arranging), the side panel, host controls, sitting down.

import { noteBuild } from "./build.js";
import { TableConnection } from "./connection.js";
import { announce, h, replace, say } from "./dom.js";
import { renderFelt } from "./felt.js";
import { chips, t } from "./i18n.js";
import { errorText, isTopUp, rulesSummary } from "./labels.js";
import { copyText, inviteUrl } from "./lobby.js";
import { getPref, rememberFormerToken, rememberSeat, seatFor, setPref } from "./prefs.js";
import { pauseBanner, pauseChange } from "./pausenotice.js";
import { nextHandBar, tickNextHand } from "./nexthand.js";
import { alertControls, setMyTurn, stateAlerts } from "./alerts.js";
import { chipOrigins, moveChips } from "./chipmotion.js";
import { createMyArea } from "./myarea.js";
import { lastActions, tagLogRounds } from "./logrounds.js";
import { createHostPanel, nextRulesNotice, rebuyRequestsPanel, seatRequestsPanel } from "./hostpanel.js";
import { seedAnswer } from "./seeds.js";
import { SidePanel } from "./sidepanel.js";

export function mount(main, route) {
  const tableId = route.id;
  const s = {
    seatInfo: seatFor(tableId),
    welcome: null,
    table: null,
    msg: null,
    view: null,
    version: -1,
    offset: 0,                 // server_time - local time, seconds
    conn: "connecting",
    split: null,               // this hand's game type (dealer's choice may change it)
    handNo: null,
    selected: new Set(),       // pass selection
    selKey: "",
    arrange: { key: "", slots: [null, null, null, null, null] },
    advice: { key: "", loading: false, data: null },
    logRounds: [],
    prevView: null,
    shown: {},                 // seat -> revealed cards already drawn (for the flip)
    choose: null,              // a pending choose_game request
    rebuyRequests: [],
    seatRequests: [],          // the host's: newcomers waiting for an answer
    mySeatRequest: null,       // a spectator's own request: {state: "pending"|"denied", reason}
    notFound: false,
    joinName: getPref("name") || "",
    joinSeat: null,            // the seat picked in the join form; null: any free seat
    joinError: "",
    busy: false,
    sortBySuit: false,
    confirmLeave: false,       // the "leave the table?" question is open
  };

  const top = h("div.table-top");
  const felt = h("div.felt", { id: "felt", role: "region", "aria-label": t("Table") });
  const my = h("section.my-area", { id: "my-area", tabindex: "-1", "aria-label": t("Your cards and actions") });
  const side = new SidePanel({
    tableId,
    getState: () => s,
    sendChat: (text) => conn?.send({ type: "chat", text }),
  });
  // the page's notices (dom.js announce) go under the top bar, in the flow: no toast over
  // the results or the ledger
  const notices = h("div.notices", { id: "notices", role: "status", "aria-live": "polite" });
  const pauseSlot = h("div.pause-slot");
  const nextSlot = h("div.next-hand-slot");
  const area = h("div.table-area", null, top, notices, pauseSlot, h("div.felt-wrap", null, felt), nextSlot, my);
  // the host's dock: seat and rebuy requests, never pushing the host's cards and buttons
  // down nor covering the table's name and seats (css .host-dock): above the side panel
  // beside the table, over the site's header at the page's top on a narrow screen
  const dock = h("div.host-dock", { id: "host-dock" });
  const page = h("section.table-page", null, area, h("div.side-column", null, dock, side.el));
  // on one column the dock lies over the site's header and is no taller than it
  const header = document.getElementById("app-header");
  const headerSize = new ResizeObserver(() => dock.style.setProperty("--header-h", `${header.offsetHeight}px`));
  if (header) headerSize.observe(header);
  replace(main, page);

  let conn = null;
  const hostPanel = createHostPanel({ getState: () => s, send: (msg) => Boolean(conn?.send(msg)), mySeat: () => mySeat() });
  const mine = createMyArea({
    s, el: my, tableId, mySeat: () => mySeat(), config: () => config(), splitNow: () => splitNow(),
    nameOf: (seat) => nameOf(seat), timers: () => timers(), send: (action) => send(action),
    command: (msg) => conn?.send(msg), rerender: () => renderMy(), reconnect: () => connect(),
  });

  function connect() {
    conn?.close();
    conn = new TableConnection({
      tableId,
      token: s.seatInfo?.token || null,
      onMessage,
      onStatus: (status) => {
        s.conn = status;
        renderTop();
      },
    });
    conn.connect();
  }

  // ------------------------------------------------------------------ messages
  function onMessage(msg) {
    switch (msg.type) {
      case "welcome":
        noteBuild(msg.build);  // a server upgraded under this page: offer a reload
        s.welcome = msg;
        side.start();
        s.offset = (msg.server_time || Date.now() / 1000) - Date.now() / 1000;
        s.version = -1;
        s.seatRequests = [];   // the host gets the pending ones again after the welcome
        break;
      case "pong":
        s.offset = (msg.server_time || Date.now() / 1000) - Date.now() / 1000;
        return;
      case "table": {
        const before = s.table, after = msg.table;
        const change = pauseChange(before, after);
        s.table = msg.table;
        // a pause has its banner (a toast would sit over the side panel's tabs); a resume,
        // which removes the banner, is announced. The live region's text is rebuilt from
        // the two TableInfos when the language changes (dom.js resay)
        if (change && after.status === "paused") say(() => pauseChange(before, after));
        else if (change) announce(() => pauseChange(before, after));
        side.update("table");
        renderAll();
        hostPanel.update();
        return;
      }
      case "state":
        onState(msg);
        return;
      case "seed_request":  // fairness version 3: our own randomness shuffles the deck too
        side.recordCommitment(msg.hand_no, msg.commitment, { beforeDeal: true });
        conn?.send(seedAnswer(tableId, msg));
        return;
      case "hand_started":
        s.handNo = msg.hand_no;
        s.split = msg.split || s.split;
        s.choose = null;
        side.recordCommitment(msg.hand_no, msg.commitment, { beforeDeal: true, dealt: true });
        return;
      case "hand_finished":
        side.recordCommitment(msg.hand_no, msg.commitment);
        side.handFinished(msg);
        return;
      case "chat":
        side.addChat(msg);
        return;
      case "chat_history":
        side.setChat(msg.messages || []);
        return;
      case "ledger":
        side.setLedger(msg.ledger || []);
        return;
      case "choose_game": {
        s.choose = msg;
        renderMy();
        const active = document.activeElement;
        if (!active || active === document.body || my.contains(active)) my.querySelector("#choose-game button.primary")?.focus();
        say(t("You deal: choose the game"));
        return;
      }
      case "rebuy_request":
        s.rebuyRequests = [...s.rebuyRequests.filter((r) => r.request_id !== msg.request_id), msg];
        renderMy();
        return;
      case "seat_request":
        s.seatRequests = [...s.seatRequests.filter((r) => r.request_id !== msg.request_id), msg];
        // the dock shows the request; a toast as well would cover it on a phone
        say(msg.seat === null || msg.seat === undefined
          ? t("{name} asks for a seat", { name: msg.name })
          : t("{name} asks for seat {n}", { name: msg.name, n: msg.seat + 1 }));
        hostPanel.update();
        break;
      case "seat_request_closed":
        s.seatRequests = s.seatRequests.filter((r) => r.request_id !== msg.request_id);
        if (msg.outcome === "expired") announce(t("{name} left before you answered.", { name: msg.name }));
        hostPanel.update();
        break;
      case "seat_request_pending":
        s.mySeatRequest = { state: "pending", request_id: msg.request_id };
        renderMy();
        return;
      case "seat_denied":
        s.mySeatRequest = { state: "denied", reason: msg.reason || null };
        announce(msg.reason ? t("The host did not let you in: {reason}", { reason: msg.reason }) : t("The host did not let you in."), "error");
        renderMy();
        return;
      case "seat_granted":
        setPref("name", msg.name);
        s.seatInfo = { token: msg.token, seat: msg.seat, name: msg.name };
        rememberSeat(tableId, s.seatInfo);
        s.mySeatRequest = null;
        s.welcome = null;
        s.msg = null;
        announce(t("The host let you in: seat {n}.", { n: msg.seat + 1 }));
        connect();   // this socket watched; the seat's own socket says hello with the token
        return;
      case "game_change":
        announce(t("From the next hand: {rules}", { rules: rulesSummary(msg.config) }));
        hostPanel.gameChanged();
        return;
      case "stack_adjusted":
        announce(t("The host set the stack of {name} to {amount}.", { name: msg.name, amount: chips(msg.stack) }));
        return;
      case "player_removed":
        if (msg.seat !== mySeat()) {
          announce(msg.after_hand ? t("The host removes {name} after this hand.", { name: msg.name }) : t("The host removed {name}.", { name: msg.name }));
        } else if (msg.after_hand) {
          announce(t("The host removes you from the table after this hand."), "error");
        }
        return;
      case "seat_left":
        if (msg.seat === mySeat()) {
          rememberFormerToken(tableId, s.seatInfo?.token);
          rememberSeat(tableId, null);
          s.seatInfo = null;
          s.welcome = { ...s.welcome, seat: null, name: null };
          s.confirmLeave = false;
          announce(msg.removed
            ? t("The host removed you from the table; you left with {amount} chips.", { amount: chips(msg.stack) })
            : t("You left the table with {amount} chips.", { amount: chips(msg.stack) }), msg.removed ? "error" : "info");
          connect();  // the server closes this seat's sockets (4001): watch on as a spectator
        }
        break;
      case "host":  // the table message that follows names the new host_seat
        announce(t("You are now the host."));
        break;
      case "rebuy_result":
        s.rebuyRequests = s.rebuyRequests.filter((r) => r.request_id !== msg.request_id);
        {
          const topUp = isTopUp(msg.amount, s.table?.starting_stack ?? 0);
          const amount = chips(msg.amount);
          const approved = topUp ? t("Top-up of {amount} approved.", { amount }) : t("Rebuy of {amount} approved.", { amount });
          const declined = topUp ? t("Top-up declined.") : t("Rebuy declined.");
          announce(msg.approved ? approved : declined);
        }
        renderMy();
        return;
      case "error":
        onError(msg);
        return;
      default:
        return;
    }
    renderAll();
  }

  function onError(msg) {
    hostPanel.onError(msg);
    if (msg.ref === "request_seat") {   // refused before the host saw it: ask again
      s.mySeatRequest = null;
      s.joinError = errorText(msg.code, msg.message);
      renderMy();
      return;
    }
    if (msg.ref === "action" && s.sentTurn) {
      s.sentTurn = null;
      my.classList.remove("sending");
      renderMy();
    }
    // the table is changing server nodes (docs/protocol.md §8): the close (1012) that
    // follows reconnects with ?table=, which the proxy routes to the table's node
    if (msg.code === "table_moving" || msg.code === "table_elsewhere") return;
    if (msg.code === "bad_token" || msg.code === "table_not_found") {
      if (msg.code === "table_not_found") {
        s.notFound = true;
        conn?.close();
        renderAll();
        return;
      }
      rememberSeat(tableId, null);
      s.seatInfo = null;
      announce(errorText(msg.code, msg.message), "error");
      connect();
      return;
    }
    if (msg.code === "stale_turn") return;   // our click raced the table; the next state fixes it
    if (msg.ref === "seed") return;          // a seed sent twice or late: the first one counts
    announce(errorText(msg.code, msg.message), "error");
  }

  function onState(msg) {
    if (typeof msg.version === "number" && msg.version < s.version) return;
    const first = s.msg === null;
    s.version = msg.version ?? s.version;
    s.msg = msg;
    const view = msg.view;
    const prevHand = s.view ? s.msgHandNo : null;
    s.msgHandNo = msg.hand_no;
    if (view) {
      if (view.split) s.split = view.split;
      const newHand = prevHand !== msg.hand_no;
      if (newHand) {
        s.shown = {};
        s.logRounds = [];
      }
      s.logRounds = tagLogRounds(s.logRounds, view, s.prevView, newHand || first);
      s.prevView = view;
      if (first || newHand) {
        // nothing flips on a (re)load: only cards turned while we watch
        for (const seat of view.seats) s.shown[seat.seat] = first ? seat.revealed.length : 0;
      }
    }
    const before = s.view;
    s.view = view;
    hostPanel.stacks();
    const you = view?.you;
    s.myTurn = Boolean(you && view.phase !== "complete" && view.to_act?.includes(you.seat) && (you.legal?.kinds || []).length);
    const dropped = mine.pre.update(view, msg.hand_no, mySeat());
    if (dropped) say(dropped);   // shown in the controls (PreActions.notice), not as a toast
    // a pre-action chosen before the turn is sent the moment the turn comes (issue 12 §3)
    const newTurn = Boolean(s.myTurn && msg.turn && msg.turn !== s.announcedTurn);
    const preAction = newTurn && view.phase === "betting" ? mine.pre.take(new Set(you.legal?.kinds || [])) : null;
    // a tone (and, in a hidden tab, a flashing title) for your turn, cards received, a reveal
    stateAlerts(first ? null : before, view, newTurn && !preAction, s.table?.name || "");
    setMyTurn(s.myTurn && !preAction);   // "Your turn" in a dialog over the table, even one opened later
    if (preAction) {
      s.announcedTurn = msg.turn;
      renderAll();
      send(preAction);
      return;
    }
    renderAll();
    // a new decision (the seat's turn id names it): announce it and bring the focus to it
    if (s.myTurn && msg.turn && msg.turn !== s.announcedTurn) {
      s.announcedTurn = msg.turn;
      if (view.phase === "betting" && !first) say(t("Your turn."));
      focusFirstControl();
    }
  }

  // When a decision starts, bring keyboard focus to it, unless the player is busy elsewhere
  // (typing in the chat, reading the side panel).
  function focusFirstControl() {
    const active = document.activeElement;
    if (active && active !== document.body && !my.contains(active)) return;
    const order = ["#arrange .arrange-pool button.card:not(:disabled)", "#my-hand button.card", "#act-check", "#act-call", "#act-fold"];
    for (const selector of order) {
      const target = my.querySelector(selector);
      if (target) {
        // on a short screen, show the decision's buttons too, not only the focused card
        target.focus({ preventScroll: true });
        const decision = my.querySelector("#pass-confirm, #arrange-confirm, .controls[role=group]");
        (decision || target).scrollIntoView({ block: "nearest" });
        target.scrollIntoView({ block: "nearest" });
        return;
      }
    }
  }

  // ------------------------------------------------------------------ derived facts
  const mySeat = () => (s.welcome ? s.welcome.seat : s.seatInfo?.seat ?? null);
  // The host's controls: the table's current host_seat (it passes on when a host leaves), the
  // welcome's is_host before the first table message; a leaving host keeps none (it may not
  // pause, and the next host deals).
  function isHost() {
    const me = mySeat();
    if (me === null || s.table?.seats?.[me]?.leaving) return false;
    return s.table ? s.table.host_seat === me : Boolean(s.welcome?.is_host);
  }
  const config = () => s.table?.config ?? null;
  const splitNow = () => s.split || config()?.split || "high_low_8";
  const nameOf = (seat) => s.view?.seats?.find((x) => x.seat === seat)?.name ?? s.table?.seats?.[seat]?.name ?? t("Seat {n}", { n: seat + 1 });
  const now = () => Date.now() / 1000 + s.offset;

  function timers() {
    const timer = s.msg?.timer;
    const out = {};
    if (!timer || !timer.deadline || !s.view || s.view.phase === "complete") return out;
    const total = s.table?.action_timer || 30;
    const n = now();
    for (const seat of timer.to_act || []) {
      const left = timer.deadline - n;
      if (left > 0) {
        out[seat] = { frac: Math.max(0, Math.min(1, left / total)), low: left < 6, left };
      } else {
        const bank = timer.bank?.[String(seat)] ?? 0;
        const bankLeft = bank + left;
        const bankTotal = s.table?.time_bank || bank || 1;
        out[seat] = { frac: Math.max(0, Math.min(1, bankLeft / bankTotal)), low: true, left: Math.max(0, bankLeft), bank: true };
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ rendering
  function renderAll() {
    renderTop();
    renderTable();
    renderMy();
    side.update("state");
    // Machine-readable facts for tests and for styling: hand number, phase, event version and
    // this seat's turn id (it changes exactly when one of our decisions is accepted).
    page.dataset.hand = String(s.msg?.hand_no ?? "");
    page.dataset.phase = s.view?.phase ?? "";
    page.dataset.version = String(s.version);
    page.dataset.turn = s.msg?.turn ?? "";
    page.dataset.seat = mySeat() === null ? "" : String(mySeat());
    page.classList.toggle("paused", s.table?.status === "paused");
    replace(pauseSlot, pauseBanner(s.table, s.view));
    replace(nextSlot, nextHandBar(s.table, s.view, { now: now(), host: isHost(), dealNow: () => conn?.send({ type: "next_hand" }) }));
  }

  // A table update redraws the top bar: keyboard focus stays on the same control (by id).
  function renderTop() {
    const active = document.activeElement;
    const focusedId = active && top.contains(active) ? active.id : "";
    drawTop();
    if (focusedId) document.getElementById(focusedId)?.focus();
  }

  function drawTop() {
    const tb = s.table;
    const me = mySeat();
    // leaving after this hand: asked to, or removed by the host (docs/protocol.md §4.3)
    const leaving = me !== null && Boolean(tb?.seats?.[me]?.leaving || tb?.seats?.[me]?.removing);
    const host = isHost();
    const link = inviteUrl(tableId);
    const linkInput = h("input", { type: "text", readonly: true, value: link, id: "invite-link", "aria-label": t("Invite link"), size: 28 });
    replace(top,
      h("h1", null, tb?.name || t("Table")),
      h("span.rules-summary", null, tb ? rulesSummary({ ...tb.config, split: splitNow() }, { dealersChoice: tb.dealers_choice && !s.split }) : ""),
      nextRulesNotice(tb),
      h("span.conn", { class: s.conn === "open" ? "ok" : "bad", role: "status" },
        s.conn === "open" ? (mySeat() === null ? t("Watching") : t("Connected")) : t("Reconnecting…")),
      h("div.invite", null, linkInput,
        h("button.small", { type: "button", id: "copy-invite", onclick: () => copyText(link, linkInput) }, t("Copy invite link"))),
      host ? h("div.invite", null,
        tb?.status === "paused"
          ? h("button.small", { type: "button", id: "resume", onclick: () => conn.send({ type: "resume" }) }, t("Resume"))
          : h("button.small", { type: "button", id: "pause", onclick: () => conn.send({ type: "pause" }) }, t("Pause")),
        // always there (disabled during a hand), so the top bar does not jump at every hand's end
        h("button.small", {
          type: "button", id: "next-hand", disabled: Boolean(s.view && s.view.phase !== "complete"),
          onclick: () => conn.send({ type: "next_hand" }),
        }, t("Deal next hand")),
        hostPanel.button()) : null,
      me === null ? null : alertControls(renderTop),
      me === null ? null : leaveControls(leaving));
  }

  // Leaving the table: a second click confirms; the chips leave with the player (the ledger
  // keeps the line). During a hand the server plays the seat's remaining decisions by default.
  function leaveControls(leaving) {
    if (leaving) return h("span.leave", { id: "leaving", role: "status" }, t("Leaving after this hand"));
    // during a hand the chips behind (what is in the pot stays there), else the table's stack
    const inHand = s.view && s.view.phase !== "complete" ? s.view.seats?.find((x) => x.seat === mySeat()) : null;
    const stack = inHand?.stack ?? s.table?.seats?.[mySeat()]?.stack ?? 0;
    if (!s.confirmLeave) {
      return h("div.invite.leave", null, h("button.small", {
        type: "button", id: "leave-table", onclick: () => { s.confirmLeave = true; renderTop(); top.querySelector("#leave-confirm")?.focus(); },
      }, t("Leave table")));
    }
    return h("div.invite.leave", { role: "group", "aria-label": t("Leave table") },
      h("span.prompt", null, t("Leave the table with {amount} chips?", { amount: chips(stack) }),
        // the server plays a leaving seat's decisions at once (newcomer trial: the fold surprised)
        inHand && !inHand.folded ? [" ", t("Your hand then plays by default until it ends: it checks when it can and folds to a bet.")] : null),
      h("button.small.danger", { type: "button", id: "leave-confirm", onclick: () => { s.confirmLeave = false; conn.send({ type: "leave_seat" }); renderTop(); } }, t("Leave")),
      h("button.small", { type: "button", id: "leave-cancel", onclick: () => { s.confirmLeave = false; renderTop(); } }, t("Stay")));
  }

  function renderTable() {
    if (s.notFound) {
      replace(felt, h("div.felt-center", null, h("p", null, t("This table does not exist (any more)."))));
      return;
    }
    const origins = chipOrigins(felt);
    renderFelt(felt, {
      view: s.view,
      table: s.table,
      config: config(),
      mySeat: mySeat(),
      // translated text: made at each draw, so a change of language redraws it too
      lastActions: s.prevView ? lastActions(s.prevView, s.logRounds, config()?.pass_counts?.length ?? 3) : {},
      flips: s.shown,
      timers: timers(),
      split: splitNow(),
    });
    if (s.view) for (const seat of s.view.seats) s.shown[seat.seat] = seat.revealed.length;
    // bets slide into the pot at a round's end, the pot to its winners at the hand's end
    if (s.drawn && s.view && s.drawn.hand === s.msgHandNo && s.drawn.view !== s.view) moveChips(felt, origins, s.drawn.view, s.view);
    s.drawn = { hand: s.msgHandNo, view: s.view };
  }

  // After sending a decision the controls stay disabled until the table answers (our turn id
  // moves on) or refuses it (an error message), so a double click can never act twice.
  function send(action) {
    if (!s.msg?.turn || s.sentTurn === s.msg.turn) return;
    if (!conn.send({ type: "action", turn: s.msg.turn, action })) {
      announce(t("Not connected; trying again…"), "error");
      return;
    }
    s.sentTurn = s.msg.turn;
    my.classList.add("sending");
    for (const el of my.querySelectorAll(".controls button, #my-hand button.card, #arrange button")) el.disabled = true;
  }

  // Keep keyboard focus on the same control across re-renders (elements carry data-key).
  function withFocus(container, draw) {
    const active = document.activeElement;
    const inside = container.contains(active);
    const key = inside ? active?.dataset?.key : null;
    const caret = active?.tagName === "INPUT" && active.type === "text" ? [active.selectionStart, active.selectionEnd] : null;
    draw();
    if (!inside) return;
    const again = key ? container.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
    if (again && !again.disabled) {
      again.focus();
      if (caret && again.tagName === "INPUT") again.setSelectionRange(caret[0], caret[1]);
    }
    else (container.querySelector(".controls button:not(:disabled)") || container).focus();
  }

  function renderMy() {
    withFocus(my, mine.draw);
    const focusWasInDock = dock.contains(document.activeElement);
    withFocus(dock, () => replace(dock, isHost() ? [
      seatRequestsPanel(s.seatRequests, (msg) => conn?.send(msg)),
      rebuyRequestsPanel(s.rebuyRequests, (msg) => conn?.send(msg), s.table?.starting_stack ?? 0),
    ] : null));
    // the request answered has gone: back to the host's own decision
    if (focusWasInDock && !dock.contains(document.activeElement)) (my.querySelector(".controls button:not(:disabled)") || my).focus();
  }

  // ------------------------------------------------------------------ keyboard shortcuts
  function onKey(ev) {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = document.activeElement?.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (document.querySelector("dialog[open]")) return;
    const key = ev.key.toLowerCase();
    const click = (id) => {
      const el = document.getElementById(id);
      if (el && !el.disabled) {
        ev.preventDefault();
        el.click();
      }
    };
    if (key === "f") click("act-fold");
    else if (key === "c") { click("act-check"); click("act-call"); }
    else if (key === "b") click("act-bet");
    else if (key === "r") click("act-raise");
    else if (key === "h") click("declare-high");
    else if (key === "l") click("declare-low");
    else if (key === "s") click("declare-both");
  }
  document.addEventListener("keydown", onKey);

  // ------------------------------------------------------------------ timers
  const ticker = setInterval(() => {
    tickNextHand(s.table, now());
    const tm = timers();
    for (const [seat, v] of Object.entries(tm)) {
      const bar = document.querySelector(`#seat-${seat} .timer > span`);
      if (bar) bar.style.setProperty("--frac", v.frac.toFixed(3));
      bar?.parentElement.classList.toggle("low", v.low);
    }
    const me = mySeat();
    const cd = document.getElementById("countdown");
    if (cd && me !== null && tm[me]) {
      cd.textContent = mine.countdownText(tm[me]);
      cd.classList.toggle("low", tm[me].low);
    }
  }, 250);

  renderAll();
  connect();   // the websocket says whether the table exists (no REST call that could 404)

  return {
    title: () => s.table?.name || t("Table"),
    rerender: () => {
      felt.setAttribute("aria-label", t("Table"));
      my.setAttribute("aria-label", t("Your cards and actions"));
      renderAll();
      side.rerender();
      hostPanel.update();
    },
    destroy: () => {
      clearInterval(ticker);
      headerSize.disconnect();
      document.getElementById("host-panel")?.close();
      document.removeEventListener("keydown", onKey);
      conn?.close();
      side.destroy();
    },
  };
}

