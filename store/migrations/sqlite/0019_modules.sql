-- no-transaction
-- Bots uploaded as WebAssembly modules (issue 42).
--
-- Bots and their versions gain the kind 'module': a contestant's bot the server runs itself,
-- from a WebAssembly module its owner uploaded. A module bot's `url` (in bots and in
-- bot_versions) holds its module's content hash, the SHA-256 of its bytes in hex: where its
-- program is, as an HTTP bot's URL is; NULL until its first upload (a version always has one).
-- SQLite cannot change a CHECK constraint in place, so both tables are rebuilt the twelve-step
-- way, as in 0011.

PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE bots_new (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL UNIQUE,
    game                 TEXT NOT NULL,
    -- 'http': a contestant's bot at `url`; 'dial': a contestant's bot that connects to the server
    -- (no URL); 'module': a contestant's module, its content hash in `url`; 'house': the game's
    -- house bot `house_id`, in process; 'person': the people who sit at the game's tables (one
    -- row per game).
    kind                 TEXT NOT NULL
        CHECK (kind IN ('http', 'dial', 'module', 'house', 'person')),
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
    probation_match_id   TEXT,
    last_probation_id    TEXT,
    organiser_hold       TEXT CHECK (organiser_hold IN ('paused', 'disqualified')),
    CHECK ((kind = 'http' AND url IS NOT NULL) OR kind = 'module' OR url IS NULL),
    CHECK ((kind = 'house') = (house_id IS NOT NULL))
);
INSERT INTO bots_new (id, name, game, kind, url, house_id, token_hash, secret_hash, created_at,
                      deleted_at, status, status_reason, status_detail, next_check_at, backoff_ms,
                      active_since, recent_faults, recent_matches, matches_since_active,
                      probation_match_id, last_probation_id, organiser_hold)
    SELECT id, name, game, kind, url, house_id, token_hash, secret_hash, created_at,
           deleted_at, status, status_reason, status_detail, next_check_at, backoff_ms,
           active_since, recent_faults, recent_matches, matches_since_active,
           probation_match_id, last_probation_id, organiser_hold
    FROM bots;
DROP TABLE bots;
ALTER TABLE bots_new RENAME TO bots;
CREATE INDEX bots_by_game ON bots (game) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX bots_by_token ON bots (token_hash);
CREATE INDEX bots_due_for_check ON bots (next_check_at)
    WHERE status = 'paused' AND next_check_at IS NOT NULL AND deleted_at IS NULL;
CREATE INDEX bots_on_probation ON bots (probation_match_id) WHERE probation_match_id IS NOT NULL;
CREATE INDEX bots_never_active ON bots (kind) WHERE active_since IS NULL;

CREATE TABLE bot_versions_new (
    bot_id     TEXT NOT NULL REFERENCES bots (id),
    version    INTEGER NOT NULL,
    -- 'http' at `url`, 'dial' (it connects; no URL), or 'module' (its content hash in `url`).
    kind       TEXT NOT NULL CHECK (kind IN ('http', 'dial', 'module')),
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
    CHECK ((kind IN ('http', 'module')) = (url IS NOT NULL))
);
INSERT INTO bot_versions_new (bot_id, version, kind, url, note, created_at, mu, sigma, matches,
                              from_rated)
    SELECT bot_id, version, kind, url, note, created_at, mu, sigma, matches, from_rated
    FROM bot_versions;
DROP TABLE bot_versions;
ALTER TABLE bot_versions_new RENAME TO bot_versions;

-- Each module once, whoever uploaded it; retention drops those no recent version uses.
CREATE TABLE modules (
    hash       TEXT PRIMARY KEY,
    bytes      BLOB NOT NULL,
    size       INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;
