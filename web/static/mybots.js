// The bots this browser owns, and the API calls made for them: shared by /join and /me.
//
// The browser keeps, per bot, its id, name, game and owner's token in localStorage under
// STORE_KEY. The token is sent only to this server's API (a relative URL, so the same origin),
// as a bearer token, and only on the calls that need it; the bot's secret is never kept.

import { locale, t } from '/static/l10n.js';

const STORE_KEY = 'cardarena.my-bots';

/** The bots kept, in the order they were added: [{id, name, game, token}]. */
export function myBots() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || '[]');
    return Array.isArray(list) ? list.filter((b) => b && typeof b.id === 'string' && typeof b.token === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps `bot` ({id, name, game, token}), replacing a bot of the same id. */
export function keepBot(bot) {
  const list = myBots().filter((b) => b.id !== bot.id);
  list.push({ id: bot.id, name: bot.name, game: bot.game, token: bot.token });
  localStorage.setItem(STORE_KEY, JSON.stringify(list));
}

/** Forgets the bot of id `id`: its token leaves this browser. */
export function forgetBot(id) {
  localStorage.setItem(STORE_KEY, JSON.stringify(myBots().filter((b) => b.id !== id)));
}

/** An error answer of the API: its status, its kind and a sentence for people. */
export class ApiFailure extends Error {
  constructor(status, kind, detail) {
    super(detail);
    this.status = status;
    this.kind = kind;
  }
}

/** What went wrong, in words: the API's own detail as a sentence, with a hint for the kinds a
 * person meets. */
export function inWords(error) {
  if (!(error instanceof ApiFailure)) return String(error && error.message ? error.message : error);
  const phrase = error.message.replace(/\.$/, '');
  const detail = phrase.charAt(0).toLocaleUpperCase(locale) + phrase.slice(1);
  return t("mybots-failure", { kind: error.kind, detail });
}

/** The page's language, for the API's words: the API is called without cookies. */
const LANGUAGE = { 'accept-language': locale };

/** Uploads `file` (a File or Blob of a WebAssembly module) as bot `id`'s module: its new version. */
export function uploadModule(id, token, file) {
  return api('PUT', `/bots/${encodeURIComponent(id)}/module`, { token, module: file });
}

/**
 * Calls this server's API: `method` on `/api` + `path`, with `body` as JSON (or the bytes of
 * `module` as application/wasm) and the owner's `token` as a bearer token when given. Resolves to the answer's JSON (null for 204); rejects with
 * an ApiFailure carrying the API's error in words.
 */
export async function api(method, path, { token, body, module } = {}) {
  const headers = { accept: 'application/json', ...LANGUAGE };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (module !== undefined) headers['content-type'] = 'application/wasm';
  let sent;
  if (module !== undefined) sent = module;
  else if (body !== undefined) sent = JSON.stringify(body);
  let response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: sent,
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (e) {
    throw new ApiFailure(0, 'network', t("mybots-unreachable", { why: e.message }));
  }
  if (response.status === 204) return null;
  let json = null;
  try {
    json = await response.json();
  } catch {
    json = null;
  }
  if (!response.ok) {
    const detail = json && typeof json.detail === 'string' ? json.detail : t("mybots-http-status", { status: response.status });
    throw new ApiFailure(response.status, json && json.error ? json.error : 'http', detail);
  }
  return json;
}
