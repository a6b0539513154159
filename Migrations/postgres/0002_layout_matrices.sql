-- Device matrices, as Migrations/0002_layout_matrices.sql on SQLite.

CREATE TABLE matrices (
    id              text   COLLATE "C" NOT NULL PRIMARY KEY,
    tenant_id       text   COLLATE "C" NOT NULL REFERENCES tenants (id),
    profile_name    text   COLLATE "C",
    profile_version bigint CHECK (profile_version IS NULL OR (profile_version >= 1 AND profile_name IS NOT NULL)),
    status          text   NOT NULL CHECK (status IN ('ok', 'warning', 'error')),
    cell_count      bigint NOT NULL CHECK (cell_count >= 0),
    created_at      bigint NOT NULL,
    request         json   NOT NULL,
    report          json   NOT NULL
);

CREATE INDEX matrices_by_tenant ON matrices (tenant_id, created_at, id);
