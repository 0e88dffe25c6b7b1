-- Bots choose their tables (issue 44, item 2), as SQLite's migration 0020: the table sizes a bot
-- plays on the ladder, as a JSON array of player counts, sorted and without duplicates
-- ("[2, 3]"); NULL for every size the game seats. Text, as the stage entrants' list is, so both
-- backends read it the same way.
ALTER TABLE bots ADD COLUMN ladder_players TEXT;
