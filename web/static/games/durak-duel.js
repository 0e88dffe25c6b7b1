// durak-duel's table: durak's layout for two (docs/tables.md), rounds instead of turns, and the
// seat that started the round; its own moves in a person's words (sieges, counterattacks, passes
// and piling on).
import { cardsText } from "/static/table.js";

export { badges, centre, facts, own } from "/static/games/durak.js";

/** What "next trick" is called in this game. */
export const TRICK = "Round";

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, t) {
  const a = c.action || {};
  const cards = cardsText(a.cards);
  switch (a.kind) {
    case "attack":
      if (t.phase === "continue") {
        return {
          label: "Add " + cards,
          hint: "Attack again with cards of ranks on the table: the defender must beat them too.",
        };
      }
      return {
        label: "Attack with " + cards,
        hint:
          a.cards && a.cards.length > 1
            ? "A siege: lead these cards of one rank; the defender must beat every one or take them."
            : "Lead this card: the defender must beat it or take the cards.",
      };
    case "defend":
      return {
        label: "Beat " + cardsText([a.attack]) + " with " + cardsText([a.card]),
        hint: "Cover this attack card with a higher card of its suit, or with a trump.",
      };
    case "counterattack":
      return {
        label: "Counterattack with " + cards,
        hint: "Add cards of the attacked rank: the roles turn, and the other player must answer every card on the table.",
      };
    case "pass":
      return {
        label: "Take the cards",
        hint: "Pass: give up the round; the attacker may pile on cards of the ranks on the table, and you take them all.",
      };
    case "pile_on":
      return {
        label: "Pile on " + cards,
        hint: "Give the defender these cards too: they take them with the rest of the table.",
      };
    case "done":
      return t.phase === "pile_on"
        ? { label: "Add nothing more", hint: "Pile on no more cards: the defender takes the table now." }
        : {
            label: "End the attack",
            hint: "Add no more cards: the beaten cards are discarded and the defender wins the round.",
          };
    default:
      return null;
  }
}
