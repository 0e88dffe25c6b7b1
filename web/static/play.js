// The play form (/play): choose a game, the table size, your own seat and who sits at each other
// seat (a house bot, a live registered bot of the game, or an open seat for another person),
// then POST /api/tables and go to your seat. The other person seats' links are secrets: they
// are handed to your seat's page in this tab's sessionStorage, never in a URL's query. Above the
// form, the tables this browser sits at that are still being played (mytables.js), each with a
// link back and a button that leaves it.
import { forget, remembered } from "/static/mytables.js";
import { locale, t, tParts } from "/static/l10n.js";

/** How many pages of registered bots are read at most (200 a page). */
const MAX_BOT_PAGES = 5;

const form = document.getElementById("new-table");
const $ = (id) => document.getElementById(id);
const parts = {
  game: $("game"),
  players: $("players"),
  mySeat: $("my-seat"),
  short: $("short"),
  shortLabel: $("short-label"),
  seats: $("seats"),
  seatList: $("seat-list"),
  start: $("start"),
  rules: $("rules"),
  error: $("play-error"),
};

/** The games by id, as GET /api/games gives them; the registered bots of each, once read. */
const state = { games: new Map(), bots: new Map() };

/** An `option` of `value` showing `label`. */
function option(value, label) {
  const node = document.createElement("option");
  node.value = value;
  node.textContent = label;
  return node;
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

/** What an error answer of POST /api/tables means for the person, in words. */
async function tableError(response) {
  const detail = await failure(response);
  // The server's refusals for limits are whole sentences for you; other errors name a field.
  if (response.status === 429 || response.status === 503) return detail;
  return t("play-open-failed", { detail });
}

/** The live registered bots of `game` (active, HTTP), read once, a few pages at most. */
async function registeredBots(game) {
  if (state.bots.has(game)) return state.bots.get(game);
  const bots = [];
  let after = null;
  for (let page = 0; page < MAX_BOT_PAGES; page++) {
    let url = "/api/bots?game=" + encodeURIComponent(game) + "&limit=200";
    if (after !== null) url += "&after=" + encodeURIComponent(after);
    const response = await fetch(url);
    if (!response.ok) break;
    const body = await response.json();
    for (const bot of body.bots || []) {
      if (bot.kind === "http" && bot.status === "active") bots.push(bot);
    }
    after = body.next;
    if (after === null || after === undefined) break;
  }
  state.bots.set(game, bots);
  return bots;
}

/** The table sizes `game` allows. */
function sizes(game) {
  const out = [];
  const p = game.players;
  for (let n = p.min; n <= p.max; n += p.step || 1) out.push(n);
  return out;
}

/** The game's options for a short match: one deal where it has `single_deal` or `deals`. */
function shortOptions(game) {
  const options = game.options || {};
  if ("single_deal" in options) return { single_deal: true };
  if ("deals" in options) return { deals: 1 };
  return null;
}

/** Fills the table sizes for the chosen game (its usual size first chosen). */
function fillSizes() {
  const game = state.games.get(parts.game.value);
  const keep = Number(parts.players.value);
  const all = sizes(game);
  parts.players.replaceChildren(...all.map((n) => option(String(n), t("play-players-count", { count: n }))));
  parts.players.value = String(all.includes(keep) ? keep : game.players.default);
  const short = shortOptions(game);
  parts.shortLabel.hidden = short === null;
  parts.rules.href = "/rules/" + encodeURIComponent(game.id);
  parts.rules.textContent = t("play-rules-of", { game: game.id });
}

/** Lays out one row per seat: yours says so, the others choose who sits there. */
async function fillSeats() {
  const game = state.games.get(parts.game.value);
  const players = Number(parts.players.value);
  const mine = Math.min(Number(parts.mySeat.value) || 0, players - 1);
  parts.mySeat.replaceChildren(...Array.from({ length: players }, (_, s) => option(String(s), t("play-seat-number", { seat: s }))));
  parts.mySeat.value = String(mine);
  const previous = new Map(
    Array.from(parts.seatList.querySelectorAll("select"), (s) => [s.dataset.seat, s.value]),
  );
  const bots = await registeredBots(game.id);
  if (parts.game.value !== game.id) return; // the game changed while the bots were read
  const rows = [];
  for (let seat = 0; seat < players; seat++) {
    const row = document.createElement("li");
    row.value = seat;
    const label = document.createElement("label");
    let who;
    if (seat === mine) {
      who = document.createElement("strong");
      who.textContent = t("play-you");
      row.classList.add("mine");
    } else {
      const select = document.createElement("select");
      select.dataset.seat = String(seat);
      select.className = "seat-choice";
      const house = document.createElement("optgroup");
      house.label = t("play-house-bots");
      house.append(...game.house_bots.map((id) => option(id, t("play-house-bot", { bot: id }))));
      select.append(option("person", t("play-open-seat")), house);
      if (bots.length > 0) {
        const registered = document.createElement("optgroup");
        registered.label = t("play-registered-bots");
        registered.append(...bots.map((b) => option(b.id, b.name)));
        select.append(registered);
      }
      select.value = game.house_bots[0];
      const before = previous.get(String(seat));
      if (before && Array.from(select.options).some((o) => o.value === before)) select.value = before;
      who = select;
    }
    label.append(...tParts("play-seat-row", { seat, who }));
    row.append(label);
    rows.push(row);
  }
  parts.seatList.replaceChildren(...rows);
}

/** Opens the table and goes to your seat. */
async function start(event) {
  event.preventDefault();
  parts.error.textContent = "";
  const game = state.games.get(parts.game.value);
  const players = Number(parts.players.value);
  const mine = Number(parts.mySeat.value);
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    const select = parts.seatList.querySelector('select[data-seat="' + seat + '"]');
    seats.push(seat === mine || !select ? "person" : select.value);
  }
  const body = { game: game.id, seats };
  const short = shortOptions(game);
  if (short && parts.short.checked) body.options = short;
  parts.start.disabled = true;
  try {
    const response = await fetch("/api/tables", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      parts.error.textContent = await tableError(response);
      return;
    }
    const table = await response.json();
    const own = table.seats.find((s) => s.seat === mine);
    const others = table.seats.filter((s) => s.seat !== mine).map((s) => ({ seat: s.seat, url: s.url }));
    const token = own.url.split("/").pop();
    sessionStorage.setItem("cardarena.seats." + token, JSON.stringify(others));
    location.assign(own.url);
  } catch {
    parts.error.textContent = t("play-open-unreachable");
  } finally {
    parts.start.disabled = false;
  }
}

/** Names as one list in the page's language ("greedy and another person"). */
function listed(names) {
  // The site's English is British: no comma before "and".
  return new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" }).format(names);
}

/** Where seat state `s` stands, in words for the person at it. */
function standing(s) {
  const others = listed(
    s.names
      .filter((_, seat) => seat !== s.seat)
      .map((n) => (/^person( \(\d+\))?$/.test(n) ? t("play-another-person") : n)),
  );
  const args = { game: s.game, others };
  if (s.replaced) return t("play-standing-replaced", args);
  return s.type === "turn" ? t("play-standing-turn", args) : t("play-standing-waiting", args);
}

/** Leaves the table of seat `token`: its row says what happened. */
async function leaveTable(token, row) {
  const response = await fetch("/api/tables/" + encodeURIComponent(token), { method: "DELETE", cache: "no-store" });
  if (response.ok || response.status === 404) {
    forget(token);
    row.replaceChildren(t("play-left"));
    return;
  }
  row.querySelector(".refusal").textContent = t("play-leave-failed", { detail: await failure(response) });
}

/** Lists the tables this browser sits at that are still being played. */
async function drawMyTables() {
  const list = $("my-table-list");
  const rows = [];
  for (const { token } of remembered()) {
    let response = null;
    try {
      response = await fetch("/api/tables/" + encodeURIComponent(token), { cache: "no-store" });
    } catch {
      continue;
    }
    if (response.status === 404) forget(token);
    if (!response.ok) continue;
    const s = await response.json();
    if (s.status !== "running") {
      forget(token);
      continue;
    }
    const row = document.createElement("li");
    row.dataset.token = token;
    const link = document.createElement("a");
    link.href = "/play/" + encodeURIComponent(token);
    link.textContent = t("play-back");
    const leave = document.createElement("button");
    leave.type = "button";
    leave.className = "leave";
    leave.textContent = t("play-leave");
    leave.addEventListener("click", () => leaveTable(token, row));
    const refusal = document.createElement("span");
    refusal.className = "refusal error";
    refusal.setAttribute("role", "alert");
    row.append(standing(s) + " ", link, " ", leave, " ", refusal);
    rows.push(row);
  }
  list.replaceChildren(...rows);
  $("my-tables").hidden = rows.length === 0;
}

async function main() {
  drawMyTables();
  const response = await fetch("/api/games");
  if (!response.ok) {
    $("play-loading").textContent = t("play-games-failed", { detail: await failure(response) });
    return;
  }
  for (const game of await response.json()) state.games.set(game.id, game);
  parts.game.replaceChildren(...Array.from(state.games.keys(), (id) => option(id, id)));
  const asked = new URLSearchParams(location.search).get("game");
  if (asked && state.games.has(asked)) parts.game.value = asked;
  fillSizes();
  await fillSeats();
  parts.game.addEventListener("change", async () => {
    fillSizes();
    await fillSeats();
  });
  parts.players.addEventListener("change", fillSeats);
  parts.mySeat.addEventListener("change", fillSeats);
  form.addEventListener("submit", start);
  for (const node of form.querySelectorAll("[hidden]:not(#short-label)")) node.hidden = false;
  $("play-loading").hidden = true;
  parts.shortLabel.hidden = shortOptions(state.games.get(parts.game.value)) === null;
  form.dataset.ready = "1";
}

main();
