// The organiser's tools on a bot's page (details#organiser-tools of web/templates/bot.html):
// the organiser enters the admin token once per tab; it is kept in sessionStorage (never in a
// cookie, never in localStorage) and sent only to this server's API, as the bearer token of
// same-origin requests. It is checked with GET /api/workers, which only the organiser may read.
// Each button posts its action with the reason and the organiser's name to
// POST /api/admin/bots/{id}/{action}; on success the page is loaded again and shows the new state
// and the action, on failure the API's error detail is shown. A token the server refuses is
// forgotten. Its words are the page's (l10n.js). A module: no dependency, no build step.
import { t } from "/static/l10n.js";

{
  var KEY = "cardarena.admin_token";

  function stored() {
    try { return window.sessionStorage.getItem(KEY); } catch (e) { return null; }
  }

  function store(token) {
    try {
      if (token === null) window.sessionStorage.removeItem(KEY);
      else window.sessionStorage.setItem(KEY, token);
    } catch (e) { /* storage refused: the token lives as long as the page */ }
  }

  function start() {
    var tools = document.getElementById("organiser-tools");
    if (!tools) return;
    var botId = tools.getAttribute("data-bot");
    var tokenForm = tools.querySelector("form.organiser-token");
    var actForm = tools.querySelector("form.organiser-act");
    var message = tools.querySelector(".organiser-message");
    var token = stored();

    function say(text, isError) {
      message.textContent = text;
      message.className = "organiser-message" + (isError ? " error" : "");
    }

    function show() {
      tokenForm.hidden = token !== null;
      actForm.hidden = token === null;
    }

    // The API's answer to `method path` with the token: resolves to {status, body}.
    function call(method, path, body, bearer) {
      var init = {
        method: method,
        credentials: "omit",
        headers: { "Authorization": "Bearer " + bearer },
      };
      if (body !== undefined) {
        init.headers["Content-Type"] = "application/json";
        init.body = JSON.stringify(body);
      }
      return fetch(path, init).then(function (response) {
        return response.text().then(function (text) {
          var parsed = null;
          try { parsed = text ? JSON.parse(text) : null; } catch (e) { parsed = null; }
          return { status: response.status, body: parsed };
        });
      });
    }

    function detail(answer) {
      var body = answer.body || {};
      var said = body.detail || t("bot-tools-answered", { status: String(answer.status) });
      return body.error ? t("bot-tools-error", { error: body.error, detail: said }) : said;
    }

    function refused(answer) {
      if (answer.status === 401 || answer.status === 403) {
        token = null;
        store(null);
        show();
      }
    }

    tokenForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var candidate = tokenForm.elements.token.value.trim();
      if (!candidate) return;
      say(t("bot-tools-checking"), false);
      call("GET", "/api/workers", undefined, candidate).then(function (answer) {
        if (answer.status !== 200) {
          say(t("bot-tools-refused", { why: detail(answer) }), true);
          return;
        }
        token = candidate;
        store(token);
        tokenForm.reset();
        say("", false);
        show();
      }, function () {
        say(t("bot-tools-unreachable"), true);
      });
    });

    actForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = event.submitter;
      if (!button || !button.value || token === null) return;
      var body = { reason: actForm.elements.reason.value };
      var by = actForm.elements.by.value.trim();
      if (by) body.by = by;
      var path = "/api/admin/bots/" + encodeURIComponent(botId) + "/" + encodeURIComponent(button.value);
      say(t("bot-tools-sending"), false);
      call("POST", path, body, token).then(function (answer) {
        if (answer.status === 200 || answer.status === 204) {
          window.location.reload();
          return;
        }
        refused(answer);
        say(detail(answer), true);
      }, function () {
        say(t("bot-tools-unreachable"), true);
      });
    });

    actForm.querySelector(".organiser-forget").addEventListener("click", function () {
      token = null;
      store(null);
      say(t("bot-tools-forgotten"), false);
      show();
    });

    if (token !== null) tools.open = true;
    show();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
}
