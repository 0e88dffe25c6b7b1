// fifty-six's table (docs/tables.md): the teams, the bids, the contract, the hidden trump face
// down until it is revealed, the trick being played, and the tricks and points won per team.
import { add, card, cardText, el, hidden, nameOf, ownView, pile, scoreTable, suit, zone } from "/static/table.js";

/** What "next trick" is called in this game. */
export const TRICK = "Trick";

/** A team's name: its letter and seats ("A (seats 0, 2)"). */
function teamName(t, team) {
  return (team === 0 ? "A" : "B") + " (seats " + t.teams[team].join(", ") + ")";
}

/** The bids in order. */
function bids(t, view) {
  const list = el("div", "bids");
  for (const b of t.bids) {
    const bid = el("span", "bid", "#" + b.seat + " " + (b.points === null ? "pass" : b.points));
    bid.title = nameOf(view, b.seat);
    list.append(bid);
  }
  if (t.bids.length === 0) list.append(el("span", "empty", "no bids yet"));
  return list;
}

/** The trick being played, each card with the seat that played it. */
function trick(t, view) {
  const row = el("div", "trick");
  const current = t.current || { cards: [] };
  for (const c of current.cards) {
    const by = el("span", "by", "#" + c.seat);
    by.title = nameOf(view, c.seat);
    row.append(add(el("span", "played"), card(c.card), by));
  }
  if (current.cards.length === 0) row.append(el("span", "empty", "no card yet"));
  return row;
}

/** The felt's centre. */
export function centre(t, view) {
  const middle = el("div", "row-centre");
  const heads = t.teams.map((_, i) => teamName(t, i));
  const won = el("div", "taken");
  t.taken.forEach((p, i) => {
    const w = t.won[i] || {};
    const label = "Team " + heads[i] + ": " + w.tricks + " tricks, " + w.points + " points";
    won.append(zone(label, pile(p, { fan: true, empty: "none" })));
  });
  add(
    middle,
    zone("Bids", bids(t, view)),
    zone("Hidden trump", pile(t.trump, { empty: t.revealed ? "revealed" : "not hidden yet" })),
    zone("Trick", trick(t, view)),
    won,
    zone("Match totals", scoreTable(["Team A", "Team B"], [], t.totals)),
  );
  return middle;
}

/** The strip's facts: the contract and the trump once revealed. */
export function facts(t, view) {
  const contract =
    t.bidder === null || t.bidder === undefined
      ? "bidding"
      : nameOf(view, t.bidder) + " " + t.bid + (t.tani ? " (tani)" : "");
  const trump = t.revealed ? suit(t.revealed.suit) : "hidden";
  const facts = [
    ["Deals", (t.deals || "?") + (t.void_deals ? ", " + t.void_deals + " void" : "")],
    ["Phase", String(t.phase).replace("_", " ")],
    ["Dealer", nameOf(view, t.dealer)],
    ["Contract", contract],
    ["Trump", trump],
  ];
  if (t.sitting_out && t.sitting_out.length) {
    facts.push(["Sitting out", t.sitting_out.map((s) => nameOf(view, s)).join(", ")]);
  }
  return facts;
}

/** A seat's badges: its team, dealer, bidder, trick leader. */
export function badges(t, seat) {
  const out = ["team " + (t.teams[0].includes(seat) ? "A" : "B")];
  if (t.dealer === seat) out.push("dealer");
  if (t.bidder === seat) out.push("bidder");
  if (t.current && t.current.leader === seat) out.push("leads");
  if (t.sitting_out && t.sitting_out.includes(seat)) out.push("sits out");
  return out;
}

/** The table as `seat` saw it: the hidden trump face up only for its bidder. */
export function own(t, seat) {
  const copy = ownView(t, seat);
  if (t.bidder !== seat) copy.trump = hidden(t.trump);
  return copy;
}

/**
 * A choice of the person's turn (`c.action`, as a bot sends it) in the person's words, with a
 * hint of what it does: {label, hint}; null for an action this page does not know.
 */
export function choiceWords(c, t) {
  const a = c.action || {};
  switch (a.kind) {
    case "bid":
      return {
        label: "Bid " + a.points + (a.points === 56 ? " (tani)" : ""),
        hint: "Promise that your team wins at least that many card points in the tricks; the highest bidder hides the trump.",
      };
    case "pass":
      return { label: "Pass", hint: "Make no bid now." };
    case "hide_trump":
      return {
        label: "Hide " + cardText(a.card) + " as trump",
        hint: "This card goes face down: its suit is trump, unknown to the others until someone asks to see it.",
      };
    case "reveal_trump":
      return {
        label: "Ask to see the trump",
        hint: "You cannot follow the suit led: the hidden trump is turned up, then you play.",
      };
    case "play":
      return {
        label: "Play " + cardText(a.card),
        hint: t.current && t.current.cards && t.current.cards.length
          ? "Play this card to the trick: follow the suit led if you can."
          : "Lead this card: the others must follow its suit if they can.",
      };
    default:
      return null;
  }
}

/** The bids are one picker on the seat page (29 buttons would cover the table on a phone). */
export function choiceGroup(c) {
  const a = c.action || {};
  if (a.kind !== "bid") return null;
  return { name: "bid", title: "Your bid", option: a.points + (a.points === 56 ? " (tani)" : "") };
}
