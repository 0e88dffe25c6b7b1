// durak's table (docs/tables.md): the stock with the trump card face up at its bottom, the
// attack/defence pairs of the turn, the discard, who attacks and who defends.
import { add, card, cardText, el, hidden, nameOf, ownView, pile, suit, zone } from "/static/table.js";

/** What "next trick" is called in this game. */
export const TRICK = "Turn";

/** The stock, its last card (the trump card while nobody has drawn it) marked. */
export function stock(t) {
  const node = pile(t.stock, { fan: true, downFirst: true, empty: "empty" });
  const cards = node.querySelectorAll("[data-card]");
  if (cards.length > 0 && t.stock.cards.length > 0) {
    const trump = cards[cards.length - 1];
    trump.classList.add("trump-card");
    trump.title = "the trump card, " + trump.title;
  }
  return node;
}

/** The attack/defence pairs, each attack with the card that beat it above it. */
export function pairs(t) {
  const row = el("div", "pairs");
  for (const pair of t.table) {
    const p = el("div", "pair" + (pair.beat ? " beaten" : ""));
    add(p, card(pair.attack), pair.beat ? card(pair.beat) : el("span", "card slot", "?"));
    row.append(p);
  }
  if (t.table.length === 0) row.append(el("span", "empty", "no attack yet"));
  return row;
}

/** The felt's centre. */
export function centre(t) {
  const middle = el("div", "durak-centre");
  add(
    middle,
    zone("Stock", stock(t)),
    zone("Attack / defence", pairs(t)),
    zone("Beaten off", pile(t.discard, { fan: true, empty: "none" })),
  );
  return middle;
}

/** The strip's facts: trump, attacker, defender, phase. */
export function facts(t, view) {
  return [
    ["Trump", suit(t.trump_suit)],
    ["Attacks", nameOf(view, t.attacker)],
    ["Defends", nameOf(view, t.defender)],
    ["Phase", String(t.phase)],
  ];
}

/** A seat's badges: its role this turn, whether it went out. */
export function badges(t, seat) {
  const out = [];
  if (t.attacker === seat) out.push("attacker");
  if (t.defender === seat) out.push("defender");
  if (t.in_game && t.in_game[seat] === false) out.push("out");
  if (t.starter === seat) out.push("started the round");
  return out;
}

/** The table as `seat` saw it: the trump card stays face up under the counted stock. */
export function own(t, seat) {
  const copy = ownView(t, seat);
  const up = t.stock.cards;
  if (up.length > 0) copy.stock = { cards: [up[up.length - 1]], down: up.length - 1 + t.stock.down };
  else copy.stock = hidden(t.stock);
  return copy;
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, t) {
  const a = c.action || {};
  switch (a.kind) {
    case "attack":
      return t.phase === "continue"
        ? {
            label: "Add " + cardText(a.card),
            hint: "Throw in another card of a rank on the table: the defender must beat it too.",
          }
        : {
            label: "Attack with " + cardText(a.card),
            hint: "Lead this card: the defender must beat it or take the cards.",
          };
    case "beat": {
      const open = (t.table || []).find((p) => !p.beat);
      return {
        label: open ? "Beat " + cardText(open.attack) + " with " + cardText(a.card) : "Beat with " + cardText(a.card),
        hint: "Cover the attacking card with a higher card of its suit, or with a trump.",
      };
    }
    case "take":
      return {
        label: "Take the cards",
        hint: "Give up the defence: you pick up the cards on the table, and the attacker hands you every card it holds of the ranks played (all but its highest trump).",
      };
    case "done":
      return {
        label: "End the attack",
        hint: "Add no more cards: the beaten cards are discarded and the turn is over.",
      };
    default:
      return null;
  }
}
