#!/bin/bash
# The hog scenario of issue 13, scaled down: a bridge bot answering in 150 ms of a 200 ms deadline
# asks for 100 practice matches against itself (four seats); another contestant's durak bot asks
# for one practice match. Prints the other's waiting time and the ladder's pace.
# A measurement, run by hand (not in CI), on a build of the binary:
#   scripts/hog-scenario.sh target/release/cardarena 18400
# Needs python3, curl, sqlite3 and bc; uses ports PORT to PORT+2.
set -u
BIN=$1; PORT=$2; DIR=$(mktemp -d)
cat > $DIR/bot.py <<'PY'
"""A loopback bot answering every turn with the first legal action after DELAY seconds."""
import json, sys, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
delay = float(sys.argv[2])
class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if body.get("type") == "turn":
            time.sleep(delay)
        out = b'{"action_index": 0}'
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out))); self.end_headers(); self.wfile.write(out)
    def log_message(self, *a): pass
ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
PY
python3 $DIR/bot.py $((PORT+1)) 0.15 2>/dev/null & HOGBOT=$!
python3 $DIR/bot.py $((PORT+2)) 0 2>/dev/null & QUICKBOT=$!
$BIN serve --addr 127.0.0.1:$PORT --database-url sqlite://$DIR/db --deadline-ms 200 --ladder-interval-ms 50 >$DIR/log 2>&1 & SERVER=$!
sleep 2
API=http://127.0.0.1:$PORT/api
reg() { curl -s -X POST $API/bots -H 'content-type: application/json' -d "{\"name\":\"$1\",\"url\":\"http://127.0.0.1:$2/bot\",\"game\":\"$3\"}"; }
HOG=$(reg hog $((PORT+1)) bridge); OTHER=$(reg other $((PORT+2)) durak)
id() { echo "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'; }
tok() { echo "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'; }
ladder() { sqlite3 $DIR/db "SELECT COUNT(*) FROM matches WHERE kind='ladder' AND status='finished'"; }
sleep 5; L0=$(ladder); sleep 10; L1=$(ladder)
echo "ladder before the hog: $(( (L1-L0) ))/10 s"
curl -s -o /dev/null -X POST $API/bots/$(id "$HOG")/practice -H "authorization: Bearer $(tok "$HOG")" -H 'content-type: application/json' -d '{"matches":100,"opponents":["self","self","self"]}'
sleep 3
L0=$(ladder); START=$(date +%s.%N)
M=$(curl -s -X POST $API/bots/$(id "$OTHER")/practice -H "authorization: Bearer $(tok "$OTHER")" -H 'content-type: application/json' -d '{"matches":1,"opponents":["greedy"]}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["match_ids"][0])')
while :; do
  S=$(curl -s $API/matches/$M | python3 -c 'import json,sys; print(json.load(sys.stdin)["status"])')
  [ "$S" = finished ] || [ "$S" = failed ] && break
  NOW=$(date +%s); if (( NOW - ${START%.*} > 120 )); then echo "other's match still $S after 120 s"; break; fi
  sleep 0.2
done
END=$(date +%s.%N); L1=$(ladder)
echo "other contestant's match: $S after $(echo "$END - $START" | bc) s"
echo "ladder during the hog: $((L1-L0)) finished in $(echo "$END - $START" | bc) s"
sleep 10; L2=$(ladder); echo "ladder the next 10 s: $((L2-L1))"
echo "running matches of the hog: $(sqlite3 $DIR/db "SELECT COUNT(*) FROM matches m WHERE status='running' AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id=m.id AND s.bot_id='$(id "$HOG")')")"
kill $SERVER $HOGBOT $QUICKBOT; rm -rf $DIR
