# The list of tournaments (/tournaments) and a tournament's page (/tournaments/ID), with its live
# script (web/static/tournament.js).

tournaments-not-found = There is no tournament "{ $id }".
tournaments-title = Tournaments
tournaments-empty = No tournaments yet.
tournaments-name = Name
tournaments-game = Game
tournaments-status = Status
tournaments-stage = Stage
tournaments-podium = Podium
tournaments-created = Created
tournaments-data = Data
tournaments-stage-none = not started
# The stage now: $stage of $stages (counted from 1), and its kind.
tournaments-stage-of = { $stage } of { $stages }: { $kind }

# On the leaderboard, a running tournament's status with its stage (tournaments-stage-of).
tournaments-line-running = running (stage { $stage })

## Statuses and the kinds of stages
tournaments-status-open = open
tournaments-status-pending = pending
tournaments-status-running = running
tournaments-status-finished = finished
tournaments-kind-house = house
tournaments-kind-gauntlet = gauntlet
tournaments-kind-final = final

## A podium: each $bot is a link, each $mean a number
tournaments-first = Winner: { $bot } (mean { $mean })
tournaments-second = second: { $bot } ({ $mean })
tournaments-third = third: { $bot } ({ $mean })
tournaments-podium-two = { $first }; { $second }
tournaments-podium-three = { $first }; { $second }; { $third }

## A tournament's page
tournaments-current-stage = Current stage
tournaments-current = stage { $stage } of { $stages }: { $kind }
tournaments-current-open = none yet: entries are open
tournaments-current-none = none
tournaments-podium-later = decided when the last stage is over
tournaments-stages = Stages
tournaments-auto = each starts by itself when the previous one is over
tournaments-manual = the organiser starts each one
tournaments-entries = Entries
tournaments-entries-none = none yet
tournaments-api = API
# $updated is the time of the last refresh (at first tournaments-page-load).
tournaments-about = A match's result is its place scaled from 1 (first) to 0 (last); tied bots share the places they occupy, each scoring the value of their average place (the two survivors of a three-player durak 0.75 each, the fool 0), so a match's results always add up to half its players. Standings rank bots by their mean result, shown with its 95% confidence interval; in a house or gauntlet stage a bot is judged on its own matches only, not on those it sat in as another entrant's opponent. A bot's count of matches links to its matches. The podium of a stage is the best three of its standings once it is over; that of the tournament is its last stage's. A head-to-head cell counts the row's wins–losses–draws against the column's bot. Live: refreshed every 2 s while the tournament runs, last at { $updated }.
tournaments-page-load = page load
tournaments-stage-title = Stage { $stage }: { $kind }
tournaments-stage-matches = the stage's matches
tournaments-progress-none = no matches yet
tournaments-progress = { $finished }/{ $total } finished
tournaments-progress-running = { $count } running
tournaments-progress-queued = { $count } queued
tournaments-progress-failed = { $count } failed
tournaments-progress-cancelled = { $count } cancelled
# Joins the progress's parts: "3/6 finished, 1 running".
tournaments-list = { $first }, { $rest }
tournaments-standings = Standings
tournaments-standings-none = No standings yet: the stage has not started.
tournaments-bot = Bot
tournaments-rank = Rank
tournaments-matches = Matches
tournaments-mean = Mean ± 95% CI
tournaments-total = Total
tournaments-mean-score = Mean score
tournaments-faults = Faults
tournaments-skipped = skipped
tournaments-skipped-about = skipped for faulting in most of its matches
tournaments-disqualified = disqualified
tournaments-disqualified-about = disqualified by the organiser: its results are shown, it ranks nowhere
tournaments-h2h = Head to head
tournaments-h2h-none = No meetings yet.
tournaments-against = against { $bot }

## A stage's key figures
tournaments-entrants = Entrants
tournaments-house-bots = House bots
tournaments-opponents = Opponents
tournaments-finalists = Finalists
tournaments-deals = Deals
tournaments-table = Table
tournaments-deadline = Deadline
tournaments-time-bank = Time bank
tournaments-match-cap = Match cap
tournaments-options = Options
tournaments-every-entered = every entered bot
tournaments-top-of = the top { $top } of stage { $stage }
tournaments-not-skipped = every bot of stage { $stage } not skipped
tournaments-per-entrant = { $count } per entrant
tournaments-deals-each = { $count }, each played in every seating
tournaments-players =
    { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
tournaments-per-decision = { $ms } ms per decision
tournaments-bank-none = none
tournaments-per-bot = { $ms } ms per bot and match
tournaments-duration-ms = { $ms } ms
tournaments-duration-s = { $seconds } s
