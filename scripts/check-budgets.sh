#!/usr/bin/env bash
# Checks the instruction and heap-allocation budgets of the hot stages against a release build.
#
#   scripts/check-budgets.sh [--update] [STAGE ...]
#
# The budgets are data: Benchmarks/Thresholds/budgets.json holds, per stage, the command that runs it
# (a bench's --profile mode, {count} standing for the number of operations), the count to run it at,
# and the instructions and allocations one operation may cost. The script builds the stages' bench
# products with `swift build -c release`, then runs each command four times under valgrind, at count
# and at 2 x count, once with callgrind and once with memcheck, and takes per operation
#
#   instructions   callgrind's total (the Ir of the output file's summary line)
#   allocations    memcheck's "total heap usage: N allocs" (malloc, calloc, realloc, aligned allocs)
#
# as (total at 2 x count - total at count) / count, so start-up, reading the input and the warm-up
# cancel out. The figures are deterministic: the commands run with an empty environment but for PATH,
# LC_ALL=C and SWIFT_DETERMINISTIC_HASHING=1 (Swift seeds its hashing at random otherwise, which
# changes how dictionaries and sets grow), so no malloc tunables, preloads or locale reach them; with
# address-space randomization off (setarch -R, where the machine allows it); and the stages are
# single-threaded and read no clock.
#
# It prints a table (stage, metric, threshold, measured, change) and exits 1 when a figure exceeds its
# threshold by more than the file's tolerancePercent (2 %); a figure more than that below its
# threshold is reported as an improvement, with the hint to lower the threshold. Exit status 2: usage,
# a missing tool, or a stage that fails to run. With --update it writes the measured figures of the
# stages it ran into the thresholds file instead of failing, together with the toolchain, C library
# and machine they were measured on; a check on another platform warns, because callgrind counts the
# C library's own instructions (malloc's among them) and another compiler emits other code.
# STAGE names limit the run to those stages.
#
# valgrind and jq come from Debian: when missing they are installed with apt-get (as root), else
# the script says what to install. The whole check takes a few minutes on two cores, most of it the
# release build; a stage's run at 2 x count should stay near 100 million instructions or below.
#
# Adding a stage (the served path, say):
#   1. give a bench a --profile mode for it: read `--profile STAGE COUNT` with
#      OptionReader.profile(stages:) and run the operation with ProfileRequest.run (both in
#      Benchmarks/BenchmarkSupport), as navlayout-layout-bench does for decode, solve and path;
#   2. add one entry under "stages" in Benchmarks/Thresholds/budgets.json, for example
#        "served": {
#          "command": "navlayout-layout-bench --profile served {count} Tests/Fixtures/seed-delegate-prompt.json",
#          "count": 50
#        }
#      (the command's first word is the product to build; paths are relative to the package root);
#   3. scripts/check-budgets.sh --update served    # measures it and writes its two figures;
#   4. commit the bench and the thresholds file together.
set -euo pipefail
cd "$(dirname "$0")/.."

thresholds=Benchmarks/Thresholds/budgets.json
usage="usage: scripts/check-budgets.sh [--update] [STAGE ...]"

update=false
selected=()
for argument in "$@"; do
    case "$argument" in
        --update) update=true ;;
        -h | --help)
            sed -n '2,/^set -euo pipefail$/p' "$0" | sed '$d; s/^# \{0,1\}//'
            exit 0
            ;;
        -*)
            echo "$usage" >&2
            exit 2
            ;;
        *) selected+=("$argument") ;;
    esac
done

if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    export PATH="/opt/swift/usr/bin:$PATH"
fi

missing=()
command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
command -v jq >/dev/null 2>&1 || missing+=(jq)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "check-budgets: needs ${missing[*]} (Debian: apt-get install ${missing[*]})" >&2
        exit 2
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends "${missing[@]}"
fi

tolerance="$(jq -r '.tolerancePercent' "$thresholds")"
mapfile -t known < <(jq -r '.stages | keys_unsorted[]' "$thresholds")
if [ ${#selected[@]} -eq 0 ]; then
    stages=("${known[@]}")
else
    stages=()
    for stage in "${selected[@]}"; do
        if ! jq -e --arg stage "$stage" '.stages | has($stage)' "$thresholds" >/dev/null; then
            echo "check-budgets: no stage \"$stage\" in $thresholds (it has: ${known[*]})" >&2
            exit 2
        fi
        stages+=("$stage")
    done
fi

# The platform the figures are measured on.
# (Each reader takes all of its input: a reader that stops early, such as head, can make the writer
# die of SIGPIPE, which pipefail turns into a failure of the whole script.)
swift_version="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | awk 'NR == 1')"
libc_version="$(ldd --version 2>/dev/null | awk 'NR == 1 { print "glibc " $NF }')"
valgrind_version="$(valgrind --version | sed 's/^valgrind-//')"
machine="$(uname -m)"

started=$SECONDS
mapfile -t products < <(
    for stage in "${stages[@]}"; do
        jq -r --arg stage "$stage" '.stages[$stage].command | split(" ")[0]' "$thresholds"
    done | sort -u
)
for product in "${products[@]}"; do
    echo "check-budgets: building $product (release)" >&2
    swift build -c release --product "$product" >&2
done
bin="$(swift build -c release --show-bin-path)"
built=$SECONDS

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT
clean_environment=(env -i "PATH=$PATH" LC_ALL=C SWIFT_DETERMINISTIC_HASHING=1 SWIFT_BACKTRACE=enable=no)
# Fixed addresses: with address-space randomization the heap and the stack start at other offsets in
# each run, and memcpy and friends take a few instructions more or less for another alignment.
if setarch "$machine" -R true 2>/dev/null; then
    clean_environment+=(setarch "$machine" -R)
else
    echo "check-budgets: note: cannot turn off address-space randomization here (setarch -R);" \
        "instruction counts may differ by a few per operation from run to run" >&2
fi

# total TOOL STAGE COUNT: the stage's command run once under valgrind's TOOL (callgrind or memcheck)
# with {count} = COUNT; prints the run's total instructions or heap allocations.
total() {
    local tool="$1" stage="$2" count="$3" template
    template="$(jq -r --arg stage "$stage" '.stages[$stage].command' "$thresholds")"
    local words
    read -r -a words <<<"${template//\{count\}/$count}"
    words[0]="$bin/${words[0]}"
    local log="$workdir/valgrind.log" out="$workdir/callgrind.out" printed="$workdir/stdout"
    local options=(--tool=memcheck --leak-check=no --undef-value-errors=no)
    [ "$tool" = callgrind ] && options=(--tool=callgrind "--callgrind-out-file=$out")
    if ! "${clean_environment[@]}" valgrind "${options[@]}" "--log-file=$log" "${words[@]}" >"$printed"; then
        echo "check-budgets: stage $stage failed under $tool: ${words[*]}" >&2
        cat "$printed" "$log" >&2
        exit 2
    fi
    if [ "$tool" = callgrind ]; then
        awk '/^(summary|totals):/ { print $2; exit }' "$out"
    else
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' "$log" | tr -d ,
    fi
}

# per_operation AT_COUNT AT_TWICE COUNT DECIMALS: the difference per operation, rounded.
per_operation() {
    awk -v a="$1" -v b="$2" -v n="$3" -v d="$4" 'BEGIN {
        s = sprintf("%." d "f", (b - a) / n)
        if (d > 0) sub(/\.?0+$/, "", s)
        print s
    }'
}

# compare THRESHOLD MEASURED: the change in percent and the verdict.
compare() {
    awk -v t="$1" -v m="$2" -v tolerance="$tolerance" 'BEGIN {
        if (t == "null") { print "-", "new"; exit }
        if (t == 0) change = (m == 0) ? 0 : 100; else change = (m - t) / t * 100
        verdict = "ok"
        if (change > tolerance) verdict = "REGRESSION"
        else if (change < -tolerance) verdict = "improved"
        printf "%+.2f%% %s\n", change, verdict
    }'
}

declare -A measured
for stage in "${stages[@]}"; do
    count="$(jq -r --arg stage "$stage" '.stages[$stage].count' "$thresholds")"
    echo "check-budgets: measuring $stage at $count and $((2 * count))" >&2
    for metric in instructions allocations; do
        tool=memcheck
        decimals=2
        if [ "$metric" = instructions ]; then
            tool=callgrind
            decimals=0
        fi
        once="$(total "$tool" "$stage" "$count")"
        twice="$(total "$tool" "$stage" $((2 * count)))"
        if [ -z "$once" ] || [ -z "$twice" ] || [ "$twice" -le "$once" ]; then
            echo "check-budgets: stage $stage: no $metric total from $tool ($once, $twice)" >&2
            exit 2
        fi
        measured["$stage/$metric"]="$(per_operation "$once" "$twice" "$count" "$decimals")"
    done
done

regressions=0
improvements=()
unrecorded=()
printf '\n%-14s %-13s %12s %12s %9s  %s\n' stage metric threshold measured change verdict
for stage in "${stages[@]}"; do
    for metric in instructions allocations; do
        threshold="$(jq -r --arg stage "$stage" --arg metric "$metric" '.stages[$stage][$metric]' "$thresholds")"
        value="${measured["$stage/$metric"]}"
        read -r change verdict < <(compare "$threshold" "$value")
        printf '%-14s %-13s %12s %12s %9s  %s\n' "$stage" "$metric" "$threshold" "$value" "$change" "$verdict"
        case "$verdict" in
            REGRESSION) regressions=$((regressions + 1)) ;;
            improved) improvements+=("$stage $metric") ;;
            new) unrecorded+=("$stage $metric") ;;
        esac
    done
done
echo
echo "per operation; tolerance ${tolerance} %; release build ${swift_version}, ${libc_version}, ${machine}," \
    "valgrind ${valgrind_version}; build $((built - started)) s, measurements $((SECONDS - built)) s"

if $update; then
    updated="$workdir/budgets.json"
    cp "$thresholds" "$updated"
    for stage in "${stages[@]}"; do
        jq --indent 2 --arg stage "$stage" \
            --argjson instructions "${measured["$stage/instructions"]}" \
            --argjson allocations "${measured["$stage/allocations"]}" \
            '.stages[$stage].instructions = $instructions | .stages[$stage].allocations = $allocations' \
            "$updated" >"$updated.next"
        mv "$updated.next" "$updated"
    done
    jq --indent 2 --arg swift "$swift_version" --arg libc "$libc_version" --arg valgrind "$valgrind_version" \
        --arg machine "$machine" \
        '.measuredWith = {swift: $swift, libc: $libc, valgrind: $valgrind, machine: $machine}' \
        "$updated" >"$thresholds"
    echo "check-budgets: wrote the measured figures of ${stages[*]} to $thresholds"
    exit 0
fi

recorded_on="$(jq -r '.measuredWith | if . == null then "" else "\(.swift), \(.libc), \(.machine)" end' "$thresholds")"
if [ -n "$recorded_on" ] && [ "$recorded_on" != "${swift_version}, ${libc_version}, ${machine}" ]; then
    echo "check-budgets: note: the thresholds were measured with $recorded_on; figures from another" \
        "compiler or C library can differ by more than the tolerance (re-record with --update there)"
fi
for item in "${improvements[@]}"; do
    echo "check-budgets: $item improved by more than ${tolerance} %: lower the threshold with" \
        "scripts/check-budgets.sh --update ${item%% *} and commit $thresholds"
done
if [ ${#unrecorded[@]} -gt 0 ]; then
    echo "check-budgets: no threshold recorded for: ${unrecorded[*]}; record with scripts/check-budgets.sh --update STAGE" >&2
    exit 1
fi
if [ "$regressions" -gt 0 ]; then
    echo "check-budgets: $regressions figure(s) over budget by more than ${tolerance} %" >&2
    exit 1
fi
echo "check-budgets: all stages within budget"
