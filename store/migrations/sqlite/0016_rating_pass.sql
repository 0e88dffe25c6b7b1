-- Ratings applied by one pass at a time (issue 30): a rated match's result is stored with
-- `rating_due = 1`, and the rating pass (whichever process holds its lock) applies the due
-- results in the order they finished, numbers them (`rating_seq`) and clears the flag. Matches
-- finished before this migration were rated with their results.
ALTER TABLE matches ADD COLUMN rating_due INTEGER NOT NULL DEFAULT 0 CHECK (rating_due IN (0, 1));
-- The pass's reading of what is due, oldest first; empty almost always.
CREATE INDEX matches_rating_due ON matches (finished_at, number) WHERE rating_due = 1;
