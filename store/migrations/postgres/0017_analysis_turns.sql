-- Analyses served in turns (issue 41): who asked for each (`bot:ID` for a bot's owner,
-- `net:NETWORK` for a request without a token, `organiser`), so that the queue serves
-- requesters in turns, counts what each has pending, and charges their searches to them; when
-- its requester's turn last came (`claimed_at`, Unix ms); and when anyone last asked how it
-- stands (`viewed_at`), so that a full queue drops one nobody is waiting for. Rows from before
-- share the requester ''.
ALTER TABLE analyses ADD COLUMN requester TEXT NOT NULL DEFAULT '';
ALTER TABLE analyses ADD COLUMN claimed_at BIGINT;
ALTER TABLE analyses ADD COLUMN viewed_at BIGINT;
-- A requester's last turn and what it has pending.
CREATE INDEX analyses_requester ON analyses (requester, status);
