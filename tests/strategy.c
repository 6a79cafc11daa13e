/* tests/strategy.c: strategy files (sim/strategy.h): the embedded strategies, every parse
 * error with its FILE:LINE:COL, the lookup rules (first match, default last, fg out of range),
 * the compiled tables against an independent matcher, and the mix frequencies. */
#include <check.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "strategy.h"

static const char head[] = "[strategy]\nname = t\n";  /* lines 1-2 of every test text */

static int parse(pb_strategy *st, const char *body, char *err, size_t errlen)
{
    char text[4096];
    snprintf(text, sizeof text, "%s%s", head, body);
    return pb_strategy_parse(st, text, "t", err, errlen);
}

START_TEST(test_embedded)
{
    static const char *const names[] = {"coach", "uniform", "always-run"};
    for (int i = 0; i < 3; i++) {
        pb_strategy st;
        char err[512];
        ck_assert_msg(pb_strategy_load(&st, names[i], err, sizeof err) == 0, "%s: %s", names[i], err);
        ck_assert_str_eq(st.name, names[i]);
        for (int s = 0; s < PB_STRAT_SECTION_COUNT; s++)
            ck_assert_msg(st.section[s].table.built, "%s [%s] has no table", names[i], pb_strat_section_name(s));
        pb_strategy_release(&st);
    }
    ck_assert_ptr_null(pb_strategy_builtin_text("coach.ini"));
}
END_TEST

/* Each bad text (after the two head lines) and the message it must give, location first. */
static const struct {
    const char *body;
    const char *want;
} bad[] = {
    {"[offence]\nrun = 1\n", "t:3:2: unknown section [offence]"},
    {"[offense]\ndefault = run 1\n[defence]\n", "t:5:2: unknown section [defence]"},
    {"[offense]\ndwn 4 = run 1\ndefault = run 1\n[defense]\ndefault = d1 1\n", "t:4:1: unknown condition 'dwn'"},
    {"[offense]\ndown 4, togo 1-x = run 1\n", "t:4:14: togo: '1-x' is not a range"},
    {"[offense]\ndown 4, togo 9-3 = run 1\n", "t:4:14: togo: the range '9-3' is empty"},
    {"[offense]\ndown 4 = pass 1\n", "t:4:10: unknown choice 'pass' in [offense] (run, short, long, punt, fg)"},
    {"[offense]\ndown 4 = run\n", "t:4:10: choice 'run' needs a whole-number weight"},
    {"[offense]\ndown 4 = run -1\n", "t:4:14: weight -1 is out of range"},
    {"[offense]\ndown 4 = run 0, long 0\n", "t:4:10: every weight is 0"},
    {"[offense]\ndown 4 = run 1, run 2\n", "t:4:17: choice 'run' given twice"},
    {"[offense]\ndown 4, down 3 = run 1\n", "t:4:9: condition 'down' given twice"},
    {"[offense]\ndown 4 = fg 1\n[defense]\ndefault = d1 1\n", "t: [offense] needs a 'default = ...' rule"},
    {"[offense]\ndefault = run 1\n", "t: [defense] needs a 'default = ...' rule"},
    {"[offense]\ndefault = fg 1\n", "t:4:11: the [offense] default needs a choice other than fg"},
    {"[offense]\ndefault = run 1\ndefault = long 1\n", "t:5:1: a second 'default' in [offense] (first at line 4)"},
    {"[kickoff]\ndown 4 = onside 1\n", "t:4:1: condition 'down' does not apply in [kickoff]"},
    {"[offense]\nside offense = run 1\n", "t:4:1: condition 'side' does not apply in [offense]"},
    {"[end_of_half]\nside home = timeout 1\n", "t:4:6: side must be offense or defense, not 'home'"},
    {"[offense]\ndown 4 = run 1,\n", "t:4:16: empty item in the list"},
    {"[offense]\ndown 4\n", "t:4:1: syntax error"},
    {"[offense]\ndown 4 = run 1\n  , long 1\n", "t:5:1: indented line"},
    {"[end_of_half]\noffense_cards = 16 12 25\n", "t:4:23: play card 25 does not exist"},
    {"[end_of_half]\noffense_cards = 16 12 16\n", "t:4:23: play card 16 listed twice"},
    {"[end_of_half]\ndefense_cards = 16 x\n", "t:4:20: 'x' is not a play card"},
    {"[end_of_half]\nfinal_field_goal = maybe\n", "t:4:20: 'final_field_goal' must be yes or no"},
    {"[strategy]\ncolour = red\n", "t:4:1: unknown key 'colour' in [strategy]"},
    {"[offense]\ndown 4, togo =run 1\n", "t:4:9: condition 'togo' needs a range"},
};

START_TEST(test_errors)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        pb_strategy st;
        char err[512] = "";
        int rc = parse(&st, bad[i].body, err, sizeof err);
        ck_assert_msg(rc == -1, "case %zu parsed", i);
        ck_assert_msg(strstr(err, bad[i].want) == err, "case %zu: got '%s', want '%s...'", i, err, bad[i].want);
    }
    pb_strategy st;
    char err[512] = "";
    char line[400];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\0';
    ck_assert_int_eq(parse(&st, line, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "t:3:191: line longer than 190 bytes") == err, "%s", err);
    ck_assert_int_eq(pb_strategy_parse(&st, "[offense]\ndefault = run 1\n[defense]\ndefault = d1 1\n", "t", err,
                                       sizeof err), -1);
    ck_assert_str_eq(err, "t: [strategy] needs 'name = ...'");
    ck_assert_int_eq(pb_strategy_load(&st, "coah", err, sizeof err), -1);
    ck_assert_str_eq(err, "unknown strategy 'coah' (embedded: coach, uniform, always-run; or a file)");
    ck_assert_int_eq(pb_strategy_load(&st, "/nonexistent/s.ini", err, sizeof err), -1);
    ck_assert_msg(strstr(err, "/nonexistent/s.ini: cannot open") == err, "%s", err);
}
END_TEST

static pb_strat_view view(int down, int ytg, int togo, int lead, int left, int quarter)
{
    pb_strat_view v;
    v.v[PB_FIELD_DOWN] = down;
    v.v[PB_FIELD_YTG] = ytg;
    v.v[PB_FIELD_TOGO] = togo;
    v.v[PB_FIELD_LEAD] = lead;
    v.v[PB_FIELD_LEFT] = left;
    v.v[PB_FIELD_QUARTER] = quarter;
    v.v[PB_FIELD_SIDE] = 0;
    return v;
}

START_TEST(test_lookup_order)
{
    /* rules in order; the default is tried last wherever it is written; fg only when usable */
    const char *body = "[offense]\n"
                       "default = run 1\n"                 /* line 4 */
                       "down 4, togo 1-40 = fg 1\n"        /* line 5 */
                       "down 4 = punt 1\n"                 /* line 6 */
                       "lead <0, left ..10 = long 1\n"     /* line 7 */
                       "lead -8..-1 = short 1\n"           /* line 8: never reached before 7 when left <= 10 */
                       "quarter 4.., lead >7 = run 1\n"    /* line 9 */
                       "[defense]\ndefault = d3 1\n";
    pb_strategy st;
    char err[512];
    ck_assert_msg(parse(&st, body, err, sizeof err) == 0, "%s", err);
    pb_rng r;
    pb_rng_seed(&r, 1, 2);
    struct { pb_strat_view v; unsigned usable; int line, choice; } cases[] = {
        {view(4, 5, 30, 0, 40, 1), PB_STRAT_ALL, 5, PB_CALL_FG},
        {view(4, 5, 30, 0, 40, 1), PB_STRAT_NO_FG, 6, PB_CALL_PUNT},  /* fg not usable: the next rule */
        {view(4, 5, 41, 0, 40, 1), PB_STRAT_ALL, 6, PB_CALL_PUNT},
        {view(1, 10, 50, -3, 10, 2), PB_STRAT_ALL, 7, PB_CALL_LONG},
        {view(1, 10, 50, -3, 11, 2), PB_STRAT_ALL, 8, PB_CALL_SHORT},
        {view(1, 10, 50, -9, 11, 2), PB_STRAT_ALL, 4, PB_CALL_RUN},   /* -9 is outside -8..-1 */
        {view(1, 10, 50, 8, 11, 4), PB_STRAT_ALL, 9, PB_CALL_RUN},
        {view(1, 10, 50, 7, 11, 4), PB_STRAT_ALL, 4, PB_CALL_RUN},    /* >7 excludes 7 */
        {view(1, 10, 50, 0, 0, 5), PB_STRAT_ALL, 4, PB_CALL_RUN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const pb_strat_rule *rule = pb_strategy_rule(&st, PB_STRAT_OFFENSE, &cases[i].v, cases[i].usable);
        ck_assert_ptr_nonnull(rule);
        ck_assert_msg(rule->line == cases[i].line, "case %zu: line %d, want %d", i, rule->line, cases[i].line);
        ck_assert_int_eq(pb_strategy_choose(&st, PB_STRAT_OFFENSE, &cases[i].v, cases[i].usable, &r), cases[i].choice);
    }
    /* a single choice draws no random number */
    pb_rng before = r;
    pb_strat_view v = view(1, 10, 50, 0, 40, 1);
    ck_assert_int_eq(pb_strategy_choose(&st, PB_STRAT_DEFENSE, &v, PB_STRAT_ALL, &r), 2);
    ck_assert_mem_eq(&before, &r, sizeof r);
    /* built-in defaults of the optional sections */
    ck_assert_int_eq(pb_strategy_choose(&st, PB_STRAT_KICKOFF, &v, PB_STRAT_ALL, &r), PB_KICK_REGULAR);
    ck_assert_int_eq(pb_strategy_choose(&st, PB_STRAT_TRY, &v, PB_STRAT_ALL, &r), PB_TRY_KICK);
    ck_assert_int_eq(pb_strategy_choose(&st, PB_STRAT_END_OF_HALF, &v, PB_STRAT_ALL, &r), PB_EOH_NONE);
    ck_assert(st.final_field_goal);
    ck_assert_int_eq(st.offense_cards[0], 16);
    ck_assert_int_eq(st.defense_cards[0], 2);
    pb_strategy_release(&st);
}
END_TEST

/* The independent matcher: conditions checked one by one, rules in file order, default last. */
static int reference_line(const pb_strategy *st, pb_strat_section sec, const pb_strat_view *v, unsigned usable)
{
    const pb_strat_rules *rs = &st->section[sec];
    for (int i = 0; i < rs->count; i++) {
        const pb_strat_rule *r = &rs->rules[i];
        bool ok = false;
        for (int c = 0; c < PB_STRAT_CHOICES_MAX; c++)
            ok |= r->weight[c] > 0 && ((usable >> c) & 1);
        for (int f = 0; f < PB_FIELD_COUNT && ok; f++)
            if (r->fields & (1u << f))
                ok = v->v[f] >= r->lo[f] && v->v[f] <= r->hi[f];
        if (ok)
            return i;
    }
    return -1;
}

START_TEST(test_tables_match_rules)
{
    /* every embedded strategy and a file with overlapping and open ranges: the compiled table
     * answers exactly like the rules read one by one, over random views well past the edges */
    pb_strategy st[4];
    char err[512];
    ck_assert(pb_strategy_load(&st[0], "coach", err, sizeof err) == 0);
    ck_assert(pb_strategy_load(&st[1], "uniform", err, sizeof err) == 0);
    ck_assert(pb_strategy_load(&st[2], "always-run", err, sizeof err) == 0);
    ck_assert_msg(parse(&st[3],
                        "[offense]\nlead <-20 = long 1\nlead -20..-1, left ..5 = short 1, fg 1\n"
                        "togo 30-60, ytg 2..4 = run 1, fg 2\ndown 2-3, togo ..30, quarter 3.. = fg 1\n"
                        "ytg >12 = long 1\ndefault = run 3, short 1\n[defense]\ntogo <10 = d5 1\n"
                        "lead >0, down 4 = d1 1, d2 1\ndefault = d3 1\n[end_of_half]\nside defense, lead <0 = timeout 1\n",
                        err, sizeof err) == 0,
                  "%s", err);
    pb_rng r;
    pb_rng_seed(&r, 99, 0);
    for (int s = 0; s < 4; s++)
        for (int sec = 0; sec < PB_STRAT_SECTION_COUNT; sec++)
            for (int n = 0; n < 20000; n++) {
                pb_strat_view v;
                v.v[PB_FIELD_DOWN] = (int)pb_rng_below(&r, 7) - 1;
                v.v[PB_FIELD_YTG] = (int)pb_rng_below(&r, 110) - 5;
                v.v[PB_FIELD_TOGO] = (int)pb_rng_below(&r, 110) - 5;
                v.v[PB_FIELD_LEAD] = (int)pb_rng_below(&r, 121) - 60;
                v.v[PB_FIELD_LEFT] = (int)pb_rng_below(&r, 50) - 2;
                v.v[PB_FIELD_QUARTER] = (int)pb_rng_below(&r, 8);
                v.v[PB_FIELD_SIDE] = (int)pb_rng_below(&r, 2);
                unsigned usable = pb_rng_below(&r, 2) ? PB_STRAT_ALL : PB_STRAT_NO_FG;
                const pb_strat_rule *got = pb_strategy_rule(&st[s], (pb_strat_section)sec, &v, usable);
                int want = reference_line(&st[s], (pb_strat_section)sec, &v, usable);
                ck_assert_int_eq(got ? (int)(got - st[s].section[sec].rules) : -1, want);
            }
    for (int s = 0; s < 4; s++)
        pb_strategy_release(&st[s]);
}
END_TEST

START_TEST(test_mix_frequencies)
{
    /* "run 5, short 3, long 2, fg 10": within range each choice has probability weight/20;
     * out of range fg is dropped and the others share 10: 1/2, 3/10, 1/5. 200000 draws each,
     * chi-square goodness of fit (verify/stats.h), fixed seed: p must not be tiny. */
    pb_strategy st;
    char err[512];
    ck_assert(parse(&st, "[offense]\ndefault = run 5, short 3, long 2, fg 10\n[defense]\ndefault = d1 1\n", err,
                    sizeof err) == 0);
    pb_rng r;
    pb_rng_seed(&r, 2024, 1);
    pb_strat_view v = view(1, 10, 50, 0, 40, 1);
    for (int variant = 0; variant < 2; variant++) {
        uint64_t count[5] = {0};
        for (int i = 0; i < 200000; i++)
            count[pb_strategy_choose(&st, PB_STRAT_OFFENSE, &v, variant ? PB_STRAT_NO_FG : PB_STRAT_ALL, &r)]++;
        mpq_t p[4];
        static const int w[2][4] = {{5, 3, 2, 10}, {5, 3, 2, 0}};
        int total = variant ? 10 : 20, bins = variant ? 3 : 4;
        uint64_t obs[4] = {count[0], count[1], count[2], count[4]};
        ck_assert_int_eq(count[3], 0);  /* punt has no weight */
        if (variant)
            ck_assert_int_eq(count[4], 0);
        for (int i = 0; i < bins; i++) {
            mpq_init(p[i]);
            mpq_set_ui(p[i], (unsigned long)w[variant][i], (unsigned long)total);
            mpq_canonicalize(p[i]);
        }
        pb_stats_fit fit;
        ck_assert(pb_stats_goodness_of_fit(PB_STATS_CHI2, obs, p, (size_t)bins, &fit, err, sizeof err) == 0);
        ck_assert_msg(fit.p_value > 1e-6, "variant %d: X^2 %g p %g", variant, fit.statistic, fit.p_value);
        for (int i = 0; i < bins; i++)
            mpq_clear(p[i]);
    }
    pb_strategy_release(&st);
}
END_TEST

Suite *pb_suite_strategy(void)
{
    Suite *s = suite_create("strategy");
    TCase *tc = tcase_create("strategy");
    tcase_add_test(tc, test_embedded);
    tcase_add_test(tc, test_errors);
    tcase_add_test(tc, test_lookup_order);
    tcase_add_test(tc, test_tables_match_rules);
    tcase_add_test(tc, test_mix_frequencies);
    suite_add_tcase(s, tc);
    return s;
}
