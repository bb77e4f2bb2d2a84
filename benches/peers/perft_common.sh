# Shared by the perft peer scripts (sourced): CPU time of a command, and
# one row of the comparison. Needs $tmp (a scratch folder), $tav (the
# release binary) and $root (the repository).

# CPU seconds (user + system) of a command; its output goes to $tmp/out.
cpu() {
    local TIMEFORMAT='%3U %3S'
    { time "$@" >"$tmp/out" 2>/dev/null; } 2>"$tmp/time"
    awk '{ printf "%.3f", $1 + $2 }' "$tmp/time"
}

# A - B, for a time net of a program's start.
net() { awk -v a="$1" -v b="$2" 'BEGIN { print a - b }'; }

# tavoliere's perft of GAME at DEPTH: "LEAVES SECONDS", net of its start.
tav_perft() {
    local start time
    start=$(cpu "$tav" perft "$root/games/$1.toml" --depth 1)
    time=$(cpu "$tav" perft "$root/games/$1.toml" --depth "$2")
    echo "$(tail -1 "$tmp/out" | awk '{ print $2 }') $(net "$time" "$start")"
}

# One row: PEER GAME DEPTH PEER_LEAVES PEER_SECONDS; stops when the two
# programs count different leaves.
row() {
    local t_count t_time
    read -r t_count t_time <<<"$(tav_perft "$2" "$3")"
    if [ "$4" != "$t_count" ]; then
        echo "$2 perft($3) differs: $1 $4, tavoliere $t_count" >&2
        exit 1
    fi
    awk -v g="$2" -v d="$3" -v n="$t_count" -v p="$5" -v t="$t_time" \
        'BEGIN { printf "%-14s %6s %14s %10.2f %10.2f %7.2f\n", g, d, n, p, t, t / (p > 0 ? p : 0.001) }'
}
