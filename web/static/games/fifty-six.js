// fifty-six's table (docs/tables.md): the teams, the bids, the contract, the hidden trump face
// down until it is revealed, the trick being played, and the tricks and points won per team.
import { t } from "/static/l10n.js";
import { add, card, cardText, el, hidden, nameOf, ownView, pile, scoreTable, suit, zone } from "/static/table.js";

/** What this game calls its next step, as table.ftl's table-fact-trick keys it. */
export const TRICK = "trick";

/** A team's name: its letter and seats ("A (seats 0, 2)"). */
function teamName(snap, team) {
  return t("table-team", { team: team === 0 ? "A" : "B", seats: snap.teams[team].join(", ") });
}

/** The bids in order. */
function bids(snap, view) {
  const list = el("div", "bids");
  for (const b of snap.bids) {
    const bid = el("span", "bid", "#" + b.seat + " " + (b.points === null ? t("table-bid-pass") : b.points));
    bid.title = nameOf(view, b.seat);
    list.append(bid);
  }
  if (snap.bids.length === 0) list.append(el("span", "empty", t("table-no-bids")));
  return list;
}

/** The trick being played, each card with the seat that played it. */
function trick(snap, view) {
  const row = el("div", "trick");
  const current = snap.current || { cards: [] };
  for (const c of current.cards) {
    const by = el("span", "by", "#" + c.seat);
    by.title = nameOf(view, c.seat);
    row.append(add(el("span", "played"), card(c.card), by));
  }
  if (current.cards.length === 0) row.append(el("span", "empty", t("table-no-card")));
  return row;
}

/** The felt's centre. */
export function centre(snap, view) {
  const middle = el("div", "row-centre");
  const heads = snap.teams.map((_, i) => teamName(snap, i));
  const won = el("div", "taken");
  snap.taken.forEach((p, i) => {
    const w = snap.won[i] || {};
    const label = t("table-team-won", { team: heads[i], tricks: w.tricks, points: w.points });
    won.append(zone(label, pile(p, { fan: true, empty: t("table-none") })));
  });
  add(
    middle,
    zone(t("table-zone-bids"), bids(snap, view)),
    zone(
      t("table-zone-hidden-trump"),
      pile(snap.trump, { empty: snap.revealed ? t("table-trump-revealed") : t("table-trump-not-hidden") }),
    ),
    zone(t("table-zone-trick"), trick(snap, view)),
    won,
    zone(t("table-zone-totals"), scoreTable([t("table-team-a"), t("table-team-b")], [], snap.totals)),
  );
  return middle;
}

/** The strip's facts: the contract and the trump once revealed. */
export function facts(snap, view) {
  const contract =
    snap.bidder === null || snap.bidder === undefined
      ? t("table-bidding")
      : snap.tani
        ? t("table-contract-tani", { name: nameOf(view, snap.bidder), bid: snap.bid })
        : t("table-contract", { name: nameOf(view, snap.bidder), bid: snap.bid });
  const trump = snap.revealed ? suit(snap.revealed.suit) : t("table-trump-hidden");
  const deals = snap.deals || "?";
  const facts = [
    [t("table-fact-deals"), snap.void_deals ? t("table-deals-void", { deals, void: snap.void_deals }) : deals],
    [t("table-fact-phase"), t("table-phase", { phase: String(snap.phase) })],
    [t("table-fact-dealer"), nameOf(view, snap.dealer)],
    [t("table-fact-contract"), contract],
    [t("table-fact-trump"), trump],
  ];
  if (snap.sitting_out && snap.sitting_out.length) {
    facts.push([t("table-fact-sitting-out"), snap.sitting_out.map((s) => nameOf(view, s)).join(", ")]);
  }
  return facts;
}

/** A seat's badges: its team, dealer, bidder, trick leader. */
export function badges(snap, seat) {
  const out = [t("table-badge-team", { team: snap.teams[0].includes(seat) ? "A" : "B" })];
  if (snap.dealer === seat) out.push(t("table-badge-dealer"));
  if (snap.bidder === seat) out.push(t("table-badge-bidder"));
  if (snap.current && snap.current.leader === seat) out.push(t("table-badge-leads"));
  if (snap.sitting_out && snap.sitting_out.includes(seat)) out.push(t("table-badge-sits-out"));
  return out;
}

/** The table as `seat` saw it: the hidden trump face up only for its bidder. */
export function own(snap, seat) {
  const copy = ownView(snap, seat);
  if (snap.bidder !== seat) copy.trump = hidden(snap.trump);
  return copy;
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, snap) {
  const a = c.action || {};
  switch (a.kind) {
    case "bid":
      return {
        label: a.points === 56 ? t("table-fifty-six-bid-tani", { points: a.points }) : t("table-fifty-six-bid", { points: a.points }),
        hint: t("table-fifty-six-bid-hint"),
      };
    case "pass":
      return { label: t("table-fifty-six-pass"), hint: t("table-fifty-six-pass-hint") };
    case "hide_trump":
      return { label: t("table-fifty-six-hide", { card: cardText(a.card) }), hint: t("table-fifty-six-hide-hint") };
    case "reveal_trump":
      return { label: t("table-fifty-six-reveal"), hint: t("table-fifty-six-reveal-hint") };
    case "play":
      return {
        label: t("table-fifty-six-play", { card: cardText(a.card) }),
        hint:
          snap.current && snap.current.cards && snap.current.cards.length
            ? t("table-fifty-six-follow-hint")
            : t("table-fifty-six-lead-hint"),
      };
    default:
      return null;
  }
}

/** The bids are one picker on the seat page (29 buttons would cover the table on a phone). */
export function choiceGroup(c) {
  const a = c.action || {};
  if (a.kind !== "bid") return null;
  return {
    name: "bid",
    title: t("table-fifty-six-your-bid"),
    option: a.points === 56 ? t("table-fifty-six-option-tani", { points: a.points }) : t("table-fifty-six-option", { points: a.points }),
  };
}
