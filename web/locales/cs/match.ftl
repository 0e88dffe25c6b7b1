# The match page (/matches/ID): the player, the move log, the analysis.
