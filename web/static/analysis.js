// The match page's analysis (section #analysis of web/templates/match.html): for a finished
// match it asks GET /api/matches/{id}/analysis whether the expert has analysed it, offers to
// (POST) when not, follows the progress, and draws the result: a strip of the value of each move
// taken (one bar per step, coloured by the acting seat, blunders and mistakes marked above it,
// a click goes to the step), each seat's accuracy, the list of blunders and mistakes, and, at
// the step the player (replay.js) shows, what the expert would have played. It talks to the
// player through events on #watch: "step" (drawn), "ended" (a followed match ended), "go".
import { add, distinctNames, el } from "/static/table.js";
import { locale, t } from "/static/l10n.js";
import { readerSeat, said, saidInline, saidText } from "/static/words.js";

const $ = (id) => document.getElementById(id);
const root = $("watch");
const section = $("analysis");
const SVG = "http://www.w3.org/2000/svg";
/** A move that gives up this much place value or more is a blunder; `MISTAKE` a mistake. */
const BLUNDER = 0.15;
const MISTAKE = 0.05;
/** How often the progress is asked for while the analysis runs, in ms. */
const POLL_MS = 1000;
/** The strip's height and margins, in px: room above the bars for the marks, left for 0 and 1. */
const STRIP = { height: 132, top: 18, bottom: 4, left: 18, right: 4 };

const state = {
  result: null,
  byStep: new Map(),
  steps: 0,
  step: 0,
  names: [],
  // The reader's own seat, said "you" (a person following the link from their seat), or null.
  you: readerSeat(),
  width: 0,
  current: null,
  timer: null,
};

/** "blunder", "mistake" or null: how bad a decision's move was. */
function kind(d) {
  if (d.loss >= BLUNDER) return "blunder";
  if (d.loss >= MISTAKE) return "mistake";
  return null;
}

/** The seats' names as the seats table shows them ("reference (2)" for a second seat). */
function seatNames() {
  const names = [];
  for (const row of document.querySelectorAll("table.seats tbody tr[data-seat]")) {
    const key = row.querySelector("td.key");
    names[Number(row.dataset.seat)] = key ? key.textContent.trim() : t("phrase-seat", { seat: Number(row.dataset.seat) });
  }
  return distinctNames(names);
}

/** A seat's name. */
function nameOf(seat) {
  return seat === state.you ? t("phrase-you") : state.names[seat] || t("phrase-seat", { seat });
}

/** " (the house bot for …)" when the house bot that took a faulted seat over chose decision `d`. */
function substitute(d) {
  return d.by === "substitute" ? " " + t("analysis-substitute", { name: nameOf(d.seat) }) : "";
}

/** Who reads the moves: the seats' names, the reader's own seat said "you". */
function who() {
  return { names: state.names, you: state.you };
}

/** Move `i` of decision `d` as a span ("You play 9♣"), without a capital if `inline`; an analysis
 * stored before moves were kept as phrases has the engine's English. */
function move(d, i, inline) {
  if (!d.phrases) return el("span", "words", (d.texts && d.texts[i]) || "");
  return (inline ? saidInline : said)(d.phrases[i], who());
}

/** Move `i` of decision `d` in plain text, as `move` reads. */
function moveText(d, i, inline) {
  return d.phrases ? saidText(d.phrases[i], who(), inline) : (d.texts && d.texts[i]) || "";
}

/** Three decimals as the page's language writes them ("0.125", «0,125»). */
const THREE = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** A value with three decimals. */
function fixed(x) {
  return THREE.format(Number(x));
}

/** The analysis's URL. */
function url() {
  return "/api/matches/" + encodeURIComponent(section.dataset.id) + "/analysis";
}

/** Sends `method` to the analysis's URL: the status and the JSON body (null if none). */
async function ask(method) {
  const response = await fetch(url(), { method, cache: "no-store" });
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return { status: response.status, body };
}

/** Says `message` in the status line. */
function say(message) {
  $("analysis-status").textContent = message;
}

/** Where a queued request stands, `ahead` analyses to start before it, in words. */
function queuedWords(ahead) {
  if (ahead === 0) return t("analysis-queued-next");
  return t("analysis-queued", { count: ahead });
}

/** Acts on an answer of the analysis API: draws the result, follows progress, offers or fails. */
function handle({ status, body }) {
  clearTimeout(state.timer);
  const progress = $("analysis-progress");
  const button = $("analyse");
  if ((status === 200 || status === 202) && body && body.status === "done") {
    progress.hidden = true;
    button.hidden = true;
    say(body.budget_ms ? t("analysis-searched", { ms: body.budget_ms }) : "");
    show(body);
    return;
  }
  if ((status === 200 || status === 202) && body && (body.status === "queued" || body.status === "running")) {
    section.dataset.state = body.status;
    button.hidden = true;
    progress.hidden = false;
    progress.max = Math.max(1, body.total || 0);
    progress.value = body.done || 0;
    say(body.status === "queued" ? queuedWords(body.ahead || 0) : t("analysis-running", { done: body.done || 0, total: body.total || 0 }));
    state.timer = setTimeout(poll, POLL_MS);
    return;
  }
  progress.hidden = true;
  if (status === 404 && body && body.error === "not_analysed") return offer();
  section.dataset.state = "error";
  const detail = body && (body.detail || body.error);
  // Asking again may help later when the server is busy or this address has asked a lot.
  const again = status === 429 || status === 503;
  button.hidden = !again;
  button.disabled = false;
  const why = detail || t("analysis-server-answered", { status });
  say(again ? t("analysis-cannot-again", { why }) : t("analysis-cannot", { why }));
}

/** Offers the analysis of a match that has none. */
function offer() {
  section.dataset.state = "none";
  const button = $("analyse");
  button.hidden = false;
  button.disabled = false;
  say(t("analysis-not-yet"));
}

/** Asks for the progress (or the result) again. */
async function poll() {
  try {
    handle(await ask("GET"));
  } catch {
    say(t("analysis-unreachable-retrying"));
    state.timer = setTimeout(poll, POLL_MS * 5);
  }
}

/** Asks the server to analyse the match. */
async function request() {
  const button = $("analyse");
  button.disabled = true;
  say(t("analysis-asking"));
  try {
    handle(await ask("POST"));
  } catch {
    button.disabled = false;
    say(t("analysis-unreachable"));
  }
}

/** An SVG element with attributes. */
function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  return node;
}

/** The strip's geometry for its width: where step `n`'s bar starts, its width, a value's y. */
function geometry(width) {
  const inner = Math.max(1, width - STRIP.left - STRIP.right);
  const bar = inner / Math.max(1, state.steps);
  const base = STRIP.height - STRIP.bottom;
  const span = base - STRIP.top;
  return {
    bar,
    x: (n) => STRIP.left + (n - 1) * bar,
    y: (value) => base - Math.max(0, Math.min(1, value)) * span,
    base,
  };
}

/** A triangle pointing down at the top of step `n`'s bar: a blunder's (filled) or a mistake's. */
function mark(g, n, what) {
  const size = Math.max(7, Math.min(12, g.bar));
  const middle = g.x(n) + g.bar / 2;
  const top = STRIP.top - size - 2;
  const d = "M" + (middle - size / 2) + " " + top + "h" + size + "l" + -size / 2 + " " + size + "z";
  const node = svg("path", { d, class: "mark " + what, "data-step": n });
  node.append(svg("title"));
  node.firstChild.textContent = t("analysis-step-mark", { step: n, kind: what });
  return node;
}

/** Draws the strip at the width its box has now. */
function drawStrip() {
  const box = $("value-strip");
  const width = Math.round(box.clientWidth);
  if (!state.result || width === 0) return;
  state.width = width;
  const g = geometry(width);
  const picture = svg("svg", {
    width,
    height: STRIP.height,
    viewBox: "0 0 " + width + " " + STRIP.height,
    role: "img",
    "aria-labelledby": "strip-title",
  });
  const blunders = [];
  const mistakes = [];
  for (const d of state.result.decisions) {
    if (kind(d) === "blunder") blunders.push(d.step);
    else if (kind(d) === "mistake") mistakes.push(d.step);
  }
  const title = svg("title", { id: "strip-title" });
  title.textContent = [
    t("analysis-strip-title", { steps: state.steps }),
    blunders.length ? t("analysis-strip-blunders", { steps: blunders.join(", ") }) : t("analysis-strip-no-blunder"),
    mistakes.length ? t("analysis-strip-mistakes", { steps: mistakes.join(", ") }) : t("analysis-strip-no-mistake"),
  ].join(" ");
  picture.append(title);
  const axis = svg("g", { class: "axis", "aria-hidden": "true" });
  for (const [value, label] of [[1, "1"], [0.5, "½"], [0, "0"]]) {
    axis.append(svg("line", { x1: STRIP.left, x2: width - STRIP.right, y1: g.y(value), y2: g.y(value) }));
    const tick = svg("text", { x: STRIP.left - 4, y: g.y(value) + 4 });
    tick.textContent = label;
    axis.append(tick);
  }
  picture.append(axis);
  const current = svg("rect", { class: "current", y: 0, height: STRIP.height, width: Math.max(g.bar, 2) });
  picture.append(current);
  state.current = current;
  const bars = svg("g", { class: "bars" });
  const marks = svg("g", { class: "marks" });
  const gap = g.bar > 4 ? 1 : 0;
  for (const d of state.result.decisions) {
    const taken = d.values[d.taken];
    const best = d.values[d.best];
    const y = g.y(taken);
    const bar = svg("rect", {
      class: "bar seat-" + (d.seat % 6),
      x: g.x(d.step),
      y,
      width: Math.max(g.bar - gap, 0.5),
      height: Math.max(g.base - y, 2),
      "data-step": d.step,
    });
    const tip = svg("title");
    const facts = { step: d.step, move: moveText(d, d.taken), worth: fixed(taken), name: nameOf(d.seat) };
    const told = d.by === "substitute" ? t("analysis-bar-substitute", facts) : t("analysis-bar", facts);
    tip.textContent =
      d.best === d.taken
        ? t("analysis-bar-expert", { bar: told })
        : t("analysis-bar-best", { bar: told, best: moveText(d, d.best, true), worth: fixed(best) });
    bar.append(tip);
    bars.append(bar);
    if (d.loss > 0) {
      bars.append(svg("line", { class: "best", x1: g.x(d.step), x2: g.x(d.step) + Math.max(g.bar, 2), y1: g.y(best), y2: g.y(best) }));
    }
  }
  // Mistakes first, so that a blunder's mark lies on top where two marks touch.
  for (const what of ["mistake", "blunder"]) {
    for (const d of state.result.decisions) {
      if (kind(d) === what) marks.append(mark(g, d.step, what));
    }
  }
  picture.append(bars, marks);
  picture.addEventListener("click", (e) => {
    const r = picture.getBoundingClientRect();
    const n = Math.floor((e.clientX - r.left - STRIP.left) / g.bar) + 1;
    if (n >= 1 && n <= state.steps) root.dispatchEvent(new CustomEvent("go", { detail: n }));
  });
  box.replaceChildren(picture);
  box.dataset.bars = String(state.result.decisions.length);
  placeCurrent();
}

/** Moves the strip's marker of the current step. */
function placeCurrent() {
  if (!state.current) return;
  const g = geometry(state.width);
  state.current.setAttribute("x", String(g.x(Math.max(1, state.step))));
  state.current.style.display = state.step >= 1 ? "" : "none";
}

/** The seats' colours, named, under the strip. */
function drawSeats() {
  const list = $("strip-seats");
  list.replaceChildren();
  const seats = new Set(state.result.decisions.map((d) => d.seat));
  for (const seat of [...seats].sort((a, b) => a - b)) {
    const item = el("li");
    add(item, el("span", "swatch seat-" + (seat % 6)), nameOf(seat));
    list.append(item);
  }
}

/** Each seat's accuracy: decisions, mean loss, mistakes and blunders. */
function drawAccuracy() {
  const body = $("accuracy").tBodies[0];
  body.replaceChildren();
  for (const s of state.result.seats || []) {
    const row = el("tr");
    row.dataset.seat = String(s.seat);
    const who = el("td", "key");
    add(who, el("span", "swatch seat-" + (s.seat % 6)), nameOf(s.seat), el("span", "seat-no", " " + t("analysis-seat-number", { seat: s.seat })));
    const cell = (label, value) => {
      const td = el("td", "num", value);
      td.dataset.label = label;
      return td;
    };
    add(
      row,
      who,
      cell(t("analysis-decisions"), s.decisions),
      cell(t("analysis-mean-loss"), fixed(s.mean_loss)),
      cell(t("analysis-mistakes"), s.mistakes),
      cell(t("analysis-blunders"), s.blunders),
    );
    row.cells[3].classList.add("mistakes");
    row.cells[4].classList.add("blunders");
    body.append(row);
  }
  // A house bot that played a faulted seat's moves is not counted against the seat's bot.
  $("accuracy-note").hidden = !state.result.decisions.some((d) => d.by === "substitute");
}

/** A badge naming how bad a move was. */
function badge(what) {
  return el("span", "verdict " + what, t("analysis-verdict", { kind: what }));
}

/** The list of blunders and mistakes, each linking to its step. */
function drawErrors() {
  const list = $("errors");
  list.replaceChildren();
  for (const d of state.result.decisions) {
    const what = kind(d);
    if (!what) continue;
    const item = el("li", what);
    item.dataset.step = String(d.step);
    const link = el("a", "step", t("analysis-step-link", { step: d.step }));
    link.href = "#step=" + d.step;
    add(
      item,
      link,
      " ",
      badge(what),
      " ",
      add(el("code"), move(d, d.taken)),
      substitute(d) + "; " + t("analysis-expert-choice") + " ",
      add(el("code"), move(d, d.best, true)),
      " " + t("analysis-loses", { loss: fixed(d.loss) }),
    );
    list.append(item);
  }
  if (!list.children.length) list.append(el("li", "note", t("analysis-none")));
}

/** Marks the blunders and mistakes in the page's list of moves, the expert's move beside each. */
function markMoves() {
  const items = document.querySelectorAll("ol.moves > li");
  for (const d of state.result.decisions) {
    const item = items[d.step - 1];
    const what = kind(d);
    if (!item || !what || item.querySelector(".verdict")) continue;
    item.classList.add(what);
    add(item, " ", badge(what), add(el("span", "expert"), t("analysis-expert-choice") + " ", move(d, d.best, true)));
  }
}

/** At the player's step: the mark beside the step controls, and the expert's move beside the move. */
function atStep(n) {
  state.step = n;
  placeCurrent();
  const d = state.byStep.get(n);
  const what = d ? kind(d) : null;
  const stepMark = $("step-mark");
  stepMark.hidden = !what;
  stepMark.className = "step-mark" + (what ? " " + what : "");
  stepMark.textContent = what ? t("analysis-mark-loses", { kind: what, loss: fixed(d.loss) }) : "";
  const line = document.querySelector("#step-info p.move");
  if (!d || !line) return;
  const note = el("span", "expert-says");
  if (d.best === d.taken || d.loss <= 0) {
    const worth = { worth: fixed(d.values[d.taken]) };
    add(note, d.best === d.taken ? t("analysis-expert-too", worth) : t("analysis-as-good", worth));
  } else {
    add(
      note,
      what ? badge(what) : null,
      what ? " " : null,
      t("analysis-expert-choice") + " ",
      add(el("code", "expert-move"), move(d, d.best, true)),
      " " + t("analysis-worth", { best: fixed(d.values[d.best]), taken: fixed(d.values[d.taken]) }),
    );
  }
  line.append(note);
}

/** Draws a finished analysis. */
function show(result) {
  state.result = result;
  state.names = seatNames();
  state.byStep = new Map(result.decisions.map((d) => [d.step, d]));
  const last = result.decisions.reduce((most, d) => Math.max(most, d.step), 0);
  state.steps = Math.max(last, Number(root.dataset.frames || 0));
  $("analysis-result").hidden = false;
  drawStrip();
  drawSeats();
  drawAccuracy();
  drawErrors();
  markMoves();
  const shown = $("table") && $("table").dataset.step;
  if (shown !== undefined && shown !== "") atStep(Number(shown));
  section.dataset.state = "done";
}

/** Shows the section once the match is finished (and open): the analysis at once if there is
 * one, else the button that asks for it. */
async function start() {
  if (root.dataset.status !== "finished") return;
  section.hidden = false;
  if (root.dataset.disclosure === "sealed") {
    section.dataset.state = "sealed";
    say(t("analysis-sealed"));
    return;
  }
  // The server says whether there is an analysis: none is offered without asking for it.
  if (section.dataset.analysed !== "1") return offer();
  await poll();
}

/** Wires the button, the player's events and the strip's redraw when its box is resized. */
function wire() {
  if (!root || !section) return;
  $("analyse").addEventListener("click", request);
  root.addEventListener("step", (e) => {
    if (state.result) atStep(e.detail);
  });
  root.addEventListener("ended", () => {
    if (state.result) markMoves();
    else if (section.hidden || section.dataset.state === "sealed") start();
  });
  new ResizeObserver(() => {
    if (state.result && Math.round($("value-strip").clientWidth) !== state.width) drawStrip();
  }).observe($("value-strip"));
  start();
}

wire();
