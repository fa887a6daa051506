#!/usr/bin/env bash
# Counts instructions (callgrind) and heap allocations (dhat) per call for each hook-benchmarks case.
#
# Usage: Benchmarks/measure.sh [FILTER]
#   FILTER     only the cases whose name contains it (direct-call and the cases' own baselines, such as
#              async-direct, are always measured: the ratios need them)
#   SCRATCH    the build directory (default .build-measure), e.g. SCRATCH=/tmp/hb-build Benchmarks/measure.sh before
#
# Each case runs as `hook-benchmarks --case NAME --iterations N` at N and 2N (N from `--list`), under
# valgrind with SWIFT_DETERMINISTIC_HASHING=1. Setup does not depend on N, so the difference between
# the two runs divided by the difference in calls is the cost of one call; the table is Markdown on
# stdout, progress goes to stderr. For concurrent-before-1 a "call" is one call on either caller
# thread and the counts are those of all three threads, registrar included.
set -euo pipefail

cd "$(dirname "$0")/.."
scratch="${SCRATCH:-.build-measure}"
# valgrind 3.19 cannot read the DWARF 5 that clang emits for the C target (_HookKitRuntime): ask for DWARF 4.
flags=(-c release --scratch-path "$scratch" -Xcc -gdwarf-4)
filter="${1:-}"

command -v valgrind >/dev/null || { echo "measure.sh: valgrind is not installed" >&2; exit 1; }

echo "building hook-benchmarks (release) in $scratch" >&2
swift build "${flags[@]}" --product hook-benchmarks >&2
binary="$(swift build "${flags[@]}" --show-bin-path)/hook-benchmarks"

export SWIFT_DETERMINISTIC_HASHING=1
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# instructions NAME ITERATIONS: instructions executed by the whole run.
instructions() {
    valgrind --tool=callgrind --fair-sched=yes --callgrind-out-file="$work/callgrind.out" \
        "$binary" --case "$1" --iterations "$2" 2>"$work/callgrind.log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/callgrind.log"
}

# allocations NAME ITERATIONS: heap blocks allocated by the whole run.
allocations() {
    valgrind --tool=dhat --fair-sched=yes --dhat-out-file="$work/dhat.out" \
        "$binary" --case "$1" --iterations "$2" 2>"$work/dhat.log"
    sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' "$work/dhat.log" | tr -d ,
}

# The cases to measure: direct-call, those matching FILTER, and their baselines (listed before them).
declare -A wanted=([direct-call]=1)
while IFS=$'\t' read -r name _ _ baseline _; do
    if [[ "$name" == *"$filter"* ]]; then
        wanted[$name]=1
        wanted[$baseline]=1
    fi
done < <("$binary" --list)

echo "| case | instructions/call | ×direct | ×baseline | allocations/call |"
echo "| --- | ---: | ---: | ---: | ---: |"
direct=""
declare -A measured=()
while IFS=$'\t' read -r name operations iterations baseline _; do
    if [[ -z "${wanted[$name]:-}" || "$iterations" == 0 ]]; then
        continue  # not wanted, or not measurable here (its calls run in other processes)
    fi
    small="$iterations"
    large=$((iterations * 2))
    calls=$(((large - small) * operations))
    echo "measuring $name ($small and $large iterations)" >&2
    instructions_small="$(instructions "$name" "$small")"
    instructions_large="$(instructions "$name" "$large")"
    allocations_small="$(allocations "$name" "$small")"
    allocations_large="$(allocations "$name" "$large")"
    per_call="$(awk -v a="$instructions_small" -v b="$instructions_large" -v c="$calls" \
        'BEGIN { printf "%.1f", (b - a) / c }')"
    allocations_per_call="$(awk -v a="$allocations_small" -v b="$allocations_large" -v c="$calls" \
        'BEGIN { x = (b - a) / c; printf (x < 0.00005 && x > -0.00005 ? "0" : (x < 0.01 && x > -0.01 ? "%.4f" : "%.2f")), x }')"
    if [[ -z "$direct" ]]; then
        direct="$per_call"
    fi
    measured[$name]="$per_call"
    ratio="$(awk -v x="$per_call" -v d="$direct" 'BEGIN { printf (x / d < 10 ? "%.2f" : "%.0f"), x / d }')"
    # The ratio to the case's own baseline, when that is not direct-call (an async case: async-direct).
    own=""
    if [[ "$baseline" != "direct-call" && "$baseline" != "$name" && -n "${measured[$baseline]:-}" ]]; then
        own="$(awk -v x="$per_call" -v d="${measured[$baseline]}" \
            'BEGIN { printf (x / d < 10 ? "%.2f" : "%.0f"), x / d }')× $baseline"
    fi
    echo "| $name | $per_call | ${ratio}× | $own | $allocations_per_call |"
done < <("$binary" --list)
