-- Leases: which process plays each running match, and until when. A process that plays matches
-- (`cardarena worker`, or `serve` unless --no-play) claims them under its id with a lease that it
-- renews while it plays; a lease that has passed means the process is gone, and the match goes
-- back to the queue (a table people play is cancelled instead). `attempt` counts the claims of a
-- match, so that a result is stored only by the attempt that holds the lease.
ALTER TABLE matches ADD COLUMN worker TEXT;
ALTER TABLE matches ADD COLUMN lease_until BIGINT;
ALTER TABLE matches ADD COLUMN attempt BIGINT NOT NULL DEFAULT 0;

-- The reaper's scan: running matches by lease.
CREATE INDEX matches_running_by_lease ON matches (lease_until) WHERE status = 'running';

-- The processes that play matches, as each last said: for the organiser's eyes (GET /api/workers).
CREATE TABLE workers (
    id          TEXT PRIMARY KEY,
    -- 'serve' or 'worker'.
    role        TEXT NOT NULL CHECK (role IN ('serve', 'worker')),
    host        TEXT NOT NULL,
    pid         BIGINT NOT NULL,
    -- The most matches it plays at once.
    slots       BIGINT NOT NULL,
    started_at  BIGINT NOT NULL,
    seen_at     BIGINT NOT NULL
);
