// The live leaderboard: every 2 s, each table.leaderboard[data-game] is redrawn from
// /api/leaderboard?game=<id>. Cells are filled with textContent, so a bot's name is never
// parsed as HTML. After each redraw the table's data-refreshed counts up and #updated shows
// the time; when the server cannot be reached the table is marked stale and kept. Its words are
// the page's: the empty table's line in data-empty, the time and the numbers in the page's
// language (<html lang>), as the server wrote them (web/src/pages/format.rs: "25.17", ru "25,17").
"use strict";
(function () {
  var PERIOD_MS = 2000;
  var LANG = document.documentElement.lang || "en";
  var TWO_PLACES = new Intl.NumberFormat(LANG, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  // Two decimals as the page's language writes them, rounded half away from zero from the value
  // times 100, as format::decimal on the server.
  function decimal2(x) {
    x = Number(x);
    var units = Math.round(Math.abs(x) * 100);
    if (!isFinite(units)) return String(x);
    return TWO_PLACES.format((x < 0 && units !== 0 ? -units : units) / 100);
  }

  // A cell; `optional` ones (μ, σ, wins) are left out on a phone (style.css, .opt).
  function cell(row, text, numeric, optional) {
    var td = document.createElement("td");
    if (numeric) td.className = optional ? "num opt" : "num";
    td.textContent = text;
    row.appendChild(td);
    return td;
  }

  function redraw(table, rows) {
    var body = document.createElement("tbody");
    rows.forEach(function (r, i) {
      var tr = document.createElement("tr");
      cell(tr, String(i + 1), true);
      var link = document.createElement("a");
      link.href = "/bots/" + encodeURIComponent(r.bot_id);
      link.textContent = r.name;
      var who = cell(tr, "");
      who.className = "bot";
      who.appendChild(link);
      cell(tr, decimal2(r.rating), true);
      cell(tr, decimal2(r.mu), true, true);
      cell(tr, decimal2(r.sigma), true, true);
      cell(tr, String(r.matches), true);
      cell(tr, String(r.wins), true, true);
      cell(tr, r.recent_faults + "/" + r.recent_matches, true);
      body.appendChild(tr);
    });
    if (rows.length === 0) {
      var empty = document.createElement("tr");
      empty.className = "empty";
      cell(empty, table.dataset.empty).colSpan = 8;
      body.appendChild(empty);
    }
    table.replaceChild(body, table.tBodies[0]);
    table.classList.remove("stale");
    table.dataset.refreshed = String(Number(table.dataset.refreshed || 0) + 1);
    var updated = document.getElementById("updated");
    if (updated) updated.textContent = new Date().toLocaleTimeString(LANG);
  }

  function refresh(table) {
    fetch("/api/leaderboard?game=" + encodeURIComponent(table.dataset.game), {
      headers: { Accept: "application/json" },
      cache: "no-store",
    })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (board) { redraw(table, board.rows); })
      .catch(function () { table.classList.add("stale"); })
      .then(function () { setTimeout(refresh, PERIOD_MS, table); });
  }

  document.querySelectorAll("table.leaderboard[data-game]").forEach(function (table) {
    setTimeout(refresh, PERIOD_MS, table);
  });
})();
