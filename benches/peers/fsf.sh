#!/usr/bin/env bash
# Perft beside Fairy-Stockfish built from source, CPU time, one run each:
#   benches/peers/fsf.sh [GAME:VARIANT:DEPTH ...]     (from the repository root)
# Default: chess, xiangqi, crazyhouse, breakthrough and minishogi.
# Fairy-Stockfish's source: $FSF_SRC if set, else a clone of its public
# repository in target/peers/fairy-stockfish (needs the network once).
# It is built with its Makefile (`largeboards=yes`, for xiangqi's board)
# for the best ARCH this CPU has; the script checks that both engines
# count the same leaves and prints each CPU time and the ratio. Each time
# is net of the engine's start (its perft(1) of the same game: about 0.3 s
# for Fairy-Stockfish, which sets up every variant it knows).
# Minishogi stops at depth 6: from depth 7 Fairy-Stockfish counts pawn
# drops that checkmate, which its uchifuzume test lets through
# (tests/perft/ffish_compare.py; 132,680,698 against our 132,680,617).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
peers="$root/target/peers"
src=${FSF_SRC:-$peers/fairy-stockfish}
if [ ! -d "$src/src" ]; then
    mkdir -p "$peers"
    git clone --depth 1 https://github.com/fairy-stockfish/Fairy-Stockfish "$src"
fi
if grep -qw avx2 /proc/cpuinfo; then arch=x86-64-avx2
elif grep -qw bmi2 /proc/cpuinfo; then arch=x86-64-bmi2
else arch=x86-64-modern; fi
fsf="$src/src/stockfish"
if [ ! -x "$fsf" ]; then
    make -C "$src/src" -j"$(nproc)" build ARCH="$arch" largeboards=yes >/dev/null
fi
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
tav="$root/target/release/tavoliere"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# shellcheck source=perft_common.sh
. "$root/benches/peers/perft_common.sh"
fsf_perft() { # VARIANT DEPTH
    printf 'setoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n' "$1" "$2" | "$fsf"
}

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(chess:chess:6 xiangqi:xiangqi:5 crazyhouse:crazyhouse:5
    breakthrough:breakthrough:6 minishogi:minishogi:6)
printf '%-14s %6s %14s %10s %10s %7s\n' game depth leaves fsf_s tav_s ratio
for c in "${cases[@]}"; do
    IFS=: read -r game variant depth <<<"$c"
    f_start=$(cpu fsf_perft "$variant" 1)
    f_time=$(cpu fsf_perft "$variant" "$depth")
    f_count=$(grep -o 'Nodes searched: [0-9]*' "$tmp/out" | awk '{ print $3 }')
    row Fairy-Stockfish "$game" "$depth" "$f_count" "$(net "$f_time" "$f_start")"
done
echo "ratio = tavoliere CPU time / Fairy-Stockfish CPU time (below 1: tavoliere faster)"
