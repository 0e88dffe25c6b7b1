-- The entrant a house or gauntlet stage's match is played for (issue 24), as SQLite's
-- migration 0013: a stage ranks each entrant on its own matches alone. NULL for a final's
-- matches, for every other kind of match, and for stages started before this migration.
ALTER TABLE matches ADD COLUMN entrant_id TEXT REFERENCES bots (id);
