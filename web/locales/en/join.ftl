# Joining with a bot (/join) and your bots (/me): the person reads these about their own bots.
# Messages with markup (<a>, <code>) are drawn as HTML: keep their tags and links.

## The registration form (/join)

join-title = Join
join-heading = Join with a bot
join-intro = Register your bot for one game. The server calls it at its URL, or your bot dials out to the server when nobody can reach it (at home, behind a firewall), or you upload it as a WebAssembly module and the server runs it: nothing to host. Start from a <a href="/docs/writing-a-bot">starter kit</a>: Python or JavaScript, one file, nothing to install.
join-name = Bot name
join-name-hint = 1 to 40 letters, digits, <code>-</code>, <code>_</code> or <code>.</code>; a name is never given twice
join-game = Game
join-mode = How the server reaches your bot
join-mode-url = at its URL
join-mode-connect = my bot dials out (no open port)
join-mode-module = the server runs my <code>.wasm</code> module
join-url = The bot's URL
join-url-hint = where the server sends its requests; start the bot first, since the ladder may seat it at once
join-module = The bot's module
join-module-hint = built by your kit's <code>build-wasm.sh</code> (Python, JavaScript, C or Rust); at most 64 MiB
join-sizes = Table sizes it plays on the ladder
join-sizes-hint = every size by default; a policy trained at one size reads that size's observations only: tick just that one (you can change them on My bots)
# A box of the table sizes.
join-seats =
    { $count ->
        [one] { $count } seat
       *[other] { $count } seats
    }
join-register = Register
# Followed by the bot's name, a link to its page.
join-registered = Registered:
join-once = Copy the token and the secret now: they are shown this once.
join-kept = The server keeps only their hashes. This browser keeps the token (not the secret) for <a href="/me">My bots</a>.
join-token = Token
join-token-hint = yours: it manages the bot and asks for practice
join-copy = Copy
join-copy-token = Copy the token
join-secret = Secret
join-secret-hint = your bot's: with it, your bot checks that requests come from this server
join-copy-secret = Copy the secret
join-secret-later = The secret, in case you give this bot a URL later
join-secret-later-note = Only a bot the server calls at a URL uses a secret: the server signs its requests with it. Keep it with the token if you may switch.
join-run = Start your bot
# Followed by what the kit reads from the file.
join-kit-file = Your copy of a kit is <code>~/my-bot</code> (<a href="/docs/writing-a-bot#1-copy-a-kit">How to join</a>, step 1: <code>cp -r bots/kits/python ~/my-bot</code>, or <code>bots/kits/js</code>). Save these lines there as the file <code>.cardarena</code> and make it readable by you alone with <code>chmod 600 .cardarena</code>:
join-copy-file = Copy the lines of .cardarena
join-run-python = Then start it with the Python kit:
join-copy-python = Copy the Python kit's command
join-run-js = or with the JavaScript kit:
join-copy-js = Copy the JavaScript kit's command
join-then = Then
join-next-ping = The server pings your bot; once it answers, the bot is active and the ladder seats it in rated matches.
join-next-me = On <a href="/me">My bots</a>: its status and why, its faults, its rating and rank; practice against the house bots, pause, a new version or URL.
# Followed by a link to the bot's public page.
join-next-page = Its public page, with every match and fault:
join-bot-page = the bot's page

## What the form's script says

join-note-host = HOST=0.0.0.0 makes the kit listen on every interface, so that the server can reach it.
join-note-https = The kits speak plain HTTP: put yours behind a proxy that serves HTTPS at this URL and passes requests to the port.
join-reads-connect = the kit reads the server's address, the bot's id and its token from it, which keeps the token out of your shell's history and the process list.
join-note-connect = Your bot dials out: it connects to this server with its id and token, so it needs no open port, and nothing it is sent is signed.
join-reads-secret = the kit reads its secret from it, which keeps the secret out of your shell's history and the process list.
join-note-url = The server calls your bot at { $url }. Restart your bot once .cardarena holds its secret (or start it, if it is not running yet): with the secret it checks that requests come from this server; without it, it answers anyone's.
join-once-token = Copy the token now: it is shown this once.
# $mybots is a link to My bots.
join-kept-token = The server keeps only its hash. This browser keeps it for { $mybots }.
join-my-bots = My bots
join-token-hint-connect = yours and your bot's: it manages the bot, and your bot connects with it
join-token-hint-module = yours: it manages the bot and uploads its new modules
join-run-module = Your module
# $why is the error in words, a whole sentence.
join-module-refused = The bot is registered, but its module was not taken: { $why } Upload it again from My bots.
join-module-runs = The server runs your module (version { $version }): there is nothing to start. Each new module you upload from My bots is a new version.
join-tick-size = Tick at least one table size: the ladder seats your bot only at the sizes ticked.
join-need-url = Give the URL where the server can call your bot, or choose "{ join-mode-connect }".
join-need-module = Choose your bot's module: the .wasm file your kit's build-wasm.sh made.
join-not-registered = Not registered: { $why }
join-copied = Copied.
join-selected = Selected: press Ctrl+C (⌘C) to copy.

## An error of the API in words, on both pages

# $detail is the API's own words (a phrase); a hint for the kinds of error a person meets follows it.
mybots-failure =
    { $kind ->
        [name_taken] { $detail }. Choose another name.
        [unauthorized] { $detail }. This browser's token is not the bot's (was the bot removed?).
        [forbidden] { $detail }. This browser's token belongs to another bot.
        [rate_limited] { $detail }. Wait a little and try again.
        [database_unavailable] { $detail }. Try again in a moment.
        [held] { $detail }. The organiser holds this bot: it plays nothing until they lift it.
        [bad_module] { $detail }. Build it with your kit's build-wasm.sh, and check it with cardarena module check.
        [busy] { $detail }. Upload it again in a few seconds.
       *[other] { $detail }.
    }
mybots-unreachable = the server could not be reached ({ $why })
mybots-http-status = the server answered { $status }

## My bots (/me)

me-title = My bots
me-heading = My bots
me-intro = The bots registered from this browser, or added below with their token. Their tokens are kept in this browser only, and sent to nowhere but this server's API; anyone who uses this browser can act on them. <a href="/join">Register another</a>.
me-loading = Loading… (this page needs JavaScript)
me-empty = No bot yet: <a href="/join">register one</a>.
me-add-title = Add a bot you registered elsewhere
me-add-note = Registered with curl, a kit or another browser? Give its id and the token its registration showed: this page asks this server's API whether the token is the bot's, and keeps it here only then.
me-add-id = Bot id
me-add-token = Token
me-add-button = Add the bot

## A bot's card on My bots

me-fact-status = Status
me-fact-why = Why
me-fact-faults = Recent faults
me-fact-probation = Last probation
me-fact-rating = Rating
me-fact-rank = Rank
me-fact-program = Program
me-fact-sizes = Table sizes
me-status-active = active: it plays on the ladder
# Why a bot is paused; an unknown reason is shown as the server names it.
me-status-paused =
    { $reason ->
        [unchecked] waiting for it to answer the server's ping
        [faults] paused for faults (on probation)
        [owner] paused by you
        [organiser] paused by the organiser
        [disqualified] disqualified by the organiser
       *[other] paused ({ $reason })
    }
me-status-removed = removed: it plays no more (Forget drops it from this list)
me-faults = { $faults } of its last { $matches ->
        [one] { $matches } ladder and tournament match
       *[other] { $matches } ladder and tournament matches
    }
# The last probation match a bot failed: the kind of fault, then the server's detail.
me-probation =
    { $kind ->
        [timeout] failed: no answer in time ({ $detail })
        [connect] failed: the bot could not be reached ({ $detail })
        [http_status] failed: an error status ({ $detail })
        [too_large] failed: an answer too large ({ $detail })
        [bad_json] failed: an answer that is not the protocol's JSON ({ $detail })
        [illegal_action] failed: an illegal move ({ $detail })
       *[other] failed: { $kind } ({ $detail })
    }
me-rating = { $rating } (μ { $mu }, σ { $sigma }), { $matches ->
        [one] { $matches } rated match
       *[other] { $matches } rated matches
    }
me-no-rating = none yet: it gets one from its first rated ladder match
me-rank = { $place } of { $of } on the { $game } leaderboard
me-program-module = version { $version }, the module { $module }… run by the server
me-program-no-module = no module uploaded yet: upload one below
me-program-url = version { $version }, at { $url }
me-program-connect = version { $version }, dials out
# The table sizes a bot plays on the ladder: $sizes lists them ("2 and 3"), $count is the last.
me-sizes-only-one = Plays the ladder at { $sizes } { $count ->
        [one] seat
       *[other] seats
    }, the only size { $game } seats.
me-sizes-every = Plays the ladder at { $sizes } { $count ->
        [one] seat
       *[other] seats
    }: every size { $game } seats.
me-sizes-one = Plays the ladder at { $sizes } { $count ->
        [one] seat
       *[other] seats
    } only.
me-sizes-some = Plays the ladder at { $sizes } { $count ->
        [one] seat
       *[other] seats
    }.
# $sentence is one of the four above.
me-sizes-kept = { $sentence } The ladder seats it only there from now on.

## A bot's buttons on My bots

me-practice = Practice (unrated), against the house bots
me-players = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
me-opponent = Opponent { $n }
me-table = Table
me-matches = Matches
me-start-practice = Start practice
me-practice-failed = Practice not started
me-practice-queued = { $count ->
        [one] { $count } practice match queued (unrated): { $links }
       *[other] { $count } practice matches queued (unrated): { $links }
    }
me-match-link = match { $n }
me-on-ladder = On the ladder
me-pause = Pause
me-resume = Resume
me-pause-hint = a paused bot plays no ladder match; practice still works
me-sizes-legend = Table sizes it plays on the ladder
me-keep-sizes = Keep these sizes
me-tick-size = Tick at least one table size: the ladder seats the bot only at the sizes ticked.
me-sizes-failed = Table sizes not changed
me-sizes-advice = A bot whose policy was trained at one table size should play the ladder at that size only: its observation (and in some games its actions) depends on the number of seats.
me-program = Its program
me-not-resumed = Not resumed
me-not-paused = Not paused
me-resumed = Resumed: the server pings it, and it plays once it answers.
me-paused = Paused: the ladder seats it no more until you resume it.
me-note = Note
me-note-placeholder = what changed (optional)
me-new-version = New version
me-version-failed = No new version
me-version-started = Version { $version } started: its rating carries over with a wider uncertainty.
me-new-url = New URL
me-use-url = Use this URL
me-url-failed = URL not changed
me-url-changed = It now plays at { $url } (version { $version }), once it answers a ping.
me-new-module = New module
me-upload = Upload this module
me-choose-module = Choose the .wasm file your kit's build-wasm.sh made.
me-module-failed = Module not taken
me-module-taken = Version { $version } runs this module: its rating carries over with a wider uncertainty.
me-delete = Delete…
me-delete-confirm = Delete { $name } for good? It plays no more and its name is never given again; its matches stay.
me-delete-failed = Not deleted
me-deleted = { $name } is deleted.
me-forget = Forget
me-forget-confirm = Forget { $name } in this browser? The bot goes on playing; without its token you cannot manage it from here again.
me-forgotten = { $name } is forgotten in this browser.
me-forget-hint = Forget drops the token from this browser; the bot goes on
# An action that failed ($failed, as above), then why.
me-failed = { $failed }: { $why }
me-read-failed = Could not read it: { $why }
me-games-failed = The games could not be read: { $why }

## Adding a bot on My bots

me-add-missing = Not added: give both the bot's id and its token.
me-checking = Checking…
me-add-known = { $name } was already here: its token is updated.
me-added = { $name } is added to your bots above.
# The API's refusal ($detail, a phrase), then what to check.
me-add-refused =
    { $kind ->
        [unauthorized] Not added: { $detail }. Check the token: the one its registration showed, copied whole.
        [forbidden] Not added: { $detail }. This token is another bot's: check the id.
       *[not_found] Not added: { $detail }. Check the id: it is in its registration's answer and at the end of its page's address.
    }
me-add-failed = Not added: { $why }
