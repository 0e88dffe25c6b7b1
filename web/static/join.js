// /join: registers a bot through POST /api/bots (and uploads a module bot's module), then shows
// its token and secret once, with the lines of the kit's settings file (.cardarena) and the
// kits' commands filled in, and keeps its token for /me (mybots.js). A secret or a token is never
// put on a command line, where the shell's history and the process list would show it.

import { api, inWords, keepBot, uploadModule } from '/static/mybots.js';
import { t, tParts } from '/static/l10n.js';

const form = document.getElementById('join');
const errorLine = document.getElementById('join-error');
const urlLabel = document.getElementById('url-label');
const urlInput = document.getElementById('url');
const moduleLabel = document.getElementById('module-label');
const moduleInput = document.getElementById('module');

/** The chosen way of reaching the bot: 'url', 'connect' or 'module'. */
function mode() {
  return form.querySelector('input[name=mode]:checked').value;
}

function showMode() {
  urlLabel.hidden = mode() !== 'url';
  moduleLabel.hidden = mode() !== 'module';
}
form.querySelectorAll('input[name=mode]').forEach((radio) => radio.addEventListener('change', showMode));
showMode();

/** The environment a kit in HTTP mode needs to listen where `url` points, and a note. */
function listenAt(url) {
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  const env = [];
  if (!local) env.push('HOST=0.0.0.0');
  if (port !== '9000') env.push(`PORT=${port}`);
  const notes = [];
  if (!local) notes.push(t("join-note-host"));
  if (parsed.protocol === 'https:') notes.push(t("join-note-https"));
  return { env, note: notes.join(' ') };
}

/** Where docs/writing-a-bot.md copies a kit to (and join.html says so). */
const KIT_COPY = '~/my-bot';

/** What to start `bot` with, as registration answered it: the lines of the kit's settings file
 * and what the kit reads there, both kits' commands and a note. */
function startWith(bot) {
  if (bot.connect) {
    return {
      file: `CARDARENA_SERVER=${window.location.origin}\nCARDARENA_BOT_ID=${bot.id}\nCARDARENA_TOKEN=${bot.token}`,
      reads: t("join-reads-connect"),
      python: `cd ${KIT_COPY}\npython3 bot.py --connect`,
      js: `cd ${KIT_COPY}\nnode bot.js --connect`,
      note: t("join-note-connect"),
    };
  }
  const { env, note } = listenAt(bot.url);
  const prefix = env.length ? `${env.join(' ')} ` : '';
  return {
    file: `CARDARENA_SECRET=${bot.secret}`,
    reads: t("join-reads-secret"),
    python: `cd ${KIT_COPY}\n${prefix}python3 bot.py`,
    js: `cd ${KIT_COPY}\n${prefix}node bot.js`,
    // The notes on where the kit listens are sentences of their own, after this one.
    note: [t("join-note-url", { url: bot.url }), note].filter(Boolean).join(' '),
  };
}

/** Shows `bot` registered; `uploaded` is its module's version, or the error of its upload. */
function show(bot, uploaded) {
  const page = `/bots/${encodeURIComponent(bot.id)}`;
  const name = document.getElementById('joined-name');
  name.textContent = bot.name;
  name.href = page;
  document.getElementById('bot-page').href = page;
  document.getElementById('token').textContent = bot.token;
  document.getElementById('secret').textContent = bot.secret;
  const http = !bot.connect && !bot.wasm;
  if (!http) {
    // Only a bot called at a URL uses its secret: it waits, folded, for a URL the bot may get.
    document.getElementById('once').textContent = t("join-once-token");
    const mybots = Object.assign(document.createElement('a'), { href: '/me', textContent: t("join-my-bots") });
    document.getElementById('kept').replaceChildren(...tParts("join-kept-token", { mybots }));
    document.getElementById('token-hint').textContent = bot.connect
      ? t("join-token-hint-connect")
      : t("join-token-hint-module");
    document.getElementById('secret-later-list').append(document.getElementById('secret-row'));
    document.getElementById('secret-later').hidden = false;
  }
  const note = document.getElementById('run-note');
  if (bot.wasm) {
    document.getElementById('commands').hidden = true;
    document.getElementById('run-title').textContent = t("join-run-module");
    note.textContent = uploaded instanceof Error
      ? t("join-module-refused", { why: inWords(uploaded) })
      : t("join-module-runs", { version: uploaded.version });
    note.className = uploaded instanceof Error ? 'error' : '';
  } else {
    const run = startWith(bot);
    document.getElementById('file-reads').textContent = run.reads;
    document.getElementById('run-file').textContent = run.file;
    document.getElementById('run-python').textContent = run.python;
    document.getElementById('run-js').textContent = run.js;
    note.textContent = run.note;
  }
  const joined = document.getElementById('joined');
  joined.hidden = false;
  form.hidden = true;
  joined.querySelector('h2').scrollIntoView();
}

/** The table sizes' boxes of the chosen game, every one ticked. */
function drawSizes() {
  const option = document.getElementById('game').selectedOptions[0];
  const boxes = document.getElementById('sizes');
  boxes.replaceChildren(...option.dataset.sizes.split(' ').map((n) => {
    const box = Object.assign(document.createElement('input'), { type: 'checkbox', value: n, checked: true });
    const label = document.createElement('label');
    label.append(box, ' ', t("join-seats", { count: Number(n) }));
    return label;
  }));
}

document.getElementById('game').addEventListener('change', drawSizes);
drawSizes();

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  errorLine.textContent = '';
  const name = document.getElementById('name').value.trim();
  const game = document.getElementById('game').value;
  const body = { name, game };
  const boxes = [...document.querySelectorAll('#sizes input')];
  const ticked = boxes.filter((box) => box.checked).map((box) => Number(box.value));
  if (!ticked.length) {
    errorLine.textContent = t("join-tick-size");
    errorLine.scrollIntoView({ block: 'nearest' });
    return;
  }
  if (ticked.length < boxes.length) body.ladder_players = ticked;
  if (mode() === 'url') {
    const url = urlInput.value.trim();
    if (!url) {
      errorLine.textContent = t("join-need-url");
      errorLine.scrollIntoView({ block: 'nearest' });
      urlInput.focus();
      return;
    }
    body.url = url;
  } else if (mode() === 'connect') {
    body.connect = true;
  } else {
    if (!moduleInput.files.length) {
      errorLine.textContent = t("join-need-module");
      errorLine.scrollIntoView({ block: 'nearest' });
      moduleInput.focus();
      return;
    }
    body.wasm = true;
  }
  const button = document.getElementById('register');
  button.disabled = true;
  try {
    const bot = await api('POST', '/bots', { body });
    keepBot(bot);
    let uploaded = null;
    if (bot.wasm) uploaded = await uploadModule(bot.id, bot.token, moduleInput.files[0]).catch((e) => e);
    show(bot, uploaded);
  } catch (error) {
    errorLine.textContent = t("join-not-registered", { why: inWords(error) });
    errorLine.scrollIntoView({ block: 'nearest' });
  } finally {
    button.disabled = false;
  }
});

document.getElementById('joined').addEventListener('click', async (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  const text = document.getElementById(button.dataset.copy).textContent;
  const status = document.getElementById('copy-status');
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = t("join-copied");
  } catch {
    // No clipboard (an insecure origin, say): select the text for the person to copy.
    const range = document.createRange();
    range.selectNodeContents(document.getElementById(button.dataset.copy));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    status.textContent = t("join-selected");
  }
});
