// prsi's table (docs/tables.md): the top card on the pile, the suit in force after an over, the
// pending draw count and aces, the stock, and the seats that went out. Drawn with the
// German-suited deck unless the viewer chose the French one (decks.js); the snapshot keeps the
// French codes either way.
import { deckStyle } from "/static/decks.js";
import { t } from "/static/l10n.js";
import { add, cardText, cardsText, el, nameOf, parseCard, pile, suit, suitWords, zone } from "/static/table.js";

/** What this game calls its next step, as table.ftl's table-fact-trick keys it. */
export const TRICK = "turn";

/** The deck this page draws prší's cards with: "german" or "french". */
export const DECK = deckStyle("prsi");

/** The felt's centre. */
export function centre(snap) {
  const middle = el("div", "row-centre");
  add(
    middle,
    zone(t("table-zone-stock"), pile(snap.stock, { fan: true, empty: t("table-empty"), deck: DECK })),
    zone(t("table-zone-pile"), pile(snap.pile, { fan: true, empty: t("table-empty"), deck: DECK })),
  );
  return middle;
}

/** The seats that went out, in order: not the last player, left holding cards at the end. */
function wentOut(snap) {
  return snap.out.filter((s) => snap.hands[s] && snap.hands[s].cards.length + snap.hands[s].down === 0);
}

/** The strip's facts: the suit in force, what the next seat faces, who went out. */
export function facts(snap, view) {
  const out = wentOut(snap);
  return [
    [t("table-fact-suit"), suit(snap.suit, DECK)],
    [t("table-fact-draw"), snap.draw],
    [t("table-fact-aces"), snap.aces],
    [t("table-fact-out"), out.length ? out.map((s) => nameOf(view, s)).join(", ") : t("table-nobody")],
  ];
}

/** A seat's badges: its place once it went out. */
export function badges(snap, seat) {
  const at = wentOut(snap).indexOf(seat);
  return at >= 0 ? [t("table-badge-out-place", { place: at + 1 })] : [];
}

/** What a play does to the next player, by the value of its last card: an effect's key. */
function effect(value, count, snap) {
  if (value === "7") return "seven";
  if (value === "A") return "ace";
  if (value === "J" && count === 1) return "none";
  return snap.draw ? "answer" : "none";
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, snap) {
  const a = c.action || {};
  switch (a.kind) {
    case "play": {
      const cards = a.cards || [];
      const value = (parseCard(cards[cards.length - 1]) || {}).rank;
      if (a.suit) {
        return {
          label: t("table-prsi-play-ask", { cards: cardsText(cards, DECK), suit: suitWords(a.suit, DECK) }),
          hint: t("table-prsi-play-ask-hint", { deck: DECK }),
        };
      }
      return {
        label: t("table-prsi-play", { cards: cardsText(cards, DECK) }),
        hint: t("table-prsi-play-hint", { count: cards.length, effect: effect(value, cards.length, snap) }),
      };
    }
    case "draw": {
      if (!snap.draw) return { label: t("table-prsi-draw"), hint: t("table-prsi-draw-hint") };
      const top = snap.pile && snap.pile.cards && snap.pile.cards[snap.pile.cards.length - 1];
      const alone = (parseCard(top) || {}).rank === "7";
      return {
        label: t("table-prsi-draw-sevens", { seven: alone ? "top" : "all", count: snap.draw, card: alone ? cardText(top, DECK) : "" }),
        hint: t("table-prsi-draw-sevens-hint", { count: snap.draw }),
      };
    }
    case "stand":
      return { label: t("table-prsi-stand"), hint: t("table-prsi-stand-hint") };
    default:
      return null;
  }
}
