/* calendar: date arithmetic full of divisions by constants: leap years,
 * day of the week by Zeller's congruence and by Sakamoto's table, days
 * since 1970 (civil-from-days / days-from-civil with negative years and
 * floor division), 64-bit Unix seconds split into hours and minutes.
 * Input: dates "y m d" (text); y may be negative. */
#include "corpus.h"

static int leap(long long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static long long floordiv(long long a, long long b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* days from 1970-01-01 (Howard Hinnant's algorithm) */
static long long days_from_civil(long long y, unsigned m, unsigned d)
{
    y -= m <= 2;
    long long era = floordiv(y, 400);
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3u : 9u)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (long long)doe - 719468;
}

static void civil_from_days(long long z, long long *y, unsigned *m, unsigned *d)
{
    z += 719468;
    long long era = floordiv(z, 146097);
    unsigned doe = (unsigned)(z - era * 146097);
    unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    unsigned mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = (long long)yoe + era * 400 + (*m <= 2);
}

static int sakamoto(long long y, int m, int d)
{
    static const int t[] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
    y -= m < 3;
    long long r = (y + floordiv(y, 4) - floordiv(y, 100) + floordiv(y, 400) + t[m - 1] + d) % 7;
    return (int)(r < 0 ? r + 7 : r);
}

static int zeller(long long y, int m, int d) /* 0 = Saturday */
{
    if (m < 3) {
        m += 12;
        y--;
    }
    long long k = ((y % 100) + 100) % 100, j = floordiv(y, 100);
    long long h = (d + (13 * (m + 1)) / 5 + k + k / 4 + floordiv(j, 4) + 5 * j) % 7;
    return (int)(h < 0 ? h + 7 : h);
}

static const char *const wd[7] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};

int main(void)
{
    unsigned long long yy;
    int n = 0;
    while (in_num(&yy)) {
        long long y = (long long)yy;
        unsigned m = (unsigned)in_u64(1), d = (unsigned)in_u64(1);
        if (m < 1 || m > 12 || d < 1 || d > 31 || y < -100000 || y > 100000) {
            out_s("date", "out of range");
            continue;
        }
        out_i("year", y);
        out_i("leap", leap(y));
        long long days = days_from_civil(y, m, d);
        out_i("days since 1970", days);
        long long y2;
        unsigned m2, d2;
        civil_from_days(days, &y2, &m2, &d2);
        out_i("round trip", y2 == y && m2 == m && d2 == d);
        int w = sakamoto(y, (int)m, (int)d);
        out_s("weekday", wd[w]);
        if ((zeller(y, (int)m, (int)d) + 6) % 7 != w)
            out_s("zeller", "MISMATCH");
        long long secs = days * 86400 + 12345;
        unsigned long long us = (unsigned long long)secs;
        out_i("unix seconds", secs);
        out_u("hour", (unsigned)((us % 86400) / 3600));
        out_u("minute", (unsigned)((us % 3600) / 60));
        mix((unsigned long long)days ^ (unsigned)w);
        n++;
    }
    /* every day of one 400-year cycle round-trips */
    int bad = 0;
    for (long long z = -200000; z < -200000 + 146097; z += 37) {
        long long y;
        unsigned m, d;
        civil_from_days(z, &y, &m, &d);
        bad += days_from_civil(y, m, d) != z;
    }
    out_i("cycle errors", bad);
    return digest() ^ n ^ bad;
}
