/* tests/test_enumerate.c: the exact enumerator against the reference walker, and values
 * worked out by hand (in the comments) for the doubles chain, field goals, PAT, onside kicks,
 * pass completions and punts.
 *
 * The walker drives the same play code but rolls every die literally (21 branches per 2d6
 * roll, every re-roll of a chain), so fast == walker checks the chain program, the lumped
 * rolls (challenge parity, return and kickoff sums) and the re-execution cursor at once. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "enum_internal.h"
#include "exact.h"
#include "enumerate.h"

static pb_ruleset ja, en;

static void load_rules(void)
{
    char err[PB_ERR_MAX];
    ck_assert_msg(pb_ruleset_load(&ja, "v1.11-ja", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_ruleset_load(&en, "v1.11-en", err, sizeof err) == 0, "%s", err);
}

static void release_all(void) { pb_enum_cache_clear(); }

static pb_enum_query play_query(const pb_ruleset *rs, pb_offense off, int def, int card, int togo, int depth)
{
    pb_enum_query q;
    memset(&q, 0, sizeof q);
    q.action = PB_ACTION_PLAY;
    q.sit = pb_situation_default(rs, togo);
    q.offense = off;
    q.defense = def;
    q.card = card;
    q.depth = depth;
    return q;
}

static pb_enum_query action_query(const pb_ruleset *rs, pb_action a, int togo, int depth)
{
    pb_enum_query q = play_query(rs, PB_OFF_RUN, 1, 0, togo, depth);
    q.action = a;
    return q;
}

/* Two distributions are the same when they have the same entries with equal probabilities. */
static void assert_same_dist(const pb_dist *a, const pb_dist *b, const char *what)
{
    ck_assert_msg(a->count == b->count, "%s: %zu entries vs %zu", what, a->count, b->count);
    mpq_t p, q;
    mpq_inits(p, q, NULL);
    for (size_t i = 0; i < a->count; i++) {
        const pb_dist_entry *x = &a->entries[i], *y = &b->entries[i];
        ck_assert_msg(x->kind == y->kind && x->yards == y->yards && x->flags == y->flags,
                      "%s: entry %zu: %s %d %#x vs %s %d %#x", what, i, pb_outcome_name(x->kind), x->yards, x->flags,
                      pb_outcome_name(y->kind), y->yards, y->flags);
        pb_dist_p(a, i, p);
        pb_dist_p(b, i, q);
        ck_assert_msg(mpq_equal(p, q), "%s: %s %d: probabilities differ", what, pb_outcome_name(x->kind), x->yards);
    }
    mpq_clears(p, q, NULL);
}

static void fast_equals_walker(const pb_ruleset *rs, const pb_enum_query *q, const char *what)
{
    pb_play_env env = {rs, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_dist f, w;
    char err[512];
    ck_assert_msg(pb_enumerate(&f, &env, q, err, sizeof err) == 0, "%s: %s", what, err);
    ck_assert_msg(pb_walk(&w, &env, q, err, sizeof err) == 0, "%s: %s", what, err);
    ck_assert_int_eq(pb_dist_check(&f), 0);
    ck_assert_int_eq(pb_dist_check(&w), 0);
    assert_same_dist(&f, &w, what);
    pb_dist_release(&f);
    pb_dist_release(&w);
}

/* P(kind) of a query, canonical, into out. */
static void kind_p(const pb_ruleset *rs, const pb_enum_query *q, pb_outcome_kind k, mpq_t out)
{
    pb_play_env env = {rs, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_dist d;
    char err[512];
    ck_assert_msg(pb_enumerate(&d, &env, q, err, sizeof err) == 0, "%s", err);
    pb_dist_kind_p(&d, k, out);
    pb_dist_release(&d);
}

static void assert_q(const mpq_t got, const char *want, const char *what)
{
    mpq_t w;
    mpq_init(w);
    ck_assert(mpq_set_str(w, want, 10) == 0);
    mpq_canonicalize(w);
    char *g = mpq_get_str(NULL, 10, got);
    ck_assert_msg(mpq_equal(got, w), "%s: got %s, want %s", what, g, want);
    void (*freefunc)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefunc);
    freefunc(g, strlen(g) + 1);
    mpq_clear(w);
}

/* ---- fast == walker ---- */

/* Every offense x defense x card (none, 01-24) at togo 1, 2, 12, 20, 21, 99, both cut after 3
 * re-rolls (issue 3). togo 20/21 straddle the red zone, 1/2 the goal line, 99 the own end zone. */
START_TEST(fast_equals_walker_depth3)
{
    load_rules();
    static const int togos[] = {1, 2, 12, 20, 21, 99};
    char what[128];
    for (size_t t = 0; t < sizeof togos / sizeof *togos; t++)
        for (int off = 0; off < PB_OFFENSE_COUNT; off++)
            for (int def = 1; def <= PB_DEFENSE_COUNT; def++)
                for (int card = 0; card <= PB_CARD_COUNT; card++) {
                    pb_enum_query q = play_query(&ja, (pb_offense)off, def, card, togos[t], 3);
                    snprintf(what, sizeof what, "%s D%d card %d togo %d depth 3", pb_offense_name((pb_offense)off),
                             def, card, togos[t]);
                    fast_equals_walker(&ja, &q, what);
                }
    release_all();
}
END_TEST

/* The English edition differs in D1 Long Pass and the red zone: a sample at its edges. */
START_TEST(fast_equals_walker_en)
{
    load_rules();
    static const int togos[] = {19, 20, 55};
    char what[128];
    for (size_t t = 0; t < 3; t++)
        for (int off = 0; off < PB_OFFENSE_COUNT; off++)
            for (int def = 1; def <= PB_DEFENSE_COUNT; def += 4)
                for (int card = 0; card <= PB_CARD_COUNT; card += 3) {
                    pb_enum_query q = play_query(&en, (pb_offense)off, def, card, togos[t], 3);
                    snprintf(what, sizeof what, "en %s D%d card %d togo %d", pb_offense_name((pb_offense)off), def,
                             card, togos[t]);
                    fast_equals_walker(&en, &q, what);
                }
    release_all();
}
END_TEST

/* Depth 6 on a sample: the cards whose chains matter most (none, 02 interception with a return,
 * 05 challenge after the chain, 15 x4, 18 halving, 22 timeout) on three cells whose chains reach
 * depth 6, and card 04 (a fumble after the chain, then a return with its own chain: the walker
 * rolls 21 x 21 x ... there, so one short cell only). */
START_TEST(fast_equals_walker_depth6)
{
    load_rules();
    static const int cards[] = {0, 2, 5, 15, 18, 22};
    static const struct { pb_offense off; int def, togo; } cells[] = {
        {PB_OFF_RUN, 1, 60}, {PB_OFF_SHORT, 4, 45}, {PB_OFF_LONG, 2, 90}};
    char what[128];
    for (size_t i = 0; i < sizeof cells / sizeof *cells; i++)
        for (size_t c = 0; c < sizeof cards / sizeof *cards; c++) {
            pb_enum_query q = play_query(&ja, cells[i].off, cells[i].def, cards[c], cells[i].togo, 6);
            snprintf(what, sizeof what, "%s D%d card %d togo %d depth 6", pb_offense_name(cells[i].off), cells[i].def,
                     cards[c], cells[i].togo);
            fast_equals_walker(&ja, &q, what);
        }
    pb_enum_query q = play_query(&ja, PB_OFF_RUN, 1, 4, 12, 6);
    fast_equals_walker(&ja, &q, "run D1 card 04 togo 12 depth 6");
    release_all();
}
END_TEST

START_TEST(fast_equals_walker_special_teams)
{
    load_rules();
    char what[128];
    for (int depth = 2; depth <= 5; depth += 3) {
        static const pb_action kicks[] = {PB_ACTION_KICKOFF, PB_ACTION_FREE_KICK, PB_ACTION_ONSIDE,
                                          PB_ACTION_ONSIDE_FREE, PB_ACTION_PAT};
        for (size_t k = 0; k < sizeof kicks / sizeof *kicks; k++) {
            pb_enum_query q = action_query(&ja, kicks[k], 50, depth);
            snprintf(what, sizeof what, "action %d depth %d", (int)kicks[k], depth);
            fast_equals_walker(&ja, &q, what);
        }
        for (int togo = 1; togo <= 99; togo += 7) {
            pb_enum_query q = action_query(&ja, PB_ACTION_PUNT, togo, depth);
            snprintf(what, sizeof what, "punt %d depth %d", togo, depth);
            fast_equals_walker(&ja, &q, what);
            q.action = PB_ACTION_RETURN;
            snprintf(what, sizeof what, "return %d depth %d", togo, depth);
            fast_equals_walker(&ja, &q, what);
            if (togo <= ja.fg_max_togo) {
                q.action = PB_ACTION_FIELD_GOAL;
                snprintf(what, sizeof what, "field goal %d depth %d", togo, depth);
                fast_equals_walker(&en, &q, what);
            }
        }
        for (int off = 0; off < PB_OFFENSE_COUNT; off++)
            for (int def = 1; def <= PB_DEFENSE_COUNT; def++) {
                pb_enum_query q = play_query(&ja, (pb_offense)off, def, 0, 2, depth);
                q.action = PB_ACTION_TWO_POINT;
                snprintf(what, sizeof what, "two-point %d D%d", off, def);
                fast_equals_walker(&ja, &q, what);
            }
    }
    release_all();
}
END_TEST

/* ---- the doubles chain ---- */

/* A run's chain: every re-roll adds its sum. Renewal: the total T of a roll and its re-rolls
 * while doubles has E[T] = 7 + (1/6) E[T] (mean sum 7, doubles 1/6 go again), so
 * E[T] = 42/5; the chain after a doubles is the same process, so its mean is 42/5 too.
 * Cut after K re-rolls, the chains not cut have E[T; not cut] = 42/5 - P(cut) E[T | cut], where
 * a cut chain has made K doubles (mean sum of a doubles: 7) and would go on with mean 42/5:
 * E[T | cut] = 7K + 42/5, P(cut) = (1/6)^K. With a cap no chain reaches (12K < cap), the
 * program must give exactly E[T; not cut] + P(cut) (7K + 42/5) = 42/5. */
START_TEST(chain_mean_is_42_over_5)
{
    pb_chain_spec run = {1, 1, 0, 1};
    char err[256];
    for (int K = 1; K <= 8; K++) {
        int cap = 12 * K + 1;
        const pb_chain_dp *dp = pb_chain_dp_get(&run, K, cap, err, sizeof err);
        ck_assert_msg(dp != NULL, "%s", err);
        mpq_t sum, p, cutp, term;
        mpq_inits(sum, p, cutp, term, NULL);
        int n = pb_chain_dp_options(dp, cap);
        for (int i = 0; i < n; i++) {
            mpz_srcptr num;
            int v = pb_chain_dp_option(dp, cap, i, &num);
            mpz_set(mpq_numref(p), num);
            mpz_set(mpq_denref(p), pb_pow6(pb_chain_dp_exp6(dp)));
            mpq_canonicalize(p);
            ck_assert_msg(v != cap, "depth %d: no chain reaches the cap %d", K, cap);
            if (v == PB_CHAIN_CUT) {
                mpq_set(cutp, p);
            } else {
                mpq_set_si(term, v, 1);
                mpq_mul(term, term, p);
                mpq_add(sum, sum, term);
            }
        }
        /* P(cut) = 6^-K */
        mpq_set_ui(term, 1, 1);
        mpz_ui_pow_ui(mpq_denref(term), 6, (unsigned long)K);
        ck_assert_msg(mpq_equal(cutp, term), "depth %d: P(cut) is not 6^-%d", K, K);
        mpq_set_ui(term, (unsigned long)(35 * K + 42), 5);  /* 7K + 42/5 */
        mpq_mul(term, term, cutp);
        mpq_add(sum, sum, term);
        assert_q(sum, "42/5", "mean of the raw chain total");
        mpq_clears(sum, p, cutp, term, NULL);
    }
    release_all();
}
END_TEST

/* Small totals by hand (no depth, cap 100): T = 3 only as a non-doubles 1-2 (2/36); T = 4 as
 * 1-3 (2/36), not as 1-1 then 2 (no non-doubles sums to 2); T = 5 as 1-4 or 2-3 (4/36), or as
 * 1-1 (1/36) then 1-2 (2/36): 4/36 + 2/1296 = 146/1296 = 73/648. And P(T >= 100) = the tail. */
START_TEST(chain_small_totals)
{
    pb_chain_spec run = {1, 1, 0, 1};
    char err[256];
    const pb_chain_dp *dp = pb_chain_dp_get(&run, 0, 100, err, sizeof err);
    ck_assert(dp != NULL);
    const char *want[] = {"1/18", "1/18", "73/648"};
    mpq_t p, total;
    mpq_inits(p, total, NULL);
    int n = pb_chain_dp_options(dp, 100);
    for (int i = 0; i < n; i++) {
        mpz_srcptr num;
        int v = pb_chain_dp_option(dp, 100, i, &num);
        pb_exact_from_pow6(p, num, pb_chain_dp_exp6(dp));
        mpq_add(total, total, p);
        if (v >= 3 && v <= 5)
            assert_q(p, want[v - 3], "P(T = t)");
        ck_assert_int_ne(v, PB_CHAIN_CUT);
        ck_assert(v >= 3 && v <= 100);
    }
    assert_q(total, "1", "the chain's distribution sums to 1");
    mpq_clears(p, total, NULL);
    release_all();
}
END_TEST

/* One program serves every cap below its own (monotone chain): the options of cap c from the
 * shared program equal those of a program built for exactly c (the construction used for
 * chains that are not monotone), for the run, Long Pass with card 16 (+20 a roll) and the
 * return (x2, doubles x4), with and without a depth. */
START_TEST(chain_caps_agree)
{
    static const pb_chain_spec specs[] = {{1, 1, 0, 1}, {2, 2, 20, 1}, {2, 4, 0, 1}, {1, 1, 0, 2}};
    char err[256];
    mpq_t a, b;
    mpq_inits(a, b, NULL);
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++)
        for (int depth = 0; depth <= 4; depth += 2)
            for (int cap = 1; cap <= 120; cap += 7) {
                const pb_chain_dp *shared = pb_chain_dp_get(&specs[k], depth, cap, err, sizeof err);
                pb_chain_dp *single = pb_chain_dp_build_single(&specs[k], depth, cap);
                ck_assert(shared && single);
                ck_assert_int_eq(pb_chain_dp_options(shared, cap), pb_chain_dp_options(single, cap));
                for (int i = 0; i < pb_chain_dp_options(shared, cap); i++) {
                    mpz_srcptr x, y;
                    int vx = pb_chain_dp_option(shared, cap, i, &x), vy = pb_chain_dp_option(single, cap, i, &y);
                    ck_assert_int_eq(vx, vy);
                    pb_exact_from_pow6(a, x, pb_chain_dp_exp6(shared));
                    pb_exact_from_pow6(b, y, pb_chain_dp_exp6(single));
                    ck_assert_msg(mpq_equal(a, b), "spec %zu depth %d cap %d option %d", k, depth, cap, i);
                }
                pb_chain_dp_free(single);
            }
    mpq_clears(a, b, NULL);
    release_all();
}
END_TEST

/* A ruleset whose chain can stall: card 18 halving by 4 makes a 1-1 re-roll add 0 yards. Without
 * a depth that is an error that says to give one; with a depth, fast == walker. */
START_TEST(chain_forever_needs_depth)
{
    load_rules();
    pb_ruleset *rs = malloc(sizeof *rs);
    *rs = ja;
    rs->card[17].divisor = 4;
    pb_play_env env = {rs, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_enum_query q = play_query(rs, PB_OFF_RUN, 1, 18, 40, 0);
    pb_dist d;
    char err[512];
    ck_assert_int_eq(pb_enumerate(&d, &env, &q, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "--depth") != NULL, "%s", err);
    pb_dist_release(&d);
    for (int depth = 1; depth <= 5; depth += 2) {
        q.depth = depth;
        fast_equals_walker(rs, &q, "card 18 / 4");
        q.offense = PB_OFF_LONG;
        fast_equals_walker(rs, &q, "card 18 / 4, long");
        q.offense = PB_OFF_RUN;
    }
    free(rs);
    release_all();
}
END_TEST

/* ---- values by hand ---- */

/* Field goals (3.6): good if a die shows a number of the row, or on doubles.
 *   row 1-4 (togo <= 20): 1 - (2/6)^2 = 32/36, plus 5-5 and 6-6 (2/36): 34/36 = 17/18
 *   row 1-3 (<= 25):      1 - (3/6)^2 = 27/36, plus 4-4, 5-5, 6-6:       30/36 = 5/6
 *   row 1-2 (<= 30):      1 - (4/6)^2 = 20/36, plus 3-3 .. 6-6:          24/36 = 2/3
 *   row 1   (<= 35):      1 - (5/6)^2 = 11/36, plus 2-2 .. 6-6:          16/36 = 4/9
 *   36..40: doubles only: 6/36 = 1/6.
 * The English rows say "less than": 20 is in the 1-3 row there, 19 in the 1-4 row. */
START_TEST(field_goal_rows)
{
    load_rules();
    static const struct { int togo; const char *ja, *en; } rows[] = {
        {1, "17/18", "17/18"}, {19, "17/18", "17/18"}, {20, "17/18", "5/6"}, {24, "5/6", "5/6"},
        {25, "5/6", "2/3"},    {30, "2/3", "4/9"},     {35, "4/9", "1/6"},   {36, "1/6", "1/6"},
        {40, "1/6", "1/6"}};
    mpq_t p;
    mpq_init(p);
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        pb_enum_query q = action_query(&ja, PB_ACTION_FIELD_GOAL, rows[i].togo, 0);
        kind_p(&ja, &q, PB_OUT_GOOD, p);
        assert_q(p, rows[i].ja, "ja field goal");
        kind_p(&en, &q, PB_OUT_GOOD, p);
        assert_q(p, rows[i].en, "en field goal");
    }
    mpq_clear(p);
    release_all();
}
END_TEST

/* PAT (3.5): ja sum >= 4: 1 - P(2 or 3) = 1 - 3/36 = 33/36 = 11/12; en sum > 4: 1 - 6/36 = 5/6.
 * Onside (3.1): ja 2 x die >= 10: die 5 or 6, 1/3; en > 10: die 6, 1/6. */
START_TEST(pat_and_onside)
{
    load_rules();
    mpq_t p;
    mpq_init(p);
    pb_enum_query q = action_query(&ja, PB_ACTION_PAT, 50, 0);
    kind_p(&ja, &q, PB_OUT_GOOD, p);
    assert_q(p, "11/12", "ja PAT");
    kind_p(&en, &q, PB_OUT_GOOD, p);
    assert_q(p, "5/6", "en PAT");
    q.action = PB_ACTION_ONSIDE;
    kind_p(&ja, &q, PB_OUT_KEPT, p);
    assert_q(p, "1/3", "ja onside");
    kind_p(&en, &q, PB_OUT_KEPT, p);
    assert_q(p, "1/6", "en onside");
    mpq_clear(p);
    release_all();
}
END_TEST

/* The whole onside distribution (ja, from the own 30): die d goes 2d yards; the receiving
 * team starts at 100 - (70 - 2d) = 30 + 2d to go for d = 1..4 (32, 34, 36, 38), the kicking
 * team keeps it at 70 - 2d to go for d = 5, 6 (60, 58); each 1/6. */
START_TEST(onside_distribution)
{
    load_rules();
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_enum_query q = action_query(&ja, PB_ACTION_ONSIDE, 50, 0);
    pb_dist d;
    char err[256];
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    static const struct { pb_outcome_kind k; int yards; } want[] = {
        {PB_OUT_START, 32}, {PB_OUT_START, 34}, {PB_OUT_START, 36}, {PB_OUT_START, 38}, {PB_OUT_KEPT, 58},
        {PB_OUT_KEPT, 60}};
    ck_assert_uint_eq(d.count, 6);
    mpq_t p;
    mpq_init(p);
    for (size_t i = 0; i < 6; i++) {
        ck_assert(d.entries[i].kind == want[i].k && d.entries[i].yards == want[i].yards);
        pb_dist_p(&d, i, p);
        assert_q(p, "1/6", "onside outcome");
    }
    mpq_clear(p);
    pb_dist_release(&d);
    release_all();
}
END_TEST

/* Long Pass, no card, at midfield (togo 50; the end line 60 is beyond any 2 x 12).
 * Defense 4 (numbers 1 2 3): a non-doubles roll is complete when neither die shows 1-3: both in
 * {4,5,6}, not equal: 6 of 36 ordered rolls; doubles are always complete: 6/36. P = 12/36 = 1/3.
 * Defense 1 (ja 4 5 6): both in {1,2,3}: again 6/36 + 6/36 = 1/3; (en 5 6): both in {1..4}, not
 * equal: 12/36, + 6/36 = 1/2 (T-D1-LONG). */
START_TEST(long_pass_complete)
{
    load_rules();
    pb_play_env env_ja = {&ja, {0, 0, 0, 0, 0}, NULL, NULL}, env_en = {&en, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_summary s;
    pb_summary_init(&s);
    pb_dist d;
    char err[256];
    pb_enum_query q = play_query(&ja, PB_OFF_LONG, 4, 0, 50, 0);
    ck_assert(pb_enumerate(&d, &env_ja, &q, err, sizeof err) == 0);
    pb_summarize(&d, &s);
    assert_q(s.complete, "1/3", "ja long vs D4");
    pb_dist_release(&d);
    ck_assert(pb_enumerate(&d, &env_en, &q, err, sizeof err) == 0);
    pb_summarize(&d, &s);
    assert_q(s.complete, "1/3", "en long vs D4");
    pb_dist_release(&d);
    q.defense = 1;
    ck_assert(pb_enumerate(&d, &env_ja, &q, err, sizeof err) == 0);
    pb_summarize(&d, &s);
    assert_q(s.complete, "1/3", "ja long vs D1");
    pb_dist_release(&d);
    ck_assert(pb_enumerate(&d, &env_en, &q, err, sizeof err) == 0);
    pb_summarize(&d, &s);
    assert_q(s.complete, "1/2", "en long vs D1");
    pb_dist_release(&d);
    pb_summary_release(&s);
    release_all();
}
END_TEST

/* Long Pass vs Defense 4 with card 12 (x2) from 15 yards: a complete non-doubles pass gains
 * 2 x 2 x sum >= 32: a touchdown; a doubles roll 1-1 gains 8 and its chain adds >= 4 x 2 = 8 >= 7
 * more: a touchdown too. So td = complete = 1/3 and the rest is incomplete (2/3). */
START_TEST(card12_long_from_15)
{
    load_rules();
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_enum_query q = play_query(&ja, PB_OFF_LONG, 4, 12, 15, 0);
    pb_dist d;
    char err[256];
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    pb_summary s;
    pb_summary_init(&s);
    pb_summarize(&d, &s);
    assert_q(s.td, "1/3", "td");
    assert_q(s.complete, "1/3", "complete");
    assert_q(s.first_down, "0", "first down");
    mpq_t p;
    mpq_init(p);
    pb_dist_kind_p(&d, PB_OUT_INCOMPLETE, p);
    assert_q(p, "2/3", "incomplete");
    mpq_clear(p);
    pb_summary_release(&s);
    pb_dist_release(&d);
    release_all();
}
END_TEST

/* A punt from 40 to go stops at the goal line (landing 100). A return from there is uncapped
 * in expectation at most E[R] = (mean step) / (1 - 1/6), mean step (30 x 2 x 7 + 6 x 4 x 7) / 36
 * = 49/3, so E[R] <= 98/5 and E[start] >= 100 - 98/5 = 402/5 > 80: the touchback is better, and
 * the receiving team starts at 80 with probability 1. From 60 to go (landing 90) returning is
 * better (E[start] <= 90 - 6 < 80): no touchback. */
START_TEST(punt_touchback_or_return)
{
    load_rules();
    mpq_t p;
    mpq_init(p);
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_enum_query q = action_query(&ja, PB_ACTION_PUNT, 40, 0);
    pb_dist d;
    char err[256];
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    ck_assert_uint_eq(d.count, 1);
    ck_assert(d.entries[0].kind == PB_OUT_START && d.entries[0].yards == 80);
    ck_assert(d.entries[0].flags & PB_FLAG_TOUCHBACK);
    pb_dist_release(&d);
    q.sit.togo = 60;
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    for (size_t i = 0; i < d.count; i++)
        ck_assert(!(d.entries[i].flags & PB_FLAG_TOUCHBACK));
    pb_dist_release(&d);
    /* and the exact evaluator agrees: E[start after a return from 100] > 80 */
    const pb_evaluator *ev = pb_enum_evaluator();
    ck_assert(ev->expect_return(ev, &ja, 100, p) == 0);
    mpq_t eighty;
    mpq_init(eighty);
    mpq_set_ui(eighty, 402, 5);
    ck_assert(mpq_cmp(p, eighty) >= 0);
    mpq_clears(p, eighty, NULL);
    release_all();
}
END_TEST

/* The deck is the average of the 24 cards: computed independently here with mpq sums. */
START_TEST(deck_is_the_average)
{
    load_rules();
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    char err[256];
    mpq_t avg, p, n24;
    mpq_inits(avg, p, n24, NULL);
    mpq_set_ui(n24, 1, 24);
    pb_summary s;
    pb_summary_init(&s);
    for (int card = 1; card <= PB_CARD_COUNT; card++) {
        pb_enum_query q = play_query(&ja, PB_OFF_SHORT, 2, card, 30, 0);
        pb_dist d;
        ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
        pb_summarize(&d, &s);
        mpq_mul(p, s.td, n24);
        mpq_add(avg, avg, p);
        pb_dist_release(&d);
    }
    pb_enum_query q = play_query(&ja, PB_OFF_SHORT, 2, PB_CARD_DECK, 30, 0);
    pb_dist d;
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    ck_assert_int_eq(pb_dist_check(&d), 0);
    pb_summarize(&d, &s);
    ck_assert(mpq_equal(s.td, avg));
    pb_dist_release(&d);
    pb_summary_release(&s);
    mpq_clears(avg, p, n24, NULL);
    release_all();
}
END_TEST

/* The grid's summary path (returns after turnovers not branched) gives the summaries of the
 * full distribution, for every offense x defense x card at a few togo values. */
START_TEST(summary_path_agrees)
{
    load_rules();
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    static const int togos[] = {1, 20, 57, 99};
    char err[256];
    pb_summary a, b;
    pb_summary_init(&a);
    pb_summary_init(&b);
    for (size_t t = 0; t < 4; t++)
        for (int off = 0; off < PB_OFFENSE_COUNT; off++)
            for (int def = 1; def <= PB_DEFENSE_COUNT; def += 2)
                for (int card = 0; card <= PB_CARD_COUNT; card++) {
                    pb_enum_query q = play_query(&ja, (pb_offense)off, def, card, togos[t], 0);
                    pb_dist d;
                    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
                    pb_summarize(&d, &a);
                    pb_dist_release(&d);
                    ck_assert(pb_enumerate_summary(&b, &env, &q, err, sizeof err) == 0);
                    ck_assert_msg(mpq_equal(a.td, b.td) && mpq_equal(a.turnover, b.turnover) &&
                                      mpq_equal(a.safety, b.safety) && mpq_equal(a.complete, b.complete) &&
                                      mpq_equal(a.first_down, b.first_down) && mpq_equal(a.mean_yards, b.mean_yards) &&
                                      mpq_equal(a.cut, b.cut),
                                  "summaries differ: %d D%d card %d togo %d", off, def, card, togos[t]);
                }
    pb_summary_release(&a);
    pb_summary_release(&b);
    release_all();
}
END_TEST

/* The evaluator's value of a play is E[pb_play_value] of its distribution, computed here
 * independently from pb_enumerate (a run at 25 to go, no card: value = yards, td = 25). */
START_TEST(evaluator_expectation)
{
    load_rules();
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_enum_query q = play_query(&ja, PB_OFF_RUN, 3, 0, 25, 0);
    pb_dist d;
    char err[256];
    ck_assert(pb_enumerate(&d, &env, &q, err, sizeof err) == 0);
    mpq_t e, p, v;
    mpq_inits(e, p, v, NULL);
    for (size_t i = 0; i < d.count; i++) {
        pb_result r;
        memset(&r, 0, sizeof r);
        r.kind = d.entries[i].kind;
        r.yards = d.entries[i].yards;
        pb_dist_p(&d, i, p);
        mpq_set_si(v, pb_play_value(&r, 25), 1);
        mpq_mul(v, v, p);
        mpq_add(e, e, v);
    }
    pb_situation s = pb_situation_default(&ja, 25);
    pb_call c = {PB_OFF_RUN, 3, 0, PB_TIMEOUT_POLICY};
    const pb_evaluator *ev = pb_enum_evaluator();
    ck_assert(ev->expect_play(ev, &ja, &env.policies, &s, &c, p) == 0);
    ck_assert(mpq_equal(e, p));
    ck_assert(ev->expect_play(ev, &ja, &env.policies, &s, &c, p) == 0);  /* from the cache */
    ck_assert(mpq_equal(e, p));
    mpq_clears(e, p, v, NULL);
    pb_dist_release(&d);
    release_all();
}
END_TEST

/* Bad queries: one message, no distribution. */
START_TEST(bad_queries)
{
    load_rules();
    pb_play_env env = {&ja, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_dist d;
    char err[256];
    pb_enum_query q = action_query(&ja, PB_ACTION_FIELD_GOAL, 41, 0);
    ck_assert_int_eq(pb_enumerate(&d, &env, &q, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "41") != NULL, "%s", err);
    pb_dist_release(&d);
    q = play_query(&ja, PB_OFF_RUN, 6, 0, 50, 0);
    ck_assert_int_eq(pb_enumerate(&d, &env, &q, err, sizeof err), -1);
    pb_dist_release(&d);
    q = play_query(&ja, PB_OFF_RUN, 1, 25, 50, 0);
    ck_assert_int_eq(pb_enumerate(&d, &env, &q, err, sizeof err), -1);
    pb_dist_release(&d);
    q = play_query(&ja, PB_OFF_RUN, 1, 0, 50, 0);
    q.sit.togo = 100;
    ck_assert_int_eq(pb_enumerate(&d, &env, &q, err, sizeof err), -1);
    pb_dist_release(&d);
    q = play_query(&ja, PB_OFF_RUN, 1, 0, 50, 0);
    ck_assert_int_eq(pb_walk(&d, &env, &q, err, sizeof err), -1);  /* the walker needs a depth */
    pb_dist_release(&d);
    release_all();
}
END_TEST

/* A whole return drawn at once (return_dp.c, depth 0) against the return rolled die by die
 * (the same code path special.c takes at any depth > 0): at depth 20 no return chain can be cut
 * (every re-roll adds at least 3 x 2 = 6 yards, so 17 re-rolls pass any spot), so both must be
 * the same exact distribution, from every spot, in both editions; and the plays whose turnovers
 * are returned (cards 02 and 04) likewise where their own chain cannot be cut either (the Long
 * Pass re-roll adds >= 4 yards: depth 30 passes togo 99 plus the 10-yard end zone). */
START_TEST(return_draw_equals_rolled_return)
{
    load_rules();
    const pb_ruleset *rss[] = {&ja, &en};
    char err[256];
    for (int r = 0; r < 2; r++) {
        pb_play_env env = {rss[r], {0, 0, 0, 0, 0}, NULL, NULL};
        for (int from = 1; from <= 99; from++) {
            pb_enum_query q0 = action_query(rss[r], PB_ACTION_RETURN, from, 0);
            pb_enum_query q20 = action_query(rss[r], PB_ACTION_RETURN, from, 20);
            pb_dist a, b;
            ck_assert(pb_enumerate(&a, &env, &q0, err, sizeof err) == 0);
            ck_assert(pb_enumerate(&b, &env, &q20, err, sizeof err) == 0);
            char what[160];
            snprintf(what, sizeof what, "return from %d (%s)", from, rss[r]->name);
            assert_same_dist(&a, &b, what);
            pb_dist_release(&a);
            pb_dist_release(&b);
        }
        static const int togos[] = {1, 7, 33, 60, 99};
        for (int c = 2; c <= 4; c += 2)
            for (int def = 1; def <= 5; def += 2)
                for (size_t t = 0; t < sizeof togos / sizeof togos[0]; t++) {
                    pb_enum_query q0 = play_query(rss[r], PB_OFF_LONG, def, c, togos[t], 0);
                    pb_enum_query q30 = play_query(rss[r], PB_OFF_LONG, def, c, togos[t], 30);
                    pb_dist a, b;
                    ck_assert(pb_enumerate(&a, &env, &q0, err, sizeof err) == 0);
                    ck_assert(pb_enumerate(&b, &env, &q30, err, sizeof err) == 0);
                    char what[160];
                    snprintf(what, sizeof what, "long, D%d, card %02d, togo %d (%s)", def, c, togos[t], rss[r]->name);
                    assert_same_dist(&a, &b, what);
                    pb_dist_release(&a);
                    pb_dist_release(&b);
                }
    }
    release_all();
}
END_TEST

Suite *pb_suite_enumerate(void)
{
    Suite *s = suite_create("enumerate");
    TCase *tc = tcase_create("values");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, chain_mean_is_42_over_5);
    tcase_add_test(tc, chain_small_totals);
    tcase_add_test(tc, chain_caps_agree);
    tcase_add_test(tc, chain_forever_needs_depth);
    tcase_add_test(tc, field_goal_rows);
    tcase_add_test(tc, pat_and_onside);
    tcase_add_test(tc, onside_distribution);
    tcase_add_test(tc, long_pass_complete);
    tcase_add_test(tc, card12_long_from_15);
    tcase_add_test(tc, punt_touchback_or_return);
    tcase_add_test(tc, deck_is_the_average);
    tcase_add_test(tc, summary_path_agrees);
    tcase_add_test(tc, evaluator_expectation);
    tcase_add_test(tc, bad_queries);
    tcase_add_test(tc, return_draw_equals_rolled_return);
    suite_add_tcase(s, tc);
    return s;
}

/* The fast enumerator against the reference walker, a suite of its own (minutes: tests/check.sh
 * runs it beside the others). Under the sanitizer the depth-3 walk (3.5 minutes sanitized) is
 * left to the plain build: depth 6 and the others walk the same code. */
Suite *pb_suite_walker(void)
{
    Suite *s = suite_create("walker");
    const struct { const char *name; const TTest *test; } walks[] = {
        {"walker3", fast_equals_walker_depth3}, {"walker_en", fast_equals_walker_en},
        {"walker6", fast_equals_walker_depth6}, {"walker_special", fast_equals_walker_special_teams}};
    for (size_t i = 0; i < sizeof walks / sizeof *walks; i++) {
#ifdef __SANITIZE_ADDRESS__
        if (walks[i].test == fast_equals_walker_depth3)
            continue;
#endif
        TCase *walk = tcase_create(walks[i].name);
        tcase_set_timeout(walk, 600);
        tcase_add_test(walk, walks[i].test);
        suite_add_tcase(s, walk);
    }
    return s;
}
