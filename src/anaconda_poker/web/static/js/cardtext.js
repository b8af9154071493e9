// Cards in running text (issue 12 §3): "7♠ 10♣ Q♣" in every language, never the wire codes
// ("7s Tc Qc", docs/protocol.md §2) a player would have to decode.

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** One card code ("Tc") as text ("10♣"); anything else is returned unchanged. */
export function cardText(code) {
  const s = String(code);
  if (s.length !== 2 || !(s[1] in SUITS)) return s;
  return `${s[0] === "T" ? "10" : s[0]}${SUITS[s[1]]}`;
}

/** Card codes as one space-separated text: ["7s", "Tc"] -> "7♠ 10♣". */
export function cardsText(codes) {
  return (codes || []).map(cardText).join(" ");
}
