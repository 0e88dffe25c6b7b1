// bridge's table (docs/tables.md): the stock, the face-up pile with its top card last, the suit a
// jack orders, what the top card still demands, and the scores per deal with the running totals
// (lower is better; 125 loses).
import { add, cardText, el, nameOf, parseCard, pile, scoreTable, suit, suitWords, zone } from "/static/table.js";

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

/** What a card does when the turn ends on it, for a person. */
const EFFECTS = {
  7: " A seven makes the next player take a card.",
  8: " An eight makes the next opponent take two cards and lose a turn.",
  A: " An ace makes the next opponent lose a turn.",
  6: " A six must be covered: you play or draw again.",
};

/** The six on top that must be covered, if one is. */
function sixToCover(t) {
  const top = t.pile && t.pile.cards && t.pile.cards[t.pile.cards.length - 1];
  const parsed = top && parseCard(top);
  return t.must_cover && parsed && parsed.rank === "6" ? top : null;
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, t, seat) {
  const a = c.action || {};
  const six = sixToCover(t);
  switch (a.kind) {
    case "play": {
      const parsed = parseCard(a.card) || {};
      const effect = EFFECTS[parsed.rank] || "";
      if (a.suit) {
        return {
          label: "Play " + cardText(a.card) + ", order " + suitWords(a.suit),
          hint: "A jack fits anything and orders a suit: only that suit (or another jack) may follow it.",
        };
      }
      if (six) {
        return {
          label: "Cover the " + cardText(six) + " with " + cardText(a.card),
          hint: "Put this card on the six: then only cards of its rank may follow this turn." + effect,
        };
      }
      return {
        label: (t.played ? "Play " + cardText(a.card) + " too" : "Play " + cardText(a.card)),
        hint: "Put this card on the pile: then only cards of its rank may follow this turn." + effect,
      };
    }
    case "draw":
      return six
        ? {
            label: "Draw to cover the " + cardText(six),
            hint: "Nothing in your hand covers the six: take a card from the deck and try again (this draw is free).",
          }
        : {
            label: "Draw a card",
            hint: "Take one card from the deck; then play a card that fits, or end your turn.",
          };
    case "end_turn": {
      const hand = t.hands && t.hands[seat];
      const out = hand && hand.cards && hand.cards.length === 0 && !hand.down;
      return {
        label: out ? "End your turn and go out" : "End your turn",
        hint: t.played
          ? "Stop here: your cards' effects apply and the next player plays."
          : "Stop here without playing: the next player plays.",
      };
    }
    default:
      return null;
  }
}
