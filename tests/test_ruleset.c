/* tests/test_ruleset.c: loading, writing and rejecting ruleset files. Every class of bad
 * input has a test that checks the message (FILE:LINE:COL) and that nothing is loaded. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ruleset.h"
#include "switches.h"

static pb_ruleset rs;
static char err[PB_ERR_MAX];

/* The ja ruleset text with `from` replaced by `to` (first occurrence). Caller frees. */
static char *edited(const char *from, const char *to)
{
    const char *base = pb_ruleset_builtin_text("v1.11-ja");
    const char *at = strstr(base, from);
    ck_assert_msg(at != NULL, "test setup: '%s' not in the ruleset", from);
    size_t n = strlen(base) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    size_t head = (size_t)(at - base);
    memcpy(out, base, head);
    strcpy(out + head, to);
    strcat(out, at + strlen(from));
    return out;
}

/* Line number (1-based) of the first occurrence of `text` in the ja ruleset. */
static int line_of(const char *text)
{
    const char *base = pb_ruleset_builtin_text("v1.11-ja");
    const char *at = strstr(base, text);
    ck_assert(at != NULL);
    int line = 1;
    for (const char *p = base; p < at; p++)
        line += *p == '\n';
    return line;
}

static void expect_error(const char *from, const char *to, const char *message)
{
    char *text = edited(from, to);
    int rc = pb_ruleset_parse(&rs, text, "edited.ini", err, sizeof err);
    free(text);
    ck_assert_int_eq(rc, -1);
    ck_assert_msg(strstr(err, message) != NULL, "expected '%s' in '%s'", message, err);
}

START_TEST(builtin_rulesets_load)
{
    ck_assert_int_eq(pb_ruleset_load(&rs, "v1.11-ja", err, sizeof err), 0);
    ck_assert_str_eq(rs.name, "v1.11-ja");
    ck_assert_int_eq(rs.defense[3].run_value, 4);
    ck_assert_uint_eq(rs.defense[0].long_faces, PB_FACE(4) | PB_FACE(5) | PB_FACE(6));
    ck_assert_uint_eq(rs.defense[1].long_red, PB_FACE(5) | PB_FACE(6));
    ck_assert_uint_eq(rs.defense[1].short_red, rs.defense[1].short_faces); /* short unchanged in the red zone */
    ck_assert_uint_eq(rs.defense[3].short_faces, 0);
    ck_assert_int_eq(rs.touchback_togo, 80);
    ck_assert_int_eq(rs.red_zone, 20);
    ck_assert_int_eq(rs.pat_kick_at_least, 4);
    ck_assert_int_eq(rs.onside_keep_at_least, 10);
    ck_assert_int_eq(rs.fg_row_count, 4);
    ck_assert_int_eq(rs.fg_rows[0].max_togo, 20);
    ck_assert_int_eq(rs.sw.timeouts, 3);
    ck_assert_int_eq(rs.card[0].effect, PB_EFFECT_INTERCEPT);
    ck_assert(rs.card[0].no_chain);
    ck_assert_int_eq(rs.card[20].timeout, PB_SIDE_OFFENSE);
    ck_assert_int_eq(rs.extra_plays_max, 4);

    ck_assert_int_eq(pb_ruleset_load(&rs, "v1.11-en", err, sizeof err), 0);
    ck_assert_int_eq(rs.red_zone, 19);
    ck_assert_int_eq(rs.pat_kick_at_least, 5);
    ck_assert_int_eq(rs.onside_keep_at_least, 11);
    ck_assert_int_eq(rs.fg_rows[0].max_togo, 19);
    ck_assert_uint_eq(rs.defense[0].long_faces, PB_FACE(5) | PB_FACE(6));
    ck_assert_int_eq(rs.extra_plays_max, -1);
}
END_TEST

/* `rules show` output parses back to the same ruleset. */
START_TEST(write_round_trips)
{
    for (int i = 0; pb_ruleset_builtin_names[i]; i++) {
        pb_ruleset a, b;
        ck_assert_int_eq(pb_ruleset_load(&a, pb_ruleset_builtin_names[i], err, sizeof err), 0);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        pb_ruleset_write(&a, f);
        fclose(f);
        ck_assert_msg(pb_ruleset_parse(&b, buf, "written", err, sizeof err) == 0, "%s", err);
        free(buf);
        memset(a.source, 0, sizeof a.source);
        memset(b.source, 0, sizeof b.source);
        ck_assert(memcmp(&a, &b, sizeof a) == 0);
    }
}
END_TEST

START_TEST(card_sections_accept_one_or_two_digits)
{
    char *text = edited("[card 07]", "[card 7]");
    ck_assert_int_eq(pb_ruleset_parse(&rs, text, "t", err, sizeof err), 0);
    ck_assert_str_eq(rs.card[6].name, "Delay of Game");
    free(text);
}
END_TEST

START_TEST(unknown_key)
{
    char msg[128];
    snprintf(msg, sizeof msg, "edited.ini:%d:1: unknown key 'rn' in [defense 4]", line_of("run = 4"));
    expect_error("run = 4", "rn = 4", msg);
}
END_TEST

START_TEST(unknown_card_section)
{
    expect_error("[card 24]", "[card 25]", "unknown section [card 25] (play cards are 01..24)");
    expect_error("[defense 5]", "[defence 5]", "unknown section [defence 5]");
}
END_TEST

START_TEST(number_out_of_range)
{
    char msg[128];
    snprintf(msg, sizeof msg, "edited.ini:%d:19: 'red_zone' = 120 is out of range (0..99)", line_of("red_zone = 20"));
    /* "red_zone =" and 8 blanks are 18 characters: the value starts in column 19 */
    expect_error("red_zone = 20 ", "red_zone =        120 ", "'red_zone' = 120 is out of range (0..99)");
    expect_error("red_zone = 20 ", "red_zone =        120 ", msg);
}
END_TEST

START_TEST(not_a_number)
{
    expect_error("distance = 50", "distance = fifty", "'distance' must be a whole number, not 'fifty'");
}
END_TEST

START_TEST(missing_entry)
{
    expect_error("distance = 50", "; distance = 50", "missing 'distance' in [punt]");
    expect_error("END-LINE = gt\n", "", "missing switch 'END-LINE' in [switches]");
    expect_error("[card 13]\nname = Run-Play Bonus\neffect = ignore_defense\nplays = run\n", "",
                 "missing section [card 13]");
    expect_error("run = 4\n", "", "missing 'run' in [defense 4]");
}
END_TEST

START_TEST(duplicate_entry)
{
    char msg[128];
    snprintf(msg, sizeof msg, "duplicate 'run' in [defense 4] (first at line %d)", line_of("run = 4"));
    expect_error("run = 4\n", "run = 4\nrun = 3\n", msg);
}
END_TEST

START_TEST(bad_switch_value)
{
    expect_error("END-LINE = gt", "END-LINE = gte", "switch END-LINE has no value 'gte' (gt, ge)");
    expect_error("END-LINE = gt", "END-LIN = gt", "unknown switch 'END-LIN'");
    expect_error("TIMEOUTS = 3", "TIMEOUTS = 12", "switch TIMEOUTS has no value '12' (a number 0..9)");
}
END_TEST

START_TEST(bad_faces)
{
    expect_error("long = 1 2 3", "long = 1 2 7", "'long' must list die faces 1..6 once each");
    expect_error("long = 1 2 3", "long = 1 1", "'long' must list die faces 1..6 once each");
    expect_error("trigger = 1 6            ; a completed", "trigger = twice ; a", "'trigger' must be 'doubles' or die faces");
}
END_TEST

START_TEST(effect_parameters_checked)
{
    expect_error("effect = multiply\nplays = run\nfactor = 2", "effect = multiply\nplays = run",
                 "[card 11] effect 'multiply' needs 'factor'");
    expect_error("effect = subtract\nplays = all\nyards = 5", "effect = subtract\nplays = all\nyards = 5\nfactor = 2",
                 "'factor' does not apply to effect 'subtract' in [card 17]");
    expect_error("effect = sack\nplays = pass\ntrigger = 1 6", "effect = sack\nplays = run\ntrigger = 1 6",
                 "[card 19] effect 'sack' needs 'plays = pass'");
    expect_error("effect = halve", "effect = halves", "unknown effect 'halves'");
}
END_TEST

START_TEST(syntax_error)
{
    char msg[128];
    snprintf(msg, sizeof msg, "edited.ini:%d:1: syntax error", line_of("[punt]"));
    expect_error("[punt]", "[punt", msg);
    /* libinih would read an indented line as more of the previous value: refused */
    snprintf(msg, sizeof msg, "edited.ini:%d:1: indented line", line_of("run = 4") + 1);
    expect_error("run = 4\n", "run = 4\n   5\n", msg);
}
END_TEST

START_TEST(long_line)
{
    char longline[300];
    memset(longline, 'x', sizeof longline - 1);
    longline[sizeof longline - 1] = '\0';
    memcpy(longline, "; ", 2);
    expect_error("[punt]", longline, "line longer than 190 bytes");
}
END_TEST

START_TEST(files_and_names)
{
    ck_assert_int_eq(pb_ruleset_load(&rs, "v1.11-xx", err, sizeof err), -1);
    ck_assert(strstr(err, "unknown ruleset 'v1.11-xx'") != NULL);
    ck_assert_int_eq(pb_ruleset_load(&rs, "/nonexistent/rules.ini", err, sizeof err), -1);
    ck_assert(strstr(err, "/nonexistent/rules.ini: cannot open") != NULL);
    char path[] = "/tmp/pb_ruleset_test_XXXXXX";
    int fd = mkstemp(path);
    ck_assert(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    fwrite("[punt]\0distance = 50\n", 1, 21, f);
    fclose(f);
    ck_assert_int_eq(pb_ruleset_load(&rs, path, err, sizeof err), -1);
    ck_assert(strstr(err, "contains a NUL byte") != NULL);
    f = fopen(path, "wb");
    fputs(pb_ruleset_builtin_text("v1.11-en"), f);
    fclose(f);
    ck_assert_int_eq(pb_ruleset_load(&rs, path, err, sizeof err), 0);
    ck_assert_str_eq(rs.name, "v1.11-en");
    ck_assert_str_eq(rs.source, path);
    remove(path);
}
END_TEST

/* Every input that once crashed or misled the loader (fuzzing finds go to tests/data/fuzz/). */
START_TEST(fuzz_regressions)
{
    static const char *const inputs[] = {
        "", "[", "]", "=", "[card]\nname=x", "[card 0]\nname=x", "[card 99999999999999999999]\na=b",
        "[defense -1]\nrun=0", "[switches]\nTIMEOUTS=", "[switches]\nTIMEOUTS=3x", "[field]\nred_zone=-",
        "[field_goal]\nwithin_=1", "[field_goal]\nwithin_999=1", "[field_goal]\nwithin_20=1\nwithin_10=1",
        "[card 01]\ntrigger=", "[card 01]\ntrigger=doubles\ntrigger=1", "  \n\t\n;;\n#", "[a]\nb=c\n[a]\nb=c",
        "[game]\nextra_plays_max=unlimitedx", "[defense 1]\nshort=123", "[defense 1]\nshort=1,,2",
    };
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        ck_assert_int_eq(pb_ruleset_parse(&rs, inputs[i], "fuzz", err, sizeof err), -1);
        ck_assert_msg(strncmp(err, "fuzz", 4) == 0, "message must name the file: %s", err);
    }
}
END_TEST

Suite *pb_suite_ruleset(void)
{
    Suite *s = suite_create("ruleset");
    TCase *tc = tcase_create("load");
    tcase_add_test(tc, builtin_rulesets_load);
    tcase_add_test(tc, write_round_trips);
    tcase_add_test(tc, card_sections_accept_one_or_two_digits);
    tcase_add_test(tc, unknown_key);
    tcase_add_test(tc, unknown_card_section);
    tcase_add_test(tc, number_out_of_range);
    tcase_add_test(tc, not_a_number);
    tcase_add_test(tc, missing_entry);
    tcase_add_test(tc, duplicate_entry);
    tcase_add_test(tc, bad_switch_value);
    tcase_add_test(tc, bad_faces);
    tcase_add_test(tc, effect_parameters_checked);
    tcase_add_test(tc, syntax_error);
    tcase_add_test(tc, long_line);
    tcase_add_test(tc, files_and_names);
    tcase_add_test(tc, fuzz_regressions);
    suite_add_tcase(s, tc);
    return s;
}
