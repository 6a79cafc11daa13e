/* tests/exact.c: Check suite for core/exact (correctly rounded decimals, percentages,
 * fractions, and num / 6^e). Known values are worked out in the comments; a randomized test
 * compares the mpn fast path with a plain mpz reference written here. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"

/* q = num / den from decimal strings. */
static void set_q(mpq_t q, const char *num, const char *den)
{
    mpz_set_str(mpq_numref(q), num, 10);
    mpz_set_str(mpq_denref(q), den, 10);
    mpq_canonicalize(q);
}

static void expect_decimal(const char *num, const char *den, int places, const char *want)
{
    mpq_t q;
    char buf[512];
    mpq_init(q);
    set_q(q, num, den);
    pb_exact_decimal(buf, sizeof buf, q, places);
    ck_assert_msg(strcmp(buf, want) == 0, "%s/%s at %d places: got \"%s\", want \"%s\"", num, den,
                  places, buf, want);
    ck_assert_uint_gt(pb_exact_decimal_size(q, places), strlen(buf));
    mpq_clear(q);
}

static void expect_percent(const char *num, const char *den, int places, const char *want)
{
    mpq_t q;
    char buf[512];
    mpq_init(q);
    set_q(q, num, den);
    pb_exact_percent(buf, sizeof buf, q, places);
    ck_assert_msg(strcmp(buf, want) == 0, "%s/%s as percent at %d places: got \"%s\", want \"%s\"",
                  num, den, places, buf, want);
    ck_assert_uint_gt(pb_exact_decimal_size(q, places), strlen(buf));
    mpq_clear(q);
}

START_TEST(test_decimal_known_values)
{
    expect_decimal("1", "3", 4, "0.3333");
    expect_decimal("2", "3", 4, "0.6667");
    expect_decimal("5", "36", 4, "0.1389"); /* 0.13888... */
    expect_decimal("1", "1", 3, "1.000");
    expect_decimal("0", "1", 3, "0.000");
    expect_decimal("12", "1", 0, "12");
    expect_decimal("12", "1", 2, "12.00");
    expect_decimal("1", "7", 20, "0.14285714285714285714"); /* next digit 2: down */
    expect_decimal("1", "3", -2, "0");                      /* places < 0 counts as 0 */
    /* 10^40 / 3 = 333...3.333...: 40 threes before the point */
    expect_decimal("10000000000000000000000000000000000000000", "3", 2,
                   "3333333333333333333333333333333333333333.33");
}
END_TEST

START_TEST(test_decimal_ties_round_half_to_even)
{
    expect_decimal("1", "8", 2, "0.12");  /* 0.125: 2 is even, stays */
    expect_decimal("3", "8", 2, "0.38");  /* 0.375: 7 is odd, up */
    expect_decimal("5", "8", 2, "0.62");  /* 0.625 */
    expect_decimal("7", "8", 2, "0.88");  /* 0.875 */
    expect_decimal("1", "2", 0, "0");     /* 0.5 -> 0 */
    expect_decimal("3", "2", 0, "2");     /* 1.5 -> 2 */
    expect_decimal("5", "2", 0, "2");     /* 2.5 -> 2 */
    expect_decimal("7", "2", 0, "4");     /* 3.5 -> 4 */
    expect_decimal("1", "2000", 3, "0.000");  /* 0.0005 -> 0.000 */
    expect_decimal("3", "2000", 3, "0.002");  /* 0.0015 -> 0.002 */
    expect_decimal("1999", "2000", 3, "1.000"); /* 0.9995: 999 odd, up, carries into the units */
    expect_decimal("19999", "2000", 3, "10.000"); /* 9.9995: carries through every digit */
    expect_decimal("13333", "20000", 4, "0.6666"); /* 0.66665 */
    expect_decimal("13335", "20000", 4, "0.6668"); /* 0.66675 */
}
END_TEST

START_TEST(test_decimal_negative)
{
    expect_decimal("-2", "3", 4, "-0.6667");
    expect_decimal("-1", "8", 2, "-0.12"); /* symmetric: rounding acts on the magnitude */
    expect_decimal("-3", "8", 2, "-0.38");
    expect_decimal("-5", "2", 0, "-2");
    expect_decimal("-7", "2", 0, "-4");
    expect_decimal("-3", "2", 1, "-1.5");
    /* values that round to zero print without a sign */
    expect_decimal("-1", "2", 0, "0");
    expect_decimal("-1", "3000", 3, "0.000");
    expect_decimal("-1", "2000", 3, "0.000");
    expect_decimal("-1", "1999", 3, "-0.001"); /* just past the tie */
    expect_percent("-1", "300000", 2, "0.00%");
}
END_TEST

START_TEST(test_percent)
{
    expect_percent("5", "36", 2, "13.89%"); /* 13.888... */
    expect_percent("1", "1", 1, "100.0%");
    expect_percent("1", "3", 0, "33%");
    expect_percent("2", "3", 3, "66.667%");
    expect_percent("1", "800", 2, "0.12%");  /* 0.125%: tie, even */
    expect_percent("3", "800", 2, "0.38%");  /* 0.375%: tie, up */
    expect_percent("1", "6", 2, "16.67%");
    expect_percent("0", "1", 2, "0.00%");
    expect_percent("-1", "4", 1, "-25.0%");
}
END_TEST

/* 6^60 = 48873677980689257489322752273774603865660850176, so 1/6^60 = 2.0461...e-47 and
 * 10^50 / 6^60 = 2046.1..., which rounds to 2046: 46 zeros after the point, then 2046. */
START_TEST(test_huge_denominator)
{
    const char *six60 = "48873677980689257489322752273774603865660850176";
    expect_decimal("1", six60, 50, "0.00000000000000000000000000000000000000000000002046");
    expect_decimal("-1", six60, 50, "-0.00000000000000000000000000000000000000000000002046");
    expect_decimal("1", six60, 4, "0.0000");
    expect_decimal("-1", six60, 4, "0.0000");
    expect_percent("1", six60, 2, "0.00%");
    /* (6^60 - 1) / 6^60 is 1 - 2.05e-47: 1.000 at any modest precision */
    expect_decimal("48873677980689257489322752273774603865660850175", six60, 10, "1.0000000000");
    expect_decimal("48873677980689257489322752273774603865660850175", six60, 47,
                   "0.99999999999999999999999999999999999999999999998");
}
END_TEST

/* boundary +/- 10^-30: a binary double cannot tell these from the boundary itself, so going
 * through one would round both the same way (double rounding); the exact path must not. */
START_TEST(test_no_double_rounding)
{
    const char *e30 = "1000000000000000000000000000000"; /* 10^30 */
    /* 1/8 + 10^-30 = (125 * 10^27 + 1) / 10^30 */
    expect_decimal("125000000000000000000000000001", e30, 2, "0.13");
    expect_decimal("124999999999999999999999999999", e30, 2, "0.12");
    expect_decimal("-125000000000000000000000000001", e30, 2, "-0.13");
    /* 3/8 - 10^-30 falls below the tie that would go up to 0.38 */
    expect_decimal("374999999999999999999999999999", e30, 2, "0.37");
    expect_decimal("375000000000000000000000000001", e30, 2, "0.38");
    /* 0.0005 +/- 10^-30 at 3 places */
    expect_decimal("500000000000000000000000001", e30, 3, "0.001");
    expect_decimal("499999999999999999999999999", e30, 3, "0.000");
    /* 0.66665 +/- 10^-30 at 4 places */
    expect_decimal("666650000000000000000000000001", e30, 4, "0.6667");
    expect_decimal("666649999999999999999999999999", e30, 4, "0.6666");
    /* 13.885% +/- 10^-30 as a percentage at 2 places (q = 0.13885 +/- 10^-30) */
    expect_percent("138850000000000000000000000001", e30, 2, "13.89%");
    expect_percent("138849999999999999999999999999", e30, 2, "13.88%");
    expect_percent("13885", "100000", 2, "13.88%"); /* the tie itself: 8 even */
}
END_TEST

START_TEST(test_truncation)
{
    mpq_t q;
    char buf[8];
    mpq_init(q);
    set_q(q, "1", "3");
    memset(buf, 'x', sizeof buf);
    pb_exact_decimal(buf, 5, q, 4); /* "0.3333" cut to 4 characters */
    ck_assert_str_eq(buf, "0.33");
    ck_assert_int_eq(buf[5], 'x');
    pb_exact_decimal(buf, 1, q, 4);
    ck_assert_str_eq(buf, "");
    buf[0] = 'x';
    pb_exact_decimal(buf, 0, q, 4); /* nothing written */
    ck_assert_int_eq(buf[0], 'x');
    pb_exact_percent(buf, 4, q, 2); /* "33.33%" */
    ck_assert_str_eq(buf, "33.");
    set_q(q, "-12345", "678901");
    pb_exact_fraction(buf, 6, q);
    ck_assert_str_eq(buf, "-1234");
    buf[0] = 'x';
    pb_exact_fraction(buf, 0, q);
    ck_assert_int_eq(buf[0], 'x');
    mpq_clear(q);
}
END_TEST

static void expect_fraction(const char *num, const char *den, const char *want)
{
    mpq_t q;
    char buf[256];
    mpq_init(q);
    set_q(q, num, den);
    pb_exact_fraction(buf, sizeof buf, q);
    ck_assert_str_eq(buf, want);
    ck_assert_uint_gt(pb_exact_fraction_size(q), strlen(buf));
    /* an exactly sized buffer is enough */
    size_t need = strlen(want) + 1;
    char *tight = malloc(need);
    pb_exact_fraction(tight, need, q);
    ck_assert_str_eq(tight, want);
    free(tight);
    mpq_clear(q);
}

START_TEST(test_fraction)
{
    expect_fraction("5", "36", "5/36");
    expect_fraction("10", "36", "5/18"); /* lowest terms */
    expect_fraction("0", "1", "0/1");
    expect_fraction("0", "36", "0/1");
    expect_fraction("1", "1", "1/1");
    expect_fraction("36", "36", "1/1");
    expect_fraction("-1", "3", "-1/3");
    expect_fraction("1", "48873677980689257489322752273774603865660850176",
                    "1/48873677980689257489322752273774603865660850176");
}
END_TEST

/* out = num / 6^e, checked against mpq_canonicalize */
static void expect_pow6(const char *num, unsigned e, const char *want)
{
    mpz_t n;
    mpq_t q, ref;
    char buf[256];
    mpz_init_set_str(n, num, 10);
    mpq_inits(q, ref, (mpq_ptr)0);
    pb_exact_from_pow6(q, n, e);
    pb_exact_fraction(buf, sizeof buf, q);
    ck_assert_str_eq(buf, want);
    mpz_set(mpq_numref(ref), n);
    mpz_ui_pow_ui(mpq_denref(ref), 6, e);
    mpq_canonicalize(ref);
    ck_assert(mpq_equal(q, ref));
    ck_assert(mpz_cmp(mpq_numref(q), mpq_numref(ref)) == 0);
    ck_assert(mpz_cmp(mpq_denref(q), mpq_denref(ref)) == 0);
    mpq_clears(q, ref, (mpq_ptr)0);
    mpz_clear(n);
}

START_TEST(test_from_pow6)
{
    expect_pow6("0", 5, "0/1");
    expect_pow6("216", 3, "1/1");
    expect_pow6("4", 2, "1/9");        /* 4/36 */
    expect_pow6("5", 2, "5/36");
    expect_pow6("-63", 1, "-21/2");    /* -63/6 */
    expect_pow6("1024", 3, "128/27");  /* 2^10 / (2^3 3^3) */
    expect_pow6("243", 2, "27/4");     /* 3^5 / (2^2 3^2) */
    expect_pow6("7", 0, "7/1");
    expect_pow6("1", 60, "1/48873677980689257489322752273774603865660850176");
    expect_pow6("-46656", 6, "-1/1");  /* -6^6 / 6^6 */

    /* the numerator may be the output's own */
    mpq_t q;
    mpq_init(q);
    mpz_set_ui(mpq_numref(q), 30);
    pb_exact_from_pow6(q, mpq_numref(q), 2); /* 30/36 = 5/6 */
    ck_assert_int_eq(mpq_cmp_ui(q, 5, 6), 0);
    mpq_clear(q);
}
END_TEST

/* Plain mpz reference: round_half_even(|q| 10^scale) with `places` decimals. */
static void reference_format(char *out, const mpq_t q, int places, unsigned extra,
                             const char *suffix)
{
    unsigned decimals = places > 0 ? (unsigned)places : 0;
    mpz_t n, quot, rem, twice;
    mpz_inits(n, quot, rem, twice, (mpz_ptr)0);
    mpz_abs(n, mpq_numref(q));
    mpz_ui_pow_ui(quot, 10, decimals + extra);
    mpz_mul(n, n, quot);
    mpz_tdiv_qr(quot, rem, n, mpq_denref(q));
    mpz_mul_2exp(twice, rem, 1);
    int c = mpz_cmp(twice, mpq_denref(q));
    if (c > 0 || (c == 0 && mpz_odd_p(quot)))
        mpz_add_ui(quot, quot, 1);
    char *digits = mpz_get_str(NULL, 10, quot);
    size_t len = strlen(digits);
    char *p = out;
    if (mpq_sgn(q) < 0 && mpz_sgn(quot) != 0)
        *p++ = '-';
    if (len <= decimals) {
        *p++ = '0';
    } else {
        memcpy(p, digits, len - decimals);
        p += len - decimals;
    }
    if (decimals > 0) {
        *p++ = '.';
        for (size_t i = len; i < decimals; i++)
            *p++ = '0';
        size_t frac = len < decimals ? len : decimals;
        memcpy(p, digits + len - frac, frac);
        p += frac;
    }
    strcpy(p, suffix);
    free(digits);
    mpz_clears(n, quot, rem, twice, (mpz_ptr)0);
}

START_TEST(test_random_against_reference)
{
    gmp_randstate_t rs;
    gmp_randinit_mt(rs);
    gmp_randseed_ui(rs, 20240601);
    mpq_t q;
    mpq_init(q);
    size_t cap = 8192;
    char *got = malloc(cap), *want = malloc(cap);
    for (int iter = 0; iter < 20000; iter++) {
        /* sizes from tiny to well past the stack limit (32 limbs = 2048 bits) */
        unsigned long nbits = 1 + gmp_urandomm_ui(rs, iter % 10 == 0 ? 5000 : 200);
        unsigned long dbits = 1 + gmp_urandomm_ui(rs, iter % 10 == 1 ? 5000 : 200);
        mpz_rrandomb(mpq_numref(q), rs, nbits);
        mpz_rrandomb(mpq_denref(q), rs, dbits);
        if (iter % 7 == 0) /* powers of 6, the usual denominators */
            mpz_ui_pow_ui(mpq_denref(q), 6, gmp_urandomm_ui(rs, 80));
        if (iter % 3 == 0)
            mpz_neg(mpq_numref(q), mpq_numref(q));
        if (iter % 50 == 0)
            mpz_set_ui(mpq_numref(q), 0);
        mpq_canonicalize(q);
        int places = (int)gmp_urandomm_ui(rs, iter % 10 == 2 ? 400 : 30);
        ck_assert_uint_lt(pb_exact_decimal_size(q, places), cap);

        pb_exact_decimal(got, cap, q, places);
        reference_format(want, q, places, 0, "");
        ck_assert_str_eq(got, want);
        ck_assert_uint_gt(pb_exact_decimal_size(q, places), strlen(got));

        pb_exact_percent(got, cap, q, places);
        reference_format(want, q, places, 2, "%");
        ck_assert_str_eq(got, want);
        ck_assert_uint_gt(pb_exact_decimal_size(q, places), strlen(got));
    }
    free(got);
    free(want);
    mpq_clear(q);
    gmp_randclear(rs);
}
END_TEST

Suite *pb_suite_exact(void)
{
    Suite *s = suite_create("exact");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_decimal_known_values);
    tcase_add_test(tc, test_decimal_ties_round_half_to_even);
    tcase_add_test(tc, test_decimal_negative);
    tcase_add_test(tc, test_percent);
    tcase_add_test(tc, test_huge_denominator);
    tcase_add_test(tc, test_no_double_rounding);
    tcase_add_test(tc, test_truncation);
    tcase_add_test(tc, test_fraction);
    tcase_add_test(tc, test_from_pow6);
    tcase_add_test(tc, test_random_against_reference);
    suite_add_tcase(s, tc);
    return s;
}
