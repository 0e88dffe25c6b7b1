-- Bot health: a contestant's bot is 'active' (seated on the ladder) or 'paused', with the reason:
-- 'unchecked' (registered, URL changed or resumed, and no ping answered since), 'faults'
-- (paused after repeated faults) or 'owner'. House bots are always active.
ALTER TABLE bots ADD COLUMN status TEXT NOT NULL DEFAULT 'active'
    CHECK (status IN ('active', 'paused'));
ALTER TABLE bots ADD COLUMN status_reason TEXT
    CHECK (status_reason IN ('unchecked', 'faults', 'owner'));
-- What the last failed check or the pause rule said, for the owner.
ALTER TABLE bots ADD COLUMN status_detail TEXT;
-- When the next ping is due (Unix ms); NULL when none is (active, or paused by its owner).
ALTER TABLE bots ADD COLUMN next_check_at INTEGER;
-- The last back-off delay, in ms: the next one doubles it (capped).
ALTER TABLE bots ADD COLUMN backoff_ms INTEGER NOT NULL DEFAULT 0;
-- When the bot last became active.
ALTER TABLE bots ADD COLUMN active_since INTEGER;
-- Its last (up to) 50 ladder and tournament matches, newest in bit 0: 1 where it faulted.
ALTER TABLE bots ADD COLUMN recent_faults INTEGER NOT NULL DEFAULT 0;
-- How many matches recent_faults holds (at most 50), and how many of them since active_since.
ALTER TABLE bots ADD COLUMN recent_matches INTEGER NOT NULL DEFAULT 0;
ALTER TABLE bots ADD COLUMN matches_since_active INTEGER NOT NULL DEFAULT 0;

-- Contestants' bots of an older database are checked once before they play again.
UPDATE bots SET status = 'paused', status_reason = 'unchecked', next_check_at = 0
    WHERE kind = 'http' AND deleted_at IS NULL;
UPDATE bots SET active_since = created_at WHERE status = 'active';

CREATE INDEX bots_due_for_check ON bots (next_check_at)
    WHERE status = 'paused' AND next_check_at IS NOT NULL AND deleted_at IS NULL;
