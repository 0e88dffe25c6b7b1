-- The fair queue: every match gets an owner, the party whose turn it takes in the scheduler's
-- round-robin ('bot:<id>' for a practice match, the bot that asked for it; 'ladder:<game>';
-- 'tournament:<id>'), and the queue remembers when each owner was last served.

ALTER TABLE matches ADD COLUMN owner TEXT NOT NULL DEFAULT '';

UPDATE matches SET owner = CASE kind
    WHEN 'tournament' THEN 'tournament:' || tournament_id
    WHEN 'ladder' THEN 'ladder:' || game
    ELSE 'bot:' || COALESCE(
        (SELECT MIN(s.bot_id) FROM seats s JOIN bots b ON b.id = s.bot_id
         WHERE s.match_id = matches.id AND b.kind = 'http'),
        '')
END;

-- Queued matches by owner, oldest first: the claim walks owners and takes each one's oldest
-- claimable match without scanning the queue.
CREATE INDEX matches_queued_by_owner ON matches (owner, number) WHERE status = 'queued';

-- The round-robin's memory: the claim sequence number of each owner's last claimed match.
CREATE TABLE queue_turns (
    owner  TEXT PRIMARY KEY,
    served INTEGER NOT NULL
);
