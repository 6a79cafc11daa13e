/* tables/report_sim.c: the report's whole-game section (see report.h), present when the data
 * carry the simulator's totals (d->sim, tables/data_sim.c): points per game for each side, the
 * tie and win rates, the mean absolute margin, the most common finals and the margin's
 * distribution, every figure marked as simulated with its standard error, the games count and
 * the seed. The means and rates are printed correctly rounded from the exact counts, at the
 * places `paperbowl sim` prints them (the same figures for the same seed and count); a standard
 * error is the sample's, sqrt(variance / games), from the histograms (a team's points clamped at
 * PB_SIM_POINTS_MAX, which no game reaches in practice). */
#include <gmp.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exact.h"
#include "report.h"
#include "svg.h"

#define MARGIN_RANGE 35 /* the margin chart: -35 .. +35 */
#define FINALS_SHOWN 10

void pb_report_sim_ratio(char *buf, size_t len, uint64_t num, uint64_t den, int places, int percent)
{
    mpq_t q;
    mpq_init(q);
    mpz_import(mpq_numref(q), 1, 1, sizeof num, 0, 0, &num);
    mpz_import(mpq_denref(q), 1, 1, sizeof den, 0, 0, &den);
    mpq_canonicalize(q);
    if (percent)
        pb_exact_percent(buf, len, q, places);
    else
        pb_exact_decimal(buf, len, q, places);
    mpq_clear(q);
}

/* The standard error of a histogram's mean (bins hist[0..n-1] at values v0 + i). */
static double hist_se(const uint64_t *hist, int n, int v0, uint64_t games)
{
    double s = 0, s2 = 0;
    for (int i = 0; i < n; i++) {
        double x = v0 + i;
        s += (double)hist[i] * x;
        s2 += (double)hist[i] * x * x;
    }
    double g = (double)games, m = s / g, var = s2 / g - m * m;
    return var > 0 ? sqrt(var / g) : 0;
}

double pb_report_sim_rate_se(uint64_t k, uint64_t games)
{
    double p = (double)k / (double)games;
    return 100 * sqrt(p * (1 - p) / (double)games);
}

uint64_t pb_report_sim_abs_margin(const pb_sim_totals *t)
{
    uint64_t abs_sum = 0;
    for (int m = -PB_SIM_POINTS_MAX; m <= PB_SIM_POINTS_MAX; m++)
        abs_sum += t->margin[m + PB_SIM_POINTS_MAX] * (uint64_t)(m < 0 ? -m : m);
    return abs_sum;
}

int pb_report_sim_finals(const pb_sim_totals *t, pb_report_final *out, int n)
{
    int k = 0;
    for (int a = 0; a <= PB_SIM_FINALS_MAX; a++)
        for (int b = 0; b <= a; b++) {
            uint64_t c = t->finals[a][b] + (a != b ? t->finals[b][a] : 0);
            if (!c || a == PB_SIM_FINALS_MAX)
                continue;
            /* insert, the most common first (then the lower winning score, the lower losing one) */
            int i = k < n ? k++ : n;
            while (i > 0 && out[i - 1].games < c) {
                if (i < n)
                    out[i] = out[i - 1];
                i--;
            }
            if (i < n)
                out[i] = (pb_report_final){a, b, c};
        }
    return k;
}

static void cell(FILE *out, const char *id, const char *value, const char *se_text)
{
    fprintf(out, "<td id=\"%s\" class=\"num\">%s <span class=\"se\">&plusmn; %s</span></td>", id, value, se_text);
}

static void figures(FILE *out, const pb_table_data *d, const pb_sim_totals *t)
{
    uint64_t g = t->games;
    char v[64], se[32];
    fprintf(out, "<table class=\"sim-figures\" id=\"sim-figures\">\n<thead><tr><th></th><th>%s</th><th>%s</th><th>%s</th>"
                 "</tr></thead>\n<tbody>\n",
            pb_msg(d->lang, "home"), pb_msg(d->lang, "away"), pb_msg(d->lang, "both"));
    fprintf(out, "<tr><th>%s</th>", pb_msg(d->lang, "points per game"));
    static const char *const ppg_id[2] = {"sim-ppg-home", "sim-ppg-away"};
    for (int s = 0; s < 2; s++) {
        pb_report_sim_ratio(v, sizeof v, t->stat[s][PB_STAT_POINTS], g, 3, 0);
        snprintf(se, sizeof se, "%.3f", hist_se(t->points[s], PB_SIM_POINTS_MAX + 1, 0, g));
        cell(out, ppg_id[s], v, se);
    }
    pb_report_sim_ratio(v, sizeof v, t->stat[0][PB_STAT_POINTS] + t->stat[1][PB_STAT_POINTS], g, 3, 0);
    snprintf(se, sizeof se, "%.3f", hist_se(t->total, PB_SIM_POINTS_MAX + 1, 0, g));
    cell(out, "sim-ppg-both", v, se);
    fprintf(out, "</tr>\n<tr><th>%s</th>", pb_msg(d->lang, "wins"));
    static const char *const win_id[2] = {"sim-wins-home", "sim-wins-away"};
    for (int s = 0; s < 2; s++) {
        pb_report_sim_ratio(v, sizeof v, t->wins[s], g, 2, 1);
        snprintf(se, sizeof se, "%.2f%%", pb_report_sim_rate_se(t->wins[s], g));
        cell(out, win_id[s], v, se);
    }
    fputs("<td></td></tr>\n", out);
    fprintf(out, "<tr><th>%s</th><td></td><td></td>", pb_msg(d->lang, "ties (after any overtime)"));
    pb_report_sim_ratio(v, sizeof v, t->ties, g, 2, 1);
    snprintf(se, sizeof se, "%.2f%%", pb_report_sim_rate_se(t->ties, g));
    cell(out, "sim-ties", v, se);
    fprintf(out, "</tr>\n<tr><th>%s</th><td></td><td></td>", pb_msg(d->lang, "mean absolute margin (points)"));
    pb_report_sim_ratio(v, sizeof v, pb_report_sim_abs_margin(t), g, 3, 0);
    uint64_t absh[PB_SIM_POINTS_MAX + 1] = {0};
    for (int m = -PB_SIM_POINTS_MAX; m <= PB_SIM_POINTS_MAX; m++)
        absh[m < 0 ? -m : m] += t->margin[m + PB_SIM_POINTS_MAX];
    snprintf(se, sizeof se, "%.3f", hist_se(absh, PB_SIM_POINTS_MAX + 1, 0, g));
    cell(out, "sim-abs-margin", v, se);
    fputs("</tr>\n</tbody>\n</table>\n", out);
}

static void finals_table(FILE *out, const pb_table_data *d, const pb_sim_totals *t)
{
    pb_report_final f[FINALS_SHOWN];
    int n = pb_report_sim_finals(t, f, FINALS_SHOWN);
    fprintf(out, "<table class=\"sim-finals\" id=\"sim-finals\">\n<caption>%s</caption>\n<thead><tr><th>%s</th>"
                 "<th>%s</th></tr></thead>\n<tbody>\n",
            pb_msg(d->lang, "The most common finals (either side winning)"), pb_msg(d->lang, "final"),
            pb_msg(d->lang, "share of games"));
    for (int i = 0; i < n; i++) {
        char v[32];
        pb_report_sim_ratio(v, sizeof v, f[i].games, t->games, 2, 1);
        fprintf(out, "<tr><td>%d&ndash;%d</td><td class=\"num\">%s <span class=\"se\">&plusmn; %.2f%%</span></td></tr>\n",
                f[i].winner, f[i].loser, v, pb_report_sim_rate_se(f[i].games, t->games));
    }
    fputs("</tbody>\n</table>\n", out);
}

static void margin_chart(FILE *out, const pb_table_data *d, const pb_sim_totals *t)
{
    enum { N = 2 * MARGIN_RANGE + 1 };
    int x[N];
    double y[N], vmax = 0;
    uint64_t below = 0, above = 0;
    for (int m = -PB_SIM_POINTS_MAX; m <= PB_SIM_POINTS_MAX; m++) {
        uint64_t c = t->margin[m + PB_SIM_POINTS_MAX];
        if (m < -MARGIN_RANGE)
            below += c;
        else if (m > MARGIN_RANGE)
            above += c;
        else {
            int i = m + MARGIN_RANGE;
            x[i] = m;
            y[i] = 100.0 * (double)c / (double)t->games;
            vmax = fmax(vmax, y[i]);
        }
    }
    double step = vmax > 10 ? 5 : vmax > 4 ? 2 : vmax > 2 ? 1 : 0.5, top = ceil(vmax / step) * step;
    char extra[200], a[32], b[32];
    pb_report_pct_d((double)below / (double)t->games, a, sizeof a, 1);   /* a chart's percentages: one place */
    pb_report_pct_d((double)above / (double)t->games, b, sizeof b, 1);
    snprintf(extra, sizeof extra, pb_msg(d->lang, "beyond the chart: %s of games below -%d, %s above +%d"), a,
             MARGIN_RANGE, b, MARGIN_RANGE);
    char yl[96];
    snprintf(yl, sizeof yl, "%s (%%)", pb_msg(d->lang, "share of games"));
    pb_svg_frame fr = {"chart-sim-margin", pb_msg(d->lang, "Final margin, home minus away (simulated)"),
                       pb_msg(d->lang, "margin (points)"), yl, 900, 300, 0, 0};
    pb_svg_bars(out, &fr, N, x, y, -MARGIN_RANGE, MARGIN_RANGE, 7, top, step, "%", "margin", "margin", extra);
}

void pb_report_sim_section(FILE *out, const pb_table_data *d)
{
    const pb_sim_totals *t = d->sim;
    if (!t || !t->games)
        return;
    fprintf(out, "<section id=\"sim\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Whole games (simulated)"));
    fprintf(out, "<p class=\"kind\"><b>%s</b> ", pb_msg(d->lang, "Simulated:"));
    fprintf(out, pb_msg(d->lang, "%llu whole games played by the simulator (seed %llu), the coach strategy on both "
                                 "sides, the rulebook's deal of the deck; each figure with its standard error "
                                 "(&plusmn;). <code>paperbowl sim --games %llu --seed %llu</code> plays the same "
                                 "games and prints the same figures."),
            (unsigned long long)t->games, (unsigned long long)d->sim_seed, (unsigned long long)t->games,
            (unsigned long long)d->sim_seed);
    fputs("</p>\n", out);
    figures(out, d, t);
    fputs("<figure class=\"chart-fig\">\n", out);
    margin_chart(out, d, t);
    fprintf(out, "<figcaption>%s</figcaption>\n</figure>\n",
            pb_msg(d->lang, "The share of games by the final margin, home minus away (0: a tie after any overtime)."));
    finals_table(out, d, t);
    fputs("</section>\n", out);
}
