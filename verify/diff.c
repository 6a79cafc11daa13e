/* verify/diff.c: the exact consequences of a rule change.
 *
 * Every cell of the grid (verify.h: pb_verify_cells_grid, special teams included) is
 * enumerated under both rulesets; a cell changed when its distribution differs in any outcome
 * or fact (the red-zone flag left out: it labels the situation, and a ruleset that moves the
 * red zone would otherwise "change" every play at the boundary without changing any result).
 * For each changed cell the summaries under A and B are kept, and the cells are sorted by the
 * largest change of a probability summary, then of a mean, then in grid order. The ruleset
 * lines that differ come from the two rulesets written in the file format. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify.h"

const pb_verify_sum_info pb_verify_sum[PB_VERIFY_NSUM] = {
    {"td", true},         {"turnover", true},   {"turnover_td", true}, {"safety", true},
    {"complete", true},   {"first_down", true}, {"cut", true},         {"good", true},
    {"kept", true},       {"mean_yards", false}, {"mean_start", false}, {"turnover_spot", false},
};

void pb_verify_summarize(const pb_dist *d, mpq_t *out)
{
    pb_summary s;
    pb_summary_init(&s);
    pb_summarize(d, &s);
    mpq_set(out[0], s.td);
    mpq_set(out[1], s.turnover);
    mpq_set(out[3], s.safety);
    mpq_set(out[4], s.complete);
    mpq_set(out[5], s.first_down);
    mpq_set(out[6], s.cut);
    mpq_set(out[7], s.good);
    mpq_set(out[8], s.kept);
    mpq_set(out[9], s.mean_yards);
    mpq_set(out[10], s.mean_start);
    pb_summary_release(&s);
    mpz_t td, w, sum;
    mpz_inits(td, w, sum, NULL);
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        if (e->kind == PB_OUT_TURNOVER_TD)
            mpz_add(td, td, e->num);
        if (e->kind == PB_OUT_TURNOVER) {
            mpz_add(w, w, e->num);
            mpz_addmul_ui(sum, e->num, (unsigned long)(e->yards > 0 ? e->yards : 0));
        }
    }
    mpz_set(mpq_numref(out[2]), td);
    mpz_set(mpq_denref(out[2]), d->den);
    mpq_canonicalize(out[2]);
    if (mpz_sgn(w) == 0) {
        mpq_set_ui(out[11], 0, 1);
    } else {
        mpz_set(mpq_numref(out[11]), sum);
        mpz_set(mpq_denref(out[11]), w);
        mpq_canonicalize(out[11]);
    }
    mpz_clears(td, w, sum, NULL);
}

static const uint64_t print_prime[2] = {UINT64_C(2305843009213693951), UINT64_C(2305843009213693921)};

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)((u128)a * b % m);
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m)
{
    uint64_t r = 1;
    for (a %= m; e; e >>= 1, a = mulmod(a, a, m))
        if (e & 1)
            r = mulmod(r, a, m);
    return r;
}

pb_verify_print pb_verify_fingerprint(const pb_dist *d, unsigned mask)
{
    pb_verify_print fp = {{UINT64_C(1469598103934665603), UINT64_C(1099511628211)}};
    for (int j = 0; j < 2; j++) {
        uint64_t m = print_prime[j];
        uint64_t inv = powmod(powmod(6, d->exp6, m), m - 2, m);  /* 6^-exp6 mod m (m prime) */
        uint64_t h = fp.h[j];
        for (size_t i = 0; i < d->count; i++) {
            const pb_dist_entry *e = &d->entries[i];
            uint64_t p = mulmod(mpz_fdiv_ui(e->num, m), inv, m);
            uint64_t words[4] = {(uint64_t)e->kind, (uint64_t)(uint32_t)e->yards, (uint64_t)(e->flags & mask), p};
            for (int k = 0; k < 4; k++) {
                h ^= words[k];
                h *= UINT64_C(0x100000001B3);
                h ^= h >> 29;
            }
        }
        fp.h[j] = h;
    }
    return fp;
}

/* x->num / 6^x->exp6 == y->num / 6^y->exp6 */
static bool same_p(mpz_srcptr xn, unsigned xe, mpz_srcptr yn, unsigned ye, mpz_t tmp)
{
    if (xe == ye)
        return mpz_cmp(xn, yn) == 0;
    if (xe < ye) {
        mpz_ui_pow_ui(tmp, 6, ye - xe);
        mpz_mul(tmp, tmp, xn);
        return mpz_cmp(tmp, yn) == 0;
    }
    mpz_ui_pow_ui(tmp, 6, xe - ye);
    mpz_mul(tmp, tmp, yn);
    return mpz_cmp(tmp, xn) == 0;
}

bool pb_verify_dist_equal(const pb_dist *x, const pb_dist *y, unsigned mask)
{
    if (x->count != y->count)
        return false;
    mpz_t tmp;
    mpz_init(tmp);
    bool eq = true;
    for (size_t i = 0; eq && i < x->count; i++) {
        const pb_dist_entry *a = &x->entries[i], *b = &y->entries[i];
        eq = a->kind == b->kind && a->yards == b->yards && (a->flags & mask) == (b->flags & mask) &&
             same_p(a->num, x->exp6, b->num, y->exp6, tmp);
    }
    mpz_clear(tmp);
    return eq;
}

/* ---- the grid under both rulesets ---- */

typedef struct {
    const pb_ruleset *a, *b;
    const pb_policies *pol;
    const pb_verify_cells *cells;
    pb_verify_change **out;    /* per cell: NULL, or the change */
    char (*err)[256];
} diff_ctx;

static int enumerate_cell(const pb_verify_cell *c, const pb_ruleset *rs, const pb_policies *pol, pb_dist *d,
                          char *err, size_t errlen)
{
    pb_play_env env;
    memset(&env, 0, sizeof env);
    env.rules = rs;
    env.policies = *pol;
    env.eval = pb_enum_evaluator();
    pb_enum_query q = pb_verify_cell_query(c, rs);
    return pb_enumerate(d, &env, &q, err, errlen);
}

static void change_clear(pb_verify_change *c)
{
    for (int k = 0; k < PB_VERIFY_NSUM; k++) {
        mpq_clear(c->a[k]);
        mpq_clear(c->b[k]);
    }
    mpq_clear(c->size);
    mpq_clear(c->mean_size);
}

static void diff_one(void *arg, size_t i)
{
    diff_ctx *x = arg;
    const pb_verify_cell *c = &x->cells->cells[i];
    bool va = pb_verify_cell_valid(c, x->a), vb = pb_verify_cell_valid(c, x->b);
    if (!va && !vb)
        return;
    /* pb_enumerate initializes its output, even when it fails */
    pb_dist da, db;
    int ra = va ? enumerate_cell(c, x->a, x->pol, &da, x->err[i], sizeof x->err[i]) : (pb_dist_init(&da), 0);
    int rb = vb ? enumerate_cell(c, x->b, x->pol, &db, x->err[i], sizeof x->err[i]) : (pb_dist_init(&db), 0);
    if (ra != 0 || rb != 0) {
        pb_dist_release(&da);
        pb_dist_release(&db);
        return;
    }
    if (va && vb && pb_verify_dist_equal(&da, &db, ~(unsigned)PB_FLAG_RED_ZONE)) {
        pb_dist_release(&da);
        pb_dist_release(&db);
        return;
    }
    pb_verify_change *ch = calloc(1, sizeof *ch);
    if (!ch) {
        snprintf(x->err[i], sizeof x->err[i], "out of memory");
        pb_dist_release(&da);
        pb_dist_release(&db);
        return;
    }
    ch->cell = *c;
    ch->missing_a = !va;
    ch->missing_b = !vb;
    for (int k = 0; k < PB_VERIFY_NSUM; k++) {
        mpq_init(ch->a[k]);
        mpq_init(ch->b[k]);
    }
    if (va)
        pb_verify_summarize(&da, ch->a);
    if (vb)
        pb_verify_summarize(&db, ch->b);
    if (va && vb) {
        pb_dist ca, cb;
        if ((pb_dist_collapse(&da, &ca) | pb_dist_collapse(&db, &cb)) != 0)
            snprintf(x->err[i], sizeof x->err[i], "out of memory");   /* pb_verify_diff fails */
        ch->outcomes_changed = !pb_verify_dist_equal(&ca, &cb, 0);
        pb_dist_release(&ca);
        pb_dist_release(&cb);
    } else {
        ch->outcomes_changed = true;
    }
    mpq_init(ch->size);
    mpq_init(ch->mean_size);
    mpq_t d;
    mpq_init(d);
    for (int k = 0; k < PB_VERIFY_NSUM; k++) {
        mpq_sub(d, ch->b[k], ch->a[k]);
        mpq_abs(d, d);
        mpq_ptr into = pb_verify_sum[k].probability ? ch->size : ch->mean_size;
        if (mpq_cmp(d, into) > 0)
            mpq_set(into, d);
    }
    mpq_clear(d);
    pb_dist_release(&da);
    pb_dist_release(&db);
    x->out[i] = ch;
}

typedef struct {
    pb_verify_change *c;
    size_t i;  /* grid order, the last key */
} ranked;

static int ranked_cmp(const void *pa, const void *pb)
{
    const ranked *a = pa, *b = pb;
    int c = mpq_cmp(b->c->size, a->c->size);
    if (c)
        return c;
    c = mpq_cmp(b->c->mean_size, a->c->mean_size);
    if (c)
        return c;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* ---- the ruleset lines ---- */

/* NULL: out of memory */
static char *write_rules(const pb_ruleset *rs, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        return NULL;
    pb_ruleset_write(rs, f);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Lines of text, comments and the name dropped, each prefixed with its [section]. Out of memory:
 * *bad, and the lines so far. */
static char **section_lines(const char *text, size_t *n, bool *bad)
{
    char **lines = NULL;
    size_t count = 0, cap = 0;
    char section[64] = "";
    const char *at = text;
    while (*at) {
        size_t len = strcspn(at, "\n");
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)(len < 255 ? len : 255), at);
        at += len + (at[len] == '\n');
        if (!line[0] || line[0] == ';' || line[0] == '#')
            continue;
        if (line[0] == '[') {
            snprintf(section, sizeof section, "%.62s", line);
            continue;
        }
        if (strncmp(line, "name =", 6) == 0 && strcmp(section, "[ruleset]") == 0)
            continue;
        if (count == cap) {
            char **p = realloc(lines, (cap ? 2 * cap : 128) * sizeof *lines);
            if (!p) {
                *bad = true;
                break;
            }
            lines = p;
            cap = cap ? 2 * cap : 128;
        }
        size_t need = strlen(section) + strlen(line) + 2;
        lines[count] = malloc(need);
        if (!lines[count]) {
            *bad = true;
            break;
        }
        snprintf(lines[count], need, "%s %s", section, line);
        count++;
    }
    *n = count;
    return lines;
}

static bool has_line(char **lines, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(lines[i], s) == 0)
            return true;
    return false;
}

/* Out of memory: *bad (the line is not added). */
static void push(char ***lines, size_t *n, const char *sign, const char *line, bool *bad)
{
    char **p = *bad ? NULL : realloc(*lines, (*n + 1) * sizeof **lines);
    size_t need = strlen(sign) + strlen(line) + 1;
    char *s = p ? malloc(need) : NULL;
    if (p)
        *lines = p;
    if (!s) {
        *bad = true;
        return;
    }
    snprintf(s, need, "%s%s", sign, line);
    (*lines)[(*n)++] = s;
}

int pb_verify_rule_lines(const pb_ruleset *a, const pb_ruleset *b, char ***lines, size_t *n)
{
    *lines = NULL;
    *n = 0;
    size_t la, lb, na = 0, nb = 0;
    bool bad = false;
    char *ta = write_rules(a, &la), *tb = write_rules(b, &lb);
    char **A = ta ? section_lines(ta, &na, &bad) : NULL, **B = tb ? section_lines(tb, &nb, &bad) : NULL;
    if (!ta || !tb)
        bad = true;
    for (size_t i = 0; i < na && !bad; i++)
        if (!has_line(B, nb, A[i]))
            push(lines, n, "- ", A[i], &bad);
    for (size_t i = 0; i < nb && !bad; i++)
        if (!has_line(A, na, B[i]))
            push(lines, n, "+ ", B[i], &bad);
    for (size_t i = 0; i < na; i++)
        free(A[i]);
    for (size_t i = 0; i < nb; i++)
        free(B[i]);
    free(A);
    free(B);
    free(ta);
    free(tb);
    if (bad) {
        pb_verify_rule_lines_free(*lines, *n);
        *lines = NULL;
        *n = 0;
        return -1;
    }
    return 0;
}

int pb_verify_diff(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, const pb_verify_cells *cells,
                   int threads, pb_verify_diff_result *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    pb_verify_cells grid;
    pb_verify_cells_init(&grid);
    if (!cells) {
        pb_verify_cells_grid(&grid, a->fg_max_togo > b->fg_max_togo ? a->fg_max_togo : b->fg_max_togo);
        cells = &grid;
    }
    if (cells->failed) {
        pb_verify_cells_release(&grid);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    diff_ctx x = {a, b, pol, cells, calloc(cells->count ? cells->count : 1, sizeof *x.out),
                  calloc(cells->count ? cells->count : 1, sizeof *x.err)};
    if (!x.out || !x.err) {
        free(x.out);
        free(x.err);
        pb_verify_cells_release(&grid);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_verify_parallel_named("comparing the cells", cells->count, threads, diff_one, &x);
    int rc = 0;
    size_t n = 0;
    for (size_t i = 0; i < cells->count; i++) {
        if (x.err[i][0] && rc == 0) {
            char name[128];
            pb_verify_cell_name(&cells->cells[i], name, sizeof name);
            snprintf(err, errlen, "%s: %s", name, x.err[i]);
            rc = -1;
        }
        n += x.out[i] != NULL;
    }
    res->cells = cells->count;
    ranked *order = malloc((n ? n : 1) * sizeof *order);
    res->changes = malloc((n ? n : 1) * sizeof *res->changes);
    if (!order || !res->changes) {
        for (size_t i = 0; i < cells->count; i++)
            if (x.out[i]) {
                change_clear(x.out[i]);
                free(x.out[i]);
            }
        free(order);
        free(res->changes);
        res->changes = NULL;
        free(x.out);
        free(x.err);
        pb_verify_cells_release(&grid);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    size_t k = 0;
    for (size_t i = 0; i < cells->count; i++)
        if (x.out[i]) {
            order[k].c = x.out[i];
            order[k].i = i;
            k++;
        }
    qsort(order, n, sizeof *order, ranked_cmp);
    res->count = n;
    for (size_t i = 0; i < n; i++) {
        res->changes[i] = *order[i].c;  /* the mpq_t headers move with the struct */
        free(order[i].c);
    }
    free(order);
    free(x.out);
    free(x.err);
    pb_verify_cells_release(&grid);
    if (pb_verify_rule_lines(a, b, &res->rule_lines, &res->nrule_lines) != 0 && rc == 0) {
        snprintf(err, errlen, "out of memory");
        rc = -1;
    }
    if (rc != 0)
        pb_verify_diff_release(res);
    return rc;
}

void pb_verify_diff_release(pb_verify_diff_result *res)
{
    for (size_t i = 0; i < res->count; i++)
        change_clear(&res->changes[i]);
    free(res->changes);
    for (size_t i = 0; i < res->nrule_lines; i++)
        free(res->rule_lines[i]);
    free(res->rule_lines);
    memset(res, 0, sizeof *res);
}

void pb_verify_rule_lines_free(char **lines, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(lines[i]);
    free(lines);
}
