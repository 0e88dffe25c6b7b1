#!/usr/bin/env python3
"""A cardarena bot (protocol version 1) in one file: Python 3.9+, standard library only.

It plays every game of cardarena (durak, durak-duel, bridge, most, prsi and fifty-six): it knows no
rules and picks one of the legal actions it is given. Put your strategy in choose_action() below;
everything else (HTTP, signatures, errors, logging) is done for you.

    CARDARENA_SECRET=<your bot's secret> PORT=9000 python3 bot.py

Environment: PORT (default 9000), HOST (default 127.0.0.1; 0.0.0.0 to listen on every
interface), CARDARENA_SECRET (the secret registration gave you; unset: requests are not checked).
The protocol: docs/protocol.md; views and actions of each game: docs/games/<game>.md.

The server plays several matches at once, so requests come in on several connections and this bot
answers each connection in a thread of its own: choose_action() may run in several threads at
once. Keep state per match (keyed by request["match_id"]) and guard anything shared with a lock.
"""

import hashlib
import hmac
import json
import operator
import os
import random
import sys
import threading
import traceback
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

SECRET = os.environ.get("CARDARENA_SECRET", "")
MAX_BODY = 1 << 20  # requests are a few KiB; refuse anything absurd


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


def answer_turn(request):
    """The answer to a turn: {"action_index": i} and maybe a "say"."""
    legal_actions = request["legal_actions"]
    try:
        choice = choose_action(request.get("view"), legal_actions)
        say = None
        if isinstance(choice, tuple):
            choice, say = choice
        choice = operator.index(choice)  # an int (or numpy integer); anything else raises
        if not 0 <= choice < len(legal_actions):
            raise ValueError(f"choose_action returned {choice}, out of range")
    except Exception:
        # A crash in the strategy must not cost the match: play a legal action anyway.
        log("choose_action failed, playing at random:", request, with_traceback=True)
        choice, say = random.randrange(len(legal_actions)), None
    answer = {"action_index": choice}
    if isinstance(say, str) and say:
        answer["say"] = say[:200]
    return answer


def log_match_end(request):
    """One line per match, when it is over."""
    seat = request.get("seat")
    outcome = request.get("outcome")
    seats = outcome.get("seats") if isinstance(outcome, dict) else None
    seats = seats if isinstance(seats, list) else []
    mine = seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else None
    mine = mine if isinstance(mine, dict) else {}
    write_lines(
        sys.stdout,
        f"match {request.get('match_id')} ({request.get('game')}, seat {seat} of {len(seats)}):"
        f" rank {mine.get('rank')}, score {mine.get('score')}",
    )


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

        kind = request.get("type")
        if kind == "turn":
            legal_actions = request.get("legal_actions")
            if not isinstance(legal_actions, list) or not legal_actions:
                return self.reply(400, {"error": "a turn needs a non-empty legal_actions"})
            return self.reply(200, answer_turn(request))
        if kind == "ping":
            # The server's health check: answering it puts the bot on the ladder.
            return self.reply(200, {"pong": True})
        if kind == "match_end":
            log_match_end(request)
        # match_start, match_end and anything newer: the answer is ignored.
        return self.reply(200, {})

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


def main():
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "9000"))
    if not SECRET:
        log("warning: CARDARENA_SECRET is not set, so requests are not checked; set it to the"
            " secret registration gave you")
    server = Server((host, port), Handler)
    write_lines(sys.stdout, f"listening on http://{host}:{server.server_port}/")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
