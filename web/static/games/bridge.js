// bridge's table (docs/tables.md): the stock, the face-up pile with its top card last, the suit a
// jack orders, what the top card still demands, and the scores per deal with the running totals
// (lower is better; 125 loses).
import { add, el, nameOf, pile, scoreTable, suit, zone } from "/static/table.js";

/** What "next trick" is called in this game. */
export const TRICK = "Turn";

/** The felt's centre. */
export function centre(t, view) {
  const middle = el("div", "row-centre");
  const top = pile(t.pile, { fan: true, empty: "empty" });
  add(
    middle,
    zone("Stock", pile(t.stock, { fan: true, empty: "empty" })),
    zone("Pile (top card last)", top),
    zone("Scores", scoreTable(view.names.map((_, s) => nameOf(view, s)), t.scores, t.totals, t.target)),
  );
  return middle;
}

/** What the top card still demands, in words. */
function pending(t, view) {
  const p = t.pending || {};
  const parts = [];
  if (p.draw) parts.push("draw " + p.draw);
  (p.skips || []).forEach((n, s) => {
    if (n) parts.push(nameOf(view, s) + " skips " + n);
  });
  return parts.length ? parts.join(", ") : "nothing";
}

/** The strip's facts: the ordered suit, what is pending, the dealer. */
export function facts(t, view) {
  return [
    ["Ordered suit", t.ordered_suit ? suit(t.ordered_suit) : "none"],
    ["Pending", pending(t, view)],
    ["Dealer", nameOf(view, t.dealer)],
  ];
}

/** A seat's badges: dealer, running total. */
export function badges(t, seat) {
  const out = [];
  if (t.dealer === seat) out.push("dealer");
  if (t.totals) out.push("total " + t.totals[seat]);
  return out;
}
