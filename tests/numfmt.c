/* tests/numfmt.c: Check suite for the rulebook's number convention (tables/numfmt.c), against
 * values worked out by hand: the short dice fractions and the long ones, rounding half to even
 * from the exact value (1/16 = 6.25 % -> 6.2, 3/16 = 18.75 % -> 18.8), the dash for impossible,
 * 100 % for certain, and the two ends a rounded number must not claim ("< 0.1 %", "> 99.9 %"),
 * at 0, 1 and 4 places; the solvers' floating-point probabilities by the same rules. */
#include <check.h>
#include <string.h>
#include <gmp.h>

#include "numfmt.h"

static void prob_is(unsigned long num, unsigned long den, int digits, const char *want)
{
    mpq_t q;
    mpq_init(q);
    mpq_set_ui(q, num, den);
    mpq_canonicalize(q);
    char buf[PB_NUMFMT_MAX];
    pb_numfmt_prob(buf, sizeof buf, q, digits);
    ck_assert_msg(strcmp(buf, want) == 0, "%lu/%lu at %d places: '%s', not '%s'", num, den, digits, buf, want);
    mpq_clear(q);
}

START_TEST(test_numfmt_fractions)
{
    prob_is(34, 36, 1, "17/18 (94.4 %)");   /* the field goal's first band, reduced */
    prob_is(33, 36, 1, "11/12 (91.7 %)");   /* the PAT */
    prob_is(6, 36, 0, "1/6 (17 %)");
    prob_is(7, 216, 1, "7/216 (3.2 %)");    /* 216 = 6^3: short */
    prob_is(1, 54, 1, "1/54 (1.9 %)");      /* 54 divides 216 */
    prob_is(1, 37, 1, "2.7 %");             /* 37: neither <= 36 nor a divisor of 216 */
    prob_is(1, 432, 1, "0.2 %");            /* 432 > 216 */
    prob_is(5, 72, 1, "5/72 (6.9 %)");      /* 72 divides 216 */
    prob_is(5, 144, 1, "3.5 %");            /* 144 does not */
    prob_is(1, 16, 1, "1/16 (6.2 %)");      /* 6.25: half to even, down */
    prob_is(3, 16, 1, "3/16 (18.8 %)");     /* 18.75: half to even, up */
    prob_is(1, 8, 1, "1/8 (12.5 %)");
    prob_is(1, 3, 4, "1/3 (33.3333 %)");
}
END_TEST

START_TEST(test_numfmt_ends)
{
    prob_is(0, 1, 1, "\xe2\x80\x94");       /* impossible */
    prob_is(1, 1, 1, "100 %");              /* certain */
    prob_is(1, 2000, 1, "< 0.1 %");         /* 0.05 %: rounds to 0.0 (half to even) but is possible */
    prob_is(1, 1500, 1, "0.1 %");           /* 0.0667 % */
    prob_is(1999, 2000, 1, "> 99.9 %");     /* 99.95 %: rounds to 100.0 */
    prob_is(1, 300, 0, "< 1 %");
    prob_is(299, 300, 0, "> 99 %");
    prob_is(1, 10000000, 4, "< 0.0001 %");
    char buf[PB_NUMFMT_MAX];
    pb_numfmt_percent_real(buf, sizeof buf, 0.0, 1);
    ck_assert_str_eq(buf, "\xe2\x80\x94");
    pb_numfmt_percent_real(buf, sizeof buf, 1.0, 1);
    ck_assert_str_eq(buf, "100 %");
    pb_numfmt_percent_real(buf, sizeof buf, 0.0004, 1);
    ck_assert_str_eq(buf, "< 0.1 %");
    pb_numfmt_percent_real(buf, sizeof buf, 0.9996, 1);
    ck_assert_str_eq(buf, "> 99.9 %");
    pb_numfmt_percent_real(buf, sizeof buf, 0.35777, 2);
    ck_assert_str_eq(buf, "35.78 %");
}
END_TEST

Suite *pb_suite_numfmt(void)
{
    Suite *s = suite_create("numfmt");
    TCase *tc = tcase_create("numfmt");
    tcase_add_test(tc, test_numfmt_fractions);
    tcase_add_test(tc, test_numfmt_ends);
    suite_add_tcase(s, tc);
    return s;
}
