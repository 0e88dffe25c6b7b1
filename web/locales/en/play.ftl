# The play form (/play) and a person's seat (/play/TOKEN): the person reads these at their own table.

## The play form (/play)

play-title = Play
play-heading = Take a seat
play-my-tables = Your open tables
play-intro = Play a match yourself in the browser: against the house bots, against any live bot of the game (your own included), or with other people, who join through the links you get once the table is open. The match is recorded like any other, with its replay.
play-loading = Loading the games… (this page needs JavaScript)
play-game = Game
play-players = Players
play-my-seat = Your seat
play-short = one deal only
play-who-sits-where = Who sits where
play-start = Start
play-rules = the rules
play-note = A person has a few minutes for each move; a seat left alone that long, or left with "{ play-leave-table }", is played on by a house bot, so the match always ends.
# A link to the API's documentation of tables.
play-note-api = The JSON behind these pages is in the API's documentation.
# The choice of a table size.
play-players-count =
    { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
# A seat in the list of seats to choose yours from.
play-seat-number = #{ $seat }
# A row of "Who sits where": the seat, then who sits there (a list to choose from, or "you").
play-seat-row = Seat #{ $seat } { $who }
play-you = you
play-house-bots = House bots
play-house-bot = { $bot } (house bot)
play-open-seat = an open seat for another person
play-registered-bots = Registered bots
play-rules-of = the rules of { $game }
# The server's reason follows.
play-open-failed = The table could not be opened: { $detail }
play-open-unreachable = The table could not be opened: the server cannot be reached.
play-games-failed = The games cannot be read: { $detail }
# An error answer without words of its own.
play-http-status = status { $status }

## Your open tables, above the form

# A person seat at the table, in the list of the others.
play-another-person = another person
play-standing-turn = { $game } against { $others }: your turn.
play-standing-waiting = { $game } against { $others }: waiting for the others.
play-standing-replaced = { $game } against { $others }: a house bot plays your seat now.
play-back = Back to the table
play-leave = Leave
play-left = You left that table: a house bot plays your seat to its end.
play-leave-failed = You could not leave: { $detail }

## A person's seat (/play/TOKEN)

play-no-seat = There is no seat at this link: check the link you were given, or open a table of your own on the Play page.
play-seat-title = Your seat
play-seat-rules = Rules
play-table-loading = Loading the table…
play-needs-js = The table needs JavaScript.
play-keys-touch = Tap a highlighted card to play it (or tap several, then choose).
play-keys-mouse = Click a highlighted card to play it (or select several, then choose). Keys: 1–9 pick the n-th playable card, Enter confirms, Escape clears.
play-links-title = The other people's seats
play-links-note = Send each link to the person who is to play that seat; whoever holds a link plays the seat.
play-recent = Last moves
play-no-moves = No moves yet.
play-leave-table = Leave the table
play-leave-confirm = A house bot will play your seat, and you forfeit.
play-leave-yes = Leave
play-leave-no = Stay
# The browser tab's title.
play-tab-turn = Your turn · { $game }, seat { $seat } · cardarena
play-tab = { $game }, seat { $seat } · cardarena
play-seat-heading = { $game }: your seat is #{ $seat }
play-rules-title = Rules of { $game }
play-cannot-draw = This page cannot draw { $game } tables.
# The names of the seats at your table: yours, and another person's.
play-name-you = you
play-name-person = a person
play-name-person-n = a person ({ $n })
play-turn = Your turn: play a highlighted card or choose an action.
# $clock is minutes and seconds, 1:05.
play-turn-clock = Your turn: play a highlighted card or choose an action. { $clock } left.
play-house-in-seat = The house bot in your seat is to play.
play-waiting = Waiting for { $name } (#{ $seat }) to play.
play-over = The match is over.
# Why a house bot took your seat: you left, you did not move in time, or another reason.
play-replaced-over =
    { $why ->
        [left] A house bot played your seat to the end (you left the table).
        [timeout] A house bot played your seat to the end (you did not move in time).
       *[other] A house bot played your seat to the end.
    }
play-replaced-now =
    { $why ->
        [left] A house bot plays your seat now (you left the table): the match goes on without you.
        [timeout] A house bot plays your seat now (you did not move in time): the match goes on without you.
       *[other] A house bot plays your seat now: the match goes on without you.
    }
play-result = Result
play-unfinished =
    { $status ->
        [failed] The match did not finish: it failed on the server.
        [cancelled] The match did not finish: it was cancelled.
       *[other] The match did not finish.
    }
play-col-place = Place
play-col-seat = Seat
play-col-player = Player
play-col-score = Score
# How your match went: the game's words for your place ($words), then the forfeit if a house bot played your seat out.
play-summary = You: { $words }.
play-summary-forfeit = You: { $words }. Your seat forfeits (a house bot played it out): it is ranked last.
play-replay = The replay, with every hand
# Your place, when the game's own words are not at hand.
play-place-draw = a draw
play-place-won = won
play-place-last = last
play-place =
    { $place ->
        [1] first
        [2] second
        [3] third
        [4] fourth
        [5] fifth
        [6] sixth
        [7] seventh
        [8] eighth
       *[other] { $place }th
    }
play-place-shared = shared { play-place } with { $others }
# A move a house bot made for you.
play-substitute = (house bot)
play-refused = That move was refused: { $detail }
play-send-failed = The move could not be sent (the connection failed); try again.
play-no-such-seat = There is no such seat: check the link you were given.
play-cannot-follow = The table cannot be followed right now ({ $why }); trying again…
play-unreachable = the server cannot be reached
play-link-label = the link of seat { $seat }
play-link-seat = Seat #{ $seat }
play-copy = Copy
play-copied = copied
play-copy-selected = selected: copy it with Ctrl+C

## The hand's controls

# The cards selected so far.
play-selected = Selected: { $cards }
play-select-more-or = …or select more cards for another move.
play-select-more = Select more cards: this makes no move alone.
play-clear = Clear
# A playable card as a button: the rank printed on it, then its name ("J, jack of hearts").
play-card-button = { $rank }, { $name }
# A hint under the buttons, naming the button it is for.
play-hint-for = { $label }: { $hint }
play-joker =
    { $colour ->
        [red] red joker
       *[black] black joker
    }
