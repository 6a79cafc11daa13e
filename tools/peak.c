/* tools/peak.c: how fast this machine does the game solver's entry sums' arithmetic, measured (make
 * bench: tools/bench.d/peak.sh; doc/solve.md "What bounds it"). The loop has the shape of the
 * solver's dense product (solve/wp_kernel_internal.h, entries): for each successor vector x (8
 * doubles, one lead a lane, read from a small table held in the L1 cache), 15 sums a[c] += d[c] * x,
 * the multiply and the add not fused (C11 mode contracts no a * b + c, as in the solver). So what it
 * prints is the most multiply-adds a second the solver's sums can reach here, with every load a hit:
 * the floor of a solve is its count of multiply-adds over this rate.
 *
 * usage: peak [THREADS [SECONDS]]   (default 2 threads, about 2 seconds) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define CELLS 15
#define ROWS 64

typedef double v8 __attribute__((vector_size(64)));
typedef double v4 __attribute__((vector_size(32)));

typedef struct {
    long rounds;
    int wide;
    double sink;
} job;

static double d[CELLS];

/* ROWS rows of 15 multiply-adds on 8 lanes, `rounds` times. */
__attribute__((target("avx512f"))) static double sums8(long rounds)
{
    static _Thread_local v8 x[ROWS];
    for (int m = 0; m < ROWS; m++)
        for (int k = 0; k < 8; k++)
            x[m][k] = 1e-3 * (m + k);
    v8 a[CELLS];
    for (int c = 0; c < CELLS; c++)
        a[c] = (v8){0};
    for (long r = 0; r < rounds; r++)
        for (int m = 0; m < ROWS; m++) {
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
__attribute__((target_clones("avx2", "default"))) static double sums4(long rounds)
{
    static _Thread_local v4 x[ROWS][2];
    for (int m = 0; m < ROWS; m++)
        for (int k = 0; k < 8; k++)
            x[m][k / 4][k % 4] = 1e-3 * (m + k);
    v4 a[CELLS][2];
    for (int c = 0; c < CELLS; c++)
        a[c][0] = a[c][1] = (v4){0};
    for (long r = 0; r < rounds; r++)
        for (int m = 0; m < ROWS; m++) {
            v4 x0 = x[m][0], x1 = x[m][1];
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

static void *run(void *arg)
{
    job *j = arg;
    j->sink = j->wide ? sums8(j->rounds) : sums4(j->rounds);
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds for `threads` threads each doing `rounds` rounds. */
static double timed(int threads, long rounds, int wide, double *sink)
{
    pthread_t th[64];
    job jobs[64];
    double t0 = now();
    for (int i = 0; i < threads; i++) {
        jobs[i] = (job){rounds, wide, 0};
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

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    double seconds = argc > 2 ? atof(argv[2]) : 2.0;
    if (threads < 1 || threads > 64 || !(seconds > 0 && seconds <= 600)) {
        fprintf(stderr, "usage: peak [THREADS (1..64) [SECONDS (0..600]]]\n");
        return 2;
    }
    for (int c = 0; c < CELLS; c++)
        d[c] = 1.0 / (c + 3);
    __builtin_cpu_init();
    int wide = __builtin_cpu_supports("avx512f");
    double sink = 0;
    long rounds = 1000;
    double t = timed(1, rounds, wide, &sink);
    while (t < 0.2) {   /* size the run from a short one */
        rounds *= 4;
        t = timed(1, rounds, wide, &sink);
    }
    rounds = (long)(rounds * seconds / t);
    if (rounds < 1)
        rounds = 1;
    t = timed(threads, rounds, wide, &sink);
    double madds = (double)threads * rounds * ROWS * CELLS * 8;
    printf("peak: %s, %d thread%s: %.3g multiply-adds of doubles a second (%.3g a thread), %.2f s (checksum %.6g)\n",
           wide ? "8-wide (AVX-512)" : "two 4-wide halves (AVX2 or baseline)", threads, threads == 1 ? "" : "s",
           madds / t, madds / t / threads, t, sink);
    return 0;
}
