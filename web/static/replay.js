// The match page's player: fetches /api/matches/{id}/frames once (or follows /live while the
// match runs), and draws one step at a time with table.js and the game's renderer. Only the
// current step is ever in the DOM, so a long match scrubs as fast as a short one. The controls
// are the page's own (web/templates/match.html); `#step=N` in the URL opens step N. It tells the
// page's other scripts (analysis.js) each step it draws (a "step" event on #watch, the step as its
// detail) and when a followed match has ended ("ended"), and goes to the step a "go" event names.
import { add, distinctNames, drawTable, el, nameOf, ownView, reader, text } from "/static/table.js";
import { t } from "/static/l10n.js";
import { readerSeat, said, seatWords, sentence } from "/static/words.js";

const root = document.getElementById("watch");
const $ = (id) => document.getElementById(id);
const controls = {
  first: $("first"),
  prevDeal: $("prev-deal"),
  prevTrick: $("prev-trick"),
  back: $("back"),
  play: $("play"),
  forward: $("forward"),
  nextTrick: $("next-trick"),
  nextDeal: $("next-deal"),
  last: $("last"),
  scrub: $("scrub"),
  label: $("step-label"),
  speed: $("speed"),
  eye: $("eye"),
};
const tableEl = $("table");
let moveItems = Array.from(document.querySelectorAll("ol.moves > li"));
let movesBox = document.querySelector("ol.moves");

const state = {
  renderer: null,
  names: [],
  // The reader's own seat, said "you" (a person following the link from their seat), or null.
  you: readerSeat(),
  initial: null,
  frames: [],
  faults: [],
  step: 0,
  eye: null,
  timer: null,
  hashTimer: null,
  marked: null,
  liveNote: "",
  scrollPending: false,
  live: null,
};

/** The snapshot after step `n` (0: as dealt). */
function tableAt(n) {
  return n === 0 ? state.initial : state.frames[n - 1].table;
}

/** The last step there is. */
function lastStep() {
  return state.frames.length;
}

/** Shows a message in place of the table. */
function note(message) {
  tableEl.replaceChildren(el("p", "note", message));
}

/** Moves to step `n` (clamped), draws it and writes it into the URL. */
function go(n) {
  if (!state.initial) return;
  state.step = Math.max(0, Math.min(lastStep(), n | 0));
  draw();
  writeHash();
}

/**
 * Writes the step into the URL once stepping pauses for a moment: browsers throttle
 * history.replaceState (Chromium allows some 200 calls in 10 s), and a scrub moves many steps.
 */
function writeHash() {
  clearTimeout(state.hashTimer);
  state.hashTimer = setTimeout(() => history.replaceState(null, "", "#step=" + state.step), 150);
}

/** The step a hash `#step=N` names (the page's own by default), or null. */
function hashStep(hash = location.hash) {
  const m = /(?:^#|&)step=(\d+)/.exec(hash);
  return m ? Number(m[1]) : null;
}

/** Whether two snapshots are in the same deal (and the same trick, if `trick`). */
function same(a, b, trick) {
  return a.deal === b.deal && (!trick || a.trick === b.trick);
}

/** The step that starts the next (dir 1) or this-or-previous (dir -1) deal or trick. */
function jumpTarget(dir, trick) {
  const here = tableAt(state.step);
  if (dir > 0) {
    for (let n = state.step + 1; n <= lastStep(); n++) {
      if (!same(tableAt(n), here, trick)) return n;
    }
    return lastStep();
  }
  let n = state.step;
  while (n > 0 && same(tableAt(n - 1), here, trick)) n--;
  if (n < state.step || n === 0) return n;
  const before = tableAt(n - 1);
  n -= 1;
  while (n > 0 && same(tableAt(n - 1), before, trick)) n--;
  return n;
}

/** A block of pretty JSON. */
function json(value) {
  return el("pre", "json", JSON.stringify(value, null, 1));
}

/** What a bot was sent: its view and its legal actions, the one it chose marked. */
function sentPanel(title, sent, chosen, open) {
  const box = el("details", "sent");
  box.open = open;
  box.append(el("summary", null, title));
  if (!sent) {
    box.append(el("p", "note", t("match-not-recorded")));
    return box;
  }
  const chosenText = chosen ? JSON.stringify(chosen) : null;
  const legal = el("ol", "legal");
  legal.start = 0;
  for (const action of sent.legal_actions || []) {
    const line = JSON.stringify(action);
    legal.append(el("li", line === chosenText ? "chosen" : null, line));
  }
  add(box, el("h4", null, t("match-sent-view")), json(sent.view), el("h4", null, t("match-sent-legal")), legal);
  return box;
}

/** The action of step `n`: who played what, how fast, what it said. */
function stepInfo(n) {
  const box = $("step-info");
  if (n === 0) {
    box.replaceChildren(el("p", null, t("match-dealt")));
    return;
  }
  const f = state.frames[n - 1];
  const line = el("p", "move");
  add(
    line,
    el("strong", null, t("match-step", { step: n }) + " "),
    add(el("code", "action"), f.phrases ? said(f.phrases, reader(state)) : text(f.action)),
    f.by === "substitute" ? el("span", "badge substitute", t("match-by-substitute")) : null,
    f.ms === null || f.ms === undefined ? null : el("span", "ms", t("match-ms", { ms: f.ms })),
    f.say ? el("q", "say", f.say) : null,
  );
  box.replaceChildren(line);
}

/** The faults at step `n`: what the bot was sent and how it answered. */
function faultInfo(n) {
  const box = $("fault");
  const here = state.faults.filter((f) => f.step === n);
  box.replaceChildren();
  for (const f of here) {
    const panel = el("div", "fault-panel");
    const a = f.answer || {};
    const answer = el("dl", "answer");
    const row = (label, value) => add(answer, el("dt", null, label), el("dd", null, value === null || value === undefined ? t("match-answer-none") : value));
    row(t("match-answer-status"), a.status);
    row(t("match-answer-time"), a.ms === null || a.ms === undefined ? null : t("match-ms", { ms: a.ms }));
    row(t("match-answer-body"), a.body);
    row(t("match-answer-refused"), a.error);
    add(
      panel,
      el("h3", "fault", t("match-faulted-here", { name: nameOf(state, f.seat), kind: f.kind })),
      f.detail ? el("p", null, f.detail) : null,
      answer,
      sentPanel(t("match-what-sent"), f.sent, null, true),
    );
    box.append(panel);
  }
}

/** In one seat's view: what that seat is sent now, or was sent for this step's move. */
function seatPanel(n) {
  const box = $("sent-panel");
  box.replaceChildren();
  if (state.eye === null) {
    const f = state.frames[n - 1];
    if (f) box.append(sentPanel(t("match-sent-for-step", { name: nameOf(state, f.seat), step: n }), f.sent, f.action, false));
    return;
  }
  const seat = state.eye;
  const next = state.frames[n];
  const own = state.frames[n - 1];
  if (next && next.seat === seat) {
    box.append(sentPanel(t("match-sent-now", { name: nameOf(state, seat), step: n + 1 }), next.sent, next.action, true));
  } else if (own && own.seat === seat) {
    box.append(sentPanel(t("match-sent-then", { name: nameOf(state, seat), step: n }), own.sent, own.action, true));
  } else {
    const later = state.frames.findIndex((f, i) => i >= n && f.seat === seat);
    const p = el("p", "note", t("match-not-decision", { name: nameOf(state, seat) }) + " ");
    if (later >= 0) {
      const link = el("a", null, t("match-next-decision", { step: later + 1 }));
      link.href = "#step=" + later;
      p.append(link);
    }
    box.append(p);
  }
}

/**
 * Marks step `n`'s move in the page's list of moves, and scrolls the list to it at the next
 * frame (reading its position forces a layout, done once a frame however fast the scrub).
 */
function markMove(n) {
  if (!movesBox) return;
  if (state.marked) state.marked.classList.remove("current");
  state.marked = moveItems[n - 1] || null;
  if (!state.marked) return;
  state.marked.classList.add("current");
  if (state.scrollPending) return;
  state.scrollPending = true;
  requestAnimationFrame(() => {
    state.scrollPending = false;
    const li = state.marked;
    if (!li) return;
    const top = li.offsetTop - movesBox.offsetTop;
    if (top < movesBox.scrollTop || top > movesBox.scrollTop + movesBox.clientHeight - li.offsetHeight) {
      movesBox.scrollTop = top - movesBox.clientHeight / 2;
    }
  });
}

/** Draws the current step: the table, the controls, the move, faults and what was sent. */
function draw() {
  const n = state.step;
  let shown = tableAt(n);
  if (state.eye !== null && !state.live) {
    shown = state.renderer.own ? state.renderer.own(shown, state.eye) : ownView(shown, state.eye);
  }
  drawTable(tableEl, shown, { renderer: state.renderer, names: state.names, eye: state.eye, you: state.you });
  tableEl.dataset.step = String(n);
  controls.scrub.max = String(lastStep());
  controls.scrub.value = String(n);
  const steps = { step: n, last: lastStep() };
  controls.label.textContent = state.live
    ? t("match-step-of-live", steps)
    : state.liveNote
      ? t("match-step-of-unavailable", steps)
      : t("match-step-of", steps);
  stepInfo(n);
  faultInfo(n);
  seatPanel(n);
  markMove(n);
  root.dispatchEvent(new CustomEvent("step", { detail: n }));
}

/** Starts or stops playing. */
function setPlaying(on) {
  clearTimeout(state.timer);
  state.timer = null;
  controls.play.textContent = on ? t("match-pause") : t("match-play");
  controls.play.setAttribute("aria-pressed", on ? "true" : "false");
  if (on) tick();
}

/** One step of play, then the next after the chosen speed's pause. */
function tick() {
  if (state.step < lastStep()) go(state.step + 1);
  else if (!state.live) return setPlaying(false);
  state.timer = setTimeout(tick, 1000 / Number(controls.speed.value || 4));
}

/**
 * Loads a frames answer (from the API or the live feed's first event) and draws it; `toEnd`
 * opens the last step whatever the URL says (a viewer following the match to its end).
 */
function load(answer, toEnd = false) {
  state.names = [];
  for (const s of answer.seats || []) state.names[s.seat] = s.name;
  // A bot at two seats reads "reference" and "reference (2)", as in the page's seats table.
  state.names = distinctNames(state.names);
  state.initial = answer.initial || null;
  state.frames = answer.frames || [];
  state.faults = answer.faults || [];
  root.dataset.frames = String(state.frames.length);
  root.dataset.eye = answer.eye || "";
  if (!state.initial) {
    const kept = !answer.log || answer.log.state === "kept";
    const sealed = answer.log && answer.log.state === "sealed";
    const why = sealed ? t("match-sealed", { count: answer.log.tables_left }) : kept ? t("match-no-table") : t("match-not-kept");
    note(why);
    controls.label.textContent = sealed ? t("match-sealed-label") : "";
    return;
  }
  const wanted = toEnd ? lastStep() : hashStep();
  state.step = wanted === null ? (state.live ? lastStep() : 0) : Math.min(wanted, lastStep());
  draw();
  if (toEnd) writeHash();
  drawFaultLink();
}

/** The link to the first fault's step, near the top of the page. */
function drawFaultLink() {
  const box = $("fault-link");
  const first = state.faults
    .filter((f) => f.step !== null && f.step !== undefined)
    .sort((a, b) => a.step - b.step)[0];
  if (!box || !first) return;
  const link = el("a", null, t("match-fault-link", { name: nameOf(state, first.seat), step: first.step, kind: first.kind }));
  link.href = "#step=" + first.step;
  box.replaceChildren(link);
  box.hidden = false;
}

/**
 * Once the match is over: the page's status, each seat's place, score and result in the game's
 * words, and the result line, from the stored match and the last table (the server drew them
 * as they stood when the page was opened).
 */
async function showEnd() {
  const response = await fetch("/api/matches/" + encodeURIComponent(root.dataset.id), { cache: "no-store" });
  if (!response.ok) return;
  const m = await response.json();
  root.dataset.status = m.status;
  root.dataset.disclosure = m.disclosure;
  $("match-status").textContent = t("match-status", { status: m.status });
  const last = state.initial ? tableAt(lastStep()) : null;
  const result = last && last.result;
  for (const s of m.seats || []) {
    const row = document.querySelector('table.seats tr[data-seat="' + s.seat + '"]');
    if (!row) continue;
    row.querySelector(".place").textContent = s.rank === null || s.rank === undefined ? "\u2013" : String(s.rank);
    row.querySelector(".score").textContent = s.score === null || s.score === undefined ? "\u2013" : String(s.score);
    if (result && result.seats) {
      const words = seatWords(result.seats[s.seat], reader(state)).textContent;
      row.querySelector(".words").textContent = s.fault ? t("match-forfeits", { words }) : words;
    }
  }
  const line = $("match-result");
  if (result) {
    line.replaceChildren(el("strong", null, t("match-result")), " ", sentence(result.text, reader(state)));
    line.hidden = false;
  } else if (m.status !== "finished") {
    const none = m.error ? t("match-no-result-error", { status: m.status, error: m.error }) : t("match-no-result", { status: m.status });
    line.replaceChildren(el("strong", null, t("match-result")), " ", none);
    line.hidden = false;
  }
  drawFaultLink();
  if (m.status === "finished") await showMoves();
  root.dataset.ended = "1";
  root.dispatchEvent(new CustomEvent("ended"));
}

/** Puts the stored moves list, the downloads, the facts (seed, end) and the decisions the kits
 * played at random, which the server draws once a match is stored, in place of the page's "no
 * moves stored yet". */
async function showMoves() {
  const response = await fetch(location.pathname, { cache: "no-store" });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("after-table");
  const here = $("after-table");
  if (!fresh || !here) return;
  here.replaceChildren(...Array.from(fresh.childNodes).map((n) => document.importNode(n, true)));
  // The facts too: the seed (once the match is open, exact as the server writes it) and the end.
  const facts = page.querySelector("dl.facts");
  const shown = document.querySelector("dl.facts");
  if (facts && shown) shown.replaceWith(document.importNode(facts, true));
  const fallbacks = page.getElementById("fallbacks");
  if (fallbacks && $("fallbacks")) $("fallbacks").replaceWith(document.importNode(fallbacks, true));
  movesBox = document.querySelector("ol.moves");
  moveItems = Array.from(document.querySelectorAll("ol.moves > li"));
  state.marked = null;
  markMove(state.step);
}

/** A JSON error's text. */
async function failure(response) {
  try {
    const body = await response.json();
    return body.detail || body.error || response.statusText;
  } catch {
    return response.statusText;
  }
}

/** Fetches every frame of the match (all hands once it is finished) and draws them. */
async function fetchFrames(toEnd = false) {
  const response = await fetch("/api/matches/" + encodeURIComponent(root.dataset.id) + "/frames");
  if (!response.ok) {
    note(t("match-cannot-show", { why: await failure(response) }));
    return;
  }
  load(await response.json(), toEnd);
  root.dataset.ready = "1";
}

/** Follows the match as it is played: public information only, then every frame at the end. */
function follow() {
  const source = new EventSource("/api/matches/" + encodeURIComponent(root.dataset.id) + "/live");
  state.live = source;
  root.dataset.live = "on";
  controls.eye.disabled = true;
  source.addEventListener("initial", (e) => {
    load(JSON.parse(e.data));
    root.dataset.ready = "1";
  });
  source.addEventListener("frame", (e) => {
    const atNewest = state.step === lastStep();
    state.frames.push(JSON.parse(e.data));
    root.dataset.frames = String(state.frames.length);
    if (atNewest && state.timer === null) go(lastStep());
    else draw();
  });
  source.addEventListener("fault", (e) => {
    state.faults.push(JSON.parse(e.data));
    draw();
    drawFaultLink();
  });
  source.addEventListener("error", async () => {
    // A refused feed (the server caps its viewers) is not retried: show the match as it stands.
    if (source.readyState !== EventSource.CLOSED) return;
    state.live = null;
    root.dataset.live = "refused";
    controls.eye.disabled = false;
    state.liveNote = "unavailable";
    await fetchFrames();
  });
  source.addEventListener("end", async () => {
    // A viewer at the newest step (or with nothing drawn yet) is taken to the last step of the
    // whole match: the URL's step, written while following, is one it has passed already.
    const following = !state.initial || state.step === lastStep();
    source.close();
    state.live = null;
    root.dataset.live = "ended";
    controls.eye.disabled = false;
    await fetchFrames(following);
    await showEnd();
  });
}

/** Wires the controls and the keys. */
function wire() {
  const on = (node, action) => node.addEventListener("click", action);
  on(controls.first, () => go(0));
  on(controls.last, () => go(lastStep()));
  on(controls.back, () => go(state.step - 1));
  on(controls.forward, () => go(state.step + 1));
  on(controls.prevTrick, () => go(jumpTarget(-1, true)));
  on(controls.nextTrick, () => go(jumpTarget(1, true)));
  on(controls.prevDeal, () => go(jumpTarget(-1, false)));
  on(controls.nextDeal, () => go(jumpTarget(1, false)));
  on(controls.play, () => setPlaying(state.timer === null));
  root.addEventListener("go", (e) => go(e.detail));
  controls.scrub.addEventListener("input", () => go(Number(controls.scrub.value)));
  controls.eye.addEventListener("change", () => {
    state.eye = controls.eye.value === "all" ? null : Number(controls.eye.value);
    if (state.initial) draw();
  });
  window.addEventListener("hashchange", (e) => {
    // The new URL's own hash: a step written since (writeHash) must not hide the one followed.
    clearTimeout(state.hashTimer);
    const n = hashStep(new URL(e.newURL).hash);
    if (n !== null && n !== state.step) {
      go(n);
      root.scrollIntoView({ block: "start" });
    }
  });
  document.addEventListener("keydown", (e) => {
    const target = e.target;
    if (e.altKey || e.ctrlKey || e.metaKey || !state.initial) return;
    if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
    if (target instanceof HTMLInputElement && e.key !== " ") return;
    if (target instanceof HTMLButtonElement && (e.key === " " || e.key === "Enter")) return;
    const keys = {
      ArrowLeft: () => go(e.shiftKey ? jumpTarget(-1, true) : state.step - 1),
      ArrowRight: () => go(e.shiftKey ? jumpTarget(1, true) : state.step + 1),
      PageUp: () => go(jumpTarget(-1, false)),
      PageDown: () => go(jumpTarget(1, false)),
      Home: () => go(0),
      End: () => go(lastStep()),
      " ": () => setPlaying(state.timer === null),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  });
}

async function main() {
  try {
    state.renderer = await import("/static/games/" + root.dataset.game + ".js");
  } catch {
    note(t("match-cannot-draw", { game: root.dataset.game }));
    return;
  }
  wire();
  const status = root.dataset.status;
  // A sealed match is followed too, finished or not: the feed comes back every 2 s until the
  // last table of its deal ends, and then opens the match here.
  if (status === "running" || status === "queued" || root.dataset.disclosure === "sealed") follow();
  else await fetchFrames();
}

main();
