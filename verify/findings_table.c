/* verify/findings_table.c: the table the findings (findings.c) are read from.
 *
 * The table: every offense x defense x card slot (none, 01..24, the deck) x togo 1..99 at
 * the default situation, with the verifier's summaries (pb_verify_summarize) and two
 * fingerprints per cell (the whole distribution; the outcomes alone, flags dropped), built one
 * (offense, defense, togo) unit at a time: its 25 card distributions, then the deck as their
 * mix (1/24 each). Card 07 is also enumerated with the offense leading by 1 (its foul needs a
 * lead), so "never changes the play" is judged in both situations. */
#include <stdlib.h>
#include <string.h>

#include "findings_internal.h"

mpq_srcptr pb_verify_table_sum(const pb_verify_table *t, pb_offense o, int defense, int slot, int togo, int k)
{
    return t->cell[cell_at(o, defense, slot, togo)].s[k];
}

typedef struct {
    pb_verify_table *t;
    const pb_ruleset *rs;
    const pb_policies *pol;
    char (*err)[256];
} build_ctx;

/* E[pb_play_value] of a play distribution at togo. */
static void play_value(const pb_dist *d, int togo, mpq_t out)
{
    mpz_t s;
    mpz_init(s);
    for (size_t i = 0; i < d->count; i++) {
        pb_result r;
        memset(&r, 0, sizeof r);
        r.kind = d->entries[i].kind;
        r.yards = d->entries[i].yards;
        long v = pb_play_value(&r, togo);
        if (v >= 0)
            mpz_addmul_ui(s, d->entries[i].num, (unsigned long)v);
        else
            mpz_submul_ui(s, d->entries[i].num, (unsigned long)-v);
    }
    mpz_set(mpq_numref(out), s);
    mpz_set(mpq_denref(out), d->den);
    mpq_canonicalize(out);
    mpz_clear(s);
}

static void fill(tcell *tc, const pb_dist *d, int togo)
{
    pb_verify_summarize(d, tc->s);
    play_value(d, togo, tc->value);
    mpq_add(tc->convert, tc->s[0], tc->s[5]);
}

/* 0, or -1: out of memory */
static int prints(const pb_dist *d, pb_verify_print out[2])
{
    out[0] = pb_verify_fingerprint(d, ~0u);
    pb_dist c;
    int rc = pb_dist_collapse(d, &c);
    out[1] = pb_verify_fingerprint(&c, 0);
    pb_dist_release(&c);
    return rc;
}

static void build_unit(void *arg, size_t u)
{
    build_ctx *x = arg;
    int togo = (int)(u % NTOGO) + 1, d = (int)(u / NTOGO % NDEF) + 1, o = (int)(u / NTOGO / NDEF);
    pb_play_env env;
    memset(&env, 0, sizeof env);
    env.rules = x->rs;
    env.policies = *x->pol;
    env.eval = pb_enum_evaluator();
    pb_dist dist[PB_CARD_COUNT + 1];
    int done = 0;
    for (; done <= PB_CARD_COUNT; done++) {
        pb_verify_cell c = pb_verify_play_cell((pb_offense)o, d, done, togo);
        pb_enum_query q = pb_verify_cell_query(&c, x->rs);
        if (pb_enumerate(&dist[done], &env, &q, x->err[u], sizeof x->err[u]) != 0) {
            pb_dist_release(&dist[done]);
            break;
        }
        tcell *tc = &x->t->cell[cell_at(o, d, done, togo)];
        fill(tc, &dist[done], togo);
        pb_verify_print p[2];
        if (prints(&dist[done], p) != 0) {
            snprintf(x->err[u], sizeof x->err[u], "out of memory");
            pb_dist_release(&dist[done]);
            break;
        }
        tc->full = p[0];
        tc->outcomes = p[1];
    }
    if (done > PB_CARD_COUNT) {
        const pb_dist *in[PB_CARD_COUNT];
        unsigned long wnum[PB_CARD_COUNT];
        unsigned wexp[PB_CARD_COUNT];
        for (int k = 0; k < PB_CARD_COUNT; k++) {
            in[k] = &dist[k + 1];
            wnum[k] = 9;  /* 1/24 = 9/6^3 */
            wexp[k] = 3;
        }
        pb_dist deck;
        if (pb_dist_mix(&deck, in, wnum, wexp, PB_CARD_COUNT) != 0)
            snprintf(x->err[u], sizeof x->err[u], "out of memory");   /* the table build fails */
        tcell *tc = &x->t->cell[cell_at(o, d, PB_VERIFY_DECK_SLOT, togo)];
        fill(tc, &deck, togo);
        pb_dist_release(&deck);
        /* card 07 and no card, leading by 1 */
        for (int k = 0; k < 2; k++) {
            pb_verify_cell c = pb_verify_play_cell((pb_offense)o, d, k ? 7 : 0, togo);
            c.lead = 1;
            pb_enum_query q = pb_verify_cell_query(&c, x->rs);
            pb_dist l;
            if (pb_enumerate(&l, &env, &q, x->err[u], sizeof x->err[u]) == 0 &&
                prints(&l, k ? x->t->lead07[o][d - 1][togo - 1] : x->t->none_lead[o][d - 1][togo - 1]) != 0)
                snprintf(x->err[u], sizeof x->err[u], "out of memory");
            pb_dist_release(&l);
        }
    }
    for (int k = 0; k < done; k++)
        pb_dist_release(&dist[k]);
}

int pb_verify_table_build(pb_verify_table **out, const pb_ruleset *rs, const pb_policies *pol, int threads,
                          char *err, size_t errlen)
{
    pb_verify_table *t = calloc(1, sizeof *t);
    size_t n = (size_t)NOFF * NDEF * NSLOT * NTOGO;
    if (!t || !(t->cell = calloc(n, sizeof *t->cell))) {
        free(t);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < PB_VERIFY_NSUM; k++)
            mpq_init(t->cell[i].s[k]);
        mpq_inits(t->cell[i].value, t->cell[i].convert, NULL);
    }
    t->red_zone = rs->red_zone;
    size_t units = (size_t)NOFF * NDEF * NTOGO;
    build_ctx x = {t, rs, pol, calloc(units, 256)};
    if (!x.err) {
        pb_verify_table_free(t);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_verify_parallel(units, threads, build_unit, &x);
    int rc = 0;
    for (size_t u = 0; u < units && rc == 0; u++)
        if (x.err[u][0]) {
            snprintf(err, errlen, "%s", x.err[u]);
            rc = -1;
        }
    free(x.err);
    if (rc != 0) {
        pb_verify_table_free(t);
        t = NULL;
    }
    *out = t;
    return rc;
}

void pb_verify_table_free(pb_verify_table *t)
{
    if (!t)
        return;
    size_t n = (size_t)NOFF * NDEF * NSLOT * NTOGO;
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < PB_VERIFY_NSUM; k++)
            mpq_clear(t->cell[i].s[k]);
        mpq_clears(t->cell[i].value, t->cell[i].convert, NULL);
    }
    free(t->cell);
    free(t);
}
