// Phrases in the page's language: a move, a result or a seat's result comes as a list of phrases,
// each a message id and named, typed arguments ({"id": "durak-takes", "args": {"actor": {"seat":
// 1}, "count": {"count": 2}}}: docs/api.md, "Phrases"), and each id is a message of moves.ftl,
// rendered here with tParts (l10n.js) as the match page renders it on the server
// (web/src/pages/replay/words.rs): a seat `x` is passed as `$x`, its name as the reader knows it
// (the reader's own seat is "you", `phrase-you`), with `$x-person` ("you", "one", "many",
// "you-many") for the verbs; counts as numbers for the plural forms; a suit as its key in the
// game's deck; cards as pieces, each drawn as the table draws it (its short text in the suit's
// colour, named for a screen reader: "7 of spades", «зелёный унтер») in the deck the page shows
// the game with (decks.js: prší in the German-suited deck).
// Everything is built with createElement and textContent: nothing a bot names is ever markup.

import { deckStyle } from "/static/decks.js";
import { t, tParts } from "/static/l10n.js";

const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const GERMAN_SUITS = { C: "acorns", D: "bells", H: "german-hearts", S: "leaves" };
const RANKS = {
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
  J: "jack", Q: "queen", K: "king", A: "ace",
};
/** The ranks the German-suited deck has. */
const GERMAN_RANKS = new Set(["7", "8", "9", "10", "J", "Q", "K", "A"]);

/** The reader's own seat a page's address names (`?you=2`, as the seat page links a replay), or null. */
export function readerSeat() {
  const you = new URLSearchParams(location.search).get("you");
  return you !== null && /^\d+$/.test(you) ? Number(you) : null;
}

/** The deck the reader's game is shown with: `who.game`, else the page's (`data-game`). */
function deckOf(who) {
  const holder = typeof document === "undefined" ? null : document.querySelector("[data-game]");
  const game = who.game || (holder && holder.dataset.game) || "";
  return deckStyle(game);
}

/** A card in words: {text: "10♥", colour, label: "10 of hearts"}; a joker by its name. */
function cardParts(code, deck) {
  if (code === "RJ" || code === "BJ") return { text: t("card-joker", { colour: code === "RJ" ? "red" : "black" }) };
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(String(code));
  if (!m) return { text: String(code) };
  const args = { rank: RANKS[m[1]], suit: SUITS[m[2]] };
  const colour = m[2] === "H" || m[2] === "D" ? "red" : "black";
  if (deck === "german" && GERMAN_RANKS.has(m[1])) {
    return { text: t("card-german-short", args), colour, label: t("card-german-name", args) };
  }
  return { text: t("card-short", args), colour, label: t("card-name", args) };
}

/** How a seat or seats stand to the reader, for the verbs: "you", "one", "many", "you-many". */
function person(seats, who) {
  const you = seats.includes(who.you);
  if (seats.length > 1) return you ? "you-many" : "many";
  return you ? "you" : "one";
}

/**
 * The pieces of `phrases` for reader `who` = {names, you, game}: [{text}, {text, seat, named},
 * {text, card}], joined by `separator` (a clause ending in a colon runs on with a space).
 */
function pieces(phrases, who, separator) {
  const deck = deckOf(who);
  const out = [];
  const text = (words) => {
    if (!words) return;
    const last = out[out.length - 1];
    if (last && last.seat === undefined && last.card === undefined) last.text += words;
    else out.push({ text: words });
  };
  const seat = (n) => {
    if (n === who.you) return { seat: n, text: t("phrase-you") };
    const name = who.names && who.names[n];
    return name ? { seat: n, text: name, named: true } : { seat: n, text: t("phrase-seat", { seat: n }) };
  };
  const card = (code) => ({ card: code, text: cardParts(code, deck).text });
  const list = (items, empty, between) => {
    const parts = [];
    if (!items.length) parts.push(empty);
    items.forEach((item, i) => {
      if (i > 0) parts.push(between(i, items.length));
      parts.push(item);
    });
    return { list: parts };
  };
  (phrases || []).forEach((phrase, i) => {
    if (i > 0) {
      const last = out[out.length - 1];
      text(last && last.text.endsWith(":") ? " " : separator);
    }
    const args = {};
    for (const [name, arg] of Object.entries(phrase.args || {})) {
      if ("seat" in arg) {
        args[name] = seat(arg.seat);
        args[name + "-person"] = person([arg.seat], who);
      } else if ("seats" in arg) {
        const and = t("phrase-list-and");
        const comma = t("phrase-list-comma");
        args[name] = list(arg.seats.map(seat), t("phrase-nobody"), (j, n) => (j === n - 1 ? and : comma));
        args[name + "-person"] = person(arg.seats, who);
      } else if ("card" in arg) {
        args[name] = card(arg.card);
      } else if ("cards" in arg) {
        // The German deck's cards are named in words: a comma between them.
        const between = deck === "german" ? t("phrase-list-comma") : " ";
        args[name] = list(arg.cards.map(card), t("phrase-nothing"), () => between);
      } else if ("meld" in arg) {
        const parts = [];
        arg.meld.forEach((slot, j) => {
          if (j > 0) parts.push(" ");
          parts.push(card(slot.card));
          if (slot.stands_for) parts.push(" (", card(slot.stands_for), ")");
        });
        args[name] = { list: parts };
      } else if ("count" in arg) args[name] = arg.count;
      else if ("number" in arg) args[name] = arg.number;
      else if ("place" in arg) args[name] = arg.place;
      else if ("suit" in arg) args[name] = (deck === "german" ? GERMAN_SUITS : SUITS)[arg.suit] || String(arg.suit);
      else if ("word" in arg) args[name] = arg.word;
      else if ("text" in arg) args[name] = arg.text;
    }
    for (const part of tParts(phrase.id, args)) {
      for (const piece of part.list || [part]) {
        if (typeof piece === "string") text(piece);
        else out.push(piece);
      }
    }
  });
  return out;
}

/** The first letter a capital, unless the words begin with a player's name ("you" and "seat 2" are none). */
function capitalise(out) {
  const first = out[0];
  if (!first || first.card !== undefined || first.named) return;
  first.text = first.text.charAt(0).toUpperCase() + first.text.slice(1);
}

/** The pieces as a span: each card its short text, coloured as the table draws it, and named
 * for a screen reader ("7 of spades"). */
function span(out, who) {
  const deck = deckOf(who);
  const node = document.createElement("span");
  node.className = "words";
  for (const piece of out) {
    const parts = piece.card === undefined ? null : cardParts(piece.card, deck);
    if (!parts || !parts.label) {
      node.append(piece.text);
      continue;
    }
    const card = document.createElement("span");
    card.className = "suit-text " + parts.colour;
    card.setAttribute("role", "img");
    card.setAttribute("aria-label", parts.label);
    card.textContent = parts.text;
    node.append(card);
  }
  return node;
}

/** How to render: `separator` between phrases, `capital` first, `stop` (a full stop) at the end. */
function render(phrases, who, how) {
  const out = pieces(phrases, who || {}, how.separator);
  if (how.capital) capitalise(out);
  if (how.stop && out.length) out.push({ text: "." });
  return out;
}

const CLAUSES = { separator: "; ", capital: true };
const INLINE = { separator: "; ", capital: false };
const SENTENCE = { separator: "; ", capital: true, stop: true };
const LIST = { separator: ", ", capital: false };

/** A move, as a span: "You attack with 7♠; greedy cannot beat it and takes 2 cards". `who` =
 * {names (by seat), you (the reader's seat, or null), game (else the page's data-game)}. */
export function said(phrases, who) {
  return span(render(phrases, who, CLAUSES), who || {});
}

/** A move after other words, without a capital: "the expert's choice: you play 9♥". */
export function saidInline(phrases, who) {
  return span(render(phrases, who, INLINE), who || {});
}

/** A result's sentence, as a span with a full stop. */
export function sentence(phrases, who) {
  return span(render(phrases, who, SENTENCE), who || {});
}

/** A seat's result, as a span: "won, 12 points". */
export function seatWords(phrases, who) {
  return span(render(phrases, who, LIST), who || {});
}

/** A move in plain text (for a tooltip), as `said` reads. */
export function saidText(phrases, who, inline) {
  return render(phrases, who, inline ? INLINE : CLAUSES)
    .map((p) => p.text)
    .join("");
}
