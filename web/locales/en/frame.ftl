# The site's frame: the header, its menus, the footer's language switch and the error pages.

# The language's own name, as the switch on every page shows it.
language-name = English
# The label of the language switch.
language-label = Language

# The header's two menus, as a screen reader names them.
nav-site = Site
nav-docs = Docs
# The button that opens the menu on a phone.
menu-button = Menu
nav-leaderboard = Leaderboard
nav-tournaments = Tournaments
nav-play = Play
nav-join = Join
nav-my-bots = My bots
# Followed by the games' names, each a link to its leaderboard.
nav-leaderboard-of = Leaderboard of:
nav-docs-index = Docs
nav-doc-writing-a-bot = How to join
nav-doc-protocol = Protocol
nav-doc-api = API
# Followed by the games' names, each a link to its rules.
nav-rules-of = Rules:

error-not-found = Not found
error-bad-request = Bad request
error-server = Server error
error-server-detail = Something went wrong on our side; it has been logged.
error-no-page = There is no page at this address: it may have moved, or the link may be mistyped.
error-ways-on = Where to go from here:
error-way-home = The leaderboard (home)
error-way-play = Play a match yourself
error-way-docs = The docs
