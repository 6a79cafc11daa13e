/* tests/msg.c: Check suite for the message catalogue (core/msg.c): the embedded po/ja.po read back
 * (a rulebook term in Japanese, the same string for English), a msgid the catalogue lacks given
 * back unchanged, every glossary term translated, the language names, and the entry listing the
 * page's dictionary is built from. */
#include <check.h>
#include <string.h>

#include "msg.h"
#include "msg_terms.h"

START_TEST(test_msg_terms_in_japanese)
{
    ck_assert_str_eq(pb_msg(PB_LANG_JA, "Run play"), "ラン・プレイ");
    ck_assert_str_eq(pb_msg(PB_LANG_JA, "Field goal"), "フィールド・ゴール");
    ck_assert_str_eq(pb_msg(PB_LANG_JA, "Defense card"), "ディフェンス・カード");
    ck_assert_str_eq(pb_msg(PB_LANG_EN, "Run play"), "Run play");
    /* absent: the msgid itself, for both languages; the empty msgid is not the header */
    ck_assert_str_eq(pb_msg(PB_LANG_JA, "no such message"), "no such message");
    ck_assert_str_eq(pb_msg(PB_LANG_JA, ""), "");
    ck_assert_str_eq(pb_msgc(PB_LANG_JA, "no context", "Run play"), "Run play");
    ck_assert_int_eq(pb_msg_has(PB_LANG_JA, NULL, "no such message"), 0);
    ck_assert_int_eq(pb_msg_has(PB_LANG_EN, NULL, "no such message"), 1);
}
END_TEST

START_TEST(test_msg_every_term_translated)
{
    size_t n = 0;
    for (const char *const *t = pb_msg_terms; *t; t++, n++) {
        ck_assert_msg(pb_msg_has(PB_LANG_JA, NULL, *t), "no Japanese for '%s'", *t);
        ck_assert_str_ne(pb_msg(PB_LANG_JA, *t), *t);
    }
    ck_assert_uint_ge(n, 18);
}
END_TEST

START_TEST(test_msg_entries_sorted_and_found)
{
    size_t n = pb_msg_count(PB_LANG_JA);
    ck_assert_uint_ge(n, 18);
    ck_assert_uint_eq(pb_msg_count(PB_LANG_EN), 0);
    const char *prev = "";
    for (size_t i = 0; i < n; i++) {
        const char *id, *str;
        pb_msg_entry(PB_LANG_JA, i, &id, &str);
        ck_assert_ptr_nonnull(id);
        ck_assert_ptr_nonnull(str);
        ck_assert_int_lt(strcmp(prev, id), 0);
        if (!strchr(id, '\004'))
            ck_assert_str_eq(pb_msg(PB_LANG_JA, id), str);
        prev = id;
    }
}
END_TEST

START_TEST(test_msg_lang_names)
{
    pb_lang l = PB_LANG_EN;
    ck_assert_int_eq(pb_lang_parse("ja", &l), 0);
    ck_assert_int_eq(l, PB_LANG_JA);
    ck_assert_int_eq(pb_lang_parse("English", &l), 0);
    ck_assert_int_eq(l, PB_LANG_EN);
    ck_assert_int_eq(pb_lang_parse("fr", &l), -1);
    ck_assert_int_eq(pb_lang_parse("", &l), -1);
    ck_assert_str_eq(pb_lang_code(PB_LANG_JA), "ja");
    ck_assert_str_eq(pb_lang_code(PB_LANG_EN), "en");
}
END_TEST

Suite *pb_suite_msg(void)
{
    Suite *s = suite_create("msg");
    TCase *tc = tcase_create("catalogue");
    tcase_add_test(tc, test_msg_terms_in_japanese);
    tcase_add_test(tc, test_msg_every_term_translated);
    tcase_add_test(tc, test_msg_entries_sorted_and_found);
    tcase_add_test(tc, test_msg_lang_names);
    suite_add_tcase(s, tc);
    return s;
}
