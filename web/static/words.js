// Phrases in English for the pages: a move, a result or a seat's result comes as a list of
// phrases, each a message id and named, typed arguments ({"id": "durak-takes", "args": {"actor":
// {"seat": 1}, "count": {"count": 2}}}: docs/api.md, "Phrases"), and is rendered here with the
// seats' names, the reader's own seat as "you" with the verb forms that go with it, and each card
// as the table draws it (rank and suit symbol, coloured, named for a screen reader: "7 of
// spades"). ENGLISH is the engine's catalog (engine/src/phrase/catalog.rs), template for template
// (a test holds the two equal), read the same way:
// - {name}: the argument; {name's}: a seat's possessive ("greedy's", "your");
// - {name|one|other}: a count and its noun in the count's form ("1 card", "3 cards");
// - [you|other]: the first for "you" or several seats, the other for one seat, agreeing with the
//   seat or seats named last before it.
// Everything is built with createElement and textContent: nothing a bot names is ever markup.

/** Each phrase id's English template. */
export const ENGLISH = {
  "move": "{actor}: {action}",
  "game-over": "the game is over:",
  "deal-dealt": "the deal is over; deal {deal} is dealt",
  "draws-cards": "{seat} [draw|draws] {count|card|cards}",
  "goes-out": "{seat} [go|goes] out",
  "last-deal": "the last deal:",
  "place-won": "won",
  "place-last": "last",
  "place-nth": "{place}",
  "place-shared": "shared {place} with {seats}",
  "place-draw": "a draw",
  "points": "{points|point|points}",
  "points-won": "{seat} won",
  "points-shared": "{seats} shared first",
  "points-draw": "everyone tied: a draw",
  "durak-attacks": "{actor} [attack|attacks] with {card}",
  "durak-adds": "{actor} [add|adds] {card}",
  "durak-beats": "{actor} [beat|beats] {attack} with {card}",
  "durak-beats-with": "{actor} [beat|beats] with {card}",
  "durak-takes": "{actor} [take|takes] {count|card|cards}",
  "durak-done": "{actor} [are|is] done",
  "durak-last-card": "{seat} [attack|attacks] with [your|its] last card, {card}",
  "durak-cannot-beat": "{seat} cannot beat it and [take|takes] {count|card|cards}",
  "durak-cannot-beat-thrown": "{seat} cannot beat it and [take|takes] {count|card|cards} ({thrower} [throw|throws] in {cards})",
  "durak-throws-in": "{seat} [throw|throws] in {cards}",
  "durak-beaten-off": "{count|card is|cards are} beaten off",
  "durak-nothing-to-add": "{seat} [have|has] nothing to add: {count|card is|cards are} beaten off",
  "durak-out": "{seats} [are|is] out",
  "durak-fool": "{fool} [are|is] the fool, the last player holding cards ({count})",
  "durak-fool-stalled": "{fool} [are|is] the fool: play stalled for {turns} turns and {fool} held the most cards ({count})",
  "durak-draw": "nobody is the fool: the last cards went out together, a draw",
  "durak-draw-stalled": "nobody is the fool: play stalled for {turns} turns, a draw",
  "durak-seat-fool": "the fool",
  "durak-seat-not-fool": "not the fool",
  "durak-seat-not-fool-shared": "not the fool, shared first with {seats}",
  "durak-seat-draw": "a draw: nobody is the fool",
  "durak-duel-attacks": "{actor} [attack|attacks] with {cards}",
  "durak-duel-adds": "{actor} [add|adds] {cards}",
  "durak-duel-beats": "{actor} [beat|beats] {attack} with {card}",
  "durak-duel-counterattacks": "{actor} [counterattack|counterattacks] with {cards}: the roles turn",
  "durak-duel-passes": "{actor} [pass|passes] and will take the table",
  "durak-duel-piles-on": "{actor} [pile|piles] on {cards}",
  "durak-duel-piles-on-nothing": "{actor} [pile|piles] on nothing",
  "durak-duel-done": "{actor} [are|is] done",
  "durak-duel-takes": "{seat} [take|takes] {count|card|cards}",
  "durak-duel-beaten-off": "{count|card is|cards are} beaten off",
  "durak-duel-round-over": "the round is over: {count|card is|cards are} beaten off",
  "durak-duel-won": "{winner} won; {fool} [are|is] the fool: {fool} held {count|card|cards} when the stock was gone",
  "durak-duel-won-stalled": "{winner} won; {fool} [are|is] the fool: play stalled for {rounds} rounds and {winner} held fewer cards",
  "durak-duel-draw": "a draw: neither player is the fool",
  "durak-duel-seat-draw": "a draw: neither is the fool",
  "prsi-plays": "{actor} [play|plays] {cards}",
  "prsi-plays-naming": "{actor} [play|plays] {cards}, naming {suit}",
  "prsi-cancels": "the green under cancels the draw",
  "prsi-stands": "{actor} [stand|stands] (ace)",
  "prsi-draws": "{actor} [draw|draws] a card",
  "prsi-draws-sevens": "{actor} [draw|draws] {count|card|cards} (sevens)",
  "prsi-reshuffled": "the stock ran out: the pile but its top card is shuffled into a new stock",
  "prsi-drew-only": "only {count|card|cards} could be drawn",
  "prsi-turn-limit": "the {turns}-turn limit ended the game",
  "prsi-out": "{seat} went out {place}",
  "prsi-left-holding": "{seat} [are|is] left holding {count|card|cards}",
  "prsi-still-holding": "{seat} still [hold|holds] {count|card|cards}",
  "prsi-seat-out": "went out {place}",
  "prsi-seat-last": "last, left holding {count|card|cards}",
  "prsi-seat-holding": "still holding {count|card|cards}",
  "bridge-plays": "{actor} [play|plays] {card}",
  "bridge-plays-ordering": "{actor} [play|plays] {card}, ordering {suit}",
  "bridge-covers": "{actor} [cover|covers] {six} with {card}",
  "bridge-covers-ordering": "{actor} [cover|covers] {six} with {card}, ordering {suit}",
  "bridge-draws": "{actor} [draw|draws]",
  "bridge-draws-to-cover": "{actor} [draw|draws] to cover {six}",
  "bridge-ends-turn": "{actor} [end|ends] the turn",
  "bridge-ends-turn-out": "{actor} [end|ends] the turn and [go|goes] out",
  "bridge-takes": "{seat} [take|takes] {count|card|cards}",
  "bridge-loses-turns": "{seat} [lose|loses] {turns|turn|turns}",
  "bridge-takes-loses": "{seat} [take|takes] {count|card|cards} and [lose|loses] {turns|turn|turns}",
  "bridge-totals": "after {deals|deal|deals} (whoever has lost {target} points loses the match):",
  "bridge-lost": "{seat} lost {points|point|points}",
  "bridge-seat-lost": "lost {points|point|points}",
  "most-draws": "{actor} [draw|draws] from the deck",
  "most-takes-card": "{actor} [take|takes] the bridge card {card} and must meld it",
  "most-takes": "{actor} [take|takes] {cards} from the bridge and must meld {card}",
  "most-melds": "{actor} [meld|melds] {meld}",
  "most-lays-off": "{actor} [lay|lays] off {cards} on {owner's} {kind} {meld}",
  "most-lays-off-own": "{actor} [lay|lays] off {cards} on [your|their] own {kind} {meld}",
  "most-swaps": "{actor} [swap|swaps] {card} for {joker} in {owner's} {kind} {meld}",
  "most-swaps-own": "{actor} [swap|swaps] {card} for {joker} in [your|their] own {kind} {meld}",
  "most-discards": "{actor} [discard|discards] {card}",
  "most-discards-out": "{actor} [discard|discards] {card} and [go|goes] out",
  "most-discards-last": "{actor} [discard|discards] {card}, and the deal ends: the deck is empty",
  "most-totals": "totals after {deals|deal|deals} ({target} ends the match):",
  "most-total": "{seat} [have|has] {points|point|points}",
  "most-scored": "{seat} scored {points|point|points}",
  "fifty-six-bids": "{actor} [bid|bids] {points}",
  "fifty-six-bids-tani": "{actor} [bid|bids] {points} (tani)",
  "fifty-six-passes": "{actor} [pass|passes]",
  "fifty-six-passes-bidding-won": "{actor} [pass|passes]: {winner} [win|wins] the bidding at {points}",
  "fifty-six-hides": "{actor} [hide|hides] {card} as trump",
  "fifty-six-hides-a-card": "{actor} [hide|hides] a card as trump",
  "fifty-six-hides-void": "{actor} [hide|hides] {card} as trump, but the other team holds none of its suit: the deal is void",
  "fifty-six-reveals": "{actor} [reveal|reveals] the trump: {card}",
  "fifty-six-reveals-hidden": "{actor} [reveal|reveals] the trump",
  "fifty-six-plays": "{actor} [play|plays] {card}",
  "fifty-six-plays-wins": "{actor} [play|plays] {card} and [win|wins] the trick, {points|point|points}",
  "fifty-six-plays-other-wins": "{actor} [play|plays] {card}: {winner} [win|wins] the trick, {points|point|points}",
  "fifty-six-trump-turns-up": "{seat} [have|has] only the hidden trump left: it turns up, trumps are {suit}",
  "fifty-six-trump-back": "the trump goes back to {seat's} hand",
  "fifty-six-won": "{winners} won {won} to {lost} against {losers}",
  "fifty-six-tied": "the teams tied on {points} points: a draw",
  "fifty-six-last-made": "the last deal: {bidder} won the bid with {bid} and made it, taking {points} card points (+{change})",
  "fifty-six-last-lost": "the last deal: {bidder} won the bid with {bid} and lost it, taking {points} card points ({change})",
  "fifty-six-last-tani-made": "the last deal: {bidder} won the bid with tani (all eight tricks alone) and made it, taking {points} card points (+{change})",
  "fifty-six-last-tani-lost": "the last deal: {bidder} won the bid with tani (all eight tricks alone) and lost it, taking {points} card points ({change})",
  "fifty-six-seat-won": "won with {partners}, {ours} to {theirs}",
  "fifty-six-seat-lost": "lost with {partners}, {ours} to {theirs}",
  "fifty-six-seat-draw": "a draw with {partners}, {ours} to {theirs}",
};

const SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const SUITS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANKS = { J: "jack", Q: "queen", K: "king", A: "ace" };
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth"];

/** The reader's own seat a page's address names (`?you=2`, as the seat page links a replay), or null. */
export function readerSeat() {
  const you = new URLSearchParams(location.search).get("you");
  return you !== null && /^\d+$/.test(you) ? Number(you) : null;
}

/** A card's text form as the table draws it: {text: "10♥", colour, label: "10 of hearts"}. */
function cardParts(code) {
  if (code === "RJ" || code === "BJ") return { text: (code === "RJ" ? "red" : "black") + " joker" };
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(String(code));
  if (!m) return { text: String(code) };
  const colour = m[2] === "H" || m[2] === "D" ? "red" : "black";
  return { text: m[1] + SYMBOLS[m[2]], colour, label: (RANKS[m[1]] || m[1]) + " of " + SUITS[m[2]] };
}

/** A place from 1 in words: "first", "13th". */
function ordinal(n) {
  return ORDINALS[n - 1] || n + "th";
}

/**
 * The pieces of `phrases` for reader `who` = {names, you}: [{text}, {text, seat}, {text, card}],
 * joined by `separator` (a clause ending in a colon runs on with a space).
 */
function pieces(phrases, who, separator) {
  const out = [];
  const text = (t) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last && last.seat === undefined && last.card === undefined) last.text += t;
    else out.push({ text: t });
  };
  const name = (seat) => (seat === who.you ? "you" : (who.names && who.names[seat]) || "seat " + seat);
  (phrases || []).forEach((phrase, i) => {
    if (i > 0) {
      const last = out[out.length - 1];
      text(last && last.text.endsWith(":") ? " " : separator);
    }
    const template = ENGLISH[phrase.id];
    const args = phrase.args || {};
    if (template === undefined) {
      text(phrase.id);
      return;
    }
    let plural = false;
    for (const part of template.split(/(\{[^}]*\}|\[[^\]]*\])/)) {
      if (part.startsWith("[")) {
        const [you, other] = part.slice(1, -1).split("|");
        text(plural ? you : other === undefined ? you : other);
        continue;
      }
      if (!part.startsWith("{")) {
        text(part);
        continue;
      }
      const [key, ...forms] = part.slice(1, -1).split("|");
      const possessive = key.endsWith("'s");
      const arg = args[possessive ? key.slice(0, -2) : key];
      if (!arg) {
        text(part);
      } else if ("seat" in arg) {
        const said = name(arg.seat);
        plural = said === "you";
        out.push({ seat: arg.seat, text: !possessive ? said : plural ? "your" : said + "'s" });
      } else if ("seats" in arg) {
        plural = arg.seats.length > 1 || arg.seats.includes(who.you);
        if (!arg.seats.length) text("nobody");
        arg.seats.forEach((seat, j) => {
          if (j > 0) text(j === arg.seats.length - 1 ? " and " : ", ");
          out.push({ seat, text: name(seat) });
        });
      } else if ("card" in arg) {
        out.push({ card: arg.card, text: cardParts(arg.card).text });
      } else if ("cards" in arg) {
        if (!arg.cards.length) text("nothing");
        arg.cards.forEach((card, j) => {
          if (j > 0) text(" ");
          out.push({ card, text: cardParts(card).text });
        });
      } else if ("meld" in arg) {
        arg.meld.forEach((slot, j) => {
          if (j > 0) text(" ");
          out.push({ card: slot.card, text: cardParts(slot.card).text });
          if (slot.stands_for) {
            text(" (");
            out.push({ card: slot.stands_for, text: cardParts(slot.stands_for).text });
            text(")");
          }
        });
      } else if ("count" in arg) {
        const noun = forms.length === 2 ? " " + (Math.abs(arg.count) === 1 ? forms[0] : forms[1]) : "";
        text(arg.count + noun);
      } else if ("number" in arg) text(String(arg.number));
      else if ("place" in arg) text(ordinal(arg.place));
      else if ("suit" in arg) text(SUITS[arg.suit] || String(arg.suit));
      else if ("word" in arg) text(arg.word);
      else if ("text" in arg) text(arg.text);
    }
  });
  return out;
}

/** The first letter a capital, unless the words begin with a player's name ("you" and "seat 2" are none). */
function capitalise(out, who) {
  const first = out[0];
  if (!first || first.card !== undefined) return;
  if (first.seat !== undefined && first.seat !== who.you && who.names && who.names[first.seat]) return;
  first.text = first.text.charAt(0).toUpperCase() + first.text.slice(1);
}

/** The pieces as a span: each card its rank and suit symbol, coloured as the table draws it, and
 * named for a screen reader ("7 of spades"). */
function span(out, cls) {
  const node = document.createElement("span");
  node.className = cls;
  for (const piece of out) {
    const parts = piece.card === undefined ? null : cardParts(piece.card);
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
  if (how.capital) capitalise(out, who || {});
  if (how.stop && out.length) out.push({ text: "." });
  return out;
}

const CLAUSES = { separator: "; ", capital: true };
const INLINE = { separator: "; ", capital: false };
const SENTENCE = { separator: "; ", capital: true, stop: true };
const LIST = { separator: ", ", capital: false };

/** A move, as a span: "You attack with 7♠; greedy cannot beat it and takes 2 cards". `who` =
 * {names (by seat), you (the reader's seat, or null)}. */
export function said(phrases, who) {
  return span(render(phrases, who, CLAUSES), "words");
}

/** A move after other words, without a capital: "the expert's choice: you play 9♥". */
export function saidInline(phrases, who) {
  return span(render(phrases, who, INLINE), "words");
}

/** A result's sentence, as a span with a full stop. */
export function sentence(phrases, who) {
  return span(render(phrases, who, SENTENCE), "words");
}

/** A seat's result, as a span: "won, 12 points". */
export function seatWords(phrases, who) {
  return span(render(phrases, who, LIST), "words");
}

/** A move in plain text (for a tooltip), as `said` reads. */
export function saidText(phrases, who, inline) {
  return render(phrases, who, inline ? INLINE : CLAUSES)
    .map((p) => p.text)
    .join("");
}
