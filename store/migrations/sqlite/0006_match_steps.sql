-- What the match page shows of each step besides the action: how long each bot took to answer,
-- and, for a seat whose bot faulted, the step it faulted at and how it answered. Matches stored
-- before this migration have none of it (their steps read `ms: null`).

-- Each action's answer time in ms, in order, as LEB128 varints (server/src/store/timing.rs): a
-- byte or two an action. NULL before this migration, and dropped with the log by retention.
ALTER TABLE matches ADD COLUMN timing BLOB;

-- The decision (from 1) at which the seat's bot faulted: its substitute played from there on.
ALTER TABLE seats ADD COLUMN fault_step INTEGER;
-- How the bot answered that call: HTTP status, time until the answer or the deadline, and the
-- first 200 bytes of the body as text. NULL where there was nothing (no status for a connection
-- that failed, no body for a timeout).
ALTER TABLE seats ADD COLUMN fault_status INTEGER;
ALTER TABLE seats ADD COLUMN fault_ms INTEGER;
ALTER TABLE seats ADD COLUMN fault_body TEXT;
