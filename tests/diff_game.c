/* tests/diff_game.c: `diff A B --game` (cli/diff_game.c): a value counts as changed only when
 * |B - A| exceeds the two certified bounds (as `diff --solve` counts), and each change is printed
 * with the digits that show it: no row "0.507270 -> 0.507270 (+0.000000)" among the changes. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "diff_game.h"

static pb_wp_value value(double wp, double bound)
{
    return (pb_wp_value){wp, wp - bound, wp + bound, bound, 1, 0, 0};
}

START_TEST(counted_as_diff_solve)
{
    pb_wp_value a = value(0.50727012, 1e-10), b = value(0.50727041, 1e-10);
    ck_assert(pb_cli_diff_game_changed(&a, &b));
    ck_assert(pb_cli_diff_game_changed(&b, &a));
    a.bound = 2e-7, b.bound = 1e-7;   /* 2.9e-7 <= 3e-7: within the bounds */
    ck_assert(!pb_cli_diff_game_changed(&a, &b));
    pb_wp_value c = value(0.5, 1e-9), d = value(0.5, 1e-9);
    ck_assert(!pb_cli_diff_game_changed(&c, &d));
}
END_TEST

/* every change (two values 10^-6 .. 10^-14 apart) prints as two different numbers and a
 * non-zero difference; a large change keeps 6 decimals */
START_TEST(digits_show_each_change)
{
    ck_assert_int_eq(pb_cli_diff_game_digits(0.25, 0.75), 6);
    ck_assert_int_eq(pb_cli_diff_game_digits(0.5, 0.5), 6);
    ck_assert_int_eq(pb_cli_diff_game_digits(0.50727012, 0.50727041), 7);
    for (int e = 6; e <= 14; e++)
        for (int k = 1; k <= 9; k += 4) {
            double a = 0.507270 + 0.3e-6 * k, b = a + k * pow(10, -e) * 1.01;
            int dg = pb_cli_diff_game_digits(a, b);
            char sa[40], sb[40], sd[40], zero[40];
            snprintf(sa, sizeof sa, "%.*f", dg, a);
            snprintf(sb, sizeof sb, "%.*f", dg, b);
            snprintf(sd, sizeof sd, "%+.*f", dg, b - a);
            snprintf(zero, sizeof zero, "%+.*f", dg, 0.0);
            ck_assert_msg(strcmp(sa, sb) != 0, "%s -> %s at %d digits (10^-%d)", sa, sb, dg, e);
            ck_assert_msg(strcmp(sd, zero) != 0, "difference %s at %d digits (10^-%d)", sd, dg, e);
        }
}
END_TEST

Suite *pb_suite_diff_game(void)
{
    Suite *s = suite_create("diff_game");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, counted_as_diff_solve);
    tcase_add_test(tc, digits_show_each_change);
    suite_add_tcase(s, tc);
    return s;
}
