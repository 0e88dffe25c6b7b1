// A person's seat at a table (/play/{token}; docs/api.md, "Tables: a seat for a person"). It
// long-polls the seat's state (GET /api/tables/{token}?after=V&wait=25), draws the table as this
// seat sees it with the match viewer's modules (the person's hand face up at the bottom), lets
// the person play through the hand (hand.js) and sends each move (POST). The token is the seat's
// secret: it goes to this server only, and the page sends no referrer.
import { add, drawTable, el } from "/static/table.js";
import { said, seatWords, sentence } from "/static/words.js";
import { createHand } from "/static/hand.js";
import { forget, remember } from "/static/mytables.js";
import { locale, t } from "/static/l10n.js";

/** How long one poll may wait for a change, in seconds (the API allows 30). */
const WAIT_SECONDS = 25;
/** The longest pause between polls after failures, in ms. */
const MAX_BACKOFF_MS = 30000;

const root = document.getElementById("seat");
const api = "/api/tables/" + encodeURIComponent(root.dataset.token);
const $ = (id) => document.getElementById(id);
const parts = {
  title: $("seat-title"),
  rules: $("rules"),
  turnLine: $("turn-line"),
  replaced: $("replaced"),
  result: $("result"),
  table: $("table"),
  chooser: $("chooser"),
  actions: $("actions"),
  refusal: $("refusal"),
  recent: $("recent"),
  links: $("links"),
  linkList: $("link-list"),
  noMoves: $("no-moves"),
  keys: $("keys"),
  leaveBar: $("leave-bar"),
  leave: $("leave"),
  leaveConfirm: $("leave-confirm"),
};

const state = { current: null, renderer: null, deadline: null, sending: false, stopped: false, shownTurn: null };
const hand = createHand(parts, send, personWords, personGroup);
const dock = createDock();

/**
 * A choice in the person's own words, with a hint of what it does, as the game's renderer says
 * it ("Take the cards"); null (the state's words) when the renderer has none for it.
 */
function personWords(choice) {
  const s = state.current;
  const say = state.renderer && state.renderer.choiceWords;
  return say && s && s.table ? say(choice, s.table, s.seat) : null;
}

/** The picker a choice belongs to, as the game's renderer groups them (fifty-six's bids); null
 * for a choice with a button of its own. */
function personGroup(choice) {
  const group = state.renderer && state.renderer.choiceGroup;
  return group ? group(choice) : null;
}

/** A JSON error's words: its detail, else its kind, else the status. */
async function failure(response) {
  try {
    const body = await response.json();
    return body.detail || body.error || response.statusText;
  } catch {
    return response.statusText || t("play-http-status", { status: response.status });
  }
}

/** The seat names as this page shows them: "you" for this seat, "a person (2)" for a person's. */
function names(s) {
  return s.names.map((name, seat) => {
    if (seat === s.seat) return t("play-name-you");
    const person = /^person(?: \((\d+)\))?$/.exec(name);
    if (!person) return name;
    return person[1] ? t("play-name-person-n", { n: person[1] }) : t("play-name-person");
  });
}

/** Shows state `s` unless a newer one is already shown. */
async function apply(s) {
  if (state.current && s.version <= state.current.version) return;
  if (!state.renderer) {
    try {
      state.renderer = await import("/static/games/" + s.game + ".js");
      hand.setDeck(state.renderer.DECK);
    } catch {
      parts.turnLine.textContent = t("play-cannot-draw", { game: s.game });
      state.stopped = true;
      return;
    }
    if (state.current && s.version <= state.current.version) return;
  }
  state.current = s;
  // /play lists the tables this browser sits at, while they are being played.
  if (s.status === "running") remember(root.dataset.token, s.game);
  else forget(root.dataset.token);
  draw();
}

/** Draws the current state. */
function draw() {
  const s = state.current;
  const shown = names(s);
  root.dataset.version = String(s.version);
  root.dataset.state = s.type;
  root.dataset.turn = s.type === "turn" ? String(s.turn) : "";
  root.dataset.seat = String(s.seat);
  root.dataset.match = s.match_id;
  // The tab's title says when it is the person's turn, for a person looking at another tab.
  const where = { game: s.game, seat: s.seat };
  document.title = s.type === "turn" ? t("play-tab-turn", where) : t("play-tab", where);
  parts.title.textContent = t("play-seat-heading", where);
  parts.rules.href = "/rules/" + encodeURIComponent(s.game);
  parts.rules.textContent = t("play-rules-title", { game: s.game });
  parts.rules.hidden = false;
  drawTable(parts.table, s.table, { renderer: state.renderer, names: shown, eye: s.seat, you: s.seat });
  const own = parts.table.querySelector('.hand[data-seat="' + s.seat + '"]');
  hand.show(s, own);
  hand.setBusy(state.sending);
  dock.follow();
  if (s.type === "turn" && s.turn !== state.shownTurn) {
    state.shownTurn = s.turn;
    showMiddle();
  }
  state.deadline = s.type === "turn" && s.remaining_ms != null ? Date.now() + s.remaining_ms : null;
  turnLine(s, shown);
  drawReplaced(s);
  drawResult(s, shown);
  // Once a house bot plays the seat, or the match is over, the person has nothing left to do.
  const done = s.type === "match_end" || Boolean(s.replaced);
  parts.keys.hidden = done;
  parts.leaveBar.hidden = done;
  if (s.type === "match_end") parts.links.hidden = true;
  drawRecent(s, shown);
}

/** Whose turn it is, and on the person's turn the time left. */
function turnLine(s, shown) {
  const line = parts.turnLine;
  line.className = "turn-line";
  if (s.type === "turn") {
    line.classList.add("yours");
    line.textContent =
      state.deadline === null
        ? t("play-turn")
        : t("play-turn-clock", { clock: clock(state.deadline - Date.now()) });
  } else if (s.type === "waiting" && s.to_act === s.seat) {
    line.textContent = t("play-house-in-seat");
  } else if (s.type === "waiting") {
    line.textContent = t("play-waiting", { name: shown[s.to_act] || "", seat: s.to_act });
  } else {
    line.textContent = t("play-over");
  }
}

/** Milliseconds as "m:ss". */
function clock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return Math.floor(total / 60) + ":" + String(total % 60).padStart(2, "0");
}

/** The fault's detail when the person left the table (contest/src/tables/person.rs, LEFT). */
const LEFT = "the person left the table";

/** Says that a house bot plays this seat now, and why: the person left, or did not move in time
 * (the server's fault detail is for programs and stays out of the person's words). */
function drawReplaced(s) {
  parts.replaced.hidden = !s.replaced;
  if (!s.replaced) return;
  const { kind, detail } = s.replaced;
  const why = detail === LEFT ? "left" : kind === "timeout" ? "timeout" : "other";
  parts.replaced.textContent =
    s.type === "match_end" ? t("play-replaced-over", { why }) : t("play-replaced-now", { why });
}

/** At the end: each seat's place and score, this seat's marked, and the replay's link. */
function drawResult(s, shown) {
  const box = parts.result;
  box.hidden = s.type !== "match_end";
  if (box.hidden) return;
  const heading = el("h2", null, t("play-result"));
  if (!s.outcome) {
    box.replaceChildren(heading, el("p", null, t("play-unfinished", { status: s.status })));
    return;
  }
  const rows = s.outcome.seats.map((r, seat) => ({ seat, rank: r.rank, score: r.score }));
  rows.sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const table = el("table", "result-table");
  const head = add(
    el("tr"),
    el("th", "num", t("play-col-place")),
    el("th", "num", t("play-col-seat")),
    el("th", null, t("play-col-player")),
    el("th", "num", t("play-col-score")),
  );
  const body = el("tbody");
  for (const r of rows) {
    const cells = [el("td", "num", r.rank), el("td", "num", r.seat), el("td", null, shown[r.seat])];
    const row = add(el("tr"), ...cells, el("td", "num", r.score));
    row.dataset.seat = String(r.seat);
    if (r.seat === s.seat) row.classList.add("you");
    body.append(row);
  }
  add(table, add(el("thead"), head), body);
  const result = s.table && s.table.result;
  const view = { names: shown, you: s.seat };
  const words = result && result.seats ? seatWords(result.seats[s.seat], view).textContent : placeWords(s.outcome, s.seat, shown);
  // The table's words are the game's own; a seat a house bot played out forfeits (ranked last).
  const forfeit = Boolean(s.replaced && result);
  const summary = el("p", "summary", forfeit ? t("play-summary-forfeit", { words }) : t("play-summary", { words }));
  const told = result ? add(el("p", "result-text"), sentence(result.text, view)) : null;
  const replay = el("a", "replay", t("play-replay"));
  replay.id = "replay-link";
  // The replay says "you" for this seat, as the table does.
  replay.href = "/matches/" + encodeURIComponent(s.match_id) + "?you=" + s.seat;
  box.replaceChildren(heading, summary, ...(told ? [told] : []), table, add(el("p"), replay));
}

/**
 * `seat`'s place in `outcome` in words, when the game's own words are not at hand (a match read
 * back from the store): "won", "shared first with greedy", "last", or "a draw".
 */
function placeWords(outcome, seat, shown) {
  const ranks = outcome.seats.map((r) => r.rank);
  const mine = ranks[seat];
  if (ranks.every((r) => r === 1)) return t("play-place-draw");
  const tied = ranks.map((r, i) => i).filter((i) => i !== seat && ranks[i] === mine);
  if (tied.length) return t("play-place-shared", { place: mine, others: listed(tied.map((i) => shown[i])) });
  if (mine === 1) return t("play-place-won");
  return mine === Math.max(...ranks) ? t("play-place-last") : t("play-place", { place: mine });
}

/** Names as one list in the page's language ("greedy and random"). */
function listed(names) {
  // The site's English is British: no comma before "and".
  return new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" }).format(names);
}

/** The last moves, newest first. */
function drawRecent(s, shown) {
  const items = (s.recent || []).slice().reverse().map((m) => {
    const item = el("li");
    item.value = m.step;
    add(item, said(m.phrases, { names: shown, you: s.seat }));
    if (m.by === "substitute") add(item, " ", el("span", "substitute", t("play-substitute")));
    return item;
  });
  parts.recent.replaceChildren(...items);
  parts.noMoves.hidden = items.length > 0;
}

/** Sends the action of `index` for this turn; a refused move keeps the turn and says why. */
async function send(index) {
  const s = state.current;
  if (!s || s.type !== "turn" || state.sending) return;
  state.sending = true;
  hand.setBusy(true);
  root.dataset.sending = "1";
  parts.refusal.textContent = "";
  try {
    const response = await fetch(api, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ action_index: index, turn: s.turn }),
      cache: "no-store",
    });
    if (response.ok) {
      state.sending = false;
      await apply(await response.json());
    } else {
      parts.refusal.textContent = t("play-refused", { detail: await failure(response) });
      state.sending = false;
      await refresh();
    }
  } catch {
    parts.refusal.textContent = t("play-send-failed");
  } finally {
    state.sending = false;
    root.dataset.sending = "0";
    hand.setBusy(false);
  }
}

/** Fetches the state now (after a refused move: it may have changed meanwhile). */
async function refresh() {
  try {
    const response = await fetch(api, { cache: "no-store" });
    if (response.ok) await apply(await response.json());
  } catch {
    // The poll will try again.
  }
}

/** Follows the seat's state until the match is over and stored. */
async function poll() {
  let failures = 0;
  while (!state.stopped) {
    const s = state.current;
    if (s && s.type === "match_end" && s.status !== "running") return;
    const url = s ? api + "?after=" + s.version + "&wait=" + WAIT_SECONDS : api;
    let response = null;
    try {
      response = await fetch(url, { cache: "no-store" });
    } catch {
      // Offline for a moment: wait below.
    }
    if (response && response.ok) {
      failures = 0;
      await apply(await response.json());
      continue;
    }
    if (response && response.status === 404) {
      parts.turnLine.textContent = t("play-no-such-seat");
      root.dataset.state = "missing";
      return;
    }
    failures += 1;
    const why = response ? await failure(response) : t("play-unreachable");
    parts.turnLine.textContent = t("play-cannot-follow", { why });
    await new Promise((done) => setTimeout(done, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures)));
  }
}

/** Leaving: a house bot plays the seat from the next decision on. */
async function leave() {
  parts.leaveConfirm.hidden = true;
  const response = await fetch(api, { method: "DELETE", cache: "no-store" });
  if (!response.ok) {
    parts.refusal.textContent = t("play-leave-failed", { detail: await failure(response) });
    return;
  }
  parts.leave.disabled = true;
  await refresh();
}

/** The other person seats' links, if this browser opened the table (kept for this tab only). */
function drawLinks() {
  let seats = [];
  try {
    seats = JSON.parse(sessionStorage.getItem("cardarena.seats." + root.dataset.token) || "[]");
  } catch {
    seats = [];
  }
  if (!Array.isArray(seats) || seats.length === 0) return;
  parts.links.hidden = false;
  parts.linkList.replaceChildren(
    ...seats.map((seat) => {
      const url = new URL(String(seat.url), location.origin).href;
      const input = el("input", "seat-link");
      input.readOnly = true;
      input.value = url;
      input.setAttribute("aria-label", t("play-link-label", { seat: seat.seat }));
      const copy = el("button", "copy", t("play-copy"));
      copy.type = "button";
      const said = el("span", "copied note");
      copy.addEventListener("click", async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(url);
          said.textContent = t("play-copied");
        } catch {
          said.textContent = t("play-copy-selected");
        }
      });
      return add(el("li"), el("span", "seat-no", t("play-link-seat", { seat: seat.seat })), " ", input, " ", copy, " ", said);
    }),
  );
}

/**
 * On a phone play.css docks the own seat and the moves bar at the window's foot; this keeps
 * their heights in the CSS variables it places them by (--dock-bar, --dock: 0 when not docked).
 * `follow()` watches the own seat drawn last.
 */
function createDock() {
  const bar = $("moves-bar");
  const docked = (node) => (node && getComputedStyle(node).position === "fixed" ? node.offsetHeight : 0);
  const measure = () => {
    const seat = docked(parts.table.querySelector(".seat.own"));
    const below = docked(bar);
    document.documentElement.style.setProperty("--dock-bar", below + "px");
    document.documentElement.style.setProperty("--dock", seat + below + "px");
  };
  const watcher = new ResizeObserver(measure);
  addEventListener("resize", measure);
  return {
    follow() {
      watcher.disconnect();
      watcher.observe(bar);
      const seat = parts.table.querySelector(".seat.own");
      if (seat) watcher.observe(seat);
      measure();
    },
  };
}

/**
 * At the start of the person's turn on a phone, where the hand and the controls are docked at
 * the window's foot, scrolls the table's middle (the cards to decide by: a trick, the bids, the
 * discard row) into sight above the dock if it is under it: the turn's line at the top if that
 * is enough, else the felt.
 */
function showMiddle() {
  const middle = parts.table.querySelector(".felt .centre");
  const fixed = [parts.table.querySelector(".seat.own"), $("moves-bar")]
    .filter((e) => e && getComputedStyle(e).position === "fixed")
    .map((e) => e.getBoundingClientRect().top);
  if (!middle || fixed.length === 0) return;
  const dock = Math.min(...fixed);
  const room = () => dock - middle.getBoundingClientRect().top;
  for (const top of [parts.turnLine, parts.table.querySelector(".felt")]) {
    if (room() >= MIDDLE_SHOWN || !top) return;
    scrollBy(0, Math.max(0, top.getBoundingClientRect().top - 4));
  }
}

/** How much of the table's middle is to show above the dock, in px. */
const MIDDLE_SHOWN = 120;

/** Counts the person's time down once a second. */
function tick() {
  const s = state.current;
  if (s && s.type === "turn") turnLine(s, names(s));
}

function wire() {
  parts.leave.addEventListener("click", () => {
    parts.leaveConfirm.hidden = false;
  });
  $("leave-no").addEventListener("click", () => {
    parts.leaveConfirm.hidden = true;
  });
  $("leave-yes").addEventListener("click", leave);
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || state.sending) return;
    const target = e.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (target instanceof HTMLTextAreaElement) return;
    if (hand.key(e)) e.preventDefault();
  });
  setInterval(tick, 1000);
}

wire();
drawLinks();
poll();
