-- no-transaction
-- Dial-out bots and bot versions (issue 17).
--
-- Bots gain the kind 'dial': a contestant's bot that connects to the server (a WebSocket) rather
-- than being called, so it has no URL. SQLite cannot change a CHECK constraint in place, so
-- `bots` is rebuilt the twelve-step way, as in 0008 (no trigger names `bots` since 0009).
--
-- Every change of a contestant's program starts a new version: `bot_versions` keeps each one
-- (where it ran, the owner's note, when, the rating it started from, the matches it finished),
-- and each seat records the version that played it (NULL for house bots and people, which have
-- no versions). Existing contestants' bots become version 1 with the seats they played.

PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE bots_new (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL UNIQUE,
    game                 TEXT NOT NULL,
    -- 'http': a contestant's bot at `url`; 'dial': a contestant's bot that connects to the server
    -- (no URL); 'house': the game's house bot `house_id`, in process; 'person': the people who
    -- sit at the game's tables (one row per game).
    kind                 TEXT NOT NULL CHECK (kind IN ('http', 'dial', 'house', 'person')),
    url                  TEXT,
    house_id             TEXT,
    -- SHA-256 (hex) of the owner's bearer token and of the signing secret; neither is stored.
    token_hash           TEXT,
    secret_hash          TEXT,
    created_at           INTEGER NOT NULL,
    deleted_at           INTEGER,
    status               TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
    status_reason        TEXT CHECK (status_reason IN ('unchecked', 'faults', 'owner')),
    status_detail        TEXT,
    next_check_at        INTEGER,
    backoff_ms           INTEGER NOT NULL DEFAULT 0,
    active_since         INTEGER,
    recent_faults        INTEGER NOT NULL DEFAULT 0,
    recent_matches       INTEGER NOT NULL DEFAULT 0,
    matches_since_active INTEGER NOT NULL DEFAULT 0,
    CHECK ((kind = 'http') = (url IS NOT NULL)),
    CHECK ((kind = 'house') = (house_id IS NOT NULL))
);
INSERT INTO bots_new (id, name, game, kind, url, house_id, token_hash, secret_hash, created_at,
                      deleted_at, status, status_reason, status_detail, next_check_at, backoff_ms,
                      active_since, recent_faults, recent_matches, matches_since_active)
    SELECT id, name, game, kind, url, house_id, token_hash, secret_hash, created_at,
           deleted_at, status, status_reason, status_detail, next_check_at, backoff_ms,
           active_since, recent_faults, recent_matches, matches_since_active
    FROM bots;
DROP TABLE bots;
ALTER TABLE bots_new RENAME TO bots;
CREATE INDEX bots_by_game ON bots (game) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX bots_by_token ON bots (token_hash);
CREATE INDEX bots_due_for_check ON bots (next_check_at)
    WHERE status = 'paused' AND next_check_at IS NOT NULL AND deleted_at IS NULL;

-- One row per version of a contestant's bot, numbered 1, 2, … per bot.
CREATE TABLE bot_versions (
    bot_id     TEXT NOT NULL REFERENCES bots (id),
    version    INTEGER NOT NULL,
    -- 'http' at `url`, or 'dial' (it connects; no URL).
    kind       TEXT NOT NULL CHECK (kind IN ('http', 'dial')),
    url        TEXT,
    -- The owner's words on what changed (at most 200 characters), if any.
    note       TEXT,
    created_at INTEGER NOT NULL,
    -- The bot's rating when the version started (its uncertainty already widened); NULL when
    -- the bot had none yet.
    mu         REAL,
    sigma      REAL,
    -- Finished matches this version played.
    matches    INTEGER NOT NULL DEFAULT 0,
    -- The bot's rated match (its `seats.rated_nth`) at which this version's rated play starts.
    from_rated INTEGER NOT NULL,
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
ALTER TABLE seats ADD COLUMN version INTEGER;
UPDATE seats SET version = 1 WHERE bot_id IN (SELECT id FROM bots WHERE kind = 'http');

-- Which of the bot's rated matches this was: 1, 2, … in the order its results moved its rating
-- (so a rating chart's x, and where a version's rated play starts, cost no count).
ALTER TABLE seats ADD COLUMN rated_nth INTEGER;
-- Numbered in a keyed scratch table and then looked up by key, rather than by UPDATE … FROM,
-- for which SQLite may scan the numbering once per seat.
CREATE TEMP TABLE rated_order (
    match_id TEXT NOT NULL,
    seat     INTEGER NOT NULL,
    n        INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
INSERT INTO rated_order (match_id, seat, n)
    SELECT s.match_id, s.seat, ROW_NUMBER() OVER (PARTITION BY s.bot_id ORDER BY m.rating_seq)
    FROM seats s JOIN matches m ON m.id = s.match_id
    WHERE s.mu_after IS NOT NULL;
UPDATE seats SET rated_nth = (SELECT r.n FROM rated_order r
                              WHERE r.match_id = seats.match_id AND r.seat = seats.seat)
    WHERE mu_after IS NOT NULL;
DROP TABLE rated_order;

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;
