# The match page (/matches/ID): the player, the move log, the analysis, the seats.

match-title = Match { $id }
match-heading = Match
match-missing = There is no match "{ $id }".
match-result = Result:
match-fault-link = { $name } faulted at step { $step } ({ $kind }) →
match-forfeits = { $words }; forfeits for its fault
# A match's status and kind as the server stores them.
match-status =
    { $status ->
        [queued] queued
        [running] running
        [finished] finished
        [failed] failed
       *[other] { $status }
    }

## The player's controls.

match-table = The table
match-controls = Step through the match
match-first = start
match-first-title = First step (Home)
match-prev-deal = « deal
match-prev-deal-title = Start of this or the previous deal (Page Up)
match-prev-trick = ‹ trick
match-prev-trick-title = Start of this or the previous trick (Shift+←)
match-back-title = Step back (←)
match-play = ▶ play
match-pause = ⏸ pause
match-play-title = Play or pause (space)
match-forward-title = Step forward (→)
match-next-trick = trick ›
match-next-trick-title = Next trick (Shift+→)
match-next-deal = deal »
match-next-deal-title = Next deal (Page Down)
match-last = end
match-last-title = Last step (End)
match-scrub = Step
match-loading = loading…
match-speed = speed
match-speed-option =
    { $count ->
        [one] { $count } step/s
       *[other] { $count } steps/s
    }
match-view = view
match-view-all = all hands
match-view-seat = { $name }'s own view (seat { $seat })
match-needs-script = The table needs JavaScript.
match-keys = Keys: ← → step, Shift+← → trick, Page Up/Down deal, Home/End, space to play.

## What the player says (web/static/replay.js).

match-step-of = step { $step } of { $last }
match-step-of-live = step { $step } of { $last } (live)
match-step-of-unavailable = step { $step } of { $last } (the live feed is unavailable; reload to follow)
match-sealed-label = sealed
match-step = Step { $step }:
match-dealt = The deal, before the first move.
match-by-substitute = played by the house bot for a faulted seat
match-ms = { $ms } ms
match-not-recorded = Not recorded for this match (what a bot was sent is kept only once a match is finished).
match-sent-view = View
match-sent-legal = Legal actions (by index)
match-answer-status = HTTP status
match-answer-time = Time
match-answer-body = Body (first bytes)
match-answer-refused = Refused because
match-answer-none = none
match-faulted-here = { $name } faulted here: { $kind }
match-what-sent = What it was sent
match-sent-for-step = What { $name } was sent for step { $step }
match-sent-now = { $name } is sent this now (step { $step })
match-sent-then = { $name } was sent this for step { $step }
match-not-decision = Not { $name }'s decision at this step.
match-next-decision = Its next decision: step { $step }
match-no-table = No table to show yet.
match-not-kept = The moves of this match are not kept.
match-no-result = none: the match { $status }.
match-no-result-error = none: the match { $status } ({ $error }).
match-cannot-show = The table cannot be shown: { $why }
match-cannot-draw = This page cannot draw { $game } tables.
match-sealed =
    Sealed: { $count ->
        [one] another table of this tournament, still being played,
       *[other] { $count } other tables of this tournament, still being played,
    } had the same cards dealt, so its table, moves and downloads show when the last of them ends. This page opens them by itself then.

## About the match.

match-about = About the match
match-game = Game
match-how-to-play = how to play { $game }
match-status-label = Status
match-kind = Kind
match-kind-rated =
    { $kind ->
        [practice] practice
        [ladder] ladder
        [tournament] tournament
       *[other] { $kind }
    }, rated
match-kind-not-rated =
    { $kind ->
        [practice] practice
        [ladder] ladder
        [tournament] tournament
       *[other] { $kind }
    }, not rated
match-seed = Seed
match-seed-sealed = hidden until every table of this tournament deal has been played
match-seed-hidden = hidden until the match ends
match-options = Options
match-rules = Rules
match-rules-version = version { $version }
match-queued = Queued
match-ended = Ended

## The seats.

match-seats = Seats
match-seat = Seat
match-bot = Bot
match-version = Version
match-place = Place
match-score = Score
match-rating-after = Rating after
match-result-column = Result
match-fault = Fault
match-at-random =
    { $count ->
        [one] { $count } decision played at random
       *[other] { $count } decisions played at random
    }
match-at-random-by-kit =
    { $count ->
        [one] { $count } decision played at random by its kit
       *[other] { $count } decisions played at random by its kit
    }
match-fallback-note =
    Seat { $seat } ({ $name }): { $count ->
        [one] { $count } decision played at random
       *[other] { $count } decisions played at random
    } by its kit after its strategy failed (not faults: the kit caught the error and played on).

## The moves.

match-download = Download:
match-download-replay = replay (JSON)
match-download-log = game log (text)
match-moves = Moves
match-no-moves = No moves stored.
match-no-moves-yet = No moves stored yet: the list is stored when the match ends (the table above follows it live).
match-house-bot = (house bot)
match-house-bot-title = its bot had faulted
match-log-dropped = The log of this ladder match was dropped on { $date } to keep the database small (the server keeps ladder logs for a set time); its results and ratings stay.
match-log-unreadable = The moves cannot be shown: { $why }.

## The analysis (web/static/analysis.js).

analysis-title = Analysis
analysis-about = The expert house bot replays every decision from the deciding seat's own view and estimates what each legal move was worth: its expected place value (1 first, 0 last). A move that gives up 0.15 or more of it is a blunder, 0.05 or more a mistake.
analysis-ask = Analyse this match
analysis-progress = Decisions analysed
analysis-caption = The value of each move taken (bar height), coloured by seat; a line is the best move's value; a mark above a bar is a blunder or a mistake. Choose a bar to go to its step.
analysis-blunder = blunder
analysis-mistake = mistake
analysis-accuracy = Accuracy
analysis-decisions = Decisions
analysis-mean-loss = Mean loss
analysis-mistakes = Mistakes
analysis-blunders = Blunders
analysis-accuracy-note = Each seat's own bot's decisions only: the moves the house bot played for a seat after its fault are not counted.
analysis-errors = Blunders and mistakes
analysis-searched = The expert searched { $ms } ms a decision.
analysis-queued-next = Queued: yours is next; it starts as soon as the expert is free.
analysis-queued =
    { $count ->
        [one] Queued: one analysis starts before yours.
       *[other] Queued: { $count } analyses start before yours.
    }
analysis-running = Analysing: { $done } of { $total } decisions.
analysis-cannot = The analysis cannot be shown: { $why }
analysis-cannot-again = The analysis cannot be shown: { $why } Try again in a while.
analysis-server-answered = the server answered { $status }
analysis-not-yet = Not analysed yet.
analysis-unreachable-retrying = The server cannot be reached; trying again.
analysis-asking = Asking for the analysis…
analysis-unreachable = The server cannot be reached; try again.
analysis-sealed = The analysis can be asked for once the other tables dealt the same cards have been played.
analysis-step-mark = Step { $step }: { $kind ->
        [blunder] blunder
       *[mistake] mistake
    }
analysis-strip-title = The value of each move taken, steps 1 to { $steps }.
analysis-strip-blunders = Blunders at steps { $steps }.
analysis-strip-no-blunder = No blunder.
analysis-strip-mistakes = Mistakes at steps { $steps }.
analysis-strip-no-mistake = No mistake.
analysis-bar = Step { $step }: { $move }, worth { $worth }
analysis-bar-substitute = Step { $step } (the house bot for { $name }): { $move }, worth { $worth }
analysis-bar-expert = { $bar } (the expert's choice)
analysis-bar-best = { $bar }; the best: { $best }, { $worth }
analysis-seat-number = (seat { $seat })
analysis-verdict =
    { $kind ->
        [blunder] blunder
       *[mistake] mistake
    }
analysis-step-link = step { $step }
analysis-substitute = (the house bot for { $name })
analysis-expert-choice = the expert's choice:
analysis-loses = (loses { $loss })
analysis-none = None: every move was within 0.05 of the best.
analysis-mark-loses =
    { $kind ->
        [blunder] blunder
       *[mistake] mistake
    } (loses { $loss })
analysis-expert-too = the expert's choice too (worth { $worth })
analysis-as-good = as good as the expert's choice (worth { $worth })
analysis-worth = (worth { $best }, this move { $taken })
