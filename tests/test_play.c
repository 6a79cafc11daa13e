/* tests/test_play.c: what `paperbowl roll` cannot show directly: decisions forced through the
 * oracle (cards 23, 24), half the distance, the policy value order, chain steps and cuts.
 * (Rulebook examples and card branches are data: tests/data/rulings.txt.) */
#include <check.h>
#include <string.h>

#include "oracle_script.h"
#include "play.h"

static pb_ruleset rules;

static void load(void)
{
    char err[PB_ERR_MAX];
    ck_assert(pb_ruleset_load(&rules, "v1.11-ja", err, sizeof err) == 0);
}

/* A script oracle whose decisions are forced (-1: follow the policy). */
typedef struct {
    pb_script_oracle so;  /* first member: the oracle pointer is &so.base */
    int forced[PB_DECIDE_COUNT];
    int asked[PB_DECIDE_COUNT];
    pb_oracle_ops ops;
} forced_oracle;

static int forced_decide(pb_oracle *o, pb_decision what, int choice)
{
    forced_oracle *fo = (forced_oracle *)o;
    fo->asked[what]++;
    return fo->forced[what] >= 0 ? fo->forced[what] : choice;
}

static void forced_init(forced_oracle *fo, const pb_dice *dice, int n)
{
    memset(fo, 0, sizeof *fo);
    pb_script_oracle_from(&fo->so, dice, n);
    fo->ops = *fo->so.base.ops;
    fo->ops.decide = forced_decide;
    fo->so.base.ops = &fo->ops;
    for (int i = 0; i < PB_DECIDE_COUNT; i++)
        fo->forced[i] = -1;
}

static pb_result play(forced_oracle *fo, pb_offense off, int def, int card, int togo)
{
    pb_play_env env = {&rules, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_situation s = pb_situation_default(&rules, togo);
    pb_call c = {off, def, card, PB_TIMEOUT_POLICY};
    pb_result r = pb_play_resolve(&env, &s, &c, &fo->so.base);
    ck_assert_msg(fo->so.error[0] == 0, "%s", fo->so.error);
    return r;
}

/* Card 23: the offense takes a timeout and changes Run to Long Pass: 4-5 = 18 yards against
 * Defense 4 (numbers 1, 2, 3: none shows): complete. */
START_TEST(card23_changes_offense)
{
    load();
    forced_oracle fo;
    pb_dice d[] = {{4, 5}};
    forced_init(&fo, d, 1);
    fo.forced[PB_DECIDE_TIMEOUT_OFFENSE] = 1;
    fo.forced[PB_DECIDE_CHANGE_OFFENSE] = PB_OFF_LONG;
    pb_result r = play(&fo, PB_OFF_RUN, 4, 23, 50);
    ck_assert_int_eq(r.kind, PB_OUT_GAIN);
    ck_assert_int_eq(r.yards, 18);
    ck_assert_int_eq(r.offense, PB_OFF_LONG);
    ck_assert_int_eq(r.timeouts_off_used, 1);
    ck_assert(r.flags & PB_FLAG_TIMEOUT_OFFENSE);
    /* not taken: the run, 9 - 4 = 5 */
    forced_init(&fo, d, 1);
    fo.forced[PB_DECIDE_TIMEOUT_OFFENSE] = 0;
    r = play(&fo, PB_OFF_RUN, 4, 23, 50);
    ck_assert_int_eq(r.yards, 5);
    ck_assert_int_eq(r.timeouts_off_used, 0);
    ck_assert_int_eq(fo.asked[PB_DECIDE_CHANGE_OFFENSE], 0);
}
END_TEST

/* Card 24: the defense changes Defense 1 to Defense 5 against a run: 4-5 = 9 - 6 = 3. */
START_TEST(card24_changes_defense)
{
    load();
    forced_oracle fo;
    pb_dice d[] = {{4, 5}};
    forced_init(&fo, d, 1);
    fo.forced[PB_DECIDE_TIMEOUT_DEFENSE] = 1;
    fo.forced[PB_DECIDE_CHANGE_DEFENSE] = 5;
    pb_result r = play(&fo, PB_OFF_RUN, 1, 24, 50);
    ck_assert_int_eq(r.yards, 3);
    ck_assert_int_eq(r.defense, 5);
    ck_assert_int_eq(r.timeouts_def_used, 1);
}
END_TEST

/* A timeout card with no timeout left is not even asked. */
START_TEST(no_timeout_no_question)
{
    load();
    forced_oracle fo;
    pb_dice d[] = {{4, 5}};
    forced_init(&fo, d, 1);
    fo.forced[PB_DECIDE_TIMEOUT_OFFENSE] = 1;
    pb_play_env env = {&rules, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_situation s = pb_situation_default(&rules, 50);
    s.timeouts_off = 0;
    pb_call c = {PB_OFF_RUN, 1, 21, PB_TIMEOUT_POLICY};
    pb_result r = pb_play_resolve(&env, &s, &c, &fo.so.base);
    ck_assert_int_eq(r.yards, 9);
    ck_assert_int_eq(fo.asked[PB_DECIDE_TIMEOUT_OFFENSE], 0);
}
END_TEST

/* 3.8: half of an odd distance is rounded up (13 -> 7); 1 -> 0. */
START_TEST(half_distance)
{
    load();
    ck_assert_int_eq(pb_half_distance(13), 7);
    ck_assert_int_eq(pb_half_distance(1), 0);
    ck_assert_int_eq(pb_half_distance(2), 1);
    ck_assert_int_eq(pb_half_distance(3), 2);
    ck_assert_int_eq(pb_half_distance(20), 10);
    ck_assert_int_eq(pb_penalty_yards(&rules, 15, 20), 10);
    ck_assert_int_eq(pb_penalty_yards(&rules, 5, 80), 5);
    ck_assert_int_eq(pb_penalty_yards(&rules, 5, 1), 0);
}
END_TEST

/* The policy value: touchdown > any gain > incomplete > loss > safety > turnover > turnover_td. */
START_TEST(value_order)
{
    pb_result td = {PB_OUT_TOUCHDOWN, 0, 0, 0, 0, 0, 0}, gain = {PB_OUT_GAIN, 29, 0, 0, 0, 0, 0};
    pb_result inc = {PB_OUT_INCOMPLETE, 0, 0, 0, 0, 0, 0}, loss = {PB_OUT_SACK, -15, 0, 0, 0, 0, 0};
    pb_result saf = {PB_OUT_SAFETY, 0, 0, 0, 0, 0, 0}, to99 = {PB_OUT_TURNOVER, 99, 0, 0, 0, 0, 0};
    pb_result to1 = {PB_OUT_TURNOVER, 1, 0, 0, 0, 0, 0}, totd = {PB_OUT_TURNOVER_TD, 0, 0, 0, 0, 0, 0};
    int togo = 30;
    ck_assert_int_gt(pb_play_value(&td, togo), pb_play_value(&gain, togo));
    ck_assert_int_gt(pb_play_value(&gain, togo), pb_play_value(&inc, togo));
    ck_assert_int_gt(pb_play_value(&inc, togo), pb_play_value(&loss, togo));
    pb_result loss9 = {PB_OUT_SACK, -9, 0, 0, 0, 0, 0}; /* the largest loss that is not a safety from 90 */
    ck_assert_int_gt(pb_play_value(&loss9, 90), pb_play_value(&saf, 90));
    ck_assert_int_gt(pb_play_value(&saf, 1), pb_play_value(&to99, 1));
    ck_assert_int_gt(pb_play_value(&to99, togo), pb_play_value(&to1, togo));
    ck_assert_int_gt(pb_play_value(&to1, togo), pb_play_value(&totd, togo));
}
END_TEST

/* A chain step: floor(((a+b) * m + add) / div); a cut after K re-rolls that are all doubles. */
START_TEST(chain_steps_and_cuts)
{
    pb_chain_spec run = {1, 1, 0, 1}, ret = {2, 4, 0, 1}, c16 = {1, 1, 20, 1}, half = {1, 1, 0, 2};
    ck_assert_int_eq(pb_chain_step(&run, 2, 5), 7);
    ck_assert_int_eq(pb_chain_step(&ret, 2, 5), 14);
    ck_assert_int_eq(pb_chain_step(&ret, 3, 3), 24);
    ck_assert_int_eq(pb_chain_step(&c16, 1, 2), 23);
    ck_assert_int_eq(pb_chain_step(&half, 1, 2), 1);
    ck_assert_int_eq(pb_chain_min_step(&half), 1);
    pb_chain_spec zero = {0, 0, 0, 1};
    ck_assert_int_eq(pb_chain_min_step(&zero), 0);

    pb_script_oracle so;
    pb_dice d[] = {{1, 1}, {2, 2}, {3, 4}};
    pb_script_oracle_from(&so, d, 3);
    ck_assert_int_eq(pb_chain_roll_literally(&so.base, &run, 100, 0), 2 + 4 + 7);
    pb_script_oracle_from(&so, d, 3);
    ck_assert_int_eq(pb_chain_roll_literally(&so.base, &run, 100, 2), PB_CHAIN_CUT);
    pb_script_oracle_from(&so, d, 3);
    ck_assert_int_eq(pb_chain_roll_literally(&so.base, &run, 100, 3), 13);
    /* the cap is reached before the depth limit: not cut */
    pb_script_oracle_from(&so, d, 3);
    ck_assert_int_eq(pb_chain_roll_literally(&so.base, &run, 5, 2), 5);
}
END_TEST

Suite *pb_suite_play(void)
{
    Suite *s = suite_create("play");
    TCase *tc = tcase_create("play");
    tcase_add_test(tc, card23_changes_offense);
    tcase_add_test(tc, card24_changes_defense);
    tcase_add_test(tc, no_timeout_no_question);
    tcase_add_test(tc, half_distance);
    tcase_add_test(tc, value_order);
    tcase_add_test(tc, chain_steps_and_cuts);
    suite_add_tcase(s, tc);
    return s;
}
