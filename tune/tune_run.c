/* tune/tune_run.c: the evaluations of a tune: the whole grid, or a bisection.
 *
 * The grid: every combination, in grid order (the last key fastest). Play-level rows run on
 * `threads` threads at once (each row is independent, its numbers exact, so the output is the
 * same for any thread count); drive- and game-level rows one at a time, the solver using the
 * threads (the drive solver's cache in ask/ is process-wide; the drive solver keeps the play cells
 * of one row for the next, whose ruleset differs from it only in a kick: solve/drive.h). Over MPI's ranks (opts.dist) the rows
 * are split in contiguous blocks, each rank evaluates its block and the blocks are exchanged as
 * text records (an exact value as its fraction), so every rank ends with every row, the same as
 * one process.
 *
 * The bisection (one key of whole numbers, --equal X): the two ends, then the middle of the
 * bracket that holds X, until the bracket is two neighbours; the best is the nearer of them. Each
 * new value must lie between the bracket's ends (within the bounds): a target that leaves them is
 * not monotone and the bisection stops and says so. Monotonicity is so checked at the values
 * evaluated and assumed between them; check_monotone evaluates every value too and checks the
 * whole order (and the bisection's answer is then the grid's). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "workers.h"
#include "tune_internal.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int eval_one(pb_tune *t, long r, int threads, bool *usage, char *err, size_t errlen)
{
    pb_tune_row *row = &t->rows[r];
    char *text = pb_tune_edit(t, row->idx);
    pb_ruleset *rs = malloc(sizeof *rs);
    if (!text || !rs) {
        free(text);
        free(rs);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    char combo[512];
    pb_tune_combo_label(t, row->idx, combo, sizeof combo);
    double t0 = now();
    int st = pb_tune_load(t, text, row->idx, rs, err, errlen);
    free(text);
    if (st == 0)
        st = pb_tune_eval_row(t, rs, row, combo, threads, usage, err, errlen);
    if (t->level == PB_TUNE_DRIVE)
        pb_ask_release_solves();
    free(rs);
    row->seconds = now() - t0;
    row->evaluated = st == 0;
    return st;
}

typedef struct {
    pb_tune *t;
    long next, end;
    int threads;     /* each evaluation's own (the solver's) */
    int failed;
    bool usage;
    char err[1024];
} job;

static void tick(pb_tune *t)
{
    t->done++;
    if (t->o.progress)
        t->o.progress(t->o.progress_ctx, t->done, t->total);
}

static void *worker(void *arg)
{
    job *j = arg;
    pb_tune *t = j->t;
    for (;;) {
        pthread_mutex_lock(&t->lock);
        long r = j->failed ? j->end : j->next++;
        pthread_mutex_unlock(&t->lock);
        if (r >= j->end)
            return NULL;
        char err[1024];
        bool usage = false;
        int st = eval_one(t, r, j->threads, &usage, err, sizeof err);
        pthread_mutex_lock(&t->lock);
        if (st != 0 && !j->failed) {
            j->failed = 1;
            j->usage = usage;
            snprintf(j->err, sizeof j->err, "%s", err);
        }
        if (st == 0)
            tick(t);
        pthread_mutex_unlock(&t->lock);
    }
}

/* Rows [from, to) evaluated here. */
static int eval_block(pb_tune *t, long from, long to, bool *usage, char *err, size_t errlen)
{
    job j;
    memset(&j, 0, sizeof j);
    j.t = t;
    j.next = from;
    j.end = to;
    int threads = t->o.threads > 0 ? t->o.threads : 1;
    if (t->level == PB_TUNE_PLAY) {
        j.threads = 1;
        pb_workers_run(threads < to - from ? threads : (int)(to - from > 0 ? to - from : 1), worker, &j);
    } else {
        j.threads = threads;
        worker(&j);
    }
    if (j.failed) {
        *usage = j.usage;
        snprintf(err, errlen, "%s", j.err);
        return -1;
    }
    return 0;
}

/* ---- the rows exchanged over the ranks ---- */
#define FRACTION_MAX 1000
#define TARGET_BYTES (16 + 2 + FRACTION_MAX)

static size_t record_size(const pb_tune *t) { return 8 + (size_t)t->ntargets * TARGET_BYTES; }

static int encode(const pb_tune *t, const pb_tune_row *row, unsigned char *rec)
{
    memcpy(rec, &row->seconds, 8);
    for (int i = 0; i < t->ntargets; i++) {
        unsigned char *at = rec + 8 + (size_t)i * TARGET_BYTES;
        const pb_tune_value *v = &row->t[i];
        memcpy(at, &v->bound, 8);
        at[16] = v->defined;
        at[17] = v->exact;
        if (mpz_sizeinbase(mpq_numref(v->q), 10) + mpz_sizeinbase(mpq_denref(v->q), 10) + 4 > FRACTION_MAX)
            return -1;
        mpq_get_str((char *)at + 18, 10, v->q);
    }
    return 0;
}

static void decode(pb_tune *t, pb_tune_row *row, const unsigned char *rec)
{
    memcpy(&row->seconds, rec, 8);
    for (int i = 0; i < t->ntargets; i++) {
        const unsigned char *at = rec + 8 + (size_t)i * TARGET_BYTES;
        pb_tune_value *v = &row->t[i];
        memcpy(&v->bound, at, 8);
        v->defined = at[16];
        v->exact = at[17];
        mpq_set_str(v->q, (const char *)at + 18, 10);
        mpq_canonicalize(v->q);
    }
    row->evaluated = true;
    pb_tune_score(t, row);
}

static int run_grid(pb_tune *t, bool *usage, char *err, size_t errlen)
{
    const pb_wp_dist *d = t->o.dist;
    t->nshown = t->nrows;
    for (long r = 0; r < t->nrows; r++)
        t->order[r] = r;
    if (!d || d->size <= 1) {
        t->total = t->nrows;
        return eval_block(t, 0, t->nrows, usage, err, errlen);
    }
    int *start = calloc((size_t)d->size + 1, sizeof *start);
    size_t stride = record_size(t);
    unsigned char *buf = calloc((size_t)t->nrows, stride);
    if (!start || !buf) {
        free(start);
        free(buf);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int k = 0; k <= d->size; k++)
        start[k] = (int)(t->nrows * k / d->size);
    t->total = start[d->rank + 1] - start[d->rank];
    int st = eval_block(t, start[d->rank], start[d->rank + 1], usage, err, errlen);
    for (long r = start[d->rank]; st == 0 && r < start[d->rank + 1]; r++)
        if (encode(t, &t->rows[r], buf + (size_t)r * stride) != 0) {
            snprintf(err, errlen, "a fraction too long to send between the ranks (row %ld)", r);
            st = -1;
        }
    double failed = st != 0 ? (*usage ? 2 : 1) : 0;
    if (d->max(d->ctx, &failed, 1) != 0) {
        snprintf(err, errlen, "the ranks' exchange failed");
        st = -1;
    } else if (failed > 0 && st == 0) {
        snprintf(err, errlen, "another rank failed");
        *usage = failed > 1;
        st = -1;
    }
    if (st == 0 && d->allgather(d->ctx, buf, stride, start) != 0) {
        snprintf(err, errlen, "the ranks' exchange failed");
        st = -1;
    }
    if (st == 0)
        for (long r = 0; r < t->nrows; r++)
            if (r < start[d->rank] || r >= start[d->rank + 1])
                decode(t, &t->rows[r], buf + (size_t)r * stride);
    free(start);
    free(buf);
    return st;
}

/* ---- bisection ---- */
static int need(pb_tune *t, long r, bool *usage, char *err, size_t errlen)
{
    if (t->rows[r].evaluated)
        return 0;
    int threads = t->o.threads > 0 ? t->o.threads : 1;
    if (eval_one(t, r, threads, usage, err, errlen) != 0)
        return -1;
    if (!t->rows[r].t[0].defined) {
        snprintf(err, errlen, "--bisect: the target has no value at %s=%s", t->key[0].name, t->key[0].value[r]);
        *usage = true;
        return -1;
    }
    t->bis.evaluations++;
    tick(t);
    return 0;
}

static void value_text(const pb_tune_value *v, char *buf, size_t len)
{
    char d[64];
    pb_tune_value_decimal(v, 6, d, sizeof d);
    if (v->exact)
        snprintf(buf, len, "%s", d);
    else
        snprintf(buf, len, "%s +- %.2g", d, v->bound);
}

static int not_monotone(pb_tune *t, long a, long b, long c, char *err, size_t errlen)
{
    char va[96], vb[96], vc[96];
    const pb_tune_key *k = &t->key[0];
    value_text(&t->rows[a].t[0], va, sizeof va);
    value_text(&t->rows[b].t[0], vb, sizeof vb);
    value_text(&t->rows[c].t[0], vc, sizeof vc);
    snprintf(err, errlen, "--bisect: the target is not monotone in %s: %s -> %s, %s -> %s, %s -> %s (the grid, "
             "without --bisect, shows every value)", k->name, k->value[a], va, k->value[b], vb, k->value[c], vc);
    return 1;
}

/* Is m's value outside [lo's, hi's] (either order) by more than the bounds? */
static bool outside(const pb_tune_value *m, const pb_tune_value *a, const pb_tune_value *b)
{
    const pb_tune_value *lo = mpq_cmp(a->q, b->q) <= 0 ? a : b, *hi = lo == a ? b : a;
    if (mpq_cmp(m->q, lo->q) < 0 && !pb_tune_overlap(m, lo))
        return true;
    if (mpq_cmp(m->q, hi->q) > 0 && !pb_tune_overlap(m, hi))
        return true;
    return false;
}

static int side_of(const pb_tune *t, const pb_tune_value *v)
{
    int c = mpq_cmp(v->q, t->equal);
    return c < 0 ? -1 : c > 0;
}

static int run_bisect(pb_tune *t, bool *usage, char *err, size_t errlen)
{
    long n = t->key[0].n, lo = 0, hi = n - 1;
    t->bis.used = true;
    t->total = t->o.check_monotone ? n : 2;
    for (long k = n; k > 2; k = (k + 1) / 2)
        if (!t->o.check_monotone)
            t->total++;
    if (need(t, lo, usage, err, errlen) != 0 || need(t, hi, usage, err, errlen) != 0)
        return -1;
    int st = 0;
    pb_tune_value *flo = &t->rows[lo].t[0], *fhi = &t->rows[hi].t[0];
    if (pb_tune_overlap(flo, fhi)) {
        snprintf(err, errlen, "--bisect: the target is the same at both ends of %s (%s and %s) within its bounds: no "
                 "crossing to find (the grid, without --bisect, shows every value)", t->key[0].name,
                 t->key[0].value[lo], t->key[0].value[hi]);
        st = 1;
    } else {
        t->bis.direction = mpq_cmp(fhi->q, flo->q) > 0 ? 1 : -1;
        int slo = side_of(t, flo), shi = side_of(t, fhi);
        if (slo == shi && slo != 0) {
            /* X beyond both ends: the nearer end, once the middle is seen between them */
            t->bis.outside = true;
            long mid = lo + (hi - lo) / 2;
            if (hi - lo > 1) {
                if (need(t, mid, usage, err, errlen) != 0)
                    return -1;
                if (outside(&t->rows[mid].t[0], flo, fhi))
                    st = not_monotone(t, lo, mid, hi, err, errlen);
            }
        } else {
            while (hi - lo > 1 && slo != 0 && shi != 0) {
                long mid = lo + (hi - lo) / 2;
                if (need(t, mid, usage, err, errlen) != 0)
                    return -1;
                pb_tune_value *fm = &t->rows[mid].t[0];
                if (outside(fm, &t->rows[lo].t[0], &t->rows[hi].t[0])) {
                    st = not_monotone(t, lo, mid, hi, err, errlen);
                    break;
                }
                int sm = side_of(t, fm);
                if (sm == slo) {
                    lo = mid;
                } else if (sm == shi) {
                    hi = mid;
                } else {   /* X hit exactly */
                    lo = hi = mid;
                    break;
                }
            }
        }
    }
    if (st == 0 && t->o.check_monotone) {
        for (long r = 0; r < n; r++)
            if (need(t, r, usage, err, errlen) != 0)
                return -1;
        t->bis.monotone_checked = true;
        int dir = t->bis.direction;
        for (long r = 0; r + 1 < n; r++) {
            pb_tune_value *a = &t->rows[r].t[0], *b = &t->rows[r + 1].t[0];
            int c = mpq_cmp(b->q, a->q);
            if (c * dir < 0 && !pb_tune_overlap(a, b)) {
                st = not_monotone(t, r > 0 ? r - 1 : r, r, r + 1, err, errlen);
                if (r == 0)
                    st = not_monotone(t, r, r + 1, r + 1 < n - 1 ? r + 2 : r + 1, err, errlen);
                break;
            }
        }
    }
    t->nshown = 0;
    for (long r = 0; r < n; r++)
        if (t->rows[r].evaluated)
            t->order[t->nshown++] = r;
    return st;
}

int pb_tune_run(pb_tune *t, bool *usage, char *err, size_t errlen)
{
    *usage = false;
    if (!t->prepared) {
        snprintf(err, errlen, "internal error: pb_tune_run before pb_tune_prepare");
        return -1;
    }
    t->done = 0;
    int st = t->o.bisect ? run_bisect(t, usage, err, errlen) : run_grid(t, usage, err, errlen);
    pb_ask_release_solves();
    pb_drive_cache_clear();   /* the play cells kept between the rows' drive solves */
    if (st == 0)
        pb_tune_pick(t);
    return st;
}
