#!/usr/bin/env bash
# A backup of a live ~200 MiB database while other processes write to it.
#
#   scripts/backup-under-load.sh [rounds]        (default 3)
#
# Builds navlayout and storage-durability-writer (SWIFT_CONFIGURATION, default release), migrates a
# fresh database and fills its layouts history to TARGET_MIB (default 200) with sqlite3, then per
# round: starts WRITERS (default 8) storage-durability-writer processes (4 tasks each, at most
# 200,000 rows each) that print every id once its commit is acknowledged, waits 2 s, snapshots the
# ids acknowledged so far, times `navlayout backup`, stops the writers, and checks the copy: PRAGMA
# integrity_check, and every id of the snapshot present. Works in a temporary folder; stops only
# the writers it started, by PID.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-3}"
writers="${WRITERS:-8}"
target_mib="${TARGET_MIB:-200}"
configuration="${SWIFT_CONFIGURATION:-release}"

command -v sqlite3 >/dev/null || { echo "sqlite3 is required (apt-get install sqlite3)" >&2; exit 1; }

swift build -c "$configuration" --product navlayout >/dev/null
swift build -c "$configuration" --product storage-durability-writer >/dev/null
bin="$(swift build -c "$configuration" --show-bin-path)"

workdir="$(mktemp -d)"
writer_pids=()
stop_writers() {
    for pid in "${writer_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${writer_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    writer_pids=()
}
cleanup() {
    stop_writers
    rm -rf "$workdir"
}
trap cleanup EXIT

database="$workdir/live.sqlite"
"$bin/navlayout" migrate --database "$database" --migrations Migrations >/dev/null
rows=$((target_mib * 1024 / 2))   # about 2 KiB a row
echo "filling $database with $rows layouts (~${target_mib} MiB)..."
sqlite3 "$database" <<SQL
PRAGMA journal_mode = WAL;
INSERT INTO tenants (id, name, created_at) VALUES ('ten_backup_load', 'load', 0);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
INSERT INTO layouts (id, tenant_id, mode, navigation, status, created_at, request, result)
SELECT printf('01load%020d', i), 'ten_backup_load', 'delegate', 'guidance', 'ok', i,
       '{"pad":"' || hex(randomblob(500)) || '"}', '{"pad":"' || hex(randomblob(400)) || '"}'
FROM n;
SQL
echo "database: $(du -m "$database" | cut -f1) MiB"

for round in $(seq 1 "$rounds"); do
    for writer in $(seq 1 "$writers"); do
        first=$(( (round * 100 + writer) * 1000000 ))
        "$bin/storage-durability-writer" "$database" "$first" 4 200000 >"$workdir/acks-$writer" &
        writer_pids+=("$!")
    done
    sleep 2
    cat "$workdir"/acks-* >"$workdir/before-backup"
    acknowledged=$(wc -l <"$workdir/before-backup")
    copy="$workdir/copy-$round.sqlite"
    started=$(date +%s.%N)
    line=$("$bin/navlayout" backup "$copy" --database "$database")
    finished=$(date +%s.%N)
    stop_writers
    integrity=$(sqlite3 "$copy" 'PRAGMA integrity_check;' | head -3 | tr '\n' ' ')
    missing=$(sqlite3 "$copy" <<SQL
CREATE TEMP TABLE expected (id INTEGER PRIMARY KEY);
.mode csv
.import $workdir/before-backup expected
SELECT count(*) FROM expected WHERE id NOT IN (SELECT id FROM acknowledged);
SQL
)
    printf 'round %d: %s; wall %.2f s; %d writers; %d rows acknowledged before the backup, %s missing from it; integrity %s\n' \
        "$round" "$line" "$(echo "$finished - $started" | bc)" "$writers" "$acknowledged" "$missing" "$integrity"
    rm -f "$copy"
done
