// prsi's table (docs/tables.md): the top card on the pile, the suit in force after an over, the
// pending draw count and aces, the stock, and the seats that went out.
import { add, cardText, cardsText, el, nameOf, parseCard, pile, suit, suitWords, zone } from "/static/table.js";

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

/** What a play does to the next player, by the value of its cards, for a person. */
function effect(value, count, t) {
  if (value === "7") return " The next player draws unless they answer with a seven.";
  if (value === "A") return " The next player loses a turn unless they answer with an ace.";
  if (value === "J" && count === 1) return "";
  return t.draw ? " It answers the sevens: the next player faces them instead." : "";
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, t) {
  const a = c.action || {};
  switch (a.kind) {
    case "play": {
      const cards = a.cards || [];
      const value = (parseCard(cards[cards.length - 1]) || {}).rank;
      if (a.suit) {
        return {
          label: "Play " + cardsText(cards) + ", ask for " + suitWords(a.suit),
          hint: "An over goes on anything and changes the suit: the next player must follow the suit you ask for.",
        };
      }
      const last = cards.length > 1 ? " The last card laid is the new top." : "";
      return {
        label: "Play " + cardsText(cards),
        hint: "Put " + (cards.length > 1 ? "these cards" : "this card") + " on the pile." + last + effect(value, cards.length, t),
      };
    }
    case "draw": {
      if (!t.draw) return { label: "Draw a card", hint: "Take one card from the deck; your turn ends." };
      const top = t.pile && t.pile.cards && t.pile.cards[t.pile.cards.length - 1];
      const seven = (parseCard(top) || {}).rank === "7" ? "the " + cardText(top) : "the sevens";
      return {
        label: "Draw " + t.draw + " for " + seven,
        hint: "Take the " + t.draw + " cards the sevens ask for, rather than answer with a seven; your turn ends.",
      };
    }
    case "stand":
      return {
        label: "Stand",
        hint: "Play no ace against the ace: you lose this turn.",
      };
    default:
      return null;
  }
}
