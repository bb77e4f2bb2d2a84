/* Connect Four perft with bitboards, the peer of `tavoliere perft
 * games/connect-four.toml` (benches/peers/run.sh). A column is 7 bits
 * (6 squares and an empty bit above), bit 7 * column + row. A position
 * where the last mover has four in a row has no moves; a full grid none.
 * The last level is counted in bulk, as tavoliere's perft does. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef uint64_t u64;

static const u64 BOTTOM = 0x40810204081ULL; /* row 0 of every column */

/* Whether `b` holds four in a row: vertical, horizontal, two diagonals. */
static int four(u64 b) {
    static const int shifts[4] = {1, 7, 6, 8};
    for (int i = 0; i < 4; i++) {
        u64 m = b & (b >> shifts[i]);
        if (m & (m >> 2 * shifts[i])) return 1;
    }
    return 0;
}

/* `mine`: the discs of the side to move; `all`: every disc. */
static u64 perft(u64 mine, u64 all, int depth) {
    u64 free = (all + BOTTOM) & (BOTTOM * 0x3f); /* each column's landing */
    if (depth == 1) return (u64)__builtin_popcountll(free);
    u64 total = 0;
    while (free) {
        u64 move = free & -free;
        free &= free - 1;
        u64 now = mine | move;
        if (!four(now)) total += perft(all ^ mine, all | move, depth - 1);
    }
    return total;
}

int main(int argc, char **argv) {
    int depth = argc > 1 ? atoi(argv[1]) : 8;
    printf("%llu\n", (unsigned long long)(depth < 1 ? 1 : perft(0, 0, depth)));
    return 0;
}
