# The card table's words: what every game's table shows.
