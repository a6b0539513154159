#!/usr/bin/env bash
# Times the Cassowary solver (navlayout-bench, release build) and the peer (kiwisolver 1.5.1 through
# ../shared/bench/kiwisolver_bench.py) on the same scenario files in one run, alternating per scenario
# so that both see the same machine load, then prints both tables and the ratios against the targets.
#
# Usage: scripts/bench-solver.sh [--budget SECONDS] [SCENARIO_NAME ...]
#   BENCH_DIR (default ../shared/bench) holds kiwisolver_bench.py and scenarios/.
set -euo pipefail
cd "$(dirname "$0")/.."

budget=2
names=()
while [ $# -gt 0 ]; do
    case "$1" in
        --budget) budget="$2"; shift 2 ;;
        *) names+=("$1"); shift ;;
    esac
done
bench_dir="${BENCH_DIR:-../shared/bench}"
if [ ${#names[@]} -eq 0 ]; then
    names=(nav enaml independent_10 independent_100 independent_1000 chain_10 chain_100 chain_1000
        grid_10 grid_100 grid_1000)
fi

# Both processes run with the default glibc allocator. A GLIBC_TUNABLES setting in the caller's
# environment reaches both of them alike, e.g. to keep freed memory between iterations:
#   GLIBC_TUNABLES=glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=268435456:glibc.malloc.top_pad=67108864
# (once needed for our 1000-view files; the benchmark now sizes the solver up front, see
# BENCHMARKS.md, and times the same or better without it).
export GLIBC_TUNABLES="${GLIBC_TUNABLES-}"

swift build -c release --product navlayout-bench >&2
ours_bin="$(swift build -c release --show-bin-path)/navlayout-bench"

ours="$(mktemp)"
peer="$(mktemp)"
trap 'rm -f "$ours" "$peer"' EXIT
for name in "${names[@]}"; do
    file="$bench_dir/scenarios/$name.txt"
    echo "timing $name ..." >&2
    "$ours_bin" --budget "$budget" "$file" | tail -n +2 >>"$ours"
    python3 "$bench_dir/kiwisolver_bench.py" --budget "$budget" "$file" | tail -n +2 >>"$peer"
done

header="$("$ours_bin" 2>/dev/null || true)"
echo "GLIBC_TUNABLES=${GLIBC_TUNABLES:-(unset: default allocator)}"
echo
echo "## navlayout-bench (Cassowary, swift -c release)"
echo "$header"
cat "$ours"
echo
echo "## peer: kiwisolver $(python3 -c 'import kiwisolver; print(kiwisolver.__version__)') (kiwisolver_bench.py)"
echo "$header"
cat "$peer"
echo
python3 - "$ours" "$peer" <<'PY'
import sys

def load(path):
    table = {}
    for line in open(path):
        f = line.split()
        if len(f) >= 6:
            table[(f[0], f[3])] = float(f[5])
    return table

ours, peer = load(sys.argv[1]), load(sys.argv[2])
print("## ours / peer (medians)")
print("%-22s %-9s %12s %12s %8s" % ("scenario", "mode", "ours_us", "peer_us", "ratio"))
for key in ours:
    if key in peer:
        print("%-22s %-9s %12.2f %12.2f %8.3f" % (key[0], key[1], ours[key], peer[key], ours[key] / peer[key]))

def get(table, name, mode):
    return table.get((name + ".txt", mode))

print()
print("## targets")
checks = []
def check(label, value, limit):
    if value is None:
        print("%-58s %s" % (label, "not measured"))
        return
    print("%-58s %8.3f  (target <= %g)  %s" % (label, value, limit, "met" if value <= limit else "NOT met"))

def ratio(a, b):
    return None if a is None or b is None else a / b

check("nav build / peer nav solveonly", ratio(get(ours, "nav", "build"), get(peer, "nav", "solveonly")), 0.5)
for name in ("nav", "enaml"):
    check(name + " resize / peer resize", ratio(get(ours, name, "resize"), get(peer, name, "resize")), 1)
for name, limit in (("independent_1000", 0.2), ("grid_1000", 0.1), ("chain_1000", 0.1)):
    for mode in ("build", "solveonly"):
        check("%s %s / peer" % (name, mode), ratio(get(ours, name, mode), get(peer, name, mode)), limit)
for name in ("independent", "grid"):
    check("%s build growth N=1000 / N=100 (ours)" % name,
          ratio(get(ours, name + "_1000", "build"), get(ours, name + "_100", "build")), 15)
    g = ratio(get(peer, name + "_1000", "build"), get(peer, name + "_100", "build"))
    if g is not None:
        print("%-58s %8.3f" % ("%s build growth N=1000 / N=100 (peer)" % name, g))
PY
