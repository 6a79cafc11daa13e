/* tests/solve_wp_coach.c: the solved strategy as the simulator's coach (solve/wp_decider.c) from a
 * value file that keeps only the headline states (the 1st downs, kicks and tries of each layer, as
 * the default game's file does), each other moment recomputed from them (solve/wp_moment.c,
 * wp_detail.c), against the coach of the same solve keeping every state: on tests/data/game_tiny.ini
 * and tests/data/game_small.ini (timeouts and an extra play), every snap (offense and defense), kick,
 * try, return, end-of-half timeout and last field goal of a grid of moments worth, in the full
 * solve, within 1e-5 (plus a quarter of its certified radius) of the full solve's best: the same
 * choice wherever the alternatives are further apart; and the simulator's games from the opening
 * with either coach within 4 standard errors of the solver's value. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "enumerate.h"
#include "sim.h"
#include "wp.h"
#include "wp_decider.h"
#include "wp_file.h"
#include "wp_internal.h"

#ifdef __SANITIZE_ADDRESS__
#define SANITIZER 1   /* the sanitized build: game_tiny alone, fewer games (game_small: minutes there) */
#define TINY_GAMES 500
#else
#define SANITIZER 0
#define TINY_GAMES 20000
#endif

static const pb_policies POL = {0, 0, 0, 0, 0};

/* A solve keeping every state, and the same solve read back from a headline value file. */
typedef struct {
    pb_ruleset rules;
    pb_wp *full, *head;
} pair;

static void pair_make(pair *p, const char *ruleset, int lead_cap)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&p->rules, ruleset, err, sizeof err) == 0, "%s", err);
    pb_wp_opts o = {&p->rules, POL, 2, lead_cap, 1, NULL, 0, 0};
    ck_assert_msg(pb_wp_solve(&p->full, &o, err, sizeof err) == 0, "%s", err);
    char path[] = "/tmp/pb_wp_coachXXXXXX";
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    close(fd);
    p->full->keep_all = 0;
    ck_assert_msg(pb_wp_file_write(p->full, path, err, sizeof err) == 0, "%s", err);
    p->full->keep_all = 1;
    ck_assert_msg(pb_wp_file_read(&p->head, path, &p->rules, &POL, lead_cap, 2, err, sizeof err) == 0, "%s", err);
    remove(path);
    ck_assert(!pb_wp_is_full(p->head) && pb_wp_kept_last(p->head) == 0);
    /* the full solve's values as its file gives them back, so that both coaches read the same
     * kept 1st downs (floats), kicks and tries */
    ck_assert(pb_wp_file_as_read(p->full) == 0);
}

static void pair_free(pair *p)
{
    pb_wp_free(p->full);
    pb_wp_free(p->head);
    p->full = p->head = NULL;
    pb_enum_cache_clear();
}

/* A weight vector as a mix (the weights x 2^-20 normalized). */
static void mix_of(const unsigned *w, int n, double *x)
{
    double t = 0;
    for (int i = 0; i < n; i++)
        t += w[i];
    for (int i = 0; i < n; i++)
        x[i] = t > 0 ? w[i] / t : 0;
}

/* The choices are compared by what they are worth in the full solve: a choice loses `loss` when
 * the full solve's best alternative is worth that much more to the chooser. The recomputing coach
 * must lose at most TOL at every moment (the headline's 1st downs are floats: their rounding, some
 * 1e-7, is all that separates the two), and so must the full file's own coach (a check of the
 * measure). Where alternatives tie within TOL either may be taken (measured: game_tiny's choices lose up
 * to 5e-6). Where the solve's intervals are wide (game_small at lead cap 4: radii of some 0.1, from
 * the leads beyond the cap), the coach's recomputed state, max(snap, rows) at the successors'
 * midpoints without radii, is not the solver's midpoint and may stand apart by a part of the
 * radius: there a choice may lose up to TOL + radius / 4 (measured: 0.17 of the radius at most). */
#define TOL 1e-5

typedef struct {
    int moments, snaps, kicks, returns, extras, final_fgs;
    int differ;          /* choices that lose more than TOL + a quarter of the alternatives' radius */
    int beyond_tol;      /* choices that lose more than TOL (within the radius) */
    double ratio;        /* the largest (loss - TOL) / radius */
    double loss;         /* the largest loss of the recomputing coach's choices */
    double own;          /* and of the full file's coach's (the measure's check) */
} tally;

static void lost(tally *t, double head, double full, double radius, const char *what, const pb_game_view *v)
{
    t->beyond_tol += head > TOL;
    t->ratio = fmax(t->ratio, (head - TOL) / radius);
    if (head > TOL + radius / 4) {
        t->differ++;
        if (getenv("PB_TEST_VERBOSE"))
            fprintf(stderr, "%s h%d L%d e%d s%+d to%d,%d r%d %d-%d-%d: the recomputed choice loses %.3g (radius %.3g)\n",
                    what, v->half, v->left, v->extras, v->lead, v->timeouts_own, v->timeouts_opp,
                    v->receives_second_half, v->togo, v->down, v->ytg, head, radius);
    }
    t->loss = fmax(t->loss, head);
    t->own = fmax(t->own, full);
}

static pb_wp_moment moment(const pb_game_view *v, pb_wp_kind kind)
{
    pb_wp_moment m = {kind, v->half, v->left, v->extras, v->lead, v->timeouts_own, v->timeouts_opp,
                      v->receives_second_half, v->togo, v->down, v->ytg};
    return m;
}

/* What the offense's weights w are worth in the full solve's detail d (the defense at its mix). */
static double offense_worth(const pb_wp_detail *d, const unsigned *w)
{
    if (w[3])
        return d->punt;
    if (w[4])
        return d->fg;
    double x[3], worst = INFINITY;
    mix_of(w, 3, x);
    for (int j = 0; j < 5; j++) {
        double s = 0;
        for (int o = 0; o < 3; o++)
            s += x[o] * d->matrix[o][j];
        worst = fmin(worst, s);
    }
    return worst;
}

/* The most the offense gets against the defense's weights w (d's matrix). */
static double defense_worth(const pb_wp_detail *d, const unsigned *w)
{
    double y[5], best = -INFINITY;
    mix_of(w, 5, y);
    for (int o = 0; o < 3; o++) {
        double s = 0;
        for (int j = 0; j < 5; j++)
            s += d->matrix[o][j] * y[j];
        best = fmax(best, s);
    }
    return best;
}

static void one_view(const pair *p, const pb_game_view *v, tally *t)
{
    pb_game_decider f, h;
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_wp_decider_init(&f, p->full, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_wp_decider_init(&h, p->head, err, sizeof err) == 0, "%s", err);
    pb_wp_moment m = moment(v, PB_WP_SNAP);
    pb_wp_detail d;
    ck_assert_msg(pb_wp_detail_at(p->full, &m, &d, err, sizeof err) == 0, "%s", err);
    double best = fmax(d.go, fmax(d.fg, d.punt));
    unsigned a[5], b[5];
    f.offense(f.self, v, a);
    h.offense(h.self, v, b);
    lost(t, best - offense_worth(&d, b), best - offense_worth(&d, a), d.radius, "offense", v);
    pb_game_view dv = *v;   /* the defense's view of the same snap */
    dv.lead = -v->lead;
    dv.timeouts_own = v->timeouts_opp;
    dv.timeouts_opp = v->timeouts_own;
    dv.receives_second_half = !v->receives_second_half;
    if (d.best == PB_WP_GO) {   /* (against a kick the defense's mix is never played) */
        f.defense(f.self, &dv, a);
        h.defense(h.self, &dv, b);
        lost(t, defense_worth(&d, b) - d.go, defense_worth(&d, a) - d.go, d.radius, "defense", v);
    }
    t->snaps++;
    if (v->left == 1 && d.extra_def >= 0) {   /* the defense's extra-play timeout, then the offense's */
        int ea = f.end_of_half(f.self, &dv, false), eb = h.end_of_half(h.self, &dv, false);
        double lo = fmin(best, d.extra_def_value);
        lost(t, (eb ? d.extra_def_value : best) - lo, (ea ? d.extra_def_value : best) - lo,
             fmax(d.radius, d.extra_def_bound), "defense's extra play", v);
        t->extras++;
    }
    if (v->left == 1 && d.extra_off >= 0) {
        double after = d.extra_def == 1 ? fmin(best, d.extra_def_value) : best;
        int ea = f.end_of_half(f.self, v, true), eb = h.end_of_half(h.self, v, true);
        double hi = fmax(after, d.extra_off_value);
        lost(t, hi - (eb ? d.extra_off_value : after), hi - (ea ? d.extra_off_value : after),
             fmax(d.radius, fmax(d.extra_off_bound, d.extra_def_bound)), "offense's extra play", v);
        t->extras++;
    }
    if (v->down == 1 && v->extras == 0) {   /* the field goal after the last card */
        pb_game_view z = *v;
        z.left = 0;
        pb_wp_moment mz = moment(&z, PB_WP_SNAP);
        pb_wp_detail dz;
        ck_assert_msg(pb_wp_detail_at(p->full, &mz, &dz, err, sizeof err) == 0, "%s", err);
        double top = fmax(dz.go, dz.fg);
        lost(t, top - (h.final_fg(h.self, &z) ? dz.fg : dz.go), top - (f.final_fg(f.self, &z) ? dz.fg : dz.go),
             dz.radius, "final field goal", v);
        t->final_fgs++;
    }
}

static void kick_views(const pair *p, const pb_game_view *v, tally *t)
{
    pb_game_decider f, h;
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_wp_decider_init(&f, p->full, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_wp_decider_init(&h, p->head, err, sizeof err) == 0, "%s", err);
    unsigned a[5], b[5];
    for (int fk = 0; fk < 2; fk++) {
        pb_wp_moment m = moment(v, fk ? PB_WP_FREE_KICK : PB_WP_KICKOFF);
        pb_wp_detail d;
        ck_assert_msg(pb_wp_detail_at(p->full, &m, &d, err, sizeof err) == 0, "%s", err);
        f.kickoff(f.self, v, fk, a);
        h.kickoff(h.self, v, fk, b);
        double top = fmax(d.regular, d.onside);
        lost(t, top - (b[1] ? d.onside : d.regular), top - (a[1] ? d.onside : d.regular), d.radius, "kickoff", v);
        t->kicks++;
    }
    pb_wp_moment m = moment(v, PB_WP_TRY);
    pb_wp_detail d;
    ck_assert_msg(pb_wp_detail_at(p->full, &m, &d, err, sizeof err) == 0, "%s", err);
    f.try_call(f.self, v, a);
    h.try_call(h.self, v, b);
    double top = fmax(d.pat, d.two);
    lost(t, top - (b[0] ? d.pat : d.two), top - (a[0] ? d.pat : d.two), d.radius, "try", v);
    const pb_wp *w = p->full;
    int r = v->half == 1 ? v->receives_second_half : 0;
    for (int landing = 1; landing <= 100; landing += 11) {
        int ra = f.ret(f.self, v, landing), rb = h.ret(h.self, v, landing);
        double tb[2], rt[2];
        ck_assert(pb_wp_receive_at(w, pb_wp_kept(w, v->half, v->left, 0), r, v->lead, v->timeouts_own, v->timeouts_opp,
                                   landing, tb, rt) == 0);
        double vt = 0.5 * (tb[0] + tb[1]), vr = 0.5 * (rt[0] + rt[1]), hi = fmax(vt, vr);
        ck_assert_msg(rb >= 0, "no return choice from the headline file at landing %d", landing);
        lost(t, hi - (rb ? vr : vt), hi - (ra ? vr : vt), fmax(0.5 * (tb[1] - tb[0]), 0.5 * (rt[1] - rt[0])), "return",
             v);
        t->returns++;
    }
}

/* Every snap of a grid of moments (each half, each card, leads, timeouts, fields), each kick, try
 * and return of each half, card, lead and timeouts, asked of both coaches. */
static tally compare(const pair *p)
{
    static const int field[][3] = {{80, 1, 10}, {35, 4, 3}, {30, 3, 7}, {5, 2, 5},  {60, 2, 12},
                                   {72, 3, 1},  {20, 4, 10}, {3, 1, 3},  {45, 1, 10}, {12, 4, 2}};
    tally t;
    memset(&t, 0, sizeof t);
    const pb_wp *w = p->full;
    for (int half = 1; half <= 2; half++)
        for (int L = 1; L <= pb_wp_cards(w, half); L++)
            for (int e = 0; e <= (L <= 2 ? w->E : 0); e++)
                for (int lead = -w->S; lead <= w->S; lead += w->S > 6 ? 3 : 2)
                    for (int a = 0; a <= w->T; a++)
                        for (int b = 0; b <= w->T; b++)
                            for (int r = 0; r <= (half == 1); r++) {
                                pb_game_view v = {half, L, e, lead, a, b, r != 0, 0, 0, 0, 1};
                                if (e == 0) {
                                    kick_views(p, &v, &t);
                                    t.moments++;
                                }
                                for (size_t k = 0; k < sizeof field / sizeof field[0]; k++) {
                                    v.togo = field[k][0];
                                    v.down = field[k][1];
                                    v.ytg = field[k][2];
                                    if (!w->reach[pb_wp_index(v.togo, v.down, v.ytg)])
                                        continue;
                                    one_view(p, &v, &t);
                                    t.moments++;
                                }
                            }
    return t;
}

/* The opening's games with either coach: the same dice, so the same games while their choices
 * agree; the results as the totals count them. */
static void same_games(const pair *p, int games, pb_sim_totals *tf, pb_sim_totals *th)
{
    char err[PB_ERR_MAX];
    pb_game_decider f, h;
    ck_assert_msg(pb_wp_decider_init(&f, p->full, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_wp_decider_init(&h, p->head, err, sizeof err) == 0, "%s", err);
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), &p->rules, &POL);
    pb_strategy st;
    ck_assert(memo && pb_strategy_load(&st, PB_STRATEGY_DEFAULT, err, sizeof err) == 0);
    for (int k = 0; k < 2; k++) {
        pb_game_decider *d = k ? &h : &f;
        pb_sim_config cfg = {&p->rules, POL, pb_sim_eval_evaluator(memo), pb_sim_eval_decider(memo),
                             pb_sim_eval_return_decider(memo), {&st, &st}, 7, (uint64_t)games, 2, NULL, NULL, false,
                             0, 1, 1, false, true, {d, d}, NULL, false, 0};
        ck_assert_msg(pb_sim_run(&cfg, k ? th : tf, err, sizeof err) == 0, "%s", err);
    }
    pb_strategy_release(&st);
    pb_sim_eval_free(memo);
}

static void check_pair(const char *ruleset, int lead_cap, int games)
{
    pair p;
    pair_make(&p, ruleset, lead_cap);
    tally t = compare(&p);
    if (getenv("PB_TEST_VERBOSE"))
        fprintf(stderr, "%s: %d moments (%d snaps, %d kicks, %d returns, %d extra plays, %d final field goals): %d "
                "choices lose more than %.0e + radius / 4 (%d more than %.0e), the largest (loss - tol) / radius %.3g; the recomputed choices lose at most %.3g, the full file's %.3g\n", ruleset,
                t.moments, t.snaps, t.kicks, t.returns, t.extras, t.final_fgs, t.differ, TOL, t.beyond_tol, TOL, t.ratio, t.loss, t.own);
    ck_assert_msg(t.snaps >= 200 && t.kicks >= 20 && t.returns >= 100, "%d snaps, %d kicks, %d returns", t.snaps,
                  t.kicks, t.returns);
    ck_assert_msg(t.differ == 0, "%s: %d of the recomputing coach's choices differ from the full file's", ruleset,
                  t.differ);
    ck_assert_msg(t.own <= TOL, "%s: the full file's own choices lose %.3g (the measure is wrong)", ruleset, t.own);
    pb_sim_totals *tf = malloc(sizeof *tf), *th = malloc(sizeof *th);
    ck_assert(tf && th);
    same_games(&p, games, tf, th);
    /* from the opening, both coaches' games meet the solver's value (the kicking team's) within 4
     * standard errors plus its bound */
    pb_wp_moment open = {PB_WP_KICKOFF, 1, pb_wp_cards(p.full, 1), 0, 0, p.full->T, p.full->T, 1, 0, 0, 0};
    pb_wp_value v;
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_wp_value_at(p.full, &open, &v, err, sizeof err) == 0, "%s", err);
    for (int k = 0; k < 2; k++) {
        const pb_sim_totals *x = k ? th : tf;
        double n = (double)x->games, mean = ((double)x->kicker_wins + 0.5 * (double)x->kicker_ties) / n;
        double m2 = ((double)x->kicker_wins + 0.25 * (double)x->kicker_ties) / n, se = sqrt((m2 - mean * mean) / n);
        if (getenv("PB_TEST_VERBOSE"))
            fprintf(stderr, "%s, %s coach: %.0f games from the opening, %.6f (SE %.6f), solver %.6f\n", ruleset,
                    k ? "recomputing" : "full", n, mean, se, v.wp);
        ck_assert_msg(fabs(mean - v.wp) <= 4 * se + v.bound, "%s, the %s coach: %.6f (SE %.6f) against the solver's %.6f",
                      ruleset, k ? "recomputing" : "full", mean, se, v.wp);
    }
    free(tf);
    free(th);
    pair_free(&p);
}

START_TEST(tiny_coach)
{
    check_pair("tests/data/game_tiny.ini", 10, TINY_GAMES);
}
END_TEST

START_TEST(small_coach)
{
    check_pair("tests/data/game_small.ini", 4, 2000);
}
END_TEST

Suite *pb_suite_wp_coach(void)
{
    Suite *s = suite_create("wp_coach");
    TCase *tc = tcase_create("wp_coach");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, tiny_coach);
    if (!SANITIZER)
        tcase_add_test(tc, small_coach);
    suite_add_tcase(s, tc);
    return s;
}
