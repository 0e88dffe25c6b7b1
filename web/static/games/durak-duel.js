// durak-duel's table: durak's layout for two (docs/tables.md), rounds instead of turns, and the
// seat that started the round.
export { badges, centre, facts, own } from "/static/games/durak.js";

/** What "next trick" is called in this game. */
export const TRICK = "Round";
