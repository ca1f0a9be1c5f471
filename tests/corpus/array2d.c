/* array2d: two-dimensional arrays: matrix multiply with 64-bit
 * accumulators, transpose, row and column sums, a 2D prefix-sum table,
 * Pascal's triangle and the game of life on a small torus (neighbour
 * indexing with wrap-around).  Input: numbers (text): a seed and a
 * generation count for life (capped at 30). */
#include "corpus.h"

#define N 8
#define W 16

static long long prod[N][N];

static void matmul(int a[N][N], int b[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            long long s = 0;
            for (int k = 0; k < N; k++)
                s += (long long)a[i][k] * b[k][j];
            prod[i][j] = s;
        }
}

static unsigned char grid[W][W], next[W][W];

static void life_step(void)
{
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) {
            int c = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    if (dx || dy)
                        c += grid[(y + dy + W) % W][(x + dx + W) % W];
            next[y][x] = (unsigned char)(c == 3 || (c == 2 && grid[y][x]));
        }
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++)
            grid[y][x] = next[y][x];
}

int main(void)
{
    unsigned seed = (unsigned)in_u64(1);
    unsigned gens = (unsigned)in_u64(5);
    if (gens > 30)
        gens = 30;
    int a[N][N], b[N][N], t[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            seed = seed * 1664525u + 1013904223u;
            a[i][j] = (int)(seed >> 4) - (1 << 27);
            b[i][j] = (int)(seed % 2001) - 1000;
        }
    matmul(a, b);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            t[j][i] = a[i][j];
    long long trace = 0;
    for (int i = 0; i < N; i++)
        trace += prod[i][i];
    out_i("trace", trace);
    out_i("prod[2][5]", prod[2][5]);
    int colsum[N] = {0};
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            colsum[j] += t[i][j] >> 8;
    for (int j = 0; j < N; j++)
        mix((unsigned)colsum[j]);
    out_i("colsum[0]", colsum[0]);
    static unsigned pre[N + 1][N + 1];
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++)
            pre[i][j] = (unsigned)b[i - 1][j - 1] + pre[i - 1][j] + pre[i][j - 1] - pre[i - 1][j - 1];
    out_i("prefix total", (int)pre[N][N]);
    out_i("prefix box", (int)(pre[6][7] - pre[2][7] - pre[6][3] + pre[2][3]));
    unsigned pascal[20][20];
    for (int i = 0; i < 20; i++) {
        pascal[i][0] = pascal[i][i] = 1;
        for (int j = 1; j < i; j++)
            pascal[i][j] = pascal[i - 1][j - 1] + pascal[i - 1][j];
    }
    out_u("C(19,9)", pascal[19][9]);
    for (int y = 0; y < W; y++)
        for (int x = 0; x < W; x++) {
            seed = seed * 1664525u + 1013904223u;
            grid[y][x] = (unsigned char)(seed >> 31);
        }
    for (unsigned g = 0; g < gens; g++)
        life_step();
    int alive = 0;
    for (int y = 0; y < W; y++) {
        for (int x = 0; x < W; x++) {
            alive += grid[y][x];
            mcveto_putc(grid[y][x] ? '#' : '.');
        }
        mcveto_putc('\n');
    }
    out_i("alive", alive);
    mix((unsigned long long)trace ^ (unsigned)alive);
    return digest();
}
