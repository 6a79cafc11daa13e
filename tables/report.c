/* tables/report.c: the HTML report (see report.h): page skeleton, assumptions, the static SVG
 * charts, the explorer's controls, every table, the embedded data and script. */
#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

#define CHART_TOGO 50
#define TD_CHART_W 410 /* the touchdown charts, three in a row */
#define TD_CHART_H 260
#define LONG_TABLE_ROWS 200 /* longer tables are folded in a <details> */
#define PRINT_WHOLE_ROWS 45 /* shorter tables are not split across printed pages */

/* A y scale for values up to vmax (percent): a step from 1-2-5 series giving at most 5 steps. */
static void nice_scale(double vmax, double *top, double *step)
{
    static const double steps[] = {0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 25, 50};
    double s = 100;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (vmax / steps[i] <= 5) {
            s = steps[i];
            break;
        }
    double t = ceil(vmax / s - 1e-9) * s;
    if (t <= 0)
        t = s;
    *top = t;
    *step = s;
}

static double pct(const mpq_t q)
{
    return 100.0 * mpq_get_d(q);
}

static void heatmap(FILE *out, const pb_table_data *d)
{
    const char *rows[PB_OFFENSE_COUNT], *cols[PB_DEFENSE_COUNT], *text[PB_OFFENSE_COUNT * PB_DEFENSE_COUNT];
    char colbuf[PB_DEFENSE_COUNT][32], textbuf[PB_OFFENSE_COUNT * PB_DEFENSE_COUNT][48];
    double v[PB_OFFENSE_COUNT * PB_DEFENSE_COUNT], vmax = 0;
    for (int k = 0; k < PB_DEFENSE_COUNT; k++) {
        pb_report_defense(d, k + 1, colbuf[k], sizeof colbuf[k]);
        cols[k] = colbuf[k];
    }
    for (int o = 0; o < PB_OFFENSE_COUNT; o++) {
        rows[o] = pb_report_offense(d, o);
        for (int k = 0; k < PB_DEFENSE_COUNT; k++) {
            const pb_table_stats *s = pb_table_play(d, o, k + 1, PB_TABLE_DECK, CHART_TOGO);
            int i = o * PB_DEFENSE_COUNT + k;
            v[i] = pct(s->first_down);
            pb_report_pct_q(s->first_down, textbuf[i], sizeof textbuf[i], 1);
            text[i] = textbuf[i];
            if (v[i] > vmax)
                vmax = v[i];
        }
    }
    double top, step;
    nice_scale(vmax, &top, &step);
    char tops[48];
    snprintf(tops, sizeof tops, "%g%%", top);
    pb_svg_frame f = {"chart-heatmap", pb_msg(d->lang, "P(first down) by offense and defense: 1st and 10 at midfield, deck average"),
                      pb_msg(d->lang, "defense card"), pb_msg(d->lang, "offense card"), 640, 230, 0, 0};
    pb_svg_heatmap_tips(out, &f, PB_OFFENSE_COUNT, rows, PB_DEFENSE_COUNT, cols, v, text, 0, top, "0%", tops, NULL,
                        pb_msg(d->lang, "P(first down)"), pb_msg(d->lang, "%s vs %s: %s"));
}

/* The P(touchdown) charts: the approach and the red zone (togo TD_RANGE to 1), where the
 * defenses differ, on a linear scale from 0 to 100 percent; beyond TD_RANGE the lines lie
 * together under a few percent (the caption gives the largest value there, table field-td every
 * one). Returns that largest value beyond the range, in percent, through *beyond. */
#define TD_RANGE 40
static void td_lines(FILE *out, const pb_table_data *d, mpq_t beyond)
{
    int x[TD_RANGE];
    double y[PB_DEFENSE_COUNT * TD_RANGE];
    const char *names[PB_DEFENSE_COUNT];
    char nb[PB_DEFENSE_COUNT][32];
    for (int k = 0; k < PB_DEFENSE_COUNT; k++) {
        pb_report_defense(d, k + 1, nb[k], sizeof nb[k]);
        names[k] = nb[k];
    }
    mpq_set_ui(beyond, 0, 1);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 0; k < PB_DEFENSE_COUNT; k++)
            for (int togo = TD_RANGE + 1; togo <= 99; togo++) {
                const mpq_t *v = &pb_table_play(d, o, k + 1, PB_TABLE_DECK, togo)->td;
                if (mpq_cmp(*v, beyond) > 0)
                    mpq_set(beyond, *v);
            }
    /* the three charts side by side: their titles get as many lines as the longest needs */
    char titles[PB_OFFENSE_COUNT][160];
    int title_lines = 1;
    for (int o = 0; o < PB_OFFENSE_COUNT; o++) {
        snprintf(titles[o], sizeof titles[o], pb_msg(d->lang, "%s: P(touchdown) by field position (deck average)"),
                 pb_report_offense(d, o));
        pb_svg_frame f = {"", titles[o], "", "", TD_CHART_W, TD_CHART_H, 0, 0};
        if (pb_svg_title_lines(&f) > title_lines)
            title_lines = pb_svg_title_lines(&f);
    }
    for (int o = 0; o < PB_OFFENSE_COUNT; o++) {
        for (int i = 0; i < TD_RANGE; i++) {
            x[i] = TD_RANGE - i;
            for (int k = 0; k < PB_DEFENSE_COUNT; k++)
                y[k * TD_RANGE + i] = pct(pb_table_play(d, o, k + 1, PB_TABLE_DECK, TD_RANGE - i)->td);
        }
        char id[48];
        snprintf(id, sizeof id, "chart-td-%d", o);
        char yl[96];
        snprintf(yl, sizeof yl, "%s (%%)", pb_msg(d->lang, "P(touchdown)"));
        pb_svg_frame f = {id, titles[o], pb_msg(d->lang, "yards to the goal line (togo)"), yl, TD_CHART_W, TD_CHART_H, title_lines, 0};
        pb_svg_lines(out, &f, TD_RANGE, x, TD_RANGE, 1, 10, PB_DEFENSE_COUNT, names, y, 0, 100, 25, "%");
    }
}

/* 0, or -1: out of memory */
static int gain_bars(FILE *out, const pb_table_data *d)
{
    /* shared scales: yardage range and height over the 15 charts */
    int xmin = 0, xmax = CHART_TOGO - 1;
    double vmax = 0;
    mpq_t p;
    mpq_init(p);
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            const pb_dist *dist = &d->explore[pb_table_explore_slot(o, k, PB_TABLE_NONE, CHART_TOGO)];
            for (size_t i = 0; i < dist->count; i++)
                if (dist->entries[i].kind == PB_OUT_GAIN) {
                    pb_dist_p(dist, i, p);
                    if (dist->entries[i].yards < xmin)
                        xmin = dist->entries[i].yards;
                    if (pct(p) > vmax)
                        vmax = pct(p);
                }
        }
    double top, step;
    nice_scale(vmax, &top, &step);
    int *x = NULL;
    double *y = NULL;
    for (int o = 0; o < PB_OFFENSE_COUNT; o++) {
        fputs("<div class=\"smallmult\">\n", out);
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            const pb_dist *dist = &d->explore[pb_table_explore_slot(o, k, PB_TABLE_NONE, CHART_TOGO)];
            int *x2 = realloc(x, (dist->count + 1) * sizeof *x);
            if (x2)
                x = x2;
            double *y2 = x2 ? realloc(y, (dist->count + 1) * sizeof *y) : NULL;
            if (!y2) {
                free(x);
                free(y);
                mpq_clear(p);
                return -1;
            }
            y = y2;
            int n = 0;
            for (size_t i = 0; i < dist->count; i++)
                if (dist->entries[i].kind == PB_OUT_GAIN) {
                    pb_dist_p(dist, i, p);
                    x[n] = dist->entries[i].yards;
                    y[n++] = pct(p);
                }
            char inc[64], td[64], extra[160], id[48], title[96];
            pb_dist_kind_p(dist, PB_OUT_INCOMPLETE, p);
            pb_report_pct_q(p, inc, sizeof inc, 1);
            pb_dist_kind_p(dist, PB_OUT_TOUCHDOWN, p);
            pb_report_pct_q(p, td, sizeof td, 1);
            if (o == PB_OFF_RUN)
                snprintf(extra, sizeof extra, pb_msg(d->lang, "touchdown %s"), td);
            else
                snprintf(extra, sizeof extra, pb_msg(d->lang, "incomplete %s, touchdown %s"), inc, td);
            snprintf(id, sizeof id, "chart-gain-%d-%d", o, k);
            char dn[64], yl[96];
            pb_report_defense(d, k, dn, sizeof dn);
            snprintf(title, sizeof title, pb_msg(d->lang, "%s vs %s"), pb_report_offense(d, o), dn);
            snprintf(yl, sizeof yl, "%s (%%)", pb_msg(d->lang, "P(gain = y)"));
            pb_svg_frame f = {id, title, pb_msg(d->lang, "gain (yards)"), yl, 240, 190, 0, 0};
            pb_svg_bars(out, &f, n, x, y, xmin, xmax, 10, top, step, "", "gain", "gain",
                        extra);
        }
        fputs("</div>\n", out);
    }
    free(x);
    free(y);
    mpq_clear(p);
    return 0;
}

static void explorer(FILE *out, const pb_table_data *d)
{
    fprintf(out, "<section id=\"explorer\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Explorer"));
    fprintf(out, "<p class=\"kind\"><b>%s</b> %s</p>\n", pb_msg(d->lang, "Exact:"),
            pb_msg(d->lang, "every dice outcome enumerated; each probability rounded half to even from its fraction."));
    fprintf(out, "<p class=\"lead\">%s</p>\n<form id=\"ex-form\" class=\"controls\">\n",
            /* xgettext:no-c-format */
            pb_msg(d->lang, "Choose the cards and the field position: the exact distribution of the play's outcome, its "
                            "summary and its chart (1st and 10, or goal to go; other assumptions as above). "
                            "Probabilities are rounded half to even to 3 places of a percent; yardages that round to "
                            "0.000% are summed into &ldquo;rare&rdquo;."));
    fprintf(out, "<label>%s <select id=\"ex-offense\">", pb_msg(d->lang, "Offense"));
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        fprintf(out, "<option value=\"%d\"%s>%s</option>", o, o == PB_OFF_SHORT ? " selected" : "",
                pb_report_offense(d, o));
    fprintf(out, "</select></label>\n<label>%s <select id=\"ex-defense\">", pb_msg(d->lang, "Defense"));
    for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
        char dn[64];
        pb_report_defense(d, k, dn, sizeof dn);
        fprintf(out, "<option value=\"%d\"%s>%s</option>", k - 1, k == 3 ? " selected" : "", dn);
    }
    fprintf(out, "</select></label>\n<label>%s <select id=\"ex-card\">", pb_msg(d->lang, "Play card"));
    for (int c = 0; c < PB_TABLE_NCARDS; c++) {
        char label[96];
        pb_table_card_label(d, c, label, sizeof label);
        fprintf(out, "<option value=\"%d\">", c);
        pb_table_put_html(out, label);
        fputs("</option>", out);
    }
    fprintf(out, "</select></label>\n<label>%s <select id=\"ex-togo\">", pb_msg(d->lang, "Yards to go"));
    for (int k = 0; k < pb_table_explore_ntogo; k++) {
        char ball[32];
        pb_table_ball_on(d->lang, pb_table_explore_togo[k], ball, sizeof ball);
        fprintf(out, "<option value=\"%d\"%s>", k, pb_table_explore_togo[k] == CHART_TOGO ? " selected" : "");
        fprintf(out, pb_msg(d->lang, "%d (ball on %s)"), pb_table_explore_togo[k], ball);
        fputs("</option>", out);
    }
    fprintf(out, "</select></label>\n</form>\n"
          "<div class=\"ex-out\">\n<div class=\"ex-main\">\n<dl id=\"ex-summary\">"
          "<div><dt>%s</dt><dd id=\"ex-fd\">&ndash;</dd></div>"
          "<div><dt>%s</dt><dd id=\"ex-td\">&ndash;</dd></div>"
          "<div><dt>%s</dt><dd id=\"ex-to\">&ndash;</dd></div>"
          "<div><dt>%s</dt><dd id=\"ex-my\">&ndash;</dd><dd class=\"note\" id=\"ex-my-note\"></dd></div></dl>\n",
          pb_msg(d->lang, "P(first down)"), pb_msg(d->lang, "P(touchdown)"), pb_msg(d->lang, "P(turnover)"), pb_msg(d->lang, "mean yards"));
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"explorer-chart\" class=\"chart\" width=\"760\" "
          "height=\"320\" viewBox=\"0 0 760 320\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\"></svg>\n"
          "</div>\n<div class=\"ex-list\"><table id=\"ex-table\" class=\"ex-table\"><thead><tr><th>%s</th><th class=\"n\">%s</th>"
          "</tr></thead><tbody></tbody></table></div>\n"
          "<noscript><p>%s</p></noscript>\n"
          "</div>\n<p class=\"print-only\">%s</p>\n</section>\n",
          pb_msg(d->lang, "outcome"), pb_msg(d->lang, "probability"),
          pb_msg(d->lang, "The explorer needs JavaScript; every number is also in the tables below."),
          pb_msg(d->lang, "The explorer is interactive: open report.html in a browser to choose the cards and the field "
                          "position. Every number it shows is also in the tables."));
}

int pb_report_write(FILE *out, const pb_table_data *d, const pb_table_list *tables)
{
    char sit[160], pol[256];
    pb_table_situation_text(d, 0, sit, sizeof sit);
    pb_policies_format(&d->policies, pol, sizeof pol);
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>%s (",
          pb_lang_code(d->lang), pb_msg(d->lang, "PAPER BOWL: exact tables"));
    pb_table_put_html(out, d->rules.name);
    fputs(")</title>\n<style>\n", out);
    fputs(pb_report_css, out);
    char rules[PB_NAME_MAX + 600];
    pb_table_ruleset_text(d, rules, sizeof rules);
    char html_rules[sizeof rules * 6], html_sit[sizeof sit * 6], html_pol[sizeof pol * 6];
    pb_report_html_text(rules, html_rules, sizeof html_rules);
    pb_report_html_text(sit, html_sit, sizeof html_sit);
    pb_report_html_text(pol, html_pol, sizeof html_pol);
    fprintf(out, "</style>\n</head>\n<body>\n<header>\n<h1>%s</h1>\n<ul class=\"assume\">\n<li>",
          pb_msg(d->lang, "PAPER BOWL: exact tables"));
    fprintf(out, pb_msg(d->lang, "Ruleset: %s"), html_rules);
    fputs("</li>\n<li>", out);
    fprintf(out, pb_msg(d->lang, "Situation: %s (unless a table says otherwise)"), html_sit);
    fputs("</li>\n<li>", out);
    fprintf(out, pb_msg(d->lang, "Policies: %s"), html_pol);
    fprintf(out, "</li>\n<li>%s</li>\n<li>%s</li>\n</ul>\n</header>\n",
          d->sim ? pb_msg(d->lang, "Each section says how its numbers were obtained: <b>exact</b> (a fraction from every "
                                   "dice outcome enumerated; hover a table cell to see it; shown rounded half to even, 0 "
                                   "means impossible), or <b>certified bound</b> (the drive and game solvers: floating "
                                   "point, within a stated &plusmn; of the exact value), or <b>simulated</b> (the "
                                   "whole-game section: games played by the simulator, each figure with its standard "
                                   "error).")
                 : pb_msg(d->lang, "Each section says how its numbers were obtained: <b>exact</b> (a fraction from every "
                                   "dice outcome enumerated; hover a table cell to see it; shown rounded half to even, 0 "
                                   "means impossible), or <b>certified bound</b> (the drive and game solvers: floating "
                                   "point, within a stated &plusmn; of the exact value). Nothing in this report is "
                                   "simulated."),
          pb_msg(d->lang, "Colours: each call and each kind of outcome has one colour on the whole page (colour-blind "
                          "safe); shades of grey, with a dash pattern per line, number an ordered series (downs, "
                          "defense cards); a heat map's colours are a scale of value, read off its colour bar."));
    pb_report_summary(out, d);
    /* contents */
    fprintf(out, "<nav id=\"toc\"><h2>%s</h2><ol>\n<li><a href=\"#summary\">%s</a></li>\n"
          "<li><a href=\"#charts\">%s</a></li>\n", pb_msg(d->lang, "Contents"), pb_msg(d->lang, "Summary"), pb_msg(d->lang, "Charts"));
    if (d->drive)
        fprintf(out, "<li><a href=\"#drive\">%s</a></li>\n", pb_msg(d->lang, "Drive solver"));
    if (d->game)
        fprintf(out, "<li><a href=\"#game\">%s</a></li>\n", pb_msg(d->lang, "Game solver"));
    if (d->sim)
        fprintf(out, "<li><a href=\"#sim\">%s</a></li>\n", pb_msg(d->lang, "Whole games (simulated)"));
    fprintf(out, "<li><a href=\"#explorer\">%s</a></li>\n", pb_msg(d->lang, "Explorer"));
    if (d->findings)
        fprintf(out, "<li><a href=\"#findings\">%s</a></li>\n", pb_msg(d->lang, "Findings"));
    fprintf(out, "<li><a href=\"#tables\">%s</a><ol class=\"cols\">\n", pb_msg(d->lang, "Tables"));
    for (size_t i = 0; i < tables->count; i++) {
        fprintf(out, "<li><a href=\"#t-%s\">", tables->items[i].id);
        pb_table_put_html(out, tables->items[i].title);
        fputs("</a></li>\n", out);
    }
    fputs("</ol></li></ol></nav>\n", out);
    /* charts */
    fprintf(out, "<section id=\"charts\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Charts"));
    fprintf(out, "<p class=\"kind\"><b>%s</b> %s</p>\n<figure class=\"chart-fig\">\n", pb_msg(d->lang, "Exact:"),
            pb_msg(d->lang, "every dice outcome enumerated, the probabilities fractions (drawn as pixels; the numbers "
                            "printed are correctly rounded)."));
    heatmap(out, d);
    fprintf(out, "<figcaption>%s</figcaption>\n</figure>\n<figure class=\"chart-fig\">\n<div class=\"row\">\n",
            pb_msg(d->lang, "Each cell: P(first down) for that offense card against that defense card, 1st and 10 at "
                            "midfield, averaged over the deck (each play card 1/24)."));
    mpq_t beyond;
    mpq_init(beyond);
    td_lines(out, d, beyond);
    char bt[32];
    pb_report_pct_q(beyond, bt, sizeof bt, 1);
    mpq_clear(beyond);
    fputs("</div>\n<figcaption>", out);
    fprintf(out, pb_msg(d->lang, "P(touchdown) on one play from each field position inside the %d (1st and 10, or 1st "
                                 "and goal), averaged over the deck; the ball moves right as the offense drives, and "
                                 "each defense card has its own grey and dash pattern. Farther out a touchdown takes a "
                                 "long gain: no offense scores on one play with more than %s against any defense from "
                                 "beyond the %d. Table field-td has every value."),
            TD_RANGE, bt, TD_RANGE);
    fputs("</figcaption>\n</figure>\n<figure class=\"chart-fig\">\n", out);
    if (gain_bars(out, d) != 0)
        return -1;
    fprintf(out, "<figcaption>%s</figcaption>\n</figure>\n</section>\n",
            pb_msg(d->lang, "The gain distribution of each offense against each defense, no play card, 1st and 10 at "
                            "midfield: P(gain = y) by yardage (runs and completed passes short of the goal line). "
                            "Incomplete passes and touchdowns are given under each chart's title."));
    pb_report_drive_section(out, d);
    pb_report_game_section(out, d);
    pb_report_sim_section(out, d);
    explorer(out, d);
    if (d->findings) {
        fprintf(out, "<section id=\"findings\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Findings"));
        fprintf(out, "<p class=\"kind\"><b>%s</b> %s</p>\n<p class=\"lead\">%s</p>\n<pre class=\"findings\">",
                pb_msg(d->lang, "Exact:"), pb_msg(d->lang, "read off the enumerated fractions."),
                pb_msg(d->lang, "What <code>paperbowl verify findings</code> reports on this ruleset: dominated cards, "
                                "probabilities that are not monotone in field position, jumps at the red-zone "
                                "boundary, play cards that never change a play."));
        pb_table_put_html(out, d->findings);
        fputs("</pre>\n</section>\n", out);
    }
    fprintf(out, "<section id=\"tables\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Tables"));
    fprintf(out, "<p class=\"lead\">%s</p>\n",
            pb_msg(d->lang, "The same tables are written as text, Markdown, CSV (with the exact fractions) and LaTeX "
                            "beside this page. Each table says how its numbers were obtained: the rulebook tables are "
                            "exact, the drive-* and game-* tables certified bounds."));
    for (size_t i = 0; i < tables->count; i++) {
        /* a very long table stays folded (its files have every row) */
        const pb_table *t = &tables->items[i];
        bool fold = t->nrows > LONG_TABLE_ROWS, solved = strncmp(t->id, "drive-", 6) == 0 || strncmp(t->id, "game-", 5) == 0;
        /* a short table is kept on one printed page with its badge (tables/report.css) */
        fprintf(out, "<div class=\"tblwrap%s\">\n", t->nrows <= PRINT_WHOLE_ROWS ? " whole" : "");
        fprintf(out, "<p class=\"kind tbl-kind\" id=\"kind-%s\"><b>%s</b> %s</p>\n", t->id,
                solved ? pb_msg(d->lang, "Certified bound:") : pb_msg(d->lang, "Exact:"),
                solved ? pb_msg(d->lang, "floating point from the solver, within the &plusmn; its notes give")
                       : pb_msg(d->lang, "fractions from every dice outcome enumerated (hover a cell)"));
        if (fold) {
            fputs("<details class=\"long\"><summary>", out);
            pb_table_put_html(out, t->title);
            fputs("<span class=\"screen-only\">", out);
            fprintf(out, pb_msg(d->lang, " (%zu rows, folded: click to show; every row is also in %s.csv)"), t->nrows, t->id);
            fputs("</span><span class=\"print-only\">", out);
            fprintf(out, pb_msg(d->lang, " (%zu rows: not printed; every row is in %s.csv)"), t->nrows, t->id);
            fputs("</span></summary>\n", out);
        }
        if (pb_table_write_html(t, out) != 0)
            return -1;
        if (fold)
            fputs("</details>\n", out);
        fputs("</div>\n", out);
    }
    fprintf(out, "</section>\n<footer>%s %s", pb_msg(d->lang, "Generated by <code>paperbowl tables</code>."),
            d->findings ? pb_msg(d->lang, "Exact (every dice outcome enumerated, no sampling): the Charts section, the "
                                          "explorer, the rulebook tables, the Findings section, and the summary's items "
                                          "that link to them.")
                        : pb_msg(d->lang, "Exact (every dice outcome enumerated, no sampling): the Charts section, the "
                                          "explorer, the rulebook tables, and the summary's items that link to them."));
    if (d->drive || d->game)
        fprintf(out, " %s",
                d->drive && d->game ? pb_msg(d->lang, "Certified bounds (floating point within a stated &plusmn;): the "
                                                      "drive and game solvers' sections, their tables and the summary's "
                                                      "items that link to them.")
                : d->drive ? pb_msg(d->lang, "Certified bounds (floating point within a stated &plusmn;): the drive "
                                             "solver's section, its tables and the summary's items that link to it.")
                           : pb_msg(d->lang, "Certified bounds (floating point within a stated &plusmn;): the game "
                                             "solver's section, its tables and the summary's items that link to it."));
    fprintf(out, " %s</footer>\n<script id=\"pb-data\" type=\"application/json\">",
            d->sim ? pb_msg(d->lang, "Simulated (games played by the simulator, each figure with its standard error): "
                                     "the whole-game section and the summary's item that links to it.")
                   : pb_msg(d->lang, "Nothing in this report is simulated."));
    if (pb_report_explorer_json(out, d) != 0)
        return -1;
    fputs("</script>\n<script>\n", out);
    fputs(pb_report_js, out);
    fputs("</script>\n</body>\n</html>\n", out);
    return ferror(out) ? -1 : 0;
}
