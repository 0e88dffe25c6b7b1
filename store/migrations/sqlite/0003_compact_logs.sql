-- Compact match logs. A finished match keeps its action log as one blob (engine/src/log.rs: each
-- decision its index among the legal actions), stamped with the rules version of its game; the
-- say lines move to their own small table. The rows of `actions` are converted to blobs in Rust
-- at start-up (SQL cannot replay a game), in batches, each batch deleting the rows it converted.
-- Seats learn their match's number, so a bot's recent matches are read newest first from an index.

-- The version of the game's rules the match was (or will be) played under. Every match stored
-- before this migration was played under version 1 of its game's rules.
ALTER TABLE matches ADD COLUMN rules_version INTEGER;
UPDATE matches SET rules_version = 1;
-- The action log (NULL until finished, and after the log was dropped or while it is still in
-- `actions` waiting for conversion).
ALTER TABLE matches ADD COLUMN log BLOB;
-- When retention dropped the log (results, seats and ratings stay).
ALTER TABLE matches ADD COLUMN log_dropped_at INTEGER;

-- What a bot said with the action at `idx` of a match's log.
CREATE TABLE says (
    match_number INTEGER NOT NULL REFERENCES matches (number),
    idx          INTEGER NOT NULL,
    text         TEXT NOT NULL,
    PRIMARY KEY (match_number, idx)
) WITHOUT ROWID;

ALTER TABLE seats ADD COLUMN match_number INTEGER;
UPDATE seats SET match_number = (SELECT m.number FROM matches m WHERE m.id = seats.match_id);
DROP INDEX seats_by_bot;
CREATE INDEX seats_by_bot ON seats (bot_id, match_number);

-- Retention finds the ladder matches whose logs are old (the index holds only those with a log).
CREATE INDEX ladder_logs ON matches (finished_at) WHERE kind = 'ladder' AND log IS NOT NULL;
