-- The same SQL on SQLite and PostgreSQL (issue 16), as SQLite's migration 0009.

-- Entries of the same millisecond are ordered by `seq` (1, 2, … within a tournament), which the
-- store writes with each entry; SQLite's rowid did this before.
ALTER TABLE tournament_entries ADD COLUMN seq BIGINT NOT NULL DEFAULT 0;

-- Names order byte by byte, as SQLite orders them, whatever the database's locale: the
-- leaderboard's ties and the bots list's pages (`?after=NAME`) read the same on both.
ALTER TABLE bots ALTER COLUMN name TYPE TEXT COLLATE "C";
