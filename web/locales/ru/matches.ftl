# The matches list (/matches).
