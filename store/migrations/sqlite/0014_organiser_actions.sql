-- The organiser's actions on a bot (issue 26): pause, resume, disqualify, reinstate and delete,
-- each with who took it and why.
--
-- The organiser's hold on a bot now: 'paused' (it plays no match until the organiser resumes
-- it) or 'disqualified' (it plays no match, enters no tournament and is left out of the
-- leaderboard and of standings; its results are kept); NULL when the organiser holds nothing.
-- Apart from the bot's health (`status`), which its owner and the health loop move: neither can
-- lift it.
ALTER TABLE bots ADD COLUMN organiser_hold TEXT
    CHECK (organiser_hold IN ('paused', 'disqualified'));

-- Every action taken, kept for good (only the organiser adds to it).
CREATE TABLE organiser_actions (
    number  INTEGER PRIMARY KEY AUTOINCREMENT,
    bot_id  TEXT NOT NULL REFERENCES bots (id),
    -- 'pause', 'resume', 'disqualify', 'reinstate' or 'delete'.
    action  TEXT NOT NULL
        CHECK (action IN ('pause', 'resume', 'disqualify', 'reinstate', 'delete')),
    -- Why, in the organiser's words (at most 500 characters).
    reason  TEXT NOT NULL,
    -- Who took it, as the organiser named themselves (at most 60 characters).
    by_name TEXT NOT NULL,
    -- When, Unix ms.
    at      INTEGER NOT NULL
);
-- A bot's actions, newest first.
CREATE INDEX organiser_actions_by_bot ON organiser_actions (bot_id, number);
