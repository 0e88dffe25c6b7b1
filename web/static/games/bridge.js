// bridge's table (docs/tables.md): the stock, the face-up pile with its top card last, the suit a
// jack orders, what the top card still demands, and the scores per deal with the running totals
// (lower is better; 125 loses).
import { t } from "/static/l10n.js";
import { add, cardText, el, nameOf, parseCard, pile, scoreTable, suit, suitWords, zone } from "/static/table.js";

/** What this game calls its next step, as table.ftl's table-fact-trick keys it. */
export const TRICK = "turn";

/** The felt's centre. */
export function centre(snap, view) {
  const middle = el("div", "row-centre");
  const top = pile(snap.pile, { fan: true, empty: t("table-empty") });
  const cards = top.querySelectorAll("[data-card]");
  for (let i = Math.max(0, cards.length - (snap.played || 0)); i < cards.length; i++) {
    cards[i].classList.add("this-turn");
  }
  add(
    middle,
    zone(t("table-zone-stock"), pile(snap.stock, { fan: true, empty: t("table-empty") })),
    zone(t("table-zone-pile"), top),
    zone(t("table-zone-scores"), scoreTable(snap.hands.map((_, s) => "#" + s), snap.scores, snap.totals, snap.target)),
  );
  return middle;
}

/** The strip's facts: this turn's cards, the six to cover, the ordered suit, the dealer. */
export function facts(snap, view) {
  const facts = [
    [t("table-fact-played"), snap.played],
    [t("table-fact-ordered"), snap.ordered_suit ? suit(snap.ordered_suit) : t("table-none")],
    [t("table-fact-dealer"), nameOf(view, snap.dealer)],
  ];
  if (snap.must_cover) facts.push([t("table-fact-six"), t("table-six-cover")]);
  const draw = snap.pending && snap.pending.draw;
  if (draw) facts.push([t("table-fact-to-take"), draw]);
  return facts;
}

/** A seat's badges: dealer, cards it will take, turns it will lose, running total. */
export function badges(snap, seat) {
  const out = [];
  const p = snap.pending || {};
  if (snap.dealer === seat) out.push(t("table-badge-dealer"));
  if (p.takes && p.takes[seat]) out.push(t("table-badge-takes", { count: p.takes[seat] }));
  if (p.skips && p.skips[seat]) out.push(t("table-badge-skips", { count: p.skips[seat] }));
  if (snap.totals) out.push(t("table-badge-total", { total: snap.totals[seat] }));
  return out;
}

/** What a card does when the turn ends on it: the key of its effect in the hints' words. */
const EFFECTS = { 7: "seven", 8: "eight", A: "ace", 6: "six" };

/** The six on top that must be covered, if one is. */
function sixToCover(snap) {
  const top = snap.pile && snap.pile.cards && snap.pile.cards[snap.pile.cards.length - 1];
  const parsed = top && parseCard(top);
  return snap.must_cover && parsed && parsed.rank === "6" ? top : null;
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, snap, seat) {
  const a = c.action || {};
  const six = sixToCover(snap);
  switch (a.kind) {
    case "play": {
      const parsed = parseCard(a.card) || {};
      const effect = EFFECTS[parsed.rank] || "none";
      const card = cardText(a.card);
      if (a.suit) {
        return {
          label: t("table-bridge-order", { card, suit: suitWords(a.suit) }),
          hint: t("table-bridge-order-hint"),
        };
      }
      if (six) {
        return {
          label: t("table-bridge-cover", { six: cardText(six), card }),
          hint: t("table-bridge-cover-hint", { effect }),
        };
      }
      return {
        label: snap.played ? t("table-bridge-play-too", { card }) : t("table-bridge-play", { card }),
        hint: t("table-bridge-play-hint", { effect }),
      };
    }
    case "draw":
      return six
        ? { label: t("table-bridge-draw-cover", { six: cardText(six) }), hint: t("table-bridge-draw-cover-hint") }
        : { label: t("table-bridge-draw"), hint: t("table-bridge-draw-hint") };
    case "end_turn": {
      const hand = snap.hands && snap.hands[seat];
      const out = hand && hand.cards && hand.cards.length === 0 && !hand.down;
      return {
        label: out ? t("table-bridge-end-out") : t("table-bridge-end"),
        hint: snap.played ? t("table-bridge-end-played-hint") : t("table-bridge-end-hint"),
      };
    }
    default:
      return null;
  }
}
