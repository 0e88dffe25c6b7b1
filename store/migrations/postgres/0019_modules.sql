-- Bots uploaded as WebAssembly modules (issue 42), as SQLite's migration 0019.
--
-- Bots and their versions gain the kind 'module': a contestant's bot the server runs itself,
-- from a WebAssembly module its owner uploaded. A module bot's `url` (in bots and in
-- bot_versions) holds its module's content hash, the SHA-256 of its bytes in hex: where its
-- program is, as an HTTP bot's URL is; NULL until its first upload.
ALTER TABLE bots DROP CONSTRAINT bots_kind_check;
ALTER TABLE bots ADD CONSTRAINT bots_kind_check
    CHECK (kind IN ('http', 'dial', 'module', 'house', 'person'));
ALTER TABLE bots DROP CONSTRAINT bots_check;
ALTER TABLE bots ADD CONSTRAINT bots_url_check
    CHECK ((kind = 'http' AND url IS NOT NULL) OR kind = 'module' OR url IS NULL);
ALTER TABLE bot_versions DROP CONSTRAINT bot_versions_kind_check;
ALTER TABLE bot_versions ADD CONSTRAINT bot_versions_kind_check
    CHECK (kind IN ('http', 'dial', 'module'));
ALTER TABLE bot_versions DROP CONSTRAINT bot_versions_check;
ALTER TABLE bot_versions ADD CONSTRAINT bot_versions_url_check
    CHECK ((kind IN ('http', 'module')) = (url IS NOT NULL));

-- Each module once, whoever uploaded it; retention drops those no recent version uses.
CREATE TABLE modules (
    hash       TEXT PRIMARY KEY,
    bytes      BYTEA NOT NULL,
    size       BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
