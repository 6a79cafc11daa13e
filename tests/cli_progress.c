/* tests/cli_progress.c: Check suite for the progress line's time left (pb_cli_time_left): the
 * values derived by hand for a count that moves in steps (the game solver's layers): at a report
 * the plain (t - t0)(1 - f)/(f - f0); between reports a countdown at the step's rate for as long
 * as an average advance; after that the estimate grows; never more than half of what is left
 * taken as done; no estimate before the first advance. */
#include <check.h>

#include "cli_progress.h"

/* The step began at t = 0 with nothing done; its reports come every 10 s, a tenth each. */
START_TEST(test_left_counts_down_between_reports)
{
    /* at the report (t 10, f 0.1): 10 x 0.9 / 0.1 */
    ck_assert_double_eq_tol(pb_cli_time_left(10, 0, 0, 10, 0.1, 0.1), 90, 1e-9);
    /* 5 s on, no report: the work taken to go on at 0.01 a second, f 0.15: 15 x 0.85 / 0.15 = 85
     * (the earlier line's plain formula climbed at once: 15 x 0.9 / 0.1 = 135) */
    ck_assert_double_eq_tol(pb_cli_time_left(15, 0, 0, 10, 0.1, 0.1), 85, 1e-9);
    /* an average advance's time on (10 s): f 0.2: 20 x 0.8 / 0.2 = 80, the countdown's 90 - 10 */
    ck_assert_double_eq_tol(pb_cli_time_left(20, 0, 0, 10, 0.1, 0.1), 80, 1e-9);
    /* the next report late: no more progress taken than an average advance, f 0.2: 30 x 0.8 / 0.2 */
    ck_assert_double_eq_tol(pb_cli_time_left(30, 0, 0, 10, 0.1, 0.1), 120, 1e-9);
}
END_TEST

START_TEST(test_left_step_started_late)
{
    /* the step began at t 100 with 0.2 done; at t 120, 0.4: the rate 0.01 a second */
    ck_assert_double_eq_tol(pb_cli_time_left(120, 100, 0.2, 120, 0.4, 0.05), 20 * 0.6 / 0.2, 1e-9);
    /* 3 s on, f 0.43: 23 x 0.57 / 0.23 */
    ck_assert_double_eq_tol(pb_cli_time_left(123, 100, 0.2, 120, 0.4, 0.05), 23 * 0.57 / 0.23, 1e-9);
    /* 9 s on: capped at the average advance, f 0.45: 29 x 0.55 / 0.25 */
    ck_assert_double_eq_tol(pb_cli_time_left(129, 100, 0.2, 120, 0.4, 0.05), 29 * 0.55 / 0.25, 1e-9);
}
END_TEST

START_TEST(test_left_last_advance)
{
    /* 0.9 done at t 90 (0.01 a second), advances of 0.3: at most half of the 0.1 left is taken as
     * done, f 0.95 from t 95 on: at t 100, 100 x 0.05 / 0.95, never "no time left" */
    ck_assert_double_eq_tol(pb_cli_time_left(95, 0, 0, 90, 0.9, 0.3), 95 * 0.05 / 0.95, 1e-9);
    ck_assert_double_eq_tol(pb_cli_time_left(100, 0, 0, 90, 0.9, 0.3), 100 * 0.05 / 0.95, 1e-9);
    ck_assert(pb_cli_time_left(1000, 0, 0, 90, 0.9, 0.3) > 0);
}
END_TEST

START_TEST(test_left_none_yet)
{
    ck_assert(pb_cli_time_left(5, 0, 0.2, 0, 0.2, 0) < 0);     /* no advance since the step began */
    ck_assert(pb_cli_time_left(5, 0, 0, 3, 1, 0.5) < 0);       /* all done */
    ck_assert(pb_cli_time_left(5, 2, 0, 2, 0.5, 0.5) < 0);     /* the advance at the step's start */
    ck_assert(pb_cli_time_left(1, 0, 0, 2, 0.5, 0.5) < 0);     /* a time before the report */
    /* no average advance (df 0): the plain formula, 8 x 0.5 / 0.5 */
    ck_assert_double_eq_tol(pb_cli_time_left(8, 0, 0, 4, 0.5, 0), 8, 1e-9);
}
END_TEST

Suite *pb_suite_cli_progress(void)
{
    Suite *s = suite_create("cli_progress");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_left_counts_down_between_reports);
    tcase_add_test(tc, test_left_step_started_late);
    tcase_add_test(tc, test_left_last_advance);
    tcase_add_test(tc, test_left_none_yet);
    suite_add_tcase(s, tc);
    return s;
}
