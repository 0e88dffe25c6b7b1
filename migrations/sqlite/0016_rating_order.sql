-- The rating order's counter (issue 30): the last `rating_seq` taken. A rated result takes the
-- next number by raising it, and the counter's one row, locked by that update to the commit,
-- keeps the numbers in the order the results commit, without gaps (a result rolled back gives
-- its number back). Before, each result read MAX(rating_seq) under a lock of its own.
CREATE TABLE rating_order (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    last_seq INTEGER NOT NULL
);
INSERT INTO rating_order (id, last_seq) SELECT 1, COALESCE(MAX(rating_seq), 0) FROM matches;
