-- no-transaction
-- Tournaments: a game and a list of stages, their entries, and the bots skipped in a stage.
-- Matches gain the kind 'tournament', their tournament and stage, a time bank and a wall-clock
-- cap. SQLite cannot change a CHECK constraint in place, so `matches` is rebuilt (the documented
-- twelve-step way: foreign keys off, outside sqlx's transaction, checked before commit).

PRAGMA foreign_keys = OFF;
BEGIN;

CREATE TABLE tournaments (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    game          TEXT NOT NULL,
    -- The stages as JSON, as the organiser gave them (validated).
    stages        TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    -- The index of the stage started last; NULL before the first starts.
    current_stage INTEGER,
    auto_advance  INTEGER NOT NULL CHECK (auto_advance IN (0, 1)),
    created_at    INTEGER NOT NULL,
    finished_at   INTEGER
);

CREATE TABLE tournament_entries (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    bot_id        TEXT NOT NULL REFERENCES bots (id),
    joined_at     INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, bot_id)
);

CREATE TABLE tournament_stages (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    stage         INTEGER NOT NULL,
    -- The bots that play this stage, as a JSON array of ids, in qualifying order.
    entrants      TEXT NOT NULL,
    started_at    INTEGER NOT NULL,
    finished_at   INTEGER,
    PRIMARY KEY (tournament_id, stage)
);

CREATE TABLE stage_skips (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    stage         INTEGER NOT NULL,
    bot_id        TEXT NOT NULL REFERENCES bots (id),
    reason        TEXT NOT NULL,
    PRIMARY KEY (tournament_id, stage, bot_id)
);

CREATE TABLE matches_new (
    number        INTEGER PRIMARY KEY AUTOINCREMENT,
    id            TEXT NOT NULL UNIQUE,
    game          TEXT NOT NULL,
    options       TEXT NOT NULL,
    seed          INTEGER NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('practice', 'ladder', 'tournament')),
    rated         INTEGER NOT NULL CHECK (rated IN (0, 1)),
    deadline_ms   INTEGER NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
    error         TEXT,
    created_at    INTEGER NOT NULL,
    started_at    INTEGER,
    finished_at   INTEGER,
    rating_seq    INTEGER UNIQUE,
    -- Extra time each HTTP bot may draw on across the match, in ms.
    time_bank_ms  INTEGER NOT NULL DEFAULT 0,
    -- The match's wall-clock cap in ms: past it, the seat being waited on faults (timeout).
    wall_clock_ms INTEGER,
    tournament_id TEXT REFERENCES tournaments (id),
    stage         INTEGER,
    -- For duplicate deals: the deal this match replays (the same seed, the seats rotated).
    deal          INTEGER
);
INSERT INTO matches_new (number, id, game, options, seed, kind, rated, deadline_ms, status, error,
                         created_at, started_at, finished_at, rating_seq)
    SELECT number, id, game, options, seed, kind, rated, deadline_ms, status, error,
           created_at, started_at, finished_at, rating_seq
    FROM matches;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
CREATE INDEX matches_by_status ON matches (status, number);
CREATE INDEX matches_by_stage ON matches (tournament_id, stage);

PRAGMA foreign_key_check;
COMMIT;
PRAGMA foreign_keys = ON;
