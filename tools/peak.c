/* tools/peak.c: how fast this machine does the game solver's entry sums' arithmetic, measured (make
 * bench, whose tools/bench.d/game.sh prints it; doc/solve.md "What bounds it"). The loop has the
 * shape of the solver's dense product (solve/wp_kernel_internal.h, entries): for each successor
 * vector x (8 doubles, one lead a lane, read from a small table held in the L1 cache), 15 sums a[c]
 * += d[c] * x, the multiply and the add not fused (C11 mode contracts no a * b + c, as in the
 * solver without FMA). So what it prints is the most multiply-adds a second such sums can reach here,
 * with every load a hit: the floor of a solve is its count of multiply-adds over this rate. With
 * KIB the successors are a table of that many KiB a thread, walked in order (each vector still used
 * for its 15 sums), so the rate includes the caches or the memory that size reaches (the solver's
 * successors of a timeout group are 1.3 MB).
 *
 * Then the same loop with each multiply-add fused (one rounding: _mm512_fmadd_pd, or two
 * _mm256_fmadd_pd a row), where the machine has FMA, on a second line: the rate of the solver's
 * sums there, which take one fused multiply-add a term ("no fused multiply-add" where the machine
 * has none, and the solver rounds each product and sum).
 *
 * usage: peak [THREADS [SECONDS [KIB]]]   (default 2 threads, about 2 seconds, 4 KiB) */
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CELLS 15

static long rows = 64;   /* successor vectors of 64 bytes in a thread's table */

typedef double v8 __attribute__((vector_size(64)));
typedef double v4 __attribute__((vector_size(32)));

typedef struct {
    long rounds;
    int wide;
    double *table;   /* rows x 8 doubles, made before the clock starts */
    double sink;
} job;

static double d[CELLS];

/* `rows` rows of 15 multiply-adds on 8 lanes, `rounds` times. */
__attribute__((target("avx512f"))) static double sums8(long rounds, double *table)
{
    const v8 *x = (const v8 *)table;
    v8 a[CELLS];
    for (int c = 0; c < CELLS; c++)
        a[c] = (v8){0};
    for (long r = 0; r < rounds; r++)
        for (long m = 0; m < rows; m++) {
            v8 xm = x[m];
#pragma GCC unroll 15
            for (int c = 0; c < CELLS; c++)
                a[c] += d[c] * xm;
        }
    double s = 0;
    for (int c = 0; c < CELLS; c++)
        for (int k = 0; k < 8; k++)
            s += a[c][k];
    return s;
}

/* The same on a machine whose vectors are 4 wide (AVX2, or the baseline): two halves a row. */
__attribute__((target_clones("avx2", "default"))) static double sums4(long rounds, double *table)
{
    const v4 *x = (const v4 *)table;
    v4 a[CELLS][2];
    for (int c = 0; c < CELLS; c++)
        a[c][0] = a[c][1] = (v4){0};
    for (long r = 0; r < rounds; r++)
        for (long m = 0; m < rows; m++) {
            v4 x0 = x[2 * m], x1 = x[2 * m + 1];
#pragma GCC unroll 15
            for (int c = 0; c < CELLS; c++) {
                a[c][0] += d[c] * x0;
                a[c][1] += d[c] * x1;
            }
        }
    double s = 0;
    for (int c = 0; c < CELLS; c++)
        for (int k = 0; k < 4; k++)
            s += a[c][0][k] + a[c][1][k];
    return s;
}

/* sums8 and sums4 with each multiply-add fused. */
__attribute__((target("avx512f,fma"))) static double fused8(long rounds, double *table)
{
    const double *x = table;
    __m512d a[CELLS], dc[CELLS];
    for (int c = 0; c < CELLS; c++)
        a[c] = _mm512_setzero_pd(), dc[c] = _mm512_set1_pd(d[c]);
    for (long r = 0; r < rounds; r++)
        for (long m = 0; m < rows; m++) {
            __m512d xm = _mm512_load_pd(x + 8 * m);
#pragma GCC unroll 15
            for (int c = 0; c < CELLS; c++)
                a[c] = _mm512_fmadd_pd(dc[c], xm, a[c]);
        }
    double s = 0, out[8];
    for (int c = 0; c < CELLS; c++) {
        _mm512_storeu_pd(out, a[c]);
        for (int k = 0; k < 8; k++)
            s += out[k];
    }
    return s;
}

__attribute__((target("avx2,fma"))) static double fused4(long rounds, double *table)
{
    const double *x = table;
    __m256d a0[CELLS], a1[CELLS], dc[CELLS];
    for (int c = 0; c < CELLS; c++)
        a0[c] = a1[c] = _mm256_setzero_pd(), dc[c] = _mm256_set1_pd(d[c]);
    for (long r = 0; r < rounds; r++)
        for (long m = 0; m < rows; m++) {
            __m256d x0 = _mm256_load_pd(x + 8 * m), x1 = _mm256_load_pd(x + 8 * m + 4);
#pragma GCC unroll 15
            for (int c = 0; c < CELLS; c++) {
                a0[c] = _mm256_fmadd_pd(dc[c], x0, a0[c]);
                a1[c] = _mm256_fmadd_pd(dc[c], x1, a1[c]);
            }
        }
    double s = 0, o0[4], o1[4];
    for (int c = 0; c < CELLS; c++) {
        _mm256_storeu_pd(o0, a0[c]);
        _mm256_storeu_pd(o1, a1[c]);
        for (int k = 0; k < 4; k++)
            s += o0[k] + o1[k];
    }
    return s;
}

static int fused;   /* the fused loops (the machine has FMA) */

static void *run(void *arg)
{
    job *j = arg;
    if (fused)
        j->sink = j->wide ? fused8(j->rounds, j->table) : fused4(j->rounds, j->table);
    else
        j->sink = j->wide ? sums8(j->rounds, j->table) : sums4(j->rounds, j->table);
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds for `threads` threads each doing `rounds` rounds over its own table. */
static double timed(int threads, long rounds, int wide, double *const *tables, double *sink)
{
    pthread_t th[64];
    job jobs[64];
    double t0 = now();
    for (int i = 0; i < threads; i++) {
        jobs[i] = (job){rounds, wide, tables[i], 0};
        if (pthread_create(&th[i], NULL, run, &jobs[i]) != 0) {
            fprintf(stderr, "peak: error: cannot start a thread\n");
            exit(1);
        }
    }
    for (int i = 0; i < threads; i++) {
        pthread_join(th[i], NULL);
        *sink += jobs[i].sink;
    }
    return now() - t0;
}

/* The whole of s as a number in [lo, hi] (no sign, space or trailing character accepted). */
static int number(const char *s, double lo, double hi, double *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    double v = strtod(s, &end);
    if (*end != '\0' || !(v >= lo && v <= hi))
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    double th = 2, seconds = 2, kb = 4;
    if (argc > 4 || (argc > 1 && number(argv[1], 1, 64, &th) != 0)
        || (argc > 2 && number(argv[2], 0.01, 600, &seconds) != 0)
        || (argc > 3 && number(argv[3], 1, 1 << 22, &kb) != 0) || th != (int)th || kb != (long)kb) {
        fprintf(stderr, "usage: peak [THREADS (1..64) [SECONDS (0.01..600) [KIB (1..4194304)]]]\n");
        return 2;
    }
    int threads = (int)th;
    long kib = (long)kb;
    rows = kib * 1024 / 64;
    for (int c = 0; c < CELLS; c++)
        d[c] = 1.0 / (c + 3);
    double *tables[64];
    for (int i = 0; i < threads; i++) {
        tables[i] = aligned_alloc(64, (size_t)rows * 64);
        if (!tables[i]) {
            fprintf(stderr, "peak: error: out of memory for %d tables of %ld KiB\n", threads, kib);
            return 1;
        }
        for (long m = 0; m < rows; m++)   /* as 8-wide rows, or two 4-wide halves a row */
            for (int k = 0; k < 8; k++)
                tables[i][8 * m + k] = 1e-3 * (m % 997 + k);
    }
    __builtin_cpu_init();
    int wide = __builtin_cpu_supports("avx512f");
    int fma = __builtin_cpu_supports("fma") && (wide || __builtin_cpu_supports("avx2"));
    for (fused = 0; fused <= fma; fused++) {
        double sink = 0;
        long rounds = 1 + 64000 / rows;
        double t = timed(1, rounds, wide, tables, &sink);
        while (t < 0.2) {   /* size the run from a short one */
            rounds *= 4;
            t = timed(1, rounds, wide, tables, &sink);
        }
        rounds = (long)(rounds * seconds / t);
        if (rounds < 1)
            rounds = 1;
        t = timed(threads, rounds, wide, tables, &sink);
        double madds = (double)threads * rounds * rows * CELLS * 8;
        if (!fused)
            printf("peak: %s, %d thread%s, a %ld KiB table: %.3g multiply-adds of doubles a second (%.3g a thread), "
                   "%.2f s (checksum %.6g)\n",
                   wide ? "8-wide (AVX-512)" : "two 4-wide halves (AVX2 or baseline)", threads, threads == 1 ? "" : "s",
                   kib, madds / t, madds / t / threads, t, sink);
        else
            printf("peak: fused (FMA), the same loop: %.3g fused multiply-adds a second (%.3g a thread), %.2f s "
                   "(checksum %.6g)\n", madds / t, madds / t / threads, t, sink);
    }
    if (!fma)
        printf("peak: no fused multiply-add on this machine\n");
    for (int i = 0; i < threads; i++)
        free(tables[i]);
    return 0;
}
