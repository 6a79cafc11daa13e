/* tests/expect_q.c: the exact-rational assertion of the games' suites (expect_q.h). */
#include "expect_q.h"

#include <check.h>

void pb_expect_q(const mpq_t q, unsigned long num, unsigned long den, const char *what)
{
    mpq_t w;
    mpq_init(w);
    mpq_set_ui(w, num, den);
    mpq_canonicalize(w);
    ck_assert_msg(mpq_equal(q, w), "%s: got %s, want %lu/%lu", what, mpq_get_str(NULL, 10, q), num, den);
    mpq_clear(w);
}

void pb_expect_q_str(const mpq_t q, const char *want, const char *what)
{
    mpq_t w;
    mpq_init(w);
    mpq_set_str(w, want, 10);
    mpq_canonicalize(w);
    ck_assert_msg(mpq_equal(q, w), "%s: got %s, want %s", what, mpq_get_str(NULL, 10, q), want);
    mpq_clear(w);
}
