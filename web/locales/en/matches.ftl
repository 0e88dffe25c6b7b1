# The list of matches (/matches), the pager under every list of matches, the words for a match's
# status, kind and fault kind that the pages share, and the list's parameter errors.

matches-title = Matches
matches-title-game = Matches of { $game }
# A tournament stage's matches; $stage counts from 1.
matches-title-stage = { $tournament }: stage { $stage } matches
# A title narrowed to one kind of match; $kind is one of matches-kind-*.
matches-title-kind = { $title } ({ $kind })
# $link is a link to the page the list comes from.
matches-back = Back to { $link }.
matches-back-leaderboard = { $game } leaderboard
matches-empty = No matches here.
matches-match = Match
matches-when = When
matches-game = Game
matches-kind = Kind
matches-status = Status
matches-places = Places

# The pager, as a screen reader names it, and its links.
matches-pager = Pages
matches-newest = « Newest
matches-newer = ‹ Newer
matches-older = Older ›

## A match's status
matches-status-queued = queued
matches-status-running = running
matches-status-finished = finished
matches-status-failed = failed
matches-status-cancelled = cancelled

## A match's kind
matches-kind-practice = practice
matches-kind-ladder = ladder
matches-kind-tournament = tournament
matches-kind-human = with people

## What a bot did wrong
matches-fault-timeout = timeout
matches-fault-connect = no connection
matches-fault-http-status = HTTP error
matches-fault-too-large = answer too large
matches-fault-bad-json = bad JSON
matches-fault-illegal-action = illegal action

## A list's parameters, checked ($name is the parameter, $value what was given)
matches-error-query-long = The query string is too long.
matches-error-twice = { $name } is given twice.
matches-error-cursor = { $name } is a match number, not "{ $value }".
matches-error-both = Give before or after, not both.
matches-error-per-page = per_page is 1 to { $max }.
matches-error-parameter = There is no parameter "{ $name }" here.
matches-error-kind = kind is practice, ladder, tournament or human, not "{ $value }".
matches-error-game = There is no game "{ $value }".
matches-error-stage = stage is a stage's index from 0, not "{ $value }".
matches-error-stage-pair = tournament and stage go together.
