// The pictures of a player's guide (/rules/<game>): each <figure data-picture> holds a small
// table, {caption, names, eye, table} with `table` a snapshot (docs/tables.md), drawn here by the
// card table module and the game's renderer, exactly as the match page draws a step.
import { drawTable, el } from "/static/table.js";

/** Draws one figure; on failure it says so in the figure (and the console says why). */
async function draw(figure) {
  const root = figure.querySelector(".card-table");
  try {
    const picture = JSON.parse(figure.dataset.picture);
    const renderer = await import("/static/games/" + figure.dataset.game + ".js");
    const eye = picture.eye === undefined ? null : picture.eye;
    drawTable(root, picture.table, { renderer, names: picture.names, eye });
    figure.dataset.drawn = "true";
  } catch (error) {
    console.error("a picture cannot be drawn:", error);
    root.replaceChildren(el("p", "note", "This picture cannot be drawn."));
    figure.dataset.drawn = "failed";
  }
}

for (const figure of document.querySelectorAll("figure.rules-picture")) draw(figure);
