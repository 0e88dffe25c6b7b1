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
  const cards = top.querySelectorAll("[data-card]");
  for (let i = Math.max(0, cards.length - (t.played || 0)); i < cards.length; i++) {
    cards[i].classList.add("this-turn");
  }
  add(
    middle,
    zone("Stock", pile(t.stock, { fan: true, empty: "empty" })),
    zone("Pile (top card last)", top),
    zone("Scores", scoreTable(t.hands.map((_, s) => "#" + s), t.scores, t.totals, t.target)),
  );
  return middle;
}

/** The strip's facts: this turn's cards, the six to cover, the ordered suit, the dealer. */
export function facts(t, view) {
  const facts = [
    ["Played this turn", t.played],
    ["Ordered suit", t.ordered_suit ? suit(t.ordered_suit) : "none"],
    ["Dealer", nameOf(view, t.dealer)],
  ];
  if (t.must_cover) facts.push(["Six on top", "must be covered"]);
  const draw = t.pending && t.pending.draw;
  if (draw) facts.push(["To take at the turn's end", draw]);
  return facts;
}

/** A seat's badges: dealer, cards it will take, turns it will lose, running total. */
export function badges(t, seat) {
  const out = [];
  const p = t.pending || {};
  if (t.dealer === seat) out.push("dealer");
  if (p.takes && p.takes[seat]) out.push("takes " + p.takes[seat]);
  if (p.skips && p.skips[seat]) out.push("skips " + p.skips[seat]);
  if (t.totals) out.push("total " + t.totals[seat]);
  return out;
}
