/* tests/cli_num.c: Check suite for the strict option-number parser (core/num_parse.c) and the
 * comma lists built on it (pb_cli_int_list): the boundaries, overflow, signs, spaces, junk,
 * hex and exponents. */
#include <check.h>
#include <limits.h>
#include <stdint.h>

#include "cli.h"
#include "cli_num.h"

/* the status of parsing `text` into [min, max]; the value through *v */
static pb_cli_num_status i64(const char *text, int64_t min, int64_t max, int64_t *v)
{
    *v = 12345;  /* left alone on failure */
    return pb_cli_num_i64(text, min, max, v);
}

START_TEST(test_int_plain_and_boundaries)
{
    int64_t v;
    ck_assert_int_eq(i64("0", 0, 10, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 0);
    ck_assert_int_eq(i64("10", 0, 10, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 10);
    ck_assert_int_eq(i64("11", 0, 10, &v), PB_CLI_NUM_RANGE); ck_assert_int_eq(v, 12345);
    ck_assert_int_eq(i64("-1", 0, 10, &v), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("2147483647", INT_MIN, INT_MAX, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, INT_MAX);
    ck_assert_int_eq(i64("2147483648", INT_MIN, INT_MAX, &v), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("-2147483648", INT_MIN, INT_MAX, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, INT_MIN);
    ck_assert_int_eq(i64("-2147483649", INT_MIN, INT_MAX, &v), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("9223372036854775807", INT64_MIN, INT64_MAX, &v), PB_CLI_NUM_OK);
    ck_assert(v == INT64_MAX);
    ck_assert_int_eq(i64("-9223372036854775808", INT64_MIN, INT64_MAX, &v), PB_CLI_NUM_OK);
    ck_assert(v == INT64_MIN);
    ck_assert_int_eq(i64("9223372036854775808", INT64_MIN, INT64_MAX, &v), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("-9223372036854775809", INT64_MIN, INT64_MAX, &v), PB_CLI_NUM_RANGE);
    /* 2^32 + 3: once read by sscanf %d as 3 */
    ck_assert_int_eq(i64("4294967299", 0, 9, &v), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("99999999999999999999999999999999", 0, 9, &v), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("-99999999999999999999999999999999", -9, 9, &v), PB_CLI_NUM_RANGE);
}
END_TEST

START_TEST(test_int_signs_spaces_junk)
{
    int64_t v;
    ck_assert_int_eq(i64("-0", 0, 10, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 0);
    ck_assert_int_eq(i64("+5", 0, 10, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 5);
    ck_assert_int_eq(i64("007", 0, 10, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 7);  /* decimal, not octal */
    const char *bad[] = {"", " 5", "5 ", "\t5", "5x", "x5", "+", "-", "--5", "+-5", "5,", "0x10", "0X1F", "1.0",
                         "1.", ".5", "5e", "5e-1", "5e+1", "e5", "inf", "nan", "1_000", "5\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(i64(bad[i], -100, 100, &v) == PB_CLI_NUM_SYNTAX, "'%s' accepted", bad[i]);
        ck_assert_int_eq(v, 12345);
    }
    ck_assert_int_eq(pb_cli_num_i64(NULL, 0, 1, &v), PB_CLI_NUM_SYNTAX);
}
END_TEST

START_TEST(test_int_exponents)
{
    int64_t v;
    uint64_t u;
    ck_assert_int_eq(i64("1e8", 0, INT64_MAX, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 100000000);
    ck_assert_int_eq(i64("25E2", 0, INT64_MAX, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 2500);
    ck_assert_int_eq(i64("-3e2", -1000, 0, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, -300);
    ck_assert_int_eq(i64("5e0", 0, 9, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 5);
    /* a zero mantissa is zero whatever the exponent (this once hung `verify --games`) */
    ck_assert_int_eq(i64("0e99999999999999999999", 0, 9, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 0);
    ck_assert_int_eq(i64("000e000", 0, 9, &v), PB_CLI_NUM_OK); ck_assert_int_eq(v, 0);
    /* too large: out of range, never capped (1e20 once became 1e19) */
    ck_assert_int_eq(pb_cli_num_u64("1e20", 0, UINT64_MAX, &u), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(pb_cli_num_u64("1e19", 0, UINT64_MAX, &u), PB_CLI_NUM_OK);
    ck_assert(u == UINT64_C(10000000000000000000));
    ck_assert_int_eq(pb_cli_num_u64("2e19", 0, UINT64_MAX, &u), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(pb_cli_num_u64("1e99999999999999999999", 0, UINT64_MAX, &u), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(i64("1e19", INT64_MIN, INT64_MAX, &v), PB_CLI_NUM_RANGE);
}
END_TEST

START_TEST(test_u64)
{
    uint64_t u = 7;
    ck_assert_int_eq(pb_cli_num_u64("18446744073709551615", 0, UINT64_MAX, &u), PB_CLI_NUM_OK);
    ck_assert(u == UINT64_MAX);
    ck_assert_int_eq(pb_cli_num_u64("18446744073709551616", 0, UINT64_MAX, &u), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(pb_cli_num_u64("-1", 0, UINT64_MAX, &u), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(pb_cli_num_u64("-0", 0, UINT64_MAX, &u), PB_CLI_NUM_OK);
    ck_assert(u == 0);
    ck_assert_int_eq(pb_cli_num_u64("0", 1, 10, &u), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(pb_cli_num_u64(" 5", 0, 10, &u), PB_CLI_NUM_SYNTAX);
}
END_TEST

START_TEST(test_double)
{
    double d = 0;
    ck_assert_int_eq(pb_cli_num_double("0.5", 0, 1, &d), PB_CLI_NUM_OK); ck_assert_double_eq(d, 0.5);
    ck_assert_int_eq(pb_cli_num_double("1e-6", 1e-12, 1e-3, &d), PB_CLI_NUM_OK); ck_assert_double_eq(d, 1e-6);
    ck_assert_int_eq(pb_cli_num_double(".25", 0, 1, &d), PB_CLI_NUM_OK); ck_assert_double_eq(d, 0.25);
    ck_assert_int_eq(pb_cli_num_double("3.", 0, 5, &d), PB_CLI_NUM_OK); ck_assert_double_eq(d, 3);
    ck_assert_int_eq(pb_cli_num_double("1e-3", 1e-12, 1e-3, &d), PB_CLI_NUM_OK);
    ck_assert_int_eq(pb_cli_num_double("1.1e-3", 1e-12, 1e-3, &d), PB_CLI_NUM_RANGE);
    ck_assert_int_eq(pb_cli_num_double("1e999", 0, 1e300, &d), PB_CLI_NUM_RANGE);  /* overflow */
    ck_assert_int_eq(pb_cli_num_double("1e-999", 1e-12, 1, &d), PB_CLI_NUM_RANGE); /* underflow to 0 */
    const char *bad[] = {"", " 0.5", "0.5 ", "0x1p-3", "inf", "-inf", "nan", "infinity", ".", "e5", "1e", "1e+",
                         "0.5x", "1,5", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(pb_cli_num_double(bad[i], -10, 10, &d) == PB_CLI_NUM_SYNTAX, "'%s' accepted", bad[i]);
}
END_TEST

START_TEST(test_int_list)
{
    int v[4];
    size_t n;
    ck_assert_int_eq(pb_cli_int_list("3,3", 0, 9, v, 2, &n), 0);
    ck_assert_uint_eq(n, 2); ck_assert_int_eq(v[0], 3); ck_assert_int_eq(v[1], 3);
    ck_assert_int_eq(pb_cli_int_list("0,9", 0, 9, v, 2, &n), 0);
    ck_assert_int_eq(pb_cli_int_list("4294967299,3", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("3,3,3", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("3,", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list(",3", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("3,,3", 0, 9, v, 4, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("3, 3", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("3,3x", 0, 9, v, 2, &n), -1);
    ck_assert_int_eq(pb_cli_int_list("1,50,99", 1, 99, v, 4, &n), 0);
    ck_assert_uint_eq(n, 3); ck_assert_int_eq(v[2], 99);
}
END_TEST

Suite *pb_suite_cli_num(void)
{
    Suite *s = suite_create("cli_num");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, test_int_plain_and_boundaries);
    tcase_add_test(tc, test_int_signs_spaces_junk);
    tcase_add_test(tc, test_int_exponents);
    tcase_add_test(tc, test_u64);
    tcase_add_test(tc, test_double);
    tcase_add_test(tc, test_int_list);
    suite_add_tcase(s, tc);
    return s;
}
