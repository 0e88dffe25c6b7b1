// most's table (docs/tables.md): every meld with a joker marked by the card it stands for, the
// bridge row of discards, the stock, the card taken from the bridge to meld, and the deal scores to
// 500.
import { t } from "/static/l10n.js";
import { add, card, cardText, cardsText, el, nameOf, pile, scoreTable, zone } from "/static/table.js";

/** What this game calls its next step, as table.ftl's table-fact-trick keys it. */
export const TRICK = "turn";

/** One meld: its owner, its kind and its cards, a joker with what it stands for. */
function meld(m, view) {
  const node = el("div", "meld");
  add(node, el("span", "meld-owner", t("table-meld-owner", { name: nameOf(view, m.owner), kind: m.kind })));
  const cards = el("span", "cards");
  for (const c of m.cards) {
    const slot = el("span", "meld-card");
    slot.append(card(c.card));
    if (c.by !== undefined && c.by !== m.owner) slot.title = t("table-laid-off-by", { name: nameOf(view, c.by) });
    if (c.stands_for && c.stands_for !== c.card) slot.append(el("span", "stands-for", "= " + cardText(c.stands_for)));
    cards.append(slot);
  }
  node.append(cards);
  return node;
}

/** The felt's centre. */
export function centre(snap, view) {
  const middle = el("div", "row-centre");
  const melds = el("div", "melds");
  for (const m of snap.melds) melds.append(meld(m, view));
  if (snap.melds.length === 0) melds.append(el("span", "empty", t("table-no-melds")));
  add(
    middle,
    zone(t("table-zone-stock"), pile(snap.stock, { fan: true, empty: t("table-empty") })),
    zone(t("table-zone-bridge"), pile(snap.bridge, { fan: true, empty: t("table-empty") })),
    snap.pending ? zone(t("table-zone-taken"), card(snap.pending)) : null,
    zone(t("table-zone-melds"), melds),
    zone(t("table-zone-scores"), scoreTable(snap.hands.map((_, s) => "#" + s), snap.scores, snap.totals, snap.target)),
  );
  return middle;
}

/** The strip's facts: the turn's phase, the dealer. */
export function facts(snap, view) {
  return [
    [t("table-fact-phase"), t("table-phase", { phase: String(snap.phase) })],
    [t("table-fact-dealer"), nameOf(view, snap.dealer)],
  ];
}

/** A seat's badges: dealer, melded this deal, running total. */
export function badges(snap, seat) {
  const out = [];
  if (snap.dealer === seat) out.push(t("table-badge-dealer"));
  if (snap.melded && snap.melded[seat]) out.push(t("table-badge-melded"));
  if (snap.totals) out.push(t("table-badge-total", { total: snap.totals[seat] }));
  return out;
}

/** Meld `index` on the table: its kind ("run", "set"; "none" if there is none) and its cards. */
function meldArgs(snap, index) {
  const m = (snap.melds || [])[index];
  if (!m) return { kind: "none", meld: "" };
  return { kind: m.kind, meld: cardsText(m.cards.map((c) => c.stands_for || c.card)) };
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, snap) {
  const a = c.action || {};
  switch (a.kind) {
    case "draw":
      return { label: t("table-most-draw"), hint: t("table-most-draw-hint") };
    case "take": {
      const bridge = (snap.bridge && snap.bridge.cards) || [];
      const after = Math.max(0, bridge.length - a.index - 1);
      return {
        label: t("table-most-take", { card: cardText(bridge[a.index]), after }),
        hint: t("table-most-take-hint"),
      };
    }
    case "meld": {
      const jokers = (a.jokers || []).map((j) => t("table-most-joker-as", { joker: cardText(j.joker), card: cardText(j.stands_for) }));
      return {
        label: t("table-most-meld", { cards: [cardsText(a.cards), ...jokers].filter(Boolean).join(", ") }),
        hint: t("table-most-meld-hint"),
      };
    }
    case "lay_off": {
      const meld = meldArgs(snap, a.meld);
      return {
        label: a.stands_for
          ? t("table-most-lay-off-as", { card: cardText(a.card), stands: cardText(a.stands_for), ...meld })
          : t("table-most-lay-off", { card: cardText(a.card), ...meld }),
        hint: t("table-most-lay-off-hint"),
      };
    }
    case "swap":
      return {
        label: t("table-most-swap", { card: cardText(a.card), ...meldArgs(snap, a.meld) }),
        hint: t("table-most-swap-hint"),
      };
    case "discard":
      return { label: t("table-most-discard", { card: cardText(a.card) }), hint: t("table-most-discard-hint") };
    default:
      return null;
  }
}
