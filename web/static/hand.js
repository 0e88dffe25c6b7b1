// The person's hand on the seat page (/play/{token}): which cards some legal action plays,
// selecting cards until they make one action, the chooser that names the actions a selection
// could be (in the game's words), the buttons of actions that play no card, and the keys. Each
// button reads as the person's move ("Take the cards"), with a hint of what it does under it.
// Cards are matched as multisets of their text forms ("10H"), since fifty-six's hands hold two
// copies of a card. Nothing here talks to the server: `play(index)` does.
import { add, el, parseCard, rankText, suit } from "/static/table.js";
import { t, tParts } from "/static/l10n.js";

/** A card's short name in `deck` with its suit's mark ("J♥", «Д♥», prší's "U" and a leaf), or a
 * joker's colour. */
function cardName(text, deck) {
  const parsed = parseCard(text);
  if (!parsed) return el("span", "card-name", text);
  if (parsed.joker) return el("span", "card-name", t("play-joker", { colour: parsed.joker }));
  return add(el("span", "card-name", rankText(parsed.rank, deck)), suit(parsed.suit, deck));
}

/**
 * A playable card's name as a button: the card's name ("jack of hearts", its title), after its
 * rank as printed on it when that is a letter ("J, jack of hearts"), so that a person who
 * speaks to the page can say what they see.
 */
function buttonName(node) {
  const rank = node.querySelector(".rank");
  const shown = rank ? rank.textContent : "";
  return !shown || node.title.includes(shown) ? node.title : t("play-card-button", { rank: shown, name: node.title });
}

/** How many of each card `cards` holds. */
function counts(cards) {
  const m = new Map();
  for (const c of cards) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

/** Whether every card of `small` is in `big` (as many times). */
export function within(small, big) {
  const left = counts(big);
  for (const c of small) {
    const n = left.get(c) || 0;
    if (n === 0) return false;
    left.set(c, n - 1);
  }
  return true;
}

/** Whether `a` and `b` hold the same cards. */
export function same(a, b) {
  return a.length === b.length && within(a, b);
}

/**
 * What a selection of `cards` means among `choices` (the state's, those playing cards):
 * `exact`, the choices playing just these cards; `wider`, those playing these and more; and
 * `play`, the one choice to play at once (exactly one exact and no wider), or null.
 */
export function reading(choices, cards) {
  const exact = choices.filter((c) => same(c.cards, cards));
  const wider = choices.filter((c) => c.cards.length > cards.length && within(cards, c.cards));
  const play = cards.length > 0 && exact.length === 1 && wider.length === 0 ? exact[0] : null;
  return { exact, wider, play };
}

/** A choice's words when the page has none of its own: the state's, with no hint. */
const ownWords = (choice) => ({ label: choice.words, hint: "" });

/**
 * Fills `box` with a button (class `cls`) per choice that plays it, reading as `say` words it,
 * then the hints under the buttons: one small line per distinct hint, naming its button when the
 * lines would otherwise not tell which is whose. Each button is described by its hint (its
 * title, and aria-describedby for a screen reader). Choices that `group` puts together, six or
 * more of one name, are a picker instead: a list and one button that reads as the one picked.
 */
function fillButtons(box, choices, cls, say, send, group = noGroup) {
  const said = choices.map((choice) => ({ choice, words: say(choice) || ownWords(choice), key: group(choice) }));
  const labels = new Map();
  for (const { words } of said) {
    if (words.hint) labels.set(words.hint, [...(labels.get(words.hint) || []), words.label]);
  }
  const ids = new Map();
  const lines = [...labels].map(([hint, named], n) => {
    const text =
      labels.size > 1 && named.length === 1
        ? t("play-hint-for", { label: named[0], hint: hint[0].toLowerCase() + hint.slice(1) })
        : hint;
    const line = el("small", "hint", text);
    line.id = box.id + "-hint-" + n;
    ids.set(hint, line.id);
    return line;
  });
  /** A button that plays what `current()` is, reading as it. */
  const button = (current) => {
    const node = el("button", cls);
    node.type = "button";
    const label = () => {
      const { choice, words } = current();
      node.textContent = words.label;
      node.dataset.index = String(choice.index);
      if (words.hint) {
        node.title = words.hint;
        node.setAttribute("aria-describedby", ids.get(words.hint));
      }
    };
    label();
    node.addEventListener("click", () => send(current().choice));
    return { node, label };
  };
  // Many choices of one kind (fifty-six's 29 bids) are one picker and one button, so that they
  // leave the table in sight on a phone.
  const groups = new Map();
  for (const item of said) {
    if (item.key) groups.set(item.key.name, [...(groups.get(item.key.name) || []), item]);
  }
  const picked = new Set();
  const nodes = [];
  for (const item of said) {
    const key = item.key;
    const members = key && groups.get(key.name);
    if (!members || members.length < PICKER_FROM) {
      nodes.push(button(() => item).node);
      continue;
    }
    if (picked.has(key.name)) continue;
    picked.add(key.name);
    const select = el("select", "picker-options");
    members.forEach((m, n) => {
      const option = el("option", null, m.key.option);
      option.value = String(n);
      select.append(option);
    });
    const chosen = button(() => members[Number(select.value)]);
    select.addEventListener("change", chosen.label);
    const label = add(el("label", "picker-label", key.title + " "), select);
    nodes.push(add(el("span", "picker"), label, chosen.node));
  }
  box.replaceChildren(...nodes, ...lines);
}

/** Choices of one kind become a picker from this many on. */
const PICKER_FROM = 6;

/** No choice is grouped into a picker. */
const noGroup = () => null;

/**
 * The hand's controls. `parts` = {chooser, actions} (elements the page owns), `play(index)`
 * sends the action of that index, `say(choice)` words a choice for the person ({label, hint};
 * null for the state's own words), and `group(choice)` names the picker a choice belongs to,
 * `{name, title, option}` (null for its own button). Call `show(state, handNode)` after every
 * redraw.
 */
export function createHand(parts, play, say = ownWords, group = noGroup) {
  const hand = { cards: [], nodes: [], selected: [], turn: null, busy: false, deck: undefined };

  /** The texts of the selected cards. */
  const selectedCards = () => hand.selected.map((i) => hand.nodes[i].dataset.card);

  /** Plays `choice`, clearing the selection. */
  function send(choice) {
    if (hand.busy) return;
    hand.selected = [];
    settle(false);
    play(choice.index);
  }

  /** Marks the selection on the cards and shows what it could be; after a pick (`picked`), plays
   * the one action it makes, if it makes one. */
  function settle(picked) {
    const cards = selectedCards();
    const { exact, wider, play: now } = reading(hand.cards, cards);
    hand.nodes.forEach((node, i) => {
      const on = hand.selected.includes(i);
      node.classList.toggle("selected", on);
      if (node.dataset.legal === "true") node.setAttribute("aria-pressed", String(on));
      const joins = on || hand.cards.some((c) => within([...cards, node.dataset.card], c.cards));
      node.classList.toggle("dim", cards.length > 0 && node.dataset.legal === "true" && !joins);
    });
    if (now && picked) {
      send(now);
      return;
    }
    drawChooser(cards, exact, wider, picked);
  }

  /** The chooser: the selection, the actions it is (buttons in words), and how to go on; after a
   * pick (`picked`), its first button has the focus, so that Enter confirms it. */
  function drawChooser(cards, exact, wider, picked) {
    const box = parts.chooser;
    if (cards.length === 0) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    box.hidden = false;
    const selection = el("span", "selection");
    cards.forEach((c, n) => add(selection, n ? " " : null, cardName(c, hand.deck)));
    const head = add(el("p", "chooser-head"), ...tParts("play-selected", { cards: selection }));
    const buttons = el("div", "choice-buttons");
    buttons.id = "choice-buttons";
    fillButtons(buttons, exact, "choice", say, send);
    const more = wider.length
      ? el(
          "p",
          "note",
          exact.length ? t("play-select-more-or") : t("play-select-more"),
        )
      : null;
    const clear = el("button", "clear", t("play-clear"));
    clear.type = "button";
    clear.addEventListener("click", reset);
    box.replaceChildren();
    add(box, head, exact.length ? buttons : null, more, add(el("p"), clear));
    const first = buttons.querySelector("button");
    if (first && picked) first.focus({ preventScroll: true });
  }

  /** Clears the selection. */
  function reset() {
    hand.selected = [];
    settle();
  }

  /** A click on (or the key of) hand card `i`. */
  function pick(i) {
    if (hand.busy || hand.nodes[i].dataset.legal !== "true") return;
    if (hand.selected.includes(i)) {
      hand.selected = hand.selected.filter((j) => j !== i);
    } else {
      const next = [...selectedCards(), hand.nodes[i].dataset.card];
      const fits = hand.cards.some((c) => within(next, c.cards));
      hand.selected = fits ? [...hand.selected, i] : [i];
    }
    settle(true);
  }

  /** The buttons of the actions that play no card of the hand. */
  function drawActions(plain) {
    fillButtons(parts.actions, plain, "action", say, send, group);
  }

  /**
   * Shows seat state `s` on the hand drawn at `handNode` (null when the table has none): on the
   * seat's turn, the playable cards highlighted and the others greyed, the selection kept while
   * the turn is the same.
   */
  function show(s, handNode) {
    const turn = s.type === "turn" ? s.turn : null;
    if (turn !== hand.turn) hand.selected = [];
    hand.turn = turn;
    const choices = turn === null ? [] : s.choices || [];
    hand.cards = choices.filter((c) => c.cards && c.cards.length > 0);
    hand.nodes = handNode ? Array.from(handNode.querySelectorAll("[data-card]")) : [];
    const playable = new Set(hand.cards.flatMap((c) => c.cards));
    hand.nodes.forEach((node, i) => {
      if (turn === null) return;
      const legal = playable.has(node.dataset.card);
      node.dataset.legal = String(legal);
      node.classList.add(legal ? "legal" : "greyed");
      if (!legal) return;
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", buttonName(node));
      node.addEventListener("click", () => pick(i));
    });
    hand.selected = hand.selected.filter((i) => i < hand.nodes.length);
    drawActions(choices.filter((c) => !c.cards || c.cards.length === 0));
    settle();
  }

  /** Whether the hand is waiting for the server (nothing is sent twice meanwhile). */
  function setBusy(busy) {
    hand.busy = busy;
    for (const b of [...parts.chooser.querySelectorAll("button"), ...parts.actions.querySelectorAll("button")]) {
      b.disabled = busy;
    }
  }

  /** The keys: 1–9 pick the n-th playable card, Enter confirms, Escape clears. */
  function key(e) {
    const legal = hand.nodes.filter((n) => n.dataset.legal === "true");
    if (/^[1-9]$/.test(e.key)) {
      const node = legal[Number(e.key) - 1];
      if (!node) return false;
      pick(hand.nodes.indexOf(node));
      return true;
    }
    if (e.key === "Escape") {
      reset();
      return true;
    }
    if (e.key === "Enter" || e.key === " ") {
      const at = hand.nodes.indexOf(e.target);
      if (at >= 0) {
        pick(at);
        return true;
      }
      if (e.key === " " || e.target instanceof HTMLButtonElement) return false;
      const first = parts.chooser.querySelector("button.choice");
      if (!first) return false;
      first.click();
      return true;
    }
    return false;
  }

  /** The deck the game's cards are drawn with (its renderer's `DECK`; French when it has none). */
  function setDeck(deck) {
    hand.deck = deck;
  }

  return { show, setBusy, key, setDeck };
}
