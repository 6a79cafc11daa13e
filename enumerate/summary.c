/* enumerate/summary.c: the summaries of a distribution (issue 3): td, turnover, safety,
 * complete, first_down, mean_yards, cut, and for special teams good, kept, mean_start.
 * Sums are taken on the numerators (one denominator), canonicalized once at the end. */
#include "enum_internal.h"
#include "exact.h"

void pb_summary_init(pb_summary *s)
{
    mpq_inits(s->td, s->turnover, s->safety, s->complete, s->first_down, s->mean_yards, s->cut, s->good, s->kept,
              s->mean_start, NULL);
}

void pb_summary_release(pb_summary *s)
{
    mpq_clears(s->td, s->turnover, s->safety, s->complete, s->first_down, s->mean_yards, s->cut, s->good, s->kept,
               s->mean_start, NULL);
}

/* out = sum / weight, or 0 when weight is 0. */
static void mean(mpq_t out, const mpz_t sum, const mpz_t weight)
{
    if (mpz_sgn(weight) == 0) {
        mpq_set_ui(out, 0, 1);
        return;
    }
    mpz_set(mpq_numref(out), sum);
    mpz_set(mpq_denref(out), weight);
    mpq_canonicalize(out);
}

void pb_summarize(const pb_dist *d, pb_summary *s)
{
    enum { TD, TURNOVER, SAFETY, COMPLETE, FIRST_DOWN, CUT, GOOD, KEPT, YW, YS, SW, SS, N };
    mpz_t z[N];
    for (int i = 0; i < N; i++)
        mpz_init(z[i]);
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        mpz_srcptr n = e->num;
        switch (e->kind) {
        case PB_OUT_TOUCHDOWN:
        case PB_OUT_RETURN_TD:
            mpz_add(z[TD], z[TD], n);
            break;
        case PB_OUT_TURNOVER:
        case PB_OUT_TURNOVER_TD:
            mpz_add(z[TURNOVER], z[TURNOVER], n);
            break;
        case PB_OUT_SAFETY:
            mpz_add(z[SAFETY], z[SAFETY], n);
            break;
        case PB_OUT_CUT:
            mpz_add(z[CUT], z[CUT], n);
            break;
        case PB_OUT_GOOD:
            mpz_add(z[GOOD], z[GOOD], n);
            break;
        case PB_OUT_KEPT:
            mpz_add(z[KEPT], z[KEPT], n);
            break;
        case PB_OUT_GAIN:
        case PB_OUT_INCOMPLETE:
        case PB_OUT_SACK:
        case PB_OUT_PENALTY:
            mpz_add(z[YW], z[YW], n);
            if (e->yards >= 0)
                mpz_addmul_ui(z[YS], n, (unsigned long)e->yards);
            else
                mpz_submul_ui(z[YS], n, (unsigned long)-(long)e->yards);
            break;
        case PB_OUT_START:
            mpz_add(z[SW], z[SW], n);
            mpz_addmul_ui(z[SS], n, (unsigned long)(e->yards > 0 ? e->yards : 0));
            break;
        default:
            break;
        }
        if (e->flags & PB_FLAG_COMPLETE)
            mpz_add(z[COMPLETE], z[COMPLETE], n);
        if (e->flags & PB_FLAG_FIRST_DOWN)
            mpz_add(z[FIRST_DOWN], z[FIRST_DOWN], n);
    }
    pb_dist_canon(s->td, z[TD], d->exp6);
    pb_dist_canon(s->turnover, z[TURNOVER], d->exp6);
    pb_dist_canon(s->safety, z[SAFETY], d->exp6);
    pb_dist_canon(s->complete, z[COMPLETE], d->exp6);
    pb_dist_canon(s->first_down, z[FIRST_DOWN], d->exp6);
    pb_dist_canon(s->cut, z[CUT], d->exp6);
    pb_dist_canon(s->good, z[GOOD], d->exp6);
    pb_dist_canon(s->kept, z[KEPT], d->exp6);
    mean(s->mean_yards, z[YS], z[YW]);
    mean(s->mean_start, z[SS], z[SW]);
    for (int i = 0; i < N; i++)
        mpz_clear(z[i]);
}
