-- Matches are findable: a bot's matches by kind, a game's and a stage's matches, newest first,
-- each read from an index in page-sized steps however long the history.

-- A seat knows its match's kind (a match's kind never changes), so a bot's practice or
-- tournament matches are read from one index rather than by walking all its matches. New seats
-- get it from their match by trigger, so the code that queues matches is unchanged. The index
-- holds only the rare kinds: ladder seats are most seats, and a bot's ladder matches are read from
-- seats_by_bot, skipping its few others (a full index would add some 150 bytes to every match).
ALTER TABLE seats ADD COLUMN match_kind TEXT;
UPDATE seats SET match_kind = (SELECT kind FROM matches m WHERE m.id = seats.match_id);
CREATE TRIGGER seats_match_kind AFTER INSERT ON seats
BEGIN
    UPDATE seats SET match_kind = (SELECT kind FROM matches m WHERE m.id = NEW.match_id)
    WHERE rowid = NEW.rowid;
END;
CREATE INDEX seats_by_bot_kind ON seats (bot_id, match_kind, match_number)
    WHERE match_kind != 'ladder';

-- A game's matches newest first (the leaderboard's "recent matches").
CREATE INDEX matches_by_game ON matches (game, number);

-- A stage's matches in order (replaces the index on the stage alone, which this one covers).
DROP INDEX matches_by_stage;
CREATE INDEX matches_by_stage ON matches (tournament_id, stage, number);
