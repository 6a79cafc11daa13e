/* tests/game_switch.c: Check suite for core/game_switch.c, the switch reading the other games
 * share: "ID=VALUE" split (both long-id behaviours), a reading looked up and listed, a switch
 * looked up in a game-shaped table, a missing one named, and the [switches] and whole-number INI lines. */
#include <check.h>
#include <string.h>

#include "game_switch.h"

typedef struct {
    const char *id, *question;
    const char *alts[4];
    bool guess;
} sw;

static const sw table[] = {{"X1", "q1", {"a", "b", NULL}, true}, {"X2", "q2", {"on", "off", "maybe", NULL}, false}};

START_TEST(test_split_and_lookup)
{
    char id[32], err[200];
    const char *v = pb_gsw_split("X2=maybe", id, sizeof id, 30, false, "X1=b", err, sizeof err);
    ck_assert_ptr_nonnull(v);
    ck_assert_str_eq(id, "X2");
    ck_assert_str_eq(v, "maybe");
    ck_assert_ptr_null(pb_gsw_split("X2", id, sizeof id, 30, false, "X1=b", err, sizeof err));
    ck_assert_str_eq(err, "'X2': expected SWITCH=VALUE, e.g. X1=b");
    ck_assert_ptr_null(pb_gsw_split("=b", id, sizeof id, 30, true, "X1=b", err, sizeof err));
    ck_assert_str_eq(err, "'=b': expected SWITCH=VALUE, e.g. X1=b");
    /* 31 characters: too long for max_id 30 (the card game, Carriers!!), fine for 31 (soccer) */
    const char *a31 = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=v";
    ck_assert_ptr_null(pb_gsw_split(a31, id, sizeof id, 30, false, "X1=b", err, sizeof err));
    ck_assert_str_eq(err, "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=v': expected SWITCH=VALUE, e.g. X1=b");
    ck_assert_ptr_nonnull(pb_gsw_split(a31, id, sizeof id, 31, true, "X1=b", err, sizeof err));
    ck_assert_uint_eq(strlen(id), 31);
    ck_assert_ptr_null(pb_gsw_split("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb=v", id, sizeof id, 31, true, "X1=b", err, sizeof err));
    ck_assert_str_eq(err, "unknown switch 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'");

    ck_assert_int_eq(pb_gsw_index(table, sizeof table[0], 2, "X2"), 1);
    ck_assert_int_eq(pb_gsw_index(table, sizeof table[0], 2, "X3"), -1);
    ck_assert_int_eq(pb_gsw_alt(table[1].alts, "maybe"), 2);
    ck_assert_int_eq(pb_gsw_alt(table[1].alts, "no"), -1);
    char buf[32];
    ck_assert_str_eq(pb_gsw_alts_list(table[1].alts, ", ", buf, sizeof buf), "on, off, maybe");
    ck_assert_str_eq(pb_gsw_alts_list(table[1].alts, "|", buf, 8), "on|off|");
    bool seen[2] = {true, false};
    ck_assert_int_eq(pb_gsw_missing(table, sizeof table[0], 2, seen, "t.ini", err, sizeof err), -1);
    ck_assert_str_eq(err, "t.ini: [switches] X2 is missing");
    seen[1] = true;
    ck_assert_int_eq(pb_gsw_missing(table, sizeof table[0], 2, seen, "t.ini", err, sizeof err), 0);
}
END_TEST

typedef struct {
    pb_ini_source src;
    int value[2];
    bool seen[2];
} ctx;

static int set(void *rules, const char *id, const char *v, char *err, size_t errlen)
{
    int i = pb_gsw_index(table, sizeof table[0], 2, id);
    int j = i < 0 ? -1 : pb_gsw_alt(table[i].alts, v);
    if (j < 0) {
        snprintf(err, errlen, "bad %s", id);
        return -1;
    }
    ((ctx *)rules)->value[i] = j;
    return 0;
}

static int handler(void *user, const char *section, const char *name, const char *value)
{
    ctx *c = user;
    if (c->src.failed)
        return 0;
    if (strcmp(section, "n") == 0) {
        int n;
        return pb_gsw_ini_whole(&c->src, name, value, 1, 9, &n);
    }
    return pb_gsw_ini_switch(&c->src, set, c, pb_gsw_index(table, sizeof table[0], 2, name), c->seen, name, value);
}

static const char *parse(const char *text, ctx *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    pb_ini_source_init(&c->src, text, "t.ini", err, errlen);
    pb_ini_parse(&c->src, handler, c, "a line");
    return c->src.failed ? err : "";
}

START_TEST(test_ini_lines)
{
    ctx c;
    char err[200];
    ck_assert_str_eq(parse("[s]\nX2 = maybe\nX1 = b\n[n]\nk = 9\n", &c, err, sizeof err), "");
    ck_assert_int_eq(c.value[1], 2);
    ck_assert_int_eq(c.value[0], 1);
    ck_assert(c.seen[0] && c.seen[1]);
    ck_assert_str_eq(parse("[s]\nX1 = a\nX1 = b\n", &c, err, sizeof err), "t.ini:3:1: switch X1 set twice");
    ck_assert_str_eq(parse("[s]\nX1 = zz\n", &c, err, sizeof err), "t.ini:2:6: bad X1");
    ck_assert_str_eq(parse("[s]\nX9 = a\n", &c, err, sizeof err), "t.ini:2:1: bad X9");
    ck_assert_str_eq(parse("[n]\nk = 10\n", &c, err, sizeof err), "t.ini:2:5: k: expected a whole number 1..9, not '10'");
    ck_assert_str_eq(parse("[n]\nk = 3x\n", &c, err, sizeof err), "t.ini:2:5: k: expected a whole number 1..9, not '3x'");
}
END_TEST

Suite *pb_suite_game_switch(void)
{
    Suite *s = suite_create("game_switch");
    TCase *tc = tcase_create("game_switch");
    tcase_add_test(tc, test_split_and_lookup);
    tcase_add_test(tc, test_ini_lines);
    suite_add_tcase(s, tc);
    return s;
}
