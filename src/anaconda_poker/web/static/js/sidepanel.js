// The side panel of the table: action log, chat, finished hands (replayer, download), ledger,
// and the fairness commitments with in-browser verification. ARIA tabs, arrow keys move.

import { api } from "./api.js";
import { announce, h, replace } from "./dom.js";
import { mySeedListed, verifyHand, verifyOwnCards } from "./fairness.js";
import { chips, t } from "./i18n.js";
import { errorText, splitLabel } from "./labels.js";
import { logLines, markTimeouts } from "./logtext.js";
import { formerTokens } from "./prefs.js";
import { openReplayer } from "./replayer.js";
import { seedFor } from "./seeds.js";

const TABS = ["log", "chat", "hands", "ledger", "fair"];

function tabLabel(tab) {
  switch (tab) {
    case "log": return t("Log");
    case "chat": return t("Chat");
    case "hands": return t("Hands");
    case "ledger": return t("Ledger");
    default: return t("Fairness");
  }
}

export class SidePanel {
  /**
   * @param {object} opts
   * @param {string} opts.tableId
   * @param {() => object} opts.getState  the table page's state (welcome, table, view, seatInfo)
   * @param {(text: string) => void} opts.sendChat
   */
  constructor({ tableId, getState, sendChat }) {
    this.tableId = tableId;
    this.getState = getState;
    this.sendChat = sendChat;
    this.tab = "log";
    this.chat = [];
    this.unread = 0;
    this.hands = null;
    this.ledger = null;
    this.commitments = loadCommitments(tableId);
    this.dealtHands = new Set();   // hands whose hand_started this page saw
    this.verified = {};
    this.chatDraft = "";
    this.el = h("aside.side-panel", { "aria-label": t("Table information") });
    this.tabsEl = h("div.tabs", { role: "tablist", "aria-label": t("Table information") });
    this.panelEl = h("div.tab-panel", { role: "tabpanel", id: "side-panel-body", tabindex: "0" });
    this.footEl = h("div");
    this.el.append(this.tabsEl, this.panelEl, this.footEl);
    this.started = false;
    this.rerender();
  }

  /** Load the hands and the ledger once the table is known to exist (after "welcome"). */
  start() {
    if (this.started) return;
    this.started = true;
    this.loadHands();
    this.loadLedger();
  }

  destroy() {}

  rerender() {
    this.el.setAttribute("aria-label", t("Table information"));
    this.tabsEl.setAttribute("aria-label", t("Table information"));
    this.drawTabs();
    this.drawPanel();
  }

  drawTabs() {
    const focused = this.tabsEl.contains(document.activeElement);
    replace(this.tabsEl, TABS.map((tab) => h("button", {
      type: "button", role: "tab", id: `tab-${tab}`, "aria-selected": this.tab === tab ? "true" : "false",
      "aria-controls": "side-panel-body", tabindex: this.tab === tab ? "0" : "-1",
      onclick: () => this.select(tab),
      onkeydown: (ev) => {
        const i = TABS.indexOf(tab);
        let j = null;
        if (ev.key === "ArrowRight") j = (i + 1) % TABS.length;
        if (ev.key === "ArrowLeft") j = (i - 1 + TABS.length) % TABS.length;
        if (ev.key === "Home") j = 0;
        if (ev.key === "End") j = TABS.length - 1;
        if (j !== null) {
          ev.preventDefault();
          this.select(TABS[j]);
        }
      },
    }, tabLabel(tab), tab === "chat" && this.unread && this.tab !== "chat" ? ` (${this.unread})` : "")));
    if (focused) document.getElementById(`tab-${this.tab}`)?.focus();
  }

  select(tab) {
    this.tab = tab;
    if (tab === "chat") this.unread = 0;
    if (tab === "hands" && this.started) this.loadHands();
    if (tab === "ledger" && this.started) this.loadLedger();
    this.drawTabs();
    this.drawPanel();
    document.getElementById(`tab-${tab}`)?.focus();
  }

  /** Called by the table page: "state" after each state, "table" after table info. */
  update(what) {
    if (this.tab === "log" && what === "state") this.drawPanel();
    if (this.tab === "fair" || this.tab === "ledger") this.drawPanel();
  }

  nameOf(seat) {
    const st = this.getState();
    return st.view?.seats?.find((x) => x.seat === seat)?.name ?? st.table?.seats?.[seat]?.name ?? t("Seat {n}", { n: seat + 1 });
  }

  drawPanel() {
    this.panelEl.setAttribute("aria-labelledby", `tab-${this.tab}`);
    const draw = {
      log: () => this.logPanel(),
      chat: () => this.chatPanel(),
      hands: () => this.handsPanel(),
      ledger: () => this.ledgerPanel(),
      fair: () => this.fairPanel(),
    }[this.tab];
    const focusedId = document.activeElement?.id;
    const inFoot = this.footEl.contains(document.activeElement);
    replace(this.panelEl, draw());
    replace(this.footEl, this.tab === "chat" ? this.chatForm() : null);
    if (inFoot && focusedId) document.getElementById(focusedId)?.focus();
    if (this.tab === "log" || this.tab === "chat") this.panelEl.scrollTop = this.panelEl.scrollHeight;
  }

  // -------------------------------------------------------------- log
  logPanel() {
    const st = this.getState();
    const view = st.view;
    if (!view) return h("p.muted", null, t("No hand yet."));
    const lines = logLines(markTimeouts(view.log, st.msg?.timed_out, st.msg?.away_played), (seat) => this.nameOf(seat), st.table?.config?.pass_counts, st.logRounds,
      { passDirections: st.table?.config?.pass_directions, seats: view.seats });
    return h("ol.log-list", { id: "log-list", "aria-live": "off" },
      st.msg?.hand_no ? h("li.round", null, t("Hand {n}", { n: st.msg.hand_no })) : null,
      lines.map((line) => h("li", { class: line.kind === "round" ? "round" : "" }, line.text)));
  }

  // -------------------------------------------------------------- chat
  setChat(messages) {
    this.chat = messages.slice(-200);
    if (this.tab === "chat") this.drawPanel();
  }

  addChat(msg) {
    this.chat = [...this.chat, msg].slice(-200);
    if (this.tab === "chat") this.drawPanel();
    else {
      this.unread += 1;
      this.drawTabs();
    }
  }

  chatPanel() {
    if (!this.chat.length) return h("p.muted", null, t("No messages yet."));
    return h("ol.chat-list", { id: "chat-list" }, this.chat.map((m) => h("li", null,
      h("span.who", null, m.seat === null || m.seat === undefined ? t("Table") : m.name), ": ", m.text)));
  }

  chatForm() {
    const st = this.getState();
    const seated = st.welcome && st.welcome.seat !== null;
    if (!seated) return h("p.muted", { style: { padding: "8px 12px", margin: 0 } }, t("Take a seat to chat."));
    const input = h("input", {
      type: "text", id: "chat-input", maxlength: 280, value: this.chatDraft, "aria-label": t("Message"),
      placeholder: t("Say something nice…"), oninput: (ev) => { this.chatDraft = ev.target.value; },
    });
    return h("form.chat-form", {
      onsubmit: (ev) => {
        ev.preventDefault();
        const text = this.chatDraft.trim();
        if (!text) return;
        this.sendChat(text);
        this.chatDraft = "";
        input.value = "";
        input.focus();
      },
    }, input, h("button", { type: "submit", id: "chat-send" }, t("Send")));
  }

  // -------------------------------------------------------------- hands
  async loadHands() {
    try {
      const res = await api.hands(this.tableId);
      this.hands = (res.hands || []).slice().sort((a, b) => b.hand_no - a.hand_no);
    } catch (err) {
      this.hands = err;
    }
    if (this.tab === "hands" || this.tab === "fair") this.drawPanel();
  }

  handFinished(msg) {
    this.loadHands();
    this.loadLedger();
    if (msg.commitment) this.recordCommitment(msg.hand_no, msg.commitment);
  }

  // the seat's token; after leaving, the last token this browser held here (the server still
  // gives it its own cards of the hands it played, docs/protocol.md §3)
  token() {
    return this.getState().seatInfo?.token || formerTokens(this.tableId).at(-1) || null;
  }

  handsPanel() {
    if (this.hands === null) return h("p.muted", null, t("Loading…"));
    if (this.hands instanceof Error) return h("p.error-box", null, errorText(this.hands.code, this.hands.message));
    if (!this.hands.length) return h("p.muted", null, t("No finished hands yet."));
    const me = this.getState().welcome?.seat;
    return h("ul.hand-list", { id: "hand-list" }, this.hands.map((hand) => {
      const net = me === null || me === undefined ? null : hand.net?.[String(me)];
      return h("li", null, h("button.small", {
        type: "button", "data-hand": hand.hand_no, id: `replay-${hand.hand_no}`,
        onclick: () => openReplayer({ tableId: this.tableId, handNo: hand.hand_no, token: this.token(), mySeat: this.getState().welcome?.seat ?? null }),
      },
      h("span", null, t("Hand {n}", { n: hand.hand_no }), " · ", splitLabel(hand.split)),
      net === null || net === undefined ? h("span.muted", null, t("Replay")) : h("span", { class: net >= 0 ? "pos" : "neg" }, `${net > 0 ? "+" : ""}${chips(net)}`)),
      h("button.small.ghost", { type: "button", onclick: () => this.download(hand.hand_no) }, t("Download")));
    }));
  }

  async download(handNo) {
    try {
      const doc = await api.hand(this.tableId, handNo, this.token());
      const blob = new Blob([JSON.stringify(doc, null, 2)], { type: "application/json" });
      const url = URL.createObjectURL(blob);
      const a = h("a", { href: url, download: `${this.tableId}-hand-${handNo}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 5000);
    } catch (err) {
      announce(errorText(err.code, err.message), "error");
    }
  }

  // -------------------------------------------------------------- ledger
  setLedger(ledger) {
    this.ledger = ledger;
    if (this.tab === "ledger") this.drawPanel();
  }

  async loadLedger() {
    try {
      const res = await api.ledger(this.tableId);
      this.ledger = res.ledger || [];
    } catch (err) {
      this.ledger = err;
    }
    if (this.tab === "ledger") this.drawPanel();
  }

  ledgerPanel() {
    if (this.ledger === null) return h("p.muted", null, t("Loading…"));
    if (this.ledger instanceof Error) return h("p.error-box", null, errorText(this.ledger.code, this.ledger.message));
    if (!this.ledger.length) return h("p.muted", null, t("Nobody has played yet."));
    // three columns fit the side panel (340 px beside the felt, 300 px on a phone) in every
    // language: the player, with what they bought in, the host's adjustments (once there are
    // any, docs/protocol.md §3) and their hands on a small line below the name, then the
    // stack and the net, which a player looks for first; the CSV has every column
    const adjusted = this.ledger.some((row) => row.adjustments);
    const removed = t("removed by the host");
    const who = (row) => (row.removed ? `${row.name} (${removed})` : row.left ? `${row.name} (${t("left the table")})` : row.name);
    const signed = (n) => `${n > 0 ? "+" : ""}${chips(n)}`;
    const detail = (col, label, value) => h("span", { "data-col": col }, `${label}: ${value}`);
    return h("div", null, h("table.ledger", { id: "ledger" },
      h("thead", null, h("tr", null,
        h("th", { scope: "col", "data-col": "player" }, t("Player")),
        h("th", { scope: "col", "data-col": "stack" }, t("Stack")),
        h("th", { scope: "col", "data-col": "net" }, t("Net")))),
      h("tbody", null, this.ledger.map((row) => h("tr", null,
        h("th", { scope: "row", "data-col": "player" },
          h("span.ledger-name", null, who(row)),
          h("span.ledger-detail", null,
            detail("bought-in", t("Bought in"), chips(row.bought_in)),
            adjusted ? detail("adjusted", t("Adjusted"), signed(row.adjustments || 0)) : null,
            detail("hands", t("Hands"), chips(row.hands)),
            // a player who left holds nothing: the chips went with them (as in the CSV,
            // server/ledger_csv.py: stack 0 and the cash-out)
            row.left ? detail("cash-out", t("Cashed out"), chips(row.stack)) : null)),
        h("td", { "data-col": "stack" }, chips(row.left ? 0 : row.stack)),
        h("td", { "data-col": "net", class: row.net > 0 ? "pos" : row.net < 0 ? "neg" : "" }, signed(row.net)))))),
      h("p", null, h("a.btn.small", { id: "ledger-csv", href: api.ledgerCsvUrl(this.tableId), download: "" },
        t("Download the ledger (CSV)"))));
  }

  // -------------------------------------------------------------- fairness
  /**
   * Remember the deck commitment of a hand, which Verify compares with the history later.
   * The first one seen counts, except that a commitment sent before the deal (`seed_request`,
   * `hand_started`: before anyone sees a card) replaces one of a seed round the server
   * cancelled (a pause or seats leaving before the deal, docs/protocol.md §6), which dealt
   * nothing; the same hand number is then dealt from a fresh commitment. Once this page saw
   * a hand dealt (`dealt`: its `hand_started`), its commitment never changes again.
   */
  recordCommitment(handNo, commitment, { beforeDeal = false, dealt = false } = {}) {
    if (!handNo || !commitment) return;
    const replace = beforeDeal && !this.dealtHands.has(handNo) && this.commitments[handNo] !== commitment;
    if (dealt) this.dealtHands.add(handNo);
    if (!this.commitments[handNo] || replace) {
      this.commitments[handNo] = commitment;
      saveCommitments(this.tableId, this.commitments);
    }
    if (this.tab === "fair") this.drawPanel();
  }

  fairPanel() {
    const st = this.getState();
    const current = st.msg?.hand_no;
    const currentCommitment = this.commitments[current] || st.table?.commitment;
    const hands = Array.isArray(this.hands) ? this.hands.slice(0, 10) : [];
    return h("div.fair", { id: "fairness" },
      h("p", null, t("Before every deal the server publishes a SHA-256 commitment to the shuffled deck: one salted hash per card, combined into one. After the hand, each player can check here, in the browser, that their own cards were fixed before anyone saw a card, while the other players' cards stay secret. At tables that reveal the deck after the hand, the whole deck is checked.")),
      h("p", null, t("Your browser also sends its own random seed before each deal: the deck dealt is the committed deck shuffled by every player's seed, so the server alone cannot choose it.")),
      current ? h("dl", null,
        h("dt", null, t("Hand {n}", { n: current })),
        h("dd.mono", { id: "current-commitment" }, currentCommitment || "—")) : null,
      hands.length ? h("ul.hand-list", null, hands.map((hand) => {
        const v = this.verified[hand.hand_no];
        return h("li", null,
          h("button.small", {
            type: "button", id: `verify-${hand.hand_no}`, disabled: !this.token(),
            onclick: () => this.verify(hand.hand_no),
          }, t("Verify hand {n}", { n: hand.hand_no })),
          v ? h("div", { class: v.ok ? "pos" : "neg", id: `verify-result-${hand.hand_no}`, role: "status" }, v.text) : null);
      })) : h("p.muted", null, t("No finished hands yet.")),
      this.token() ? null : h("p.muted", null, t("Only players seated at this table can download the deck of a hand.")));
  }

  async verify(handNo) {
    try {
      const doc = await api.hand(this.tableId, handNo, this.token());
      if (!doc.deck || !doc.deck_salt) {
        this.verified[handNo] = Array.isArray(doc.deck_openings) && Array.isArray(doc.deck_leaves)
          ? await this.verifyOwn(doc, handNo)
          : { ok: false, text: t("This history has no deck to check.") };
      } else {
        const r = await verifyHand(doc, this.commitments[handNo] || doc.deck_commitment);
        const mine = r.version === 3 ? mySeedListed(doc, doc.viewer_seat, seedFor(this.tableId, handNo)) : null;
        const ok = r.commitment && r.deal && r.announced !== false && r.seeds !== false && mine !== false;
        const parts = [
          r.commitment ? t("The deck and salt match the commitment.") : t("The deck and salt do NOT match the commitment!"),
          r.announced === false ? t("The commitment differs from the one announced before the deal!") : "",
          r.seeds === true ? t("The deck dealt is the committed deck shuffled by every player's seed.") : "",
          r.seeds === false ? t("The deck dealt is NOT the committed deck shuffled by the players' seeds!") : "",
          this.seedText(mine),
          r.deal ? t("The cards dealt come from that deck in dealing order.") : t("The cards dealt do NOT come from that deck!"),
        ];
        this.verified[handNo] = { ok, text: `${ok ? "✓ " : "✗ "}${parts.filter(Boolean).join(" ")}` };
      }
    } catch (err) {
      this.verified[handNo] = { ok: false, text: errorText(err.code, err.message) };
    }
    this.drawPanel();
    document.getElementById(`verify-${handNo}`)?.focus();
  }

  /** A seat's own cards against the version 2 commitment (the deck itself stays secret). */
  async verifyOwn(doc, handNo) {
    const r = await verifyOwnCards(doc, this.commitments[handNo] || doc.deck_commitment);
    const mine = r.version === 3 ? mySeedListed(doc, r.seat, seedFor(this.tableId, handNo)) : null;
    const ok = r.openings && r.commitment && r.positions && r.cards && r.announced !== false && mine !== false;
    const parts = ok
      ? [
        r.version === 3
          ? t("Your {n} cards come from the deck committed before the players' seeds were asked for, placed by every player's seed; the other players' cards stay secret.", { n: r.count })
          : t("Your {n} dealt cards were fixed in the deck committed before the deal; the other players' cards stay secret.", { n: r.count }),
        this.seedText(mine),
      ]
      : [
        this.seedText(mine),
        r.openings ? "" : t("Your cards and their salts do NOT match the hashes in the history!"),
        r.commitment ? "" : t("The card hashes do NOT add up to the commitment!"),
        r.announced === false ? t("The commitment differs from the one announced before the deal!") : "",
        r.positions ? "" : t("The cards opened are NOT from the deck positions dealt to your seat!"),
        r.cards ? "" : t("The cards opened are NOT your dealt cards!"),
      ];
    return { ok, text: `${ok ? "✓ " : "✗ "}${parts.filter(Boolean).join(" ")}` };
  }

  /** The sentence of the seed check (version 3): null when this browser sent no seed. */
  seedText(listed) {
    if (listed === true) return t("Your seed is the one listed for your seat: it shuffled the deck.");
    if (listed === false) return t("Your seed is NOT the one listed for your seat!");
    return "";
  }
}

function commitmentKey(tableId) {
  return `anaconda-poker.commitments.${tableId}`;
}

function loadCommitments(tableId) {
  try {
    return JSON.parse(sessionStorage.getItem(commitmentKey(tableId)) || "{}");
  } catch {
    return {};
  }
}

function saveCommitments(tableId, commitments) {
  try {
    const keep = Object.fromEntries(Object.entries(commitments).slice(-50));
    sessionStorage.setItem(commitmentKey(tableId), JSON.stringify(keep));
  } catch {
    // storage full or disabled: the check still compares with the history's own commitment
  }
}
