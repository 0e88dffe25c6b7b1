-- Analyses of played matches (issue 28): the expert's estimate of every decision of a finished
-- match, queued by `POST /api/matches/{id}/analysis` and computed by the serving processes.
CREATE TABLE analyses (
    match_id      TEXT PRIMARY KEY REFERENCES matches (id),
    -- 'queued' (waiting for a process), 'running' (a process computes it), 'done' (`result`
    -- holds it) or 'failed' (`error` says why).
    status        TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
    -- Decisions evaluated so far, of `total` (the match's actions).
    done          INTEGER NOT NULL DEFAULT 0,
    total         INTEGER NOT NULL,
    -- The expert's budget per decision, in ms.
    budget_ms     INTEGER NOT NULL,
    -- What it was computed under: the game's rules version and the analysis's format. A row of
    -- another rules version or format counts as never analysed.
    rules_version INTEGER,
    format        INTEGER NOT NULL,
    -- The answer, gzip-compressed JSON, with its length once decompressed and its digest.
    result        BLOB,
    plain_len     INTEGER,
    tag           TEXT,
    error         TEXT,
    -- The process computing it ('running'), and when it last said so, Unix ms.
    worker        TEXT,
    heartbeat_at  INTEGER,
    requested_at  INTEGER NOT NULL,
    finished_at   INTEGER
);
-- The queue, oldest first.
CREATE INDEX analyses_pending ON analyses (status, requested_at);
