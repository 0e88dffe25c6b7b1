// /me: the bots whose tokens this browser keeps (mybots.js), each with its status and why, its
// recent faults, rating and rank, refreshed every few seconds from the API, and the owner's
// buttons: practice, pause and resume, the table sizes it plays on the ladder, a new version, a
// new URL, delete, forget. A bot registered
// elsewhere is added by its id and token, kept only once the API says the token is the bot's.

import { ApiFailure, api, forgetBot, inWords, keepBot, myBots, uploadModule } from '/static/mybots.js';

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
  if (bot.status === 'active') return 'active: it plays on the ladder';
  const why = {
    unchecked: 'waiting for it to answer the server\'s ping',
    faults: 'paused for faults (on probation)',
    owner: 'paused by you',
    organiser: 'paused by the organiser',
    disqualified: 'disqualified by the organiser',
  };
  return why[bot.status_reason] || `paused (${bot.status_reason})`;
}

/** The bot's facts as [label, text, class] rows. */
function facts(bot, rank) {
  const rows = [['Status', statusWords(bot), 'status']];
  if (bot.status_detail) rows.push(['Why', bot.status_detail, 'why']);
  const faults = `${bot.recent_faults} of its last ${bot.recent_matches} ladder and tournament matches`;
  rows.push(['Recent faults', faults, 'faults']);
  const last = bot.probation && bot.probation.last;
  if (last && last.fault_kind) rows.push(['Last probation', `${last.result}: ${last.fault_kind} (${last.fault_detail})`, 'probation']);
  const rating = bot.rating
    ? `${bot.rating.rating.toFixed(2)} (μ ${bot.rating.mu.toFixed(2)}, σ ${bot.rating.sigma.toFixed(2)}), ${bot.rating.matches} rated matches`
    : 'none yet: it gets one from its first rated ladder match';
  rows.push(['Rating', rating, 'rating']);
  if (rank) rows.push(['Rank', `${rank.place} of ${rank.of} on the ${bot.game} leaderboard`, 'rank']);
  rows.push(['Program', programWords(bot), 'program']);
  const game = games.get(bot.game);
  if (game && bot.ladder_players) rows.push(['Table sizes', sizesSentence(bot.ladder_players, game), 'sizes']);
  return rows;
}

/** Every table size `game` (GET /api/games) seats, fewest first. */
function sizesOf(game) {
  const counts = [];
  for (let n = game.players.min; n <= game.players.max; n += game.players.step) counts.push(n);
  return counts;
}

/** Numbers in words: "2", "2 and 3", "2, 3 and 4". */
function listWords(numbers) {
  if (numbers.length < 2) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** The table sizes a bot plays on the ladder as a sentence, as its page says them. */
function sizesSentence(sizes, game) {
  const all = sizesOf(game);
  const every = all.length === sizes.length && all.every((n, i) => n === sizes[i]);
  if (every && sizes.length === 1) return `Plays the ladder at ${sizes[0]} seats, the only size ${game.id} seats.`;
  if (every) return `Plays the ladder at ${listWords(sizes)} seats: every size ${game.id} seats.`;
  if (sizes.length === 1) return `Plays the ladder at ${sizes[0]} seats only.`;
  return `Plays the ladder at ${listWords(sizes)} seats.`;
}

/** Where the bot's current version runs, in words. */
function programWords(bot) {
  if (bot.kind === 'module') {
    return bot.module
      ? `version ${bot.version}, the module ${bot.module.slice(0, 12)}… run by the server`
      : 'no module uploaded yet: upload one below';
  }
  return bot.url ? `version ${bot.version}, at ${bot.url}` : `version ${bot.version}, dials out`;
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
  const size = el('select', { name: 'players' }, ...counts.map((n) => el('option', { value: String(n), text: `${n} players` })));
  const seats = el('span', { class: 'opponents' });
  const drawSeats = () => {
    seats.replaceChildren();
    for (let i = 1; i < Number(size.value); i += 1) {
      const pick = el('select', { name: 'opponent', 'aria-label': `Opponent ${i}` },
        ...houses.map((h) => el('option', { value: h, text: h })));
      pick.selectedIndex = (i - 1) % Math.max(houses.length, 1);
      seats.append(el('label', {}, `Opponent ${i}`, pick));
    }
  };
  size.addEventListener('change', drawSeats);
  drawSeats();
  const matches = el('input', { type: 'number', name: 'matches', min: '1', max: '100', value: '3', inputmode: 'numeric' });
  return actionForm('my-practice', 'Start practice', [
    el('label', {}, 'Table', size), seats, el('label', {}, 'Matches', matches),
  ], async () => {
    const opponents = Array.from(seats.querySelectorAll('select'), (s) => s.value);
    const answer = await act(card, `Practice not started`, () => api('POST', `/bots/${mine.id}/practice`, {
      token: mine.token, body: { matches: Number(matches.value), opponents },
    }));
    if (!answer) return;
    const links = answer.match_ids.map((id, i) => el('a', { href: `/matches/${id}`, text: `match ${i + 1}` }));
    const line = el('span', {}, `${answer.match_ids.length} practice matches queued (unrated): `);
    links.forEach((link, i) => line.append(i ? ', ' : '', link));
    say(card, line);
  });
}

/** The table sizes form: a box per size the game seats, ticked where the bot plays the ladder. */
function sizesForm(mine, card) {
  const game = games.get(mine.game);
  const counts = game ? sizesOf(game) : [];
  const boxes = counts.map((n) => el('input', { type: 'checkbox', name: 'ladder_players', value: String(n) }));
  const legend = el('legend', { text: 'Table sizes it plays on the ladder' });
  const fieldset = el('fieldset', {}, legend, ...boxes.map((box, i) => el('label', {}, box, `${counts[i]} seats`)));
  const form = actionForm('my-sizes', 'Keep these sizes', [fieldset], async () => {
    const chosen = boxes.filter((box) => box.checked).map((box) => Number(box.value));
    if (!chosen.length) {
      say(card, 'Tick at least one table size: the ladder seats the bot only at the sizes ticked.', true);
      return;
    }
    const bot = await act(card, 'Table sizes not changed', () => api('PATCH', `/bots/${mine.id}`, {
      token: mine.token, body: { ladder_players: chosen },
    }));
    if (bot) {
      form.dataset.edited = '';
      say(card, `${sizesSentence(bot.ladder_players, game)} The ladder seats it only there from now on.`);
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
    say(card, `${failed}: ${inWords(error)}`, true);
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
  const pause = el('button', { type: 'button', class: 'my-pause', text: 'Pause' });
  pause.addEventListener('click', async () => {
    const active = pause.dataset.action === 'resume';
    const bot = await act(card, active ? 'Not resumed' : 'Not paused',
      () => api('PATCH', `/bots/${mine.id}`, { token: mine.token, body: { active } }));
    if (bot) {
      say(card, active ? 'Resumed: the server pings it, and it plays once it answers.' : 'Paused: the ladder seats it no more until you resume it.');
      draw(card, bot, null);
      refresh();
    }
  });
  const note = el('input', { name: 'note', maxlength: '200', placeholder: 'what changed (optional)' });
  const version = actionForm('my-version', 'New version', [el('label', {}, 'Note', note)], async () => {
    const made = await act(card, 'No new version', () => api('POST', `/bots/${mine.id}/versions`, {
      token: mine.token, body: note.value.trim() ? { note: note.value.trim() } : {},
    }));
    if (made) {
      say(card, `Version ${made.version} started: its rating carries over with a wider uncertainty.`);
      note.value = '';
      refresh();
    }
  });
  const url = el('input', { name: 'url', type: 'url', inputmode: 'url', placeholder: 'http://…' });
  const move = actionForm('my-url', 'Use this URL', [el('label', {}, 'New URL', url)], async () => {
    const bot = await act(card, 'URL not changed', () => api('PATCH', `/bots/${mine.id}`, {
      token: mine.token, body: { url: url.value.trim() },
    }));
    if (bot) {
      say(card, `It now plays at ${bot.url} (version ${bot.version}), once it answers a ping.`);
      url.value = '';
      refresh();
    }
  });
  const file = el('input', { name: 'module', type: 'file', accept: '.wasm,application/wasm' });
  const upload = actionForm('my-module', 'Upload this module', [el('label', {}, 'New module', file)], async () => {
    if (!file.files.length) {
      say(card, 'Choose the .wasm file your kit\'s build-wasm.sh made.', true);
      return;
    }
    const made = await act(card, 'Module not taken', () => uploadModule(mine.id, mine.token, file.files[0]));
    if (made) {
      say(card, `Version ${made.version} runs this module: its rating carries over with a wider uncertainty.`);
      file.value = '';
      refresh();
    }
  });
  upload.hidden = true;
  const remove = el('button', { type: 'button', class: 'danger my-delete', text: 'Delete…' });
  remove.addEventListener('click', async () => {
    if (!window.confirm(`Delete ${mine.name} for good? It plays no more and its name is never given again; its matches stay.`)) return;
    const done = await act(card, 'Not deleted', () => api('DELETE', `/bots/${mine.id}`, { token: mine.token }).then(() => true));
    if (done) {
      forgetBot(mine.id);
      card.remove();
      pageStatus.textContent = `${mine.name} is deleted.`;
      showEmpty();
    }
  });
  const forget = el('button', { type: 'button', class: 'my-forget', text: 'Forget' });
  forget.addEventListener('click', () => {
    if (!window.confirm(`Forget ${mine.name} in this browser? The bot goes on playing; without its token you cannot manage it from here again.`)) return;
    forgetBot(mine.id);
    card.remove();
    pageStatus.textContent = `${mine.name} is forgotten in this browser.`;
    showEmpty();
  });
  const actions = el('div', { class: 'my-actions' },
    el('h3', { text: 'Practice (unrated), against the house bots' }),
    practiceForm(mine, card),
    el('h3', { text: 'On the ladder' }),
    el('p', {}, pause, ' ', el('span', { class: 'hint', text: 'a paused bot plays no ladder match; practice still works' })),
    sizesForm(mine, card),
    el('p', { class: 'hint', text: 'A bot whose policy was trained at one table size should play the ladder at that size only: its observation (and in some games its actions) depends on the number of seats.' }),
    el('h3', { text: 'Its program' }),
    version, move, upload,
    el('p', {}, remove, ' ', forget, ' ', el('span', { class: 'hint', text: 'Forget drops the token from this browser; the bot goes on' })));
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
  pause.textContent = paused ? 'Resume' : 'Pause';
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
        card.querySelector('dl.facts').replaceChildren(el('dt', { text: 'Status' }),
          el('dd', { class: 'fact-status', text: 'removed: it plays no more (Forget drops it from this list)' }));
      } else {
        say(card, `Could not read it: ${inWords(error)}`, true);
      }
    }
  }
  refreshes += 1;
  list.dataset.refreshed = String(refreshes);
}

/** What to check when the API refuses an id and a token, by the kind of its refusal. */
const ADD_HINTS = {
  unauthorized: 'Check the token: the one its registration showed, copied whole.',
  forbidden: 'This token is another bot\'s: check the id.',
  not_found: 'Check the id: it is in its registration\'s answer and at the end of its page\'s address.',
};

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
      message.textContent = 'Not added: give both the bot\'s id and its token.';
      return;
    }
    button.disabled = true;
    message.className = '';
    message.textContent = 'Checking…';
    try {
      const bot = await api('GET', `/bots/${encodeURIComponent(given.id)}/owner`, { token: given.token });
      const known = myBots().some((b) => b.id === bot.id);
      keepBot({ id: bot.id, name: bot.name, game: bot.game, token: given.token });
      list.querySelector(`article[data-bot-id="${CSS.escape(bot.id)}"]`)?.remove();
      list.append(botCard({ id: bot.id, name: bot.name, game: bot.game, token: given.token }));
      showEmpty();
      message.textContent = known ? `${bot.name} was already here: its token is updated.` : `${bot.name} is added to your bots above.`;
      id.value = '';
      token.value = '';
      refresh();
    } catch (error) {
      const hint = error instanceof ApiFailure ? ADD_HINTS[error.kind] : null;
      message.className = 'error';
      message.textContent = hint ? `Not added: ${error.message}. ${hint}` : `Not added: ${inWords(error)}`;
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
    pageStatus.textContent = `The games could not be read: ${inWords(error)}`;
  }
  document.getElementById('me-loading').hidden = true;
  list.replaceChildren(...myBots().map(botCard));
  showEmpty();
  await refresh();
  window.setInterval(refresh, REFRESH_MS);
}

start();
