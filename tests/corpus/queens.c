/* queens: backtracking search: the N-queens problem counted with bit
 * masks (columns and diagonals as 32-bit sets, lowest-bit extraction
 * x & -x), the first solution found by array-based backtracking, and a
 * subset-sum search with pruning.  Input: numbers (text): N (capped at
 * 9) and a target sum. */
#include "corpus.h"

static unsigned solutions;

static void solve_bits(unsigned n, unsigned cols, unsigned d1, unsigned d2)
{
    unsigned all = (1u << n) - 1;
    if (cols == all) {
        solutions++;
        return;
    }
    unsigned free = all & ~(cols | d1 | d2);
    while (free) {
        unsigned bit = free & (0u - free);
        free ^= bit;
        solve_bits(n, cols | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
    }
}

static int pos[16];

static int safe(int row, int col)
{
    for (int r = 0; r < row; r++) {
        int c = pos[r];
        if (c == col || c - col == r - row || c - col == row - r)
            return 0;
    }
    return 1;
}

static int first(int row, int n)
{
    if (row == n)
        return 1;
    for (int c = 0; c < n; c++)
        if (safe(row, c)) {
            pos[row] = c;
            if (first(row + 1, n))
                return 1;
        }
    return 0;
}

static const int items[] = {3, 34, 4, 12, 5, 2, 27, 19, 8, 41, 6, 13};
static unsigned nodes;

static int subset(int i, int remaining, unsigned *chosen)
{
    nodes++;
    if (remaining == 0)
        return 1;
    if (i == (int)(sizeof items / sizeof items[0]) || remaining < 0)
        return 0;
    if (subset(i + 1, remaining - items[i], chosen)) {
        *chosen |= 1u << i;
        return 1;
    }
    return subset(i + 1, remaining, chosen);
}

int main(void)
{
    unsigned n = (unsigned)in_u64(6);
    int target = (int)in_s64(9);
    if (n > 9)
        n = 9;
    solve_bits(n, 0, 0, 0);
    out_u("N", n);
    out_u("solutions", solutions);
    if (n >= 1 && first(0, (int)n)) {
        mcveto_print("first:");
        for (unsigned r = 0; r < n; r++) {
            mcveto_putc(' ');
            mcveto_print_int(pos[r]);
            mix((unsigned)pos[r]);
        }
        mcveto_putc('\n');
    } else {
        out_s("first", "none");
    }
    unsigned chosen = 0;
    int ok = subset(0, target, &chosen);
    out_i("subset found", ok);
    out_x("chosen", chosen);
    out_u("nodes", nodes);
    mix(solutions);
    mix(chosen);
    return digest();
}
