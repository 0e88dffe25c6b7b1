# The leaderboard (/): each game's table, refreshed live, and the latest tournaments.

leaderboard-title = Leaderboard
leaderboard-ranking = Bots rank by their conservative rating μ − 3σ (μ: estimated skill, σ: its uncertainty).
leaderboard-live = Live: refreshed every 2 s.
# A label, followed by the time of the last refresh (or leaderboard-last-load).
leaderboard-last = Last refresh:
leaderboard-last-load = page load
# Shown on a phone, where the table leaves these columns out.
leaderboard-phone = μ, σ and wins are on each bot's page.
leaderboard-bot = Bot
leaderboard-rating = Rating
leaderboard-matches = Matches
leaderboard-wins = Wins
leaderboard-faults = Faults
# Beside leaderboard-faults on a wider screen.
leaderboard-faults-recent = (recent)
leaderboard-faults-about = faulted matches among its last { $count } ladder and tournament matches
leaderboard-empty = No rated bots yet.
leaderboard-recent-matches = Recent matches of { $game }
leaderboard-recent-about = (every kind, newest first, running ones too)
leaderboard-tournaments = Tournaments
leaderboard-no-tournaments = No tournaments yet.
leaderboard-all-tournaments = All tournaments
leaderboard-more-tournaments = ({ $count } more)
