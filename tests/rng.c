/* tests/rng.c: Check suite for core/rng: the published SplitMix64 and xoshiro256** output
 * sequences, the documented seeding formula, determinism, and uniformity of the derived draws.
 * The statistical tests use fixed seeds, so they pass or fail the same way every run. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

START_TEST(test_splitmix64_reference)
{
    /* SplitMix64 started at 1234567 (Vigna's reference splitmix64.c) */
    const uint64_t want[] = {
        UINT64_C(6457827717110365317), UINT64_C(3203168211198807973),
        UINT64_C(9817491932198370423), UINT64_C(4593380528125082431),
        UINT64_C(16408922859458223821),
    };
    uint64_t state = 1234567;
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        ck_assert_uint_eq(pb_rng_splitmix64(&state), want[i]);
}
END_TEST

START_TEST(test_xoshiro256ss_reference)
{
    /* xoshiro256** from the state {1, 2, 3, 4}; the first is rotl(2 * 5, 7) * 9 = 11520 */
    const uint64_t want[] = {
        UINT64_C(11520), UINT64_C(0), UINT64_C(1509978240), UINT64_C(1215971899390074240),
        UINT64_C(1216172134540287360), UINT64_C(607988272756665600),
    };
    pb_rng r;
    pb_rng_set_state(&r, 1, 2, 3, 4);
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        ck_assert_uint_eq(pb_rng_next(&r), want[i]);
}
END_TEST

/* the seeding formula of rng.h, spelled out with the public SplitMix64 step */
START_TEST(test_seed_formula)
{
    const uint64_t golden = UINT64_C(0x9E3779B97F4A7C15), key = UINT64_C(0x6A09E667F3BCC909);
    const uint64_t pairs[][2] = {{0, 0}, {1, 0}, {1, 1}, {2024, 7}, {UINT64_MAX, UINT64_MAX}};
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        uint64_t seed = pairs[i][0], stream = pairs[i][1];
        uint64_t a = seed, b = (stream ^ key) - golden;
        uint64_t m = pb_rng_splitmix64(&a) ^ pb_rng_splitmix64(&b);
        pb_rng want, got;
        for (int w = 0; w < 4; w++)
            want.s[w] = pb_rng_splitmix64(&m);
        pb_rng_seed(&got, seed, stream);
        ck_assert_mem_eq(got.s, want.s, sizeof want.s);
    }
    /* pinned values (computed independently from the formula) so the streams never drift */
    pb_rng r;
    pb_rng_seed(&r, 1, 0);
    ck_assert_uint_eq(r.s[0], UINT64_C(0x60ee9e9e901eca8a));
    ck_assert_uint_eq(r.s[3], UINT64_C(0x13ae40e5a808181e));
    ck_assert_uint_eq(pb_rng_next(&r), UINT64_C(15366492762191675720));
    pb_rng_seed(&r, 2024, 7);
    ck_assert_uint_eq(pb_rng_next(&r), UINT64_C(15428683748883367697));
    ck_assert_uint_eq(pb_rng_next(&r), UINT64_C(3359500894596073134));
}
END_TEST

static int compare_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

START_TEST(test_determinism_and_streams)
{
    pb_rng a, b, c, d;
    pb_rng_seed(&a, 42, 17);
    pb_rng_seed(&b, 42, 17);
    pb_rng_seed(&c, 42, 18);
    pb_rng_seed(&d, 43, 17);
    int same_c = 0, same_d = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = pb_rng_next(&a);
        ck_assert_uint_eq(x, pb_rng_next(&b));
        same_c += x == pb_rng_next(&c);
        same_d += x == pb_rng_next(&d);
    }
    ck_assert_int_eq(same_c, 0);
    ck_assert_int_eq(same_d, 0);

    /* seeding twice restarts the sequence */
    pb_rng_seed(&a, 7, 3);
    uint64_t first = pb_rng_next(&a);
    pb_rng_next(&a);
    pb_rng_seed(&a, 7, 3);
    ck_assert_uint_eq(pb_rng_next(&a), first);

    /* many streams of one seed: all first outputs distinct (collisions would be ~2^-44) */
    enum { STREAMS = 4096 };
    uint64_t *firsts = malloc(STREAMS * sizeof *firsts);
    for (uint64_t s = 0; s < STREAMS; s++) {
        pb_rng_seed(&a, 1, s);
        firsts[s] = pb_rng_next(&a);
    }
    qsort(firsts, STREAMS, sizeof *firsts, compare_u64);
    for (size_t i = 1; i < STREAMS; i++)
        ck_assert_uint_ne(firsts[i - 1], firsts[i]);
    free(firsts);

    /* (seed, stream) and (stream, seed) are different generators */
    pb_rng_seed(&a, 5, 9);
    pb_rng_seed(&b, 9, 5);
    ck_assert_uint_ne(pb_rng_next(&a), pb_rng_next(&b));
}
END_TEST

/* Pearson's X^2 of counts against equal expected counts. */
static double chi2_uniform(const uint64_t *count, size_t bins, uint64_t total)
{
    double expected = (double)total / (double)bins, x = 0;
    for (size_t i = 0; i < bins; i++) {
        double d = (double)count[i] - expected;
        x += d * d / expected;
    }
    return x;
}

START_TEST(test_d6_uniform)
{
    /* 6,000,000 rolls, 1,000,000 expected per face. With 5 degrees of freedom,
     * P(X^2 > 20.515) = 0.001 for a fair die; the seed is fixed, so the outcome is too. A bias
     * of 1% on one face (10,000 rolls: X^2 ~ 100) or a lost face fails at once. */
    pb_rng r;
    pb_rng_seed(&r, 20240601, 0);
    uint64_t count[6] = {0}, out_of_range = 0;
    for (int i = 0; i < 6000000; i++) {
        int face = pb_rng_d6(&r);
        if (face >= 1 && face <= 6)
            count[face - 1]++;
        else
            out_of_range++;
    }
    ck_assert_uint_eq(out_of_range, 0); /* (Check asserts are slow in hot loops: count) */
    double x = chi2_uniform(count, 6, 6000000);
    ck_assert_msg(x < 20.515, "d6 chi-square %g over 6,000,000 rolls", x);
}
END_TEST

START_TEST(test_below)
{
    pb_rng r;
    pb_rng_seed(&r, 99, 1);
    ck_assert_uint_eq(pb_rng_below(&r, 0), 0);
    uint32_t nonzero = 0;
    for (int i = 0; i < 1000; i++)
        nonzero |= pb_rng_below(&r, 1);
    ck_assert_uint_eq(nonzero, 0);
    /* n just above 2^31 rejects almost half the draws: still in range */
    const uint32_t big = UINT32_C(0x80000001);
    uint32_t max_seen = 0;
    for (int i = 0; i < 10000; i++) {
        uint32_t v = pb_rng_below(&r, big);
        if (v > max_seen)
            max_seen = v;
    }
    ck_assert_uint_lt(max_seen, big);
    ck_assert_uint_gt(max_seen, big / 2);
    for (int i = 0; i < 1000; i++)
        (void)pb_rng_below(&r, UINT32_MAX);
    /* a 10-way draw is uniform: 9 df, P(X^2 > 27.877) = 0.001 */
    uint64_t count[10] = {0}, out_of_range = 0;
    for (int i = 0; i < 1000000; i++) {
        uint32_t v = pb_rng_below(&r, 10);
        if (v < 10)
            count[v]++;
        else
            out_of_range++;
    }
    ck_assert_uint_eq(out_of_range, 0);
    ck_assert_double_lt(chi2_uniform(count, 10, 1000000), 27.877);
}
END_TEST

START_TEST(test_shuffle)
{
    pb_rng r;
    pb_rng_seed(&r, 5, 5);
    pb_rng_shuffle(&r, NULL, 0);
    int one[1] = {7};
    pb_rng_shuffle(&r, one, 1);
    ck_assert_int_eq(one[0], 7);

    /* a shuffle is a permutation */
    int deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = i;
    for (int round = 0; round < 100; round++) {
        pb_rng_shuffle(&r, deck, 52);
        int seen[52] = {0}, ok = 1;
        for (int i = 0; i < 52; i++)
            seen[deck[i]]++;
        for (int i = 0; i < 52; i++)
            ok &= seen[i] == 1;
        ck_assert_msg(ok, "shuffle %d is not a permutation", round);
    }

    /* all 6 orders of 3 cards equally likely: 5 df, P(X^2 > 20.515) = 0.001 */
    uint64_t count[6] = {0};
    for (int i = 0; i < 600000; i++) {
        int a[3] = {0, 1, 2};
        pb_rng_shuffle(&r, a, 3);
        count[a[0] * 2 + (a[1] > a[2])]++; /* first card, then the order of the other two */
    }
    ck_assert_double_lt(chi2_uniform(count, 6, 600000), 20.515);
}
END_TEST

Suite *pb_suite_rng(void)
{
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_splitmix64_reference);
    tcase_add_test(tc, test_xoshiro256ss_reference);
    tcase_add_test(tc, test_seed_formula);
    tcase_add_test(tc, test_determinism_and_streams);
    tcase_add_test(tc, test_d6_uniform);
    tcase_add_test(tc, test_below);
    tcase_add_test(tc, test_shuffle);
    suite_add_tcase(s, tc);
    return s;
}
