/* tables/report_game.c: the report's game-solver section (see report.h), present when the data
 * carry a solved game (`paperbowl tables --game`): what the numbers are, the coin toss and a
 * timeout's worth, and three charts: the win probability of a lead by cards left (a line per lead),
 * the two-point chart and the onside chart as coloured grids (hover a cell for the two values).
 * Every number shown is the solver's double printed by printf at a stated number of places; the
 * charts only place marks with the doubles. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"
#include "svg.h"

#define MAX_CARDS 64

/* The leads drawn as lines (a subset of the table's columns, so the chart stays readable). */
static const int line_leads[] = {-14, -7, -3, 0, 3, 7, 14};
#define NLINES ((int)(sizeof line_leads / sizeof line_leads[0]))

/* The chart; returns the largest bound of the values drawn. */
static double lead_chart(FILE *out, const pb_table_data *d)
{
    double worst = 0;
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts, x[MAX_CARDS];
    static double y[NLINES * MAX_CARDS];
    char nb[NLINES][32];
    const char *names[NLINES];
    for (int s = 0; s < NLINES; s++) {
        snprintf(nb[s], sizeof nb[s], line_leads[s] ? "lead %+d" : "tied", line_leads[s]);
        names[s] = nb[s];
    }
    for (int i = 0; i < P; i++) {
        int left = P - i;
        x[i] = left;
        for (int s = 0; s < NLINES; s++) {
            double b, v = pb_table_game_first_down(d, left, line_leads[s], T, T, &b);
            y[s * P + i] = isnan(v) ? 0 : 100 * v;
            worst = isnan(b) ? worst : fmax(worst, b);
        }
    }
    char ball[32], title[200];
    pb_table_ball_on(d->rules.touchback_togo, ball, sizeof ball);
    snprintf(title, sizeof title, "Win probability of the team with the ball by its lead and the cards left in the second "
                                  "half (1st and 10 on the %s)", ball);
    pb_svg_frame f = {"chart-game-lead", title, "play cards left in the second half", "win probability (%)", 900, 360, 0, 0};
    pb_svg_lines(out, &f, P, x, P, 1, P >= 20 ? 5 : 1, NLINES, names, y, 0, 100, 10, "%");
    return worst;
}

/* A choice grid: rows the lead (top: the highest), columns every card left from the half's last
 * natural one down to 0 (kick: 1). */
static void choice_chart(FILE *out, const pb_table_data *d, int kick)
{
    static const char *const try_names[] = {"not decided", "go for two", "kick the PAT", "the same"};
    static const char *const kick_names[] = {"not decided", "kick onside", "kick deep", "the same"};
    enum { NR = 26, NC = MAX_CARDS };
    int P = pb_table_game_cards(d), lo = kick ? -17 : -15, hi = kick ? 8 : 9;
    int nr = hi - lo + 1, last = kick ? 1 : 0, nc = P - last;   /* columns: P - 1 .. last */
    if (nr > NR || nc > NC || nc < 1)
        return;
    static int cat[NR * NC];
    static char tipbuf[NR * NC][160];
    const char *tip[NR * NC], *rowlabels[NR], *collabels[NC];
    static char rl[NR][8], cl[NC][8];
    int rowkey[NR], colkey[NC];
    for (int c = 0; c < nc; c++) {
        int left = P - 1 - c;
        colkey[c] = left;
        snprintf(cl[c], sizeof cl[c], "%d", left);
        collabels[c] = nc <= 20 || left % 5 == 0 || left == P - 1 || left == last ? cl[c] : NULL;
    }
    for (int r = 0; r < nr; r++) {
        int s = hi - r;
        rowkey[r] = s;
        snprintf(rl[r], sizeof rl[r], "%+d", s);
        rowlabels[r] = s ? rl[r] : "0";
        for (int c = 0; c < nc; c++) {
            int i = r * nc + c;
            double a = 0, b = 0;
            int k = kick ? pb_table_game_kick(d, colkey[c], s, &a, &b) : pb_table_game_try(d, colkey[c], s, &a, &b);
            cat[i] = k < 0 ? -1 : k;
            tip[i] = tipbuf[i];
            if (kick)
                snprintf(tipbuf[i], sizeof tipbuf[i], "lead %+d, %d cards left: %s (WP deep %.4f, onside %.4f)", s,
                         colkey[c], kick_names[k < 0 ? 0 : k], a, b);
            else
                snprintf(tipbuf[i], sizeof tipbuf[i], "lead %+d after the touchdown, %d cards left: %s (WP PAT %.4f, "
                         "two %.4f)", s, colkey[c], try_names[k < 0 ? 0 : k], a, b);
        }
    }
    /* collabels: pb_svg_grid labels every column; blank the ones skipped */
    for (int c = 0; c < nc; c++)
        if (!collabels[c])
            collabels[c] = "";
    pb_svg_frame f = {kick ? "chart-game-onside" : "chart-game-two-point",
                      kick ? "When to kick onside: the kicking team's choice by its lead and the cards left (second half)"
                           : "The two-point chart: PAT or two by the lead after the touchdown and the cards left "
                             "(second half)",
                      "play cards left in the half", kick ? "the kicking team's lead" : "lead after the touchdown (6 counted)",
                      900, 520, 0, 0};
    pb_svg_grid(out, &f, nr, rowkey, rowlabels, nc, colkey, collabels, cat, tip, NULL, NULL, NULL, 4,
                kick ? kick_names : try_names, "best choice");
}

/* A headline item for a coin toss: the kicking team's value `kick` and its bound. */
static void toss_item(FILE *out, const char *what, double kick, double bound)
{
    fprintf(out, "<li>%s kicking off first is worth %.4f, receiving first %.4f (each within &plusmn;%.1e): %s.</li>\n",
            what, kick, 1 - kick, bound,
            fabs(2 * kick - 1) <= 2 * bound ? "the solve does not decide which is better"
            : kick > 0.5                    ? "the toss winner should kick"
                                            : "the toss winner should receive");
}

void pb_report_game_section(FILE *out, const pb_table_data *d)
{
    if (!d->game)
        return;
    pb_wp_stats st;
    pb_wp_stats_get(d->game, &st);
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts;
    double cb, kick = pb_table_game_coin(d, &cb);
    fputs("<section id=\"game\">\n<h2>Game solver: win probability</h2>\n", out);
    fprintf(out,
            "<p class=\"lead\">What a moment of a whole game is worth: the <b>win probability</b> (P(win) + P(tie)/2) "
            "of the team with the ball when both sides play their best from there on: at every snap the equilibrium "
            "of the matrix game of the calls, and every kick, try, fourth down and end-of-half timeout chosen by win "
            "probability. The clock is the cards: %d play cards a half, each drawn <b>uniformly from the 24 on every "
            "play</b>. %.3g states solved; every value is certified (it lies in an interval around the value shown, "
            "the bounds are given with each number), leads beyond &plusmn;%d are bounded rather than solved, and no "
            "side gains more than %.1e by deviating from the mixes. Tables: <a href=\"#t-game-coin-toss\">"
            "game-coin-toss</a>, <a href=\"#t-game-wp-lead\">game-wp-lead</a>, <a href=\"#t-game-two-point\">"
            "game-two-point</a>, <a href=\"#t-game-onside\">game-onside</a>%s.</p>\n",
            P, st.states, st.lead_cap, st.max_exploit,
            T > 0 ? ", <a href=\"#t-game-timeouts\">game-timeouts</a>" : "");
    fputs("<ul class=\"headline\">\n", out);
    toss_item(out, "<b>The coin toss:</b>", kick, cb);
    if (d->rules.sw.overtime == PB_OT_SUDDEN_DEATH) {
        double ob, ok = pb_table_game_overtime_coin(d, &ob);
        toss_item(out, "<b>The overtime's toss</b> (sudden death: the first score wins):", ok, ob);
    }
    if (T > 0) {
        double b1, b2;
        double v1 = pb_table_game_first_down(d, P, 0, T, T, &b1), v0 = pb_table_game_first_down(d, P, 0, T - 1, T, &b2);
        fprintf(out, "<li><b>A timeout</b> at the start of the second half (tied, 1st and 10) is worth %+.4f in win "
                     "probability (&plusmn;%.1e).</li>\n", v1 - v0, b1 + b2);
    }
    int late = P / 4 > 0 ? P / 4 : 1;
    double b, b2, v = pb_table_game_first_down(d, P, 7, T, T, &b), v2 = pb_table_game_first_down(d, late, 7, T, T, &b2);
    fprintf(out, "<li><b>A 7-point lead</b> with the ball (1st and 10 after a touchback) at the start of the second "
                 "half wins %.1f%% of the time (&plusmn;%.1e); with %d card%s left, %.1f%% (&plusmn;%.1e).</li>\n</ul>\n",
            100 * v, b, late, late == 1 ? "" : "s", 100 * v2, b2);
    fputs("<figure class=\"chart-fig\">\n", out);
    double worst = lead_chart(out, d);
    fprintf(out, "<figcaption>The win probability of the team with the ball at 1st and 10 after a touchback, by its "
                 "lead (a line each) and the play cards left in the second half; time runs to the right. Every point "
                 "is within &plusmn;%.1e of the exact value. Table game-wp-lead has more leads and every card, with "
                 "each row's bound.</figcaption>\n</figure>\n",
            worst);
    fputs("<figure class=\"chart-fig\">\n", out);
    choice_chart(out, d, 0);
    fputs("<figcaption>After a touchdown in the second half: go for two (vermilion) or kick the PAT (blue), by the "
          "lead with the 6 counted and the cards left; light grey where both are worth the same (the game is "
          "decided either way), dark grey where the two values differ by less than their certified bounds. "
          "Hover a cell for both win probabilities.</figcaption>\n</figure>\n",
          out);
    fputs("<figure class=\"chart-fig\">\n", out);
    choice_chart(out, d, 1);
    fputs("<figcaption>The kickoff after a score in the second half: kick onside (vermilion) or deep (blue), by the "
          "kicking team's lead and the cards left. Hover a cell for both win probabilities.</figcaption>\n"
          "</figure>\n</section>\n",
          out);
}
