#!/usr/bin/env bash
# Times `backstep queens 14 --full --print summary` side by side with the C++
# reference program of ../shared/seeds/000_*.txt, compiled with g++ -O2.
#
# The C++ is not copied into this repository: it is cut out of the seed at
# run time (from the line `#include <algorithm>` up to the Java that follows
# it), its n limit (12) is raised to 16, and its main is replaced by one that
# prints nqueens(14, false) in the summary format. Both programs must report
# the same solutions and nodes.
#
# Usage: benches/cpp_reference.sh [runs]        (default 5 runs each)
# Environment:
#   BACKSTEP_BIN  the backstep binary (default target/release/backstep,
#                 built with `cargo build --release` if missing or stale)
#   SEEDS_DIR     where the seeds are (default ../shared/seeds)
#   N             board size (default 14)
# Uses hyperfine when it is installed; otherwise times the runs itself,
# interleaved, and prints the median and the fastest wall-clock time.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-5}
n=${N:-14}
seeds=${SEEDS_DIR:-../shared/seeds}
bin=${BACKSTEP_BIN:-target/release/backstep}

seed=$(ls "$seeds"/000_*.txt 2>/dev/null | head -n 1 || true)
if [[ -z "$seed" ]]; then
    echo "no seed 000_*.txt in $seeds (set SEEDS_DIR)" >&2
    exit 2
fi
command -v g++ >/dev/null || { echo "g++ is needed" >&2; exit 2; }

# The default binary is (re)built when it is missing or older than the
# sources, so that a stale build is never timed.
if [[ -z "${BACKSTEP_BIN:-}" ]]; then
    if [[ ! -x "$bin" || -n "$(find src assets Cargo.toml Cargo.lock -newer "$bin" 2>/dev/null | head -n 1)" ]]; then
        echo "building $bin" >&2
        cargo build --release >&2
    fi
fi
[[ -x "$bin" ]] || { echo "no backstep binary at $bin" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Cut the C++ out of the seed, raise the limit, drop its main.
sed -n '/^#include <algorithm>/,/^import java\.util\.ArrayList;/p' "$seed" \
    | sed '$d' \
    | sed 's/n > 12/n > 16/' \
    | sed '/^int main() {/,$d' >"$work/reference.cpp"
grep -q 'n > 16' "$work/reference.cpp" || { echo "could not raise the n limit" >&2; exit 2; }
grep -q 'nqueens(int n' "$work/reference.cpp" || { echo "no nqueens in the C++ part of $seed" >&2; exit 2; }
cat >>"$work/reference.cpp" <<EOF
int main() {
    auto result = nqueens($n, false);
    std::cout << "queens $n full: solutions=" << result.first << ", nodes=" << result.second << '\n';
    return 0;
}
EOF
g++ -O2 -o "$work/reference" "$work/reference.cpp"

cpp=("$work/reference")
rust=("$bin" queens "$n" --full --print summary)

echo "C++:      $("${cpp[@]}")  (g++ -O2, $(g++ -dumpfullversion 2>/dev/null || g++ -dumpversion))"
echo "backstep: $("${rust[@]}")  ($bin)"
if [[ "$("${cpp[@]}")" != "$("${rust[@]}")" ]]; then
    echo "the two programs disagree" >&2
    exit 1
fi

if command -v hyperfine >/dev/null; then
    hyperfine --warmup 1 --runs "$runs" -N \
        -n "C++ g++ -O2" "${cpp[*]}" \
        -n "backstep" "${rust[*]}"
    exit 0
fi

# Wall-clock nanoseconds of one run.
elapsed() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    echo $((end - start))
}

# Median and fastest of a list of nanosecond times, in seconds.
stats() {
    sort -n | awk '{ t[NR] = $1 } END {
        m = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
        printf "%.3f %.3f\n", m / 1e9, t[1] / 1e9 }'
}

# One warm-up each, then the runs interleaved so that a busy spell of the
# machine hits both programs alike.
elapsed "${cpp[@]}" >/dev/null
elapsed "${rust[@]}" >/dev/null
cpp_times=()
rust_times=()
for ((i = 0; i < runs; i++)); do
    cpp_times+=("$(elapsed "${cpp[@]}")")
    rust_times+=("$(elapsed "${rust[@]}")")
done
read -r cpp_median cpp_best < <(printf '%s\n' "${cpp_times[@]}" | stats)
read -r rust_median rust_best < <(printf '%s\n' "${rust_times[@]}" | stats)

printf '%-10s median %s s, fastest %s s (%d runs)\n' "C++" "$cpp_median" "$cpp_best" "$runs"
printf '%-10s median %s s, fastest %s s (%d runs)\n' "backstep" "$rust_median" "$rust_best" "$runs"
awk -v r="$rust_median" -v c="$cpp_median" \
    'BEGIN { printf "backstep / C++ (medians): %.2f\n", r / c }'
