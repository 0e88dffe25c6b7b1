// durak-duel's table: durak's layout for two (docs/tables.md), rounds instead of turns, and the
// seat that started the round; its own moves in a person's words (sieges, counterattacks, passes
// and piling on).
import { t } from "/static/l10n.js";
import { cardsText } from "/static/table.js";

export { badges, centre, facts, own } from "/static/games/durak.js";

/** What this game calls its next step, as table.ftl's table-fact-trick keys it. */
export const TRICK = "round";

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, snap) {
  const a = c.action || {};
  const cards = cardsText(a.cards);
  switch (a.kind) {
    case "attack":
      if (snap.phase === "continue") return { label: t("table-duel-add", { cards }), hint: t("table-duel-add-hint") };
      return {
        label: t("table-duel-attack", { cards }),
        hint: a.cards && a.cards.length > 1 ? t("table-duel-siege-hint") : t("table-duel-attack-hint"),
      };
    case "defend":
      return {
        label: t("table-duel-defend", { attack: cardsText([a.attack]), card: cardsText([a.card]) }),
        hint: t("table-duel-defend-hint"),
      };
    case "counterattack":
      return { label: t("table-duel-counter", { cards }), hint: t("table-duel-counter-hint") };
    case "pass":
      return { label: t("table-duel-pass"), hint: t("table-duel-pass-hint") };
    case "pile_on":
      return { label: t("table-duel-pile-on", { cards }), hint: t("table-duel-pile-on-hint") };
    case "done":
      return snap.phase === "pile_on"
        ? { label: t("table-duel-stop-piling"), hint: t("table-duel-stop-piling-hint") }
        : { label: t("table-duel-done"), hint: t("table-duel-done-hint") };
    default:
      return null;
  }
}
