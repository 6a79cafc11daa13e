/* tests/solve_wp_in_play.c: the game solver choosing inside a play by value (--in-play value:
 * challenges, penalties, the card timeouts and changes of 21-24 at the decision points of the
 * compiled plays), one layer at a time: the last card of the game (half 2, 1 card left), whose
 * successors are the final whistle whatever the mode, on game_tiny with TIMEOUTS 1 (so every
 * kind of decision point is there) and no extra plays, at lead cap 2.
 *
 * - Through the decision points, each taking the policies' alternative (the test hook), the
 *   layer is the policies' layer (timeout=never, whose choice needs no evaluator): every snap's
 *   15 entries agree to rounding at every down, togo, lead and timeouts, and every value within
 *   the two certified bounds, both from the by-value tables' policies' cells (which the solver
 *   sums the entries from, each point adding only its best's gain over them) and from their plain
 *   cells with each point added whole. This proves the split of each play into its plain
 *   outcomes and its decision points, their timeouts and their successors.
 * - The shared plan (policies' cells plus the points' gains) gives the cells' own sums (plain
 *   cells plus each point's best) to 1e-13.
 * - Choosing by value moves entries (a challenge or a card timeout is worth what it buys before
 *   the final whistle, not yards), and by more than the bounds; the layer is the same for 1 and 2
 *   threads and for the entries 8 wide or in two halves; the value file's fingerprint differs
 *   from the policies' (so each is stale for the other).
 * - The simulator playing the by-value solve (both teams, each choice inside a play made from the
 *   play so far: wp_in_play.c) from the moment where choosing in play by value moves the value
 *   most (lead +1, 4th and 10 at togo 60, both with a timeout: 0.934108 by value, 0.943407 by
 *   the policies) agrees with the by-value value within 4 standard errors over 40,000 games, and
 *   is more than 4 away from the policies' value.
 * A whole solve choosing by value costs 10 to 40 times the policies' (doc/solve.md), so the
 * tests stay at one layer, and out of the sanitizer build (the compiled plays are there:
 * tests/enumerate_compile.c). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enumerate.h"
#include "sim.h"
#include "wp_decider.h"
#include "wp_file.h"
#include "wp_internal.h"

#define CAP 2

static pb_ruleset rules;
static pb_wp *POLICY, *VALUE;   /* the play tables of each mode (no layer solved) */
static pb_wp_layer END;         /* half 2 after its last card: the final whistle (the same in both) */

static pb_policies policies(int by_value)
{
    pb_policies p = {0};
    char err[PB_ERR_MAX];
    ck_assert(pb_policies_parse(&p, "timeout=never", err, sizeof err) == 0);
    p.in_play_by_value = by_value;
    return p;
}

static pb_wp *tables(int by_value, int threads)
{
    char err[PB_ERR_MAX];
    pb_policies pol = policies(by_value);
    pb_wp *w = NULL;
    ck_assert_msg(pb_wp_alloc_for_file(&w, &rules, &pol, CAP, 1, 0, threads, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_wp_tables_finish(w, err, sizeof err) == 0, "%s", err);
    return w;
}

static void setup(void)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&rules, "tests/data/game_tiny.ini", err, sizeof err) == 0, "%s", err);
    rules.sw.timeouts = 1;        /* card timeouts, challenges: every kind of decision point */
    rules.extra_plays_max = 0;    /* the last card is the last play */
    POLICY = tables(0, 2);
    VALUE = tables(1, 2);
    ck_assert(pb_wp_layer_alloc(POLICY, &END, 2, 0, 0) == 0);
    pb_wp_layer_end(POLICY, &END);
}

static void teardown(void)
{
    pb_wp_layer_release(&END);
    pb_wp_free(POLICY);
    pb_wp_free(VALUE);
    pb_enum_cache_clear();
}

/* Half 2's last card solved by w (hook: each decision point takes the policies' alternative). */
static void last_card(const pb_wp *w, int hook, pb_wp_layer *l)
{
    char err[PB_ERR_MAX];
    double gap, exploit;
    ck_assert(pb_wp_layer_alloc(w, l, 2, 1, 0) == 0);
    pb_wp_test_nodes_by_policy = hook;
    int st = pb_wp_layer_solve(w, l, &END, NULL, &gap, &exploit, err, sizeof err);
    pb_wp_test_nodes_by_policy = 0;
    ck_assert_msg(st == 0, "%s", err);
}

/* The largest difference between the snaps' entries of a and b at the last card (hook: b's
 * entries as the policies' alternatives give them, both from b's policies' cells and from its
 * plain cells with each point's policies' alternative added one by one). */
static double entries_apart(const pb_wp *a, const pb_wp_layer *la, const pb_wp *b, const pb_wp_layer *lb, int hook)
{
    double worst = 0;
    for (int s = -CAP; s <= CAP; s++)
        for (int ta = 0; ta <= 1; ta++)
            for (int tb = 0; tb <= 1; tb++)
                for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                    for (int dn = 1; dn <= 4; dn++) {
                        double A[3][5], B[3][5], ra, rb;
                        int y = t < 10 ? t : 10;
                        ck_assert(pb_wp_snap_matrix(a, la, &END, 0, s, ta, tb, t, dn, y, A, &ra) == 0);
                        for (int cellwise = 0; cellwise <= hook; cellwise++) {
                            pb_wp_test_nodes_by_policy = hook;
                            pb_wp_test_nodes_cellwise = cellwise;
                            ck_assert(pb_wp_snap_matrix(b, lb, &END, 0, s, ta, tb, t, dn, y, B, &rb) == 0);
                            pb_wp_test_nodes_by_policy = 0;
                            pb_wp_test_nodes_cellwise = 0;
                            for (int c = 0; c < 15; c++)
                                worst = fmax(worst, fabs(A[c / 5][c % 5] - B[c / 5][c % 5]));
                        }
                    }
    return worst;
}

/* The largest distance between the 1st downs of two layers beyond their bounds, and the largest
 * distance between their midpoints. */
static void firsts_apart(const pb_wp *w, const pb_wp_layer *a, const pb_wp_layer *b, double *beyond, double *apart)
{
    *beyond = -INFINITY;
    *apart = 0;
    for (int sl = 0; sl < a->nslices; sl++)
        for (int t = 1; t <= PB_DRIVE_TOGO; t++) {
            size_t i = (size_t)sl * w->F + pb_wp_first(w, t);
            double d = fabs(a->v[i] - b->v[i]);
            *apart = fmax(*apart, d);
            *beyond = fmax(*beyond, d - a->rad[sl * 100 + t] - b->rad[sl * 100 + t]);
        }
}

START_TEST(policy_alternatives_are_the_policies_layer)
{
    pb_wp_layer p, h;
    last_card(POLICY, 0, &p);
    last_card(VALUE, 1, &h);
    double e = entries_apart(POLICY, &p, VALUE, &h, 1);
    ck_assert_msg(e < 1e-12, "the decision points with the policies' choices differ by %g", e);
    double beyond, apart;
    firsts_apart(POLICY, &p, &h, &beyond, &apart);
    ck_assert_msg(beyond <= 1e-12, "two 1st downs %g apart beyond their bounds", beyond);
    pb_wp_layer_release(&p);
    pb_wp_layer_release(&h);
}
END_TEST

/* Layer l as the solver keeps a solved one of w (every state, and the headline's kicks and
 * tries): the value file's layers of half 2. */
static void keep(pb_wp *w, int L, const pb_wp_layer *l)
{
    pb_wp_layer *f = w->full[2][L];
    pb_wp_head *h = &w->head[2][L];
    size_t n = (size_t)l->nslices;
    memcpy(f->v, l->v, n * w->F * sizeof *l->v);
    memcpy(f->rad, l->rad, n * 100 * sizeof *l->rad);
    memcpy(f->klo, l->klo, n * 2 * sizeof *l->klo);
    memcpy(f->khi, l->khi, n * 2 * sizeof *l->khi);
    memcpy(f->tlo, l->tlo, n * sizeof *l->tlo);
    memcpy(f->thi, l->thi, n * sizeof *l->thi);
    memcpy(h->klo, l->klo, n * 2 * sizeof *l->klo);
    memcpy(h->khi, l->khi, n * 2 * sizeof *l->khi);
    memcpy(h->tlo, l->tlo, n * sizeof *l->tlo);
    memcpy(h->thi, l->thi, n * sizeof *l->thi);
    for (size_t sl = 0; sl < n; sl++)
        for (int t = 0; t <= PB_DRIVE_TOGO; t++) {
            double m = t ? l->v[sl * w->F + pb_wp_first(w, t)] : 0, r = t ? l->rad[sl * 100 + t] : 0;
            h->first_lo[sl * 100 + t] = (float)(m - r);
            h->first_hi[sl * 100 + t] = (float)(m + r);
        }
    ck_assert(pb_wp_layer_firsts(w, f) == 0);
}

/* Every choice of decider d at the last card, kept (each asked twice: made, then found) and made
 * afresh, is the same: the snap's mixes, and the card timeouts of 21-24 before the snap (an empty
 * log) for every call, lead, timeouts, togo and down; moments that differ in one field only are
 * asked one after the other, so a kept choice that forgot a field would answer the next. */
static void decider_keeps_choices(const pb_game_decider *d)
{
    static const int togos[] = {5, 30, 60, 95};
    pb_oracle_log empty;
    memset(&empty, 0, sizeof empty);
    long asked = 0, differ = 0;
    for (int pass = 0; pass < 3; pass++) {
        pb_wp_test_decider_fresh = pass == 2;
        for (int s = -CAP; s <= CAP; s++)
            for (int ta = 0; ta <= 1; ta++)
                for (int tb = 0; tb <= 1; tb++)
                    for (int k = 0; k < 4; k++)
                        for (int dn = 1; dn <= 4; dn += 3) {
                            int t = togos[k], y = t < 10 ? t : 10;
                            pb_game_view v = {2, 1, 0, s, ta, tb, false, t, dn, y, 0};
                            unsigned off[5], def[5];
                            d->offense(d->self, &v, off);
                            d->defense(d->self, &v, def);
                            unsigned got[5 + 5 + 3 * 5 * 4 * 2 * 2], *g = got;
                            memcpy(g, off, sizeof off), g += 5;
                            memcpy(g, def, sizeof def), g += 5;
                            for (int o = 0; o < 3; o++)
                                for (int j = 1; j <= 5; j++)
                                    for (int card = 21; card <= 24; card++)
                                        for (int what = PB_DECIDE_TIMEOUT_OFFENSE; what <= PB_DECIDE_TIMEOUT_DEFENSE;
                                             what++) {
                                            pb_call call = {(pb_offense)o, j, card, 0};
                                            int next;
                                            *g++ = (unsigned)d->in_play(d->self, &v, &call, &empty, (pb_decision)what,
                                                                        0, &next);
                                            *g++ = (unsigned)next;
                                        }
                            static unsigned first[2 * CAP + 1][2][2][4][2][sizeof got / sizeof got[0]];
                            unsigned *f = first[s + CAP][ta][tb][k][dn / 4];
                            if (pass == 0)
                                memcpy(f, got, sizeof got);
                            else
                                differ += memcmp(f, got, sizeof got) != 0;
                            asked++;
                        }
    }
    pb_wp_test_decider_fresh = 0;
    ck_assert_msg(differ == 0, "%ld of %ld moments' choices differ kept and afresh", differ, asked);
}

/* The simulator with the by-value decider for both teams (each choice inside a play made from
 * the play's log, wp_in_play.c) from the moment of the last card where choosing in play by value
 * moves the value most: its result agrees with the by-value solve (p: the policies' layer, v: the
 * by-value layer), and not with the policies'. */
static void simulator_agrees(const pb_wp_layer *pl, const pb_wp_layer *vl)
{
    char err[PB_ERR_MAX];
    keep(VALUE, 0, &END);
    keep(VALUE, 1, vl);
    int best_sl = 0, best_i = 0, bt = 1, bdn = 1, by = 1;
    double most = -1;
    for (int s = -CAP; s <= CAP; s++)
        for (int t = 1; t <= PB_DRIVE_TOGO; t++)
            for (int dn = 1; dn <= 4; dn++) {
                int y = t < 10 ? t : 10, sl = pb_wp_slice(VALUE, 0, s, 1, 1), i = pb_wp_index(t, dn, y);
                double d = fabs(vl->v[(size_t)sl * VALUE->F + i] - pl->v[(size_t)sl * POLICY->F + i]);
                if (d > most) {
                    most = d;
                    best_sl = sl, best_i = i, bt = t, bdn = dn, by = y;
                }
            }
    int r, s, a, b;
    pb_wp_slice_coords(VALUE, best_sl, &r, &s, &a, &b);
    double want = vl->v[(size_t)best_sl * VALUE->F + best_i], policies_value = pl->v[(size_t)best_sl * POLICY->F + best_i];
    pb_game_decider d;
    ck_assert_msg(pb_wp_decider_init(&d, VALUE, err, sizeof err) == 0, "%s", err);
    ck_assert(d.in_play != NULL);
    decider_keeps_choices(&d);
    pb_game_view start = {2, 1, 0, s, 1, 1, false, bt, bdn, by, 0};
    pb_sim_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.rules = &rules;
    cfg.policies = policies(1);
    cfg.decider[PB_HOME] = cfg.decider[PB_AWAY] = &d;
    cfg.seed = 3;
    cfg.games = 40000;
    cfg.threads = 2;
    cfg.uniform_cards = true;
    cfg.start = &start;
    pb_strategy st;
    ck_assert(pb_strategy_load(&st, "coach", err, sizeof err) == 0);
    cfg.strategy[PB_HOME] = cfg.strategy[PB_AWAY] = &st;
    pb_sim_totals *tot = malloc(sizeof *tot);
    ck_assert_msg(pb_sim_run(&cfg, tot, err, sizeof err) == 0, "%s", err);
    double n = (double)tot->games, mean = (tot->wins[0] + 0.5 * tot->ties) / n;
    double m2 = (tot->wins[0] + 0.25 * tot->ties) / n, se = sqrt((m2 - mean * mean) / n);
    ck_assert_msg(fabs(mean - want) < 4 * se, "the simulator %.6f, the solver by value %.6f (SE %.6f)", mean, want, se);
    ck_assert_msg(fabs(mean - policies_value) > 4 * se, "the simulator %.6f is the policies' value %.6f (SE %.6f)",
                  mean, policies_value, se);
    /* the decider keeps each thread's choices (the snaps' and those inside plays): the same games
     * as with every choice made afresh */
    pb_sim_totals *fresh = malloc(sizeof *fresh);
    cfg.games = 4000;
    cfg.seed = 5;
    ck_assert_msg(pb_sim_run(&cfg, tot, err, sizeof err) == 0, "%s", err);
    pb_wp_test_decider_fresh = 1;
    ck_assert_msg(pb_sim_run(&cfg, fresh, err, sizeof err) == 0, "%s", err);
    pb_wp_test_decider_fresh = 0;
    ck_assert(tot->games == 4000 && memcmp(tot, fresh, sizeof *tot) == 0);
    free(fresh);
    free(tot);
    pb_strategy_release(&st);
}

START_TEST(by_value_moves_values)
{
    pb_wp_layer p, v;
    last_card(POLICY, 0, &p);
    last_card(VALUE, 0, &v);
    double e = entries_apart(POLICY, &p, VALUE, &v, 0);
    double beyond, apart;
    firsts_apart(POLICY, &p, &v, &beyond, &apart);
    ck_assert_msg(e > 1e-3, "choosing in play by value moved no entry (%g)", e);
    ck_assert_msg(beyond > 1e-4, "choosing in play by value moved no 1st down beyond the bounds (%g)", beyond);
    /* the same layer for 1 thread, the entries summed the other way (8 wide or in halves) */
    pb_wp_layer v1;
    VALUE->threads = 1;
    VALUE->lanes_halves = !VALUE->lanes_halves;
    last_card(VALUE, 0, &v1);
    VALUE->lanes_halves = !VALUE->lanes_halves;
    VALUE->threads = 2;
    ck_assert(memcmp(v.v, v1.v, (size_t)v.nslices * VALUE->F * sizeof *v.v) == 0);
    ck_assert(memcmp(v.rad, v1.rad, (size_t)v.nslices * 100 * sizeof *v.rad) == 0);
    pb_wp_layer_release(&v1);
    /* the short alternatives' touchdowns, safeties and turnovers summed once a togo, then each
     * state's own outcomes: the same bits as every outcome at every state, both widths */
    for (int halves = 0; halves <= 1; halves++) {
        pb_wp_layer a, b;
        int keep = VALUE->lanes_halves;
        VALUE->lanes_halves = halves;
        last_card(VALUE, 0, &a);
        pb_wp_test_plain_sums = 1;
        last_card(VALUE, 0, &b);
        pb_wp_test_plain_sums = 0;
        VALUE->lanes_halves = keep;
        ck_assert_msg(memcmp(a.v, v.v, (size_t)v.nslices * VALUE->F * sizeof *v.v) == 0 &&
                          memcmp(b.v, v.v, (size_t)v.nslices * VALUE->F * sizeof *v.v) == 0,
                      "the fixed outcomes summed once a togo are not the plain sums (halves %d)", halves);
        pb_wp_layer_release(&a);
        pb_wp_layer_release(&b);
    }
    /* each mode's value file is stale for the other */
    char fa[512], fb[512];
    pb_policies pol = policies(0), val = policies(1);
    ck_assert(pb_wp_file_fingerprint(&rules, &pol, fa, sizeof fa) == 0);
    ck_assert(pb_wp_file_fingerprint(&rules, &val, fb, sizeof fb) == 0);
    ck_assert_msg(strcmp(fa, fb) != 0 && strstr(fb, "in-play=value") != NULL, "%s", fb);
    simulator_agrees(&p, &v);
    pb_wp_layer_release(&p);
    pb_wp_layer_release(&v);
}
END_TEST

/* The decision points as the solver sums them, shared by the 15 cells (pb_wp_nplan: each distinct
 * alternative once, the whole plays of 21-24 as cells, each point's probability by cell as one
 * product), against each cell's points one by one (the test hook), by value and with the
 * policies' alternatives, at every lead, timeouts, togo, down and three ytg of the last card. */
START_TEST(shared_plan_is_the_cells_sums)
{
    pb_wp_layer v;
    last_card(VALUE, 0, &v);
    double worst = 0;
    for (int hook = 0; hook <= 1; hook++)
        for (int s = -CAP; s <= CAP; s++)
            for (int ta = 0; ta <= 1; ta++)
                for (int tb = 0; tb <= 1; tb++)
                    for (int t = 1; t <= PB_DRIVE_TOGO; t++)
                        for (int dn = 1; dn <= 4; dn++)
                            for (int k = 0; k < 3; k++) {
                                int y = k == 0 ? 1 : k == 1 ? (t < 4 ? t : 4) : (t < 10 ? t : 10);
                                double A[3][5], B[3][5], ra, rb;
                                pb_wp_test_nodes_by_policy = hook;
                                ck_assert(pb_wp_snap_matrix(VALUE, &v, &END, 0, s, ta, tb, t, dn, y, A, &ra) == 0);
                                pb_wp_test_nodes_cellwise = 1;
                                ck_assert(pb_wp_snap_matrix(VALUE, &v, &END, 0, s, ta, tb, t, dn, y, B, &rb) == 0);
                                pb_wp_test_nodes_cellwise = 0;
                                pb_wp_test_nodes_by_policy = 0;
                                for (int c = 0; c < 15; c++)
                                    worst = fmax(worst, fabs(A[c / 5][c % 5] - B[c / 5][c % 5]));
                            }
    ck_assert_msg(worst < 1e-13, "the shared plan's entries are %g from the cells' own sums", worst);
    pb_wp_layer_release(&v);
}
END_TEST

Suite *pb_suite_solve_wp_in_play(void)
{
    Suite *s = suite_create("solve_wp_in_play");
#ifndef __SANITIZE_ADDRESS__
    TCase *tc = tcase_create("in play by value");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_test(tc, shared_plan_is_the_cells_sums);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, policy_alternatives_are_the_policies_layer);
    tcase_add_test(tc, by_value_moves_values);
    suite_add_tcase(s, tc);
#else
    (void)setup;   /* not run under the sanitizer (above) */
    (void)teardown;
    (void)policy_alternatives_are_the_policies_layer;
    (void)by_value_moves_values;
    (void)shared_plan_is_the_cells_sums;
#endif
    return s;
}
