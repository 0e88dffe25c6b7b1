-- cardarena's first schema: bots, matches with their seats and action log, and ratings.
-- Times are Unix milliseconds. Ids are UUIDs in text form.

CREATE TABLE bots (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    game        TEXT NOT NULL,
    -- 'http': a contestant's bot at `url`; 'house': the game's house bot `house_id`, in process.
    kind        TEXT NOT NULL CHECK (kind IN ('http', 'house')),
    url         TEXT,
    house_id    TEXT,
    -- SHA-256 (hex) of the owner's bearer token and of the signing secret; neither is stored.
    token_hash  TEXT,
    secret_hash TEXT,
    created_at  INTEGER NOT NULL,
    deleted_at  INTEGER,
    CHECK ((kind = 'http') = (url IS NOT NULL)),
    CHECK ((kind = 'house') = (house_id IS NOT NULL))
);
CREATE INDEX bots_by_game ON bots (game) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX bots_by_token ON bots (token_hash);

CREATE TABLE matches (
    -- `number` orders matches by creation; `id` is what the API shows.
    number      INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT NOT NULL UNIQUE,
    game        TEXT NOT NULL,
    options     TEXT NOT NULL,
    -- The deal's seed: below 2^53, so JSON readers keep it exact.
    seed        INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('practice', 'ladder')),
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    deadline_ms INTEGER NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('queued', 'running', 'finished', 'failed', 'cancelled')),
    -- Why a match failed: a setup or engine error, never a bot's doing.
    error       TEXT,
    created_at  INTEGER NOT NULL,
    started_at  INTEGER,
    finished_at INTEGER,
    -- The order in which finished rated matches updated the ratings: 1, 2, 3, … with no gaps.
    rating_seq  INTEGER UNIQUE
);
CREATE INDEX matches_by_status ON matches (status, number);

CREATE TABLE seats (
    match_id     TEXT NOT NULL REFERENCES matches (id),
    seat         INTEGER NOT NULL,
    bot_id       TEXT NOT NULL REFERENCES bots (id),
    rank         INTEGER,
    score        REAL,
    fault_kind   TEXT,
    fault_detail TEXT,
    -- The bot's rating before and after this match, for rated matches.
    mu_before    REAL,
    sigma_before REAL,
    mu_after     REAL,
    sigma_after  REAL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_by_bot ON seats (bot_id, match_id);

CREATE TABLE actions (
    match_id TEXT NOT NULL REFERENCES matches (id),
    idx      INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    action   TEXT NOT NULL,
    say      TEXT,
    PRIMARY KEY (match_id, idx)
);

CREATE TABLE ratings (
    bot_id  TEXT PRIMARY KEY REFERENCES bots (id),
    mu      REAL NOT NULL,
    sigma   REAL NOT NULL,
    matches INTEGER NOT NULL,
    wins    INTEGER NOT NULL,
    faults  INTEGER NOT NULL
);
