// The page's words for its scripts: the catalog of the page's language (the server links it as
// <html data-messages>, content-hashed so it is cached for a year), loaded once by whichever
// module imports this first, and rendered with fluent.js. A page whose catalog cannot be fetched
// shows the messages' ids rather than failing.

import { catalog, format, parts } from "/static/fluent.js";

async function load() {
  const url = document.documentElement.dataset.messages;
  try {
    const response = await fetch(url);
    if (response.ok) return catalog(await response.json());
  } catch (e) {
    console.error("the page's words could not be loaded", e);
  }
  return catalog({ locale: document.documentElement.lang || "en", messages: {} });
}

const page = await load();

/** The page's language tag ("ru"). */
export const locale = page.locale;

/** Message `id` with `args` as text. */
export function t(id, args) {
  return format(page, id, args);
}

/** Message `id` with `args` as parts: text, and the object arguments as they were given. */
export function tParts(id, args) {
  return parts(page, id, args);
}
