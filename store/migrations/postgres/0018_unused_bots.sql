-- Registration's cap on unused bots (issue 41): the contestants' bots that never answered a ping
-- (`active_since` is set by the first that passes and never cleared) are counted at each
-- registration, with a look in `seats_by_bot` for each; this index holds only those bots, so the
-- count reads no more rows than the cap allows plus the few never-answering bots that played.
CREATE INDEX bots_never_active ON bots (kind) WHERE active_since IS NULL;
