// The card table: cards, piles, seats round the felt and the facts strip, drawn from one table
// snapshot (docs/tables.md) with the help of a game's renderer (web/static/games/<game>.js).
// Everything is built with createElement and textContent, so nothing from a bot is ever markup.
// Every face-up card element carries data-card (the card's text form, "10H"); each seat's hand
// is one element with data-seat="N".

import { seatWords, sentence } from "/static/words.js";

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
/** The court cards' and the ace's names, as a card is said aloud. */
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };

/** An element `tag` with class `cls` and text `text` (either may be omitted). */
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** `node` with `children` appended (nulls skipped); returns `node`. */
export function add(node, ...children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/** A suit letter as its symbol, coloured ("H" -> a red heart); unknown text as it is. */
export function suit(letter) {
  const symbol = SUITS[letter];
  if (!symbol) return el("span", "suit-text", letter);
  const span = el("span", "suit-text " + (letter === "H" || letter === "D" ? "red" : "black"), symbol);
  span.title = SUIT_NAMES[letter];
  return span;
}

/** A card's text form read into rank and suit: {rank, suit, joker}; null if it is no card. */
export function parseCard(text) {
  if (text === "RJ" || text === "BJ") return { joker: text === "RJ" ? "red" : "black" };
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(String(text));
  return m ? { rank: m[1], suit: m[2] } : null;
}

/** A card's text form as a person reads it: "10♥", "red joker"; unknown text as it is. */
export function cardText(text) {
  const parsed = parseCard(text);
  if (!parsed) return String(text);
  return parsed.joker ? parsed.joker + " joker" : parsed.rank + SUITS[parsed.suit];
}

/** Cards' text forms as a person reads them, joined by spaces. */
export function cardsText(cards) {
  return (cards || []).map(cardText).join(" ");
}

/** A suit letter as a person reads it: "♠ spades". */
export function suitWords(letter) {
  return SUITS[letter] ? SUITS[letter] + " " + SUIT_NAMES[letter] : String(letter);
}

/**
 * Seat names that read apart: a name at more than one seat is numbered from its second seat on
 * ("reference", "reference (2)"), as the server numbers a table's names (docs/architecture.md).
 */
export function distinctNames(names) {
  const seen = new Map();
  return names.map((name) => {
    const n = (seen.get(name) || 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : name + " (" + n + ")";
  });
}

/** Names a drawn card for everyone: its tooltip, and the name a screen reader reads (a card
 * is a picture whose parts, the rank and the pip, are not read one by one). */
function named(node, name) {
  node.title = name;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", name);
  return node;
}

/** A face-up card: rank and suit symbol, red or black, or a joker; carries data-card and is
 * named as a person says it ("10 of hearts", "queen of spades"). */
export function card(text) {
  const parsed = parseCard(text);
  const node = el("span", "card");
  node.dataset.card = text;
  if (!parsed) {
    node.classList.add("unknown");
    node.textContent = String(text);
  } else if (parsed.joker) {
    node.classList.add("joker", parsed.joker);
    add(node, el("span", "rank", "J"), el("span", "pip", "\u2605"));
    named(node, parsed.joker + " joker");
  } else {
    node.classList.add(parsed.suit === "H" || parsed.suit === "D" ? "red" : "black");
    add(node, el("span", "rank", parsed.rank), el("span", "pip", SUITS[parsed.suit]));
    named(node, (RANK_NAMES[parsed.rank] || parsed.rank) + " of " + SUIT_NAMES[parsed.suit]);
  }
  return node;
}

/** A face-down card; with `count` above one it shows how many lie there. */
export function back(count) {
  const node = el("span", "card back");
  if (count > 1) add(node, el("span", "count", "\u00d7" + count));
  return named(node, count === 1 ? "a face-down card" : count + " face-down cards");
}

/**
 * A pile {cards, down}: its face-up cards in order and one back counting the face-down ones.
 * Options: `fan` overlaps the cards (long piles), `label` names it, `empty` is shown when it
 * holds nothing, `downFirst` puts the back before the face-up cards.
 */
export function pile(p, options = {}) {
  const node = el("div", "pile" + (options.fan ? " fan" : ""));
  if (options.label) add(node, el("span", "pile-label", options.label));
  const cards = el("span", "cards");
  const up = (p && p.cards) || [];
  const down = (p && p.down) || 0;
  if (down > 0 && options.downFirst) cards.append(back(down));
  for (const text of up) cards.append(card(text));
  if (down > 0 && !options.downFirst) cards.append(back(down));
  if (up.length === 0 && down === 0) cards.append(el("span", "empty", options.empty || "none"));
  node.append(cards);
  return node;
}

/** A row of small labelled values: `facts` is a list of [label, text or node]. */
export function factsStrip(facts) {
  const strip = el("dl", "table-facts");
  for (const [label, value] of facts) {
    const item = el("div");
    add(item, el("dt", null, label));
    const dd = el("dd");
    if (value instanceof Node) dd.append(value);
    else dd.textContent = String(value);
    item.append(dd);
    strip.append(item);
  }
  return strip;
}

/**
 * What `draw` gives, or `fallback` when the renderer cannot draw this snapshot (a field it
 * expects is missing): the hands are still drawn, and the console says why.
 */
function guarded(draw, fallback) {
  try {
    return draw();
  } catch (error) {
    console.error("the game's renderer failed:", error);
    return fallback;
  }
}

/** Where each seat sits round the felt, as seen from `bottom`: {seat: area}. */
function places(players, bottom) {
  const others = [];
  for (let i = 1; i < players; i++) others.push((bottom + i) % players);
  const areas = {};
  areas[bottom] = "bottom";
  if (others.length === 1) areas[others[0]] = "top";
  else if (others.length >= 2) {
    areas[others[0]] = "left";
    areas[others[others.length - 1]] = "right";
    for (const s of others.slice(1, -1)) areas[s] = "top";
  }
  return areas;
}

/** A seat's place: its name, its badges (the renderer's: attacker, team, score) and its hand. */
function seatBox(t, seat, view) {
  const box = el("section", "seat");
  if (t.to_act === seat) box.classList.add("to-act");
  if (view.eye === seat) box.classList.add("own");
  const head = el("header");
  add(head, el("span", "seat-no", seat), el("span", "seat-name", nameOf(view, seat)));
  if (t.to_act === seat) add(head, el("span", "badge acting", "to act"));
  if (t.result && t.result.seats) {
    add(head, add(el("span", "badge result"), seatWords(t.result.seats[seat], reader(view))));
  }
  for (const badge of guarded(() => view.renderer.badges(t, seat, view), [])) {
    add(head, el("span", "badge", badge));
  }
  box.append(head);
  const hand = pile(t.hands[seat], { empty: "no cards" });
  hand.classList.add("hand");
  hand.dataset.seat = String(seat);
  box.append(hand);
  return box;
}

/**
 * Draws snapshot `t` into `root` (replacing what was there): the facts strip, the seats round
 * the felt and the game's centre. `view` = {renderer, names, eye (a seat or null for all
 * hands), you (the reader's own seat, said "you", if any), trickName}.
 */
export function drawTable(root, t, view) {
  const renderer = view.renderer;
  const players = t.hands.length;
  const bottom = view.eye === null || view.eye === undefined ? 0 : view.eye;
  const areas = places(players, bottom);
  const facts = [
    ["Deal", t.deal],
    [renderer.TRICK || "Trick", t.trick],
    ["To act", t.to_act === null ? "game over" : nameOf(view, t.to_act)],
  ].concat(guarded(() => renderer.facts(t, view), []));
  const felt = el("div", "felt players-" + players);
  const groups = {};
  for (const area of ["top", "left", "right", "bottom"]) {
    groups[area] = el("div", "ring ring-" + area);
  }
  for (let seat = 0; seat < players; seat++) {
    groups[areas[seat]].append(seatBox(t, seat, view));
  }
  const centre = el("div", "centre");
  centre.append(guarded(() => renderer.centre(t, view), el("p", "empty", "This table's layout cannot be drawn.")));
  for (const area of ["top", "left", "right", "bottom"]) {
    if (groups[area].childElementCount > 0) felt.append(groups[area]);
  }
  felt.append(centre);
  root.replaceChildren(factsStrip(facts), felt);
  if (t.result) root.append(resultLine(t.result, view));
}

/** Who reads a view's words: the seats' names and the reader's own seat (`view.you`), if any. */
export function reader(view) {
  return { names: view.names, you: view.you === undefined ? null : view.you };
}

/** The result of a finished game, in the game's words: drawn under the felt at the last step. */
export function resultLine(result, view) {
  const box = el("p", "table-result");
  box.setAttribute("role", "status");
  add(box, el("strong", null, "Result: "), sentence(result.text, reader(view)));
  return box;
}

/**
 * The snapshot as `seat` would have seen it, derived from an all-hands snapshot: the other
 * hands and the stock only counted. A renderer may hide more (its `own`).
 */
export function ownView(t, seat) {
  const copy = structuredClone(t);
  copy.hands = copy.hands.map((h, s) => (s === seat ? h : hidden(h)));
  if (copy.stock) copy.stock = hidden(copy.stock);
  return copy;
}

/** A pile with all its cards face down. */
export function hidden(p) {
  return { cards: [], down: ((p && p.cards) || []).length + ((p && p.down) || 0) };
}

/** A seat's name as the page shows it. */
export function nameOf(view, seat) {
  if (seat === null || seat === undefined) return "nobody";
  return view.names[seat] || "seat " + seat;
}

/** A labelled part of the felt's centre (the stock, the trick, the melds). */
export function zone(label, ...children) {
  const node = el("div", "zone");
  add(node, el("div", "zone-label", label), ...children);
  return node;
}

/** A value from a snapshot as text: strings as they are, anything else as compact JSON. */
export function text(value) {
  if (value === null || value === undefined) return "none";
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}

/**
 * A small score table: one column per seat (or team) named by `heads`, one row per finished
 * deal in `rows`, then the running `totals` (and the `target` they are played to, if any).
 * The corner reads "Deal" only above deal rows; above the totals alone it stays blank.
 */
export function scoreTable(heads, rows, totals, target) {
  const table = el("table", "scores");
  const head = el("tr");
  const corner = rows.length > 0 ? el("th", null, "Deal") : el("td");
  add(head, corner, ...heads.map((h) => el("th", "num", h)));
  add(table, add(el("thead"), head));
  const body = el("tbody");
  rows.forEach((row, i) => {
    body.append(add(el("tr"), el("td", null, i + 1), ...row.map((v) => el("td", "num", text(v)))));
  });
  if (totals) {
    const label = target ? "Total (to " + target + ")" : "Total";
    body.append(add(el("tr", "totals"), el("th", null, label), ...totals.map((v) => el("td", "num", text(v)))));
  }
  table.append(body);
  return table;
}
