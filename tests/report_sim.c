/* tests/report_sim.c: Check suite for the report's whole-game section (tables/report_sim.c,
 * tables/data_sim.c): its figures on totals made by hand (means, standard errors, the finals'
 * order), the same figures as the simulator's own report for the same seed and count (an
 * independent run, another thread count), and an independent seed within the printed standard
 * errors (with a planted shift beyond them caught). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "enumerate.h"
#include "report.h"
#include "strategy.h"

static pb_table_data *data_for(const char *ruleset)
{
    pb_ruleset rs;
    char err[PB_ERR_MAX];
    ck_assert(pb_ruleset_load(&rs, ruleset, err, sizeof err) == 0);
    pb_policies pol = {0};
    pb_table_data *d = malloc(sizeof *d);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(pb_table_data_init(d, &rs, &pol), 0);
    return d;
}

static char *section(const pb_table_data *d)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    ck_assert_ptr_nonnull(f);
    pb_report_sim_section(f, d);
    ck_assert_int_eq(fclose(f), 0);
    return text;
}

static void expect_cell(const char *html, const char *id, const char *value, const char *se)
{
    char want[160];
    if (se)
        snprintf(want, sizeof want, "id=\"%s\" class=\"num\">%s <span class=\"se\">&plusmn; %s</span>", id, value, se);
    else
        snprintf(want, sizeof want, "id=\"%s\" class=\"num\">%s <span", id, value);
    ck_assert_msg(strstr(html, want) != NULL, "missing in the section: %s", want);
}

/* Four games by hand: home 0, 0, 10, 10 and away 0, 7, 3, 10: finals 0-0 (tie), 0-7, 10-3,
 * 10-10 (tie). Home mean 5, variance 25: SE sqrt(25 / 4) = 2.5. Away mean 5, E[x^2] = 158 / 4 =
 * 39.5, variance 14.5, SE sqrt(14.5 / 4) = 1.904. Ties 2 of 4: 50.00% +- sqrt(.25 / 4) = 25.00%.
 * |margin| 0, 7, 7, 0: mean 3.5, variance 12.25, SE 1.75. Finals: 0-0, 7-0, 10-3, 10-10 once
 * each (7-0 is "0-7" with the away side winning). */
START_TEST(section_figures_by_hand)
{
    pb_table_data *d = data_for("v1.11-ja");
    pb_sim_totals *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    static const int h[4] = {0, 0, 10, 10}, a[4] = {0, 7, 3, 10};
    for (int i = 0; i < 4; i++) {
        t->games++;
        t->stat[0][PB_STAT_POINTS] += (uint64_t)h[i];
        t->stat[1][PB_STAT_POINTS] += (uint64_t)a[i];
        t->points[0][h[i]]++;
        t->points[1][a[i]]++;
        t->total[h[i] + a[i]]++;
        t->margin[h[i] - a[i] + PB_SIM_POINTS_MAX]++;
        t->finals[h[i]][a[i]]++;
        if (h[i] > a[i])
            t->wins[0]++;
        else if (a[i] > h[i])
            t->wins[1]++;
        else
            t->ties++;
    }
    d->sim = t;
    d->sim_seed = 9;
    char *html = section(d);
    expect_cell(html, "sim-ppg-home", "5.000", "2.500");
    expect_cell(html, "sim-ppg-away", "5.000", "1.904");
    expect_cell(html, "sim-ties", "50.00%", "25.00%");
    expect_cell(html, "sim-wins-home", "25.00%", "21.65%");
    expect_cell(html, "sim-abs-margin", "3.500", "1.750");
    ck_assert(strstr(html, "--games 4 --seed 9") != NULL);
    pb_report_final f[8];
    ck_assert_int_eq(pb_report_sim_finals(t, f, 8), 4);
    /* one game each: the lower winning score first, then the lower losing score */
    static const int want[4][2] = {{0, 0}, {7, 0}, {10, 3}, {10, 10}};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(f[i].winner, want[i][0]);
        ck_assert_int_eq(f[i].loser, want[i][1]);
        ck_assert_uint_eq(f[i].games, 1);
    }
    /* a second 7-0 the other way round (home 7, away 0) puts 7-0 first, with 2 games */
    t->finals[7][0]++;
    t->games++;
    ck_assert_int_eq(pb_report_sim_finals(t, f, 2), 2);
    ck_assert_int_eq(f[0].winner, 7);
    ck_assert_int_eq(f[0].loser, 0);
    ck_assert_uint_eq(f[0].games, 2);
    ck_assert_int_eq(f[1].winner, 0);
    free(html);
    pb_table_data_release(d);
    free(d);
}
END_TEST

/* `paperbowl sim --games N --seed S`'s run, made as cli/cmd_sim.c makes it, on one thread, and
 * its text report. */
static char *sim_text(const pb_table_data *d, uint64_t games, uint64_t seed)
{
    pb_strategy st[2];
    char err[PB_ERR_MAX];
    ck_assert(pb_strategy_load(&st[0], PB_STRATEGY_DEFAULT, err, sizeof err) == 0);
    ck_assert(pb_strategy_load(&st[1], PB_STRATEGY_DEFAULT, err, sizeof err) == 0);
    pb_sim_eval *memo = pb_sim_eval_create(pb_enum_evaluator(), &d->rules, &d->policies);
    ck_assert_ptr_nonnull(memo);
    pb_sim_config cfg = {&d->rules, d->policies, pb_sim_eval_evaluator(memo), pb_sim_eval_decider(memo),
                         pb_sim_eval_return_decider(memo), {&st[0], &st[1]}, seed, games, 1, NULL, NULL,
                         false, 0, 1, 0, false, false, {NULL, NULL}, NULL, false, 0};
    pb_sim_totals *t = malloc(sizeof *t);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(pb_sim_run(&cfg, t, err, sizeof err), 0);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    pb_sim_report_text(f, &cfg, t);
    fclose(f);
    free(t);
    pb_sim_eval_free(memo);
    pb_strategy_release(&st[0]);
    pb_strategy_release(&st[1]);
    return text;
}

/* The words after `label` on its line of the simulator's text report. */
static int sim_row(const char *text, const char *label, char out[3][32])
{
    const char *p = strstr(text, label);
    ck_assert_msg(p != NULL, "no '%s' in the simulator's report", label);
    return sscanf(p + strlen(label), "%31s %31s %31s", out[0], out[1], out[2]);
}

START_TEST(section_equals_the_simulators_report)
{
    pb_table_data *d = data_for("v1.11-ja");
    char err[PB_ERR_MAX];
    ck_assert_int_eq(pb_table_sim_run(d, 3000, 7, 2, err, sizeof err), 0);
    char *html = section(d), *text = sim_text(d, 3000, 7);
    char w[3][32];
    ck_assert_int_eq(sim_row(text, "points per game (mean)", w), 3);
    expect_cell(html, "sim-ppg-home", w[0], NULL);
    expect_cell(html, "sim-ppg-away", w[1], NULL);
    expect_cell(html, "sim-ppg-both", w[2], NULL);
    ck_assert_int_ge(sim_row(text, "ties (after any overtime)", w), 1);
    expect_cell(html, "sim-ties", w[0], NULL);
    ck_assert_int_ge(sim_row(text, "  wins", w), 2);
    expect_cell(html, "sim-wins-home", w[0], NULL);
    expect_cell(html, "sim-wins-away", w[1], NULL);
    ck_assert_int_ge(sim_row(text, "mean absolute margin", w), 1);
    expect_cell(html, "sim-abs-margin", w[0], NULL);
    ck_assert(strstr(html, "--games 3000 --seed 7") != NULL);
    free(html);
    free(text);
    pb_table_data_release(d);
    free(d);
}
END_TEST

/* The report's points per game (seed 1) and an independent run's (seed 2, as many games) differ
 * by less than 4 standard errors of the difference (sqrt(se1^2 + se2^2)); the same check on the
 * report's figure shifted by 6 of them fails. */
static double cell_value(const char *html, const char *id, double *se)
{
    char key[64];
    snprintf(key, sizeof key, "id=\"%s\" class=\"num\">", id);
    const char *p = strstr(html, key);
    ck_assert_ptr_nonnull(p);
    double v;
    ck_assert_int_eq(sscanf(p + strlen(key), "%lf <span class=\"se\">&plusmn; %lf", &v, se), 2);
    return v;
}

static int within(double a, double sa, double b, double sb) { return fabs(a - b) < 4 * sqrt(sa * sa + sb * sb); }

START_TEST(independent_seed_within_the_standard_error)
{
    pb_table_data *d1 = data_for("v1.11-ja"), *d2 = data_for("v1.11-ja");
    char err[PB_ERR_MAX];
    ck_assert_int_eq(pb_table_sim_run(d1, 4000, 1, 2, err, sizeof err), 0);
    ck_assert_int_eq(pb_table_sim_run(d2, 4000, 2, 1, err, sizeof err), 0);
    char *h1 = section(d1), *h2 = section(d2);
    static const char *const ids[] = {"sim-ppg-home", "sim-ppg-away", "sim-ppg-both", "sim-abs-margin"};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
        double s1, s2, v1 = cell_value(h1, ids[i], &s1), v2 = cell_value(h2, ids[i], &s2);
        ck_assert_msg(s1 > 0.01 && s1 < 1, "%s: SE %g", ids[i], s1);
        ck_assert_msg(within(v1, s1, v2, s2), "%s: %g +- %g vs %g +- %g", ids[i], v1, s1, v2, s2);
        double shift = 6 * sqrt(s1 * s1 + s2 * s2);
        ck_assert_msg(!within(v1 + shift, s1, v2, s2), "%s: a planted shift of %g was not caught", ids[i], shift);
    }
    free(h1);
    free(h2);
    pb_table_data_release(d1);
    pb_table_data_release(d2);
    free(d1);
    free(d2);
}
END_TEST

Suite *pb_suite_report_sim(void)
{
    Suite *s = suite_create("pb_suite_report_sim");
    TCase *tc = tcase_create("whole games");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, section_figures_by_hand);
    tcase_add_test(tc, section_equals_the_simulators_report);
    tcase_add_test(tc, independent_seed_within_the_standard_error);
    suite_add_tcase(s, tc);
    return s;
}
