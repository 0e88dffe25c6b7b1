-- Dial-out bots and bot versions (issue 17), as SQLite's migration 0011.
--
-- Bots gain the kind 'dial': a contestant's bot that connects to the server (a WebSocket) rather
-- than being called, so it has no URL.
--
-- Every change of a contestant's program starts a new version: `bot_versions` keeps each one
-- (where it ran, the owner's note, when, the rating it started from, the matches it finished),
-- and each seat records the version that played it (NULL for house bots and people, which have
-- no versions). Existing contestants' bots become version 1 with the seats they played.

ALTER TABLE bots DROP CONSTRAINT bots_kind_check;
ALTER TABLE bots ADD CONSTRAINT bots_kind_check
    CHECK (kind IN ('http', 'dial', 'house', 'person'));

-- One row per version of a contestant's bot, numbered 1, 2, … per bot.
CREATE TABLE bot_versions (
    bot_id     TEXT NOT NULL REFERENCES bots (id),
    version    BIGINT NOT NULL,
    -- 'http' at `url`, or 'dial' (it connects; no URL).
    kind       TEXT NOT NULL CHECK (kind IN ('http', 'dial')),
    url        TEXT,
    -- The owner's words on what changed (at most 200 characters), if any.
    note       TEXT,
    created_at BIGINT NOT NULL,
    -- The bot's rating when the version started (its uncertainty already widened); NULL when
    -- the bot had none yet.
    mu         DOUBLE PRECISION,
    sigma      DOUBLE PRECISION,
    -- Finished matches this version played.
    matches    BIGINT NOT NULL DEFAULT 0,
    -- The bot's rated match (its `seats.rated_nth`) at which this version's rated play starts.
    from_rated BIGINT NOT NULL,
    PRIMARY KEY (bot_id, version),
    CHECK ((kind = 'http') = (url IS NOT NULL))
);
INSERT INTO bot_versions (bot_id, version, kind, url, created_at, matches, from_rated)
    SELECT b.id, 1, 'http', b.url, b.created_at,
           (SELECT COUNT(DISTINCT s.match_id) FROM seats s JOIN matches m ON m.id = s.match_id
            WHERE s.bot_id = b.id AND m.status = 'finished'),
           1
    FROM bots b WHERE b.kind = 'http';

-- The version of the bot that played the seat (contestants' bots only).
ALTER TABLE seats ADD COLUMN version BIGINT;
UPDATE seats SET version = 1 WHERE bot_id IN (SELECT id FROM bots WHERE kind = 'http');

-- Which of the bot's rated matches this was: 1, 2, … in the order its results moved its rating
-- (so a rating chart's x, and where a version's rated play starts, cost no count).
ALTER TABLE seats ADD COLUMN rated_nth BIGINT;
UPDATE seats SET rated_nth = r.n
    FROM (SELECT s.match_id, s.seat,
                 ROW_NUMBER() OVER (PARTITION BY s.bot_id ORDER BY m.rating_seq) AS n
          FROM seats s JOIN matches m ON m.id = s.match_id
          WHERE s.mu_after IS NOT NULL) AS r
    WHERE seats.match_id = r.match_id AND seats.seat = r.seat;
