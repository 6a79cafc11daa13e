/* tests/tune.c: the tune engine (tune/tune.h). Values derived independently: the PAT's rows are
 * P(sum of two dice >= k), counted here over the 36 rolls; a grid's rows are what `ask` answers
 * of the same ruleset loaded from the edited text; the bisection against the grid on a monotone
 * target; a planted non-monotone target must be caught; each bad input refused before any
 * evaluation; the output the same for 1 and 2 threads; JSON rows read back; the drive solver's
 * play cells kept between two solves whose rulesets differ in a kick give the solve itself. */
#include <check.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drive.h"
#include "exact.h"
#include "tune.h"

static pb_tune *make(pb_tune_opts *o, const char *vary, const char *target, char *err, size_t errlen)
{
    pb_tune *t = NULL;
    ck_assert_msg(pb_tune_new(&t, o, err, errlen) == 0, "%s", err);
    if (vary && pb_tune_vary(t, vary, err, errlen) != 0)
        return t;
    if (target && pb_tune_target(t, target, NULL, err, errlen) != 0)
        return t;
    return t;
}

static pb_tune *run(pb_tune_opts *o, const char *vary, const char *target)
{
    char err[2048] = "";
    pb_tune *t = make(o, vary, target, err, sizeof err);
    ck_assert_msg(!err[0], "%s", err);
    ck_assert_msg(pb_tune_prepare(t, err, sizeof err) == 0, "%s", err);
    bool usage;
    ck_assert_msg(pb_tune_run(t, &usage, err, sizeof err) == 0, "%s", err);
    return t;
}

/* P(a + b >= k) over the 36 rolls of two dice, counted */
static void two_dice_at_least(int k, mpq_t out)
{
    unsigned long n = 0;
    for (int a = 1; a <= 6; a++)
        for (int b = 1; b <= 6; b++)
            n += a + b >= k;
    mpq_set_ui(out, n, 36);
    mpq_canonicalize(out);
}

START_TEST(pat_rows_are_two_dice)
{
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    o.goal = PB_TUNE_GOAL_EQUAL;
    o.equal = "0.9";
    pb_tune *t = run(&o, "pat.kick_at_least=2..12", "P(success) kick=pat");
    ck_assert_int_eq(pb_tune_nrows(t), 11);
    mpq_t want;
    mpq_init(want);
    for (long r = 0; r < 11; r++) {
        const pb_tune_row *row = pb_tune_row_at(t, r);
        two_dice_at_least((int)r + 2, want);
        ck_assert(row->t[0].exact && row->t[0].defined);
        ck_assert_msg(mpq_equal(row->t[0].q, want), "kick_at_least %ld", r + 2);
        /* 36/36, 35/36, 33/36, 30/36, ... 1/36 */
        static const unsigned long of36[] = {36, 35, 33, 30, 26, 21, 15, 10, 6, 3, 1};
        mpq_set_ui(want, of36[r], 36);
        mpq_canonicalize(want);
        ck_assert(mpq_equal(row->t[0].q, want));
        ck_assert_int_eq(row->best, r + 2 == 4);
    }
    ck_assert_int_eq(pb_tune_nbest(t), 1);
    mpq_clear(want);
    pb_tune_free(t);
}
END_TEST

/* Each row equals `ask` of the ruleset the row's text loads to (by name, as a file would). */
START_TEST(rows_are_asks_answers)
{
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    const char *target = "P(first_down or td) offense=run defense=3 togo=40 card=deck";
    pb_tune *t = run(&o, "defense 3.run=0..6/3", target);
    ck_assert_int_eq(pb_tune_nrows(t), 3);
    for (long r = 0; r < 3; r++) {
        char err[1024];
        char *text = pb_tune_row_text(t, r, err, sizeof err);
        ck_assert(text != NULL);
        char path[] = "/tmp/pb_test_tune_XXXXXX";
        int fd = mkstemp(path);
        ck_assert(fd >= 0);
        FILE *f = fdopen(fd, "w");
        fputs(text, f);
        fclose(f);
        free(text);
        pb_ask_query q;
        pb_ask_error e;
        ck_assert(pb_ask_parse(&q, target, NULL, &e) == 0);
        pb_ask_defaults d;
        pb_ask_defaults_init(&d);
        d.ruleset = path;
        pb_ask_plan *p = malloc(sizeof *p);
        pb_ask_result *res = malloc(sizeof *res);
        ck_assert(pb_ask_plan_init(p, &q, &d, NULL, &e) == 0);
        ck_assert(pb_ask_run(p, res, err, sizeof err) == 0);
        mpq_t a;
        mpq_init(a);
        ck_assert(pb_ask_answer(p, res, 0, -1, 0, a));
        ck_assert_msg(mpq_equal(a, pb_tune_row_at(t, r)->t[0].q), "row %ld", r);
        ck_assert_int_eq(p->rules[0].defense[2].run_value, (int)r * 3);
        mpq_clear(a);
        pb_ask_result_release(res);
        pb_ask_plan_release(p);
        free(p);
        free(res);
        unlink(path);
    }
    /* and the run value 3 lowers it: the rows differ */
    ck_assert(!mpq_equal(pb_tune_row_at(t, 0)->t[0].q, pb_tune_row_at(t, 1)->t[0].q));
    pb_tune_free(t);
}
END_TEST

START_TEST(bisection_is_the_grid)
{
    static const char *const xs[] = {"0.9", "1/2", "0.25", "0.05", "1/3", "2", "-1", "7/12"};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        pb_tune_opts o;
        pb_tune_opts_init(&o);
        o.goal = PB_TUNE_GOAL_EQUAL;
        o.equal = xs[i];
        pb_tune *grid = run(&o, "pat.kick_at_least=2..12", "P(success) kick=pat");
        o.bisect = true;
        pb_tune *bis = run(&o, "pat.kick_at_least=2..12", "P(success) kick=pat");
        ck_assert_int_eq(pb_tune_nbest(grid), pb_tune_nbest(bis));
        ck_assert_int_ge(pb_tune_nbest(grid), 1);   /* 1/2: 7/12 and 5/12 tie */
        ck_assert_int_le(pb_tune_bisection_info(bis)->evaluations, 6);
        unsigned gb = 0, bb = 0;
        for (long r = 0; r < pb_tune_nrows(grid); r++)
            if (pb_tune_row_at(grid, r)->best)
                gb |= 1u << pb_tune_row_at(grid, r)->idx[0];
        for (long r = 0; r < pb_tune_nrows(bis); r++)
            if (pb_tune_row_at(bis, r)->best)
                bb |= 1u << pb_tune_row_at(bis, r)->idx[0];
        ck_assert_msg(gb == bb && gb, "X %s: grid %x, bisection %x", xs[i], gb, bb);
        pb_tune_free(grid);
        pb_tune_free(bis);
    }
}
END_TEST

START_TEST(non_monotone_is_caught)
{
    /* P(gain = 5) of a run against Defense 1 rises from run value 0 to 2 and falls to 5 */
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    o.goal = PB_TUNE_GOAL_EQUAL;
    o.equal = "0.1";
    o.bisect = true;
    char err[2048] = "";
    pb_tune *t = make(&o, "defense 1.run=0..5", "P(gain = 5) offense=run defense=1 togo=50 card=none", err, sizeof err);
    ck_assert(pb_tune_prepare(t, err, sizeof err) == 0);
    bool usage;
    ck_assert_int_eq(pb_tune_run(t, &usage, err, sizeof err), 1);
    ck_assert_msg(strstr(err, "not monotone in defense 1.run") != NULL, "%s", err);
    ck_assert_int_eq(pb_tune_nbest(t), 0);
    pb_tune_free(t);
    /* the whole order checked catches what the bisection's points miss: 0..6 of P(gain = 3) */
    pb_tune_opts_init(&o);
    o.goal = PB_TUNE_GOAL_EQUAL;
    o.equal = "0.1";
    o.bisect = true;
    t = make(&o, "defense 1.run=0..6", "P(gain = 3) offense=run defense=1 togo=50 card=none", err, sizeof err);
    ck_assert(pb_tune_prepare(t, err, sizeof err) == 0);
    ck_assert_int_eq(pb_tune_run(t, &usage, err, sizeof err), 0);   /* not seen: assumed */
    pb_tune_free(t);
    o.check_monotone = true;
    t = make(&o, "defense 1.run=0..6", "P(gain = 3) offense=run defense=1 togo=50 card=none", err, sizeof err);
    ck_assert(pb_tune_prepare(t, err, sizeof err) == 0);
    ck_assert_int_eq(pb_tune_run(t, &usage, err, sizeof err), 1);
    ck_assert_msg(strstr(err, "not monotone") != NULL, "%s", err);
    pb_tune_free(t);
}
END_TEST

static void refused(const char *vary, const char *target, const char *want)
{
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    char err[2048] = "";
    pb_tune *t = make(&o, vary, target, err, sizeof err);
    if (!err[0])
        pb_tune_prepare(t, err, sizeof err);
    ck_assert_msg(strstr(err, want) != NULL, "--vary %s --target %s: got '%s', want '%s'", vary, target, err, want);
    pb_tune_free(t);
}

START_TEST(bad_input_is_refused)
{
    refused("pat.kick_at_lest=2..12", "P(success) kick=pat", "--vary: unknown key 'pat.kick_at_lest'");
    refused("pat=2..12", "P(success) kick=pat", "--vary: unknown key 'pat'");
    refused("pat.kick_at_least=5..2", "P(success) kick=pat", "the range '5..2' has no values");
    refused("pat.kick_at_least=", "P(success) kick=pat", "no values");
    refused("pat.kick_at_least=2..3", "best togo=35 down=4 ytg=3", "is a choice, not a number");
    refused("pat.kick_at_least=2..3", "P(sucess) kick=pat", "unknown event 'sucess'");
    refused("pat.kick_at_least=2..3", "WP half=2 left=1 lead=0 togo=50", "it needs --game");
    refused("pat.kick_at_least=2..3", "P(success) kick=pat vs v1.11-en", "compares two rulesets");
    refused("punt.distance=40,-5", "P(success) kick=pat", "punt.distance=-5: the ruleset refuses it");
    refused("defense 5.run=4,x", "P(success) kick=pat", "defense 5.run=x: the ruleset refuses it");
    refused("field_goal.within_30={1|7}", "P(success) kick=pat", "field_goal.within_30=7: the ruleset refuses it");
    refused("END-LINE=gt,xx", "P(success) kick=pat", "END-LINE=xx: the ruleset refuses it");
    refused("ruleset.name=a,b", "P(success) kick=pat", "the ruleset's name, not a rule");
    refused("punt.distance=40;x", "P(success) kick=pat", "a value may not hold");
}
END_TEST

START_TEST(threads_give_the_same_rows)
{
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    o.goal = PB_TUNE_GOAL_MAX;
    const char *target = "E(yards) offense=short defense=2 togo=30";
    o.threads = 1;
    pb_tune *a = run(&o, "pass.short_multiplier=1..3", target);
    o.threads = 2;
    pb_tune *b = run(&o, "pass.short_multiplier=1..3", target);
    char *ja = pb_tune_json(a), *jb = pb_tune_json(b);
    ck_assert_str_eq(ja, jb);
    /* and JSON reads back: 3 rows, exact fractions, the largest row the best */
    json_error_t e;
    json_t *root = json_loads(ja, 0, &e);
    ck_assert(root != NULL);
    ck_assert_int_eq(json_array_size(json_object_get(root, "rows")), 3);
    json_t *best = json_array_get(json_object_get(root, "best"), 0);
    long top = 0;
    for (long r = 1; r < 3; r++)
        if (mpq_cmp(pb_tune_row_at(a, r)->t[0].q, pb_tune_row_at(a, top)->t[0].q) > 0)
            top = r;
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(best, "set"), "pass.short_multiplier")), top + 1);
    mpq_t q;
    mpq_init(q);
    ck_assert(mpq_set_str(q, json_string_value(json_object_get(best, "value")), 10) == 0);
    ck_assert(mpq_equal(q, pb_tune_row_at(a, top)->t[0].q));
    ck_assert(json_is_real(json_object_get(best, "decimal")) || json_is_integer(json_object_get(best, "decimal")));
    mpq_clear(q);
    json_decref(root);
    free(ja);
    free(jb);
    pb_tune_free(a);
    pb_tune_free(b);
}
END_TEST

START_TEST(a_difference_subtracts_exactly)
{
    pb_tune_opts o;
    pb_tune_opts_init(&o);
    pb_tune *t = run(&o, "pat.kick_at_least=4,7", "P(success) kick=pat - P(success) kick=fg togo=30");
    mpq_t want, fg;
    mpq_inits(want, fg, NULL);
    mpq_set_ui(fg, 2, 3);   /* a die shows 1 or 2 (20/36), or doubles 3-3..6-6 (4/36) */
    two_dice_at_least(4, want);
    mpq_sub(want, want, fg);
    ck_assert(mpq_equal(pb_tune_row_at(t, 0)->t[0].q, want));
    two_dice_at_least(7, want);
    mpq_sub(want, want, fg);
    ck_assert(mpq_equal(pb_tune_row_at(t, 1)->t[0].q, want));
    mpq_clears(want, fg, NULL);
    pb_tune_free(t);
}
END_TEST

/* The drive solver keeps one solve's play cells for the next whose ruleset differs only in its
 * kicks: the solve of B after A (cells copied) is the solve of B alone (cells enumerated), state
 * by state, bit for bit; and a ruleset whose plays differ is not given A's cells. */
static pb_drive *solve_rules(const pb_ruleset *rs)
{
    pb_drive_opts o;
    memset(&o, 0, sizeof o);
    o.rules = rs;
    o.threads = 2;
    pb_drive *d = NULL;
    char err[512];
    ck_assert_msg(pb_drive_solve(&d, &o, err, sizeof err) == 0, "%s", err);
    return d;
}

static void same_states(const pb_drive *a, const pb_drive *b, bool want_same)
{
    long differ = 0;
    for (int togo = 1; togo <= 99; togo++)
        for (int down = 1; down <= 4; down++)
            for (int ytg = 1; ytg <= togo && ytg <= 20; ytg++) {
                pb_drive_state x, y;
                if (pb_drive_get(a, togo, down, ytg, &x) != 0)
                    continue;
                ck_assert(pb_drive_get(b, togo, down, ytg, &y) == 0);
                differ += memcmp(&x.ep, &y.ep, sizeof x.ep) != 0 || memcmp(&x.bound, &y.bound, sizeof x.bound) != 0;
            }
    if (want_same)
        ck_assert_msg(differ == 0, "%ld states differ", differ);
    else
        ck_assert_msg(differ > 0, "no state differs");
}

START_TEST(kept_play_cells_are_the_solve)
{
    static pb_ruleset a, b, c;
    char err[512];
    ck_assert(pb_ruleset_load(&a, "v1.11-ja", err, sizeof err) == 0);
    b = a;
    b.punt_distance = 40;
    b.fg_rows[2].faces = PB_FACE(1) | PB_FACE(2) | PB_FACE(3);
    b.pat_kick_at_least = 6;
    b.kickoff_base = 45;
    c = a;
    c.defense[2].run_value = 4;   /* a play number: its cells must be enumerated again */
    pb_drive_cache_clear();
    pb_drive *alone = solve_rules(&b);
    pb_drive_cache_clear();
    pb_drive *first = solve_rules(&a);
    pb_drive *after = solve_rules(&b);   /* a's cells kept */
    same_states(alone, after, true);
    same_states(first, after, false);
    pb_drive *c_after = solve_rules(&c);   /* b's cells kept: not c's */
    pb_drive_cache_clear();
    pb_drive *c_alone = solve_rules(&c);
    same_states(c_alone, c_after, true);
    pb_drive_cache_clear();
    pb_drive_free(alone);
    pb_drive_free(first);
    pb_drive_free(after);
    pb_drive_free(c_after);
    pb_drive_free(c_alone);
}
END_TEST

Suite *pb_suite_tune(void)
{
    Suite *s = suite_create("tune");
    TCase *c = tcase_create("tune");
    tcase_set_timeout(c, 120);
    tcase_add_test(c, pat_rows_are_two_dice);
    tcase_add_test(c, rows_are_asks_answers);
    tcase_add_test(c, bisection_is_the_grid);
    tcase_add_test(c, non_monotone_is_caught);
    tcase_add_test(c, bad_input_is_refused);
    tcase_add_test(c, threads_give_the_same_rows);
    tcase_add_test(c, a_difference_subtracts_exactly);
    suite_add_tcase(s, c);
    TCase *drive = tcase_create("drive");
    tcase_set_timeout(drive, 600);
    tcase_add_test(drive, kept_play_cells_are_the_solve);
    suite_add_tcase(s, drive);
    return s;
}
