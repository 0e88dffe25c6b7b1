// most's table (docs/tables.md): every meld with a joker marked by the card it stands for, the
// bridge row of discards, the stock, the card taken from the bridge to meld, and the deal scores to
// 500.
import { add, card, cardText, cardsText, el, nameOf, pile, scoreTable, zone } from "/static/table.js";

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

/** Meld `index` on the table in a person's words: "the run 6♥ 7♥ 8♥". */
function meldWords(t, index) {
  const m = (t.melds || [])[index];
  if (!m) return "a meld";
  return "the " + m.kind + " " + m.cards.map((c) => cardText(c.stands_for || c.card)).join(" ");
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, t) {
  const a = c.action || {};
  switch (a.kind) {
    case "draw":
      return { label: "Draw from the deck", hint: "Take the top card of the deck; then meld, lay off, and discard to end your turn." };
    case "take": {
      const bridge = (t.bridge && t.bridge.cards) || [];
      const after = bridge.length - a.index - 1;
      const more = after > 0 ? " and the " + (after === 1 ? "card" : after + " cards") + " after it" : "";
      return {
        label: "Take " + cardText(bridge[a.index]) + more + " from the bridge",
        hint: "Take this discard (and every newer one) instead of drawing: you must meld with it this turn.",
      };
    }
    case "meld": {
      const jokers = (a.jokers || []).map((j) => cardText(j.joker) + " as " + cardText(j.stands_for));
      return {
        label: "Meld " + [cardsText(a.cards), ...jokers].filter(Boolean).join(", "),
        hint: "Put these down as a meld of your own: a run in one suit, or one rank in different suits.",
      };
    }
    case "lay_off":
      return {
        label: "Add " + cardText(a.card) + (a.stands_for ? " as " + cardText(a.stands_for) : "") + " to " + meldWords(t, a.meld),
        hint: "Lay this card off on a meld on the table (you may, once you have a meld of your own).",
      };
    case "swap":
      return {
        label: "Swap " + cardText(a.card) + " for the joker in " + meldWords(t, a.meld),
        hint: "Put this card in the meld in place of the joker standing for it: the joker comes to your hand.",
      };
    case "discard":
      return { label: "Discard " + cardText(a.card), hint: "Put this card on the bridge: your turn ends." };
    default:
      return null;
  }
}
