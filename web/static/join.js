// /join: registers a bot through POST /api/bots (and uploads a module bot's module), then shows
// its token and secret once, with the lines of the kit's settings file (.cardarena) and the
// kits' commands filled in, and keeps its token for /me (mybots.js). A secret or a token is never
// put on a command line, where the shell's history and the process list would show it.

import { api, inWords, keepBot, uploadModule } from '/static/mybots.js';

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
  if (!local) notes.push('HOST=0.0.0.0 makes the kit listen on every interface, so that the server can reach it.');
  if (parsed.protocol === 'https:') notes.push('The kits speak plain HTTP: put yours behind a proxy that serves HTTPS at this URL and passes requests to the port.');
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
      reads: 'the kit reads the server\'s address, the bot\'s id and its token from it, which keeps the token out of your shell\'s history and the process list.',
      python: `cd ${KIT_COPY}\npython3 bot.py --connect`,
      js: `cd ${KIT_COPY}\nnode bot.js --connect`,
      note: 'Your bot dials out: it connects to this server with its id and token, so it needs no open port, and nothing it is sent is signed.',
    };
  }
  const { env, note } = listenAt(bot.url);
  const prefix = env.length ? `${env.join(' ')} ` : '';
  return {
    file: `CARDARENA_SECRET=${bot.secret}`,
    reads: 'the kit reads its secret from it, which keeps the secret out of your shell\'s history and the process list.',
    python: `cd ${KIT_COPY}\n${prefix}python3 bot.py`,
    js: `cd ${KIT_COPY}\n${prefix}node bot.js`,
    note: `The server calls your bot at ${bot.url}. Restart your bot once .cardarena holds its secret (or start it, if it is not running yet): with the secret it checks that requests come from this server; without it, it answers anyone's. ${note}`.trim(),
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
    document.getElementById('once').textContent = 'Copy the token now: it is shown this once.';
    document.getElementById('kept').textContent = 'The server keeps only its hash. This browser keeps it for';
    document.getElementById('token-hint').textContent = bot.connect
      ? 'yours and your bot\'s: it manages the bot, and your bot connects with it'
      : 'yours: it manages the bot and uploads its new modules';
    document.getElementById('secret-later-list').append(document.getElementById('secret-row'));
    document.getElementById('secret-later').hidden = false;
  }
  const note = document.getElementById('run-note');
  if (bot.wasm) {
    document.getElementById('commands').hidden = true;
    document.getElementById('run-title').textContent = 'Your module';
    note.textContent = uploaded instanceof Error
      ? `The bot is registered, but its module was not taken: ${inWords(uploaded)} Upload it again from My bots.`
      : `The server runs your module (version ${uploaded.version}): there is nothing to start. Each new module you upload from My bots is a new version.`;
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
    label.append(box, ` ${n} seats`);
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
    errorLine.textContent = 'Tick at least one table size: the ladder seats your bot only at the sizes ticked.';
    errorLine.scrollIntoView({ block: 'nearest' });
    return;
  }
  if (ticked.length < boxes.length) body.ladder_players = ticked;
  if (mode() === 'url') {
    const url = urlInput.value.trim();
    if (!url) {
      errorLine.textContent = 'Give the URL where the server can call your bot, or choose "my bot dials out".';
      errorLine.scrollIntoView({ block: 'nearest' });
      urlInput.focus();
      return;
    }
    body.url = url;
  } else if (mode() === 'connect') {
    body.connect = true;
  } else {
    if (!moduleInput.files.length) {
      errorLine.textContent = 'Choose your bot\'s module: the .wasm file your kit\'s build-wasm.sh made.';
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
    errorLine.textContent = `Not registered: ${inWords(error)}`;
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
    status.textContent = 'Copied.';
  } catch {
    // No clipboard (an insecure origin, say): select the text for the person to copy.
    const range = document.createRange();
    range.selectNodeContents(document.getElementById(button.dataset.copy));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
});
