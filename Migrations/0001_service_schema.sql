-- The service schema: tenants and their API keys, the admin token, versioned profiles, the
-- layouts history and the audit log.
--
-- Conventions:
-- - Every time is INTEGER microseconds since 1970-01-01T00:00:00Z: exact, sortable and cheap to
--   compare, so keyset pagination on (created_at, id) needs no parsing.
-- - Secrets (API keys, the admin token) are never stored: only the SHA-256 of the secret, 32 bytes.
-- - STRICT tables, so a value of the wrong type is an error instead of a silent conversion.
-- - Nothing a tenant owns is ever deleted by the service except layouts history (retention):
--   keys are revoked, profiles are soft-deleted, profile versions are immutable.

CREATE TABLE tenants (
    id         TEXT    NOT NULL PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64),
    name       TEXT    NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
    created_at INTEGER NOT NULL
) STRICT;

-- A bearer key is `nlk_<prefix>_<secret>`. The prefix finds the row (unique index); the SHA-256 of
-- the whole key is compared in constant time. Rotation gives the same key id a new prefix and a new
-- hash, so the old secret stops working at once.
CREATE TABLE api_keys (
    id          TEXT    NOT NULL PRIMARY KEY,
    tenant_id   TEXT    NOT NULL REFERENCES tenants (id),
    prefix      TEXT    NOT NULL UNIQUE,
    secret_hash BLOB    NOT NULL CHECK (length(secret_hash) = 32),
    created_at  INTEGER NOT NULL,
    rotated_at  INTEGER CHECK (rotated_at IS NULL OR rotated_at >= created_at),
    revoked_at  INTEGER CHECK (revoked_at IS NULL OR revoked_at >= created_at)
) STRICT;

CREATE INDEX api_keys_by_tenant ON api_keys (tenant_id, created_at, id);

-- One row at most: the hash of the admin token, from NAVLAYOUT_ADMIN_TOKEN or generated once.
CREATE TABLE admin_token (
    id          INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    secret_hash BLOB    NOT NULL CHECK (length(secret_hash) = 32),
    source      TEXT    NOT NULL CHECK (source IN ('environment', 'generated')),
    created_at  INTEGER NOT NULL
) STRICT;

-- A profile is a name within a tenant; its content lives in immutable versions. A soft-deleted
-- profile keeps its row (and so its version numbers) and its versions.
CREATE TABLE profiles (
    id              INTEGER NOT NULL PRIMARY KEY,
    tenant_id       TEXT    NOT NULL REFERENCES tenants (id),
    name            TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 128),
    current_version INTEGER NOT NULL CHECK (current_version >= 1),
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL CHECK (updated_at >= created_at),
    deleted_at      INTEGER,
    UNIQUE (tenant_id, name)
) STRICT;

CREATE TABLE profile_versions (
    profile_id        INTEGER NOT NULL REFERENCES profiles (id),
    version           INTEGER NOT NULL CHECK (version >= 1),
    document          TEXT    NOT NULL CHECK (json_valid(document)),
    description       TEXT,
    etag              TEXT    NOT NULL,
    created_at        INTEGER NOT NULL,
    -- NULL: written with the admin token.
    created_by_key_id TEXT    REFERENCES api_keys (id),
    PRIMARY KEY (profile_id, version)
) STRICT;

-- Versions are never overwritten: the database itself refuses, whatever the code above it does.
CREATE TRIGGER profile_versions_are_immutable
BEFORE UPDATE ON profile_versions
BEGIN
    SELECT RAISE(ABORT, 'profile versions are immutable');
END;

CREATE TRIGGER profile_versions_are_never_deleted
BEFORE DELETE ON profile_versions
BEGIN
    SELECT RAISE(ABORT, 'profile versions are never deleted');
END;

-- One row per solved layout that was recorded. The request and the result are stored as the JSON
-- text the service read and wrote; they are not re-validated here because this is the hot insert
-- path and the service produced or parsed them a moment earlier.
CREATE TABLE layouts (
    id              TEXT    NOT NULL PRIMARY KEY,
    tenant_id       TEXT    NOT NULL REFERENCES tenants (id),
    profile_name    TEXT,
    profile_version INTEGER CHECK (profile_version IS NULL OR (profile_version >= 1 AND profile_name IS NOT NULL)),
    mode            TEXT    NOT NULL CHECK (mode IN ('builtIn', 'delegate')),
    navigation      TEXT    NOT NULL CHECK (navigation IN ('disabled', 'ready', 'guidance')),
    status          TEXT    NOT NULL CHECK (status IN ('ok', 'warning', 'error')),
    created_at      INTEGER NOT NULL,
    request         TEXT    NOT NULL,
    result          TEXT    NOT NULL
) STRICT;

-- History queries read newest first within one tenant and continue after a keyset cursor
-- `(created_at, id) < (?, ?)`; SQLite walks these indexes backwards, so no sort is needed. One
-- index per equality filter makes a filtered page read only matching rows; further filters, and
-- since/until, are applied while walking.
CREATE INDEX layouts_by_tenant ON layouts (tenant_id, created_at, id);
CREATE INDEX layouts_by_tenant_profile ON layouts (tenant_id, profile_name, created_at, id);
CREATE INDEX layouts_by_tenant_status ON layouts (tenant_id, status, created_at, id);
CREATE INDEX layouts_by_tenant_navigation ON layouts (tenant_id, navigation, created_at, id);

-- Who changed which profile or key, and when. Written in the same transaction as the change.
-- The AUTOINCREMENT id never reuses a number, so it orders events and serves as their cursor.
CREATE TABLE audit_events (
    id           INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    tenant_id    TEXT    NOT NULL REFERENCES tenants (id),
    actor_kind   TEXT    NOT NULL CHECK (actor_kind IN ('admin', 'key')),
    actor_key_id TEXT    REFERENCES api_keys (id),
    action       TEXT    NOT NULL CHECK (action IN (
                     'tenant.create', 'key.create', 'key.rotate', 'key.revoke',
                     'profile.put', 'profile.delete')),
    object_kind  TEXT    NOT NULL CHECK (object_kind IN ('tenant', 'key', 'profile')),
    object_id    TEXT    NOT NULL,
    detail       TEXT    NOT NULL DEFAULT '',
    created_at   INTEGER NOT NULL,
    CHECK ((actor_kind = 'key') = (actor_key_id IS NOT NULL))
) STRICT;

CREATE INDEX audit_events_by_tenant ON audit_events (tenant_id, id);
