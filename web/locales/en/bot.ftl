# A bot's page (/bots/ID): its facts, rating and chart, versions, matches, head-to-head record,
# faults, and the organiser's actions and tools (web/static/organiser.js).

bot-not-found = There is no bot "{ $id }".

## The facts
bot-game = Game
bot-kind = Kind
bot-kind-http = http
bot-kind-dial = dial (it connects to the server)
bot-kind-module = module (the server runs its WebAssembly)
bot-kind-house = house
bot-kind-person = person
# After the kind; $id is the house bot's id, set as code.
bot-house-bot = (house bot { $id })
bot-url = URL
bot-registered = Registered
bot-status = Status
bot-removed-by-organiser = removed by the organiser: it plays no more, its results stay
bot-removed-by-owner = removed by its owner: it plays no more, its results stay
bot-status-organiser-paused = paused by the organiser
bot-status-disqualified = disqualified
bot-status-active = active: it plays on the ladder
bot-status-unchecked = paused: it has not answered a ping yet since it was registered, moved or resumed
bot-status-probation = paused: on probation after repeated faults
bot-status-owner = paused: its owner paused it
bot-table-sizes = Table sizes
# $sizes is a list of table sizes (bot-list-*).
bot-ladder-some = Plays the ladder at { $sizes } seats.
bot-ladder-one = Plays the ladder at { $sizes } seats only.
bot-ladder-every = Plays the ladder at { $sizes } seats: every size { $game } seats.
bot-ladder-every-one = Plays the ladder at { $sizes } seats, the only size { $game } seats.
# Lists of numbers: "2 and 3", "2, 3 and 4" (a longer list nests bot-list-more).
bot-list-two = { $first } and { $last }
bot-list-more = { $first }, { $rest }
bot-organiser = Organiser
bot-hold-paused = paused by the organiser: it plays no match until the organiser resumes it (its tournament matches wait)
bot-hold-disqualified = disqualified by the organiser: it plays no match, enters no tournament and ranks nowhere; its results below are kept
bot-why = Why
bot-what-to-do = What to do
# $file, $line, $flag and $play are code; $join and $guide are links (bot-join-link, bot-guide-link).
bot-wrong-secret = Your bot refused the server's ping with 401: it is not using the secret registration gave (it checks the signatures with another one). Put that secret, copied whole, in the kit's settings file { $file } as the line { $line } (or in its environment, which wins over the file), and restart the bot ({ $flag } for a bot under { $play }). Lost the secret? Register again from { $join }. See { $guide }.
# The line of the settings file, with a placeholder for the secret.
bot-secret-line = CARDARENA_SECRET=<the secret>
bot-join-link = Join
bot-guide-link = Set the secret
bot-probation = Probation
bot-probation-about = it comes back on the ladder when a ping passes and then a practice match against the game's first house bot ends with no fault of its own; each probation that faults doubles the wait
bot-probation-match = Probation match
# $match is the match's short id, a link.
bot-probation-match-now = { $match }: queued or being played now
bot-next-check = Next check
bot-next-probation = Next probation
bot-last-probation = Last probation
# How the last probation went; $match is the match's short id, a link.
bot-probation-passed = passed in { $match }
bot-probation-faulted = faulted: { $kind } ({ $detail }) in { $match }
bot-probation-not-played = not played in { $match }
# One of bot-probation-* and when the match ended.
bot-probation-when = { $result }, { $when }
bot-recent-faults = Recent faults
# $faults is "faulted/played", e.g. "3/50"; $rate a percentage.
bot-recent-faults-text = { $faults }: faulted of its last ladder and tournament matches (up to 50)
# A share of matches in percent.
bot-percent = { $percent }%
bot-recent-faults-rate = { $faults } ({ $rate }): faulted of its last ladder and tournament matches (up to 50)
bot-fallbacks = Played at random
bot-fallbacks-none =
    { $seats ->
        [1] none in its one finished match
       *[other] none in its last { $seats } finished matches
    }
# $decisions played at random, in $matches of its last $seats finished matches.
bot-fallbacks-some =
    { $decisions ->
        [one] { $decisions } decision
       *[other] { $decisions } decisions
    } in { $seats ->
        [1] its one finished match
       *[other] { $matches } of its last { $seats } finished matches
    }: its kit caught its strategy failing and played a random legal action instead. These are not faults, but they cost it places: its kit's log says where the strategy failed.

## The rating and its chart
bot-rating-title = Rating
bot-rating = Rating
bot-matches = Matches
bot-wins = Wins
bot-faults-all-time = Faults (all time)
bot-not-rated = Not rated yet: it has played no rated match.
bot-chart-version = version { $version } from rated match { $from }
# The chart's axes.
bot-chart-rating = rating
bot-chart-rated-matches = rated matches
# The chart's key: each $… is a small coloured sample of its line or band.
bot-chart-key = { $mu } μ, its skill, in a { $band } band of μ ± σ; { $low } μ − 3σ, the rating it is ranked by; { $versions } where each version started.
bot-chart-matches =
    { $count ->
        [one] Its { $count } rated match, ending at its rating now.
       *[other] Its { $count } rated matches, ending at its rating now.
    }
bot-chart-matches-drawn = Its { $count } rated matches, drawn as { $points } points, ending at its rating now.

## Versions
bot-versions = Versions
bot-version = Version
bot-started = Started
bot-runs = Runs
bot-start-rating = Rating at its start
bot-note = Note
bot-runs-module = module { $hash }
bot-runs-dial = dial-out
bot-start-newcomer = a newcomer's
# $link is bot-api-lists-them, a link.
bot-earlier-versions =
    { $count ->
        [one] And { $count } earlier version: { $link } (the last 100 are kept one by one).
       *[other] And { $count } earlier versions: { $link } (the last 100 are kept one by one).
    }
bot-api-lists-them = the API lists them

## Matches
bot-matches-title = Matches
bot-filter-kind = Kind
bot-kind-every = every kind
# $stage is bot-filter-stage, a link; $all a link to every match (bot-filter-all).
bot-filter-only = Only { $stage } ({ $all })
bot-filter-stage = stage { $stage } of { $tournament }
bot-filter-all = all matches
bot-filter-show = Show
bot-no-matches = No matches yet.
bot-match = Match
bot-when = When
bot-status-column = Status
bot-seat = Seat
bot-place = Place
bot-score = Score
bot-fault = Fault
bot-against = Against
# A match's kind in words ($name, one of matches-kind-*) when it counted for the rating; $kind
# is the kind's code (practice, ladder, tournament, human), for a language to choose by.
bot-kind-rated =
    { $kind ->
       *[other] { $name }, rated
    }
bot-at-random =
    { $count ->
        [one] { $count } at random
       *[other] { $count } at random
    }
bot-at-random-about = decisions its kit played at random after its strategy failed

## Head to head
bot-h2h = Head to head
bot-h2h-none = No finished matches against other bots yet.
bot-h2h-none-kind = No finished matches of this kind against other bots yet.
# $window: "latest" when only the latest matches are counted, else "all".
bot-h2h-about =
    Against each bot it met, over { $window ->
        [latest] its latest { $count }
       *[all] its { $count }
    } finished matches: a win is a better place, a draw the same place. A match where it met a bot in two seats counts twice.
bot-h2h-about-kind =
    Against each bot it met, over { $window ->
        [latest] its latest { $count }
       *[all] its { $count }
    } finished matches of this kind: a win is a better place, a draw the same place. A match where it met a bot in two seats counts twice.
bot-draws = Draws
bot-losses = Losses

## The organiser's actions
bot-actions = The organiser's actions
bot-action = Action
bot-by = By
bot-earlier-actions =
    { $count ->
        [one] And { $count } earlier action: { $link }.
       *[other] And { $count } earlier actions: { $link }.
    }
bot-action-pause = Pause
bot-action-resume = Resume
bot-action-disqualify = Disqualify
bot-action-reinstate = Reinstate
bot-action-delete = Delete

## Faults
bot-faults-title = Faults on this page
bot-no-faults = No faults among the matches above.
bot-detail = Detail

## The organiser's tools
bot-tools = Organiser
bot-tools-about = For the contest's organiser: the admin token is kept in this tab only (sessionStorage) and sent only to this server's API. Every action is shown on this page with its reason.
bot-tools-token = Admin token
bot-tools-use = Use it
bot-tools-reason-placeholder = what the bot did, for everyone to read
bot-tools-by-placeholder = organiser
bot-tools-forget = Forget the token
bot-tools-checking = Checking the token…
# $why is the server's answer (bot-tools-error or bot-tools-answered).
bot-tools-refused = Not the organiser's token ({ $why })
bot-tools-error = { $error }: { $detail }
bot-tools-answered = the server answered { $status }
bot-tools-unreachable = The server cannot be reached.
bot-tools-sending = Sending…
bot-tools-forgotten = The token is forgotten.
