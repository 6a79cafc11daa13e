/* solve/drive_tables.c: the drive solver's transition tables, from the exact enumerator.
 *
 * Every play cell (togo 1..99 x Run/Short/Long x Defense 1..5, card = the deck) is pb_enumerate
 * at 1st and min(first_down_yards, togo), lead 0, the ruleset's timeouts, depth 0: the outcome
 * distribution (kind, yards, penalty side) does not depend on the down or the yards to gain
 * (play.c reads them only to set PB_FLAG_FIRST_DOWN, which the solver recomputes per state as
 * play.c does; tests/solve_drive.c checks both), so one enumeration serves every down and ytg.
 * Entries are merged exactly (GMP) into what a transition needs, then each probability is
 * rounded to double once (relative error <= PB_DRIVE_P_ERR). Special teams: the punt with
 * return=always (the return distribution from special.c's landing spot), the field goal, the
 * return from every landing spot, onside kicks, the PAT and the two-point cells; kickoff and punt
 * landing spots are learnt by running special.c with a probe evaluator.
 *
 * Threads: work items are taken from an atomic counter and each writes its own slot; the
 * first error by item order is reported, so the result does not depend on the thread count.
 *
 * The play cells of the last solve are kept (process-wide, under a lock) with the text of their
 * ruleset without its kicks (kickoff, onside, punt, field goal, PAT: numbers a run or pass play
 * never reads) and the policies; a solve whose ruleset differs from it in the kicks alone (a sweep
 * of punt.distance, `paperbowl tune`) copies them instead of enumerating the 1,485 cells again:
 * the same doubles, so the same solve. pb_drive_cache_clear frees them. */
#include <gmp.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drive_internal.h"
#include "oracle_script.h"
#include "workers.h"

/* ---- exact numerators to double ---- */

typedef struct {
    double m;   /* den = m * 2^e, m in [1/2, 1) truncated */
    long e;
} den_d;

static den_d den_of(const pb_dist *dist)
{
    den_d r;
    r.m = mpz_get_d_2exp(&r.e, dist->den);
    return r;
}

/* num / den: two truncations (< 2u each) and a division (u): relative error < 6u. The result
 * is a normal double (no extra error) while den <= 6^395 (checked by check_den). */
static double prob(const mpz_t num, den_d den)
{
    if (mpz_sgn(num) == 0)
        return 0.0;
    long e;
    double m = mpz_get_d_2exp(&e, num);
    return ldexp(m / den.m, (int)(e - den.e));
}

static int check_den(const pb_dist *dist, char *err, size_t errlen)
{
    if (dist->exp6 <= 395)
        return 0;
    snprintf(err, errlen, "a probability below 6^-395 does not fit a normal double");
    return -1;
}

/* ---- play cells ---- */

void pb_drive_cell_release(pb_drive_cell *c)
{
    free(c->block);
    memset(c, 0, sizeof *c);
}

#define SPAN 100   /* yards slots: gains t-99..t-1, turnovers 1..99, penalties |m| 0..99 */

size_t pb_drive_cell_block_bytes(int ng, int nto, int npen)
{
    return (size_t)(ng + nto + npen) * sizeof(double) + (size_t)(nto + npen) * sizeof(int) + (size_t)npen + 1;
}

void pb_drive_cell_layout(pb_drive_cell *c, char *b, int ng, int nto, int npen)
{
    c->block = b;
    c->pg = (double *)b;
    c->to_p = c->pg + ng;
    c->pen_p = c->to_p + nto;
    c->to_t = (int *)(c->pen_p + npen);
    c->pen_m = c->to_t + nto;
    c->pen_def = (unsigned char *)(c->pen_m + npen);
    c->ng = ng;
}

int pb_drive_cell_from_dist(pb_drive_cell *c, const pb_dist *dist, int togo, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (check_den(dist, err, errlen) != 0)
        return -1;
    mpz_t keep[SPAN], to[SPAN], pen[2][SPAN], td, sf, ttd;
    for (int i = 0; i < SPAN; i++) {
        mpz_init(keep[i]);
        mpz_init(to[i]);
        mpz_init(pen[0][i]);
        mpz_init(pen[1][i]);
    }
    mpz_inits(td, sf, ttd, NULL);
    int st = 0;
    for (size_t i = 0; i < dist->count && st == 0; i++) {
        const pb_dist_entry *e = &dist->entries[i];
        int y = e->yards;
        switch (e->kind) {
        case PB_OUT_GAIN:
        case PB_OUT_SACK:
        case PB_OUT_INCOMPLETE:
            if (e->kind == PB_OUT_INCOMPLETE)
                y = 0;
            if (y < togo - 99 || y > togo - 1)
                st = -1;
            else
                mpz_add(keep[y - (togo - 99)], keep[y - (togo - 99)], e->num);
            break;
        case PB_OUT_TOUCHDOWN:
            mpz_add(td, td, e->num);
            break;
        case PB_OUT_SAFETY:
            mpz_add(sf, sf, e->num);
            break;
        case PB_OUT_TURNOVER_TD:
            mpz_add(ttd, ttd, e->num);
            break;
        case PB_OUT_TURNOVER:
            if (y < 1 || y > 99)
                st = -1;
            else
                mpz_add(to[y], to[y], e->num);
            break;
        case PB_OUT_PENALTY: {
            int def = (e->flags & PB_FLAG_FOUL_DEFENSE) != 0;
            if (!(e->flags & (PB_FLAG_FOUL_DEFENSE | PB_FLAG_FOUL_OFFENSE)) || (def ? y < 0 : y > 0) ||
                togo - y < 1 || togo - y > 99)
                st = -1;
            else
                mpz_add(pen[def][def ? y : -y], pen[def][def ? y : -y], e->num);
            break;
        }
        case PB_OUT_CUT:
            snprintf(err, errlen, "a doubles chain was cut at togo %d: the ruleset's chain can run forever", togo);
            st = -2;
            break;
        default:
            st = -1;
            break;
        }
        if (st == -1)
            snprintf(err, errlen, "internal error: a snap at togo %d gave '%s %d'", togo, pb_outcome_name(e->kind),
                     e->yards);
    }
    if (st == 0) {
        den_d den = den_of(dist);
        int lo = SPAN, hi = -1, nto = 0, npen = 0;
        for (int i = 0; i < SPAN; i++) {
            if (mpz_sgn(keep[i])) {
                lo = lo < i ? lo : i;
                hi = i;
            }
            nto += mpz_sgn(to[i]) != 0;
            npen += (mpz_sgn(pen[0][i]) != 0) + (mpz_sgn(pen[1][i]) != 0);
        }
        int ng = hi >= lo ? hi - lo + 1 : 0;
        char *b = calloc(1, pb_drive_cell_block_bytes(ng, nto, npen));
        if (!b) {
            snprintf(err, errlen, "out of memory");
            st = -1;
        } else {
            pb_drive_cell_layout(c, b, ng, nto, npen);
            c->gmin = ng ? lo + togo - 99 : 0;
            for (int k = 0; k < ng; k++)
                c->pg[k] = prob(keep[lo + k], den);
            for (int i = 0; i < SPAN; i++)
                if (mpz_sgn(to[i])) {
                    c->to_t[c->nto] = i;
                    c->to_p[c->nto++] = prob(to[i], den);
                }
            for (int side = 0; side < 2; side++)
                for (int i = 0; i < SPAN; i++)
                    if (mpz_sgn(pen[side][i])) {
                        c->pen_m[c->npen] = side ? i : -i;
                        c->pen_def[c->npen] = (unsigned char)side;
                        c->pen_p[c->npen++] = prob(pen[side][i], den);
                    }
            c->p_td = prob(td, den);
            c->p_safety = prob(sf, den);
            c->p_ttd = prob(ttd, den);
            c->nterms = 3 + c->nto + c->ng + c->npen + 4;
        }
    }
    for (int i = 0; i < SPAN; i++) {
        mpz_clear(keep[i]);
        mpz_clear(to[i]);
        mpz_clear(pen[0][i]);
        mpz_clear(pen[1][i]);
    }
    mpz_clears(td, sf, ttd, NULL);
    return st == 0 ? 0 : -1;
}

static int enumerate(const pb_drive *d, pb_dist *out, pb_action a, const pb_situation *s, pb_offense o, int def,
                     int card, int ret_policy, char *err, size_t errlen)
{
    pb_play_env env = {d->rs, d->pol, NULL, NULL};
    if (ret_policy >= 0)
        env.policies.ret = ret_policy;
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = a;
    q.sit = s ? *s : pb_situation_default(d->rs, 50);
    q.offense = o;
    q.defense = def;
    q.card = card;
    q.depth = 0;
    return pb_enumerate(out, &env, &q, err, errlen) == 0 ? 0 : -1;
}

int pb_drive_cell_enumerate(const pb_drive *d, pb_drive_cell *c, const pb_situation *s, pb_offense o, int def,
                            int card, char *err, size_t errlen)
{
    pb_dist dist;
    memset(c, 0, sizeof *c);
    if (enumerate(d, &dist, PB_ACTION_PLAY, s, o, def, card, -1, err, errlen) != 0)
        return -1;
    int st = pb_drive_cell_from_dist(c, &dist, s->togo, err, errlen);
    pb_dist_release(&dist);
    return st;
}

/* ---- special-teams distributions ---- */

/* The entries of a special-teams distribution, flags merged; each kind must be one of `kinds`
 * (PB_OUT_* bits). */
static int sdist_from(pb_drive_sdist *s, const pb_dist *dist, unsigned kinds, char *err, size_t errlen)
{
    s->n = 0;
    if (check_den(dist, err, errlen) != 0)
        return -1;
    s->e = calloc(dist->count ? dist->count : 1, sizeof *s->e);
    if (!s->e) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    den_d den = den_of(dist);
    mpz_t acc;
    mpz_init(acc);
    for (size_t i = 0; i < dist->count;) {
        const pb_dist_entry *e = &dist->entries[i];
        if (e->kind == PB_OUT_CUT || !(kinds & (1u << e->kind))) {
            if (e->kind == PB_OUT_CUT)
                snprintf(err, errlen, "a return chain was cut: the ruleset's chain can run forever");
            else
                snprintf(err, errlen, "internal error: unexpected outcome '%s'", pb_outcome_name(e->kind));
            mpz_clear(acc);
            return -1;
        }
        mpz_set(acc, e->num);
        size_t j = i + 1;  /* entries are sorted by (kind, yards, flags): merge the flags */
        while (j < dist->count && dist->entries[j].kind == e->kind && dist->entries[j].yards == e->yards)
            mpz_add(acc, acc, dist->entries[j++].num);
        s->e[s->n].kind = e->kind;
        s->e[s->n].yards = e->yards;
        s->e[s->n++].p = prob(acc, den);
        i = j;
    }
    mpz_clear(acc);
    return 0;
}

double pb_drive_sdist_p(const pb_drive_sdist *s, int kind)
{
    double p = 0;
    for (int i = 0; i < s->n; i++)
        if (s->e[i].kind == kind)
            p += s->e[i].p;
    return p;
}

/* ---- the work items ---- */

enum { W_PLAY, W_PUNT, W_FG, W_RET, W_ONSIDE, W_PAT, W_TWO };
#define BIT(k) (1u << (k))
#define START_OR_TD (BIT(PB_OUT_START) | BIT(PB_OUT_RETURN_TD))

typedef struct {
    int kind, a, b, c;
} work;

typedef struct {
    pb_drive *d;
    const work *items;
    int n;
    atomic_int next;
    char (*errs)[PB_ERR_MAX];   /* one per item */
} pool;

static int do_item(pb_drive *d, const work *w, char *err, size_t errlen)
{
    const pb_ruleset *rs = d->rs;
    pb_situation s = pb_situation_default(rs, w->a >= 1 && w->a <= 99 ? w->a : 50);
    pb_dist dist;
    int st = 0;
    switch (w->kind) {
    case W_PLAY:
        return pb_drive_cell_enumerate(d, &d->cell[w->a][w->b][w->c - 1], &s, (pb_offense)w->b, w->c, PB_CARD_DECK,
                                       err, errlen);
    case W_PUNT:
        st = enumerate(d, &dist, PB_ACTION_PUNT, &s, 0, 1, 0, PB_RETURN_ALWAYS, err, errlen);
        if (st == 0)
            st = sdist_from(&d->punt[w->a], &dist, START_OR_TD, err, errlen);
        break;
    case W_FG:
        st = enumerate(d, &dist, PB_ACTION_FIELD_GOAL, &s, 0, 1, 0, -1, err, errlen);
        if (st == 0)
            st = sdist_from(&d->fg[w->a], &dist, BIT(PB_OUT_GOOD) | BIT(PB_OUT_START), err, errlen);
        break;
    case W_RET:
        st = enumerate(d, &dist, PB_ACTION_RETURN, &s, 0, 1, 0, -1, err, errlen);
        if (st == 0)
            st = sdist_from(&d->ret[w->a], &dist, START_OR_TD, err, errlen);
        break;
    case W_ONSIDE:
        st = enumerate(d, &dist, w->a ? PB_ACTION_ONSIDE_FREE : PB_ACTION_ONSIDE, NULL, 0, 1, 0, -1, err, errlen);
        if (st == 0)
            st = sdist_from(&d->onside[w->a], &dist, BIT(PB_OUT_KEPT) | BIT(PB_OUT_START), err, errlen);
        break;
    case W_PAT: {
        pb_drive_sdist pat = {0, NULL};
        st = enumerate(d, &dist, PB_ACTION_PAT, NULL, 0, 1, 0, -1, err, errlen);
        if (st == 0 && (st = sdist_from(&pat, &dist, BIT(PB_OUT_GOOD) | BIT(PB_OUT_MISS), err, errlen)) == 0)
            d->pat = pb_drive_sdist_p(&pat, PB_OUT_GOOD);
        free(pat.e);
        break;
    }
    default: {
        pb_drive_sdist two = {0, NULL};
        st = enumerate(d, &dist, PB_ACTION_TWO_POINT, NULL, (pb_offense)w->a, w->b, 0, -1, err, errlen);
        if (st == 0 && (st = sdist_from(&two, &dist, ~0u, err, errlen)) == 0)
            d->two[w->a][w->b - 1] = pb_drive_sdist_p(&two, PB_OUT_TOUCHDOWN);
        free(two.e);
        break;
    }
    }
    pb_dist_release(&dist);  /* pb_enumerate leaves it initialized, even on error */
    return st;
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        int i = atomic_fetch_add(&p->next, 1);
        if (i >= p->n)
            break;
        if (do_item(p->d, &p->items[i], p->errs[i], PB_ERR_MAX) != 0 && !p->errs[i][0])
            snprintf(p->errs[i], PB_ERR_MAX, "enumeration failed");
    }
    return NULL;
}

static const char *item_name(const work *w, char *buf, size_t len)
{
    static const char *const names[] = {"play", "punt", "field goal", "return", "onside kick", "pat", "two-point"};
    if (w->kind == W_PLAY)
        snprintf(buf, len, "togo %d, %s vs defense %d", w->a, pb_offense_name((pb_offense)w->b), w->c);
    else if (w->kind == W_TWO)
        snprintf(buf, len, "two-point try, %s vs defense %d", pb_offense_name((pb_offense)w->a), w->b);
    else
        snprintf(buf, len, "%s from %d", names[w->kind], w->a);
    return buf;
}

/* ---- the play cells kept for the next solve with the same plays ---- */

static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static char *kept_key;   /* NULL: none kept */
static pb_drive_cell kept[PB_DRIVE_TOGO + 1][3][5];

/* The ruleset's text with its kicks blanked, then the policies (malloc'd), or NULL. */
static char *plays_key(const pb_drive *d)
{
    pb_ruleset *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    *k = *d->rs;
    memset(k->name, 0, sizeof k->name);
    memset(k->source, 0, sizeof k->source);
    k->kickoff_from = k->kickoff_base = k->kickoff_multiplier = k->free_kick_from = 0;
    k->onside_multiplier = k->onside_keep_at_least = 0;
    k->punt_distance = 0;
    k->fg_max_togo = k->fg_row_count = 0;
    memset(k->fg_rows, 0, sizeof k->fg_rows);
    k->fg_doubles = false;
    k->pat_kick_at_least = 0;
    char *buf = NULL, pol[256];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f) {
        pb_policies_format(&d->pol, pol, sizeof pol);
        fprintf(f, "%s\n", pol);
        pb_ruleset_write(k, f);
        if (fclose(f) != 0) {
            free(buf);
            buf = NULL;
        }
    }
    free(k);
    return buf;
}

static int cell_copy(pb_drive_cell *dst, const pb_drive_cell *src)
{
    *dst = *src;
    if (!src->block)
        return 0;
    size_t n = pb_drive_cell_block_bytes(src->ng, src->nto, src->npen);
    char *b = malloc(n);
    if (!b) {
        memset(dst, 0, sizeof *dst);
        return -1;
    }
    memcpy(b, src->block, n);
    pb_drive_cell_layout(dst, b, src->ng, src->nto, src->npen);
    return 0;
}

static void kept_release(void)
{
    for (int t = 0; t <= PB_DRIVE_TOGO; t++)
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++)
                pb_drive_cell_release(&kept[t][o][j]);
    free(kept_key);
    kept_key = NULL;
}

void pb_drive_cache_clear(void)
{
    pthread_mutex_lock(&kept_lock);
    kept_release();
    pthread_mutex_unlock(&kept_lock);
}

/* The kept cells into d when their key is `key`: 1 copied, 0 not (or out of memory: d's cells empty). */
static int kept_get(pb_drive *d, const char *key)
{
    int got = 0;
    pthread_mutex_lock(&kept_lock);
    if (kept_key && key && strcmp(kept_key, key) == 0) {
        got = 1;
        for (int t = 1; t <= PB_DRIVE_TOGO && got; t++)
            for (int o = 0; o < 3 && got; o++)
                for (int j = 0; j < 5 && got; j++)
                    if (cell_copy(&d->cell[t][o][j], &kept[t][o][j]) != 0)
                        got = 0;
        if (!got)
            for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                for (int o = 0; o < 3; o++)
                    for (int j = 0; j < 5; j++)
                        pb_drive_cell_release(&d->cell[t][o][j]);
    }
    pthread_mutex_unlock(&kept_lock);
    return got;
}

/* d's cells kept under `key` (taking the key) in place of the last ones; out of memory: none kept. */
static void kept_put(const pb_drive *d, char *key)
{
    pthread_mutex_lock(&kept_lock);
    kept_release();
    int ok = key != NULL;
    for (int t = 1; t <= PB_DRIVE_TOGO && ok; t++)
        for (int o = 0; o < 3 && ok; o++)
            for (int j = 0; j < 5 && ok; j++)
                if (cell_copy(&kept[t][o][j], &d->cell[t][o][j]) != 0)
                    ok = 0;
    if (ok)
        kept_key = key;
    else {
        kept_release();
        free(key);
    }
    pthread_mutex_unlock(&kept_lock);
}

int pb_drive_tables_build(pb_drive *d, char *err, size_t errlen)
{
    const pb_ruleset *rs = d->rs;
    char *key = d->plays_togo == 0 ? plays_key(d) : NULL;
    int reuse = key && kept_get(d, key);
    int cap = PB_DRIVE_TOGO * 15 + 4 * PB_DRIVE_TOGO + 20, n = 0;
    work *items = calloc((size_t)cap, sizeof *items);
    char(*errs)[PB_ERR_MAX] = calloc((size_t)cap, sizeof *errs);
    if (!items || !errs) {
        free(items);
        free(errs);
        free(key);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int t = PB_DRIVE_TOGO; t >= 1 && !reuse; t--)   /* the long fields first: the slowest cells */
        for (int o = 0; o < 3 && (d->plays_togo == 0 || d->plays_togo == t); o++)
            for (int j = 1; j <= 5; j++)
                items[n++] = (work){W_PLAY, t, o, j};
    for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
        items[n++] = (work){W_PUNT, t, 0, 0};
        items[n++] = (work){W_RET, t, 0, 0};
        if (t <= rs->fg_max_togo)
            items[n++] = (work){W_FG, t, 0, 0};
    }
    items[n++] = (work){W_ONSIDE, 0, 0, 0};
    items[n++] = (work){W_ONSIDE, 1, 0, 0};
    items[n++] = (work){W_PAT, 0, 0, 0};
    for (int o = 0; o < 3; o++)
        for (int j = 1; j <= 5; j++)
            items[n++] = (work){W_TWO, o, j, 0};

    pool p = {d, items, n, 0, errs};
    pb_workers_run(d->threads, worker, &p);

    int st = 0;
    for (int i = 0; i < n && st == 0; i++)
        if (errs[i][0]) {
            char name[96];
            pb_drive_item_error(err, errlen, item_name(&items[i], name, sizeof name), errs[i]);
            st = -1;
        }
    free(items);
    free(errs);
    d->stats.cells = PB_DRIVE_TOGO * 15;
    if (st != 0) {
        free(key);
        return -1;
    }
    if (key && !reuse)
        kept_put(d, key);
    else
        free(key);

    /* landing spots from special.c; the return from the goal line (landing 100) is a punt's */
    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
        d->punt_landing[t] = pb_punt_landing(rs, t);
    int r = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = a; b <= 6; b++, r++) {
            d->kick_roll[r] = (pb_dice){a, b};
            d->kick_landing[0][r] = pb_kickoff_landing(rs, rs->kickoff_from, d->kick_roll[r]);
            d->kick_landing[1][r] = pb_kickoff_landing(rs, rs->free_kick_from, d->kick_roll[r]);
        }
    for (int t = 1; t <= PB_DRIVE_TOGO && !d->ret[100].e; t++)
        if (d->punt_landing[t] == 100) {
            pb_drive_sdist *s = &d->ret[100];
            s->e = malloc((size_t)(d->punt[t].n ? d->punt[t].n : 1) * sizeof *s->e);
            if (!s->e) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            s->n = d->punt[t].n;
            memcpy(s->e, d->punt[t].e, (size_t)s->n * sizeof *s->e);
        }
    return 0;
}

void pb_drive_tables_release(pb_drive *d)
{
    for (int t = 0; t <= PB_DRIVE_TOGO; t++) {
        for (int o = 0; o < 3; o++)
            for (int j = 0; j < 5; j++)
                pb_drive_cell_release(&d->cell[t][o][j]);
        free(d->fg[t].e);
        free(d->punt[t].e);
        free(d->ret[t].e);
    }
    free(d->ret[100].e);
    free(d->onside[0].e);
    free(d->onside[1].e);
}
