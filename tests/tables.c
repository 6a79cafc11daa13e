/* tests/tables.c: Check suite for tables/: the printers (every format, byte for byte on a
 * small table whose values are worked out below), the option helpers, and the tables' values
 * against probabilities derived by hand in the comments, computed by the exact enumerator. */
#include <check.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "build.h"
#include "data.h"
#include "output.h"
#include "report.h"
#include "svg.h"
#include "table.h"

/* ---- printers ---- */

static void set_q(mpq_t q, long num, unsigned long den)
{
    mpq_set_si(q, num, den);
    mpq_canonicalize(q);
}

/* The small table:  label | Defense 1: P(=y), P(>=y) | mean
 *   a     5/36 = 13.888..%  -> 13.89;  1/8 = 12.5% -> 12.50;  -1/3 -> -0.33
 *   b, c  1/800 = 0.125%    -> 0.12 (a tie: half to even);  exact 0 -> "0";  mean unset -> "-" */
static void small_table(pb_table *t)
{
    mpq_t q;
    mpq_init(q);
    pb_table_init(t, "t", "Test");
    pb_table_note(t, "note | one");
    pb_table_col_add(t, "label", NULL, PB_COL_TEXT, 0);
    pb_table_col_add(t, "P(=y)", "Defense 1", PB_COL_PERCENT, 2);
    pb_table_col_add(t, "P(>=y)", "Defense 1", PB_COL_PERCENT, 2);
    pb_table_col_add(t, "mean", NULL, PB_COL_DECIMAL, 2);
    size_t r = pb_table_row_add(t, false);
    pb_table_set_text(t, r, 0, "a");
    set_q(q, 5, 36), pb_table_set_q(t, r, 1, q);
    set_q(q, 1, 8), pb_table_set_q(t, r, 2, q);
    set_q(q, -1, 3), pb_table_set_q(t, r, 3, q);
    r = pb_table_row_add(t, true);
    pb_table_set_text(t, r, 0, "b, c");
    set_q(q, 1, 800), pb_table_set_q(t, r, 1, q);
    set_q(q, 0, 1), pb_table_set_q(t, r, 2, q);
    mpq_clear(q);
}

static char *render(const pb_table *t, pb_table_format f)
{
    size_t len;
    char *s = pb_table_render(t, f, &len);
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_eq(strlen(s), len);
    return s;
}

static void expect_text(const char *got, const char *want, const char *what)
{
    ck_assert_msg(strcmp(got, want) == 0, "%s:\n--- got\n%s--- want\n%s", what, got, want);
}

START_TEST(number_text_rounds_half_even_and_marks_zero)
{
    struct { long num; unsigned long den; pb_col_kind kind; int places; const char *want; } cases[] = {
        {5, 36, PB_COL_PERCENT, 2, "13.89"},   /* 13.888... */
        {1, 8, PB_COL_PERCENT, 2, "12.50"},    /* exactly 12.5 */
        {1, 800, PB_COL_PERCENT, 2, "0.12"},   /* 0.125: tie, 2 is even */
        {3, 800, PB_COL_PERCENT, 2, "0.38"},   /* 0.375: tie, 8 is even */
        {1, 1600, PB_COL_PERCENT, 3, "0.062"}, /* 0.0625: tie, 2 is even */
        {1, 1, PB_COL_PERCENT, 2, "100.00"},
        {0, 1, PB_COL_PERCENT, 2, "0"},        /* exact zero: impossible */
        {1, 10000000, PB_COL_PERCENT, 2, "0.00"}, /* not zero, rounds to zero */
        {42, 5, PB_COL_DECIMAL, 2, "8.40"},
        {-1, 3, PB_COL_DECIMAL, 2, "-0.33"},
    };
    mpq_t q;
    mpq_init(q);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[64];
        set_q(q, cases[i].num, cases[i].den);
        pb_table_number_text(buf, sizeof buf, q, cases[i].kind, cases[i].places);
        ck_assert_msg(strcmp(buf, cases[i].want) == 0, "%ld/%lu: got %s, want %s", cases[i].num, cases[i].den, buf,
                      cases[i].want);
    }
    mpq_clear(q);
}
END_TEST

START_TEST(text_printer_aligns_groups_and_blocks)
{
    pb_table t;
    small_table(&t);
    char *s = render(&t, PB_FMT_TXT);
    /* widths: label 5, P(=y) 5, P(>=y) 6, mean 5; "Defense 1" (9) centred over 5+2+6 = 13 */
    expect_text(s,
                "Test\n"
                "====\n"
                "note | one\n"
                "\n"
                "         Defense 1\n"
                "       -------------\n"
                "label  P(=y)  P(>=y)   mean\n"
                "---------------------------\n"
                "a      13.89   12.50  -0.33\n"
                "---------------------------\n"
                "b, c    0.12       0      -\n",
                "txt");
    free(s);
    pb_table_release(&t);
}
END_TEST

START_TEST(csv_printer_header_first_full_precision_and_fractions)
{
    pb_table t;
    small_table(&t);
    char *s = render(&t, PB_FMT_CSV);
    expect_text(s,
                "label,Defense 1 P(=y),Defense 1 P(=y) exact p,Defense 1 P(>=y),Defense 1 P(>=y) exact p,mean,mean "
                "exact\n"
                "a,13.888888888888889,5/36,12.5,1/8,-0.33333333333333333,-1/3\n"
                "\"b, c\",0.125,1/800,0,0,,\n"
                "\n"
                "\"Notes (below the data). Numbers are in the unit of the printed table, exact ones to 17 significant "
                "digits with the exact fraction beside them (for a percentage the fraction is the probability).\"\n"
                "Test\n"
                "note | one\n",
                "csv");
    free(s);
    pb_table_release(&t);
}
END_TEST

START_TEST(csv_significant_digits_round_half_even)
{
    static const struct { long num; unsigned long den; int digits; const char *want; } cases[] = {
        {1, 8, 2, "0.12"},           /* a tie goes to the even digit */
        {3, 8, 2, "0.38"},
        {1999, 200, 3, "10"},        /* 9.995 rounds up to a new magnitude: 10.0, zeros dropped */
        {17, 18, 17, "0.94444444444444444"},
        {-2, 3, 17, "-0.66666666666666667"},
        {1, 3000000, 3, "0.000000333"},
        {0, 1, 17, "0"},
        {12345, 1, 3, "12345"},      /* an integer past the digits prints whole, exactly */
        {100, 1, 17, "100"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mpq_t q;
        mpq_init(q);
        set_q(q, cases[i].num, cases[i].den);
        char buf[64];
        ck_assert_uint_le(pb_table_csv_significant_size(q, cases[i].digits), sizeof buf);
        pb_table_csv_significant(buf, sizeof buf, q, cases[i].digits);
        ck_assert_str_eq(buf, cases[i].want);
        mpq_clear(q);
    }
    char f[32];
    mpq_t q;
    mpq_init(q);
    set_q(q, 1, 1);
    pb_table_csv_fraction(f, sizeof f, q);
    ck_assert_str_eq(f, "1");
    set_q(q, 0, 1);
    pb_table_csv_fraction(f, sizeof f, q);
    ck_assert_str_eq(f, "0");
    set_q(q, -34, 36);
    pb_table_csv_fraction(f, sizeof f, q);
    ck_assert_str_eq(f, "-17/18");
    mpq_clear(q);
    pb_table_csv_real(f, sizeof f, 0.1);
    ck_assert_str_eq(f, "0.1");
    pb_table_csv_real(f, sizeof f, 1.0 / 3);
    ck_assert_str_eq(f, "0.3333333333333333");   /* repr(1/3) in Python */
    pb_table_csv_real(f, sizeof f, -0.0);
    ck_assert_str_eq(f, "0");
}
END_TEST

START_TEST(markdown_printer_escapes_pipes)
{
    pb_table t;
    small_table(&t);
    char *s = render(&t, PB_FMT_MD);
    expect_text(s,
                "### Test\n"
                "\n"
                "- note \\| one\n"
                "\n"
                "| label | Defense 1 P(=y) | Defense 1 P(>=y) | mean |\n"
                "| :--- | ---: | ---: | ---: |\n"
                "| a | 13.89 | 12.50 | -0.33 |\n"
                "| b, c | 0.12 | 0 | - |\n",
                "md");
    free(s);
    pb_table_release(&t);
}
END_TEST

START_TEST(tex_printer_is_booktabs_and_escapes)
{
    pb_table t;
    small_table(&t);
    char *s = render(&t, PB_FMT_TEX);
    const char *want[] = {
        "\\begin{tabular}{lrrr}\n\\toprule\n",
        " & \\multicolumn{2}{c}{Defense 1} &  \\\\\n\\cmidrule(lr){2-3}\n",
        "label & P(=y) & P($\\geq$y) & mean \\\\\n\\midrule\n",
        "a & 13.89 & 12.50 & $-$0.33 \\\\\n\\midrule\nb, c & 0.12 & 0 & -- \\\\\n\\bottomrule\n",
        "\\caption{Test}\\label{tab:t}",
        "note \\textbar{} one",
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_msg(strstr(s, want[i]) != NULL, "tex lacks \"%s\":\n%s", want[i], s);
    ck_assert_ptr_null(strstr(s, "longtable"));
    free(s);
    /* past 40 rows a table is a longtable, its header repeated on every page */
    pb_table l;
    pb_table_init(&l, "long", "Long & wide: 100%");
    pb_table_col_add(&l, "n", NULL, PB_COL_INT, 0);
    for (int i = 0; i < 41; i++)
        pb_table_set_int(&l, pb_table_row_add(&l, false), 0, i);
    s = render(&l, PB_FMT_TEX);
    ck_assert_ptr_nonnull(strstr(s, "\\begin{longtable}{r}"));
    ck_assert_ptr_nonnull(strstr(s, "\\endfirsthead"));
    ck_assert_ptr_nonnull(strstr(s, "\\caption{Long \\& wide: 100\\%}"));
    free(s);
    pb_table_release(&l);
    pb_table_release(&t);
}
END_TEST

START_TEST(html_printer_shows_exact_fraction_on_hover)
{
    pb_table t;
    small_table(&t);
    char *s = render(&t, PB_FMT_HTML);
    ck_assert_ptr_nonnull(strstr(s, "<th colspan=\"2\" class=\"grp\">Defense 1</th>"));
    ck_assert_ptr_nonnull(strstr(s, "<th class=\"n\">P(&ge;y)</th>"));
    ck_assert_ptr_nonnull(strstr(s, "<td class=\"n\" title=\"5/36\">13.89</td>"));
    ck_assert_ptr_nonnull(strstr(s, "<td class=\"n\" title=\"0/1\">0</td>"));
    ck_assert_ptr_nonnull(strstr(s, "<tr class=\"blk\"><td>b, c</td>"));
    free(s);
    pb_table_release(&t);
}
END_TEST

START_TEST(formats_and_selection)
{
    unsigned f;
    char err[128];
    ck_assert_int_eq(pb_table_formats_parse("txt,md", &f, err, sizeof err), 0);
    ck_assert_uint_eq(f, PB_FMT_TXT | PB_FMT_MD);
    ck_assert_int_eq(pb_table_formats_parse("txt,md,csv,tex,html", &f, err, sizeof err), 0);
    ck_assert_uint_eq(f, PB_FMT_ALL);
    ck_assert_int_eq(pb_table_formats_parse("csv,pdf", &f, err, sizeof err), -1);
    ck_assert_str_eq(err, "unknown format 'pdf' (txt, md, csv, tex, html)");
    ck_assert_int_eq(pb_table_formats_parse("", &f, err, sizeof err), -1);
    ck_assert(pb_table_selected(NULL, "fg"));
    ck_assert(pb_table_selected("pat,card-td-*", "card-td-togo20"));
    ck_assert(!pb_table_selected("pat,card-td-*", "card-turnover-togo20"));
    ck_assert(!pb_table_selected("fg", "fgx"));
    /* what a table needs computed */
    pb_table_need n;
    memset(&n, 0, sizeof n);
    pb_table_need_add(&n, "card-td-togo95");
    pb_table_need_add(&n, "gain-run");
    ck_assert(n.togo[95] && n.togo[50] && !n.togo[20] && !n.special);
    pb_table_need_add(&n, "fg");
    ck_assert(n.special && !n.togo[1]);
    pb_table_need_add(&n, "field-td");
    ck_assert(n.togo[1] && n.togo[99]);
    /* the drive tables need the drive game solved, and nothing else; the report needs it too */
    ck_assert(!n.drive);
    memset(&n, 0, sizeof n);
    pb_table_need_add(&n, "drive-ep");
    ck_assert(n.drive && !n.special && !n.togo[50]);
    memset(&n, 0, sizeof n);
    pb_table_need_add(&n, "report");
    ck_assert(n.drive && n.special && n.togo[50]);
}
END_TEST

/* ---- values ---- */

static pb_table_data *compute(const char *ruleset, pb_table_need *need)
{
    pb_ruleset rs;
    char err[512];
    ck_assert(pb_ruleset_load(&rs, ruleset, err, sizeof err) == 0);
    pb_policies pol = {0};
    pb_table_data *d = malloc(sizeof *d);
    ck_assert_ptr_nonnull(d);
    pb_table_data_init(d, &rs, &pol);
    ck_assert_msg(pb_table_data_compute(d, need, 2, NULL, NULL, err, sizeof err) == 0, "%s", err);
    return d;
}

static void release(pb_table_data *d)
{
    pb_table_data_release(d);
    free(d);
}

static void expect_q(const mpq_t q, long num, unsigned long den, const char *what)
{
    mpq_t w;
    mpq_init(w);
    set_q(w, num, den);
    ck_assert_msg(mpq_equal(q, w), "%s: got %s, want %ld/%lu", what, mpq_get_str(NULL, 10, q), num, den);
    mpq_clear(w);
}

/* The cell of table `id` at the row whose first column is `row` and the column `col`. */
static const pb_table_cell *cell(const pb_table_list *l, const char *id, const char *row, size_t col)
{
    const pb_table *t = pb_table_list_find(l, id);
    ck_assert_msg(t != NULL, "no table %s", id);
    for (size_t r = 0; r < t->nrows; r++)
        if (strcmp(pb_table_cell_at(t, r, 0)->text, row) == 0)
            return pb_table_cell_at(t, r, col);
    ck_abort_msg("table %s has no row '%s'", id, row);
    return NULL;
}

/* "1 timeout each", not "1 timeouts each" (seen in the report); 0 and 3 take the plural. */
START_TEST(situation_counts_timeouts_in_words)
{
    pb_ruleset rs;
    char err[512], buf[160];
    ck_assert(pb_ruleset_load(&rs, "v1.11-ja", err, sizeof err) == 0);
    pb_policies pol = {0};
    pb_table_data *d = malloc(sizeof *d);
    ck_assert_ptr_nonnull(d);
    pb_table_data_init(d, &rs, &pol);
    const int n[] = {0, 1, 3};
    const char *const want[] = {"0 timeouts each", "1 timeout each", "3 timeouts each"};
    for (int i = 0; i < 3; i++) {
        d->rules.sw.timeouts = n[i];
        for (int togo = 0; togo <= 50; togo += 5) {
            pb_table_situation_text(d, togo, buf, sizeof buf);
            ck_assert_msg(strstr(buf, want[i]) != NULL, "togo %d, %d timeouts: '%s'", togo, n[i], buf);
        }
    }
    release(d);
}
END_TEST

/* Field goal (rule 3.6): good if a die shows a face of the row, or on doubles.
 *   <=20: 1-4: P(some die in 1..4) = 1 - (2/6)^2 = 32/36, plus 5-5, 6-6: 34/36 = 17/18
 *   <=25: 1-3: 1 - (3/6)^2 = 27/36, plus 3 doubles: 30/36 = 5/6
 *   <=30: 1-2: 1 - (4/6)^2 = 20/36, plus 4 doubles: 24/36 = 2/3
 *   <=35: 1:   1 - (5/6)^2 = 11/36, plus 5 doubles: 16/36 = 4/9
 *   36-40: doubles only: 1/6.  The English edition says "less than": 20 falls in the 1-3 row.
 * PAT kick: sum >= 4 (ja): 1 - P(sum <= 3) = 1 - 3/36 = 11/12; "more than 4" (en): sum >= 5:
 * 1 - 6/36 = 5/6. Onside: 2 x die >= 10: die 5 or 6, 1/3 (ja); more than 10: die 6, 1/6 (en). */
START_TEST(special_teams_by_hand)
{
    pb_table_need need;
    memset(&need, 0, sizeof need);
    need.special = true;
    pb_table_data *ja = compute("v1.11-ja", &need), *en = compute("v1.11-en", &need);
    expect_q(ja->fg_good[1], 17, 18, "ja fg 1");
    expect_q(ja->fg_good[20], 17, 18, "ja fg 20");
    expect_q(ja->fg_good[21], 5, 6, "ja fg 21");
    expect_q(ja->fg_good[25], 5, 6, "ja fg 25");
    expect_q(ja->fg_good[30], 2, 3, "ja fg 30");
    expect_q(ja->fg_good[35], 4, 9, "ja fg 35");
    expect_q(ja->fg_good[36], 1, 6, "ja fg 36");
    expect_q(ja->fg_good[40], 1, 6, "ja fg 40");
    expect_q(en->fg_good[19], 17, 18, "en fg 19");
    expect_q(en->fg_good[20], 5, 6, "en fg 20");
    expect_q(en->fg_good[35], 1, 6, "en fg 35");
    expect_q(ja->pat_good, 11, 12, "ja pat");
    expect_q(en->pat_good, 5, 6, "en pat");
    /* Two-point try from 2 yards, no card.
     * Run vs Defense 1 (run value 0): a non-doubles roll gains at least 3, doubles at least 2: 1.
     * Run vs Defense 5 (run value 6): non-doubles need sum - 6 >= 2, sum >= 8: 2-6, 3-5, 3-6,
     *   4-5, 4-6, 5-6, each two ways: 12/36; doubles always gain >= 2: 6/36; 18/36 = 1/2.
     * Long Pass vs Defense 4 (numbers 1 2 3): non-doubles complete needs both dice in 4..6,
     *   then 2 x sum >= 18 is past the end line (2 + 10): never; doubles always score: 1/6. */
    expect_q(ja->two_point[PB_OFF_RUN][0], 1, 1, "two-point run D1");
    expect_q(ja->two_point[PB_OFF_RUN][4], 1, 2, "two-point run D5");
    expect_q(ja->two_point[PB_OFF_LONG][3], 1, 6, "two-point long D4");

    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_special(ja, &l);
    expect_q(cell(&l, "fg", "33", 3)->q, 4, 9, "fg table, 33 yards");
    ck_assert_str_eq(cell(&l, "fg", "33", 3)->text, "44.44");
    ck_assert_str_eq(cell(&l, "fg", "33", 2)->text, "a die shows 1, or doubles");
    expect_q(cell(&l, "two-point", "Run", 5)->q, 1, 2, "two-point table");
    /* Onside from the own 30: kept on 5 or 6 (1/3), at the own 40 or 42 (2 x die yards). */
    expect_q(cell(&l, "kicks", "onside kick from own 30", 3)->q, 1, 3, "onside kept");
    expect_q(cell(&l, "onside", "kicking team keeps it on own 40 (togo 60)", 1)->q, 1, 6, "onside at 40");
    /* Kickoff: the ball stops at 30 + 2 x sum + 50 = the receiver's togo 80 + 2 x sum (the goal
     * line for sum >= 10). A return gains 2 x sum, or 4 x sum on doubles and again: its mean
     * is E = 30/36 x 14 + 6/36 x (28 + E'), where E' (the re-rolls) solves the same equation:
     * E' = 98/5, so E = 98/5 = 19.6 (a cap far past it barely lowers it). From togo 98 (sum 9)
     * a return is expected to start at about 78.4 < 80: return; from the goal line at about
     * 80.4 > 80: touchback. So P(touchback) = P(sum >= 10) = 6/36 = 1/6. */
    expect_q(cell(&l, "kicks", "kickoff from own 30", 1)->q, 1, 6, "kickoff touchback");
    pb_table_list_release(&l);

    pb_table_list_init(&l);
    pb_table_build_special(en, &l);
    expect_q(cell(&l, "kicks", "onside kick from own 30", 3)->q, 1, 6, "en onside kept");
    ck_assert_ptr_nonnull(strstr(pb_table_list_find(&l, "pat")->notes[0], "v1.11-en (embedded)"));
    pb_table_list_release(&l);
    release(ja);
    release(en);
}
END_TEST

/* Gain tables, 1st and 10 at midfield, no card.
 * Run vs Defense 1 (run value 0), P(gain = 7): non-doubles sum 7: 6/36. Doubles 1-1 (2 yards)
 * then re-rolls totalling 5: a non-doubles 5 (4/36), or 1-1 then a non-doubles 3 (1/36 x 2/36);
 * doubles 2-2 (4) then a non-doubles 3 (2/36); 3-3 (6) would need 1 more: impossible. So
 * 6/36 + 1/36 x (4/36 + 2/1296) + 1/36 x 2/36 = (7776 + 144 + 2 + 72) / 46656 = 7994/46656
 * = 3997/23328. The smallest gain is 3 (a non-doubles 1-2; doubles give 2 + at least 2), so
 * P(gain >= 3) = 1. Run vs Defense 5 (run value 6): gain -3 from 1-2 or 2-1: 1/18.
 * Completion: Short Pass vs Defense 2 (numbers 1 2 3): non-doubles complete when both dice
 * show 4-6 (6/36), doubles always (6/36): 1/3. Long Pass vs Defense 4 (1 2 3) likewise 1/3
 * (2 x 11 = 22 yards is far short of the end line, 60 yards away). Short Pass vs Defense 1 has
 * no numbers: complete every time. */
START_TEST(gain_tables_by_hand)
{
    pb_table_need need;
    memset(&need, 0, sizeof need);
    need.togo[50] = true;
    pb_table_data *d = compute("v1.11-ja", &need);
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_gain(d, &l);
    expect_q(cell(&l, "gain-run", "7", 1)->q, 3997, 23328, "run D1 gain 7");
    ck_assert_str_eq(cell(&l, "gain-run", "7", 1)->text, "17.13");
    expect_q(cell(&l, "gain-run", "3", 2)->q, 1, 1, "run D1 gain >= 3");
    expect_q(cell(&l, "gain-run", "-3", 9)->q, 1, 18, "run D5 gain -3");
    expect_q(cell(&l, "gain-run", "-3", 10)->q, 1, 1, "run D5 gain >= -3");
    ck_assert_str_eq(cell(&l, "gain-run", "-3", 1)->text, "0"); /* impossible against Defense 1 */
    /* gain-summary rows: offense, defense, completion, mean gain, P(gain >= 10), P(touchdown) */
    const pb_table *s = pb_table_list_find(&l, "gain-summary");
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_eq(s->nrows, 15);
    expect_q(pb_table_cell_at(s, 5 + 1, 2)->q, 1, 3, "short D2 completion");   /* row 6: Short Pass, Defense 2 */
    expect_q(pb_table_cell_at(s, 10 + 3, 2)->q, 1, 3, "long D4 completion");   /* row 13: Long Pass, Defense 4 */
    expect_q(pb_table_cell_at(s, 5 + 0, 2)->q, 1, 1, "short D1 completion");
    ck_assert(!pb_table_cell_at(s, 0, 2)->set);  /* a run has no completion */
    /* the summary's P(gain >= 10) is the gain table's P(>=y) at 10 */
    ck_assert(mpq_equal(pb_table_cell_at(s, 0, 4)->q, cell(&l, "gain-run", "10", 2)->q));
    pb_table_list_release(&l);
    release(d);
}
END_TEST

/* The deck is the exact mix of the 24 card distributions; P(touchdown), P(first down) and
 * P(turnover) are probabilities, so the deck's must be the plain average of the cards' (an
 * independent path: averaging summaries instead of mixing distributions). */
START_TEST(deck_is_the_average_of_the_cards)
{
    pb_table_need need;
    memset(&need, 0, sizeof need);
    need.togo[20] = need.togo[95] = true;
    pb_table_data *d = compute("v1.11-ja", &need);
    const int togos[] = {20, 95};
    mpq_t sum, n;
    mpq_inits(sum, n, NULL);
    for (int ti = 0; ti < 2; ti++)
        for (int o = 0; o < PB_OFFENSE_COUNT; o++)
            for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
                size_t offs[] = {offsetof(pb_table_stats, td), offsetof(pb_table_stats, first_down),
                                 offsetof(pb_table_stats, turnover)};
                for (int s = 0; s < 3; s++) {
                    mpq_set_ui(sum, 0, 1);
                    for (int c = 1; c <= PB_CARD_COUNT; c++) {
                        const pb_table_stats *st = pb_table_play(d, o, k, c, togos[ti]);
                        mpq_add(sum, sum, *(const mpq_t *)((const char *)st + offs[s]));
                    }
                    mpq_set_ui(n, PB_CARD_COUNT, 1);
                    mpq_div(sum, sum, n);
                    const pb_table_stats *deck = pb_table_play(d, o, k, PB_TABLE_DECK, togos[ti]);
                    ck_assert_msg(mpq_equal(sum, *(const mpq_t *)((const char *)deck + offs[s])),
                                  "deck summary %d of offense %d, defense %d at %d", s, o, k, togos[ti]);
                }
            }
    mpq_clears(sum, n, NULL);
    /* and the card tables show those cells where they belong: card 12 (Pass-Play Bonus),
     * Long Pass (columns 11-15), Defense 4 (column 14) */
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_cards(d, &l);
    ck_assert_ptr_nonnull(pb_table_list_find(&l, "card-first-down-togo20"));
    ck_assert_ptr_null(pb_table_list_find(&l, "card-first-down-togo5")); /* goal to go: none */
    const pb_table_cell *x = cell(&l, "card-td-togo20", "12 Pass-Play Bonus", 14);
    ck_assert(mpq_equal(x->q, pb_table_play(d, PB_OFF_LONG, 4, 12, 20)->td));
    x = cell(&l, "card-turnover-togo95", "deck (each card 1/24)", 1);
    ck_assert(mpq_equal(x->q, pb_table_play(d, PB_OFF_RUN, 1, PB_TABLE_DECK, 95)->turnover));
    pb_table_list_release(&l);
    release(d);
}
END_TEST

/* The report: self-contained (nothing loaded from anywhere), every chart an SVG with a size,
 * and the explorer's data carries the values: Run vs Defense 1, no card, 2 yards to go always
 * scores (see two_point above): touchdown 100000 thousandths of a percent, nothing else. */
/* The report's one way of printing a probability: one place, half to even from the fraction;
 * the ends kept for certainty. */
START_TEST(report_percent_format)
{
    static const struct {
        long num, den;
        const char *want;
    } cases[] = {{0, 1, "0%"}, {1, 1, "100%"}, {1, 3000, "< 0.1%"}, {2999, 3000, "> 99.9%"}, {1, 2000, "< 0.1%"},
                 {1, 1999, "0.1%"}, {1, 16, "6.2%"}, {3, 16, "18.8%"}, {34, 36, "94.4%"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        mpq_t q;
        mpq_init(q);
        mpq_set_si(q, cases[i].num, (unsigned long)cases[i].den);
        mpq_canonicalize(q);
        char buf[32];
        pb_report_pct_q(q, buf, sizeof buf, 1);
        ck_assert_msg(strcmp(buf, cases[i].want) == 0, "%ld/%ld: '%s', want '%s'", cases[i].num, cases[i].den, buf,
                      cases[i].want);
        mpq_clear(q);
    }
    char buf[32];
    pb_report_pct_d(0.99951, buf, sizeof buf, 0);
    ck_assert_str_eq(buf, "> 99.9");
    pb_report_pct_d(0.0004, buf, sizeof buf, 1);
    ck_assert_str_eq(buf, "< 0.1%");
    pb_report_pct_d(0.0, buf, sizeof buf, 1);
    ck_assert_str_eq(buf, "0%");
    pb_report_pct_d(0.7777, buf, sizeof buf, 1);
    ck_assert_str_eq(buf, "77.8%");
}
END_TEST

START_TEST(report_is_self_contained)
{
    pb_table_need need;
    memset(&need, 0, sizeof need);
    need.togo[2] = need.togo[50] = need.special = true;
    pb_table_data *d = compute("v1.11-ja", &need);
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_all(d, &l);
    char *page = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&page, &len);
    ck_assert_int_eq(pb_report_write(m, d, &l), 0);
    fclose(m);
    ck_assert_ptr_null(strstr(page, "<link"));
    ck_assert_ptr_null(strstr(page, "src="));
    ck_assert_ptr_null(strstr(page, "@import"));
    ck_assert_ptr_null(strstr(page, "url(http"));
    for (const char *p = page; (p = strstr(p, "http")) != NULL; p++)
        ck_assert_msg(strncmp(p, "http://www.w3.org/2000/svg", 26) == 0, "a web address in the page: %.60s", p);
    int svgs = 0;
    for (const char *p = page; (p = strstr(p, "<svg ")) != NULL; p++, svgs++)
        ck_assert_msg(strstr(p, "width=\"") < strchr(p, '>'), "an SVG without a width");
    ck_assert_int_eq(svgs, 1 + 3 + 15 + 1);
    for (size_t i = 0; i < l.count; i++) {
        char id[96];
        snprintf(id, sizeof id, "id=\"t-%s\"", l.items[i].id);
        ck_assert_msg(strstr(page, id) != NULL, "table %s is not in the report", l.items[i].id);
    }
    /* the explorer's cell (Run, Defense 1, none, togo 2) */
    const char *data = strstr(page, "<script id=\"pb-data\" type=\"application/json\">");
    ck_assert_ptr_nonnull(data);
    ck_assert_ptr_nonnull(strstr(data, "{\"s\":[\"0\",\"100.000\",\"0\",\"-\",\"0\"],\"p\":[],\"k\":[],\"y\":0,\"g\":[],"
                                       "\"x\":[null,100000,null,null,null,null,null]}"));
    free(page);
    pb_table_list_release(&l);
    release(d);
}
END_TEST

/* The row of table t whose first columns are `key` (and `key2` in the second, when not
 * NULL); -1 when there is none. */
static long row_of(const pb_table *t, const char *key, const char *key2)
{
    for (size_t r = 0; r < t->nrows; r++)
        if (strcmp(pb_table_cell_at(t, r, 0)->text, key) == 0 &&
            (!key2 || strcmp(pb_table_cell_at(t, r, 1)->text, key2) == 0))
            return (long)r;
    return -1;
}

static void expect_real(const pb_table *t, long row, size_t col, const char *fmt, double v, const char *what)
{
    char want[64];
    snprintf(want, sizeof want, fmt, v);
    ck_assert_msg(row >= 0, "%s: no such row in %s", what, t->id);
    const pb_table_cell *x = pb_table_cell_at(t, (size_t)row, col);
    ck_assert_msg(x->set && strcmp(x->text, want) == 0, "%s: %s shows '%s', the solver says %s", what, t->id,
                  x->set ? x->text : "-", want);
}

/* The drive solver's tables and report section show the solver's own numbers (values, not
 * shapes): each is compared with the solve/drive.h call it comes from, printed at the table's
 * places: EP at 6 places (rows by togo, columns 1st-4th down), the bound at 2 significant
 * digits; every cell of the last-down chart is pb_drive_choices' best (the detail table its
 * margin and values; 4th and 3 at togo 35 is "go" in v1.11-ja: `solve fourth` gives it by
 * 1.79 EP over the field goal); the mixes at 1 place of a percent; the card values at 4
 * places against a second call of pb_drive_card_values, sorted by their mean; the try and the
 * kickoffs. The report draws the last-down chart with one cell per (togo, ytg <= togo) pair,
 * 99 x 15 - (14 + 13 + ... + 1) = 1380, each coloured by the best call. */
START_TEST(drive_tables_carry_the_solver_values)
{
    pb_table_need need;
    memset(&need, 0, sizeof need);
    pb_table_data *d = compute("v1.11-ja", &need);
    /* without a solved game: the ids, no rows */
    pb_table_list l;
    pb_table_list_init(&l);
    pb_table_build_drive(d, &l);
    ck_assert_uint_eq(l.count, 7);
    for (size_t i = 0; i < l.count; i++)
        ck_assert_uint_eq(l.items[i].nrows, 0);
    pb_table_list_release(&l);

    pb_drive *drive = NULL;
    char err[256];
    ck_assert_msg(pb_table_drive_solve(&drive, d, 2, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(pb_table_drive_attach(d, drive, err, sizeof err) == 0, "%s", err);
    pb_table_list_init(&l);
    pb_table_build_drive(d, &l);

    const pb_table *ep = pb_table_list_find(&l, "drive-ep");
    ck_assert_ptr_nonnull(ep);
    ck_assert_uint_eq(ep->nrows, 99);
    const int togos[] = {99, 80, 50, 35, 20, 10, 5, 1};
    for (size_t i = 0; i < sizeof togos / sizeof togos[0]; i++) {
        int togo = togos[i], ytg = togo < 10 ? togo : 10;
        char key[16];
        snprintf(key, sizeof key, "%d", togo);
        long r = row_of(ep, key, NULL);
        double bound = 0;
        for (int down = 1; down <= 4; down++) {
            pb_drive_state s;
            ck_assert_int_eq(pb_drive_get(drive, togo, down, ytg, &s), 0);
            expect_real(ep, r, 1 + (size_t)down, "%.6f", pb_drive_ep(drive, togo, down, ytg), "EP");
            bound = s.bound > bound ? s.bound : bound;
        }
        expect_real(ep, r, 6, "%.1e", bound, "bound");
    }
    ck_assert_str_eq(pb_table_cell_at(ep, (size_t)row_of(ep, "80", NULL), 1)->text, "own 20");

    const pb_table *g = pb_table_list_find(&l, "drive-fourth"), *x = pb_table_list_find(&l, "drive-fourth-detail");
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(x);
    ck_assert_uint_eq(g->nrows, 99);
    ck_assert_uint_eq(x->nrows, 1380);
    size_t row = 0;
    for (int togo = 99; togo >= 1; togo--)
        for (int ytg = 1; ytg <= 15; ytg++) {
            const pb_table_cell *c = pb_table_cell_at(g, (size_t)(99 - togo), 1 + (size_t)ytg);
            if (ytg > togo) {
                ck_assert(!c->set);
                continue;
            }
            pb_drive_choice ch;
            ck_assert_int_eq(pb_drive_choices(drive, togo, 4, ytg, &ch), 0);
            ck_assert_msg(c->set && c->text[0] == "GFP"[ch.best] && !c->text[1], "chart at togo %d, 4th and %d: %s",
                          togo, ytg, c->set ? c->text : "-");
            ck_assert_str_eq(pb_table_cell_at(x, row, 2)->text, pb_drive_choice_name(ch.best));
            expect_real(x, (long)row, 3, "%.6f", ch.margin, "margin");
            expect_real(x, (long)row, 4, "%.6f", ch.go, "go");
            if (ch.fg_allowed)
                expect_real(x, (long)row, 5, "%.6f", ch.fg, "field goal");
            else
                ck_assert(!pb_table_cell_at(x, row, 5)->set);
            expect_real(x, (long)row, 6, "%.6f", ch.punt, "punt");
            row++;
        }
    ck_assert_str_eq(pb_table_cell_at(g, 99 - 35, 1 + 3)->text, "G");
    long r35 = row_of(x, "35", "3");
    ck_assert_str_eq(pb_table_cell_at(x, (size_t)r35, 2)->text, "go");

    const pb_table *m = pb_table_list_find(&l, "drive-mixes");
    ck_assert_ptr_nonnull(m);
    ck_assert_uint_eq(m->nrows, 99);
    for (size_t i = 0; i < sizeof togos / sizeof togos[0]; i++) {
        int togo = togos[i];
        char key[16];
        snprintf(key, sizeof key, "%d", togo);
        pb_drive_state s;
        ck_assert_int_eq(pb_drive_get(drive, togo, 1, togo < 10 ? togo : 10, &s), 0);
        long r = row_of(m, key, NULL);
        expect_real(m, r, 2, "%.6f", s.ep, "mixes EP");
        for (int k = 0; k < s.ncalls; k++)
            if (s.off_mix[k] != 0)
                expect_real(m, r, 3 + (size_t)s.calls[k], "%.1f", 100 * s.off_mix[k], "offense mix");
        for (int k = 0; k < 5; k++)
            if (s.def_mix[k] != 0)
                expect_real(m, r, 8 + (size_t)k, "%.1f", 100 * s.def_mix[k], "defense mix");
    }

    /* the card values: a second, independent call at each state */
    const pb_table *cv = pb_table_list_find(&l, "drive-cards");
    ck_assert_ptr_nonnull(cv);
    ck_assert_uint_eq(cv->nrows, 24);
    const int st[4][2] = {{80, 10}, {50, 10}, {20, 10}, {5, 5}};
    double v[4][24];
    for (int k = 0; k < 4; k++)
        ck_assert_msg(pb_drive_card_values(drive, st[k][0], 1, st[k][1], v[k], err, sizeof err) == 0, "%s", err);
    double last = 1e9;
    for (size_t r = 0; r < 24; r++) {
        int c = atoi(pb_table_cell_at(cv, r, 0)->text) - 1;
        ck_assert(c >= 0 && c < 24);
        ck_assert_str_eq(pb_table_cell_at(cv, r, 1)->text, d->rules.card[c].name);
        double mean = 0;
        for (int k = 0; k < 4; k++) {
            expect_real(cv, (long)r, 2 + (size_t)k, "%+.4f", v[k][c], "card value");
            mean += v[k][c] / 4;
        }
        expect_real(cv, (long)r, 6, "%+.4f", mean, "card mean");
        ck_assert_msg(mean <= last + 1e-12, "card values not sorted at row %zu", r);
        last = mean;
    }

    /* against a blank card: the same rows less the blank card's value at each state (a second,
     * independent call), and the deck's row: 0 less it */
    const pb_table *cb = pb_table_list_find(&l, "drive-cards-blank");
    ck_assert_ptr_nonnull(cb);
    ck_assert_uint_eq(cb->nrows, 25);
    double blank[4], bmean = 0;
    for (int k = 0; k < 4; k++) {
        ck_assert_msg(pb_drive_card_values_blank(drive, st[k][0], 1, st[k][1], v[k], &blank[k], err, sizeof err) == 0,
                      "%s", err);
        bmean += blank[k] / 4;
    }
    for (size_t r = 0; r < 24; r++) {
        ck_assert_str_eq(pb_table_cell_at(cb, r, 0)->text, pb_table_cell_at(cv, r, 0)->text);
        int c = atoi(pb_table_cell_at(cb, r, 0)->text) - 1;
        double mean = 0;
        for (int k = 0; k < 4; k++) {
            expect_real(cb, (long)r, 2 + (size_t)k, "%+.4f", v[k][c] - blank[k], "card value vs blank");
            mean += v[k][c] / 4;
        }
        expect_real(cb, (long)r, 6, "%+.4f", mean - bmean, "card mean vs blank");
        if (d->rules.card[c].requires_lead)   /* card 07 with the score tied: a blank card */
            for (int k = 0; k < 5; k++)
                ck_assert_str_eq(pb_table_cell_at(cb, r, 2 + (size_t)k)->text, "+0.0000");
    }
    ck_assert_str_eq(pb_table_cell_at(cb, 24, 0)->text, "deck");
    for (int k = 0; k < 4; k++)
        expect_real(cb, 24, 2 + (size_t)k, "%+.4f", -blank[k], "the deck vs blank");

    const pb_table *kt = pb_table_list_find(&l, "drive-kicks");
    pb_drive_try tr;
    pb_drive_try_get(drive, &tr);
    expect_real(kt, row_of(kt, "try after a touchdown", "PAT kick"), 2, "%.6f", tr.pat, "PAT");
    expect_real(kt, row_of(kt, "try after a touchdown", "two-point try"), 2, "%.6f", tr.two_point, "two-point");
    pb_drive_kickoff ko;
    ck_assert_int_eq(pb_drive_kickoff_get(drive, 0, &ko), 0);
    expect_real(kt, row_of(kt, "kickoff", "regular"), 2, "%.6f", ko.regular, "kickoff");
    expect_real(kt, row_of(kt, "kickoff", "onside kick"), 2, "%.6f", ko.onside, "onside");
    expect_real(kt, row_of(kt, "kickoff", "onside kick"), 3, "%.6f", ko.p_kept, "onside kept");
    ck_assert_str_eq(pb_table_cell_at(kt, (size_t)row_of(kt, "kickoff", ko.onside_better ? "onside kick" : "regular"),
                                      4)->text, "best");

    /* the report's section: five charts; the last-down grid cell by cell */
    char *page = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&page, &len);
    ck_assert_int_eq(pb_report_write(mf, d, &l), 0);
    fclose(mf);
    const char *sec = strstr(page, "<section id=\"drive\">");
    ck_assert_ptr_nonnull(sec);
    const char *ids[] = {"chart-drive-ep", "chart-drive-fourth", "chart-drive-mix-offense", "chart-drive-mix-defense",
                         "chart-drive-cards"};
    for (size_t i = 0; i < 5; i++) {
        char id[64];
        snprintf(id, sizeof id, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\"", ids[i]);
        ck_assert_msg(strstr(sec, id) != NULL, "no chart %s", ids[i]);
    }
    const char *grid = strstr(sec, "id=\"chart-drive-fourth\""), *end = strstr(grid, "</svg>");
    int cells = 0;
    for (const char *p = grid; (p = strstr(p, "<rect class=\"cell\"")) != NULL && p < end; p++)
        cells++;
    ck_assert_int_eq(cells, 1380);
    const char *c35 = strstr(grid, "data-row=\"3\" data-col=\"35\" data-cat=\"go for it\"><title>togo 35 (ball on opp 35), "
                                   "4th and 3: go for it, by ");
    ck_assert_msg(c35 != NULL && c35 < end, "the chart's cell at togo 35, 4th and 3");
    char head[128];
    snprintf(head, sizeof head, "the PAT kick %.3f", tr.pat);
    ck_assert_msg(strstr(sec, head) != NULL, "the try headline: %s", head);
    free(page);

    pb_table_list_release(&l);
    release(d);
    pb_drive_free(drive);
}
END_TEST

/* A grid grown for its cells' texts stays within GRID_MAX_WIDTH (a 1280-pixel window's page) while
 * the texts can be drawn smaller, never under 9 px: the two-point chart's 40 columns of "<0.1" with
 * a long legend grew to 1314 pixels, its legend off a laptop's window. */
START_TEST(grid_wide_stays_within_a_window)
{
    enum { NR = 3, NC = 40 };
    int rowkey[NR] = {0, 1, 2}, colkey[NC], cat[NR * NC];
    const char *rows[NR] = {"+9", "0", "-15"}, *cols[NC], *text[NR * NC], *tip[NR * NC];
    const char *names[3] = {"go for two", "kick the PAT", "the same"};
    for (int c = 0; c < NC; c++) {
        colkey[c] = c;
        cols[c] = "9";
    }
    for (int i = 0; i < NR * NC; i++) {
        cat[i] = i % 3;
        text[i] = "<0.1";
        tip[i] = "a cell";
    }
    pb_svg_frame f = {"g", "a wide grid", "cards", "lead", 900, 300, 0, 0};
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(out);
    pb_svg_grid(out, &f, NR, rowkey, rows, NC, colkey, cols, cat, tip, NULL, NULL, text, 3, names, "best");
    ck_assert_int_eq(fclose(out), 0);
    int width = 0;
    ck_assert_int_eq(sscanf(strstr(buf, "width=\"") + 7, "%d", &width), 1);
    ck_assert_int_le(width, 1220);
    ck_assert_int_gt(width, 900);   /* it did grow for the texts */
    /* every cell text at 9 px or more */
    for (const char *p = strstr(buf, "&lt;0.1"); p; p = strstr(p + 1, "&lt;0.1")) {
        const char *fs = NULL;
        for (const char *q = p; q > buf && !fs; q--)
            if (strncmp(q, "font-size=\"", 11) == 0)
                fs = q + 11;
        ck_assert_ptr_nonnull(fs);
        ck_assert_double_ge(atof(fs), 9.0);
    }
    ck_assert_ptr_nonnull(strstr(buf, "&lt;0.1"));
    free(buf);
}
END_TEST

Suite *pb_suite_tables(void)
{
    Suite *s = suite_create("pb_suite_tables");
    TCase *print = tcase_create("printers");
    tcase_add_test(print, number_text_rounds_half_even_and_marks_zero);
    tcase_add_test(print, text_printer_aligns_groups_and_blocks);
    tcase_add_test(print, csv_printer_header_first_full_precision_and_fractions);
    tcase_add_test(print, csv_significant_digits_round_half_even);
    tcase_add_test(print, markdown_printer_escapes_pipes);
    tcase_add_test(print, tex_printer_is_booktabs_and_escapes);
    tcase_add_test(print, html_printer_shows_exact_fraction_on_hover);
    tcase_add_test(print, formats_and_selection);
    tcase_add_test(print, report_percent_format);
    tcase_add_test(print, grid_wide_stays_within_a_window);
    suite_add_tcase(s, print);
    TCase *values = tcase_create("values");
    tcase_set_timeout(values, 120);
    tcase_add_test(values, situation_counts_timeouts_in_words);
    tcase_add_test(values, special_teams_by_hand);
    tcase_add_test(values, gain_tables_by_hand);
    tcase_add_test(values, deck_is_the_average_of_the_cards);
    tcase_add_test(values, report_is_self_contained);
    tcase_add_test(values, drive_tables_carry_the_solver_values);
    suite_add_tcase(s, values);
    return s;
}
