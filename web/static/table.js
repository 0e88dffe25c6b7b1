// The card table: cards, piles, seats round the felt and the facts strip, drawn from one table
// snapshot (docs/tables.md) with the help of a game's renderer (web/static/games/<game>.js).
// Everything is built with createElement and textContent, so nothing from a bot is ever markup.
// Every face-up card element carries data-card (the card's text form, "10H"); each seat's hand
// is one element with data-seat="N". Every word comes from the page's catalog (table.ftl,
// through l10n.js); a renderer whose game is drawn with the German-suited deck (prší, see
// decks.js) says so with its `DECK`, and its cards are drawn with the hearts, leaves, acorns
// and bells (small SVG marks of our own) and named in that deck's words.

import { seatWords, sentence } from "/static/words.js";
import { t } from "/static/l10n.js";

const SUITS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
/** Each suit letter's name in the catalog's words, in the French deck and in the German one. */
const SUIT_KEYS = {
  french: { C: "clubs", D: "diamonds", H: "hearts", S: "spades" },
  german: { C: "acorns", D: "bells", H: "hearts", S: "leaves" },
};
/** Each rank's name in the catalog's words; the German deck has no rank under seven. */
const RANK_KEYS = {
  french: { 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten", J: "jack", Q: "queen", K: "king", A: "ace" },
  german: { 7: "seven", 8: "eight", 9: "nine", 10: "ten", J: "under", Q: "over", K: "king", A: "ace" },
};
const SVG = "http://www.w3.org/2000/svg";
/**
 * The German deck's suit marks, drawn on a 24-unit square: a heart, a leaf on its stalk, an
 * acorn under its cap and a bell with its clapper, each outlined so that the shapes tell the
 * suits apart without their colours. [fill, stroke, path data] per shape.
 */
const MARKS = {
  hearts: [["#d12a2f", "#5e0f12", "M12 21.5C6 16.5 2.5 13 2.5 8.6A4.9 4.9 0 0 1 12 6.3 4.9 4.9 0 0 1 21.5 8.6C21.5 13 18 16.5 12 21.5Z"]],
  leaves: [
    ["none", "#173f1c", "M12 18.5V23"],
    ["#2f9a3e", "#173f1c", "M12 1.5C16.5 5 20 9 19.5 13.2 19 16.6 15.8 18.6 12 18.6 8.2 18.6 5 16.6 4.5 13.2 4 9 7.5 5 12 1.5Z"],
    ["none", "#173f1c", "M12 5V17M12 10.5 8.4 8.2M12 10.5 15.6 8.2M12 14 7.6 11.8M12 14 16.4 11.8"],
  ],
  acorns: [
    ["#c9883a", "#4a2c10", "M6.5 11C6.5 17 9 21 12 22.5 15 21 17.5 17 17.5 11Z"],
    ["#6b4420", "#3a230c", "M4 11.4C4 6.5 7.5 4.6 12 4.6S20 6.5 20 11.4Z"],
    ["none", "#3a230c", "M12 4.6V1.6M7.5 8.2H16.5"],
  ],
  bells: [
    ["#f3b21c", "#6a4300", "M12 2.5C8 2.5 6.3 6 6.3 10V14.5L4 18H20L17.7 14.5V10C17.7 6 16 2.5 12 2.5Z"],
    ["#f3b21c", "#6a4300", "M10 18.2A2 2 0 0 0 14 18.2"],
    ["none", "#6a4300", "M6.6 12.5H17.4"],
  ],
};

/** Which deck a deck name is ("german" or "french", the default). */
function deckOf(deck) {
  return deck === "german" ? "german" : "french";
}

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

/** A German suit's mark as an SVG picture (hidden from screen readers: its holder is named). */
function mark(suitKey) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("mark");
  for (const [fill, stroke, d] of MARKS[suitKey]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", fill);
    path.setAttribute("stroke", stroke);
    path.setAttribute("stroke-width", "1.3");
    path.setAttribute("stroke-linejoin", "round");
    path.setAttribute("stroke-linecap", "round");
    svg.append(path);
  }
  return svg;
}

/** A suit letter's name in the page's language and the deck's words ("spades", "leaves"). */
export function suitName(letter, deck) {
  const key = SUIT_KEYS[deckOf(deck)][letter];
  if (!key) return String(letter);
  return deckOf(deck) === "german" ? t("table-suit-german", { suit: key }) : t("table-suit-french", { suit: key });
}

/**
 * A suit letter as its mark, named: in the French deck its symbol, red or black ("H" -> a red
 * heart); in the German deck its drawn mark. Unknown text as it is.
 */
export function suit(letter, deck) {
  const key = SUIT_KEYS[deckOf(deck)][letter];
  if (!key) return el("span", "suit-text", letter);
  if (deckOf(deck) === "german") {
    const span = named(el("span", "suit-text suit-mark suit-" + key), suitName(letter, deck));
    span.append(mark(key));
    return span;
  }
  const span = el("span", "suit-text " + (letter === "H" || letter === "D" ? "red" : "black"), SUITS[letter]);
  span.title = suitName(letter, deck);
  return span;
}

/** A card's text form read into rank and suit: {rank, suit, joker}; null if it is no card. */
export function parseCard(text) {
  if (text === "RJ" || text === "BJ") return { joker: text === "RJ" ? "red" : "black" };
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(String(text));
  return m ? { rank: m[1], suit: m[2] } : null;
}

/** The rank as printed on a card of `deck`: a digit, or the page's letter for a court card or an ace. */
export function rankText(rank, deck) {
  return rankMark(rank, deck);
}

function rankMark(rank, deck) {
  const key = RANK_KEYS[deckOf(deck)][rank];
  if (!key || /^[0-9]/.test(rank)) return rank;
  return deckOf(deck) === "german" ? t("table-rank-german", { rank: key }) : t("table-rank-french", { rank: key });
}

/** Whether a parsed card is one the German deck draws (seven to ace; others stay French). */
function german(parsed, deck) {
  return deckOf(deck) === "german" && !parsed.joker && parsed.rank in RANK_KEYS.german;
}

/**
 * A card's name in words, as a person says it in the page's language ("queen of spades",
 * "green under", «зелёный унтер»); unknown text as it is.
 */
export function cardName(text, deck) {
  const parsed = parseCard(text);
  if (!parsed) return String(text);
  if (parsed.joker) return t("table-joker", { colour: parsed.joker });
  if (german(parsed, deck)) {
    return t("table-card-german", { rank: RANK_KEYS.german[parsed.rank], suit: SUIT_KEYS.german[parsed.suit] });
  }
  return t("table-card-french", { rank: RANK_KEYS.french[parsed.rank], suit: SUIT_KEYS.french[parsed.suit] });
}

/**
 * A card's text form as a person reads it: in the French deck its rank and suit symbol ("10♥",
 * «Д♠»), a joker or a German card by its name ("green under"); unknown text as it is.
 */
export function cardText(text, deck) {
  const parsed = parseCard(text);
  if (!parsed) return String(text);
  if (parsed.joker || german(parsed, deck)) return cardName(text, deck);
  return rankMark(parsed.rank, "french") + SUITS[parsed.suit];
}

/** Cards' text forms as a person reads them, joined by spaces (commas in the German deck's words). */
export function cardsText(cards, deck) {
  return (cards || []).map((c) => cardText(c, deck)).join(deckOf(deck) === "german" ? ", " : " ");
}

/** A suit letter as a person reads it: "♠ spades" in the French deck, "leaves" in the German. */
export function suitWords(letter, deck) {
  if (!SUITS[letter]) return String(letter);
  return deckOf(deck) === "german" ? suitName(letter, deck) : SUITS[letter] + " " + suitName(letter, deck);
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

/**
 * A face-up card of `deck` ("french", the default, or "german"): its rank as printed and its
 * suit's mark, or a joker; carries data-card and is named as a person says it in the page's
 * language ("10 of hearts", "green under").
 */
export function card(text, deck) {
  const parsed = parseCard(text);
  const node = el("span", "card");
  node.dataset.card = text;
  if (!parsed) {
    node.classList.add("unknown");
    node.textContent = String(text);
  } else if (parsed.joker) {
    node.classList.add("joker", parsed.joker);
    add(node, el("span", "rank", t("table-joker-mark")), el("span", "pip", "\u2605"));
    named(node, cardName(text, deck));
  } else if (german(parsed, deck)) {
    const key = SUIT_KEYS.german[parsed.suit];
    node.classList.add("german", "suit-" + key);
    add(node, el("span", "rank", rankMark(parsed.rank, "german")), add(el("span", "pip"), mark(key)));
    named(node, cardName(text, deck));
  } else {
    node.classList.add(parsed.suit === "H" || parsed.suit === "D" ? "red" : "black");
    add(node, el("span", "rank", rankMark(parsed.rank, "french")), el("span", "pip", SUITS[parsed.suit]));
    named(node, cardName(text, deck));
  }
  return node;
}

/** A face-down card; with `count` above one it shows how many lie there. */
export function back(count) {
  const node = el("span", "card back");
  if (count > 1) add(node, el("span", "count", "\u00d7" + count));
  return named(node, t("table-face-down", { count }));
}

/**
 * A pile {cards, down}: its face-up cards in order and one back counting the face-down ones.
 * Options: `fan` overlaps the cards (long piles), `label` names it, `empty` is shown when it
 * holds nothing (else "none" in the page's words), `downFirst` puts the back before the face-up
 * cards, `deck` is the deck its cards are drawn with.
 */
export function pile(p, options = {}) {
  const node = el("div", "pile" + (options.fan ? " fan" : ""));
  if (options.label) add(node, el("span", "pile-label", options.label));
  const cards = el("span", "cards");
  const up = (p && p.cards) || [];
  const down = (p && p.down) || 0;
  if (down > 0 && options.downFirst) cards.append(back(down));
  for (const text of up) cards.append(card(text, options.deck));
  if (down > 0 && !options.downFirst) cards.append(back(down));
  if (up.length === 0 && down === 0) cards.append(el("span", "empty", options.empty || t("table-none")));
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
function seatBox(snap, seat, view) {
  const box = el("section", "seat");
  if (snap.to_act === seat) box.classList.add("to-act");
  if (view.eye === seat) box.classList.add("own");
  const head = el("header");
  add(head, el("span", "seat-no", seat), el("span", "seat-name", nameOf(view, seat)));
  if (snap.to_act === seat) add(head, el("span", "badge acting", t("table-badge-to-act")));
  if (snap.result && snap.result.seats) {
    add(head, add(el("span", "badge result"), seatWords(snap.result.seats[seat], reader(view))));
  }
  for (const badge of guarded(() => view.renderer.badges(snap, seat, view), [])) {
    add(head, el("span", "badge", badge));
  }
  box.append(head);
  const hand = pile(snap.hands[seat], { empty: t("table-no-cards"), deck: view.renderer.DECK });
  hand.classList.add("hand");
  hand.dataset.seat = String(seat);
  box.append(hand);
  return box;
}

/**
 * Draws snapshot `snap` into `root` (replacing what was there): the facts strip, the seats round
 * the felt and the game's centre. `view` = {renderer, names, eye (a seat or null for all
 * hands), you (the reader's own seat, said "you", if any)}. The renderer's `TRICK` says what
 * the game calls its next step ("trick", "turn" or "round"), its `DECK` the deck its cards are
 * drawn with (French unless it says "german").
 */
export function drawTable(root, snap, view) {
  const renderer = view.renderer;
  const players = snap.hands.length;
  const bottom = view.eye === null || view.eye === undefined ? 0 : view.eye;
  const areas = places(players, bottom);
  const facts = [
    [t("table-fact-deal"), snap.deal],
    [t("table-fact-trick", { kind: renderer.TRICK || "trick" }), snap.trick],
    [t("table-fact-to-act"), snap.to_act === null ? t("table-game-over") : nameOf(view, snap.to_act)],
  ].concat(guarded(() => renderer.facts(snap, view), []));
  const felt = el("div", "felt players-" + players);
  const groups = {};
  for (const area of ["top", "left", "right", "bottom"]) {
    groups[area] = el("div", "ring ring-" + area);
  }
  for (let seat = 0; seat < players; seat++) {
    groups[areas[seat]].append(seatBox(snap, seat, view));
  }
  const centre = el("div", "centre");
  centre.append(guarded(() => renderer.centre(snap, view), el("p", "empty", t("table-cannot-draw"))));
  for (const area of ["top", "left", "right", "bottom"]) {
    if (groups[area].childElementCount > 0) felt.append(groups[area]);
  }
  felt.append(centre);
  root.replaceChildren(factsStrip(facts), felt);
  if (snap.result) root.append(resultLine(snap.result, view));
}

/** Who reads a view's words: the seats' names and the reader's own seat (`view.you`), if any. */
export function reader(view) {
  return { names: view.names, you: view.you === undefined ? null : view.you };
}

/** The result of a finished game, in the game's words: drawn under the felt at the last step. */
export function resultLine(result, view) {
  const box = el("p", "table-result");
  box.setAttribute("role", "status");
  add(box, el("strong", null, t("table-result")), " ", sentence(result.text, reader(view)));
  return box;
}

/**
 * The snapshot as `seat` would have seen it, derived from an all-hands snapshot: the other
 * hands and the stock only counted. A renderer may hide more (its `own`).
 */
export function ownView(snap, seat) {
  const copy = structuredClone(snap);
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
  if (seat === null || seat === undefined) return t("table-nobody");
  return view.names[seat] || t("table-seat", { seat });
}

/** A labelled part of the felt's centre (the stock, the trick, the melds). */
export function zone(label, ...children) {
  const node = el("div", "zone");
  add(node, el("div", "zone-label", label), ...children);
  return node;
}

/** A value from a snapshot as text: strings as they are, anything else as compact JSON. */
export function text(value) {
  if (value === null || value === undefined) return t("table-none");
  return typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
}

/**
 * A small score table: one column per seat (or team) named by `heads`, one row per finished
 * deal in `rows`, then the running `totals` (and the `target` they are played to, if any).
 * The corner reads "Deal" (in the page's words) only above deal rows; above the totals alone it stays blank.
 */
export function scoreTable(heads, rows, totals, target) {
  const table = el("table", "scores");
  const head = el("tr");
  const corner = rows.length > 0 ? el("th", null, t("table-scores-deal")) : el("td");
  add(head, corner, ...heads.map((h) => el("th", "num", h)));
  add(table, add(el("thead"), head));
  const body = el("tbody");
  rows.forEach((row, i) => {
    body.append(add(el("tr"), el("td", null, i + 1), ...row.map((v) => el("td", "num", text(v)))));
  });
  if (totals) {
    const label = target ? t("table-total-to", { target }) : t("table-total");
    body.append(add(el("tr", "totals"), el("th", null, label), ...totals.map((v) => el("td", "num", text(v)))));
  }
  table.append(body);
  return table;
}
