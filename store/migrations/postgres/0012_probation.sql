-- Probation (issue 24), as SQLite's migration 0012: a bot paused for faults comes back on the
-- ladder only after an unrated practice match against a house bot that ends with no fault of its
-- own, queued by the health loop once a ping passes. A ping shows only that a bot answers, not
-- that it plays.
--
-- The probation match queued or running now, or ended and not yet judged by the health loop;
-- NULL when none is out.
ALTER TABLE bots ADD COLUMN probation_match_id TEXT;
-- The last probation match the health loop judged (passed, faulted, or not played), for the
-- bot's page and JSON.
ALTER TABLE bots ADD COLUMN last_probation_id TEXT;

-- The health loop's look for probations that ended.
CREATE INDEX bots_on_probation ON bots (probation_match_id) WHERE probation_match_id IS NOT NULL;
