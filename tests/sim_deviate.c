/* tests/sim_deviate.c: a coach with one kind of choice replaced (sim/deviate.h). A base coach
 * whose every answer is recognizable: the deviator passes each choice through unchanged except
 * the one it names (every kickoff regular, every try a kick, a punt on the last down and only
 * there), and the names parse back. */
#include <check.h>
#include <string.h>

#include "deviate.h"
#include "strategy.h"

static int calls;

static void b_offense(void *s, const pb_game_view *v, unsigned w[5])
{
    (void)s;
    (void)v;
    calls++;
    for (int i = 0; i < 5; i++)
        w[i] = 10 + i;
}
static void b_defense(void *s, const pb_game_view *v, unsigned w[5])
{
    (void)s;
    (void)v;
    calls++;
    for (int i = 0; i < 5; i++)
        w[i] = 20 + i;
}
static void b_kickoff(void *s, const pb_game_view *v, bool free_kick, unsigned w[2])
{
    (void)s;
    (void)v;
    calls++;
    w[0] = free_kick ? 3 : 1;
    w[1] = 7;
}
static void b_try(void *s, const pb_game_view *v, unsigned w[4])
{
    (void)s;
    (void)v;
    calls++;
    for (int i = 0; i < 4; i++)
        w[i] = 30 + i;
}
static int b_ret(void *s, const pb_game_view *v, int landing)
{
    (void)s;
    (void)v;
    calls++;
    return landing > 50;
}
static int b_end(void *s, const pb_game_view *v, bool as_offense)
{
    (void)s;
    (void)v;
    calls++;
    return as_offense ? 1 : 0;
}
static int b_fg(void *s, const pb_game_view *v)
{
    (void)s;
    calls++;
    return v->togo < 30;
}

static const pb_game_decider BASE = {b_offense, b_defense, b_kickoff, b_try, b_defense, b_ret, b_end, b_fg, NULL, NULL};

START_TEST(replaces_only_the_named_choice)
{
    for (int dev = 0; dev < PB_DEVIATE_COUNT; dev++) {
        pb_deviator d;
        pb_deviator_init(&d, &BASE, (pb_deviation)dev, 4);
        const pb_game_decider *g = &d.as_decider;
        pb_game_view v;
        memset(&v, 0, sizeof v);
        unsigned w[5];
        calls = 0;
        for (int down = 1; down <= 4; down++) {
            v.down = down;
            g->offense(g->self, &v, w);
            int punt = dev == PB_DEVIATE_ALWAYS_PUNT && down == 4;
            for (int i = 0; i < 5; i++)
                ck_assert_uint_eq(w[i], punt ? (i == PB_CALL_PUNT) : 10u + i);
        }
        g->defense(g->self, &v, w);
        ck_assert_uint_eq(w[4], 24);
        for (int fk = 0; fk < 2; fk++) {
            g->kickoff(g->self, &v, fk, w);
            int never = dev == PB_DEVIATE_NEVER_ONSIDE;
            ck_assert_uint_eq(w[0], never ? 1u : fk ? 3u : 1u);
            ck_assert_uint_eq(w[1], never ? 0u : 7u);
        }
        g->try_call(g->self, &v, w);
        for (int i = 0; i < 4; i++)
            ck_assert_uint_eq(w[i], dev == PB_DEVIATE_ALWAYS_PAT ? (i == 0) : 30u + i);
        ck_assert_int_eq(g->ret(g->self, &v, 60), 1);
        ck_assert_int_eq(g->ret(g->self, &v, 20), 0);
        ck_assert_int_eq(g->end_of_half(g->self, &v, true), 1);
        v.togo = 20;
        ck_assert_int_eq(g->final_fg(g->self, &v), 1);
        /* the base was asked every time the deviation did not answer itself */
        int own = dev == PB_DEVIATE_ALWAYS_PUNT ? 1 : dev == PB_DEVIATE_NEVER_ONSIDE ? 2 : 1;
        ck_assert_int_eq(calls, 4 + 1 + 2 + 1 + 2 + 1 + 1 - own);
    }
}
END_TEST

START_TEST(names)
{
    for (int dev = 0; dev < PB_DEVIATE_COUNT; dev++)
        ck_assert_int_eq(pb_deviation_parse(pb_deviation_name((pb_deviation)dev)), dev);
    ck_assert_int_eq(pb_deviation_parse("always-punt"), PB_DEVIATE_ALWAYS_PUNT);
    ck_assert_int_eq(pb_deviation_parse("sometimes"), -1);
    ck_assert_str_eq(pb_deviation_name(PB_DEVIATE_COUNT), "?");
}
END_TEST

Suite *pb_suite_sim_deviate(void)
{
    Suite *s = suite_create("sim_deviate");
    TCase *tc = tcase_create("deviate");
    tcase_add_test(tc, replaces_only_the_named_choice);
    tcase_add_test(tc, names);
    suite_add_tcase(s, tc);
    return s;
}
