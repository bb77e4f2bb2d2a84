#!/usr/bin/env bash
# Connect Four perft beside a C bitboard (connect_four.c), CPU time, one run:
#   benches/peers/run.sh [DEPTH]        (default 9; from the repository root)
# Builds the peer with cc -O2 and tavoliere with cargo --release, checks
# that both count the same leaves, and prints each CPU time and the ratio.
set -euo pipefail
depth=${1:-9}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/connect_four" "$root/benches/peers/connect_four.c"
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
tav="$root/target/release/tavoliere"

# CPU seconds (user + system) of a command; its output goes to $tmp/out.
cpu() {
    local TIMEFORMAT='%3U %3S'
    { time "$@" >"$tmp/out" 2>/dev/null; } 2>"$tmp/time"
    awk '{ printf "%.3f", $1 + $2 }' "$tmp/time"
}
c_time=$(cpu "$tmp/connect_four" "$depth")
c_count=$(cat "$tmp/out")
t_time=$(cpu "$tav" perft "$root/games/connect-four.toml" --depth "$depth")
t_count=$(tail -1 "$tmp/out" | awk '{ print $2 }')
if [ "$c_count" != "$t_count" ]; then
    echo "perft($depth) differs: C $c_count, tavoliere $t_count" >&2
    exit 1
fi
echo "Connect Four perft($depth) = $c_count"
echo "C bitboard (cc -O2): ${c_time} s CPU"
echo "tavoliere:           ${t_time} s CPU"
awk -v t="$t_time" -v c="$c_time" 'BEGIN { printf "ratio tavoliere / C:  %.1f\n", t / (c > 0 ? c : 0.001) }'
