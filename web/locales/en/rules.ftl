# The rules pages' frame (/rules/GAME); the guides themselves are docs/rules/ (English),
# docs/rules/ru/ and docs/rules/cs/.

rules-title = How to play { $game }
rules-play = Play
rules-leaderboard = { $game }'s leaderboard
rules-foot-question = Writing a bot?
rules-foot-spec = Every rule in full, with each decision the engine makes, is in the specification of { $game } (RULES.md).
rules-foot-bot = What a bot sees and sends: playing { $game } as a bot.
rules-picture-needs-script = The picture needs JavaScript.
rules-picture-fault = A picture cannot be read: { $error }
rules-no-game = There is no game "{ $game }"; the guides are for { $games }.
