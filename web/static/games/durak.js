// durak's table (docs/tables.md): the stock with the trump card face up at its bottom, the
// attack/defence pairs of the turn, the discard, who attacks and who defends.
import { t } from "/static/l10n.js";
import { add, card, cardText, el, hidden, nameOf, ownView, pile, suit, zone } from "/static/table.js";

/** What this game calls its next step, as table.ftl's table-fact-trick keys it. */
export const TRICK = "turn";

/** The stock, its last card (the trump card while nobody has drawn it) marked. */
export function stock(snap) {
  const node = pile(snap.stock, { fan: true, downFirst: true, empty: t("table-empty") });
  const cards = node.querySelectorAll("[data-card]");
  if (cards.length > 0 && snap.stock.cards.length > 0) {
    const trump = cards[cards.length - 1];
    trump.classList.add("trump-card");
    trump.title = t("table-trump-card", { card: trump.title });
  }
  return node;
}

/** The attack/defence pairs, each attack with the card that beat it above it. */
export function pairs(snap) {
  const row = el("div", "pairs");
  for (const pair of snap.table) {
    const p = el("div", "pair" + (pair.beat ? " beaten" : ""));
    add(p, card(pair.attack), pair.beat ? card(pair.beat) : el("span", "card slot", "?"));
    row.append(p);
  }
  if (snap.table.length === 0) row.append(el("span", "empty", t("table-no-attack")));
  return row;
}

/** The felt's centre. */
export function centre(snap) {
  const middle = el("div", "durak-centre");
  add(
    middle,
    zone(t("table-zone-stock"), stock(snap)),
    zone(t("table-zone-attack"), pairs(snap)),
    zone(t("table-zone-beaten"), pile(snap.discard, { fan: true, empty: t("table-none") })),
  );
  return middle;
}

/** The strip's facts: trump, attacker, defender, phase. */
export function facts(snap, view) {
  return [
    [t("table-fact-trump"), suit(snap.trump_suit)],
    [t("table-fact-attacks"), nameOf(view, snap.attacker)],
    [t("table-fact-defends"), nameOf(view, snap.defender)],
    [t("table-fact-phase"), t("table-phase", { phase: String(snap.phase) })],
  ];
}

/** A seat's badges: its role this turn, whether it went out. */
export function badges(snap, seat) {
  const out = [];
  if (snap.attacker === seat) out.push(t("table-badge-attacker"));
  if (snap.defender === seat) out.push(t("table-badge-defender"));
  if (snap.in_game && snap.in_game[seat] === false) out.push(t("table-badge-out"));
  if (snap.starter === seat) out.push(t("table-badge-started"));
  return out;
}

/** The table as `seat` saw it: the trump card stays face up under the counted stock. */
export function own(snap, seat) {
  const copy = ownView(snap, seat);
  const up = snap.stock.cards;
  if (up.length > 0) copy.stock = { cards: [up[up.length - 1]], down: up.length - 1 + snap.stock.down };
  else copy.stock = hidden(snap.stock);
  return copy;
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, snap) {
  const a = c.action || {};
  switch (a.kind) {
    case "attack":
      return snap.phase === "continue"
        ? { label: t("table-durak-add", { card: cardText(a.card) }), hint: t("table-durak-add-hint") }
        : { label: t("table-durak-attack", { card: cardText(a.card) }), hint: t("table-durak-attack-hint") };
    case "beat": {
      const open = (snap.table || []).find((p) => !p.beat);
      return {
        label: open
          ? t("table-durak-beat", { attack: cardText(open.attack), card: cardText(a.card) })
          : t("table-durak-beat-with", { card: cardText(a.card) }),
        hint: t("table-durak-beat-hint"),
      };
    }
    case "take":
      return { label: t("table-durak-take"), hint: t("table-durak-take-hint") };
    case "done":
      return { label: t("table-durak-done"), hint: t("table-durak-done-hint") };
    default:
      return null;
  }
}
