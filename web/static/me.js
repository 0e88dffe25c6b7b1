// /me: the bots whose tokens this browser keeps (mybots.js), each with its status and why, its
// recent faults, rating and rank, refreshed every few seconds from the API, and the owner's
// buttons: practice, pause and resume, the table sizes it plays on the ladder, a new version, a
// new URL, delete, forget. A bot registered
// elsewhere is added by its id and token, kept only once the API says the token is the bot's.

import { ApiFailure, api, forgetBot, inWords, keepBot, myBots, uploadModule } from '/static/mybots.js';
import { locale, t, tParts } from '/static/l10n.js';

/** How often the bots' facts are read again, in ms. */
const REFRESH_MS = 3000;

const list = document.getElementById('bots');
const pageStatus = document.getElementById('me-status');
/** GET /api/games, by id. */
let games = new Map();
let refreshes = 0;

/** An element `tag` with `attrs` and children (strings become text). */
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/** The bot's status in words, from its `status` and `status_reason`. */
function statusWords(bot) {
  if (bot.status === 'active') return t("me-status-active");
  return t("me-status-paused", { reason: String(bot.status_reason) });
}

/** The bot's facts as [label, text, class] rows. */
function facts(bot, rank) {
  const rows = [[t("me-fact-status"), statusWords(bot), 'status']];
  if (bot.status_detail) rows.push([t("me-fact-why"), bot.status_detail, 'why']);
  const faults = t("me-faults", { faults: bot.recent_faults, matches: bot.recent_matches });
  rows.push([t("me-fact-faults"), faults, 'faults']);
  const last = bot.probation && bot.probation.last;
  if (last && last.fault_kind) {
    const failed = t("me-probation", { kind: last.fault_kind, detail: last.fault_detail });
    rows.push([t("me-fact-probation"), failed, 'probation']);
  }
  const rating = bot.rating
    ? t("me-rating", {
      rating: decimal(bot.rating.rating),
      mu: decimal(bot.rating.mu),
      sigma: decimal(bot.rating.sigma),
      matches: bot.rating.matches,
    })
    : t("me-no-rating");
  rows.push([t("me-fact-rating"), rating, 'rating']);
  if (rank) rows.push([t("me-fact-rank"), t("me-rank", { place: rank.place, of: rank.of, game: bot.game }), 'rank']);
  rows.push([t("me-fact-program"), programWords(bot), 'program']);
  const game = games.get(bot.game);
  if (game && bot.ladder_players) rows.push([t("me-fact-sizes"), sizesSentence(bot.ladder_players, game), 'sizes']);
  return rows;
}

/** Every table size `game` (GET /api/games) seats, fewest first. */
function sizesOf(game) {
  const counts = [];
  for (let n = game.players.min; n <= game.players.max; n += game.players.step) counts.push(n);
  return counts;
}

/** A number with two decimals, as the page's language writes it (as the server's pages do:
 * "25.17", ru "25,17", thousands grouped). */
function decimal(x) {
  return x.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Numbers as one list in the page's language: "2", "2 and 3", "2, 3 and 4". */
function listWords(numbers) {
  // The site's English is British: no comma before "and".
  const format = new Intl.ListFormat(locale === 'en' ? 'en-GB' : locale, { type: 'conjunction' });
  return format.format(numbers.map(String));
}

/** The table sizes a bot plays on the ladder as a sentence, as its page says them. */
function sizesSentence(sizes, game) {
  const all = sizesOf(game);
  const every = all.length === sizes.length && all.every((n, i) => n === sizes[i]);
  const args = { sizes: listWords(sizes), count: sizes[sizes.length - 1], game: game.id };
  if (every && sizes.length === 1) return t("me-sizes-only-one", args);
  if (every) return t("me-sizes-every", args);
  if (sizes.length === 1) return t("me-sizes-one", args);
  return t("me-sizes-some", args);
}

/** Where the bot's current version runs, in words. */
function programWords(bot) {
  const version = bot.version;
  if (bot.kind === 'module') {
    return bot.module
      ? t("me-program-module", { version, module: bot.module.slice(0, 12) })
      : t("me-program-no-module");
  }
  return bot.url ? t("me-program-url", { version, url: bot.url }) : t("me-program-connect", { version });
}

/** A form with `fields` and a submit button labelled `label`, calling `act(form)` when sent. */
function actionForm(className, label, fields, act) {
  const button = el('button', { type: 'submit', text: label });
  const form = el('form', { class: className }, ...fields, button);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    button.disabled = true;
    try {
      await act(form);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** The practice form: a table size, a house bot per opponent seat, how many matches. */
function practiceForm(mine, card) {
  const game = games.get(mine.game);
  const houses = game ? game.house_bots : [];
  const counts = game ? sizesOf(game) : [];
  const size = el('select', { name: 'players' }, ...counts.map((n) => el('option', { value: String(n), text: t("me-players", { count: n }) })));
  const seats = el('span', { class: 'opponents' });
  const drawSeats = () => {
    seats.replaceChildren();
    for (let i = 1; i < Number(size.value); i += 1) {
      const opponent = t("me-opponent", { n: i });
      const pick = el('select', { name: 'opponent', 'aria-label': opponent },
        ...houses.map((h) => el('option', { value: h, text: h })));
      pick.selectedIndex = (i - 1) % Math.max(houses.length, 1);
      seats.append(el('label', {}, opponent, pick));
    }
  };
  size.addEventListener('change', drawSeats);
  drawSeats();
  const matches = el('input', { type: 'number', name: 'matches', min: '1', max: '100', value: '3', inputmode: 'numeric' });
  return actionForm('my-practice', t("me-start-practice"), [
    el('label', {}, t("me-table"), size), seats, el('label', {}, t("me-matches"), matches),
  ], async () => {
    const opponents = Array.from(seats.querySelectorAll('select'), (s) => s.value);
    const answer = await act(card, t("me-practice-failed"), () => api('POST', `/bots/${mine.id}/practice`, {
      token: mine.token, body: { matches: Number(matches.value), opponents },
    }));
    if (!answer) return;
    const links = el('span');
    answer.match_ids.forEach((id, i) => {
      links.append(i ? ', ' : '', el('a', { href: `/matches/${id}`, text: t("me-match-link", { n: i + 1 }) }));
    });
    say(card, el('span', {}, ...tParts("me-practice-queued", { count: answer.match_ids.length, links })));
  });
}

/** The table sizes form: a box per size the game seats, ticked where the bot plays the ladder. */
function sizesForm(mine, card) {
  const game = games.get(mine.game);
  const counts = game ? sizesOf(game) : [];
  const boxes = counts.map((n) => el('input', { type: 'checkbox', name: 'ladder_players', value: String(n) }));
  const legend = el('legend', { text: t("me-sizes-legend") });
  const fieldset = el('fieldset', {}, legend, ...boxes.map((box, i) => el('label', {}, box, t("join-seats", { count: counts[i] }))));
  const form = actionForm('my-sizes', t("me-keep-sizes"), [fieldset], async () => {
    const chosen = boxes.filter((box) => box.checked).map((box) => Number(box.value));
    if (!chosen.length) {
      say(card, t("me-tick-size"), true);
      return;
    }
    const bot = await act(card, t("me-sizes-failed"), () => api('PATCH', `/bots/${mine.id}`, {
      token: mine.token, body: { ladder_players: chosen },
    }));
    if (bot) {
      form.dataset.edited = '';
      say(card, t("me-sizes-kept", { sentence: sizesSentence(bot.ladder_players, game) }));
      draw(card, bot, null);
      refresh();
    }
  });
  for (const box of boxes) box.addEventListener('change', () => { form.dataset.edited = '1'; });
  // A game of one table size leaves nothing to choose.
  form.hidden = counts.length < 2;
  return form;
}

/** Shows `message` (text or a node) under the bot's name; `error` marks it as one. */
function say(card, message, error = false) {
  const line = card.querySelector('.message');
  line.className = error ? 'message error' : 'message';
  line.replaceChildren(message);
}

/** Runs `call`; on an API error says `failed: <the error in words>` and resolves to null. */
async function act(card, failed, call) {
  try {
    return await call();
  } catch (error) {
    say(card, t("me-failed", { failed, why: inWords(error) }), true);
    return null;
  }
}

/** The card of one kept bot, its actions wired; its facts are filled by refresh(). */
function botCard(mine) {
  const card = el('article', { class: 'my-bot', 'data-bot-id': mine.id, 'aria-labelledby': `bot-${mine.id}` });
  const title = el('h2', { id: `bot-${mine.id}` },
    el('a', { href: `/bots/${encodeURIComponent(mine.id)}`, text: mine.name }), ' ',
    el('span', { class: 'hint', text: mine.game }));
  const dl = el('dl', { class: 'facts' });
  const message = el('p', { class: 'message', role: 'status' });
  const pause = el('button', { type: 'button', class: 'my-pause', text: t("me-pause") });
  pause.addEventListener('click', async () => {
    const active = pause.dataset.action === 'resume';
    const bot = await act(card, active ? t("me-not-resumed") : t("me-not-paused"),
      () => api('PATCH', `/bots/${mine.id}`, { token: mine.token, body: { active } }));
    if (bot) {
      say(card, active ? t("me-resumed") : t("me-paused"));
      draw(card, bot, null);
      refresh();
    }
  });
  const note = el('input', { name: 'note', maxlength: '200', placeholder: t("me-note-placeholder") });
  const version = actionForm('my-version', t("me-new-version"), [el('label', {}, t("me-note"), note)], async () => {
    const made = await act(card, t("me-version-failed"), () => api('POST', `/bots/${mine.id}/versions`, {
      token: mine.token, body: note.value.trim() ? { note: note.value.trim() } : {},
    }));
    if (made) {
      say(card, t("me-version-started", { version: made.version }));
      note.value = '';
      refresh();
    }
  });
  const url = el('input', { name: 'url', type: 'url', inputmode: 'url', placeholder: 'http://…' });
  const move = actionForm('my-url', t("me-use-url"), [el('label', {}, t("me-new-url"), url)], async () => {
    const bot = await act(card, t("me-url-failed"), () => api('PATCH', `/bots/${mine.id}`, {
      token: mine.token, body: { url: url.value.trim() },
    }));
    if (bot) {
      say(card, t("me-url-changed", { url: bot.url, version: bot.version }));
      url.value = '';
      refresh();
    }
  });
  const file = el('input', { name: 'module', type: 'file', accept: '.wasm,application/wasm' });
  const upload = actionForm('my-module', t("me-upload"), [el('label', {}, t("me-new-module"), file)], async () => {
    if (!file.files.length) {
      say(card, t("me-choose-module"), true);
      return;
    }
    const made = await act(card, t("me-module-failed"), () => uploadModule(mine.id, mine.token, file.files[0]));
    if (made) {
      say(card, t("me-module-taken", { version: made.version }));
      file.value = '';
      refresh();
    }
  });
  upload.hidden = true;
  const remove = el('button', { type: 'button', class: 'danger my-delete', text: t("me-delete") });
  remove.addEventListener('click', async () => {
    if (!window.confirm(t("me-delete-confirm", { name: mine.name }))) return;
    const done = await act(card, t("me-delete-failed"), () => api('DELETE', `/bots/${mine.id}`, { token: mine.token }).then(() => true));
    if (done) {
      forgetBot(mine.id);
      card.remove();
      pageStatus.textContent = t("me-deleted", { name: mine.name });
      showEmpty();
    }
  });
  const forget = el('button', { type: 'button', class: 'my-forget', text: t("me-forget") });
  forget.addEventListener('click', () => {
    if (!window.confirm(t("me-forget-confirm", { name: mine.name }))) return;
    forgetBot(mine.id);
    card.remove();
    pageStatus.textContent = t("me-forgotten", { name: mine.name });
    showEmpty();
  });
  const actions = el('div', { class: 'my-actions' },
    el('h3', { text: t("me-practice") }),
    practiceForm(mine, card),
    el('h3', { text: t("me-on-ladder") }),
    el('p', {}, pause, ' ', el('span', { class: 'hint', text: t("me-pause-hint") })),
    sizesForm(mine, card),
    el('p', { class: 'hint', text: t("me-sizes-advice") }),
    el('h3', { text: t("me-program") }),
    version, move, upload,
    el('p', {}, remove, ' ', forget, ' ', el('span', { class: 'hint', text: t("me-forget-hint") })));
  card.append(title, dl, message, actions);
  return card;
}

/** Fills `card`'s facts from `bot` (GET /api/bots/{id}) and `rank`. */
function draw(card, bot, rank) {
  card.dataset.status = bot.status;
  card.dataset.reason = bot.status_reason || '';
  card.dataset.rated = bot.rating ? '1' : '0';
  const dl = card.querySelector('dl.facts');
  dl.replaceChildren(...facts(bot, rank).flatMap(([label, text, cls]) => [el('dt', { text: label }), el('dd', { class: `fact-${cls}`, text })]));
  // A module bot changes its program by an upload; the others by a URL.
  card.querySelector('form.my-module').hidden = bot.kind !== 'module';
  card.querySelector('form.my-url').hidden = bot.kind === 'module';
  card.querySelector('form.my-version').hidden = bot.kind === 'module';
  // The boxes follow the bot, unless its owner is ticking them.
  const sizes = card.querySelector('form.my-sizes');
  if (sizes && sizes.dataset.edited !== '1' && bot.ladder_players) {
    for (const box of sizes.querySelectorAll('input[name="ladder_players"]')) box.checked = bot.ladder_players.includes(Number(box.value));
  }
  const pause = card.querySelector('button.my-pause');
  const paused = bot.status_reason === 'owner';
  pause.dataset.action = paused ? 'resume' : 'pause';
  pause.textContent = paused ? t("me-resume") : t("me-pause");
}

function showEmpty() {
  document.getElementById('me-empty').hidden = myBots().length > 0;
}

/** Reads every kept bot and its game's leaderboard again, and redraws their facts. */
async function refresh() {
  const kept = myBots();
  const boards = new Map();
  for (const game of new Set(kept.map((b) => b.game))) {
    try {
      boards.set(game, (await api('GET', `/leaderboard?game=${encodeURIComponent(game)}`)).rows);
    } catch {
      boards.set(game, []);
    }
  }
  for (const mine of kept) {
    const card = list.querySelector(`article[data-bot-id="${CSS.escape(mine.id)}"]`);
    if (!card) continue;
    try {
      const bot = await api('GET', `/bots/${encodeURIComponent(mine.id)}`);
      const rows = boards.get(mine.game) || [];
      const at = rows.findIndex((row) => row.bot_id === mine.id);
      draw(card, bot, at < 0 ? null : { place: at + 1, of: rows.length });
    } catch (error) {
      if (error.status === 404) {
        card.dataset.status = 'removed';
        card.querySelector('dl.facts').replaceChildren(el('dt', { text: t("me-fact-status") }),
          el('dd', { class: 'fact-status', text: t("me-status-removed") }));
      } else {
        say(card, t("me-read-failed", { why: inWords(error) }), true);
      }
    }
  }
  refreshes += 1;
  list.dataset.refreshed = String(refreshes);
}

/** The kinds of the API's refusal of an id and a token that say what to check (me-add-refused). */
const ADD_REFUSALS = ['unauthorized', 'forbidden', 'not_found'];

/** The form that adds a bot registered elsewhere: GET /api/bots/{id}/owner with its token. */
function wireAddForm() {
  const form = document.getElementById('me-add');
  const id = document.getElementById('add-id');
  const token = document.getElementById('add-token');
  const button = document.getElementById('add-bot');
  const message = document.getElementById('add-message');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const given = { id: id.value.trim(), token: token.value.trim() };
    if (!given.id || !given.token) {
      message.className = 'error';
      message.textContent = t("me-add-missing");
      return;
    }
    button.disabled = true;
    message.className = '';
    message.textContent = t("me-checking");
    try {
      const bot = await api('GET', `/bots/${encodeURIComponent(given.id)}/owner`, { token: given.token });
      const known = myBots().some((b) => b.id === bot.id);
      keepBot({ id: bot.id, name: bot.name, game: bot.game, token: given.token });
      list.querySelector(`article[data-bot-id="${CSS.escape(bot.id)}"]`)?.remove();
      list.append(botCard({ id: bot.id, name: bot.name, game: bot.game, token: given.token }));
      showEmpty();
      message.textContent = known ? t("me-add-known", { name: bot.name }) : t("me-added", { name: bot.name });
      id.value = '';
      token.value = '';
      refresh();
    } catch (error) {
      const refused = error instanceof ApiFailure && ADD_REFUSALS.includes(error.kind);
      message.className = 'error';
      message.textContent = refused
        ? t("me-add-refused", { kind: error.kind, detail: error.message })
        : t("me-add-failed", { why: inWords(error) });
    } finally {
      button.disabled = false;
    }
  });
}

async function start() {
  wireAddForm();
  try {
    games = new Map((await api('GET', '/games')).map((g) => [g.id, g]));
  } catch (error) {
    pageStatus.textContent = t("me-games-failed", { why: inWords(error) });
  }
  document.getElementById('me-loading').hidden = true;
  list.replaceChildren(...myBots().map(botCard));
  showEmpty();
  await refresh();
  window.setInterval(refresh, REFRESH_MS);
}

start();
