/* tests/lrs.c: test helper (not in the library): a zero-sum matrix game's value by lrsnash.
 *
 * lrsnash (lrslib 7) reads "m n", then player 1's payoff matrix A, then player 2's B, row by
 * row, entries as integers or fractions p/q. For each equilibrium it prints a line
 *     2  y_1 ... y_n  (x'Ay)        (player 2's mix, then player 1's payoff)
 * and then one or more lines
 *     1  x_1 ... x_m  (x'By)        (player 1's mix, then player 2's payoff)
 * (a degenerate game prints several "2" lines before its "1" lines). With B = -A the game is
 * zero-sum and every equilibrium pays the row player the value.
 *
 * lrsnash 7.1 (Debian's "hybrid arithmetic" build) reads every input number into a 64-bit
 * integer and silently saturates at 2^63 - 1, then answers a different game. A double
 * x = M 2^e (M odd, up to 53 bits) is the fraction M 2^e / 1 or M / 2^-e, which can need ~90
 * bits (8 next to 2e-10 in one game). So the whole game is first scaled by an exact power of
 * two 2^k chosen so that every numerator and denominator is below 2^62 (the value scales by
 * 2^k and is scaled back); when no k fits, the helper fails rather than round. The output is
 * not trusted either: the first equilibrium's strategies are read back and checked, in exact
 * rationals, to be an equilibrium of the game written with the payoff printed (every row
 * against y pays <= it, every column against x >= it, both mixes distributions). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <gmp.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lrs.h"

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static void free_str(char *str)
{
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(str, strlen(str) + 1);
}

static int write_game(const char *path, const pb_mg_game *g, mpq_t q[PB_MG_MAX][PB_MG_MAX])
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int bad = fprintf(f, "%d %d\n", g->rows, g->cols) < 0;
    mpq_t t;
    mpq_init(t);
    for (int player = 0; player < 2; player++) {
        bad |= fputc('\n', f) == EOF;
        for (int i = 0; i < g->rows; i++) {
            for (int j = 0; j < g->cols; j++) {
                mpq_set(t, q[i][j]);
                if (player == 1)
                    mpq_neg(t, t);
                char *str = mpq_get_str(NULL, 10, t);
                bad |= fprintf(f, " %s", str) < 0;
                free_str(str);
            }
            bad |= fputc('\n', f) == EOF;
        }
    }
    mpq_clear(t);
    bad |= fclose(f) != 0;
    return bad ? -1 : 0;
}

/* The exponent k with every entry of 2^k g a fraction of numerator and denominator < 2^62
 * (k = 0 when it will do); q[i][j] = 2^k a[i][j] exactly. 0, or -1 when no k exists. */
static int scale_entries(const pb_mg_game *g, mpq_t q[PB_MG_MAX][PB_MG_MAX], long *k_out)
{
    long kmin = LONG_MIN / 2, kmax = LONG_MAX / 2;
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++) {
            mpq_set_d(q[i][j], g->a[i][j]);
            if (mpq_sgn(q[i][j]) == 0)
                continue;
            /* a = M 2^e, M odd */
            mpz_srcptr num = mpq_numref(q[i][j]), den = mpq_denref(q[i][j]);
            long e = mpz_cmp_ui(den, 1) == 0 ? (long)mpz_scan1(num, 0)
                                             : -(long)mpz_sizeinbase(den, 2) + 1;
            long bits = (long)mpz_sizeinbase(num, 2) - (e > 0 ? e : 0); /* bits of M */
            /* 2^k a: numerator M 2^(e+k) needs bits + e + k <= 62 when e + k >= 0;
             * denominator 2^-(e+k) needs -(e + k) <= 62 when e + k < 0 */
            if (-62 - e > kmin)
                kmin = -62 - e;
            if (62 - bits - e < kmax)
                kmax = 62 - bits - e;
        }
    if (kmin > kmax)
        return -1;
    long k = kmin > 0 ? kmin : kmax < 0 ? kmax : 0;
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++) {
            if (k > 0)
                mpq_mul_2exp(q[i][j], q[i][j], (mp_bitcnt_t)k);
            else if (k < 0)
                mpq_div_2exp(q[i][j], q[i][j], (mp_bitcnt_t)-k);
        }
    *k_out = k;
    return 0;
}

/* the whitespace-separated tokens of line (modified in place), at most max; their count */
static int tokens(char *line, char **tok, int max)
{
    int n = 0;
    for (char *p = strtok(line, " \t\r\n"); p && n < max; p = strtok(NULL, " \t\r\n"))
        tok[n++] = p;
    return n;
}

/* The first equilibrium of lrsnash's output: y (player 2's mix) and a = player 1's payoff from
 * its "2" line, x and b = player 2's payoff from the "1" line after it. */
static int parse_output(FILE *f, const pb_mg_game *g, mpq_t *x, mpq_t *y, mpq_t a, mpq_t b,
                        char *err, size_t errlen)
{
    char line[65536], *tok[PB_MG_MAX + 4];
    int have_a = 0;
    while (fgets(line, sizeof line, f)) {
        if (strchr(line, '\n') == NULL && !feof(f))
            return fail(err, errlen, "lrsnash: an output line longer than %zu bytes", sizeof line);
        int want;
        if (!have_a && strncmp(line, "2 ", 2) == 0)
            want = g->cols + 2;
        else if (have_a && strncmp(line, "1 ", 2) == 0)
            want = g->rows + 2;
        else
            continue;
        int nt = tokens(line, tok, PB_MG_MAX + 4);
        if (nt != want)
            return fail(err, errlen, "lrsnash: a strategy line with %d fields, expected %d", nt,
                        want);
        mpq_t *mix = have_a ? x : y;
        for (int t = 1; t < nt; t++) {
            mpq_ptr dst = t == nt - 1 ? (have_a ? b : a) : mix[t - 1];
            if (mpq_set_str(dst, tok[t], 10) != 0)
                return fail(err, errlen, "lrsnash: cannot read the number \"%s\"", tok[t]);
            mpq_canonicalize(dst);
        }
        if (have_a)
            return 0;
        have_a = 1;
    }
    return fail(err, errlen, "lrsnash: no equilibrium in its output");
}

/* (x, y) is an equilibrium of the game q with the value v, exactly (see the top) */
static int is_equilibrium(const pb_mg_game *g, mpq_t q[PB_MG_MAX][PB_MG_MAX], mpq_t *x, mpq_t *y,
                          mpq_t v)
{
    int ok = 1;
    mpq_t s, t;
    mpq_inits(s, t, NULL);
    for (int side = 0; side < 2 && ok; side++) {
        int n = side == 0 ? g->rows : g->cols;
        mpq_t *mix = side == 0 ? x : y;
        mpq_set_ui(s, 0, 1);
        for (int i = 0; i < n; i++) {
            ok &= mpq_sgn(mix[i]) >= 0;
            mpq_add(s, s, mix[i]);
        }
        ok &= mpq_cmp_ui(s, 1, 1) == 0;
    }
    for (int i = 0; i < g->rows && ok; i++) { /* row i against y: <= v */
        mpq_set_ui(s, 0, 1);
        for (int j = 0; j < g->cols; j++) {
            mpq_mul(t, q[i][j], y[j]);
            mpq_add(s, s, t);
        }
        ok &= mpq_cmp(s, v) <= 0;
    }
    for (int j = 0; j < g->cols && ok; j++) { /* column j against x: >= v */
        mpq_set_ui(s, 0, 1);
        for (int i = 0; i < g->rows; i++) {
            mpq_mul(t, q[i][j], x[i]);
            mpq_add(s, s, t);
        }
        ok &= mpq_cmp(s, v) >= 0;
    }
    mpq_clears(s, t, NULL);
    return ok;
}

int pb_test_lrsnash_value(const pb_mg_game *g, double *value, char *err, size_t errlen)
{
    if (!g || g->rows < 1 || g->rows > PB_MG_MAX || g->cols < 1 || g->cols > PB_MG_MAX)
        return fail(err, errlen, "lrsnash: malformed game");
    for (int i = 0; i < g->rows; i++)
        for (int j = 0; j < g->cols; j++)
            if (!isfinite(g->a[i][j]))
                return fail(err, errlen, "lrsnash: a non-finite payoff");

    const char *tmp = getenv("TMPDIR");
    char dir[4096], in[4200], out[4200], errf[4200];
    snprintf(dir, sizeof dir, "%s/pb-lrsnash-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir))
        return fail(err, errlen, "lrsnash: mkdtemp %s: %s", dir, strerror(errno));
    snprintf(in, sizeof in, "%s/game", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(errf, sizeof errf, "%s/err", dir);

    int rc = -1;
    long k = 0;
    mpq_t a, b, q[PB_MG_MAX][PB_MG_MAX], x[PB_MG_MAX], y[PB_MG_MAX];
    mpq_inits(a, b, NULL);
    for (int i = 0; i < PB_MG_MAX; i++) {
        mpq_init(x[i]);
        mpq_init(y[i]);
        for (int j = 0; j < PB_MG_MAX; j++)
            mpq_init(q[i][j]);
    }
    if (scale_entries(g, q, &k) != 0) {
        fail(err, errlen, "lrsnash: the payoffs span too many binary orders of magnitude for "
                          "lrsnash's 64-bit input");
        goto done;
    }
    if (write_game(in, g, q) != 0) {
        fail(err, errlen, "lrsnash: cannot write %s: %s", in, strerror(errno));
        goto done;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fail(err, errlen, "lrsnash: fork: %s", strerror(errno));
        goto done;
    }
    if (pid == 0) {
        int fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int fe = open(errf, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int fi = open("/dev/null", O_RDONLY);
        if (fo < 0 || fe < 0 || fi < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0 || dup2(fi, 0) < 0)
            _exit(126);
        if (chdir(dir) != 0)
            _exit(126);
        execlp("lrsnash", "lrsnash", "game", (char *)NULL);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            fail(err, errlen, "lrsnash: waitpid: %s", strerror(errno));
            goto done;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        fail(err, errlen, "lrsnash not found on PATH: install the Debian package lrslib "
                          "(make check installs it)");
        goto done;
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char msg[256] = "";
        FILE *fe = fopen(errf, "r");
        if (fe) {
            if (!fgets(msg, sizeof msg, fe))
                msg[0] = 0;
            fclose(fe);
        }
        msg[strcspn(msg, "\n")] = 0;
        fail(err, errlen, "lrsnash failed (%s %d): %s",
             WIFEXITED(status) ? "exit status" : "signal",
             WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), msg);
        goto done;
    }
    FILE *fo = fopen(out, "r");
    if (!fo) {
        fail(err, errlen, "lrsnash: cannot read %s: %s", out, strerror(errno));
        goto done;
    }
    int prc = parse_output(fo, g, x, y, a, b, err, errlen);
    fclose(fo);
    if (prc != 0)
        goto done;
    mpq_neg(b, b);
    if (!mpq_equal(a, b) || !is_equilibrium(g, q, x, y, a)) {
        fail(err, errlen, "lrsnash: its first equilibrium is not an equilibrium of the game");
        goto done;
    }
    if (k > 0)
        mpq_div_2exp(a, a, (mp_bitcnt_t)k);
    else if (k < 0)
        mpq_mul_2exp(a, a, (mp_bitcnt_t)-k);
    *value = mpq_get_d(a);
    rc = 0;
done:
    mpq_clears(a, b, NULL);
    for (int i = 0; i < PB_MG_MAX; i++) {
        mpq_clear(x[i]);
        mpq_clear(y[i]);
        for (int j = 0; j < PB_MG_MAX; j++)
            mpq_clear(q[i][j]);
    }
    unlink(in);
    unlink(out);
    unlink(errf);
    rmdir(dir);
    return rc;
}
