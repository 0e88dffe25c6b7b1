#!/usr/bin/env node
// A cardarena bot (protocol version 1) in one file: Node.js 18+, no dependencies.
//
// It plays every game of cardarena (durak, durak-duel, bridge, most, prsi and fifty-six): it knows
// no rules and picks one of the legal actions it is given. Put your strategy in chooseAction()
// below; everything else (HTTP, signatures, errors, logging) is done for you.
//
//     CARDARENA_SECRET=<your bot's secret> PORT=9000 node bot.js
//
// Environment: PORT (default 9000), HOST (default 127.0.0.1; 0.0.0.0 to listen on every
// interface), CARDARENA_SECRET (the secret registration gave you; unset: requests are not checked).
// The protocol: docs/protocol.md; views and actions of each game: docs/games/<game>.md.
//
// The server plays several matches at once, and this bot answers requests of several matches in
// any order (one at a time: Node runs chooseAction on one thread). Keep state per match, keyed by
// request.match_id.

"use strict";

const http = require("node:http");
const crypto = require("node:crypto");

if (Number(process.versions.node.split(".")[0]) < 18) {
  console.error(`this bot needs Node.js 18 or later (this is ${process.version})`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// YOUR STRATEGY GOES HERE.
//
// view:         what your seat may see (an object; its fields depend on the game: durak,
//               durak-duel, bridge, most, prsi or fifty-six, each described in
//               docs/games/<game>.md)
// legalActions: the actions you may play now (an array of objects, never empty)
//
// Return the index in legalActions of the action you play, or {index, say} where say is a short
// text (at most 200 characters) shown beside your move in the match replay.
// Each call has deadline_ms (1000 by default) for the whole round trip: think well within it.
// ---------------------------------------------------------------------------------------------
function chooseAction(view, legalActions) {
  return Math.floor(Math.random() * legalActions.length);
}

// ---------------------------------------------------------------------------------------------
// The protocol. You should not need to change anything below.
// ---------------------------------------------------------------------------------------------

const SECRET = process.env.CARDARENA_SECRET || "";
const MAX_BODY = 1 << 20; // requests are a few KiB; refuse anything absurd

// One message on stderr, prefixed with the match and seat of request when given; extra values
// (an error) follow it. One console.error call is one write, so lines never mix.
function log(message, request, ...extra) {
  if (request && request.match_id != null) {
    const seat = request.seat == null ? "" : ` seat ${request.seat}`;
    message = `match ${request.match_id}${seat}: ${message}`;
  }
  console.error(message, ...extra);
}

// Whether header is "sha256=" and the hex HMAC-SHA256 of body keyed with secret.
function signedByCardarena(secret, body, header) {
  const expected = Buffer.from(
    "sha256=" + crypto.createHmac("sha256", secret).update(body).digest("hex"),
  );
  const given = Buffer.from(String(header || "").trim().toLowerCase());
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

// The answer to a turn: {action_index: i} and maybe a say.
function answerTurn(request) {
  const legalActions = request.legal_actions;
  let index;
  let say;
  try {
    const choice = chooseAction(request.view, legalActions);
    if (choice !== null && typeof choice === "object") {
      index = choice.index;
      say = choice.say;
    } else {
      index = choice;
    }
    if (!Number.isInteger(index) || index < 0 || index >= legalActions.length) {
      throw new Error(`chooseAction returned ${JSON.stringify(choice)}, not an index in range`);
    }
  } catch (error) {
    // A crash in the strategy must not cost the match: play a legal action anyway.
    log("chooseAction failed, playing at random:", request, error);
    index = Math.floor(Math.random() * legalActions.length);
    say = undefined;
  }
  const answer = { action_index: index };
  if (typeof say === "string" && say) answer.say = say.slice(0, 200);
  return answer;
}

// One line per match, when it is over.
function logMatchEnd(request) {
  const seats = (request.outcome && request.outcome.seats) || [];
  const mine = seats[request.seat] || {};
  console.log(
    `match ${request.match_id} (${request.game}, seat ${request.seat} of ${seats.length}):` +
      ` rank ${mine.rank}, score ${mine.score}`,
  );
}

function reply(res, status, answer) {
  const data = JSON.stringify(answer);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(data),
  });
  res.end(data);
}

function handle(req, res, body) {
  if (SECRET && !signedByCardarena(SECRET, body, req.headers["x-cardarena-signature"])) {
    log("refused a request with a wrong signature (is CARDARENA_SECRET this bot's secret?)", {
      match_id: req.headers["x-cardarena-match"],
    });
    return reply(res, 401, { error: "bad signature" });
  }
  let request;
  try {
    request = JSON.parse(body.toString("utf8"));
  } catch {
    return reply(res, 400, { error: "the body is not JSON" });
  }
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return reply(res, 400, { error: "the body is not a JSON object" });
  }
  if (request.type === "turn") {
    if (!Array.isArray(request.legal_actions) || request.legal_actions.length === 0) {
      return reply(res, 400, { error: "a turn needs a non-empty legal_actions" });
    }
    return reply(res, 200, answerTurn(request));
  }
  // The server's health check: answering it puts the bot on the ladder.
  if (request.type === "ping") return reply(res, 200, { pong: true });
  if (request.type === "match_end") logMatchEnd(request);
  // match_start, match_end and anything newer: the answer is ignored.
  return reply(res, 200, {});
}

const server = http.createServer((req, res) => {
  if (req.method === "GET") return reply(res, 200, { bot: "cardarena js kit", protocol: 1 });
  if (req.method !== "POST") return reply(res, 405, { error: "POST only" });
  const chunks = [];
  let size = 0;
  let refused = false;
  req.on("data", (chunk) => {
    if (refused) return;
    size += chunk.length;
    if (size > MAX_BODY) {
      refused = true;
      res.setHeader("Connection", "close");
      reply(res, 413, { error: "body too large" });
      return;
    }
    chunks.push(chunk);
  });
  req.on("end", () => {
    if (refused) return;
    try {
      handle(req, res, Buffer.concat(chunks));
    } catch (error) {
      log("error answering a request:", undefined, error);
      if (!res.headersSent) reply(res, 500, { error: "internal error" });
    }
  });
  req.on("error", () => {});
});
// The server keeps idle connections for reuse; let it close them first (its pool forgets an idle
// connection after 90 s), so that it never sends a request on a connection being closed here.
server.keepAliveTimeout = 120_000;
server.headersTimeout = 125_000;

const host = process.env.HOST || "127.0.0.1";
const port = Number(process.env.PORT || 9000);
if (!SECRET) {
  console.error(
    "warning: CARDARENA_SECRET is not set, so requests are not checked; set it to the secret" +
      " registration gave you",
  );
}
server.listen(port, host, () => {
  console.log(`listening on http://${host}:${server.address().port}/`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
