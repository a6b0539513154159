-- Layout review, as Migrations/0003_layout_review.sql on SQLite: history by device and diagnostic
-- code, and recorded diffs.
ALTER TABLE layouts ADD COLUMN device text COLLATE "C";
ALTER TABLE layouts ADD COLUMN codes text NOT NULL DEFAULT '';

CREATE INDEX layouts_by_tenant_device ON layouts (tenant_id, device, created_at, id);

CREATE TABLE diffs (
    id              text   COLLATE "C" NOT NULL PRIMARY KEY,
    tenant_id       text   COLLATE "C" NOT NULL REFERENCES tenants (id),
    before_matrix   text   COLLATE "C" NOT NULL REFERENCES matrices (id),
    after_matrix    text   COLLATE "C" NOT NULL REFERENCES matrices (id),
    before_profile  text   COLLATE "C",
    after_profile   text   COLLATE "C",
    cell_count      bigint NOT NULL CHECK (cell_count >= 0),
    regressed       bigint NOT NULL CHECK (regressed >= 0),
    changed         bigint NOT NULL CHECK (changed >= 0),
    improved        bigint NOT NULL CHECK (improved >= 0),
    unchanged       bigint NOT NULL CHECK (unchanged >= 0),
    created_at      bigint NOT NULL,
    sides           json   NOT NULL,
    report          json   NOT NULL,
    CHECK (regressed + changed + improved + unchanged = cell_count)
);

CREATE INDEX diffs_by_tenant ON diffs (tenant_id, created_at, id);
CREATE INDEX diffs_by_tenant_before_profile ON diffs (tenant_id, before_profile, created_at, id);
CREATE INDEX diffs_by_tenant_after_profile ON diffs (tenant_id, after_profile, created_at, id);
