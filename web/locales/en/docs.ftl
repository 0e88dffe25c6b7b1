# The docs' index (/docs) and the frame of each doc (/docs/NAME); the docs themselves are in
# English in every language.

docs-title = Docs
docs-intro = For contestants: how to join, the protocol your bot speaks, each game's rules and the API. The organiser's guide and the design notes follow.
docs-not-found = There is no doc "{ $page }".
# Shown to a reader of another language, above a doc and on the index.
docs-in-english = The docs are in English.

## Each doc's title
docs-writing-a-bot = How to join: writing a bot
docs-protocol = The bot protocol
docs-api = The HTTP API
docs-tables = Table snapshots
docs-game-durak = Playing durak
docs-game-bridge = Playing bridge
docs-game-durak-duel = Playing durak-duel
docs-game-prsi = Playing prsi
docs-game-most = Playing most
docs-game-fifty-six = Playing fifty-six
docs-rules-durak = The rules of durak
docs-rules-bridge = The rules of bridge
docs-rules-durak-duel = The rules of durak-duel
docs-rules-prsi = The rules of prsi
docs-rules-most = The rules of most
docs-rules-fifty-six = The rules of fifty-six
docs-running-a-contest = Running a contest
docs-scaling = Scaling out: PostgreSQL and workers
docs-operations = Operations: health, metrics, logs, backups, profiling
docs-command-line = The server and the command line
docs-architecture = How cardarena is built
docs-benchmarks = Benchmarks: speed, strength and size
