# The API's error details for people, in English (the error code stays an English word for programs).

api-token-missing = send the token as `Authorization: Bearer <token>`
api-token-not-ascii = the Authorization header must be plain ASCII
api-token-not-bearer = the Authorization header must be `Bearer <token>`
api-token-empty = the bearer token is empty
api-not-organiser = this is not the organiser's token
api-token-unknown = this token belongs to no bot
api-token-other-bot = this token belongs to another bot
api-unknown-game = no game { $name }; the games are { $games }
api-no-bot = no bot { $id }
api-no-match = no match { $id }
api-no-tournament = no tournament { $id }
api-no-action = no action { $id }
api-internal = the server failed; the error is logged
api-name-taken = a bot named { $name } exists already
api-versions-per-bot = a bot starts at most { $max } versions an hour (new URLs and new programs together): try again later
api-database-unavailable = the database cannot be reached right now; try again shortly
api-no-route = no such API route
api-body-broken = the body did not arrive: { $reason }
api-body-timeout = the request's body did not arrive within { $ms } ms
api-body-too-large = a request body has at most { $max } bytes
api-method-not-allowed = this route allows { $allowed }
api-list-none = { "" }
api-list-one = { $item }
api-list-and = { $init } and { $last }
api-list-or = { $init } or { $last }
api-players-range = { $min } to { $max }
api-url-too-long = the bot URL is { $len } bytes long; at most { $max } are allowed
api-url-invalid = the bot URL does not parse: { $reason }
api-url-scheme = the bot URL must start with http:// or https://, not { $scheme }://
api-url-no-host = the bot URL has no host
api-url-credentials = the bot URL must not hold a user name or password; check the signature header instead
api-url-fragment = the bot URL must not have a #fragment
api-url-unresolved = the bot's host { $host } does not resolve: { $reason }
api-url-not-public = the bot's host { $host } is at { $ip }, which is not a public address (loopback, private, link-local and reserved addresses are refused)
api-module-over-limit = the module is { $bytes } bytes; at most { $max } are accepted
api-module-core = this is a core WebAssembly module, not a component: build it with your kit's build-wasm.sh, or wrap it with `cardarena module wrap`
api-module-invalid = the module is not valid WebAssembly: { $reason }
api-module-imports = the module imports what a bot may not use: { $reason }
api-module-interface = the module does not export `handle: func(request: string) -> string`: { $reason }
api-module-start = the module does not start: { $reason }
api-live-match-full = this match has { $count } live viewers, the most allowed; try again later
api-live-server-full = the server has { $count } live viewers, the most allowed; try again later
api-polls-address = this address has { $count } long polls waiting; try again when one ends
api-polls-table = this table has { $count } long polls waiting; try again when one ends
api-sizes-none = name at least one table size: { $game } seats { $seats } players
api-sizes-too-many = a list of table sizes has at most { $max } entries: { $game } seats { $seats } players
api-sizes-unseated = { $game } seats { $seats } players, not { $size }
api-plays-at-only = at { $size } seats only
api-plays-at = at { $sizes } seats
api-outside-sizes = { $bot } plays { $at }; { $what } seats { $size }
api-url-and-connect = a bot has a "url" (it is called) or "connect": true (it connects), not both
api-connect-false-needs-url = "connect": false makes an HTTP bot: give its "url"
api-name-length = a name has 1 to { $max } characters
api-name-characters = a name is made of letters, digits, '-', '_' and '.', and starts with a letter or digit
api-network-registrations = your network registered its { $max } bots this hour; try again later
api-module-bot-program = a module bot ("wasm": true) has neither a "url" nor "connect": its module is uploaded to it
api-program-missing = missing field: give the bot's "url" (it is called there), "connect": true (it connects) or "wasm": true (you upload its module)
api-registrations-full = the server holds { $count } bots that have never answered nor played, as many as it keeps, and registers no more until some of them do; try again later or ask the organiser
api-note-length = a note has at most { $max } characters
api-network-versions = your network's bots started their { $max } versions this hour; try again later
api-nothing-to-change = say what to change: "url" or "connect", "active", "ladder_players", or several of them
api-limit-range = limit is 1 to { $max }
api-missing-game = name the game: ?game=<id>
api-tournament-started = the tournament has started; advance it instead
api-heavy-reads = this address has { $count } frames, downloads or analyses in progress; try again when one ends
api-not-dial-out = this bot is called at its URL; make it a dial-out bot first with PATCH /api/bots/{"{"}id{"}"} {"{"}"connect": true{"}"}
api-not-a-websocket = open this route as a WebSocket: { $reason }
api-ws-method = the method must be GET
api-ws-upgrade = `Connection: upgrade` and `Upgrade: websocket` are needed
api-ws-version = `Sec-WebSocket-Version: 13` is needed
api-ws-key = `Sec-WebSocket-Key` is needed
api-ws-key-unusable = `Sec-WebSocket-Key` is not usable
api-ws-no-upgrade = the connection cannot be upgraded
api-too-many-connections = a bot may hold at most { $max } connections at once
api-connections-full = the server holds as many dial-out connections as it takes; try again later
api-house-bots = { $bots }
api-house-bots-expert = { $bots } (or expert:N, N ms a decision: { $budgets })
api-seats-no-person = name "person" for one seat at least
api-seat-unknown = seat { $seat }: { $name } is neither "person", a house bot of { $game } ({ $bots }) nor a registered bot's id
api-seat-other-game = seat { $seat }: { $bot } plays { $plays }, not { $game }
api-seat-paused = seat { $seat }: { $bot } is paused; only active bots sit at tables
api-seat-long-expert = seat { $seat }: an expert that thinks longer than { $ms } ms a move plays only at a table opened with a bot's token; seat "{ $expert }" instead, or send your bot's token
api-tables-server-full = All { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } the server keeps open are taken. Try again in a few minutes.
api-tables-client-open = You have { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } open already, as many as one person may. Finish or leave one of them first: the Play page lists those this browser opened.
api-tables-network-open = Your network has { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } open already, as many as it may. Finish or leave one of them first.
api-tables-reserved = The server is nearly full: its last { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } are kept for people with no table open. Finish or leave yours, or try again in a few minutes.
api-tables-client-hour = You have opened { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } in the last hour, as many as one person may. Try again later.
api-tables-bot-busy = { $bot } is playing at { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } already, as many as it may. Pick another opponent, or try again in a few minutes.
api-tables-bot-hour = { $bot } has sat at { $count ->
        [one] { $count } table
       *[other] { $count } tables
    } in the last hour, as many as it may. Pick another opponent, or try again later.
api-no-seat = no seat "this token"
api-wait-range = wait is 0 to { $max } seconds
api-not-your-turn = this seat is not asked for a move now
api-seat-replaced = a house bot plays this seat now
api-not-legal = not a legal action
api-turn-number = turn is the turn's number
api-match-over = the match is over
api-practice-outside-sizes = { $outside }: name { $opponents } { $last ->
        [one] opponent
       *[other] opponents
    }, or first add { $size } to its table sizes (on the My bots page, or "ladder_players" with PATCH /api/bots/{"{"}id{"}"})
api-this-practice-match = this practice match
api-opponents-count = { $game } seats { $seats } players: name { $opponents } { $last ->
       *[other] opponents
    }
api-or = { $first } or { $rest }
api-matches-range = ask for 1 to { $max } matches
api-no-house-bot = no house bot { $name } in { $game }; name "self" or one of { $bots }
api-practice-queue-full = { $bot } has { $queued } practice matches queued and may have at most { $max }; asked for { $asked } more: wait for some to finish
api-reason-length = a reason has 1 to { $max } characters, not { $count }
api-by-length = the organiser's name has 1 to { $max } characters, not { $count }
api-reason-control = a reason has no control characters but line breaks and tabs
api-by-control = the organiser's name has no control characters but line breaks and tabs
api-wrong-state = { $bot }: { $now }; one can only { $fits }
api-hold-none = the organiser holds nothing against it
api-hold-paused = the organiser paused it
api-hold-disqualified = it is disqualified
api-only-pause = pause a bot the organiser holds nothing against
api-only-resume = resume a bot the organiser paused
api-only-disqualify = disqualify a bot that is not disqualified
api-only-reinstate = reinstate a disqualified bot
api-only-delete = delete any bot
api-not-a-contestant = { $bot } is not a contestant's bot
api-held-paused = { $bot } plays no match: the organiser paused it (see its page)
api-held-disqualified = { $bot } plays no match: the organiser disqualified it (see its page)
api-match-running = match { $id } is { $status }; it can be analysed once it is finished (its analysis would show hidden cards)
api-analysis-unfinished = match { $id } is { $status }: only a match played to its end is analysed
api-analysis-sealed = match { $id } is dealt the same cards as a tournament match still to be played; it can be analysed once every table of its deal is over
api-text = { $text }
api-log-not-analysable = the log of match { $id } cannot be analysed: { $reason }
api-retention-dropped-it = retention dropped it
api-analysis-failed = the analysis of match { $id } failed: { $reason }
api-analyses-per-hour = you have asked for { $count } analyses this hour; try again later
api-analyses-busy = { $count } analyses are queued or running; try again later
api-analyses-yours = you have { $count } analyses queued or running; ask for another once one is done
api-not-analysed = match { $id } has not been analysed: POST to this address to ask
api-download-unfinished = match { $id } is { $status }; it can be downloaded once it is finished
api-download-sealed = match { $id } is dealt the same cards as a tournament match still to be played; it can be downloaded once every table of its deal is over
api-log-dropped = the log of match { $id } was dropped by retention ({ $log })
api-log-unreadable = the log of match { $id } cannot be read: { $reason }
api-no-text-log = { $game } has no text log
api-module-network-checking = your network has a module being checked already; upload again when it is done
api-module-server-checking = the server is checking other modules; upload again in a few seconds
api-server-stopping = the server is stopping
api-module-size = the module is { $bytes } bytes
api-module-larger = the module is larger than that
api-module-too-large = a module has at most { $max } bytes ({ $mib } MiB); { $size }
api-not-a-module-bot = this bot is not a module bot: register one with "wasm": true
api-module-content-type = upload the module's bytes as the body, with Content-Type: { $type }
api-network-modules = your network uploaded its { $max } modules this hour; try again later
api-network-practice = your network may queue { $max } practice matches an hour, and asking for { $asked } more would pass that; try again later
api-json-content-type = send the body as JSON, with the header Content-Type: application/json
api-json-shape = the body does not fit: { $words }
api-json-missing-field-of = the field { $name } of { $at } is missing
api-json-missing-field = the field { $name } is missing
api-json-unknown-field = there is no field { $name } here
api-json-unknown-field-known = there is no field { $name } here; the fields are { $known }
api-json-field-must-be = { $field } must be { $wanted }, not { $got }
api-json-body-must-be = the body must be { $wanted }, not { $got }
api-json-field-says = { $field }: { $text }
api-json-kind-count = a whole number, 0 or more
api-json-kind-integer = a whole number
api-json-kind-number = a number
api-json-kind-list = a list
api-json-kind-object = an object
api-json-kind-string = a string
api-json-kind-boolean = a boolean
api-json-got-number = the number { $number }
api-json-got-string = the string { $string }
api-json-got-list = a list
api-json-got-object = an object
api-json-not-json = the body is not JSON
api-json-empty = the body is empty: send a JSON object
api-json-syntax = the body is not JSON: { $reason } (line { $line }, column { $column })
api-json-expected-value = expected value
api-json-trailing-characters = trailing characters
api-json-trailing-comma = trailing comma
api-json-key-string = key must be a string
api-json-expected-colon = expected `:`
api-json-expected-comma-brace = expected `,` or `{"}"}`
api-json-expected-comma-bracket = expected `,` or `]`
api-json-eof-value = EOF while parsing a value
api-json-eof-object = EOF while parsing an object
api-json-eof-list = EOF while parsing a list
api-json-eof-string = EOF while parsing a string
api-json-invalid-number = invalid number
api-json-invalid-escape = invalid escape
api-bad-query = Failed to deserialize query string: { $reason }
api-bad-path = Invalid URL: { $reason }
api-tournament-name-length = a name has 1 to { $max } printable characters
api-tournament-no-game = no game { $game }
api-tournament-stage-count = a tournament has 1 to { $max } stages
api-tournament-stage-fault = stage { $index }: { $fault }
api-tournament-first-house = the first stage must be a house stage
api-tournament-deadline = deadline_ms is { $min } to { $max }
api-tournament-time-bank = time_bank_ms is at most { $max }
api-tournament-match-cap = match_time_limit_ms is { $min } to { $max }
api-tournament-options = options: { $reason }
api-tournament-no-opponents = name the house bots in "opponents"
api-tournament-no-house-bot = no house bot { $name }; { $game } has { $bots }
api-tournament-seats = { $game } seats { $seats } players
api-tournament-give-count = give "{ $field }", 1 to { $max }
api-tournament-give-top = give "top"
api-tournament-gauntlet-top = top { $top }: an entrant and { $top } opponents must fit a table of { $seats }
api-tournament-finalists = a final has { $min } to { $max } finalists
api-tournament-final-table = table { $table }: { $seats } players, at most top
api-tournament-same-deals = a final always plays each deal at every seating: leave out "same_deals"
api-tournament-entries-closed = entries closed when the first stage started
api-tournament-disqualified = { $bot } is disqualified by the organiser
api-tournament-wrong-game = { $bot } plays { $plays }, the tournament { $game }
api-tournament-house-opponent = { $bot } is a house opponent of this tournament and cannot be entered
api-tournament-already-entered = { $bot } is entered already
api-tournament-stage = stage { $index } ({ $kind })
api-tournament-this-stage = stage { $index } ({ $kind }) of this tournament
api-tournament-entry-outside = { $outside }: add { $size } to its table sizes (its "ladder_players", on the My bots page or with PATCH /api/bots/{"{"}id{"}"}) to enter it
api-tournament-change-outside = { $bot } is entered in the tournament "{ $tournament }", whose { $stage } seats { $size }: its table sizes keep { $size } until the tournament is over
api-tournament-stage-outside = { $outside }: its owner can add { $size } to its table sizes, or the organiser can disqualify it, and the stage starts then
api-tournament-stage-running = stage { $stage } is not over yet
api-tournament-stage-started = stage { $stage } was started already
api-tournament-finished = the last stage is over: the tournament is finished
api-tournament-no-entries = no bot is entered
api-tournament-few-finalists = { $count } finalists qualified
api-tournament-stage-too-large = the stage would queue { $count } matches, above { $max }
