// The tables this browser sits at: each person seat's token (its secret) and game, kept in
// localStorage when the seat page opens, so that /play can list your open tables with a way
// back to each and a way to leave it. Nothing here goes anywhere but this server.

const KEY = "cardarena.tables";
/** The most seats remembered: the oldest is forgotten first. */
const MOST = 20;

/** The remembered seats, newest first: [{token, game, since}]. */
export function remembered() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.token === "string") : [];
  } catch {
    return [];
  }
}

function keep(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST)));
  } catch {
    // Storage full or refused (a private window): the list is only a convenience.
  }
}

/** Remembers seat `token` at a table of `game` (once). */
export function remember(token, game) {
  const list = remembered();
  if (list.some((t) => t.token === token)) return;
  keep([{ token, game, since: Date.now() }, ...list]);
}

/** Forgets seat `token` (its table is over, or no longer known). */
export function forget(token) {
  keep(remembered().filter((t) => t.token !== token));
}
