// The live tournament page: every 2 s, article.tournament[data-id] is brought up to date from
// /api/tournaments/<id>: the status, the current stage, the entries, the podium, and each
// stage's status, progress, podium, standings and head-to-head table. The markup and the number
// formats are those of web/templates/tournament.html and web/src/pages/tournaments.rs, which
// must change with this file. Every name is set with textContent, never parsed as HTML. After
// each redraw the article's data-refreshed counts up and #updated shows the time; when the server
// cannot be reached the article is marked stale and kept. Polling stops once the tournament is
// finished (after one refresh, so a page loaded just before the end still shows it). Its words
// are the page's (l10n.js), as the server's: the same messages with the same arguments.
import { t, tParts, locale } from "/static/l10n.js";

{
  var PERIOD_MS = 2000;

  // A tournament's or a stage's status, and a stage's kind, in words (format.rs).
  var STATUS = {
    open: t("tournaments-status-open"),
    pending: t("tournaments-status-pending"),
    running: t("tournaments-status-running"),
    finished: t("tournaments-status-finished"),
  };
  var KIND = {
    house: t("tournaments-kind-house"),
    gauntlet: t("tournaments-kind-gauntlet"),
    final: t("tournaments-kind-final"),
  };

  function statusText(status) {
    return STATUS[status] || status;
  }

  function kindText(kind) {
    return KIND[kind] || kind;
  }

  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  }

  function botLink(id, name) {
    var a = element("a", "", name);
    a.href = "/bots/" + encodeURIComponent(id);
    return a;
  }

  // Numbers with three decimals, and with up to three, as the page's language writes them
  // ("0.833", ru "0,833", cs "1 234,5"), as format::decimal and format::decimal_short in
  // web/src/pages/format.rs.
  var THREE_PLACES = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  var UP_TO_THREE = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });

  // `x` in `format`, rounded half away from zero from the value times 1000 as the server does
  // (so a live page prints the very digits the server did, ties included).
  function thousandths(x, format) {
    x = Number(x);
    var th = Math.round(Math.abs(x) * 1000);
    if (!isFinite(th)) return String(x);
    return format.format((x < 0 && th !== 0 ? -th : th) / 1000);
  }

  function fixed3(x) {
    return thousandths(x, THREE_PLACES);
  }

  function short3(x) {
    return thousandths(x, UP_TO_THREE);
  }

  function meanWithInterval(mean, ci95) {
    if (ci95 === null || ci95 === undefined) return fixed3(mean);
    return fixed3(mean) + " ± " + fixed3(ci95);
  }

  function currentStage(tour) {
    if (tour.current_stage === null || tour.current_stage === undefined) {
      return tour.status === "open" ? t("tournaments-current-open") : t("tournaments-current-none");
    }
    var kind = "?";
    tour.stages.forEach(function (s) { if (s.index === tour.current_stage) kind = s.kind; });
    return t("tournaments-current", {
      stage: tour.current_stage + 1, stages: tour.stages.length, kind: kindText(kind),
    });
  }

  function progress(c) {
    var total = c.queued + c.running + c.finished + c.failed + c.cancelled;
    if (total === 0) return { total: 0, text: t("tournaments-progress-none") };
    var text = t("tournaments-progress", { finished: c.finished, total: total });
    [[c.running, t("tournaments-progress-running", { count: c.running })],
      [c.queued, t("tournaments-progress-queued", { count: c.queued })],
      [c.failed, t("tournaments-progress-failed", { count: c.failed })],
      [c.cancelled, t("tournaments-progress-cancelled", { count: c.cancelled })],
    ].forEach(function (p) {
      if (p[0] > 0) text = t("tournaments-list", { first: text, rest: p[1] });
    });
    return { total: total, text: text };
  }

  // Parts of a message into `parent`: text as text nodes, the nodes given as arguments as they
  // are (each is used once).
  function appendParts(parent, parts) {
    parts.forEach(function (part) {
      parent.appendChild(typeof part === "string" ? document.createTextNode(part) : part);
    });
    return parent;
  }

  // "Winner: A (mean 0.833); second: B (0.700); third: C (0.400)" into `parent`, as the
  // server's podium lines (`podium` in web/src/pages/tournaments.rs).
  function podiumLine(parent, podium) {
    var places = podium.slice(0, 3).map(function (p, k) {
      var args = { bot: botLink(p.bot_id, p.name), mean: fixed3(p.mean) };
      var parts = k === 0 ? tParts("tournaments-first", args)
        : k === 1 ? tParts("tournaments-second", args) : tParts("tournaments-third", args);
      return appendParts(document.createDocumentFragment(), parts);
    });
    var line = places.length === 1 ? [places[0]]
      : places.length === 2
        ? tParts("tournaments-podium-two", { first: places[0], second: places[1] })
        : tParts("tournaments-podium-three", {
          first: places[0], second: places[1], third: places[2],
        });
    return appendParts(parent, line);
  }

  // A cell; `label` names it when a phone stacks the row into a card (style.css, table.stack).
  function cell(row, tag, className, text, label) {
    var c = element(tag, className, text);
    if (label) c.dataset.label = label;
    row.appendChild(c);
    return c;
  }

  // The bot's matches in this stage: the page the count of matches links to.
  function stageMatchesLink(tournamentId, stage, r) {
    var a = element("a", "bot-stage-matches", String(r.matches));
    a.href = "/bots/" + encodeURIComponent(r.bot_id) + "?tournament=" +
      encodeURIComponent(tournamentId) + "&stage=" + stage + "#matches";
    return a;
  }

  function standingsTable(rows, tournamentId, stage) {
    if (rows.length === 0) {
      return element("p", "note", t("tournaments-standings-none"));
    }
    var table = element("table", "standings stack");
    var head = element("tr");
    cell(head, "th", "num", "#");
    var words = {
      matches: t("tournaments-matches"), mean: t("tournaments-mean"),
      total: t("tournaments-total"), meanScore: t("tournaments-mean-score"),
      faults: t("tournaments-faults"),
    };
    cell(head, "th", "", t("tournaments-bot"));
    cell(head, "th", "num", words.matches);
    cell(head, "th", "num mean", words.mean);
    [words.total, words.meanScore, words.faults].forEach(function (h) {
      cell(head, "th", "num", h);
    });
    table.appendChild(element("thead")).appendChild(head);
    var body = table.appendChild(element("tbody"));
    rows.forEach(function (r) {
      var tr = body.appendChild(element("tr", r.skipped || r.disqualified ? "skipped" : ""));
      cell(tr, "td", "num", String(r.rank), t("tournaments-rank"));
      var who = cell(tr, "td", "key");
      who.appendChild(botLink(r.bot_id, r.name));
      if (r.skipped) {
        who.appendChild(document.createTextNode(" "));
        var mark = who.appendChild(element("span", "skip-mark", t("tournaments-skipped")));
        mark.title = t("tournaments-skipped-about");
      }
      if (r.disqualified) {
        who.appendChild(document.createTextNode(" "));
        var out = who.appendChild(
          element("span", "skip-mark disqualified-mark", t("tournaments-disqualified")));
        out.title = t("tournaments-disqualified-about");
      }
      cell(tr, "td", "num", undefined, words.matches)
        .appendChild(stageMatchesLink(tournamentId, stage, r));
      cell(tr, "td", "num mean", meanWithInterval(r.mean, r.ci95), words.mean);
      cell(tr, "td", "num", short3(r.total), words.total);
      cell(tr, "td", "num", short3(r.mean_score), words.meanScore);
      cell(tr, "td", "num", String(r.faults), words.faults);
    });
    return table;
  }

  // Rows and columns in the standings' order; cells "W–L–D", a dash on the diagonal, a dot
  // where the two never met.
  function headToHeadTable(rows, h2h) {
    if (rows.length === 0) return element("p", "note", t("tournaments-h2h-none"));
    var table = element("table", "h2h stack");
    var head = element("tr");
    cell(head, "th", "", t("tournaments-bot"));
    rows.forEach(function (c) {
      cell(head, "th", "num").appendChild(botLink(c.bot_id, c.name));
    });
    table.appendChild(element("thead")).appendChild(head);
    var body = table.appendChild(element("tbody"));
    rows.forEach(function (r) {
      var meetings = [];
      h2h.forEach(function (h) { if (h.bot_id === r.bot_id) meetings = h.against; });
      var tr = body.appendChild(element("tr"));
      cell(tr, "th", "key").appendChild(botLink(r.bot_id, r.name));
      rows.forEach(function (c) {
        var label = t("tournaments-against", { bot: c.name });
        if (c.bot_id === r.bot_id) {
          cell(tr, "td", "num self", "—", label);
          return;
        }
        var m = null;
        meetings.forEach(function (x) { if (x.bot_id === c.bot_id) m = x; });
        if (m) cell(tr, "td", "num", m.wins + "–" + m.losses + "–" + m.draws, label);
        else cell(tr, "td", "num none", "·", label);
      });
    });
    return table;
  }

  function replaceContent(container, child) {
    while (container.firstChild) container.removeChild(container.firstChild);
    container.appendChild(child);
  }

  function redrawStage(section, tour, s) {
    var status = section.querySelector(".stage-status");
    if (status) {
      status.className = "status stage-status status-" + s.status;
      status.textContent = statusText(s.status);
    }
    var p = progress(s.matches);
    var bar = section.querySelector("progress");
    if (bar) {
      bar.max = Math.max(p.total, 1);
      bar.value = s.matches.finished;
    }
    var text = section.querySelector(".progress-text");
    if (text) text.textContent = p.text;
    var podium = section.querySelector("div.podium");
    if (podium) {
      while (podium.firstChild) podium.removeChild(podium.firstChild);
      if (s.podium.length > 0) podiumLine(podium.appendChild(element("p", "podium")), s.podium);
    }
    var standings = section.querySelector("div.standings");
    if (standings) replaceContent(standings, standingsTable(s.standings, tour.id, s.index));
    var h2h = section.querySelector("div.h2h");
    if (h2h) replaceContent(h2h, headToHeadTable(s.standings, s.head_to_head));
  }

  function redraw(article, tour) {
    article.dataset.status = tour.status;
    var status = document.getElementById("status");
    if (status) {
      status.className = "status status-" + tour.status;
      status.textContent = statusText(tour.status);
    }
    var current = document.getElementById("current-stage");
    if (current) current.textContent = currentStage(tour);
    var podium = document.getElementById("podium");
    if (podium) {
      while (podium.firstChild) podium.removeChild(podium.firstChild);
      if (tour.podium.length > 0) podiumLine(podium, tour.podium);
      else podium.textContent = t("tournaments-podium-later");
    }
    var entries = document.getElementById("entries");
    if (entries) {
      while (entries.firstChild) entries.removeChild(entries.firstChild);
      tour.entries.forEach(function (e, i) {
        if (i > 0) entries.appendChild(document.createTextNode(", "));
        entries.appendChild(botLink(e.bot_id, e.name));
      });
      if (tour.entries.length === 0) entries.textContent = t("tournaments-entries-none");
    }
    tour.stages.forEach(function (s) {
      var section = article.querySelector('section.stage[data-index="' + s.index + '"]');
      if (section) redrawStage(section, tour, s);
    });
    article.classList.remove("stale");
    article.dataset.refreshed = String(Number(article.dataset.refreshed || 0) + 1);
    var updated = document.getElementById("updated");
    if (updated) updated.textContent = new Date().toLocaleTimeString(locale);
  }

  function refresh(article) {
    var more = true;
    fetch("/api/tournaments/" + encodeURIComponent(article.dataset.id), {
      headers: { Accept: "application/json" },
      cache: "no-store",
    })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (tour) {
        redraw(article, tour);
        more = tour.status !== "finished";
      })
      .catch(function () { article.classList.add("stale"); })
      .then(function () { if (more) setTimeout(refresh, PERIOD_MS, article); });
  }

  document.querySelectorAll("article.tournament[data-id]").forEach(function (article) {
    setTimeout(refresh, PERIOD_MS, article);
  });
}
