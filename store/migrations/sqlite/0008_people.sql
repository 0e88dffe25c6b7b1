-- no-transaction
-- A seat for a person (issue 15). Matches gain the kind 'human' (a table people play from the
-- browser or a script); bots gain the kind 'person', one row per game that every person seat of
-- that game points at (a seat needs a bot row, and a person is no bot: the row is never pinged,
-- never laddered and holds no token); each person seat's secret token is kept hashed in
-- `person_seats`. SQLite cannot change a CHECK constraint in place, so `bots` and `matches` are
-- rebuilt the documented twelve-step way (foreign keys off, outside sqlx's transaction, checked
-- before commit). The trigger on `seats` names `matches`, so it is dropped and made again around
-- the rebuild.

PRAGMA foreign_keys = OFF;
BEGIN;

DROP TRIGGER seats_match_kind;

CREATE TABLE bots_new (
    id                   TEXT PRIMARY KEY,
    name                 TEXT NOT NULL UNIQUE,
    game                 TEXT NOT NULL,
    -- 'http': a contestant's bot at `url`; 'house': the game's house bot `house_id`, in process;
    -- 'person': the people who sit at the game's tables (one row per game).
    kind                 TEXT NOT NULL CHECK (kind IN ('http', 'house', 'person')),
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

CREATE TABLE matches_new (
    number         INTEGER PRIMARY KEY AUTOINCREMENT,
    id             TEXT NOT NULL UNIQUE,
    game           TEXT NOT NULL,
    options        TEXT NOT NULL,
    seed           INTEGER NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('practice', 'ladder', 'tournament', 'human')),
    rated          INTEGER NOT NULL CHECK (rated IN (0, 1)),
    deadline_ms    INTEGER NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
    error          TEXT,
    created_at     INTEGER NOT NULL,
    started_at     INTEGER,
    finished_at    INTEGER,
    rating_seq     INTEGER UNIQUE,
    -- Extra time each HTTP bot may draw on across the match, in ms.
    time_bank_ms   INTEGER NOT NULL DEFAULT 0,
    -- The match's wall-clock cap in ms: past it, the seat being waited on faults (timeout).
    wall_clock_ms  INTEGER,
    tournament_id  TEXT REFERENCES tournaments (id),
    stage          INTEGER,
    -- For duplicate deals: the deal this match replays (the same seed, the seats rotated).
    deal           INTEGER,
    rules_version  INTEGER,
    log            BLOB,
    log_dropped_at INTEGER,
    owner          TEXT NOT NULL DEFAULT '',
    timing         BLOB
);
INSERT INTO matches_new (number, id, game, options, seed, kind, rated, deadline_ms, status, error,
                         created_at, started_at, finished_at, rating_seq, time_bank_ms,
                         wall_clock_ms, tournament_id, stage, deal, rules_version, log,
                         log_dropped_at, owner, timing)
    SELECT number, id, game, options, seed, kind, rated, deadline_ms, status, error,
           created_at, started_at, finished_at, rating_seq, time_bank_ms,
           wall_clock_ms, tournament_id, stage, deal, rules_version, log,
           log_dropped_at, owner, timing
    FROM matches;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
CREATE INDEX matches_by_status ON matches (status, number);
CREATE INDEX ladder_logs ON matches (finished_at) WHERE kind = 'ladder' AND log IS NOT NULL;
CREATE INDEX matches_queued_by_owner ON matches (owner, number) WHERE status = 'queued';
CREATE INDEX matches_by_game ON matches (game, number);
CREATE INDEX matches_by_stage ON matches (tournament_id, stage, number);

CREATE TRIGGER seats_match_kind AFTER INSERT ON seats
BEGIN
    UPDATE seats SET match_kind = (SELECT kind FROM matches m WHERE m.id = NEW.match_id)
    WHERE rowid = NEW.rowid;
END;

-- One row per person seat: the SHA-256 (hex) of its token, and the client address that opened
-- the table (for the per-client limits).
CREATE TABLE person_seats (
    token_hash TEXT PRIMARY KEY,
    match_id   TEXT NOT NULL REFERENCES matches (id),
    seat       INTEGER NOT NULL,
    client     TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (match_id, seat)
);
CREATE INDEX person_seats_by_client ON person_seats (client, created_at);

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;
