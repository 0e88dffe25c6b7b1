// prsi's table (docs/tables.md): the top card on the pile, the suit in force after an over, the
// pending draw count and aces, the stock, and the seats that went out.
import { add, el, nameOf, pile, suit, zone } from "/static/table.js";

/** What "next trick" is called in this game. */
export const TRICK = "Turn";

/** The felt's centre. */
export function centre(t) {
  const middle = el("div", "row-centre");
  add(
    middle,
    zone("Stock", pile(t.stock, { fan: true, empty: "empty" })),
    zone("Pile (top card last)", pile(t.pile, { fan: true, empty: "empty" })),
  );
  return middle;
}

/** The seats that went out, in order: not the last player, left holding cards at the end. */
function wentOut(t) {
  return t.out.filter((s) => t.hands[s] && t.hands[s].cards.length + t.hands[s].down === 0);
}

/** The strip's facts: the suit in force, what the next seat faces, who went out. */
export function facts(t, view) {
  const out = wentOut(t);
  return [
    ["Suit", suit(t.suit)],
    ["Draw", t.draw],
    ["Aces", t.aces],
    ["Out", out.length ? out.map((s) => nameOf(view, s)).join(", ") : "nobody"],
  ];
}

/** A seat's badges: its place once it went out. */
export function badges(t, seat) {
  const at = wentOut(t).indexOf(seat);
  return at >= 0 ? ["out " + (at + 1)] : [];
}
