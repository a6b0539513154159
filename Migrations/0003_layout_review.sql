-- Layout review: history filtered by device and diagnostic code, and recorded diffs.
--
-- `device` is the preset a layout was solved on: the cell's device for a matrix cell, the preset
-- whose screen size (either orientation) the request's screen has for a single layout, else NULL.
-- `codes` holds the result's diagnostic codes, each once, between spaces (" overlap offscreen "),
-- so that a code filter is one instr() and a row needs no side table.
ALTER TABLE layouts ADD COLUMN device TEXT;
ALTER TABLE layouts ADD COLUMN codes TEXT NOT NULL DEFAULT '';

CREATE INDEX layouts_by_tenant_device ON layouts (tenant_id, device, created_at, id);

-- A diff compares two device matrices of the same selection, both recorded in `matrices` (with
-- their cells in `layouts`), so its pictures are drawn from the stored results. Each side is kept
-- as it was asked (`sides`: a request, a profile version or a past layout), and the profile each
-- side used, so that a profile lists the diffs that touched it. `report` is the answer as given.
CREATE TABLE diffs (
    id              TEXT    NOT NULL PRIMARY KEY,
    tenant_id       TEXT    NOT NULL REFERENCES tenants (id),
    before_matrix   TEXT    NOT NULL REFERENCES matrices (id),
    after_matrix    TEXT    NOT NULL REFERENCES matrices (id),
    before_profile  TEXT,
    after_profile   TEXT,
    cell_count      INTEGER NOT NULL CHECK (cell_count >= 0),
    regressed       INTEGER NOT NULL CHECK (regressed >= 0),
    changed         INTEGER NOT NULL CHECK (changed >= 0),
    improved        INTEGER NOT NULL CHECK (improved >= 0),
    unchanged       INTEGER NOT NULL CHECK (unchanged >= 0),
    created_at      INTEGER NOT NULL,
    sides           TEXT    NOT NULL,
    report          TEXT    NOT NULL,
    CHECK (regressed + changed + improved + unchanged = cell_count)
) STRICT;

CREATE INDEX diffs_by_tenant ON diffs (tenant_id, created_at, id);
CREATE INDEX diffs_by_tenant_before_profile ON diffs (tenant_id, before_profile, created_at, id);
CREATE INDEX diffs_by_tenant_after_profile ON diffs (tenant_id, after_profile, created_at, id);
