-- Device matrices: one request solved across devices x orientations x directions x states.
-- Each cell's result is a row of `layouts` like any single layout; the matrix keeps the request it
-- was asked with (profile merged, `matrix` selection included) and the table it answered, whose
-- cells carry the ids of those rows. The contact sheet is drawn from the stored cell results.
--
-- No foreign key from the table's cell ids to `layouts`: retention may drop old cells, and the
-- sheet then draws those cells empty in their status colour rather than losing the whole matrix.

CREATE TABLE matrices (
    id              TEXT    NOT NULL PRIMARY KEY,
    tenant_id       TEXT    NOT NULL REFERENCES tenants (id),
    profile_name    TEXT,
    profile_version INTEGER CHECK (profile_version IS NULL OR (profile_version >= 1 AND profile_name IS NOT NULL)),
    status          TEXT    NOT NULL CHECK (status IN ('ok', 'warning', 'error')),
    cell_count      INTEGER NOT NULL CHECK (cell_count >= 0),
    created_at      INTEGER NOT NULL,
    request         TEXT    NOT NULL,
    report          TEXT    NOT NULL
) STRICT;

CREATE INDEX matrices_by_tenant ON matrices (tenant_id, created_at, id);
