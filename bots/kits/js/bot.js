#!/usr/bin/env node
// A cardarena bot (protocol version 1) in one file: Node.js 18+, no dependencies.
//
// It plays every game of cardarena (durak, durak-duel, bridge, most, prsi and fifty-six): it knows
// no rules and picks one of the legal actions it is given. Put your strategy in chooseAction()
// below; everything else (HTTP, WebSocket, signatures, errors, logging) is done for you.
//
// `node bot.js` serves HTTP: the server calls the bot at its URL. Environment: PORT (default
// 9000), HOST (default 127.0.0.1; 0.0.0.0 to listen on every interface).
// `node bot.js --connect` dials out: the bot holds a WebSocket to the server (register it with
// "connect": true) and answers the same requests on it, from behind a firewall or NAT; it
// reconnects by itself, and --connections N (1 to 4) holds N connections. When chooseAction()
// fails the kit plays at random, tells the server and counts it in the match's line; --strict
// faults instead.
//
// Its settings: CARDARENA_SECRET (HTTP; unset, requests are not checked), or CARDARENA_SERVER,
// CARDARENA_BOT_ID and CARDARENA_TOKEN (dialling out), from the environment or from the file
// .cardarena in the working directory, NAME=value lines readable by you alone (chmod 600): so the
// secret and the token stay out of your shell's history and the process list.
//
// The protocol: docs/protocol.md; views and actions of each game: docs/games/<game>.md.
// Their JSON Schemas, answer included: GET /api/games/<game>/schema on the server.
//
// The server plays several matches at once, and this bot answers requests of several matches in
// any order (one at a time: Node runs chooseAction on one thread). Keep state per match, keyed by
// request.match_id.
//
// The same file is also built, unchanged, into a WebAssembly bot module that the server runs
// itself (./build-wasm.sh bot.js bot.wasm; README.md): the module calls answerRequest, exported
// below, and the server part only starts when this file is run by node.

"use strict";

const http = require("node:http");
const https = require("node:https");
const crypto = require("node:crypto");
const fs = require("node:fs");

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

let SECRET = ""; // set by serveHttp(), not at load: a bot module's build must not keep it
const MAX_BODY = 1 << 20; // requests are a few KiB; refuse anything absurd
let STRICT = false; // --strict (or true here, for a bot module): a failed chooseAction is a fault

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

// By "match_id attempt": [decisions played at random, decisions], until the match's end.
const counts = new Map();

// chooseAction failed and STRICT is set: the turn is answered as a failure (a fault).
class StrategyFailed extends Error {}

// The answer to a turn whose strategy failed: a random legal action marked "fallback", which the
// server counts; with STRICT, throws StrategyFailed instead.
function fallBack(request, error) {
  if (STRICT) {
    log("chooseAction failed; --strict: answering with an error, a fault:", request, error);
    throw new StrategyFailed("chooseAction failed (the bot runs with --strict)");
  }
  log("chooseAction failed, playing at random:", request, error);
  const index = Math.floor(Math.random() * request.legal_actions.length);
  return { action_index: index, fallback: true };
}

// Counts a turn of request's match, and whether its answer was played at random.
function countTurn(request, answer) {
  const key = `${request.match_id} ${request.attempt}`;
  const count = counts.get(key) || [0, 0];
  count[0] += answer.fallback === true ? 1 : 0;
  count[1] += 1;
  counts.set(key, count);
  while (counts.size > 1000) counts.delete(counts.keys().next().value); // no match_end came
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
    // A crash in the strategy must not cost the match: play a legal action anyway, and say so.
    return fallBack(request, error);
  }
  const answer = { action_index: index };
  if (typeof say === "string" && say) answer.say = say.slice(0, 200);
  return answer;
}

// Where seat finished, from every seat's rank (1 the best; tied seats share one): "won", "lost"
// or "drew" at two seats; "1st of 4", "shared 2nd of 5", "last of 4" at more (a table has at
// most 6 seats); "drew" when every seat ties.
function placeInWords(ranks, seat) {
  const better = ranks.filter((r) => r < ranks[seat]).length;
  const tied = ranks.filter((r) => r === ranks[seat]).length;
  if (tied === ranks.length) return "drew";
  if (ranks.length === 2) return better === 0 ? "won" : "lost";
  const place =
    better + tied === ranks.length ? "last" : `${better + 1}${["st", "nd", "rd"][better] || "th"}`;
  return `${tied > 1 ? "shared " : ""}${place} of ${ranks.length}`;
}

// One line per match, when it is over: the seat's place in words, its score, and how many
// decisions were played at random (if any).
function logMatchEnd(request) {
  const outcome = request.outcome;
  const seats = outcome && Array.isArray(outcome.seats) ? outcome.seats : [];
  const ranks = seats.map((s) => (s && Number.isInteger(s.rank) ? s.rank : null));
  const seat = request.seat;
  let result = "no result given";
  if (Number.isInteger(seat) && seat >= 0 && seat < seats.length && !ranks.includes(null)) {
    result = placeInWords(ranks, seat);
    if (typeof seats[seat].score === "number") result += `, score ${seats[seat].score}`;
  }
  // A match played again (after a server restart) keeps its id: only its latest attempt counts.
  const again =
    Number.isInteger(request.attempt) && request.attempt > 1 ? `, attempt ${request.attempt}` : "";
  const key = `${request.match_id} ${request.attempt}`;
  const [atRandom, decisions] = counts.get(key) || [0, 0];
  counts.delete(key);
  if (atRandom > 0) {
    result += `; ${atRandom} of your ${decisions} decisions failed in chooseAction and were`;
    result += " played at random";
  }
  console.log(
    `match ${request.match_id} (${request.game}, seat ${seat} of ${seats.length}${again}): ${result}`,
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

class BadRequest extends Error {}

// The answer to a request of any type, in either mode; throws BadRequest for a turn that has no
// legal actions.
function answerRequest(request) {
  if (request.type === "turn") {
    if (!Array.isArray(request.legal_actions) || request.legal_actions.length === 0) {
      throw new BadRequest("a turn needs a non-empty legal_actions");
    }
    const answer = answerTurn(request);
    countTurn(request, answer);
    return answer;
  }
  // The server's health check: answering it puts the bot on the ladder.
  if (request.type === "ping") return { pong: true };
  if (request.type === "match_end") logMatchEnd(request);
  // match_start, match_end and anything newer: the answer is ignored.
  return {};
}

// ---------------------------------------------------------------------------------------------
// HTTP mode: the server calls the bot.
// ---------------------------------------------------------------------------------------------

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
  try {
    return reply(res, 200, answerRequest(request));
  } catch (error) {
    if (error instanceof BadRequest) return reply(res, 400, { error: error.message });
    if (error instanceof StrategyFailed) return reply(res, 500, { error: error.message });
    throw error;
  }
}

// Serves HTTP on HOST:PORT, checking signatures with secret if given.
function serveHttp(secret) {
  SECRET = secret;
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
  // The server keeps idle connections for reuse; let it close them first (its pool forgets an
  // idle connection after 90 s), so that it never sends a request on a connection being closed.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 125_000;

  const host = process.env.HOST || "127.0.0.1";
  const port = Number(process.env.PORT || 9000);
  if (!SECRET) {
    console.error(
      "warning: CARDARENA_SECRET is not set, so requests are not checked; put the secret" +
        " registration gave you in .cardarena (docs/writing-a-bot.md)",
    );
  }
  server.listen(port, host, () => {
    console.log(`listening on http://${host}:${server.address().port}/`);
  });
}

// ---------------------------------------------------------------------------------------------
// Dial-out mode (--connect): the bot holds a WebSocket (RFC 6455) to the server, which sends each
// request as a text message with a "request_id"; the bot answers with a text message echoing it.
// Written here on node:http's upgrade rather than with a package such as `ws`: the kit installs
// nothing, and the WebSocket class built into Node is a global by default only from Node 22
// (behind --experimental-websocket in Node 20, absent in 18) while the kit runs on 18 and later;
// its API is the browser's, which has no standard way to send the Authorization header.
// ---------------------------------------------------------------------------------------------

const WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"; // RFC 6455's constant for the accept key
const MAX_MESSAGE = 1 << 20; // the server's messages are a few KiB (most's views more)
const MAX_ANSWER = 64 * 1024; // the server closes a connection whose answer is larger
const IDLE_MS = 75_000; // the server pings every 20 s: this long without a byte, it is dead
const STABLE_MS = 10_000; // a connection up this long resets the reconnection back-off

// One final client frame: masked with a random key, as RFC 6455 requires of clients.
function frame(opcode, payload) {
  const length = payload.length;
  let head;
  if (length < 126) {
    head = Buffer.from([0x80 | opcode, 0x80 | length]);
  } else if (length < 65536) {
    head = Buffer.alloc(4);
    head.writeUInt16BE(length, 2);
    head[1] = 0x80 | 126;
  } else {
    head = Buffer.alloc(10);
    head.writeBigUInt64BE(BigInt(length), 2);
    head[1] = 0x80 | 127;
  }
  head[0] = 0x80 | opcode;
  const key = crypto.randomBytes(4);
  const masked = Buffer.alloc(length);
  for (let i = 0; i < length; i++) masked[i] = payload[i] ^ key[i & 3];
  return Buffer.concat([head, key, masked]);
}

// One WebSocket to the server: reads frames, answers control frames, hands each text message to
// onMessage, and calls onEnd(reason) once when the connection is over.
class Connection {
  constructor(socket, head, onMessage, onEnd) {
    this.socket = socket;
    this.buffer = head;
    this.fragments = null; // the parts of a fragmented message being received
    this.size = 0;
    this.ended = false;
    this.closing = false;
    this.onMessage = onMessage;
    this.onEnd = onEnd;
    socket.setNoDelay(true);
    socket.setTimeout(IDLE_MS, () => {
      this.end(`nothing heard from the server for ${IDLE_MS / 1000} s`);
    });
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.readFrames();
    });
    socket.on("close", () => this.end("the server closed the connection"));
    socket.on("error", (error) => this.end(error.message));
    // Frames that came with the handshake's answer: read once the caller holds this connection.
    setImmediate(() => this.readFrames());
  }

  send(text) {
    if (!this.ended) this.socket.write(frame(0x1, Buffer.from(text)));
  }

  end(reason) {
    if (this.ended) return;
    this.ended = true;
    if (this.closing) {
      // A close frame is on its way out: let it go, and drop the socket if it lingers.
      setTimeout(() => this.socket.destroy(), 1000).unref();
    } else {
      this.socket.destroy();
    }
    this.onEnd(reason);
  }

  // Sends a close frame with payload and ends the socket after it.
  close(payload) {
    this.closing = true;
    this.socket.end(frame(0x8, payload));
  }

  // Closes with code (1002: protocol error, 1007: bad text, 1009: too big) and says why.
  fail(code, reason) {
    const payload = Buffer.alloc(2);
    payload.writeUInt16BE(code);
    this.close(Buffer.concat([payload, Buffer.from(reason)]));
    this.end(`closed the connection (${code}): ${reason}`);
  }

  readFrames() {
    while (!this.ended && this.buffer.length >= 2) {
      const [first, second] = this.buffer;
      const fin = (first & 0x80) !== 0;
      const opcode = first & 0x0f;
      let length = second & 0x7f;
      let at = 2;
      if (first & 0x70) return this.fail(1002, "reserved bits are set");
      if (second & 0x80) return this.fail(1002, "a server's frame must not be masked");
      if (length >= 126) {
        const size = length === 126 ? 2 : 8;
        if (this.buffer.length < at + size) return;
        length =
          size === 2 ? this.buffer.readUInt16BE(at) : Number(this.buffer.readBigUInt64BE(at));
        at += size;
      }
      if (opcode >= 0x8 && (length > 125 || !fin)) {
        return this.fail(1002, "a control frame is fragmented or over 125 bytes");
      }
      if (opcode < 0x8 && this.size + length > MAX_MESSAGE) {
        return this.fail(1009, `a message over ${MAX_MESSAGE} bytes`);
      }
      if (this.buffer.length < at + length) return;
      const payload = this.buffer.subarray(at, at + length);
      this.buffer = this.buffer.subarray(at + length);
      this.handle(fin, opcode, payload);
    }
  }

  handle(fin, opcode, payload) {
    if (opcode === 0x9) return this.socket.write(frame(0xa, payload)); // ping: pong, same payload
    if (opcode === 0xa) return; // pongs are ignored
    if (opcode === 0x8) {
      // close: answer it and stop
      const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
      const reason = payload.subarray(2).toString("utf8");
      this.close(payload.subarray(0, 2));
      return this.end(`the server closed the connection (${code} ${reason})`.trim());
    }
    if (opcode > 0x2) return this.fail(1002, `unknown opcode ${opcode}`);
    if ((opcode === 0x0) !== (this.fragments !== null)) {
      return this.fail(1002, "a continuation frame out of place");
    }
    if (opcode !== 0x0) this.fragments = { kind: opcode, parts: [] };
    this.fragments.parts.push(Buffer.from(payload));
    this.size += payload.length;
    if (!fin) return;
    const { kind, parts } = this.fragments;
    this.fragments = null;
    this.size = 0;
    if (kind !== 0x1) return; // binary messages are not part of the protocol
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts));
    } catch {
      return this.fail(1007, "a text message that is not UTF-8");
    }
    this.onMessage(text);
  }
}

// Answers one request received over the WebSocket.
function answerMessage(connection, text) {
  let request;
  try {
    request = JSON.parse(text);
  } catch {
    return log(`a message that is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
  }
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return log(`a message that is not a JSON object: ${JSON.stringify(text.slice(0, 200))}`);
  }
  let answer;
  try {
    answer = answerRequest(request);
  } catch (error) {
    const strict = error instanceof StrategyFailed; // no action: the server faults it at once
    if (!strict) log("error answering a request:", request, error);
    answer = strict ? { error: error.message } : {};
  }
  answer.request_id = request.request_id;
  const data = JSON.stringify(answer);
  if (Buffer.byteLength(data) > MAX_ANSWER) {
    return log(`an answer over ${MAX_ANSWER} bytes is not sent`, request);
  }
  connection.send(data);
}

// Holds `connections` connections to the server (it spreads its calls over them), each connecting
// again after a failure: 0.5 s later, doubling to 10 s, back to 0.5 s once it stayed up STABLE_MS.
function runConnected(server, botId, token, connections) {
  let url;
  try {
    url = new URL(server);
  } catch {
    url = null;
  }
  if (!url || !["http:", "https:", "ws:", "wss:"].includes(url.protocol)) {
    const given = JSON.stringify(server);
    console.error(`--connect takes http://HOST:PORT or https://HOST, not ${given}`);
    process.exit(2);
  }
  const secure = url.protocol === "https:" || url.protocol === "wss:";
  const path = `${url.pathname.replace(/\/+$/, "")}/api/bots/${encodeURIComponent(botId)}/connect`;
  const hold = () => {
    let delay = 500;
    const connect = () => {
      const key = crypto.randomBytes(16).toString("base64");
      let opened = null;
      let over = false;
      const again = (reason) => {
        if (over) return;
        over = true;
        if (opened !== null && Date.now() - opened >= STABLE_MS) delay = 500;
        log(`${reason}; connecting again in ${delay / 1000} s`);
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 10_000);
      };
      const request = (secure ? https : http).request({
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port || (secure ? 443 : 80),
        path,
        headers: {
          Connection: "Upgrade",
          Upgrade: "websocket",
          "Sec-WebSocket-Key": key,
          "Sec-WebSocket-Version": "13",
          Authorization: `Bearer ${token}`,
          "User-Agent": "cardarena-js-kit",
        },
        timeout: 10_000,
      });
      request.on("upgrade", (res, socket, head) => {
        request.removeAllListeners("timeout"); // the 10 s were for the handshake only
        socket.setTimeout(0);
        const accept = crypto.createHash("sha1").update(key + WS_GUID).digest("base64");
        const connection = String(res.headers.connection || "").toLowerCase().split(/\s*,\s*/);
        if (
          String(res.headers.upgrade || "").toLowerCase() !== "websocket" ||
          !connection.includes("upgrade") ||
          res.headers["sec-websocket-accept"] !== accept
        ) {
          socket.destroy();
          return again("the server's upgrade is not a WebSocket handshake for this key");
        }
        opened = Date.now();
        console.log(`connected to ${server} as bot ${botId}`);
        const ws = new Connection(socket, head, (text) => answerMessage(ws, text), again);
      });
      request.on("response", (res) => {
        let body = "";
        res.on("data", (chunk) => {
          if (body.length < 4096) body += chunk;
        });
        res.on("end", () => {
          const refused = `the server answered ${res.statusCode}: ${body.slice(0, 300)}`;
          if ([400, 401, 403, 404, 409].includes(res.statusCode)) {
            console.error(`cannot connect: ${refused} (check the bot's id and token)`);
            process.exit(1);
          }
          again(refused);
        });
      });
      request.on("timeout", () => request.destroy(new Error("no answer to the upgrade in 10 s")));
      request.on("error", (error) => again(error.message));
      request.end();
    };
    connect();
  };
  for (let n = 0; n < connections; n++) hold();
}

// The value of --name in argv ("" for a flag given without one), or undefined.
function option(name) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name) return args[i + 1] && !args[i + 1].startsWith("--") ? args[i + 1] : "";
    if (args[i].startsWith(`${name}=`)) return args[i].slice(name.length + 1);
  }
  return undefined;
}

// The settings the kit reads (the top of this file): never from the command line, where a secret
// or a token would show in the process list.
const SETTINGS = ["CARDARENA_SECRET", "CARDARENA_SERVER", "CARDARENA_BOT_ID", "CARDARENA_TOKEN"];

// SETTINGS by name: each from the environment, else from the file .cardarena, else "".
function readSettings() {
  const found = {};
  if (fs.existsSync(".cardarena")) {
    if (process.platform !== "win32" && (fs.statSync(".cardarena").mode & 0o077) !== 0) {
      console.error(
        ".cardarena holds your bot's secrets and others may read it: make it yours alone with" +
          " chmod 600 .cardarena",
      );
      process.exit(1);
    }
    for (const line of fs.readFileSync(".cardarena", "utf8").split("\n")) {
      const at = line.indexOf("=");
      if (at > 0) found[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return Object.fromEntries(SETTINGS.map((name) => [name, process.env[name] || found[name] || ""]));
}

// Runs the bot from the command line: serves HTTP, or dials out with --connect. --bot-id and
// --token are still read, for the bots started with them before .cardarena; a token given there
// shows in the process list.
function main() {
  if (Number(process.versions.node.split(".")[0]) < 18) {
    console.error(`this bot needs Node.js 18 or later (this is ${process.version})`);
    process.exit(1);
  }
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
  STRICT = STRICT || option("--strict") !== undefined;
  const settings = readSettings();
  const connectTo = option("--connect");
  if (connectTo === undefined) {
    serveHttp(settings.CARDARENA_SECRET);
  } else {
    const server = connectTo || settings.CARDARENA_SERVER;
    const botId = option("--bot-id") || settings.CARDARENA_BOT_ID;
    const token = option("--token") || settings.CARDARENA_TOKEN;
    if (!server || !botId || !token) {
      console.error(
        "--connect needs CARDARENA_SERVER, CARDARENA_BOT_ID and CARDARENA_TOKEN, in .cardarena or" +
          " the environment",
      );
      process.exit(2);
    }
    const connections = Number(option("--connections") || 1);
    if (!Number.isInteger(connections) || connections < 1 || connections > 4) {
      console.error("--connections takes 1 to 4");
      process.exit(2);
    }
    runConnected(server, botId, token, connections);
  }
}

// What a bot module (build-wasm.sh) and other code may call: answerRequest maps a request to its
// answer in every mode.
module.exports = { chooseAction, answerRequest, answerTurn, log, BadRequest, main };

if (require.main === module) main();
