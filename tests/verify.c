/* tests/verify.c: Check suite for verify/ (the cross-check and its teeth, the rule diff, the
 * switch impact, the findings, the grid invariants). Expected values are derived by hand in
 * the comments; every check that a verifier finds nothing is paired with one where a planted
 * difference or a malformed input must be found. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "switches.h"
#include "verify.h"

static pb_ruleset ja, en;

static void load_rules(void)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&ja, "v1.11-ja", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_ruleset_load(&en, "v1.11-en", err, sizeof err) == 0, "%s", err);
}

static void teardown(void)
{
    pb_enum_cache_clear();
    pb_stats_release_caches();
}

static pb_policies best(void)
{
    pb_policies p;
    memset(&p, 0, sizeof p);
    return p;
}

static void set_switch(pb_ruleset *rs, const char *assignment)
{
    char id[32];
    const char *eq = strchr(assignment, '=');
    ck_assert(eq);
    snprintf(id, sizeof id, "%.*s", (int)(eq - assignment), assignment);
    const pb_switch_info *info = pb_switch_find(id);
    ck_assert_msg(info, "switch %s", id);
    int v = pb_switch_value_parse(info, eq + 1);
    ck_assert(v >= 0);
    pb_switch_set(&rs->sw, info, v);
}

static void q_set(mpq_t q, long num, unsigned long den)
{
    mpq_set_si(q, num, den);
    mpq_canonicalize(q);
}

/* ---- tallies: counts against one exact distribution ---- */

/* The PAT kick under v1.11-ja: good on a sum >= 4, 33/36 = 11/12; miss 1/12.
 * 900 good and 100 misses in 1000 kicks: E = 2750/3 and 250/3, both deviations 50/3, so
 * X^2 = (50/3)^2 (3/2750 + 3/250) = (2500/9)(36/2750) = 40/11 = 3.6364 with df 1;
 * p = erfc(sqrt(20/11)) = 0.05650 (the df-1 closed form). */
START_TEST(test_tally_pat)
{
    pb_play_env env = {&ja, best(), NULL, NULL};
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = PB_ACTION_PAT;
    q.sit = pb_situation_default(&ja, 50);
    pb_dist d;
    char err[256];
    ck_assert_msg(pb_enumerate(&d, &env, &q, err, sizeof err) == 0, "%s", err);
    pb_verify_tally t;
    pb_verify_tally_init(&t, &d, ~0u);
    ck_assert_uint_eq(t.nkeys, 2);
    pb_result good = {PB_OUT_GOOD, 0, 0, 0, 0, PB_OFF_RUN, 0}, miss = good;
    miss.kind = PB_OUT_MISS;
    pb_verify_tally_add(&t, &good, 900);
    pb_verify_tally_add(&t, &miss, 100);
    pb_stats_fit fit;
    char imp[96];
    ck_assert(pb_verify_tally_test(&t, PB_STATS_CHI2, &fit, imp, sizeof imp, err, sizeof err) == 0);
    ck_assert_double_eq_tol(fit.statistic, 40.0 / 11.0, 1e-12);
    ck_assert_uint_eq(fit.df, 1);
    ck_assert_double_eq_tol(fit.p_value, erfc(sqrt(20.0 / 11.0)), 1e-12);
    ck_assert(!fit.impossible);
    ck_assert_str_eq(imp, "");
    /* one kick ending in something a PAT cannot give: the structural check */
    pb_result start = good;
    start.kind = PB_OUT_START;
    start.yards = 50;
    pb_verify_tally_add(&t, &start, 1);
    ck_assert(pb_verify_tally_test(&t, PB_STATS_CHI2, &fit, imp, sizeof imp, err, sizeof err) == 0);
    ck_assert(fit.impossible);
    ck_assert_str_eq(imp, "start 50");
    pb_verify_tally_release(&t);
    pb_dist_release(&d);
}
END_TEST

/* Masking merges entries that differ only in masked flags: a Long Pass vs Defense 4 at togo 15
 * has gains and touchdowns with and without the doubles flag; masking everything leaves one
 * key per (kind, yards) and the numerators add up to the whole denominator. */
START_TEST(test_tally_mask)
{
    pb_play_env env = {&ja, best(), NULL, NULL};
    pb_verify_cell c = pb_verify_play_cell(PB_OFF_LONG, 4, 0, 15);
    pb_enum_query q = pb_verify_cell_query(&c, &ja);
    pb_dist d, col;
    char err[256];
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    pb_dist_collapse(&d, &col);
    pb_verify_tally t;
    pb_verify_tally_init(&t, &d, 0);
    ck_assert_uint_eq(t.nkeys, col.count);
    mpz_t sum;
    mpz_init(sum);
    for (size_t i = 0; i < t.nkeys; i++)
        mpz_add(sum, sum, t.num[i]);
    ck_assert(mpz_cmp(sum, d.den) == 0);
    mpz_clear(sum);
    pb_verify_tally_release(&t);
    pb_dist_release(&col);
    pb_dist_release(&d);
}
END_TEST

/* ---- the cross-check and its teeth ---- */

static const int quick_togos[] = {2, 12, 20, 21, 50, 99};

static void quick_opts(pb_verify_xc_opts *o, const pb_ruleset *sim, const pb_ruleset *exact)
{
    pb_verify_xc_opts_default(o, exact);
    o->sim_rules = sim;
    o->exact_rules = exact;
    o->togos = quick_togos;
    o->ntogo = sizeof quick_togos / sizeof quick_togos[0];
    o->nsituations = 1;
    o->plays_per_cell = 1000;
    o->threads = 2;
    o->seed = 1;
}

/* Cells: 3 offenses x 5 defenses x 25 cards x 6 togo = 2250, plus 5 kicks, 6 punts, 6 returns,
 * 40 field goals and 15 two-point tries = 2322. With the same ruleset on both sides nothing may
 * be rejected at FWER 1e-6 (a false alarm has probability at most 1e-6 by Holm) and nothing
 * impossible may happen; and the result does not depend on the thread count. */
START_TEST(test_crosscheck_agrees)
{
    pb_verify_xc_opts o;
    quick_opts(&o, &ja, &ja);
    pb_verify_xc_result r1, r2;
    char err[256];
    ck_assert_msg(pb_verify_crosscheck(&o, &r1, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(r1.count, 2322);
    ck_assert_uint_eq(r1.plays, 2322000);
    ck_assert_uint_eq(r1.rejected, 0);
    ck_assert_uint_eq(r1.impossible, 0);
    ck_assert(r1.pass);
    ck_assert(r1.min_p > 1e-6 / 2322);
    o.threads = 1;
    ck_assert(pb_verify_crosscheck(&o, &r2, err, sizeof err) == 0);
    for (size_t i = 0; i < r1.count; i++) {
        ck_assert(r1.cells[i].fit.p_value == r2.cells[i].fit.p_value);
        ck_assert(r1.cells[i].fit.statistic == r2.cells[i].fit.statistic);
    }
    pb_verify_xc_result_release(&r1);
    pb_verify_xc_result_release(&r2);
}
END_TEST

/* The failing cells of a planted run: every one must satisfy `expected` (the difference can
 * reach other cells only through the card-23/24 best responses, which read every call's
 * value); and `must` must be among them. */
static void assert_caught(const pb_verify_xc_result *r, bool (*expected)(const pb_verify_cell *c),
                          pb_verify_cell must)
{
    ck_assert(!r->pass);
    ck_assert(r->rejected > 0);
    bool found = false;
    for (size_t i = 0; i < r->count; i++) {
        const pb_verify_xc_cell *c = &r->cells[i];
        if (!c->rejected && !c->impossible_count)
            continue;
        char name[128];
        pb_verify_cell_name(&c->cell, name, sizeof name);
        ck_assert_msg(expected(&c->cell) || c->cell.card == 23 || c->cell.card == 24, "unexpected failure: %s",
                      name);
        if (c->cell.action == must.action && c->cell.offense == must.offense && c->cell.defense == must.defense &&
            c->cell.card == must.card && c->cell.togo == must.togo)
            found = c->rejected;
    }
    char name[128];
    pb_verify_cell_name(&must, name, sizeof name);
    ck_assert_msg(found, "%s was not rejected", name);
}

static bool is_run_d4(const pb_verify_cell *c)
{
    return (c->action == PB_ACTION_PLAY || c->action == PB_ACTION_TWO_POINT) && c->offense == PB_OFF_RUN &&
           c->defense == 4;
}

/* Defense 4's run value 4 -> 3 on the simulated side: every non-doubles run against it gains
 * a yard more (30/36 of the plays move one bin), so run vs D4 with card none must be rejected
 * (and only runs against Defense 4, two-point tries included, may fail). */
START_TEST(test_teeth_d4_run)
{
    pb_ruleset sim = ja;
    sim.defense[3].run_value = 3;
    pb_verify_xc_opts o;
    quick_opts(&o, &sim, &ja);
    pb_verify_xc_result r;
    char err[256];
    ck_assert(pb_verify_crosscheck(&o, &r, err, sizeof err) == 0);
    assert_caught(&r, is_run_d4, pb_verify_play_cell(PB_OFF_RUN, 4, 0, 50));
    pb_verify_xc_result_release(&r);
}
END_TEST

static bool is_halving(const pb_verify_cell *c)
{
    return c->action == PB_ACTION_PLAY && (c->card == 18 || c->card == 22);
}

/* C18-ROUND floor on the simulated side: run vs D5 with card 18 (halve): sums 3, 4, 5 give
 * -3, -2, -1 yards, halved toward zero -1, -1, 0 but floored -2, -1, -1: 2/36 of the plays
 * move from gain -1 to -2 and 4/36 from 0 to -1, and gain -2 is impossible for the
 * enumerator. Both the test and the structural check must catch it. */
START_TEST(test_teeth_c18_round)
{
    pb_ruleset sim = ja;
    set_switch(&sim, "C18-ROUND=floor");
    pb_verify_xc_opts o;
    quick_opts(&o, &sim, &ja);
    pb_verify_xc_result r;
    char err[256];
    ck_assert(pb_verify_crosscheck(&o, &r, err, sizeof err) == 0);
    assert_caught(&r, is_halving, pb_verify_play_cell(PB_OFF_RUN, 5, 18, 50));
    ck_assert(r.impossible > 0);
    pb_verify_xc_result_release(&r);
}
END_TEST

static bool is_end_line_pass(const pb_verify_cell *c)
{
    return c->action == PB_ACTION_PLAY && c->offense != PB_OFF_RUN && c->togo <= 14;
}

/* END-LINE ge on the simulated side: a Long Pass at togo 2 lands exactly on the end line
 * (12 yards) on a non-doubles sum of 6 (1-5, 2-4: 4/36): a touchdown for the enumerator,
 * incomplete for the simulator. With card 14 (the defense numbers ignored) nothing else makes
 * those rolls incomplete, so 4/36 of the plays of long vs D1, card 14, togo 2 move from
 * touchdown to incomplete. Only passes at togo <= 14 can land on the end line (2 x 12 = 24). */
START_TEST(test_teeth_end_line)
{
    pb_ruleset sim = ja;
    set_switch(&sim, "END-LINE=ge");
    pb_verify_xc_opts o;
    quick_opts(&o, &sim, &ja);
    pb_verify_xc_result r;
    char err[256];
    ck_assert(pb_verify_crosscheck(&o, &r, err, sizeof err) == 0);
    assert_caught(&r, is_end_line_pass, pb_verify_play_cell(PB_OFF_LONG, 1, 14, 2));
    pb_verify_xc_result_release(&r);
}
END_TEST

/* Whole games: 1000 games of coach vs coach; every play they reach is within its cell's exact
 * support, and no pooled call is rejected. With Defense 4's run value planted on the
 * simulated side, the run-vs-D4 calls must fail. */
START_TEST(test_crosscheck_games)
{
    pb_verify_xg_opts o;
    memset(&o, 0, sizeof o);
    o.sim_rules = o.exact_rules = &ja;
    o.games = 1000;
    o.seed = 3;
    o.threads = 2;
    o.alpha = 1e-6;
    o.test = PB_STATS_CHI2;
    pb_verify_xc_result r;
    char err[256];
    ck_assert_msg(pb_verify_crosscheck_games(&o, &r, err, sizeof err) == 0, "%s", err);
    ck_assert(r.pass);
    ck_assert(r.plays > 50000);  /* about 100 plays and kicks a game */
    ck_assert(r.cells_reached > r.count);
    pb_verify_xc_result_release(&r);

    pb_ruleset sim = ja;
    sim.defense[3].run_value = 3;
    o.sim_rules = &sim;
    o.games = 3000;
    ck_assert(pb_verify_crosscheck_games(&o, &r, err, sizeof err) == 0);
    ck_assert(!r.pass);
    bool run_d4 = false;
    for (size_t i = 0; i < r.count; i++)
        if (r.cells[i].rejected && r.cells[i].cell.offense == PB_OFF_RUN && r.cells[i].cell.defense == 4 &&
            r.cells[i].cell.action == PB_ACTION_PLAY)
            run_d4 = true;
    ck_assert(run_d4);
    pb_verify_xc_result_release(&r);
}
END_TEST

/* ---- the rule diff ---- */

static const pb_verify_change *find_change(const pb_verify_diff_result *r, pb_verify_cell c)
{
    for (size_t i = 0; i < r->count; i++) {
        const pb_verify_cell *x = &r->changes[i].cell;
        if (x->action == c.action && x->offense == c.offense && x->defense == c.defense && x->card == c.card &&
            x->togo == c.togo && x->lead == c.lead)
            return &r->changes[i];
    }
    return NULL;
}

/* Is a changed play cell one of doc/model.md section 8's consequences? T-D1-LONG changes
 * Long Pass vs Defense 1; T-RED changes the red-zone numbers at togo 20, which only Defenses
 * 2 and 5 have, on Long Passes; and cards 23 / 24 pick the best response by the values of
 * the other calls, which those two change. Cards 01, 02 and 14 ignore the defense numbers. */
static bool section3_play(const pb_verify_cell *c)
{
    if (c->card == 23 || c->card == 24)
        return true;
    if (c->offense != PB_OFF_LONG || c->card == 1 || c->card == 2 || c->card == 14)
        return false;
    return c->defense == 1 || (c->togo == 20 && (c->defense == 2 || c->defense == 5));
}

START_TEST(test_diff_ja_en)
{
    pb_policies pol = best();
    pb_verify_diff_result r;
    char err[256];
    ck_assert_msg(pb_verify_diff(&ja, &en, &pol, NULL, 2, &r, err, sizeof err) == 0, "%s", err);
    /* 3 x 5 x 25 x 99 play cells, 99 card-07-leading cells, 5 kicks, 99 punts, 99 returns,
     * 40 field goals, 15 two-point tries */
    ck_assert_uint_eq(r.cells, 37125 + 1485 + 5 + 99 + 99 + 40 + 15);
    size_t plays = 0;
    for (size_t i = 0; i < r.count; i++) {
        const pb_verify_cell *c = &r.changes[i].cell;
        char name[128];
        pb_verify_cell_name(c, name, sizeof name);
        switch (c->action) {
        case PB_ACTION_PLAY:
            ck_assert_msg(section3_play(c), "not a consequence of section 3: %s", name);
            ck_assert_msg(c->offense != PB_OFF_RUN || c->card == 23 || c->card == 24, "a run changed: %s", name);
            plays++;
            break;
        case PB_ACTION_FIELD_GOAL:
            /* T-FG: the rows end at 20/25/30/35 (<=) or 19/24/29/34 (<) */
            ck_assert_msg(c->togo == 20 || c->togo == 25 || c->togo == 30 || c->togo == 35, "%s", name);
            break;
        case PB_ACTION_TWO_POINT:
            ck_assert_msg(c->offense == PB_OFF_LONG && c->defense == 1, "%s", name);  /* T-D1-LONG */
            break;
        case PB_ACTION_ONSIDE:
        case PB_ACTION_ONSIDE_FREE:
        case PB_ACTION_PAT:
            break;
        default:
            ck_abort_msg("a kick, punt or return changed: %s", name);
        }
    }
    /* and conversely: every Long Pass vs Defense 1 with no card changes (at every togo the
     * die 4 decides some roll), the red zone only at togo 20, every field goal row end */
    for (int togo = 1; togo <= 99; togo++) {
        ck_assert(find_change(&r, pb_verify_play_cell(PB_OFF_LONG, 1, 0, togo)));
        ck_assert(!find_change(&r, pb_verify_play_cell(PB_OFF_RUN, 1, 0, togo)));
        ck_assert(!find_change(&r, pb_verify_play_cell(PB_OFF_SHORT, 2, 0, togo)));
        ck_assert(!find_change(&r, pb_verify_play_cell(PB_OFF_LONG, 1, 14, togo)));
        bool red = togo == 20;
        ck_assert(!find_change(&r, pb_verify_play_cell(PB_OFF_LONG, 2, 0, togo)) == !red);
        ck_assert(!find_change(&r, pb_verify_play_cell(PB_OFF_LONG, 5, 0, togo)) == !red);
        ck_assert(!find_change(&r, pb_verify_play_cell(PB_OFF_LONG, 3, 0, togo)));
    }
    ck_assert(plays > 2000);
    mpq_t want;
    mpq_init(want);
    /* T-PAT: sum >= 4 is 33/36 = 11/12; sum >= 5 is 30/36 = 5/6 */
    const pb_verify_change *ch = find_change(&r, pb_verify_special_cell(PB_ACTION_PAT, 0));
    ck_assert(ch);
    q_set(want, 11, 12);
    ck_assert(mpq_equal(ch->a[7], want));
    q_set(want, 5, 6);
    ck_assert(mpq_equal(ch->b[7], want));
    /* T-ONSIDE: die >= 5 is 1/3; die = 6 is 1/6 */
    ch = find_change(&r, pb_verify_special_cell(PB_ACTION_ONSIDE, 0));
    ck_assert(ch);
    q_set(want, 1, 3);
    ck_assert(mpq_equal(ch->a[8], want));
    q_set(want, 1, 6);
    ck_assert(mpq_equal(ch->b[8], want));
    /* T-FG at togo 20: row 1-4 under ja: misses only 5-6 and 6-5: 34/36 = 17/18; row 1-3
     * under en (togo 20 is not < 20): misses the 6 ordered non-doubles pairs of 4, 5, 6: 5/6 */
    ch = find_change(&r, pb_verify_special_cell(PB_ACTION_FIELD_GOAL, 20));
    ck_assert(ch);
    q_set(want, 17, 18);
    ck_assert(mpq_equal(ch->a[7], want));
    q_set(want, 5, 6);
    ck_assert(mpq_equal(ch->b[7], want));
    /* the sorting: the largest change first */
    for (size_t i = 1; i < r.count; i++)
        ck_assert(mpq_cmp(r.changes[i - 1].size, r.changes[i].size) >= 0);
    /* the ruleset lines: red_zone, the Defense 1 long numbers (and their red-zone copy), the
     * onside keep, four field goal rows, the PAT kick and the extra plays: 10 lines each way */
    ck_assert_uint_eq(r.nrule_lines, 20);
    mpq_clear(want);
    pb_verify_diff_release(&r);

    /* a ruleset against itself: nothing */
    pb_verify_cells few;
    pb_verify_cells_init(&few);
    static const int togos[] = {1, 20, 21, 99};
    pb_verify_cells_grid_at(&few, 40, togos, 4);
    ck_assert(pb_verify_diff(&ja, &ja, &pol, &few, 2, &r, err, sizeof err) == 0);
    ck_assert_uint_eq(r.count, 0);
    ck_assert_uint_eq(r.nrule_lines, 0);
    pb_verify_diff_release(&r);
    pb_verify_cells_release(&few);
}
END_TEST

/* ---- switch impact ---- */

static const pb_verify_switch_impact *impact(const pb_verify_switches_result *r, const char *id, const char *value)
{
    for (size_t i = 0; i < r->count; i++)
        if (strcmp(r->items[i].id, id) == 0 && strcmp(r->items[i].value_name, value) == 0)
            return &r->items[i];
    ck_abort_msg("no impact for %s=%s", id, value);
    return NULL;
}

START_TEST(test_switch_impact)
{
    pb_verify_cells cells;
    pb_verify_cells_init(&cells);
    for (int togo = 1; togo <= 14; togo++) {
        pb_verify_cell c = pb_verify_play_cell(PB_OFF_LONG, 1, 2, togo);
        pb_verify_cells_add(&cells, &c);
    }
    static const int cards[] = {0, 6, 12, 18};
    for (size_t k = 0; k < sizeof cards / sizeof cards[0]; k++) {
        pb_verify_cell c = pb_verify_play_cell(PB_OFF_RUN, 5, cards[k], 99);
        pb_verify_cells_add(&cells, &c);
    }
    pb_policies pol = best();
    pb_verify_switches_result r;
    char err[256];
    ck_assert_msg(pb_verify_switches(&ja, &pol, &cells, 2, &r, err, sizeof err) == 0, "%s", err);
    mpq_t want;
    mpq_init(want);
    /* END-LINE ge: Long Pass with card 02 (the defense numbers ignored, doubles intercepted) at
     * togo 4: the end line is 14 yards away; a non-doubles sum of 7 (1-6, 2-5, 3-4: 6/36)
     * lands on it: a touchdown under gt, incomplete under ge: td -1/6, the largest in the list
     * (at togo t the sum landing on the line is (t+10)/2, at most 6 ordered pairs). */
    const pb_verify_switch_impact *it = impact(&r, "END-LINE", "ge");
    q_set(want, -1, 6);
    ck_assert(mpq_equal(it->delta[0], want));
    ck_assert_int_eq(it->where_cell[0].togo, 4);
    /* C18-ROUND floor: run vs D5 (run value 6) with card 18 at togo 99: a safety when the gain
     * is -1 or less. Toward zero, sums 3 (1-2) and 4 (1-3) give -1: 4/36; floor adds sum 5
     * (1-4, 2-3): 8/36. Safety +1/9. */
    it = impact(&r, "C18-ROUND", "floor");
    q_set(want, 1, 9);
    ck_assert(mpq_equal(it->delta[3], want));
    ck_assert_int_eq(it->where_cell[3].card, 18);
    /* HALVE-EACH total: halving each roll or the total differs only when two halved rolls are
     * both odd; a doubles roll is even and only the chain's last roll can be odd: no change. */
    it = impact(&r, "HALVE-EACH", "total");
    ck_assert_uint_eq(it->changed, 0);
    /* OT changes no single play */
    it = impact(&r, "OT", "sudden-death");
    ck_assert_uint_eq(it->changed, 0);
    ck_assert(r.nsingle == 7);
    mpq_clear(want);
    pb_verify_switches_release(&r);
    pb_verify_cells_release(&cells);
}
END_TEST

/* ---- findings ---- */

/* A planted ruleset: every defense's short-pass numbers removed, and Defense 2 made Defense 1
 * with run value 1. Then, by hand:
 *   - Defense 1 is dominated by Defense 2 (the same against passes, a yard less against runs
 *     on every non-doubles roll);
 *   - Run is dominated by Short Pass (a short pass is complete on every roll, gaining the sum,
 *     and its chain equals the run's; a run gains sum - run value);
 *   - Run vs D1 and Short Pass vs every defense have the same outcomes;
 *   - card 13 (a run ignores the run value) never changes run vs D1 (run value 0); card 11
 *     (runs x2) never changes a pass; card 06 (challenge an incompletion) never changes a
 *     short pass (it is never incomplete: at togo 1 only 6-6 passes the end line, a doubles);
 *   - Long Pass vs D1 with card 02 (the defense ignored, doubles intercepted): P(td) at togo 3
 *     is the non-doubles sums 2..6 (the end line at 13 yards: 2 x sum <= 13): 12/36 = 1/3, at
 *     togo 4 sums up to 7: 18/36 = 1/2; it rises away from the goal line. */
START_TEST(test_findings_planted)
{
    pb_ruleset rs = ja;
    for (int d = 0; d < PB_DEFENSE_COUNT; d++)
        rs.defense[d].short_faces = rs.defense[d].short_red = 0;
    rs.defense[1] = rs.defense[0];
    rs.defense[1].run_value = 1;
    pb_policies pol = best();
    pb_verify_table *t;
    char err[256];
    ck_assert_msg(pb_verify_table_build(&t, &rs, &pol, 2, err, sizeof err) == 0, "%s", err);
    const int V = PB_VERIFY_VALUE, L = PB_VERIFY_LITERAL;
    ck_assert(pb_verify_defense_dominated(t, 0, 1, 2, V));
    ck_assert(!pb_verify_defense_dominated(t, 0, 2, 1, V));
    /* the literal reading misses it at one cell: run at togo 3, where Defense 1 gives a
     * touchdown on every roll (sum >= 3, or 1-1 and a chain of at least 2), so its mean_yards
     * over the non-scoring outcomes is 0, while Defense 2 leaves 1-2 at 2 yards */
    ck_assert(!pb_verify_defense_dominated(t, 0, 1, 2, L));
    ck_assert(pb_verify_offense_dominated(t, 0, PB_OFF_RUN, PB_OFF_SHORT, V));
    ck_assert(!pb_verify_offense_dominated(t, 0, PB_OFF_SHORT, PB_OFF_RUN, V));
    ck_assert(!pb_verify_offense_dominated(t, 0, PB_OFF_SHORT, PB_OFF_LONG, V));
    for (int d = 1; d <= 5; d++)
        ck_assert(pb_verify_calls_equivalent(t, PB_OFF_RUN, 1, PB_OFF_SHORT, d));
    ck_assert(!pb_verify_calls_equivalent(t, PB_OFF_RUN, 3, PB_OFF_SHORT, 3));
    ck_assert(pb_verify_card_inert(t, PB_OFF_RUN, 1, 13) == 2);
    ck_assert(pb_verify_card_inert(t, PB_OFF_RUN, 3, 13) == 0);
    ck_assert(pb_verify_card_inert(t, PB_OFF_LONG, 2, 11) == 2);
    ck_assert(pb_verify_card_inert(t, PB_OFF_SHORT, 3, 6) == 2);
    ck_assert(pb_verify_card_inert(t, PB_OFF_LONG, 3, 6) == 0);
    ck_assert(pb_verify_card_inert(t, PB_OFF_RUN, 3, 7) == 0);  /* a foul when leading */
    mpq_t want;
    mpq_init(want);
    q_set(want, 1, 3);
    ck_assert(mpq_equal(pb_verify_table_sum(t, PB_OFF_LONG, 1, 2, 3, 0), want));
    q_set(want, 1, 2);
    ck_assert(mpq_equal(pb_verify_table_sum(t, PB_OFF_LONG, 1, 2, 4, 0), want));
    mpq_clear(want);
    /* the report names them */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_verify_findings_report(t, &rs, 0, f);
    fclose(f);
    ck_assert_msg(strstr(text, "Defense 1 is dominated by Defense 2"), "%s", text);
    ck_assert(strstr(text, "Defense 1 is almost dominated by Defense 2: all but 1 of 297"));
    ck_assert(strstr(text, "run is dominated by short"));
    ck_assert(strstr(text, "long vs D1, card 02"));
    ck_assert(strstr(text, "td     togo  3:   33.33% -> togo  4:   50.00%  (+16.67%, exact +1/6)"));
    ck_assert(strstr(text, "run vs D1 and short vs D1"));
    free(text);
    pb_verify_table_free(t);
}
END_TEST

/* ---- invariants ---- */

/* The whole grid of v1.11-ja: 38868 cells, plus the cards whose effect reads the situation
 * (01, 03, 05, 06, 07, 21-24) in the cross-check's two other situations at its 16 togo
 * values: 2 x 3 x 5 x 9 x 16 = 4320. No violation. */
START_TEST(test_invariants_grid)
{
    pb_policies pol = best();
    pb_verify_inv_result r;
    char err[256];
    ck_assert_msg(pb_verify_invariants(&ja, &pol, 2, &r, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(r.cells, 38868 + 4320);
    ck_assert_msg(r.violations == 0, "%s", r.nfirst ? r.first[0] : "");
    /* (v1.11-en: tests/cli/verify_invariants_en.t) */
}
END_TEST

/* A hand-made distribution: entries (kind, yards, flags, numerator) over 6^2 = 36. */
static void make_dist(pb_dist *d, const int (*e)[4], size_t n)
{
    pb_dist_init(d);
    d->entries = calloc(n, sizeof *d->entries);
    d->count = d->cap = n;
    for (size_t i = 0; i < n; i++) {
        d->entries[i].kind = (pb_outcome_kind)e[i][0];
        d->entries[i].yards = e[i][1];
        d->entries[i].flags = (unsigned)e[i][2];
        mpz_init_set_si(d->entries[i].num, e[i][3]);
    }
    d->exp6 = 2;
    mpz_set_ui(d->den, 36);
}

static size_t violations(const pb_verify_cell *c, const int (*e)[4], size_t n, const char *expect)
{
    pb_dist d;
    make_dist(&d, e, n);
    pb_verify_inv_result r;
    memset(&r, 0, sizeof r);
    pb_situation s = pb_verify_cell_situation(c, &ja);
    pb_verify_inv_check(c, &ja, &s, &d, true, &r);
    pb_dist_release(&d);
    if (expect) {
        bool found = false;
        for (size_t i = 0; i < r.nfirst; i++)
            found = found || strstr(r.first[i], expect);
        ck_assert_msg(found, "wanted '%s', got '%s'", expect, r.nfirst ? r.first[0] : "nothing");
    }
    return r.violations;
}

START_TEST(test_invariants_catch)
{
    pb_verify_cell run = pb_verify_play_cell(PB_OFF_RUN, 3, 0, 50);
    pb_verify_cell pass = pb_verify_play_cell(PB_OFF_SHORT, 3, 0, 50);
    pb_verify_cell pat = pb_verify_special_cell(PB_ACTION_PAT, 0);
    const unsigned P = PB_FLAG_PASS;
    /* well formed: gain 4 (30/36), touchdown (6/36) */
    const int ok[][4] = {{PB_OUT_GAIN, 4, 0, 30}, {PB_OUT_TOUCHDOWN, 0, 0, 6}};
    ck_assert_uint_eq(violations(&run, ok, 2, NULL), 0);
    /* sums to 35/36 */
    const int short_sum[][4] = {{PB_OUT_GAIN, 4, 0, 29}, {PB_OUT_TOUCHDOWN, 0, 0, 6}};
    ck_assert_uint_eq(violations(&run, short_sum, 2, "does not sum to exactly 1"), 1);
    /* an interception ruled a gain */
    const int intercepted_gain[][4] = {{PB_OUT_GAIN, 4, (int)(P | PB_FLAG_INTERCEPTION), 36}};
    ck_assert(violations(&pass, intercepted_gain, 1, "an interception ruled gain") >= 1);
    /* a completed pass that was sacked (and no sack card) */
    const int complete_sack[][4] = {{PB_OUT_SACK, -5, (int)(P | PB_FLAG_COMPLETE), 36}};
    ck_assert_uint_eq(violations(&pass, complete_sack, 1, "a completion ruled sack"), 2);
    ck_assert_uint_eq(violations(&pass, complete_sack, 1, "a sack without card 19 or 20"), 2);
    /* a gain that leaves the field: 50 yards from togo 50 is a touchdown, not a gain */
    const int off_field[][4] = {{PB_OUT_GAIN, 50, PB_FLAG_FIRST_DOWN, 36}};
    ck_assert_uint_eq(violations(&run, off_field, 1, "gain 50 leaves the field"), 1);
    /* a gain of 12 with ytg 10 and no first-down flag */
    const int no_first[][4] = {{PB_OUT_GAIN, 12, 0, 36}};
    ck_assert_uint_eq(violations(&run, no_first, 1, "first-down flag missing"), 1);
    /* cut mass */
    const int cut[][4] = {{PB_OUT_GAIN, 4, 0, 35}, {PB_OUT_CUT, 0, 0, 1}};
    ck_assert_uint_eq(violations(&run, cut, 2, "cut mass"), 1);
    /* a kickoff outcome in a play; a play outcome in a PAT */
    const int start[][4] = {{PB_OUT_START, 20, 0, 36}};
    ck_assert_uint_eq(violations(&run, start, 1, "cannot happen in this action"), 1);
    const int pat_gain[][4] = {{PB_OUT_GAIN, 2, 0, 6}, {PB_OUT_GOOD, 0, 0, 30}};
    ck_assert_uint_eq(violations(&pat, pat_gain, 2, "cannot happen in this action"), 1);
    /* a penalty without a fouler, on a play with no card */
    const int penalty[][4] = {{PB_OUT_PENALTY, 5, 0, 36}};
    ck_assert(violations(&run, penalty, 1, "a penalty without exactly one fouler") >= 1);
    /* the pass flag missing on a pass */
    const int no_pass[][4] = {{PB_OUT_INCOMPLETE, 0, 0, 36}};
    ck_assert(violations(&pass, no_pass, 1, "pass flag missing") >= 1);
}
END_TEST

Suite *pb_suite_verify(void)
{
    Suite *s = suite_create("pb_suite_verify");
    TCase *t = tcase_create("tally");
    tcase_add_checked_fixture(t, load_rules, teardown);
    tcase_add_test(t, test_tally_pat);
    tcase_add_test(t, test_tally_mask);
    suite_add_tcase(s, t);
    t = tcase_create("crosscheck");
    tcase_set_timeout(t, 120);
    tcase_add_checked_fixture(t, load_rules, teardown);
    tcase_add_test(t, test_crosscheck_agrees);
    tcase_add_test(t, test_teeth_d4_run);
    tcase_add_test(t, test_teeth_c18_round);
    tcase_add_test(t, test_teeth_end_line);
    tcase_add_test(t, test_crosscheck_games);
    suite_add_tcase(s, t);
    t = tcase_create("diff");
    tcase_set_timeout(t, 120);
    tcase_add_checked_fixture(t, load_rules, teardown);
    tcase_add_test(t, test_diff_ja_en);
    tcase_add_test(t, test_switch_impact);
    suite_add_tcase(s, t);
    t = tcase_create("findings");
    tcase_set_timeout(t, 120);
    tcase_add_checked_fixture(t, load_rules, teardown);
    tcase_add_test(t, test_findings_planted);
    suite_add_tcase(s, t);
    t = tcase_create("invariants");
    tcase_set_timeout(t, 120);
    tcase_add_checked_fixture(t, load_rules, teardown);
    tcase_add_test(t, test_invariants_grid);
    tcase_add_test(t, test_invariants_catch);
    suite_add_tcase(s, t);
    return s;
}
