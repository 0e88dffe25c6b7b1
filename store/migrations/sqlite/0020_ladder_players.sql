-- Bots choose their tables (issue 44, item 2): the table sizes a bot plays on the ladder, as a
-- JSON array of player counts, sorted and without duplicates ("[2, 3]"), each one its game
-- seats; NULL for every size the game seats (every bot registered before, and every house bot).
-- The server checks the list where it arrives (the API); the ladder seats the bot only at these
-- sizes, its probation match is at the smallest, and practice and tournament entry refuse a size
-- outside it.
ALTER TABLE bots ADD COLUMN ladder_players TEXT;
