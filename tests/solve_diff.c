/* tests/solve_diff.c: `diff A B --solve` (verify/solve_diff.c): two drive games compared within
 * their certified bounds. v1.11-ja and v1.11-en are solved once per test case (an unchecked
 * fixture), and v1.11-en once more with a loose tolerance (bounds of about 1e-2) so that some
 * decisions become too close to call. Every figure the comparison reports is recomputed here
 * from the drive API (pb_drive_get, pb_drive_choices, pb_drive_kickoff_get) and the rule
 * "changed only when the certified intervals do not overlap". */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "drive.h"
#include "verify.h"

static pb_ruleset ja_rules, en_rules;
static pb_drive *JA, *EN, *EN_LOOSE;

static pb_drive *solve(const pb_ruleset *rs, double tolerance)
{
    char err[PB_ERR_MAX];
    pb_drive *d = NULL;
    pb_drive_opts o = {rs, {0, 0, 0, 0, 0}, 2, tolerance};
    ck_assert_msg(pb_drive_solve(&d, &o, err, sizeof err) == 0, "%s", err);
    return d;
}

static void setup(void)
{
    char err[PB_ERR_MAX];
    ck_assert(pb_ruleset_load(&ja_rules, "v1.11-ja", err, sizeof err) == 0);
    ck_assert(pb_ruleset_load(&en_rules, "v1.11-en", err, sizeof err) == 0);
    JA = solve(&ja_rules, 0);
    EN = solve(&en_rules, 0);
    EN_LOOSE = solve(&en_rules, 2e-2);
}

static void teardown(void)
{
    pb_drive_free(JA);
    pb_drive_free(EN);
    pb_drive_free(EN_LOOSE);
}

static void compare(const pb_drive *a, const pb_drive *b, pb_verify_solve_diff_result *r)
{
    char err[256];
    ck_assert_msg(pb_verify_solve_diff_drives(a, b, r, err, sizeof err) == 0, "%s", err);
}

static const pb_verify_fourth_pair *find(const pb_verify_solve_diff_result *r, int togo, int ytg)
{
    for (size_t i = 0; i < r->nfourth_changed + r->nfourth_close; i++)
        if (r->fourth[i].togo == togo && r->fourth[i].ytg == ytg)
            return &r->fourth[i];
    return NULL;
}

/* The same solution twice: nothing changes, and the counts cover the whole game. */
START_TEST(same_ruleset)
{
    pb_verify_solve_diff_result r;
    compare(JA, JA, &r);
    ck_assert(!r.changed);
    ck_assert_uint_eq(r.states, 19800);
    ck_assert_uint_eq(r.states_changed, 0);
    ck_assert_uint_eq(r.curve_changed, 0);
    ck_assert_uint_eq(r.fourth_cells, 1380);  /* sum over togo of min(togo, 15) = 120 + 84 x 15 */
    ck_assert_uint_eq(r.nfourth_changed + r.nfourth_close, 0);
    ck_assert_uint_eq(r.nrule_lines, 0);
    for (int k = 0; k < PB_VSD_VALUES; k++)
        ck_assert(!r.values[k].changed && r.values[k].a == r.values[k].b);
    pb_verify_solve_diff_release(&r);
}
END_TEST

/* v1.11-ja -> v1.11-en: the EP curve is the solver's (togo 80 checked by name), every state's
 * change follows the interval rule, the kicks are pb_drive_kickoff_get's. */
START_TEST(ja_en_values)
{
    pb_verify_solve_diff_result r;
    compare(JA, EN, &r);
    ck_assert(r.changed);
    ck_assert_uint_gt(r.nrule_lines, 0);
    const pb_verify_ep_pair *p = &r.curve[79];
    ck_assert(p->togo == 80 && p->down == 1 && p->ytg == 10);
    ck_assert(p->a == pb_drive_ep(JA, 80, 1, 10) && p->b == pb_drive_ep(EN, 80, 1, 10));
    ck_assert(p->changed);
    /* the own 20 is worth more under v1.11-en (1.4122 against 1.2725: `solve ep`) */
    ck_assert(fabs(p->a - 1.2725274) < 1e-6 && fabs(p->b - 1.4121826) < 1e-6);

    size_t changed = 0, curve = 0;
    double largest = 0;
    for (int t = 1; t <= 99; t++)
        for (int dn = 1; dn <= 4; dn++)
            for (int y = 1; y <= t; y++) {
                pb_drive_state a, b;
                ck_assert(pb_drive_get(JA, t, dn, y, &a) == 0 && pb_drive_get(EN, t, dn, y, &b) == 0);
                bool c = fabs(b.ep - a.ep) > a.bound + b.bound;
                changed += c;
                if (c && fabs(b.ep - a.ep) > largest)
                    largest = fabs(b.ep - a.ep);
                if (dn == 1 && y == (t < 10 ? t : 10)) {
                    ck_assert(r.curve[t - 1].changed == c);
                    ck_assert(r.curve[t - 1].bound_a == a.bound && r.curve[t - 1].bound_b == b.bound);
                    curve += c;
                }
            }
    ck_assert_uint_eq(r.states_changed, changed);
    ck_assert_uint_eq(r.curve_changed, curve);
    ck_assert(fabs(r.largest.b - r.largest.a) == largest);
    ck_assert(pb_drive_ep(JA, r.largest.togo, r.largest.down, r.largest.ytg) == r.largest.a);

    pb_drive_kickoff ka, kb;
    ck_assert(pb_drive_kickoff_get(JA, 0, &ka) == 0 && pb_drive_kickoff_get(EN, 0, &kb) == 0);
    ck_assert(r.values[PB_VSD_KICKOFF].a == ka.regular && r.values[PB_VSD_KICKOFF].b == kb.regular);
    ck_assert(r.values[PB_VSD_ONSIDE].a == ka.onside && r.values[PB_VSD_ONSIDE].b == kb.onside);
    /* onside kept 1/3 -> 1/6: the onside kick loses about a point */
    ck_assert(r.values[PB_VSD_ONSIDE].changed && r.values[PB_VSD_ONSIDE].b - r.values[PB_VSD_ONSIDE].a < -1);
    pb_drive_try ta, tb;
    pb_drive_try_get(JA, &ta);
    pb_drive_try_get(EN, &tb);
    ck_assert(r.values[PB_VSD_TRY].a == ta.value && r.values[PB_VSD_TRY].b == tb.value);
    pb_verify_solve_diff_release(&r);
}
END_TEST

/* The fourth-down decisions: recomputed from pb_drive_choices cell by cell; a known change (4th
 * and 11 at the opponent's 35: field goal under v1.11-ja, go under v1.11-en, `solve fourth`), and
 * every listed change certain under both rulesets. */
START_TEST(ja_en_fourth)
{
    pb_verify_solve_diff_result r;
    compare(JA, EN, &r);
    size_t differ = 0;
    for (int t = 1; t <= 99; t++)
        for (int y = 1; y <= 15 && y <= t; y++) {
            pb_drive_choice a, b;
            ck_assert(pb_drive_choices(JA, t, 4, y, &a) == 0 && pb_drive_choices(EN, t, 4, y, &b) == 0);
            const pb_verify_fourth_pair *f = find(&r, t, y);
            if (a.best == b.best) {
                ck_assert_msg(!f, "togo %d ytg %d listed with the same best choice", t, y);
                continue;
            }
            differ++;
            ck_assert_msg(f, "togo %d ytg %d: the best choice differs but it is not listed", t, y);
            ck_assert(f->best_a == (int)a.best && f->best_b == (int)b.best);
            ck_assert(f->margin_a == a.margin && f->margin_b == b.margin);
            ck_assert(f->margin_bound_a > 0 && f->margin_bound_a < 1e-8);
            ck_assert(f->too_close == !(a.margin > f->margin_bound_a && b.margin > f->margin_bound_b));
        }
    ck_assert_uint_eq(differ, r.nfourth_changed + r.nfourth_close);
    ck_assert_uint_eq(r.nfourth_changed, 125);  /* `solve fourth --format csv` under both: 125 cells differ */
    ck_assert_uint_eq(r.nfourth_close, 0);
    const pb_verify_fourth_pair *f = find(&r, 35, 11);
    ck_assert(f && !f->too_close);
    ck_assert(f->best_a == PB_CHOICE_FG && f->best_b == PB_CHOICE_GO);
    ck_assert(fabs(f->margin_a - 0.2991294) < 1e-6 && fabs(f->margin_b - 1.7747412) < 1e-6);
    f = find(&r, 80, 14);  /* own 20, 4th and 14: punt -> go */
    ck_assert(f && f->best_a == PB_CHOICE_PUNT && f->best_b == PB_CHOICE_GO);
    /* chart order: the changes first, togo descending, then ytg ascending */
    for (size_t i = 1; i < r.nfourth_changed; i++)
        ck_assert(r.fourth[i - 1].togo > r.fourth[i].togo ||
                  (r.fourth[i - 1].togo == r.fourth[i].togo && r.fourth[i - 1].ytg < r.fourth[i].ytg));
    pb_verify_solve_diff_release(&r);
}
END_TEST

/* With bounds of about 1e-2 on B, small margins can no longer be certified: those decisions are
 * too close to call, not changes, and values that move by less than the bounds are the same. */
START_TEST(too_close_to_call)
{
    pb_verify_solve_diff_result r;
    compare(JA, EN_LOOSE, &r);
    ck_assert_uint_gt(r.nfourth_close, 0);
    ck_assert_uint_gt(r.nfourth_changed, 0);
    for (size_t i = 0; i < r.nfourth_changed + r.nfourth_close; i++) {
        const pb_verify_fourth_pair *f = &r.fourth[i];
        ck_assert(f->best_a != f->best_b);
        bool certain = f->margin_a > f->margin_bound_a && f->margin_b > f->margin_bound_b;
        ck_assert(f->too_close == !certain);
        ck_assert(f->too_close == (i >= r.nfourth_changed));
    }
    ck_assert_uint_lt(r.states_changed, r.states);  /* e.g. the goal line: |B - A| < 3e-3 */
    pb_verify_solve_diff_release(&r);
}
END_TEST

Suite *pb_suite_solve_diff(void)
{
    Suite *s = suite_create("solve_diff");
    TCase *tc = tcase_create("solve_diff");
    tcase_set_timeout(tc, 300);
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_test(tc, same_ruleset);
    tcase_add_test(tc, ja_en_values);
    tcase_add_test(tc, ja_en_fourth);
    tcase_add_test(tc, too_close_to_call);
    suite_add_tcase(s, tc);
    return s;
}
