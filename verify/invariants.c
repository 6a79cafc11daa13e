/* verify/invariants.c: the invariants of every distribution of the grid.
 *
 *   - it sums to exactly 1 (pb_dist_check: numerators over 6^exp6, none negative);
 *   - every outcome is one its action can have, with yards in range for its kind
 *     (a gain or penalty leaves the ball on the field, a sack loses yards, a turnover or a
 *     start is a togo 1..99, other kinds carry no yards);
 *   - its facts agree (an interception is a turnover, a completion is a pass that was not
 *     sacked, intercepted or overturned, a first down is a gain reaching the line or a
 *     penalty, a penalty names its fouler, fouls / timeouts / challenges / sacks come only
 *     from the cards that make them, the red-zone flag says togo <= red_zone ...);
 *   - no cut mass: every doubles chain is absorbed exactly (no --depth).
 * The grid is pb_verify_cells_grid plus, for the cards whose effect reads the situation, the
 * cross-check's other situations (timeouts 0 on either side, leading, trailing) at the
 * cross-check's sample of togo values. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verify.h"

static void problem(pb_verify_inv_result *res, const pb_verify_cell *c, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void problem(pb_verify_inv_result *res, const pb_verify_cell *c, const char *fmt, ...)
{
    res->violations++;
    if (res->nfirst >= sizeof res->first / sizeof res->first[0])
        return;
    char name[96], what[100];
    pb_verify_cell_name(c, name, sizeof name);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    size_t n = strlen(name);
    char *out = res->first[res->nfirst++];
    memcpy(out, name, n);
    out[n] = ':';
    out[n + 1] = ' ';
    memcpy(out + n + 2, what, strlen(what) + 1);  /* 95 + 2 + 100 < 200 */
}

static bool is_play_kind(pb_outcome_kind k) { return k <= PB_OUT_CUT; }

/* Is `kind` an outcome the action can have? */
static bool kind_allowed(pb_action a, pb_outcome_kind k)
{
    switch (a) {
    case PB_ACTION_PLAY:
    case PB_ACTION_TWO_POINT:
        return is_play_kind(k);
    case PB_ACTION_KICKOFF:
    case PB_ACTION_FREE_KICK:
    case PB_ACTION_PUNT:
    case PB_ACTION_RETURN:
        return k == PB_OUT_START || k == PB_OUT_RETURN_TD || k == PB_OUT_CUT;
    case PB_ACTION_ONSIDE:
    case PB_ACTION_ONSIDE_FREE:
        return k == PB_OUT_START || k == PB_OUT_KEPT;
    case PB_ACTION_FIELD_GOAL:
        return k == PB_OUT_GOOD || k == PB_OUT_START;
    case PB_ACTION_PAT:
        return k == PB_OUT_GOOD || k == PB_OUT_MISS;
    default:
        return false;
    }
}

static bool card_is(int card, int lo, int hi) { return card >= lo && card <= hi; }

/* The checks of one play outcome (run or pass, two-point try). */
static void check_play_entry(const pb_verify_cell *c, const pb_ruleset *rs, const pb_situation *s,
                             const pb_dist_entry *e, pb_verify_inv_result *res)
{
    unsigned f = e->flags;
    int togo = s->togo, y = e->yards;
    int card = c->action == PB_ACTION_PLAY ? c->card : 0;
    const char *kn = pb_outcome_name(e->kind);
    switch (e->kind) {
    case PB_OUT_GAIN:
        if (togo - y < 1 || togo - y > 99)
            problem(res, c, "gain %d leaves the field (togo %d)", y, togo);
        if (((f & PB_FLAG_FIRST_DOWN) != 0) != (y >= s->ytg))
            problem(res, c, "gain %d with ytg %d: first-down flag %s", y, s->ytg,
                    f & PB_FLAG_FIRST_DOWN ? "set" : "missing");
        break;
    case PB_OUT_SACK:
        if (y >= 0 || togo - y > 99)
            problem(res, c, "sack %d is not a loss on the field (togo %d)", y, togo);
        if (!(f & PB_FLAG_PASS))
            problem(res, c, "a sack on a run");
        break;
    case PB_OUT_TURNOVER:
        if (y < 1 || y > 99)
            problem(res, c, "turnover to togo %d is off the field", y);
        break;
    case PB_OUT_PENALTY:
        if (togo - y < 1 || togo - y > 99)
            problem(res, c, "penalty %d leaves the field (togo %d)", y, togo);
        if (!(f & (PB_FLAG_FOUL_OFFENSE | PB_FLAG_FOUL_DEFENSE)) ||
            (f & PB_FLAG_FOUL_OFFENSE && f & PB_FLAG_FOUL_DEFENSE))
            problem(res, c, "a penalty without exactly one fouler");
        if (f & PB_FLAG_DECLINED)
            problem(res, c, "an accepted penalty marked declined");
        if ((f & PB_FLAG_FOUL_OFFENSE) && y > 0)
            problem(res, c, "an offensive foul gains %d yards", y);
        if ((f & PB_FLAG_FOUL_DEFENSE) && y < 0)
            problem(res, c, "a defensive foul loses %d yards", -y);
        break;
    default:
        if (y != 0)
            problem(res, c, "%s carries yards %d", kn, y);
        break;
    }
    if (e->kind == PB_OUT_CUT)
        problem(res, c, "cut mass: a doubles chain was not absorbed");
    if ((f & PB_FLAG_INTERCEPTION) && e->kind != PB_OUT_TURNOVER && e->kind != PB_OUT_TURNOVER_TD)
        problem(res, c, "an interception ruled %s", kn);
    if ((f & PB_FLAG_FUMBLE) && e->kind != PB_OUT_TURNOVER && e->kind != PB_OUT_TURNOVER_TD &&
        !(e->kind == PB_OUT_SAFETY && rs->sw.f_own_ez == PB_FOWNEZ_SAFETY))
        problem(res, c, "a lost fumble ruled %s", kn);
    if ((f & PB_FLAG_INTERCEPTION) && (f & PB_FLAG_FUMBLE))
        problem(res, c, "an interception and a fumble on one play");
    if ((f & PB_FLAG_INTERCEPTION) && !card_is(card, 1, 2))
        problem(res, c, "an interception without card 01 or 02");
    if ((f & PB_FLAG_FUMBLE) && !card_is(card, 3, 4))
        problem(res, c, "a fumble without card 03 or 04");
    if (e->kind == PB_OUT_SACK && !card_is(card, 19, 20))
        problem(res, c, "a sack without card 19 or 20");
    if (f & PB_FLAG_COMPLETE) {
        if (!(f & PB_FLAG_PASS))
            problem(res, c, "a completion on a run");
        if (e->kind == PB_OUT_SACK || e->kind == PB_OUT_INCOMPLETE || e->kind == PB_OUT_PENALTY ||
            (f & PB_FLAG_INTERCEPTION))
            problem(res, c, "a completion ruled %s%s", kn, f & PB_FLAG_INTERCEPTION ? " (intercepted)" : "");
    }
    if ((f & PB_FLAG_FIRST_DOWN) && e->kind != PB_OUT_GAIN && e->kind != PB_OUT_PENALTY)
        problem(res, c, "a first down ruled %s", kn);
    if ((f & PB_FLAG_FIRST_DOWN) && e->kind == PB_OUT_PENALTY && !(f & PB_FLAG_FOUL_DEFENSE))
        problem(res, c, "a first down from an offensive foul");
    if ((f & (PB_FLAG_FOUL_OFFENSE | PB_FLAG_FOUL_DEFENSE)) && !card_is(card, 7, 10))
        problem(res, c, "a foul without a card 07-10");
    if ((f & PB_FLAG_DECLINED) && !(f & (PB_FLAG_FOUL_OFFENSE | PB_FLAG_FOUL_DEFENSE)))
        problem(res, c, "a declined penalty without a foul");
    if ((f & (PB_FLAG_TIMEOUT_OFFENSE | PB_FLAG_TIMEOUT_DEFENSE)) && !card_is(card, 21, 24))
        problem(res, c, "a card timeout without a card 21-24");
    if ((f & PB_FLAG_TIMEOUT_OFFENSE) && s->timeouts_off < 1)
        problem(res, c, "the offense took a timeout it did not have");
    if ((f & PB_FLAG_TIMEOUT_DEFENSE) && s->timeouts_def < 1)
        problem(res, c, "the defense took a timeout it did not have");
    if ((f & PB_FLAG_CHALLENGE_WON) && (f & PB_FLAG_CHALLENGE_LOST))
        problem(res, c, "a challenge both won and lost");
    if ((f & (PB_FLAG_CHALLENGE_WON | PB_FLAG_CHALLENGE_LOST)) && card != 1 && card != 3 && card != 5 && card != 6)
        problem(res, c, "a challenge without card 01, 03, 05 or 06");
    if ((f & (PB_FLAG_CHALLENGE_WON | PB_FLAG_CHALLENGE_LOST)) &&
        (card == 5 ? s->timeouts_def : s->timeouts_off) < 1)
        problem(res, c, "a challenge by a side with no timeout");
    if ((f & PB_FLAG_TOUCHBACK) && e->kind != PB_OUT_TURNOVER)
        problem(res, c, "a touchback ruled %s", kn);
    if ((f & PB_FLAG_TOUCHBACK) && e->yards != rs->touchback_togo)
        problem(res, c, "a touchback at togo %d (not %d)", e->yards, rs->touchback_togo);
    if ((f & PB_FLAG_RETURNED) && e->kind != PB_OUT_TURNOVER && e->kind != PB_OUT_TURNOVER_TD)
        problem(res, c, "a return ruled %s", kn);
    if (((f & PB_FLAG_RED_ZONE) != 0) != (togo <= rs->red_zone))
        problem(res, c, "red-zone flag %s at togo %d (red zone <= %d)", f & PB_FLAG_RED_ZONE ? "set" : "missing",
                togo, rs->red_zone);
    /* the pass flag tells the card finally played: it is the called card unless 23/24 changed it */
    bool pass_called = c->offense != PB_OFF_RUN;
    if (card != 23 && ((f & PB_FLAG_PASS) != 0) != pass_called)
        problem(res, c, "pass flag %s on a %s", f & PB_FLAG_PASS ? "set" : "missing", pb_offense_name(c->offense));
    if (!(f & PB_FLAG_PASS) && e->kind == PB_OUT_INCOMPLETE)
        problem(res, c, "an incomplete run");
}

void pb_verify_inv_check(const pb_verify_cell *c, const pb_ruleset *rs, const pb_situation *s, const pb_dist *d,
                         bool no_cut, pb_verify_inv_result *res)
{
    res->cells++;
    res->entries += d->count;
    if (pb_dist_check(d) != 0)
        problem(res, c, "the distribution does not sum to exactly 1");
    for (size_t i = 0; i < d->count; i++) {
        const pb_dist_entry *e = &d->entries[i];
        if (mpz_sgn(e->num) <= 0)
            problem(res, c, "an outcome with probability %s 0", mpz_sgn(e->num) < 0 ? "below" : "of");
        if (i > 0) {
            const pb_dist_entry *p = &d->entries[i - 1];
            if (p->kind > e->kind || (p->kind == e->kind && (p->yards > e->yards ||
                                                              (p->yards == e->yards && p->flags >= e->flags))))
                problem(res, c, "outcomes not sorted or repeated");
        }
        if ((int)e->kind < 0 || e->kind >= PB_OUT_KIND_COUNT || !kind_allowed(c->action, e->kind)) {
            problem(res, c, "outcome kind %d cannot happen in this action", (int)e->kind);
            continue;
        }
        if (e->kind == PB_OUT_CUT) {
            if (no_cut)
                problem(res, c, "cut mass: a doubles chain was not absorbed");
            continue;
        }
        if (c->action == PB_ACTION_PLAY || c->action == PB_ACTION_TWO_POINT) {
            pb_situation two = *s;
            if (c->action == PB_ACTION_TWO_POINT) {
                two.togo = two.ytg = rs->two_point_togo;
            }
            check_play_entry(c, rs, &two, e, res);
            continue;
        }
        if (e->kind == PB_OUT_START || e->kind == PB_OUT_KEPT) {
            if (e->yards < 1 || e->yards > 99)
                problem(res, c, "%s at togo %d is off the field", pb_outcome_name(e->kind), e->yards);
        } else if (e->yards != 0) {
            problem(res, c, "%s carries yards %d", pb_outcome_name(e->kind), e->yards);
        }
        if (c->action == PB_ACTION_FIELD_GOAL && e->kind == PB_OUT_START && e->yards != 100 - s->togo)
            problem(res, c, "a missed field goal gives the ball at togo %d, not at the spot (%d)", e->yards,
                    100 - s->togo);
        if ((e->flags & PB_FLAG_TOUCHBACK) && (e->kind != PB_OUT_START || e->yards != rs->touchback_togo))
            problem(res, c, "a touchback to %s %d", pb_outcome_name(e->kind), e->yards);
    }
}

/* ---- the grid ---- */

typedef struct {
    const pb_ruleset *rs;
    const pb_policies *pol;
    const pb_verify_cells *cells;
    pb_verify_inv_result **part; /* per cell: NULL, or the cell's result when it has violations */
    size_t *entries;             /* per cell */
    char (*err)[256];
} inv_ctx;

static void inv_one(void *arg, size_t i)
{
    inv_ctx *x = arg;
    const pb_verify_cell *c = &x->cells->cells[i];
    pb_play_env env;
    memset(&env, 0, sizeof env);
    env.rules = x->rs;
    env.policies = *x->pol;
    env.eval = pb_enum_evaluator();
    pb_enum_query q = pb_verify_cell_query(c, x->rs);
    pb_dist d;
    if (pb_enumerate(&d, &env, &q, x->err[i], sizeof x->err[i]) != 0) {
        pb_dist_release(&d);
        return;
    }
    pb_verify_inv_result r;
    memset(&r, 0, sizeof r);
    pb_verify_inv_check(c, x->rs, &q.sit, &d, true, &r);
    x->entries[i] = r.entries;
    if (r.violations) {
        x->part[i] = malloc(sizeof r);
        if (!x->part[i])
            snprintf(x->err[i], sizeof x->err[i], "out of memory");
        else
            *x->part[i] = r;
    }
    pb_dist_release(&d);
}

int pb_verify_invariants(const pb_ruleset *rs, const pb_policies *pol, int threads, pb_verify_inv_result *res,
                         char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    pb_verify_cells l;
    pb_verify_cells_init(&l);
    pb_verify_cells_grid(&l, rs->fg_max_togo);
    /* the cards whose effect reads the situation, in the cross-check's other situations */
    static const int situational[] = {1, 3, 5, 6, 7, 21, 22, 23, 24};
    for (int s = 1; s < PB_VERIFY_XC_SITUATIONS; s++)
        for (int o = 0; o < PB_OFFENSE_COUNT; o++)
            for (int d = 1; d <= PB_DEFENSE_COUNT; d++)
                for (size_t k = 0; k < sizeof situational / sizeof situational[0]; k++)
                    for (size_t t = 0; t < pb_verify_xc_ntogo; t++) {
                        int togo = pb_verify_xc_togos[t];
                        pb_verify_cell c = pb_verify_xc_situation[s];
                        c.offense = (pb_offense)o;
                        c.defense = d;
                        c.card = situational[k];
                        c.togo = togo;
                        pb_verify_cells_add(&l, &c);
                    }
    inv_ctx x = {rs, pol, &l, calloc(l.count, sizeof *x.part), calloc(l.count, sizeof *x.entries),
                 calloc(l.count, sizeof *x.err)};
    if (l.failed || !x.part || !x.entries || !x.err) {
        free(x.part);
        free(x.entries);
        free(x.err);
        pb_verify_cells_release(&l);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pb_verify_parallel_named("checking the invariants, distributions", l.count, threads, inv_one, &x);
    int rc = 0;
    for (size_t i = 0; i < l.count; i++) {
        if (x.err[i][0] && rc == 0) {
            char name[128];
            pb_verify_cell_name(&l.cells[i], name, sizeof name);
            snprintf(err, errlen, "%s: %s", name, x.err[i]);
            rc = -1;
        }
        res->cells++;
        res->entries += x.entries[i];
        const pb_verify_inv_result *p = x.part[i];
        if (!p)
            continue;
        res->violations += p->violations;
        for (size_t k = 0; k < p->nfirst && res->nfirst < sizeof res->first / sizeof res->first[0]; k++)
            memcpy(res->first[res->nfirst++], p->first[k], sizeof res->first[0]);
        free(x.part[i]);
    }
    free(x.part);
    free(x.entries);
    free(x.err);
    pb_verify_cells_release(&l);
    return rc;
}
