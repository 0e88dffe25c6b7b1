// most's table (docs/tables.md): every meld with a joker marked by the card it stands for, the
// bridge row of discards, the stock, the card taken from the bridge to meld, and the deal scores to
// 500.
import { add, card, el, nameOf, pile, scoreTable, zone } from "/static/table.js";

/** What "next trick" is called in this game. */
export const TRICK = "Turn";

/** One meld: its owner, its kind and its cards, a joker with what it stands for. */
function meld(m, view) {
  const node = el("div", "meld");
  add(node, el("span", "meld-owner", nameOf(view, m.owner) + " \u00b7 " + m.kind));
  const cards = el("span", "cards");
  for (const c of m.cards) {
    const slot = el("span", "meld-card");
    slot.append(card(c.card));
    if (c.by !== undefined && c.by !== m.owner) slot.title = "laid off by " + nameOf(view, c.by);
    if (c.stands_for && c.stands_for !== c.card) slot.append(el("span", "stands-for", "= " + c.stands_for));
    cards.append(slot);
  }
  node.append(cards);
  return node;
}

/** The felt's centre. */
export function centre(t, view) {
  const middle = el("div", "row-centre");
  const melds = el("div", "melds");
  for (const m of t.melds) melds.append(meld(m, view));
  if (t.melds.length === 0) melds.append(el("span", "empty", "no melds yet"));
  add(
    middle,
    zone("Stock", pile(t.stock, { fan: true, empty: "empty" })),
    zone("Bridge (newest last)", pile(t.bridge, { fan: true, empty: "empty" })),
    t.pending ? zone("Taken from the bridge, to meld", card(t.pending)) : null,
    zone("Melds", melds),
    zone("Scores", scoreTable(t.hands.map((_, s) => "#" + s), t.scores, t.totals, t.target)),
  );
  return middle;
}

/** The strip's facts: the turn's phase, the dealer. */
export function facts(t, view) {
  return [
    ["Phase", String(t.phase)],
    ["Dealer", nameOf(view, t.dealer)],
  ];
}

/** A seat's badges: dealer, melded this deal, running total. */
export function badges(t, seat) {
  const out = [];
  if (t.dealer === seat) out.push("dealer");
  if (t.melded && t.melded[seat]) out.push("melded");
  if (t.totals) out.push("total " + t.totals[seat]);
  return out;
}
