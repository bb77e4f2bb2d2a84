#!/usr/bin/env bash
# Perft beside RBG's compiled reasoners (Regular Boardgames: rbg2cpp turns
# a game description into C++), CPU time, one run each:
#   benches/peers/rbg.sh [GAME:RBG_GAME:DEPTH ...]     (from the repository root)
# Default: tic-tac-toe, Connect Four, breakthrough and English draughts.
# rbg2cpp's source: $RBG_SRC if set (a checkout with its rbgParser and
# rbgGames submodules), else a clone of its public repository with them in
# target/peers/rbg2cpp (needs the network once). It is built with its
# Makefile, and each reasoner with its release flags (`-Ofast
# -march=native -flto`) and its own perft driver (test/perft.cpp); the
# reasoners need Boost's headers (Debian's libboost-dev, installed when
# missing). The script checks that both count the same leaves and prints
# each CPU time and the ratio; each time is net of the program's start
# (its perft(1)).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
peers="$root/target/peers"
src=${RBG_SRC:-$peers/rbg2cpp}
if [ ! -d "$src/src" ]; then
    mkdir -p "$peers"
    git clone --depth 1 --recurse-submodules https://github.com/uicus/rbg2cpp "$src"
fi
if [ ! -f /usr/include/boost/container/static_vector.hpp ]; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends libboost-dev \
        || { $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends libboost-dev; }
fi
[ -x "$src/bin/rbg2cpp" ] || make -C "$src" rbg2cpp >/dev/null 2>&1
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
tav="$root/target/release/tavoliere"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags="-std=c++17 -Ofast -march=native -flto -s -DNDEBUG -DRBG_RANDOM_GENERATOR=0"

# shellcheck source=perft_common.sh
. "$root/benches/peers/perft_common.sh"
# The reasoner of an RBG game, with the perft driver: $tmp/NAME/perft.
reasoner() {
    local dir="$tmp/$1"
    mkdir -p "$dir"
    (cd "$dir" && "$src/bin/rbg2cpp" -o reasoner "$src/rbgGames/games/$1.rbg" >/dev/null)
    g++ $flags -c -o "$dir/reasoner.o" "$dir/reasoner.cpp" 2>"$dir/cc.log" || { cat "$dir/cc.log" >&2; exit 1; }
    cp "$src/test/perft.cpp" "$dir/"
    g++ $flags -I"$dir" -o "$dir/perft" "$dir/reasoner.o" "$dir/perft.cpp" 2>"$dir/cc.log" || { cat "$dir/cc.log" >&2; exit 1; }
}

cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(tic-tac-toe:ticTacToe:9 connect-four:connect4:9
    breakthrough:breakthrough:6 draughts:englishDraughts:10)
printf '%-14s %6s %14s %10s %10s %7s\n' game depth leaves rbg_s tav_s ratio
for c in "${cases[@]}"; do
    IFS=: read -r game rbg depth <<<"$c"
    reasoner "$rbg"
    r_start=$(cpu "$tmp/$rbg/perft" 1)
    r_time=$(cpu "$tmp/$rbg/perft" "$depth")
    r_count=$(grep -o '^perft: [0-9]*' "$tmp/out" | awk '{ print $2 }')
    row RBG "$game" "$depth" "$r_count" "$(net "$r_time" "$r_start")"
done
echo "ratio = tavoliere CPU time / RBG reasoner CPU time (below 1: tavoliere faster)"
