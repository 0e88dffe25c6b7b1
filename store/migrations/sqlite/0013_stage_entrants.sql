-- The entrant a house or gauntlet stage's match is played for (issue 24). A gauntlet's best bots
-- are entrants too and also sit in every other entrant's matches, so the stage ranks each
-- entrant on its own matches alone; which those are is stored here, since the seats cannot say
-- it (a best bot's own match may seat only best bots). NULL for a final's matches (every seat
-- counts), for every other kind of match, and for stages started before this migration (their
-- matches were laid out entrant by entrant, in the stage's entrant order: see
-- `tournament::stage_standings`).
ALTER TABLE matches ADD COLUMN entrant_id TEXT REFERENCES bots (id);
