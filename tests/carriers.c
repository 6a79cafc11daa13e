/* tests/carriers.c: Check suite for Carriers!! (carriers/): the ruleset file, the interception
 * zones, routes and charts under each reading of C2/C3/C4, the other rolls and injuries (C6).
 * Values are derived by hand in the comments. */
#include <check.h>
#include <string.h>

#include "carriers_dice.h"
#include "carriers_mc.h"
#include "carriers_rules.h"
#include "carriers_tables.h"
#include "table_diff.h"
#include "expect_q.h"

static cr_rules with(const char *a, const char *b)
{
    cr_rules r;
    char err[200];
    cr_rules_default(&r);
    if (a)
        ck_assert_msg(cr_rules_assign(&r, a, err, sizeof err) == 0, "%s", err);
    if (b)
        ck_assert_msg(cr_rules_assign(&r, b, err, sizeof err) == 0, "%s", err);
    return r;
}

START_TEST(test_rules_file)
{
    cr_rules r;
    char err[256];
    ck_assert_msg(cr_rules_parse(&r, cr_rules_builtin_text(), "carriers.ini", err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(r.name, "carriers");
    for (int i = 0; i < CR_NSWITCH; i++)
        ck_assert_str_eq(r.value[i], cr_switches[i].alts[0]);
    ck_assert_int_eq(cr_rules_parse(&r, "[switches]\nC3 = line\n", "x.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "x.ini:2:6: switch C3: bad value 'line'"), "%s", err);
    ck_assert_int_eq(cr_rules_assign(&r, "higher_share=3/2", err, sizeof err), -1);
    /* the fraction's parts are plain digits read whole: no wrap past 2^32 (4294967297 is not 1),
     * no space, no sign, no empty part, 0 <= A <= B <= 1000 */
    static const char *const bad_share[] = {"higher_share=4294967297/2", "higher_share=1/4294967298",
                                            "higher_share=1/ 2", "higher_share= 1/2", "higher_share=+1/+2",
                                            "higher_share=1/", "higher_share=/2", "higher_share=1/0",
                                            "higher_share=1/2/3", "higher_share=1001/1001", "higher_share=1e0/2",
                                            "higher_share=-0/1"};
    for (size_t i = 0; i < sizeof bad_share / sizeof bad_share[0]; i++) {
        cr_rules_default(&r);
        ck_assert_msg(cr_rules_assign(&r, bad_share[i], err, sizeof err) == -1, "%s accepted", bad_share[i]);
        ck_assert_msg(strstr(err, "expected a fraction A/B in 0..1"), "%s: %s", bad_share[i], err);
        ck_assert_int_eq(r.higher_num, 1);
        ck_assert_int_eq(r.higher_den, 2);
    }
    ck_assert_int_eq(cr_rules_assign(&r, "higher_share=1000/1000", err, sizeof err), 0);
    ck_assert_int_eq(r.higher_num, 1000);
    ck_assert_int_eq(cr_rules_assign(&r, "higher_share=0/7", err, sizeof err), 0);
    ck_assert_int_eq(r.higher_num, 0);
    ck_assert_int_eq(r.higher_den, 7);
    /* [game] name given twice: FILE:LINE, as PAPER BOWL's loader says it */
    ck_assert_int_eq(cr_rules_parse(&r, "[game]\nname = a\nname = b\n", "x.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "x.ini:3:1: duplicate 'name' in [game] (first at line 2)");
    ck_assert_int_eq(cr_rules_assign(&r, "C99=x", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "unknown switch 'C99'"), "%s", err);
}
END_TEST

START_TEST(test_zones_and_rolls)
{
    mpq_t q;
    mpq_init(q);
    /* A: the dice differ, 30/36; B: parities match, 18/36; C: equal mod 3, 3 classes x 2 x 2 = 12/36;
     * D: equal, 6/36 */
    cr_zone_p(q, CR_ZONE_A);
    pb_expect_q(q, 5, 6, "zone A");
    cr_zone_p(q, CR_ZONE_B);
    pb_expect_q(q, 1, 2, "zone B");
    cr_zone_p(q, CR_ZONE_C);
    pb_expect_q(q, 1, 3, "zone C");
    cr_zone_p(q, CR_ZONE_D);
    pb_expect_q(q, 1, 6, "zone D");
    for (int k = 0; k < CR_ROLLS; k++) {
        cr_roll_p(q, (cr_roll)k);
        pb_expect_q(q, 1, k == CR_ROLL_INJURY ? 3 : 2, cr_roll_name((cr_roll)k));
    }
    mpq_clear(q);
    /* C2: a pass 5 long, the square 4 from the passer is 1 from the receiver: A (nearer) or D (source) */
    cr_rules r = with(NULL, NULL);
    ck_assert_int_eq(cr_zone_at(&r, 4, 5), CR_ZONE_A);
    ck_assert_int_eq(cr_zone_at(&r, 4, 8), CR_ZONE_D);
    ck_assert_int_eq(cr_zone_at(&r, 3, 8), CR_ZONE_C);
    r = with("C2=source", NULL);
    ck_assert_int_eq(cr_zone_at(&r, 4, 5), CR_ZONE_D);
    ck_assert_int_eq(cr_zone_at(&r, 2, 5), CR_ZONE_B);
}
END_TEST

static int on(const cr_square *s, int n, int x, int y)
{
    for (int k = 0; k < n; k++)
        if (s[k].x == x && s[k].y == y)
            return 1;
    return 0;
}

START_TEST(test_routes)
{
    cr_square s[CR_ROUTE_MAX];
    /* (3,2), supercover: the segment crosses the open squares (1,0) (1,1) (2,1) (2,2) */
    cr_rules r = with(NULL, NULL);
    int n = cr_route(&r, 3, 2, s, CR_ROUTE_MAX);
    ck_assert_int_eq(n, 4);
    ck_assert(on(s, n, 1, 0) && on(s, n, 1, 1) && on(s, n, 2, 1) && on(s, n, 2, 2));
    char chart[256];
    cr_chart(&r, 3, 2, chart, sizeof chart);
    ck_assert_str_eq(chart, ". . A 2\n. A A .\n1 A . .\n");
    /* the diagonal passes through corners only: (1,1)..(4,4) */
    ck_assert_int_eq(cr_route(&r, 5, 5, s, CR_ROUTE_MAX), 4);
    ck_assert_int_eq(cr_route(&r, 0, 6, s, CR_ROUTE_MAX), 5);
    /* Bresenham (3,2): one square a column, y = round(2i/3): (1,1) (2,1) */
    r = with("C3=bresenham", NULL);
    n = cr_route(&r, 3, 2, s, CR_ROUTE_MAX);
    ck_assert_int_eq(n, 2);
    ck_assert(on(s, n, 1, 1) && on(s, n, 2, 1));
    /* the rectangle: 4 x 3 squares less the two ends */
    r = with("C3=rectangle", NULL);
    ck_assert_int_eq(cr_route(&r, 3, 2, s, CR_ROUTE_MAX), 10);
    ck_assert_int_eq(cr_route(&r, -3, -2, s, CR_ROUTE_MAX), 10);
}
END_TEST

START_TEST(test_several_defenders)
{
    cr_zone z[2] = {CR_ZONE_C, CR_ZONE_A};
    mpq_t q;
    mpq_init(q);
    cr_rules r = with(NULL, NULL);
    cr_intercept_p(q, &r, z, 2);  /* C4 = choose: the best piece, A: 5/6 */
    pb_expect_q(q, 5, 6, "choose");
    r = with("C4=each", NULL);
    cr_intercept_p(q, &r, z, 2);  /* 1 - (2/3)(1/6) = 8/9 */
    pb_expect_q(q, 8, 9, "each");
    cr_intercept_p(q, &r, z, 0);
    pb_expect_q(q, 0, 1, "nobody");
    mpq_clear(q);
}
END_TEST

START_TEST(test_injury)
{
    mpq_t q;
    mpq_init(q);
    cr_rules r = with(NULL, NULL);
    cr_injury_p(q, &r, 1);
    pb_expect_q(q, 0, 1, "1 tackle");
    cr_injury_p(q, &r, 2);
    pb_expect_q(q, 1, 3, "2 tackles");
    cr_injury_p(q, &r, 4);  /* 1 - (2/3)^2 */
    pb_expect_q(q, 5, 9, "4 tackles");
    cr_injury_p(q, &r, 6);  /* 1 - 8/27 */
    pb_expect_q(q, 19, 27, "6 tackles");
    /* C6 = higher, half the tackles count: 2 tackles: both count 1/4, then 1/3: 1/12;
     * 3 tackles: 2 or 3 count (3/8 + 1/8), one check: 1/6 */
    r = with("C6=higher", "higher_share=1/2");
    cr_injury_p(q, &r, 2);
    pb_expect_q(q, 1, 12, "higher, 2 tackles");
    cr_injury_p(q, &r, 3);
    pb_expect_q(q, 1, 6, "higher, 3 tackles");
    mpq_clear(q);
}
END_TEST

START_TEST(test_tables_and_impact)
{
    cr_rules a = with(NULL, NULL), b = with("C2=source", NULL);
    cr_table_list la, lb;
    cr_tables_build(&la, &a, PB_LANG_EN);
    cr_tables_build(&lb, &b, PB_LANG_EN);
    ck_assert_uint_eq(la.n, CR_TABLES);
    pb_table_changes c;
    ck_assert_int_eq(pb_tables_compare(la.t, lb.t, la.n, &c), 0);
    /* the largest move: a defender 1 square before the receiver, A (5/6) -> D (1/6): -2/3 */
    ck_assert_uint_gt(c.n, 0);
    mpq_t w;
    mpq_init(w);
    mpq_set_si(w, -2, 3);
    ck_assert(mpq_equal(c.c[c.largest].delta, w));
    mpq_clear(w);
    pb_table_changes_release(&c);
    cr_tables_release(&la);
    cr_tables_release(&lb);
}
END_TEST

START_TEST(test_monte_carlo)
{
    /* clean: every frequency within |z| <= 5, under the defaults and under the other readings */
    cr_mc_result res;
    cr_rules r = with(NULL, NULL);
    cr_mc_check(&r, 4000, 3, 5.0, CR_PLANT_NONE, &res);
    ck_assert_msg(res.failed == 0, "%s", res.worst);
    r = with("C4=each", "C6=higher");
    cr_mc_check(&r, 4000, 3, 5.0, CR_PLANT_NONE, &res);
    ck_assert_msg(res.failed == 0, "%s", res.worst);
    /* each planted rule is caught */
    for (int p = 1; p < CR_PLANTS; p++) {
        cr_mc_check(&r, 4000, 3, 5.0, (cr_plant)p, &res);
        ck_assert_msg(res.failed > 0, "plant %s not caught: %s", cr_plant_name((cr_plant)p), res.worst);
    }
}
END_TEST

Suite *pb_suite_carriers(void)
{
    Suite *s = suite_create("carriers");
    TCase *tc = tcase_create("carriers");
    tcase_add_test(tc, test_rules_file);
    tcase_add_test(tc, test_zones_and_rolls);
    tcase_add_test(tc, test_routes);
    tcase_add_test(tc, test_several_defenders);
    tcase_add_test(tc, test_injury);
    tcase_add_test(tc, test_tables_and_impact);
    tcase_add_test(tc, test_monte_carlo);
    suite_add_tcase(s, tc);
    return s;
}
