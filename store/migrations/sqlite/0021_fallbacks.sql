-- Decisions played at random by a bot's kit (issue 44): a kit whose strategy raised, or returned
-- no valid choice, plays a random legal action and marks its answer `"fallback": true`. Each seat
-- keeps how many of its decisions were so marked: shown beside its fault on the match's and the
-- bot's pages, never counted as a fault. 0 for seats not finished yet and for matches stored
-- before this migration.
ALTER TABLE seats ADD COLUMN fallbacks INTEGER NOT NULL DEFAULT 0;
