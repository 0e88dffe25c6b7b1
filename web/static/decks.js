// Which deck a game's cards are drawn and named with: prší with the German-suited (Czech,
// "mariášové") deck unless the viewer chose the French one, every other game with the French
// deck. The page says the viewer's choice on <html data-deck-prsi> ("german" or "french").
// In the German deck the French suits stand for: hearts (S♥ → červené), spades → leaves
// (zelené), diamonds → bells (kule), clubs → acorns (žaludy); jack → under (spodek),
// queen → over (svršek). The JSON a bot sees keeps the French codes.

/** The games that have both decks, each with its usual one. */
const BOTH = { prsi: "german" };

/** The deck style ("german" or "french") `game`'s cards are shown with on this page. */
export function deckStyle(game) {
  if (!(game in BOTH)) return "french";
  const chosen = typeof document === "undefined" ? undefined : document.documentElement.dataset["deck" + capital(game)];
  return chosen === "french" || chosen === "german" ? chosen : BOTH[game];
}

function capital(word) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
