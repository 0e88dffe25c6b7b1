#!/usr/bin/env python3
"""A cardarena bot (protocol version 1) in one file: Python 3.9+, standard library only.

It plays every game of cardarena (durak, durak-duel, bridge, most, prsi and fifty-six): it knows no
rules and picks one of the legal actions it is given. Put your strategy in choose_action() below;
everything else (HTTP, WebSocket, signatures, errors, logging) is done for you.

`python3 bot.py` serves HTTP: the server calls the bot at its URL. Environment: PORT (default
9000), HOST (default 127.0.0.1; 0.0.0.0 to listen on every interface).
`python3 bot.py --connect` dials out: the bot holds a WebSocket to the server (register it with
"connect": true) and answers the same requests on it, from behind a firewall or NAT; it reconnects
by itself, and --connections N (1 to 4) holds N connections. When choose_action() fails the kit
plays at random, tells the server and counts it in the match's line; --strict faults instead.

Its settings: CARDARENA_SECRET (HTTP; unset, requests are not checked), or CARDARENA_SERVER,
CARDARENA_BOT_ID and CARDARENA_TOKEN (dialling out), from the environment or from the file
.cardarena in the working directory, NAME=value lines readable by you alone (chmod 600): so the
secret and the token stay out of your shell's history and the process list.

The protocol: docs/protocol.md; views and actions of each game: docs/games/<game>.md; their
JSON Schemas, answer included: GET /api/games/<game>/schema on the server.

The server plays several matches at once, so this bot answers several requests at once, each in a
thread of its own: choose_action() may run in several threads at once. Keep state per match
(keyed by request["match_id"]) and guard anything shared with a lock.

Built unchanged into a WebAssembly bot module the server runs itself (build-wasm.sh, README.md),
it answers there through answer_request(), as in both modes.
"""

import argparse
import base64
import functools
import hashlib
import hmac
import json
import operator
import os
import queue
import random
import select
import socket
import struct
import sys
import threading
import time
import traceback
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

if sys.version_info < (3, 9):
    sys.exit("this bot needs Python 3.9 or later")


# ---------------------------------------------------------------------------------------------
# YOUR STRATEGY GOES HERE.
#
# view:          what your seat may see (a dict; its fields depend on the game: durak, durak-duel,
#                bridge, most, prsi or fifty-six, each described in docs/games/<game>.md)
# legal_actions: the actions you may play now (a list of dicts, never empty)
#
# Return the index in legal_actions of the action you play, or a pair (index, say) where say is a
# short text (at most 200 characters) shown beside your move in the match replay.
# Each call has deadline_ms (1000 by default) for the whole round trip: think well within it.
# ---------------------------------------------------------------------------------------------
def choose_action(view, legal_actions):
    return random.randrange(len(legal_actions))


# ---------------------------------------------------------------------------------------------
# The protocol. You should not need to change anything below.
# ---------------------------------------------------------------------------------------------

SECRET = ""  # set by serve_http(), not at import: a bot module's build must not keep it
MAX_BODY = 1 << 20  # requests are a few KiB; refuse anything absurd
STRICT = False  # --strict (or True here, for a bot module): a failed choose_action is a fault


OUTPUT_LOCK = threading.Lock()  # one for stdout and stderr: they often share a terminal


def write_lines(stream, text):
    """Writes text as complete lines in one write, under a lock, so that the lines of requests
    answered at the same time in other threads never run into each other."""
    if not text.endswith("\n"):
        text += "\n"
    with OUTPUT_LOCK:
        stream.write(text)
        stream.flush()


def log(message, request=None, with_traceback=False):
    """One message on stderr, prefixed with the match and seat of request (a dict) when given,
    and followed by the exception being handled when with_traceback is true."""
    if isinstance(request, dict) and request.get("match_id") is not None:
        seat = request.get("seat")
        where = f"match {request['match_id']}" + ("" if seat is None else f" seat {seat}")
        message = f"{where}: {message}"
    if with_traceback:
        message += "\n" + traceback.format_exc()
    write_lines(sys.stderr, message)


def signed_by_cardarena(secret, body, header):
    """Whether header is "sha256=" and the hex HMAC-SHA256 of body keyed with secret."""
    expected = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), header.strip().lower().encode())


# The strategy run() was given in place of choose_action: None plays choose_action.
strategy = None

# By (match_id, attempt): [decisions played at random, decisions], until the match's end.
COUNTS = {}
COUNTS_LOCK = threading.Lock()


class StrategyFailed(Exception):
    """choose_action failed and STRICT is set: the turn is answered as a failure (a fault)."""


def fall_back(request):
    """The answer to a turn whose strategy failed (called in its except block): a random legal
    action marked "fallback", which the server counts; with STRICT, StrategyFailed instead."""
    if STRICT:
        log("choose_action failed; --strict: answering with an error, a fault:", request,
            with_traceback=True)
        raise StrategyFailed()
    log("choose_action failed, playing at random:", request, with_traceback=True)
    return {"action_index": random.randrange(len(request["legal_actions"])), "fallback": True}


def count_turn(request, answer):
    """Counts a turn of request's match, and whether its answer was played at random."""
    with COUNTS_LOCK:
        counts = COUNTS.setdefault((request.get("match_id"), request.get("attempt")), [0, 0])
        counts[0] += answer.get("fallback") is True
        counts[1] += 1
        while len(COUNTS) > 1000:  # matches whose match_end never came (a turn timed out)
            del COUNTS[next(iter(COUNTS))]


# The type turn_of() makes, once known: cardarena.turn.Turn, or dict without the package.
TURN = None


def turn_of(request):
    """What a strategy of three parameters is handed third: the turn request itself (game, seat,
    view, legal_actions, deadline_ms, match_id…), with the Python package cardarena installed a
    cardarena.turn.Turn, the same dict with the encodings a trained policy reads."""
    global TURN
    if TURN is None:
        try:
            from cardarena.turn import Turn
        except ImportError:
            Turn = dict
        TURN = Turn
    return TURN(request)


@functools.lru_cache(maxsize=None)
def takes_turn(act):
    """Whether act takes a third argument, the turn (turn_of)."""
    import inspect  # here, not at the top: a bot module built from this file never needs it

    try:
        parameters = inspect.signature(act).parameters.values()
    except (TypeError, ValueError):
        return False
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters) >= 3 \
        or any(p.kind == p.VAR_POSITIONAL for p in parameters)


def answer_turn(request):
    """The answer to a turn: {"action_index": i} and maybe a "say"."""
    legal_actions = request["legal_actions"]
    try:
        act = strategy or choose_action
        arguments = (request.get("view"), legal_actions)
        choice = act(*arguments, turn_of(request)) if takes_turn(act) else act(*arguments)
        say = None
        if isinstance(choice, tuple):
            choice, say = choice
        choice = operator.index(choice)  # an int (or numpy integer); anything else raises
        if not 0 <= choice < len(legal_actions):
            raise ValueError(f"choose_action returned {choice}, out of range")
    except Exception:
        # A crash in the strategy must not cost the match: play a legal action anyway, and say so.
        return fall_back(request)
    answer = {"action_index": choice}
    if isinstance(say, str) and say:
        answer["say"] = say[:200]
    return answer


def place_in_words(ranks, seat):
    """Where seat finished, from every seat's rank (1 the best; tied seats share one): "won",
    "lost" or "drew" at two seats; "1st of 4", "shared 2nd of 5", "last of 4" at more (a table
    has at most 6 seats); "drew" when every seat ties."""
    better = sum(r < ranks[seat] for r in ranks)
    tied = sum(r == ranks[seat] for r in ranks)
    if tied == len(ranks):
        return "drew"
    if len(ranks) == 2:
        return "won" if better == 0 else "lost"
    place = f"{better + 1}{('st', 'nd', 'rd')[better] if better < 3 else 'th'}"
    place = "last" if better + tied == len(ranks) else place
    return f"{'shared ' if tied > 1 else ''}{place} of {len(ranks)}"


def log_match_end(request):
    """One line per match, when it is over: the seat's place in words, its score, and how many
    decisions were played at random (if any)."""
    seat = request.get("seat")
    outcome = request.get("outcome")
    seats = outcome.get("seats") if isinstance(outcome, dict) else None
    seats = seats if isinstance(seats, list) else []
    ranks = [s.get("rank") if isinstance(s, dict) else None for s in seats]
    result = "no result given"
    if isinstance(seat, int) and 0 <= seat < len(seats) and all(isinstance(r, int) for r in ranks):
        result = place_in_words(ranks, seat)
        score = seats[seat].get("score")
        if isinstance(score, (int, float)):
            # A whole number without ".0", as the JavaScript kit writes it.
            result += f", score {int(score) if float(score).is_integer() else score}"
    # A match played again (after a server restart) keeps its id: only its latest attempt counts.
    attempt = request.get("attempt")
    again = f", attempt {attempt}" if isinstance(attempt, int) and attempt > 1 else ""
    with COUNTS_LOCK:
        at_random, decisions = COUNTS.pop((request.get("match_id"), attempt), (0, 0))
    if at_random:
        result += (f"; {at_random} of your {decisions} decisions failed in choose_action and were"
                   " played at random")
    write_lines(
        sys.stdout,
        f"match {request.get('match_id')} ({request.get('game')}, seat {seat} of {len(seats)}"
        f"{again}): {result}",
    )


def answer_request(request):
    """The answer to a request (a dict) of any type, in either mode; ValueError for a turn that
    has no legal actions."""
    kind = request.get("type")
    if kind == "turn":
        legal_actions = request.get("legal_actions")
        if not isinstance(legal_actions, list) or not legal_actions:
            raise ValueError("a turn needs a non-empty legal_actions")
        answer = answer_turn(request)
        count_turn(request, answer)
        return answer
    if kind == "ping":
        # The server's health check: answering it puts the bot on the ladder.
        return {"pong": True}
    if kind == "match_end":
        log_match_end(request)
    # match_start, match_end and anything newer: the answer is ignored.
    return {}


# ---------------------------------------------------------------------------------------------
# HTTP mode: the server calls the bot.
# ---------------------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive: the server reuses its connections
    disable_nagle_algorithm = True  # no 40 ms stalls between the headers and the body

    def do_POST(self):
        self.request_json = None  # the request being answered, once read, to name it in logs
        try:
            self.answer_post()
        except (BrokenPipeError, ConnectionResetError):
            # The server stopped waiting (past the deadline) and closed the connection.
            self.close_connection = True
            deadline = (self.request_json or {}).get("deadline_ms")
            log(f"answered too late: the server had hung up (deadline_ms {deadline})",
                self.request_json)
        except Exception:
            log("error answering a request:", self.request_json, with_traceback=True)
            self.close_connection = True
            try:
                self.reply(500, {"error": "internal error"})
            except OSError:
                pass

    def answer_post(self):
        body = self.read_body()
        if body is None:
            self.close_connection = True
            return self.reply(413, {"error": "body too large"})

        if SECRET and not signed_by_cardarena(
            SECRET, body, self.headers.get("X-Cardarena-Signature", "")
        ):
            log(
                "refused a request with a wrong signature (is CARDARENA_SECRET this bot's secret?)",
                {"match_id": self.headers.get("X-Cardarena-Match")},
            )
            return self.reply(401, {"error": "bad signature"})

        try:
            request = json.loads(body)
        except (ValueError, RecursionError):
            return self.reply(400, {"error": "the body is not JSON"})
        if not isinstance(request, dict):
            return self.reply(400, {"error": "the body is not a JSON object"})
        self.request_json = request

        try:
            answer = answer_request(request)
        except ValueError as error:
            return self.reply(400, {"error": str(error)})
        except StrategyFailed:
            return self.reply(500, {"error": "choose_action failed (the bot runs with --strict)"})
        return self.reply(200, answer)

    def read_body(self):
        """The request's body (the server always sends a Content-Length); None if too large."""
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return None
        return self.rfile.read(length) if 0 <= length <= MAX_BODY else None

    def do_GET(self):
        self.reply(200, {"bot": "cardarena python kit", "protocol": 1})

    def reply(self, status, answer):
        data = json.dumps(answer).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # no line per request; one per match is printed instead

    def log_error(self, format, *args):
        log(f"{self.address_string()}: {format % args}")


class Server(ThreadingHTTPServer):
    daemon_threads = True  # a connection left open does not keep the bot from stopping

    def handle_error(self, request, client_address):
        # What the handler did not catch: one message, written whole like every other.
        log(f"error on the connection from {client_address[0]}:", with_traceback=True)


def serve_http(secret):
    """Serves HTTP on HOST:PORT until interrupted, checking signatures with secret if given."""
    global SECRET
    SECRET = secret
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "9000"))
    if not SECRET:
        log("warning: CARDARENA_SECRET is not set, so requests are not checked; put the secret"
            " registration gave you in .cardarena (docs/writing-a-bot.md)")
    server = Server((host, port), Handler)
    write_lines(sys.stdout, f"listening on http://{host}:{server.server_port}/")
    server.serve_forever()


# ---------------------------------------------------------------------------------------------
# Dial-out mode (--connect): the bot holds a WebSocket (RFC 6455) to the server, which sends each
# request as a text message with a "request_id"; the bot answers with a text message echoing it.
# ---------------------------------------------------------------------------------------------

WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455's constant for Sec-WebSocket-Accept
MAX_MESSAGE = 1 << 20  # the server's messages are a few KiB (most's views more); refuse absurd
MAX_ANSWER = 64 * 1024  # the server closes a connection whose answer is larger
IDLE_SECONDS = 75  # the server pings every 20 s: this long without a byte, the connection is dead
STABLE_SECONDS = 10  # a connection up this long resets the reconnection back-off
ANSWER_THREADS = 8  # requests answered at once


class WebSocketError(Exception):
    """The connection failed or broke the protocol: close it and connect again."""


class Refused(Exception):
    """The server refused the upgrade with an HTTP status (and a JSON error)."""

    def __init__(self, status, body):
        super().__init__(f"the server answered {status}: {body[:300]}")
        self.status = status


def open_websocket(server, bot_id, token):
    """Connects to the server's /api/bots/{bot_id}/connect and upgrades to a WebSocket,
    checking the server's Sec-WebSocket-Accept; returns (socket, bytes read past the head)."""
    import ssl  # here, not at the top: the CPython of a bot module (build-wasm.sh) has no ssl
    url = urllib.parse.urlsplit(server)
    scheme = url.scheme.lower()
    if scheme not in ("http", "https", "ws", "wss") or not url.hostname:
        raise SystemExit(f"--connect takes http://HOST:PORT or https://HOST, not {server!r}")
    secure = scheme in ("https", "wss")
    path = f"{url.path.rstrip('/')}/api/bots/{urllib.parse.quote(bot_id, safe='')}/connect"
    sock = socket.create_connection((url.hostname, url.port or (443 if secure else 80)), 10)
    try:
        if secure:
            sock = ssl.create_default_context().wrap_socket(sock, server_hostname=url.hostname)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall(
            (f"GET {path} HTTP/1.1\r\nHost: {url.netloc.rpartition('@')[2]}\r\n"
             f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
             f"Sec-WebSocket-Version: 13\r\nAuthorization: Bearer {token}\r\n"
             f"User-Agent: cardarena-python-kit\r\n\r\n").encode()
        )
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk or len(data) > 16384:
                raise WebSocketError("the server's answer to the upgrade ended or is too long")
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if status != 101:
            raise Refused(status, rest.decode("utf-8", "replace"))
        accept = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
        connection = {t.strip().lower() for t in headers.get("connection", "").split(",")}
        if (headers.get("upgrade", "").lower() != "websocket" or "upgrade" not in connection
                or headers.get("sec-websocket-accept") != accept):
            raise WebSocketError("the server's upgrade is not a WebSocket handshake for this key")
        return sock, rest
    except BaseException:
        sock.close()
        raise


def frame(opcode, payload):
    """One final client frame: masked with a random key, as RFC 6455 requires of clients."""
    length = len(payload)
    if length < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
    elif length < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
    key = os.urandom(4)
    repeated = (key * (length // 4 + 1))[:length]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(
        length, "big")
    return head + key + masked


class Connection:
    """One WebSocket to the server. Only the thread in run() reads and writes the socket (a TLS
    socket must not be read and written from two threads at once); the threads answering
    requests queue their answers with send() and wake it."""

    def __init__(self, sock, received):
        self.sock = sock
        self.buffer = bytearray(received)
        self.outbox = []
        self.lock = threading.Lock()
        self.wake_reader, self.wake_writer = socket.socketpair()
        self.fragments = None  # the parts of a fragmented message being received
        self.fragments_size = 0

    def send(self, text):
        """Queues a text message; safe from any thread."""
        with self.lock:
            self.outbox.append(frame(0x1, text.encode()))
        try:
            self.wake_writer.send(b"x")
        except OSError:
            pass  # closed: the connection is over and the answer lost with it

    def close(self):
        for sock in (self.sock, self.wake_reader, self.wake_writer):
            sock.close()

    def run(self, on_message):
        """Reads and writes until the connection ends; raises WebSocketError saying why."""
        self.sock.setblocking(False)
        last_heard = time.monotonic()
        while True:
            if self.buffer:
                self.read_frames(on_message)
            readable, _, _ = select.select([self.sock, self.wake_reader], [], [], 5)
            if self.wake_reader in readable:
                self.wake_reader.recv(4096)
                with self.lock:
                    outgoing, self.outbox = b"".join(self.outbox), []
                self.write(outgoing)
            if self.sock in readable:
                chunk = self.receive()
                if chunk:
                    last_heard = time.monotonic()
                    self.buffer += chunk
            if time.monotonic() - last_heard > IDLE_SECONDS:
                raise WebSocketError(f"nothing heard from the server for {IDLE_SECONDS} s")

    def receive(self):
        """What the socket holds now (with TLS, every decrypted byte); b"" if nothing yet."""
        import ssl
        data = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise WebSocketError("the server closed the connection")
                data += chunk
                if not isinstance(self.sock, ssl.SSLSocket) or not self.sock.pending():
                    return data
        except (BlockingIOError, ssl.SSLWantReadError):
            return data

    def write(self, data):
        """Writes all of data, waiting for the socket as needed."""
        import ssl
        view = memoryview(data)
        while view:
            try:
                view = view[self.sock.send(view):]
            except (BlockingIOError, ssl.SSLWantWriteError, ssl.SSLWantReadError):
                select.select([], [self.sock], [], 5)

    def fail(self, code, reason):
        """Closes with code (1002: protocol error, 1007: bad text, 1009: too big) and says why."""
        try:
            self.write(frame(0x8, struct.pack("!H", code) + reason.encode()))
        except OSError:
            pass
        raise WebSocketError(f"closed the connection ({code}): {reason}")

    def read_frames(self, on_message):
        """Handles every complete frame in the buffer: control frames at once, data frames
        gathered into messages for on_message."""
        while len(self.buffer) >= 2:
            first, second = self.buffer[0], self.buffer[1]
            fin, opcode, length, at = first & 0x80, first & 0x0F, second & 0x7F, 2
            if first & 0x70:
                self.fail(1002, "reserved bits are set")
            if second & 0x80:
                self.fail(1002, "a server's frame must not be masked")
            if length >= 126:
                size = 2 if length == 126 else 8
                if len(self.buffer) < at + size:
                    return
                length = int.from_bytes(self.buffer[at:at + size], "big")
                at += size
            if opcode >= 0x8 and (length > 125 or not fin):
                self.fail(1002, "a control frame is fragmented or over 125 bytes")
            if opcode < 0x8 and self.fragments_size + length > MAX_MESSAGE:
                self.fail(1009, f"a message over {MAX_MESSAGE} bytes")
            if len(self.buffer) < at + length:
                return
            payload = bytes(self.buffer[at:at + length])
            del self.buffer[:at + length]
            self.handle(fin, opcode, payload, on_message)

    def handle(self, fin, opcode, payload, on_message):
        if opcode == 0x9:  # ping: answer with the same payload
            self.write(frame(0xA, payload))
        elif opcode == 0x8:  # close: answer it and stop
            code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
            try:
                self.write(frame(0x8, payload[:2]))
            except OSError:
                pass
            reason = payload[2:].decode("utf-8", "replace")
            raise WebSocketError(f"the server closed the connection ({code} {reason})".strip())
        elif opcode in (0x1, 0x2, 0x0):
            if (opcode == 0x0) != (self.fragments is not None):
                self.fail(1002, "a continuation frame out of place")
            if opcode != 0x0:
                self.fragments, self.fragments_size = [opcode], 0
            self.fragments.append(payload)
            self.fragments_size += len(payload)
            if fin:
                kind, parts = self.fragments[0], self.fragments[1:]
                self.fragments, self.fragments_size = None, 0
                if kind == 0x1:
                    try:
                        text = b"".join(parts).decode("utf-8")
                    except UnicodeDecodeError:
                        self.fail(1007, "a text message that is not UTF-8")
                    on_message(text)
        elif opcode != 0xA:  # pongs are ignored
            self.fail(1002, f"unknown opcode {opcode}")


def answer_message(connection, text):
    """Answers one request received over the WebSocket (in a thread of the pool)."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        return log(f"a message that is not JSON: {text[:200]!r}")
    if not isinstance(request, dict):
        return log(f"a message that is not a JSON object: {text[:200]!r}")
    try:
        answer = answer_request(request)
    except ValueError as error:
        log(f"a request the kit cannot answer: {error}", request)
        answer = {}
    except StrategyFailed:  # no action: the server records a fault at once
        answer = {"error": "choose_action failed (the bot runs with --strict)"}
    except Exception:
        log("error answering a request:", request, with_traceback=True)
        answer = {}
    answer["request_id"] = request.get("request_id")
    data = json.dumps(answer)
    if len(data.encode()) > MAX_ANSWER:
        return log(f"an answer over {MAX_ANSWER} bytes is not sent", request)
    connection.send(data)


def hold_connection(server, bot_id, token, pool, refused_for_good):
    """Holds one connection to the server, connecting again after each failure: 0.5 s later,
    doubling to 10 s, back to 0.5 s once a connection stayed up STABLE_SECONDS. A refusal that
    trying again cannot mend goes to refused_for_good."""
    delay = 0.5
    while True:
        opened = None
        try:
            sock, received = open_websocket(server, bot_id, token)
            opened = time.monotonic()
            connection = Connection(sock, received)
            write_lines(sys.stdout, f"connected to {server} as bot {bot_id}")
            try:
                connection.run(lambda text: pool.submit(answer_message, connection, text))
            finally:
                connection.close()
        except Refused as refused:
            if refused.status in (400, 401, 403, 404, 409):
                return refused_for_good.put(
                    f"cannot connect: {refused} (check the bot's id and token)")
            reason = str(refused)
        except (OSError, WebSocketError) as error:
            reason = str(error) or type(error).__name__
        if opened is not None and time.monotonic() - opened >= STABLE_SECONDS:
            delay = 0.5
        log(f"{reason}; connecting again in {delay:g} s")
        time.sleep(delay)
        delay = min(delay * 2, 10)


def run_connected(server, bot_id, token, connections):
    """Holds `connections` connections to the server (the server spreads its calls over them),
    answering on a shared pool of threads, until the server refuses one for good."""
    pool = ThreadPoolExecutor(max_workers=ANSWER_THREADS, thread_name_prefix="answer")
    refused_for_good = queue.Queue()
    for _ in range(connections):
        threading.Thread(target=hold_connection, daemon=True,
                         args=(server, bot_id, token, pool, refused_for_good)).start()
    raise SystemExit(refused_for_good.get())


def run(bot, argv=None):
    """Runs this kit with bot as the strategy instead of choose_action: a function
    bot(view, legal_actions) or an object with a method act(view, legal_actions), answering as
    choose_action does, or bot(view, legal_actions, turn) to be handed the turn as well (turn_of:
    with its encodings when the package cardarena is installed). argv is the command line (default sys.argv[1:]): the bot serves HTTP, or
    dials out with --connect. The Python package calls it (cardarena.kit.run), so that a bot
    written and trained offline plays on the server through this same code."""
    global strategy
    act = getattr(bot, "act", None)
    strategy = act if callable(act) else bot
    if not callable(strategy):
        raise TypeError("a bot is a function bot(view, legal_actions) or has act(view, legal_actions)")
    main(argv)


# The settings the kit reads (the module's docstring above): never from the command line, where
# a secret or a token would show in the process list.
SETTINGS = ("CARDARENA_SECRET", "CARDARENA_SERVER", "CARDARENA_BOT_ID", "CARDARENA_TOKEN")


def read_settings():
    """SETTINGS by name: each from the environment, else from the file .cardarena, else ""."""
    found = {}
    if os.path.exists(".cardarena"):
        if os.name == "posix" and os.stat(".cardarena").st_mode & 0o077:
            raise SystemExit(".cardarena holds your bot's secrets and others may read it: make it"
                             " yours alone with chmod 600 .cardarena")
        with open(".cardarena", encoding="utf-8") as file:
            for line in file:
                name, _, value = line.partition("=")
                found[name.strip()] = value.strip()
    return {name: os.environ.get(name) or found.get(name, "") for name in SETTINGS}


def main(argv=None):
    parser = argparse.ArgumentParser(description="A cardarena bot: serves HTTP, or with "
                                     "--connect dials out to the server over a WebSocket. Its "
                                     "settings come from the environment or the file .cardarena"
                                     " (the top of bot.py says which).")
    parser.add_argument("--connect", nargs="?", const="", metavar="SERVER",
                        help="dial out (to SERVER, default CARDARENA_SERVER)")
    # Kept for the bots started with them before .cardarena; a token here is in the process list.
    parser.add_argument("--bot-id", default="", help=argparse.SUPPRESS)
    parser.add_argument("--token", default="", help=argparse.SUPPRESS)
    parser.add_argument("--connections", type=int, choices=range(1, 5), default=1, metavar="N",
                        help="connections to hold, 1 to 4 (default 1): calls go on while one"
                             " reconnects")
    parser.add_argument("--strict", action="store_true",
                        help="when choose_action fails, answer with an error (a fault) instead of"
                             " playing at random")
    args = parser.parse_args(argv)
    global STRICT
    STRICT = STRICT or args.strict
    settings = read_settings()
    try:
        if args.connect is None:
            return serve_http(settings["CARDARENA_SECRET"])
        server = args.connect or settings["CARDARENA_SERVER"]
        bot_id = args.bot_id or settings["CARDARENA_BOT_ID"]
        token = args.token or settings["CARDARENA_TOKEN"]
        if not (server and bot_id and token):
            parser.error("--connect needs CARDARENA_SERVER, CARDARENA_BOT_ID and CARDARENA_TOKEN,"
                         " in .cardarena or the environment")
        run_connected(server, bot_id, token, args.connections)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
