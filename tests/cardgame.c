/* tests/cardgame.c: Check suite for the football card-game draft (cardgame/): the ruleset file,
 * the deal's exact probabilities and the T4 finding. Values are derived by hand in the comments. */
#include <check.h>
#include <string.h>

#include "cardgame_deal.h"
#include "cardgame_rules.h"
#include "cardgame_sim.h"

static void expect_q(const mpq_t q, const char *want, const char *what)
{
    mpq_t w;
    mpq_init(w);
    mpq_set_str(w, want, 10);
    mpq_canonicalize(w);
    ck_assert_msg(mpq_equal(q, w), "%s: got %s, want %s", what, mpq_get_str(NULL, 10, q), want);
    mpq_clear(w);
}

START_TEST(test_rules_file)
{
    cg_rules r;
    char err[256];
    ck_assert_msg(cg_rules_parse(&r, cg_rules_builtin_text(), "cardgame.ini", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(r.deck[CG_SUITS] * r.deck[CG_RANKS], 44);
    ck_assert_int_eq(r.deck[CG_HAND], 10);
    ck_assert_int_eq(cg_rules_assign(&r, "T4=sometimes", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "switch T4: bad value 'sometimes' (expected after, before)"), "%s", err);
    const char *bad = "[deck]\nsuits = 4\nranks = 11\nplayers = 4\nhand = 12\nonside_max = 4\ntarget_max = 11\n"
                      "share_offense = 3\nshare_defense = 5\ncombination_bonus = 3\n[switches]\nT1 = skips\n";
    ck_assert_int_eq(cg_rules_parse(&r, bad, "x.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "is missing") || strstr(err, "does not add up"), "%s", err);
}
END_TEST

START_TEST(test_deal)
{
    cg_rules r;
    cg_rules_default(&r);
    mpq_t q, all;
    mpq_inits(q, all, NULL);
    /* void in a given suit: C(33,10)/C(44,10) = 92561040/2481256778 */
    cg_void_p(q, &r);
    expect_q(q, "92561040/2481256778", "void in a suit");
    /* some suit: 4 C(33,10) - 6 C(22,10) + 4 C(11,10) = 370244160 - 3879876 + 44 = 366364328 */
    cg_void_any_p(q, &r);
    expect_q(q, "366364328/2481256778", "void in some suit");
    /* an onside kick forced: all 10 cards among the 16 cards 1..4: C(16,10) = 8008 */
    cg_onside_forced_p(q, &r);
    expect_q(q, "8008/2481256778", "onside forced");
    /* possible: 1 - C(28,10)/C(44,10) = 1 - 13123110/2481256778 */
    cg_onside_possible_p(q, &r);
    expect_q(q, "2468133668/2481256778", "onside possible");
    /* the suit counts sum to 1 and average 10/4 */
    mpq_t sum, mean, t;
    mpq_inits(sum, mean, t, NULL);
    for (int k = 0; k <= 10; k++) {
        cg_suit_count_p(q, &r, k);
        mpq_add(sum, sum, q);
        mpq_set_ui(t, (unsigned long)k, 1);
        mpq_mul(t, t, q);
        mpq_add(mean, mean, t);
    }
    expect_q(sum, "1", "suit counts sum");
    expect_q(mean, "5/2", "suit count mean");
    /* following: the lead holds 9 of the suit, 2 are left for 3 players: nobody-else-all, 0; a given
     * player: 1 - C(32,10)/C(34,10) = 1 - (24*23)/(34*33) = 1 - 92/187 = 95/187 */
    cg_follow_p(q, all, &r, 9);
    expect_q(q, "95/187", "a given player follows, k = 9");
    expect_q(all, "0", "all follow, k = 9");
    /* the lead holds 10: one card left: 1 - C(33,10)/C(34,10) = 10/34 */
    cg_follow_p(q, all, &r, 10);
    expect_q(q, "5/17", "a given player follows, k = 10");
    /* the sketch: 5 cards from 3 x 11, the longest suit; by hand over the shapes (5,0,0) 3 C(11,5),
     * (4,1,0) 6 C(11,4) 11, (3,2,0) 6 C(11,3) C(11,2), (3,1,1) 3 C(11,3) 121, (2,2,1) 3 C(11,2)^2 11:
     * 1386, 21780, 54450, 59895, 99825 of C(33,5) = 237336;
     * mean = (5*1386 + 4*21780 + 3*(54450+59895) + 2*99825) / 237336 = 636735/237336 */
    cg_longest_suit_mean(q, 3, 11, 5);
    expect_q(q, "636735/237336", "longest suit of 5 from 3 x 11");
    mpq_clears(q, all, sum, mean, t, NULL);
}
END_TEST

START_TEST(test_kick_finding)
{
    cg_rules r;
    cg_rules_default(&r);
    long n, s;
    /* T4 = before can never score: x3 >= M - S2 means S2 + x3 >= M, a touchdown already */
    r.kick_before = true;
    cg_kick_findings(&r, &n, &s);
    ck_assert_int_gt(n, 0);
    ck_assert_int_eq(s, 0);
    /* the marker 5 only: the series with all 3 tricks and sum <= 4 are (1,1,1) (1,1,2) (1,2,1)
     * (2,1,1), no bonus fits; after the last trick the kick needs x3 >= 5 - S3: all but (1,1,1) */
    r.kick_before = false;
    r.deck[CG_TARGET_MAX] = 5;
    cg_kick_findings(&r, &n, &s);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(s, 3);
}
END_TEST

static cg_rules sim_rules(const char *a, const char *b)
{
    cg_rules r;
    char err[200];
    cg_rules_default(&r);
    if (a)
        ck_assert_msg(cg_rules_assign(&r, a, err, sizeof err) == 0, "%s", err);
    if (b)
        ck_assert_msg(cg_rules_assign(&r, b, err, sizeof err) == 0, "%s", err);
    return r;
}

START_TEST(test_sim)
{
    cg_sim_result a, b;
    cg_rules r = sim_rules(NULL, NULL);
    /* the same seed, the same games */
    cg_sim_run(&r, 2000, 5, &a);
    cg_sim_run(&r, 2000, 5, &b);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    ck_assert(a.touchdowns > 0.5 && a.points[0] > 1.0 && a.tie_rate > 0.0 && a.tie_rate < 1.0);
    /* T4 = before: kicks are tried, none scores (the finding, played out) */
    r = sim_rules("T4=before", NULL);
    cg_sim_run(&r, 2000, 5, &a);
    ck_assert(a.kicks_tried > 0.0);
    ck_assert(a.kicks_scored == 0.0);
    /* with the kicker skipping the first trick (T1) and his kick card as his onside entry (T2), the
     * four hands shrink in lockstep: every hand runs out at the end of the same trick, so T6 =
     * trick and T6 = series play the very same games; with T1 = plays they differ */
    r = sim_rules("T6=trick", NULL);
    cg_sim_run(&r, 2000, 5, &a);
    r = sim_rules("T6=series", NULL);
    cg_sim_run(&r, 2000, 5, &b);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    r = sim_rules("T6=trick", "T1=plays");
    cg_sim_run(&r, 2000, 5, &a);
    r = sim_rules("T6=series", "T1=plays");
    cg_sim_run(&r, 2000, 5, &b);
    ck_assert(a.points[0] != b.points[0] || a.points[1] != b.points[1]);
}
END_TEST

Suite *pb_suite_cardgame(void)
{
    Suite *s = suite_create("cardgame");
    TCase *tc = tcase_create("cardgame");
    tcase_add_test(tc, test_rules_file);
    tcase_add_test(tc, test_deal);
    tcase_add_test(tc, test_kick_finding);
    tcase_add_test(tc, test_sim);
    suite_add_tcase(s, tc);
    return s;
}
