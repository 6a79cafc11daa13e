/* tests/ask.c: `paperbowl ask`: the question reader (what it reads, where its errors point,
 * what the fuzzer found), the event evaluator on hand-made distributions, and answers checked
 * against values derived by hand (in the comments) or by summing pb_enumerate's entries; the
 * drive solver's measures (E(next_score), best) against the solver itself, and --weight field
 * against the kickoff's exact start distribution. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ask.h"
#include "ask_internal.h"   /* pb_ask_cell_state */
#include "drive.h"
#include "exact.h"

/* ---- helpers ---- */
static pb_ask_query query;  /* large: static */

static void parse_ok(const char *text, const pb_ask_defines *defs)
{
    pb_ask_error e;
    int st = pb_ask_parse(&query, text, defs, &e);
    ck_assert_msg(st == 0, "'%s': %d:%s", text, e.offset, e.msg);
}

/* Parse must fail at column `col` with a message containing `want`. */
static void parse_fails(const char *text, const pb_ask_defines *defs, int col, const char *want)
{
    pb_ask_error e;
    int st = pb_ask_parse(&query, text, defs, &e);
    ck_assert_msg(st != 0, "'%s' was accepted", text);
    char buf[1024];
    pb_ask_error_format(&e, text, defs, 1, buf, sizeof buf);
    char at[32];
    snprintf(at, sizeof at, "1:%d: ", col);
    ck_assert_msg(strstr(buf, at) != NULL, "'%s': got '%s', want column %d", text, buf, col);
    ck_assert_msg(strstr(buf, want) != NULL, "'%s': got '%s', want '%s'", text, buf, want);
    char ctx[2048];
    pb_ask_error_context(&e, text, defs, ctx, sizeof ctx);
    ck_assert(strchr(ctx, '^') != NULL);
}

static bool set_is(const pb_ask_set *s, const int *v, int n)
{
    if (s->n != n)
        return false;
    for (int i = 0; i < n; i++)
        if (s->v[i] != v[i])
            return false;
    return true;
}

/* The answer of side `side` as a canonical string "num/den" (or "undefined"). */
static char *answer_of(const char *text, const pb_ask_defines *defs, const pb_ask_weights *w, int side)
{
    static pb_ask_plan plan;
    pb_ask_error e;
    pb_ask_defaults d;
    pb_ask_defaults_init(&d);
    ck_assert_msg(pb_ask_parse(&query, text, defs, &e) == 0, "'%s': %s", text, e.msg);
    ck_assert_msg(pb_ask_plan_init(&plan, &query, &d, w, &e) == 0, "'%s': %s", text, e.msg);
    pb_ask_result r;
    char err[512];
    ck_assert_msg(pb_ask_run(&plan, &r, err, sizeof err) == 0, "'%s': %s", text, err);
    mpq_t v;
    mpq_init(v);
    char *out;
    if (pb_ask_answer(&plan, &r, side, -1, 0, v)) {
        out = malloc(pb_exact_fraction_size(v));
        pb_exact_fraction(out, pb_exact_fraction_size(v), v);
    } else {
        out = strdup("undefined");
    }
    mpq_clear(v);
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);
    return out;
}

static void answer_is(const char *text, const char *want)
{
    char *got = answer_of(text, NULL, NULL, 0);
    ck_assert_msg(strcmp(got, want) == 0, "'%s': got %s, want %s", text, got, want);
    free(got);
}

/* ---- the reader ---- */
START_TEST(reads_the_issue_examples)
{
    parse_ok("P(complete) offense=long defense=4 zone=red", NULL);
    ck_assert_int_eq(query.measure, PB_ASK_MEASURE_P);
    ck_assert_int_eq(query.nodes[query.event].kind, PB_ASK_ATOM);
    ck_assert_int_eq(query.nodes[query.event].atom, PB_ASK_COMPLETE);
    ck_assert(set_is(&query.dim[PB_ASK_DIM_OFFENSE], (int[]){PB_OFF_LONG}, 1));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_DEFENSE], (int[]){4}, 1));
    ck_assert_int_eq(query.zone, PB_ASK_ZONE_RED);

    parse_ok("P(gain>=10 or td) offense=run defense=5 card=deck togo=30..40", NULL);
    char buf[256];
    pb_ask_event_text(&query, query.event, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "gain >= 10 or td");
    ck_assert(set_is(&query.dim[PB_ASK_DIM_CARD], (int[]){PB_CARD_DECK}, 1));
    ck_assert_int_eq(query.dim[PB_ASK_DIM_TOGO].n, 11);
    ck_assert_int_eq(query.dim[PB_ASK_DIM_TOGO].v[0], 30);
    ck_assert_int_eq(query.dim[PB_ASK_DIM_TOGO].v[10], 40);

    parse_ok("P(turnover) offense=long card=02", NULL);
    ck_assert(set_is(&query.dim[PB_ASK_DIM_CARD], (int[]){2}, 1));
    ck_assert_int_eq(query.dim[PB_ASK_DIM_DEFENSE].n, 0);  /* left open */

    parse_ok("E(yards) offense=short defense=* togo=50", NULL);
    ck_assert_int_eq(query.measure, PB_ASK_MEASURE_E);
    ck_assert_int_eq(query.quantity, PB_ASK_Q_YARDS);
    ck_assert(set_is(&query.dim[PB_ASK_DIM_DEFENSE], (int[]){1, 2, 3, 4, 5}, 5));

    parse_ok("P(success) kick=fg togo=36", NULL);
    ck_assert_int_eq(query.action, PB_ACTION_FIELD_GOAL);

    pb_ask_defines defs = {{{"beat", "first_down or td"}}, 1};
    parse_ok("P(beat) offense=long defense=4 zone=red", &defs);
    ck_assert_int_eq(query.nodes[query.event].kind, PB_ASK_DEF);
    pb_ask_event_text(&query, query.event, &defs, buf, sizeof buf);
    ck_assert_str_eq(buf, "beat");
    pb_ask_event_text(&query, query.nodes[query.event].a, &defs, buf, sizeof buf);
    ck_assert_str_eq(buf, "first_down or td");
}
END_TEST

START_TEST(reads_forgiving_forms)
{
    parse_ok("p( TD ) Offense = Long Pass  defense=Def 4 , zone=red zone", NULL);
    ck_assert(set_is(&query.dim[PB_ASK_DIM_OFFENSE], (int[]){PB_OFF_LONG}, 1));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_DEFENSE], (int[]){4}, 1));
    ck_assert_int_eq(query.zone, PB_ASK_ZONE_RED);

    parse_ok("P(td) offense=pass defense=d2,D5 togo=own 20 card=none lead=down 7 timeouts=2,1 down=3rd", NULL);
    ck_assert(set_is(&query.dim[PB_ASK_DIM_OFFENSE], (int[]){PB_OFF_SHORT, PB_OFF_LONG}, 2));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_DEFENSE], (int[]){2, 5}, 2));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_TOGO], (int[]){80}, 1));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_CARD], (int[]){0}, 1));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_LEAD], (int[]){-7}, 1));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_TIMEOUTS], (int[]){21}, 1));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_DOWN], (int[]){3}, 1));

    /* ranges every way people write them; own 10..own 12 is togo 88..90 */
    parse_ok("P(td) togo=own 10..own 12 lead=-1..1 card=1-3 defense=2 to 3", NULL);
    ck_assert(set_is(&query.dim[PB_ASK_DIM_TOGO], (int[]){88, 89, 90}, 3));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_LEAD], (int[]){-1, 0, 1}, 3));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_CARD], (int[]){1, 2, 3}, 3));
    ck_assert(set_is(&query.dim[PB_ASK_DIM_DEFENSE], (int[]){2, 3}, 2));

    /* operators: && || ! and not; precedence: and binds tighter than or */
    char buf[256];
    parse_ok("P(td || !complete && gain \xe2\x89\xa5 5) offense=short", NULL);
    pb_ask_event_text(&query, query.event, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "td or not complete and gain >= 5");
    ck_assert_int_eq(query.nodes[query.event].kind, PB_ASK_OR);
    parse_ok("P(not (td or safety) and sack) offense=long", NULL);
    pb_ask_event_text(&query, query.event, NULL, buf, sizeof buf);
    ck_assert_str_eq(buf, "not (td or safety) and sack");

    /* conditional, and E given an event */
    parse_ok("P(td | complete) offense=long defense=1", NULL);
    ck_assert(query.given >= 0);
    parse_ok("E(yards given complete) offense=long defense=1", NULL);
    ck_assert(query.given >= 0);

    /* vs a ruleset, vs switches */
    parse_ok("P(success) kick=pat vs v1.11-en", NULL);
    ck_assert_int_eq(query.nsides, 2);
    ck_assert_str_eq(query.side[1].name, "v1.11-en");
    parse_ok("P(complete) offense=long defense=1 togo=5 vs end-line=ge", NULL);
    ck_assert_int_eq(query.side[1].nsw, 1);
    ck_assert_str_eq(query.side[1].sw[0], "end-line=ge");
    parse_ok("P(complete) offense=long switch=END-LINE=ge ruleset=v1.11-en", NULL);
    ck_assert_int_eq(query.side[0].nsw, 1);
    ck_assert_str_eq(query.side[0].name, "v1.11-en");
}
END_TEST

/* Errors point at the offending text (columns count characters from 1). */
START_TEST(errors_point_into_the_question)
{
    /* the issue's example: 'Def 6' starts at column 21 here */
    parse_fails("P(complete) defense=Def 6", NULL, 21, "unknown defense 'Def 6' (defense is 1..5)");
    parse_fails("P(complete) offense=long defense=4,Def 6", NULL, 36, "unknown defense 'Def 6'");
    parse_fails("P(complet) offense=long", NULL, 3, "unknown event 'complet' (did you mean 'complete'?)");
    parse_fails("P(td) ofense=long", NULL, 7, "unknown condition 'ofense' (did you mean 'offense'?)");
    parse_fails("P(td", NULL, 2, "never closed");
    parse_fails("P(td) kick=fg", NULL, 3, "'td' does not apply to kick=fg");
    parse_fails("P(success) offense=run", NULL, 3, "'success' does not apply to a run or pass play");
    parse_fails("P(td) togo=0", NULL, 12, "off the field");
    parse_fails("P(td) togo=100", NULL, 12, "off the field");
    parse_fails("P(td) card=25", NULL, 12, "unknown card '25'");
    parse_fails("P(td) offense=lng", NULL, 15, "unknown offense 'lng'");
    parse_fails("P(gain >= ) offense=run", NULL, 11, "expected a whole number");
    parse_fails("P(gain) offense=run", NULL, 3, "needs a comparison");
    parse_fails("td offense=run", NULL, 1, "write P(td)");
    parse_fails("", NULL, 1, "empty question");
    parse_fails("P(td) defense=4 defense=5", NULL, 17, "defense is given twice");
    parse_fails("P(td) offense=run vs", NULL, 19, "'vs' needs a ruleset");
    parse_fails("P(td) switch=NO-SUCH=1", NULL, 14, "unknown switch 'NO-SUCH'");
    parse_fails("P(td) switch=END-LINE=maybe", NULL, 23, "has no value 'maybe'");
    parse_fails("P(td) zone=blue", NULL, 12, "unknown zone 'blue'");
    parse_fails("P(success) kick=fg defense=4", NULL, 28, "defense does not apply to kick=fg");
    parse_fails("E(yards) kick=fg", NULL, 3, "E(yards) does not apply to kick=fg");
    parse_fails("P(td) timeouts=4,10", NULL, 16, "unknown timeouts");
    parse_fails("P(td) policy=challenge=sometimes", NULL, 14, "policy:");
    parse_fails("P(td and) offense=run", NULL, 9, "an event is missing");
    parse_fails("P(td) offense=run )", NULL, 15, "unknown offense 'run )'");
    parse_fails("P(td) ) offense=run", NULL, 7, "unexpected ')'");
    /* a second line counts as line 2 */
    pb_ask_error e;
    ck_assert(pb_ask_parse(&query, "P(td)\noffense=rnu", NULL, &e) != 0);
    char buf[512];
    pb_ask_error_format(&e, "P(td)\noffense=rnu", NULL, 1, buf, sizeof buf);
    ck_assert_msg(strncmp(buf, "2:9: ", 5) == 0, "%s", buf);
    /* columns count characters, not bytes */
    parse_fails("P(td) vs \xc3\xbcnicode togo=0", NULL, 23, "off the field");
    /* the context line shows a control byte escaped (it moved or recoloured the terminal), and the
     * caret counts what is shown: a UTF-8 character one column, \x1b four */
    const char *esc = "P(td) vs \xc3\xbc\x1b togo=0";
    ck_assert(pb_ask_parse(&query, esc, NULL, &e) != 0);
    char ctx[512];
    pb_ask_error_context(&e, esc, NULL, ctx, sizeof ctx);
    ck_assert_str_eq(ctx, "    P(td) vs \xc3\xbc\\x1b togo=0\n                        ^\n");
    const char *at = "P(td) \x1b[31m\x01\r";
    ck_assert(pb_ask_parse(&query, at, NULL, &e) != 0);
    pb_ask_error_context(&e, at, NULL, ctx, sizeof ctx);
    ck_assert_str_eq(ctx, "    P(td) \\x1b[31m\\x01\\r\n          ^~~~\n");
}
END_TEST

START_TEST(defines_are_checked)
{
    pb_ask_defines loop = {{{"a", "b or td"}, {"b", "a"}}, 2};
    pb_ask_error e;
    ck_assert(pb_ask_defines_check(&loop, &e) != 0);
    ck_assert_msg(strstr(e.msg, "defined in terms of itself") != NULL, "%s", e.msg);
    pb_ask_defines bad_name = {{{"td", "complete"}}, 1};
    ck_assert(pb_ask_defines_check(&bad_name, &e) != 0);
    ck_assert_msg(strstr(e.msg, "already a word") != NULL, "%s", e.msg);
    pb_ask_defines bad_text = {{{"beat", "first_dwn or td"}}, 1};
    ck_assert(pb_ask_defines_check(&bad_text, &e) != 0);
    char buf[512];
    pb_ask_error_format(&e, "", &bad_text, 1, buf, sizeof buf);
    ck_assert_msg(strcmp(buf, "--define beat: 1:1: unknown event 'first_dwn' (did you mean 'first_down'?)") == 0,
                  "%s", buf);
    pb_ask_defines ok = {{{"big", "gain >= 20"}, {"win", "big or td"}}, 2};
    ck_assert(pb_ask_defines_check(&ok, &e) == 0);
    parse_ok("P(win and not big) offense=long", &ok);
    char t[128];
    pb_ask_event_text(&query, query.event, &ok, t, sizeof t);
    ck_assert_str_eq(t, "win and not big");
}
END_TEST

/* What libFuzzer found in the reader (tests/fuzz/fuzz_ask.c), kept: each must be refused
 * cleanly or read, never crash. */
START_TEST(fuzz_regressions)
{
    static const char *const inputs[] = {
        "P(((((((((((((((((((((((((((((((((((((((((((((((((((((td",
        "P(not not not not not not not not not not not not not not not not not not not not not not not not not td)",
        "P(not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not not td)",
        "P(td) togo=",
        "P(td) togo=,",
        "P(td) togo=1..",
        "P(td) lead=-999..999",
        "P(td) timeouts=-",
        "P(td) vs =",
        "P(td) switch==",
        "P(td) card=#",
        "E(",
        "P(gain>=-100000000000000000000)",
        "P(td) \xff\xfe",
        "P(\xe2\x89",
        "P(td)    ",
        "P(td) defense=d",
        "P(td) offense=*,",
        "P(td) vs switch=",
        "P(td) ruleset=",
    };
    /* found by `make fuzz-ask` (5 minutes, 1.6 million inputs, no crash): a value starting
     * with '*' was read as "every value" whatever followed it; now each is refused */
    static const struct { const char *text; int col; const char *want; } found[] = {
        {"E(yards) offense=*shWt", 18, "unknown offense '*shWt'"},
        {"E(yards) off=short defense=* t5&08 timeouts=2", 28, "unknown defense '* t5&08'"},
        {"P(td) offense=pass ,*d", 21, "unknown offense '*d'"},
        {"E(yards)defense=* v", 17, "unknown defense '* v'"},
        {"P(td) offensde                                 ?1", 7, "did you mean 'offense=...'?"},
        {"P(td)(ot", 6, "unexpected '(' after the measure"},
        {"P(td |td || td |td ", 16, "expected ')', 'and', 'or' or '| EVENT', found '|'"},
        {"P(gain=2) or )`4", 11, "unexpected 'or' after the measure"},
        {"P(beat) offen::=nsd", 9, "found 'offen' (did you mean 'offense=...'?)"},
        {"gain offense=run", 1, "write E(gain) or P(gain >= 10)"},
    };
    pb_ask_defines defs = {{{"beat", "first_down or td"}}, 1};
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++)
        parse_fails(found[i].text, &defs, found[i].col, found[i].want);
    pb_ask_error e;
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        int st = pb_ask_parse(&query, inputs[i], NULL, &e);
        char buf[1024], ctx[2048];
        if (st != 0) {
            pb_ask_error_format(&e, inputs[i], NULL, 1, buf, sizeof buf);
            pb_ask_error_context(&e, inputs[i], NULL, ctx, sizeof ctx);
            ck_assert_msg(e.msg[0] != '\0', "input %zu: no message", i);
        }
    }
}
END_TEST

/* ---- the evaluator on a hand-made distribution ---- */
/* Four outcomes over 6^2 = 36: gain 12 first down (9/36), complete gain 3 (9/36),
 * incomplete (12/36), interception returned to togo 60 (6/36). */
START_TEST(evaluates_hand_made_distributions)
{
    pb_dist d;
    pb_dist_init(&d);
    d.cap = d.count = 4;
    d.entries = calloc(4, sizeof *d.entries);
    struct { pb_outcome_kind k; int y; unsigned f; int n; } e[] = {
        {PB_OUT_GAIN, 12, PB_FLAG_COMPLETE | PB_FLAG_FIRST_DOWN | PB_FLAG_PASS, 9},
        {PB_OUT_GAIN, 3, PB_FLAG_COMPLETE | PB_FLAG_PASS, 9},
        {PB_OUT_INCOMPLETE, 0, PB_FLAG_PASS, 12},
        {PB_OUT_TURNOVER, 60, PB_FLAG_INTERCEPTION | PB_FLAG_PASS, 6}};
    for (int i = 0; i < 4; i++) {
        d.entries[i].kind = e[i].k;
        d.entries[i].yards = e[i].y;
        d.entries[i].flags = e[i].f;
        mpz_init_set_ui(d.entries[i].num, (unsigned long)e[i].n);
    }
    mpz_set_ui(d.den, 36);
    d.exp6 = 2;
    ck_assert(pb_dist_check(&d) == 0);
    mpq_t num, den, v;
    mpq_inits(num, den, v, NULL);
    static const struct { const char *q; const char *num, *den; } cases[] = {
        {"P(complete) offense=long", "1/2", "1/1"},            /* 18/36 */
        {"P(first_down) offense=long", "1/4", "1/1"},          /* 9/36 */
        {"P(gain >= 3) offense=long", "1/2", "1/1"},           /* both gains */
        {"P(gain > 3) offense=long", "1/4", "1/1"},
        {"P(gain <= 0) offense=long", "0/1", "1/1"},           /* an incompletion is no gain */
        {"P(turnover or incomplete) offense=long", "1/2", "1/1"},  /* (6 + 12)/36 */
        {"P(not complete and not interception) offense=long", "1/3", "1/1"},
        {"P(first_down | complete) offense=long", "1/4", "1/2"},   /* ratio 1/2 */
        /* E(yards): over gain and incomplete: (12*9 + 3*9 + 0*12)/36 = 135/36 over 30/36 */
        {"E(yards) offense=long", "15/4", "5/6"},
        {"E(yards | complete) offense=long", "15/4", "1/2"},       /* 135/36 over 18/36: 7.5 */
        /* points: none scored */
        {"E(points) offense=long", "0/1", "1/1"},
        /* value at togo 50: 12, 3, 0, and 60 - 200 = -140: (108 + 27 - 840)/36 */
        {"E(value) offense=long", "-235/12", "1/1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        parse_ok(cases[i].q, NULL);
        pb_ask_cell_eval(&query, PB_ACTION_PLAY, 50, &d, num, den);
        char a[64], b[64];
        pb_exact_fraction(a, sizeof a, num);
        pb_exact_fraction(b, sizeof b, den);
        ck_assert_msg(strcmp(a, cases[i].num) == 0 && strcmp(b, cases[i].den) == 0, "%s: got %s over %s, want %s over %s",
                      cases[i].q, a, b, cases[i].num, cases[i].den);
    }
    mpq_clears(num, den, v, NULL);
    pb_dist_release(&d);
}
END_TEST

/* ---- answers against values derived independently (also in doc/ask-examples.md) ---- */

/* Field goal (3.6), v1.11-ja: beyond 35 yards only doubles: 6/36 = 1/6. Within 20: a die
 * shows 1-4 (1 - (2/6)^2 = 32/36) or doubles (5-5, 6-6: 2/36): 34/36 = 17/18.
 * v1.11-en, "less than 20": togo 20 is in the row of 1-3: 27/36 + doubles 4-4 5-5 6-6 = 30/36. */
START_TEST(field_goals_by_hand)
{
    answer_is("P(success) kick=fg togo=36", "1/6");
    answer_is("P(success) kick=fg togo=20", "17/18");
    char *en = answer_of("P(success) kick=fg togo=20 vs v1.11-en", NULL, NULL, 1);
    ck_assert_str_eq(en, "5/6");
    free(en);
    /* E(points) = 3 * P(good) at togo 36: 3/6 */
    answer_is("E(points) kick=fg togo=36", "1/2");
}
END_TEST

/* The whole field goal range, uniformly: rows 1..20 17/18 (20 positions); 21..25 a die 1-3
 * (27/36) or doubles 4-4 5-5 6-6: 5/6; 26..30 a die 1-2 (20/36) + 4 doubles: 2/3; 31..35 a 1
 * (11/36) + 5 doubles: 4/9; 36..40 doubles: 1/6. Mean over 40, in 18ths:
 * (20*17 + 5*15 + 5*12 + 5*8 + 5*3) / (18*40) = 530/720 = 53/72. */
START_TEST(field_goal_range_by_hand)
{
    answer_is("P(success) kick=fg", "53/72");
}
END_TEST

/* Two-point try (from 2 yards, no card), run vs Defense 3 (run value 2): a non-doubles roll
 * scores when sum - 2 >= 2, failing only on 1-2 and 2-1 (2/36); doubles gain their sum (>= 2):
 * 34/36 = 17/18. */
START_TEST(two_point_run_by_hand)
{
    answer_is("P(success) kick=two-point offense=run defense=3", "17/18");
}
END_TEST

/* The questions checked here are worked examples of doc/ask-examples.md: each must still be
 * in tools/ask_examples.txt (the test runs from the top of the tree, as `make check` does). */
START_TEST(checked_questions_are_examples)
{
    static const char *const checked[] = {
        "'P(complete) offense=long defense=4 card=none zone=red'", "'P(turnover) offense=long card=02'",
        "'P(success) kick=fg togo=36'", "'P(success) kick=fg'", "'P(success) kick=pat vs v1.11-en'",
        "'P(success) kick=onside vs v1.11-en'"};
    FILE *f = fopen("tools/ask_examples.txt", "r");
    ck_assert_msg(f != NULL, "tools/ask_examples.txt: run from the top of the tree");
    static char text[65536];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    for (size_t i = 0; i < sizeof checked / sizeof checked[0]; i++)
        ck_assert_msg(strstr(text, checked[i]) != NULL, "%s is no longer an example", checked[i]);
    /* and the two-edition examples, side by side, as derived below */
    char *a = answer_of("P(success) kick=onside vs v1.11-en", NULL, NULL, 0);
    char *b = answer_of("P(success) kick=onside vs v1.11-en", NULL, NULL, 1);
    ck_assert_str_eq(a, "1/3");
    ck_assert_str_eq(b, "1/6");
    free(a);
    free(b);
    a = answer_of("P(success) kick=pat vs v1.11-en", NULL, NULL, 0);
    ck_assert_str_eq(a, "11/12");
    free(a);
}
END_TEST

/* PAT (3.5): ja sum >= 4: 33/36 = 11/12; en sum > 4: 30/36 = 5/6. Onside (3.1): ja die >= 5:
 * 1/3; en die = 6: 1/6. */
START_TEST(tries_and_onside_by_hand)
{
    answer_is("P(success) kick=pat", "11/12");
    char *en = answer_of("P(success) kick=pat vs v1.11-en", NULL, NULL, 1);
    ck_assert_str_eq(en, "5/6");
    free(en);
    answer_is("P(success) kick=onside", "1/3");
    answer_is("P(miss) kick=onside ruleset=v1.11-en", "5/6");
}
END_TEST

/* Long Pass vs Defense 4 (numbers 1, 2, 3), no card. A non-doubles roll is complete when both
 * dice show 4-6 (ordered pairs 4-5 5-4 4-6 6-4 5-6 6-5) and 2*sum stays within the end line
 * togo + 10; doubles are always complete (6/36). Sums 9, 10, 11 give 18, 20, 22 yards, so
 * complete = (6 + c)/36 with c = 6 from togo 12, 4 at 10-11, 2 at 8-9, 0 below.
 * At midfield: 12/36 = 1/3. Over the red zone 1..20 uniformly:
 * (7*6 + 2*8 + 2*10 + 9*12) / (20*36) = 186/720 = 31/120. */
START_TEST(long_pass_red_zone_by_hand)
{
    answer_is("P(complete) offense=long defense=4 card=none togo=50", "1/3");
    answer_is("P(complete) offense=long defense=4 card=none zone=red", "31/120");
    /* weighted: togo 1..10 weight 1, 11..20 weight 3:
     * sum over 1..10 = 7*6 + 2*8 + 10 = 68, over 11..20 = 10 + 9*12 = 118 (in 36ths):
     * (68 + 3*118) / (36 * (10 + 30)) = 422/1440 = 211/720 */
    pb_ask_weights w;
    pb_ask_weights_init(&w);
    char err[256];
    ck_assert(pb_ask_weights_parse(&w, "# test\ntogo=1..10 1\ntogo=11..20 3\n", "w.txt", err, sizeof err) == 0);
    char *got = answer_of("P(complete) offense=long defense=4 card=none zone=red", NULL, &w, 0);
    ck_assert_str_eq(got, "211/720");
    free(got);
    pb_ask_weights_release(&w);
}
END_TEST

/* Card 02 (doubles = interception): every doubles roll is an interception whatever the
 * defense and position, and nothing else turns the ball over: 1/6 everywhere. */
START_TEST(card02_turnovers_by_hand)
{
    answer_is("P(turnover) offense=long card=02", "1/6");
    answer_is("P(interception | doubles) offense=long card=02 togo=40", "1/1");
}
END_TEST

/* Run vs Defense 1 (run value 0), no card, at togo 5: a non-doubles roll gains its sum, short
 * of the goal line only for 1-2, 2-1, 1-3, 3-1 (4/36); a doubles roll gains its sum and rolls
 * again, each re-roll adding at least 2, so 1-1 (2, then >= 2 more ... >= 4, then >= 2 more)
 * and 2-2 always reach 5: P(td) = 32/36 = 8/9. */
START_TEST(run_td_by_hand)
{
    answer_is("P(td) offense=run defense=1 card=none togo=5", "8/9");
    /* and the rest are gains of 3 (2/36) or 4 (2/36): E(yards) = 7/2 over them */
    answer_is("E(yards) offense=run defense=1 card=none togo=5", "7/2");
}
END_TEST

/* Against pb_enumerate's own entries summed here: P(td | complete) and a define. */
START_TEST(conditional_matches_the_distribution)
{
    const pb_ruleset *rs;
    static pb_ruleset rules;
    char err[512];
    ck_assert(pb_ruleset_load(&rules, "v1.11-ja", err, sizeof err) == 0);
    rs = &rules;
    pb_play_env env = {rs, {0, 0, 0, 0, 0}, NULL, NULL};
    pb_enum_query eq;
    memset(&eq, 0, sizeof eq);
    eq.action = PB_ACTION_PLAY;
    eq.sit = pb_situation_default(rs, 15);
    eq.offense = PB_OFF_LONG;
    eq.defense = 4;
    eq.card = PB_CARD_DECK;
    pb_dist d;
    ck_assert(pb_enumerate(&d, &env, &eq, err, sizeof err) == 0);
    mpz_t both, comp, beat;
    mpz_inits(both, comp, beat, NULL);
    for (size_t i = 0; i < d.count; i++) {
        const pb_dist_entry *e = &d.entries[i];
        if (e->flags & PB_FLAG_COMPLETE) {
            mpz_add(comp, comp, e->num);
            if (e->kind == PB_OUT_TOUCHDOWN)
                mpz_add(both, both, e->num);
        }
        if ((e->flags & PB_FLAG_FIRST_DOWN) || e->kind == PB_OUT_TOUCHDOWN)
            mpz_add(beat, beat, e->num);
    }
    mpq_t want;
    mpq_init(want);
    mpq_set_num(want, both);
    mpq_set_den(want, comp);
    mpq_canonicalize(want);
    char w[256];
    pb_exact_fraction(w, sizeof w, want);
    char *got = answer_of("P(td | complete) offense=long defense=4 togo=15", NULL, NULL, 0);
    ck_assert_str_eq(got, w);
    free(got);
    mpq_set_num(want, beat);
    mpq_set_den(want, d.den);
    mpq_canonicalize(want);
    pb_exact_fraction(w, sizeof w, want);
    pb_ask_defines defs = {{{"beat", "first_down or td"}}, 1};
    got = answer_of("P(beat) offense=long defense=4 togo=15", &defs, NULL, 0);
    ck_assert_str_eq(got, w);
    free(got);
    mpz_clears(both, comp, beat, NULL);
    mpq_clear(want);
    pb_dist_release(&d);
}
END_TEST

START_TEST(weight_files_are_checked)
{
    pb_ask_weights w;
    char err[512];
    static const struct { const char *text, *want; } bad[] = {
        {"togo=1..20\n", "w.txt:1:"},
        {"togo=1..20 -1\n", "w.txt:1:12: the weight must be a non-negative number"},
        {"togo=0 1\n", "w.txt:1:6: '0' is off the field"},
        {"# c\ndefence=4 1\n", "w.txt:2:1: expected DIM=VALUES WEIGHT"},
        {"togo=1..10 1\ntogo=5 2\n", "w.txt:2:6: togo 5 already has a weight (line 1)"},
        {"\n# nothing\n", "w.txt: no weights"},
        {"togo=1..10 1/0\n", "w.txt:1:12: the weight must be"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pb_ask_weights_init(&w);
        ck_assert_msg(pb_ask_weights_parse(&w, bad[i].text, "w.txt", err, sizeof err) != 0, "accepted %s", bad[i].text);
        ck_assert_msg(strstr(err, bad[i].want) != NULL, "got '%s', want '%s'", err, bad[i].want);
        pb_ask_weights_release(&w);
    }
    pb_ask_weights_init(&w);
    ck_assert(pb_ask_weights_parse(&w, "togo=1..10 0.25\ndefense=4 1/3\n", "w.txt", err, sizeof err) == 0);
    ck_assert_int_eq(w.n[PB_ASK_DIM_TOGO], 10);
    ck_assert(mpq_cmp_ui(w.w[PB_ASK_DIM_TOGO][0], 1, 4) == 0);
    ck_assert(mpq_cmp_ui(w.w[PB_ASK_DIM_DEFENSE][0], 1, 3) == 0);
    pb_ask_weights_release(&w);
}
END_TEST

/* ---- the drive solver's measures ---- */
/* Solved once in the parent (an unchecked fixture): the game itself (JA), and ask's own solve,
 * kept by ask for the questions below (the forked tests inherit both). */
static pb_ruleset ja_rules;
static pb_drive *JA;

static void run_question(const char *text, const pb_ask_weights *w, pb_ask_plan *plan, pb_ask_result *r)
{
    pb_ask_error e;
    pb_ask_defaults d;
    pb_ask_defaults_init(&d);
    ck_assert_msg(pb_ask_parse(&query, text, NULL, &e) == 0, "'%s': %s", text, e.msg);
    ck_assert_msg(pb_ask_plan_init(plan, &query, &d, w, &e) == 0, "'%s': %s", text, e.msg);
    char err[512];
    ck_assert_msg(pb_ask_run(plan, r, err, sizeof err) == 0, "'%s': %s", text, err);
}

static void field_weights(pb_ask_weights *w)
{
    pb_ask_weights_init(w);
    w->field = true;
    snprintf(w->label, sizeof w->label, "field");
}

static void solve_ja(void)
{
    char err[PB_ERR_MAX];
    ck_assert(pb_ruleset_load(&ja_rules, "v1.11-ja", err, sizeof err) == 0);
    pb_drive_opts o = {&ja_rules, {0, 0, 0, 0, 0}, 2, 0};
    ck_assert_msg(pb_drive_solve(&JA, &o, err, sizeof err) == 0, "%s", err);
    static pb_ask_plan plan;
    pb_ask_result r;
    pb_ask_weights w;
    field_weights(&w);
    run_question("E(next_score) togo=35 down=4 ytg=3", &w, &plan, &r);   /* ask's solve and visits */
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);
    pb_ask_weights_release(&w);
}

static void free_ja(void)
{
    pb_drive_free(JA);
    JA = NULL;
    pb_ask_release_solves();
}

/* The text answer of a question (malloc'd). */
static char *text_of(const pb_ask_plan *plan, const pb_ask_result *r, bool json)
{
    pb_ask_format f = {2, false, NULL, false};
    if (json)
        return pb_ask_json(plan, r, &f);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    ck_assert(m != NULL);
    pb_ask_print_text(m, plan, r, &f);
    fclose(m);
    return buf;
}

START_TEST(next_score_is_the_solvers)
{
    static pb_ask_plan plan;
    pb_ask_result r;
    /* one state: the solver's double itself, printed to 6 places with its bound */
    run_question("E(next_score) togo=35 down=4 ytg=3", NULL, &plan, &r);
    pb_drive_state st;
    ck_assert(pb_drive_get(JA, 35, 4, 3, &st) == 0);
    ck_assert(r.ncells == 1 && r.cells[0].ep[0] == pb_drive_ep(JA, 35, 4, 3));
    ck_assert(r.cells[0].bound[0] == st.bound && st.bound < 1e-9);
    char want[128];
    snprintf(want, sizeof want, "answer:   E(next_score) = %.6f \xc2\xb1 %.2g points", st.ep, st.bound);
    char *text = text_of(&plan, &r, false);
    ck_assert_msg(strstr(text, want) != NULL, "want '%s' in\n%s", want, text);
    ck_assert(strstr(text, "1.911877") != NULL);   /* solve state --togo 35 --down 4 --ytg 3: 1.911876785 */
    free(text);
    text = text_of(&plan, &r, true);
    ck_assert_msg(strstr(text, "\"value\":1.91187678") != NULL, "%s", text);   /* the JSON's number */
    free(text);
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);

    /* open togo: the plain mean of the eleven states (uniform weights) */
    run_question("E(next_score) togo=30..40 down=4 ytg=3", NULL, &plan, &r);
    double sum = 0;
    for (int t = 30; t <= 40; t++)
        sum += pb_drive_ep(JA, t, 4, 3);
    mpq_t v;
    mpq_init(v);
    ck_assert(pb_ask_answer(&plan, &r, 0, -1, 0, v));
    ck_assert_msg(fabs(mpq_get_d(v) - sum / 11) < 1e-14, "%.17g vs %.17g", mpq_get_d(v), sum / 11);
    ck_assert(pb_ask_answer(&plan, &r, 0, PB_ASK_DIM_TOGO, 5, v) && mpq_get_d(v) == pb_drive_ep(JA, 35, 4, 3));
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);

    /* ytg left out: min(10, togo), goal to go inside the 10; down left out: 1st */
    run_question("E(next_score) togo=5,35", NULL, &plan, &r);
    ck_assert(r.cells[0].ep[0] == pb_drive_ep(JA, 5, 1, 5));
    ck_assert(r.cells[1].ep[0] == pb_drive_ep(JA, 35, 1, 10));
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);
    mpq_clear(v);
}
END_TEST

START_TEST(best_is_the_chart)
{
    static pb_ask_plan plan;
    pb_ask_result r;
    /* solve fourth: 4th and 3 at 35 go, 4th and 15 at 80 punt, 4th and 10 at 20 field goal */
    static const struct { int togo, ytg; pb_drive_choice_kind want; } known[] = {
        {35, 3, PB_CHOICE_GO}, {80, 15, PB_CHOICE_PUNT}, {20, 10, PB_CHOICE_FG}};
    run_question("best togo=20,35,80 down=4 ytg=3,10,15", NULL, &plan, &r);
    ck_assert_int_eq(r.ncells, 9);
    ck_assert(r.best != NULL);
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        bool seen = false;
        for (long c = 0; c < r.ncells; c++) {
            int t, dn, y;
            pb_ask_cell_state(&plan, 0, &r.cells[c], &t, &dn, &y);
            if (t != known[k].togo || y != known[k].ytg)
                continue;
            seen = true;
            pb_drive_choice ch;
            ck_assert(pb_drive_choices(JA, t, 4, y, &ch) == 0);
            const pb_drive_choice *got = &r.best[c].choice;
            ck_assert_int_eq(got->best, known[k].want);
            ck_assert_int_eq(ch.best, known[k].want);
            ck_assert(got->go == ch.go && got->punt == ch.punt && got->margin == ch.margin && got->margin > 0);
            /* the state's EP is the best of the three (a constant row c on a game of value v: max) */
            double best = fmax(ch.go, fmax(ch.fg, ch.punt));
            ck_assert(fabs(best - r.cells[c].ep[0]) < 1e-9);
            double mix = 0;
            for (int i = 0; i < PB_DRIVE_CALLS; i++)
                mix += r.best[c].off_mix[i];
            ck_assert(fabs(mix - 1) < 1e-12);
        }
        ck_assert(seen);
    }
    char *text = text_of(&plan, &r, false);
    ck_assert(strstr(text, "answer:   best at 9 states") != NULL);
    free(text);
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);

    /* one state: the text names the best, its margin and the mixes */
    run_question("best togo=80 down=4 ytg=15", NULL, &plan, &r);
    text = text_of(&plan, &r, false);
    pb_drive_choice ch;
    ck_assert(pb_drive_choices(JA, 80, 4, 15, &ch) == 0);
    char want[160];
    snprintf(want, sizeof want, "answer:   best = punt, by %.6f points over the go", ch.margin);
    ck_assert_msg(strstr(text, want) != NULL, "want '%s' in\n%s", want, text);
    ck_assert(strstr(text, "offense punt 100.0%; defense any") != NULL);
    free(text);
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);
}
END_TEST

START_TEST(field_weights_follow_the_kickoff)
{
    static pb_ask_plan plan;
    pb_ask_result r;
    pb_ask_weights w;
    field_weights(&w);
    run_question("E(next_score) down=1", &w, &plan, &r);
    ck_assert(plan.field && r.solver[0].visits);
    /* the weights sum to 1 exactly */
    mpq_t sum, a, b;
    mpq_inits(sum, a, b, NULL);
    for (int i = 0; i < plan.n[PB_ASK_DIM_TOGO]; i++)
        mpq_add(sum, sum, r.mw[PB_ASK_DIM_TOGO][i]);
    ck_assert(mpq_cmp_ui(sum, 1, 1) == 0);
    char *text = text_of(&plan, &r, false);   /* (before answer_of reuses the query) */
    ck_assert(strstr(text, "weights    togo, down, ytg from the field") != NULL);
    ck_assert(strstr(text, "(never reached: the plain mean)") != NULL);
    free(text);
    /* every kickoff is returned by EP here, so the drives start where the kickoff with
       return=return puts them (pb_enumerate, exact) */
    pb_drive_kickoff k;
    ck_assert(pb_drive_kickoff_get(JA, 0, &k) == 0);
    for (int i = 0; i < 21; i++)
        ck_assert(k.roll[i].returns);
    /* By hand: the line to gain of a drive's first series is its start minus 10; a later 1st
       down (a gain or a PEN-1ST foul reaching the line) lands at or beyond it, and a replayed
       down (a penalty) keeps it. So a 1st and 10 at togo T (line T - 10) is either in the first
       series of a drive started at T, or a later series' first snap at togo <= start - 10 <= 84
       (every start is at togo <= 94: P(start = 94) = 1/108, 95 and beyond never). For T >= 85 the state is
       reached only in drives started there: its weight is 0 exactly where no drive starts (odd
       spots: landings and returns are even; 95..99), and its visits are P(start = T) plus the
       rare returns to the same spot after offsetting penalties (1st and 15 at T + 5 after an
       offensive foul, then a defensive one): between 1 and 1.001 times P(start = T). */
    pb_drive_visits v;
    char err[256];
    ck_assert(pb_drive_visits_from_kickoff(JA, &v, err, sizeof err) == 0);
    double vs = 0;
    for (int t = 1; t <= 99; t++)
        vs += pb_drive_visits_at(&v, t, 1, t < 10 ? t : 10);
    int starts = 0;
    for (int t = 85; t <= 99; t++) {
        char q[96];
        snprintf(q, sizeof q, "P(start = %d) kick=kickoff policy=return=return", t);
        char *p = answer_of(q, NULL, NULL, 0);
        mpq_set_str(a, p, 10);
        free(p);
        mpq_set(b, r.mw[PB_ASK_DIM_TOGO][t - 1]);
        if (mpq_sgn(a) == 0) {
            ck_assert_msg(mpq_sgn(b) == 0, "togo %d: no drive starts there, weight %g", t, mpq_get_d(b));
            continue;
        }
        starts++;
        ck_assert(t % 2 == 0 && t <= 94);
        double x = mpq_get_d(b) * vs / mpq_get_d(a);   /* visits / P(start = T) */
        ck_assert_msg(x >= 1 - 1e-12 && x <= 1.001, "togo %d: visits / P(start) %.17g", t, x);
    }
    ck_assert_int_eq(starts, 5);   /* 86, 88, 90, 92, 94 */
    /* the weights are the visits, normalized */
    for (int t = 1; t <= 99; t++)
        ck_assert(fabs(mpq_get_d(r.mw[PB_ASK_DIM_TOGO][t - 1]) - pb_drive_visits_at(&v, t, 1, t < 10 ? t : 10) / vs) <
                  1e-15);
    ck_assert(v.snaps > 1 && v.unpushed < 1e-15);
    pb_drive_visits_release(&v);
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);

    /* on a play: the answer is the visits-weighted mean of the cells' exact answers */
    run_question("P(td) offense=long defense=4 togo=5,6", &w, &plan, &r);
    mpq_t want, t5, t6;
    mpq_inits(want, t5, t6, NULL);
    mpq_set_str(t5, "199/864", 10);   /* the plain question's breakdown (doc/ask-examples.md) */
    mpq_set_str(t6, "1843/7776", 10);
    mpq_mul(t5, t5, r.mw[PB_ASK_DIM_TOGO][0]);
    mpq_mul(t6, t6, r.mw[PB_ASK_DIM_TOGO][1]);
    mpq_add(want, t5, t6);
    ck_assert(pb_ask_answer(&plan, &r, 0, -1, 0, a) && mpq_equal(a, want));
    mpq_clears(want, t5, t6, NULL);
    pb_ask_result_release(&r);
    pb_ask_plan_release(&plan);
    mpq_clears(sum, a, b, NULL);
    pb_ask_weights_release(&w);
}
END_TEST

START_TEST(solver_questions_are_checked)
{
    parse_fails("E(next_score) offense=long togo=35", NULL, 23, "offense does not apply to E(next_score)");
    parse_fails("E(next_score) togo=35 defense=4", NULL, 31, "defense does not apply");
    parse_fails("E(ep) card=02", NULL, 12, "card does not apply to E(next_score)");
    parse_fails("best togo=35 lead=3", NULL, 19, "lead does not apply to best");
    parse_fails("best togo=35 timeouts=1", NULL, 23, "every snap tied");
    parse_fails("E(next_score) kick=fg togo=30", NULL, 20, "kick= does not apply to E(next_score)");
    parse_fails("E(next_score | td) togo=3", NULL, 14, "takes no '| EVENT'");
    parse_fails("best(td) togo=3", NULL, 5, "best takes no event");
    parse_fails("E(nxt_score) togo=3", NULL, 3, "did you mean 'next_score'");
    /* E(points) is still the points of one play */
    parse_ok("E(points) offense=long togo=35", NULL);
    ck_assert_int_eq(query.measure, PB_ASK_MEASURE_E);
    parse_ok("E(expected_points) togo=35 down=4 ytg=3 vs v1.11-en", NULL);
    ck_assert_int_eq(query.measure, PB_ASK_MEASURE_EP);
    parse_ok("best() togo=own 20 down=4th ytg=1..5 zone=own", NULL);
    ck_assert_int_eq(query.measure, PB_ASK_MEASURE_BEST);
    /* --weight field on a kick: refused when planned, pointing at the kick */
    static pb_ask_plan plan;
    pb_ask_weights w;
    field_weights(&w);
    pb_ask_error e;
    pb_ask_defaults d;
    pb_ask_defaults_init(&d);
    parse_ok("P(success) kick=fg", NULL);
    ck_assert(pb_ask_plan_init(&plan, &query, &d, &w, &e) != 0);
    ck_assert_msg(strstr(e.msg, "--weight field weighs the situations of a drive") != NULL, "%s", e.msg);
    ck_assert_int_eq(e.offset, 16);
    pb_ask_plan_release(&plan);
    /* best at too many states */
    parse_ok("best down=1..4 ytg=1..10", NULL);
    ck_assert(pb_ask_plan_init(&plan, &query, &d, NULL, &e) != 0);
    ck_assert(strstr(e.msg, "too many to list") != NULL);
    pb_ask_plan_release(&plan);
    pb_ask_weights_release(&w);
}
END_TEST

Suite *pb_suite_ask(void)
{
    Suite *s = suite_create("pb_suite_ask");
    TCase *reader = tcase_create("reader");
    tcase_add_test(reader, reads_the_issue_examples);
    tcase_add_test(reader, reads_forgiving_forms);
    tcase_add_test(reader, errors_point_into_the_question);
    tcase_add_test(reader, defines_are_checked);
    tcase_add_test(reader, fuzz_regressions);
    suite_add_tcase(s, reader);
    TCase *values = tcase_create("values");
    tcase_set_timeout(values, 60);
    tcase_add_test(values, evaluates_hand_made_distributions);
    tcase_add_test(values, field_goals_by_hand);
    tcase_add_test(values, field_goal_range_by_hand);
    tcase_add_test(values, two_point_run_by_hand);
    tcase_add_test(values, checked_questions_are_examples);
    tcase_add_test(values, tries_and_onside_by_hand);
    tcase_add_test(values, long_pass_red_zone_by_hand);
    tcase_add_test(values, card02_turnovers_by_hand);
    tcase_add_test(values, run_td_by_hand);
    tcase_add_test(values, conditional_matches_the_distribution);
    tcase_add_test(values, weight_files_are_checked);
    suite_add_tcase(s, values);
    TCase *solver = tcase_create("solver");
    tcase_set_timeout(solver, 120);
    tcase_add_unchecked_fixture(solver, solve_ja, free_ja);
    tcase_add_test(solver, next_score_is_the_solvers);
    tcase_add_test(solver, best_is_the_chart);
    tcase_add_test(solver, field_weights_follow_the_kickoff);
    tcase_add_test(reader, solver_questions_are_checked);
    suite_add_tcase(s, solver);
    return s;
}
