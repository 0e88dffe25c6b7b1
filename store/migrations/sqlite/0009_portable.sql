-- The same SQL on SQLite and PostgreSQL (issue 16): what relied on SQLite alone goes.

-- Entries keep the order they joined in a column of their own, `seq` (1, 2, … within a
-- tournament), rather than in SQLite's rowid, which PostgreSQL has nothing like: entries of the
-- same millisecond are ordered by it. Existing entries take their rowid, the order they had.
ALTER TABLE tournament_entries ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
UPDATE tournament_entries SET seq = rowid;

-- The store writes a seat's match kind in the seat's INSERT (PostgreSQL has no trigger for it),
-- so the trigger that filled it has nothing left to do.
DROP TRIGGER seats_match_kind;
