// The live tournament page: every 2 s, article.tournament[data-id] is brought up to date from
// /api/tournaments/<id>: the status, the current stage, the entries, the podium, and each
// stage's status, progress, podium, standings and head-to-head table. The markup and the number
// formats are those of web/templates/tournament.html and web/src/pages/tournaments.rs, which
// must change with this file. Every name is set with textContent, never parsed as HTML. After
// each redraw the article's data-refreshed counts up and #updated shows the time; when the server
// cannot be reached the article is marked stale and kept. Polling stops once the tournament is
// finished (after one refresh, so a page loaded just before the end still shows it).
"use strict";
(function () {
  var PERIOD_MS = 2000;

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

  // Three decimals, rounded half away from zero from the value times 1000, as fixed3 in
  // web/src/pages/format.rs.
  function fixed3(x) {
    x = Number(x);
    var t = Math.round(Math.abs(x) * 1000);
    if (!isFinite(t)) return String(x);
    var sign = x < 0 && t !== 0 ? "-" : "";
    var frac = String(t % 1000);
    while (frac.length < 3) frac = "0" + frac;
    return sign + Math.floor(t / 1000) + "." + frac;
  }

  // fixed3 without trailing zeros, as short3.
  function short3(x) {
    return fixed3(x).replace(/0+$/, "").replace(/\.$/, "");
  }

  function meanWithInterval(mean, ci95) {
    if (ci95 === null || ci95 === undefined) return fixed3(mean);
    return fixed3(mean) + " ± " + fixed3(ci95);
  }

  function currentStage(t) {
    if (t.current_stage === null || t.current_stage === undefined) {
      return t.status === "open" ? "none yet: entries are open" : "none";
    }
    var kind = "?";
    t.stages.forEach(function (s) { if (s.index === t.current_stage) kind = s.kind; });
    return "stage " + (t.current_stage + 1) + " of " + t.stages.length + ": " + kind;
  }

  function progress(c) {
    var total = c.queued + c.running + c.finished + c.failed + c.cancelled;
    if (total === 0) return { total: 0, text: "no matches yet" };
    var text = c.finished + "/" + total + " finished";
    [[c.running, "running"], [c.queued, "queued"], [c.failed, "failed"],
      [c.cancelled, "cancelled"]].forEach(function (p) {
      if (p[0] > 0) text += ", " + p[0] + " " + p[1];
    });
    return { total: total, text: text };
  }

  // "Winner: A (mean 0.833); second: B (0.700); third: C (0.400)" into `parent`, as the
  // server's podium lines (`places` in web/src/pages/tournaments.rs).
  function podiumLine(parent, podium) {
    var labels = ["Winner", "second", "third"];
    podium.slice(0, 3).forEach(function (p, k) {
      parent.appendChild(document.createTextNode((k > 0 ? "; " : "") + labels[k] + ": "));
      parent.appendChild(botLink(p.bot_id, p.name));
      parent.appendChild(document.createTextNode(
        " (" + (k === 0 ? "mean " : "") + fixed3(p.mean) + ")"));
    });
    return parent;
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
      return element("p", "note", "No standings yet: the stage has not started.");
    }
    var table = element("table", "standings stack");
    var head = element("tr");
    cell(head, "th", "num", "#");
    cell(head, "th", "", "Bot");
    cell(head, "th", "num", "Matches");
    cell(head, "th", "num mean", "Mean ± 95% CI");
    ["Total", "Mean score", "Faults"].forEach(function (h) {
      cell(head, "th", "num", h);
    });
    table.appendChild(element("thead")).appendChild(head);
    var body = table.appendChild(element("tbody"));
    rows.forEach(function (r) {
      var tr = body.appendChild(element("tr", r.skipped || r.disqualified ? "skipped" : ""));
      cell(tr, "td", "num", String(r.rank), "Rank");
      var who = cell(tr, "td", "key");
      who.appendChild(botLink(r.bot_id, r.name));
      if (r.skipped) {
        who.appendChild(document.createTextNode(" "));
        var mark = who.appendChild(element("span", "skip-mark", "skipped"));
        mark.title = "skipped for faulting in most of its matches";
      }
      if (r.disqualified) {
        who.appendChild(document.createTextNode(" "));
        var out = who.appendChild(element("span", "skip-mark disqualified-mark", "disqualified"));
        out.title = "disqualified by the organiser: its results are shown, it ranks nowhere";
      }
      cell(tr, "td", "num", undefined, "Matches").appendChild(stageMatchesLink(tournamentId, stage, r));
      cell(tr, "td", "num mean", meanWithInterval(r.mean, r.ci95), "Mean ± 95% CI");
      cell(tr, "td", "num", short3(r.total), "Total");
      cell(tr, "td", "num", short3(r.mean_score), "Mean score");
      cell(tr, "td", "num", String(r.faults), "Faults");
    });
    return table;
  }

  // Rows and columns in the standings' order; cells "W–L–D", a dash on the diagonal, a dot
  // where the two never met.
  function headToHeadTable(rows, h2h) {
    if (rows.length === 0) return element("p", "note", "No meetings yet.");
    var table = element("table", "h2h stack");
    var head = element("tr");
    cell(head, "th", "", "Bot");
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
        var label = "against " + c.name;
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

  function redrawStage(section, t, s) {
    var status = section.querySelector(".stage-status");
    if (status) {
      status.className = "status stage-status status-" + s.status;
      status.textContent = s.status;
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
    if (standings) replaceContent(standings, standingsTable(s.standings, t.id, s.index));
    var h2h = section.querySelector("div.h2h");
    if (h2h) replaceContent(h2h, headToHeadTable(s.standings, s.head_to_head));
  }

  function redraw(article, t) {
    article.dataset.status = t.status;
    var status = document.getElementById("status");
    if (status) {
      status.className = "status status-" + t.status;
      status.textContent = t.status;
    }
    var current = document.getElementById("current-stage");
    if (current) current.textContent = currentStage(t);
    var podium = document.getElementById("podium");
    if (podium) {
      while (podium.firstChild) podium.removeChild(podium.firstChild);
      if (t.podium.length > 0) podiumLine(podium, t.podium);
      else podium.textContent = "decided when the last stage is over";
    }
    var entries = document.getElementById("entries");
    if (entries) {
      while (entries.firstChild) entries.removeChild(entries.firstChild);
      t.entries.forEach(function (e, i) {
        if (i > 0) entries.appendChild(document.createTextNode(", "));
        entries.appendChild(botLink(e.bot_id, e.name));
      });
      if (t.entries.length === 0) entries.textContent = "none yet";
    }
    t.stages.forEach(function (s) {
      var section = article.querySelector('section.stage[data-index="' + s.index + '"]');
      if (section) redrawStage(section, t, s);
    });
    article.classList.remove("stale");
    article.dataset.refreshed = String(Number(article.dataset.refreshed || 0) + 1);
    var updated = document.getElementById("updated");
    if (updated) updated.textContent = new Date().toLocaleTimeString();
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
      .then(function (t) {
        redraw(article, t);
        more = t.status !== "finished";
      })
      .catch(function () { article.classList.add("stale"); })
      .then(function () { if (more) setTimeout(refresh, PERIOD_MS, article); });
  }

  document.querySelectorAll("article.tournament[data-id]").forEach(function (article) {
    setTimeout(refresh, PERIOD_MS, article);
  });
})();
