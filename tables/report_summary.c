/* tables/report_summary.c: the report's summary of findings (see report.h), at the top of
 * every report: a few sentences read off the numbers the sections below show in full, each
 * with the section it comes from. Percentages are correctly rounded from the exact fractions
 * (pb_table_number_text); the drive and game solvers' numbers are their doubles at the places
 * their sections use. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"

#define MIDFIELD 50

static void pct_text(const mpq_t q, char *buf, size_t len)
{
    pb_table_number_text(buf, len, q, PB_COL_PERCENT, 1);
    strncat(buf, "%", len - strlen(buf) - 1);
}

/* The best and the worst offense card at midfield, against each defense: the heat map's
 * extremes. */
static void first_down_item(FILE *out, const pb_table_data *d)
{
    int bo = 0, bk = 1, wo = 0, wk = 1;
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++) {
            const mpq_t *v = &pb_table_play(d, o, k, PB_TABLE_DECK, MIDFIELD)->first_down;
            if (mpq_cmp(*v, pb_table_play(d, bo, bk, PB_TABLE_DECK, MIDFIELD)->first_down) > 0)
                bo = o, bk = k;
            if (mpq_cmp(*v, pb_table_play(d, wo, wk, PB_TABLE_DECK, MIDFIELD)->first_down) < 0)
                wo = o, wk = k;
        }
    char best[48], worst[48];
    pct_text(pb_table_play(d, bo, bk, PB_TABLE_DECK, MIDFIELD)->first_down, best, sizeof best);
    pct_text(pb_table_play(d, wo, wk, PB_TABLE_DECK, MIDFIELD)->first_down, worst, sizeof worst);
    fprintf(out, "<li id=\"sum-first-down\"><b>First downs:</b> at 1st and 10 from midfield (deck average) the best "
                 "matchup for the offense is %s against Defense %d, <b>%s</b>; the worst %s against Defense %d, %s "
                 "(<a href=\"#chart-heatmap\">chart</a>).</li>\n",
            pb_table_offense_label(bo), bk, best, pb_table_offense_label(wo), wk, worst);
}

/* The last-down chart: at how many field positions going for it is the best call, at 4th and
 * 1, 5 and 10. */
static void fourth_item(FILE *out, const pb_table_data *d)
{
    static const int ytgs[] = {1, 5, 10};
    char nth[16];
    pb_table_ordinal(d->rules.downs, nth, sizeof nth);
    fprintf(out, "<li><b>%s down:</b> going for it is the best call", nth);
    for (int j = 0; j < 3; j++) {
        int go = 0, n = 0;
        for (int togo = ytgs[j]; togo <= 99; togo++) {
            pb_drive_choice ch;
            if (pb_drive_choices(d->drive, togo, d->rules.downs, ytgs[j], &ch) != 0)
                continue;
            n++;
            go += ch.best == PB_CHOICE_GO;
        }
        if (go == n)
            fprintf(out, "%s at every field position at %s and %d", j ? (j == 2 ? ", and" : ",") : "", nth, ytgs[j]);
        else
            fprintf(out, "%s at %d of %d field positions at %s and %d", j ? (j == 2 ? ", and" : ",") : "", go, n, nth,
                    ytgs[j]);
    }
    fputs(" (<a href=\"#chart-drive-fourth\">chart</a>).</li>\n", out);
}

static void drive_items(FILE *out, const pb_table_data *d)
{
    pb_drive_try tr;
    pb_drive_try_get(d->drive, &tr);
    pb_drive_kickoff k;
    fprintf(out, "<li><b>After a touchdown:</b> %s (two points %.3f EP, the PAT %.3f)", tr.two_better ? "go for two"
                                                                                                       : "kick the PAT",
            tr.two_point, tr.pat);
    if (pb_drive_kickoff_get(d->drive, 0, &k) == 0)
        fprintf(out, "; at the kickoff, %s (by %.3f EP)", k.onside_better ? "kick onside" : "kick deep",
                fabs(k.regular - k.onside));
    fputs(" (<a href=\"#drive\">drive solver</a>).</li>\n", out);
    fourth_item(out, d);
    int order[PB_CARD_COUNT];
    double mean[PB_CARD_COUNT];
    pb_table_drive_card_order(d, order, mean);
    int hi = order[0], lo = order[PB_CARD_COUNT - 1];
    fputs("<li><b>Play cards:</b> the most valuable is ", out);
    fprintf(out, "%02d ", hi + 1);
    pb_table_put_html(out, d->rules.card[hi].name);
    fprintf(out, " (%+.3f EP on average when turned), the costliest %02d ", mean[hi], lo + 1);
    pb_table_put_html(out, d->rules.card[lo].name);
    fprintf(out, " (%+.3f) (<a href=\"#chart-drive-cards\">chart</a>).</li>\n", mean[lo]);
}

static void game_items(FILE *out, const pb_table_data *d)
{
    double cb, kick = pb_table_game_coin(d, &cb);
    fprintf(out, "<li><b>The coin toss:</b> %s (kicking off first is worth %.*f in win probability, &plusmn;%.1e) "
                 "(<a href=\"#game\">game solver</a>).</li>\n",
            fabs(2 * kick - 1) <= 2 * cb ? "the solve does not decide whether to kick or receive"
            : kick > 0.5                 ? "the winner should kick"
                                         : "the winner should receive",
            pb_table_bound_decimals(cb), kick, cb);
}

void pb_report_summary(FILE *out, const pb_table_data *d)
{
    fputs("<section id=\"summary\">\n<h2>Summary</h2>\n<ul class=\"headline\">\n", out);
    first_down_item(out, d);
    if (d->drive)
        drive_items(out, d);
    if (d->game)
        game_items(out, d);
    if (d->findings)
        fputs("<li>What <code>paperbowl verify findings</code> reports on this ruleset (dominated cards, "
              "probabilities that are not monotone, jumps at the red zone) is in <a href=\"#findings\">Findings</a>."
              "</li>\n",
              out);
    fputs("</ul>\n</section>\n", out);
}
