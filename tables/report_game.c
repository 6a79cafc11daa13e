/* tables/report_game.c: the report's game-solver section (see report.h), present when the data
 * carry a solved game (`paperbowl tables --game`): what the numbers are, the coin toss and a
 * timeout's worth, and the charts: the win probability of a lead by cards left (a heat map with
 * the values), the two-point chart and the onside chart as coloured grids (each cell with the
 * better choice's gain; hover a cell for the two values), and what a timeout is worth by cards
 * left (a line; when the ruleset has timeouts).
 * Every number shown is the solver's double printed by printf at a stated number of places; the
 * charts only place marks with the doubles. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"
#include "svg.h"

#define MAX_CARDS 64 /* the charts' most cards a half */

/* The win probability by lead and cards left: a heat map, a column per lead of the table
 * game-wp-lead (the lowest at the left), a row per card left (every one; time runs down the
 * chart), each cell labelled with its value as the report prints a probability ("> 99.9" where
 * it is not certain). Returns the largest bound. */
static double lead_chart(FILE *out, const pb_table_data *d)
{
    enum { NC = 16, NR = MAX_CARDS };
    double worst = 0, v[NR * NC];
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts, nc = pb_table_game_nleads;
    if (nc > NC || P < 1 || P > NR)
        return 0;
    int nr = P;
    static char rl[NR][16], cl[NC][16], tb[NR * NC][16];
    const char *rows[NR], *cols[NC], *text[NR * NC];
    for (int c = 0; c < nc; c++) {
        int lead = pb_table_game_leads[c];
        snprintf(cl[c], sizeof cl[c], lead ? "%+d" : "tied", lead);
        cols[c] = cl[c];
    }
    for (int r = 0; r < nr; r++) {
        int left = P - r;
        snprintf(rl[r], sizeof rl[r], "%d", left);
        rows[r] = rl[r];
        for (int c = 0; c < nc; c++) {
            double b, x = pb_table_game_first_down(d, left, pb_table_game_leads[c], T, T, &b);
            int i = r * nc + c;
            v[i] = isnan(x) ? 0 : 100 * x;
            if (isnan(x))
                snprintf(tb[i], sizeof tb[i], "-");
            else
                pb_report_pct_d(x, tb[i], sizeof tb[i], 0);
            text[i] = tb[i];
            worst = isnan(b) ? worst : fmax(worst, b);
        }
    }
    char ball[32], title[200];
    pb_table_ball_on(d->lang, d->rules.touchback_togo, ball, sizeof ball);
    snprintf(title, sizeof title, "Win probability (%%) of the team with the ball by its lead and the cards left in the "
                                  "second half (1st and 10 on the %s)", ball);
    pb_svg_frame f = {"chart-game-lead", title, "lead of the team with the ball (points)",
                      "play cards left in the second half", 900, 60 + (nr < 8 ? 30 : 20) * nr + 44, 0, 0};
    if (f.height < 300)   /* room for the rotated axis label beside a few rows */
        f.height = 300;
    pb_svg_heatmap(out, &f, nr, rows, nc, cols, v, text, 0, 100, "0%", "100%", NULL, "win probability");
    return worst;
}

/* What a timeout is worth (the table game-timeouts): a line over the cards left, in
 * percentage points of win probability. */
static void timeout_chart(FILE *out, const pb_table_data *d)
{
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts;
    if (T < 1 || P < 1 || P > MAX_CARDS)
        return;
    int x[MAX_CARDS];
    double y[MAX_CARDS], lo = 0, hi = 0;
    for (int i = 0; i < P; i++) {
        double b1, b2;
        x[i] = P - i;
        y[i] = 100 * (pb_table_game_first_down(d, P - i, 0, T, T, &b1) - pb_table_game_first_down(d, P - i, 0, T - 1, T, &b2));
        if (isnan(y[i]))
            y[i] = 0;
        lo = fmin(lo, y[i]);
        hi = fmax(hi, y[i]);
    }
    /* a 1-2-5 step giving at most 6 steps, the range rounded out to it */
    static const double steps[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
    double st = 50;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if ((hi - lo) / steps[i] <= 6) {
            st = steps[i];
            break;
        }
    double ymin = floor(lo / st) * st, ymax = ceil(hi / st) * st;
    if (ymax <= ymin)
        ymax = ymin + st;
    const char *names[1] = {"a timeout's worth"};
    pb_svg_frame f = {"chart-game-timeouts", "What a timeout is worth: the win probability it adds, tied at 1st and 10, "
                      "by the cards left in the second half", "play cards left in the second half",
                      "worth (percentage points)", 900, 300, 0, 0};
    pb_svg_lines(out, &f, P, x, P, 1, P >= 20 ? 5 : 1, 1, names, y, ymin, ymax, st, "");
}

/* A choice grid: rows the lead (top: the highest), columns every card left from the half's last
 * natural one down to 0 (kick: 1). */
static unsigned choice_chart(FILE *out, const pb_table_data *d, int kick)
{
    static const char *const try_names[] = {"within the bounds", "go for two", "kick the PAT", "the same"};
    static const char *const kick_names[] = {"within the bounds", "kick onside", "kick deep", "the same"};
    enum { NR = 26, NC = MAX_CARDS };
    int P = pb_table_game_cards(d), lo = kick ? -17 : -15, hi = kick ? 8 : 9;
    int nr = hi - lo + 1, last = kick ? 1 : 0, nc = P - last;   /* columns: P - 1 .. last */
    if (nr > NR || nc > NC || nc < 1)
        return 0;
    unsigned present = 0;
    static int cat[NR * NC];
    static char tipbuf[NR * NC][160], textbuf[NR * NC][16];
    const char *text[NR * NC];
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
            if (k >= 0)
                present |= 1u << k;
            tip[i] = tipbuf[i];
            text[i] = textbuf[i];
            textbuf[i][0] = '\0';
            /* the cell's value: what the better choice gains, in percentage points (none where
             * both are worth the same) */
            if (k > 0 && k < 3)
                snprintf(textbuf[i], sizeof textbuf[i], 100 * fabs(b - a) < 0.05 ? "<0.1" : "%.1f", 100 * fabs(b - a));
            if (kick)
                snprintf(tipbuf[i], sizeof tipbuf[i], "lead %+d, %d cards left: %s (win probability deep %.1f%%, "
                         "onside %.1f%%)", s, colkey[c], kick_names[k < 0 ? 0 : k], 100 * a, 100 * b);
            else
                snprintf(tipbuf[i], sizeof tipbuf[i], "lead %+d after the touchdown, %d cards left: %s (win "
                         "probability PAT %.1f%%, two %.1f%%)", s, colkey[c], try_names[k < 0 ? 0 : k], 100 * a, 100 * b);
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
    pb_svg_grid(out, &f, nr, rowkey, rowlabels, nc, colkey, collabels, cat, tip, NULL, NULL, text, 4,
                kick ? kick_names : try_names, "best choice");
    return present;
}

/* The grey cells of a choice chart, as its caption says them: only the kinds its legend has
 * (bit 3: "the same", bit 0: "within the bounds"). */
static void grey_caption(FILE *out, unsigned present)
{
    if (present & 8u)
        fputs(" Light grey where both are worth the same (the game is decided either way).", out);
    if (present & 1u)
        fputs(" Dark grey (\"within the bounds\") where the two values differ by less than their certified bounds.",
              out);
}

/* A headline item for a coin toss: the kicking team's value `kick` and its bound. Within
 * FAIR_TOSS of an even game it is a fair toss, and the item says by how much. */
#define FAIR_TOSS 0.005   /* half a percentage point of win probability */
static void toss_item(FILE *out, const char *what, double kick, double bound)
{
    double edge = fabs(2 * kick - 1);   /* the better side's win probability minus the other's */
    char k[16], r[16];
    pb_report_pct_d(kick, k, sizeof k, 1);
    pb_report_pct_d(1 - kick, r, sizeof r, 1);
    if (edge <= 2 * bound)
        fprintf(out, "<li>%s a fair toss: kicking off first and receiving first are worth the same within the "
                     "solve's bounds (&plusmn;%.1e).</li>\n", what, bound);
    else if (edge < 2 * FAIR_TOSS)
        fprintf(out, "<li>%s a fair toss: the side that %s first wins %.2g percentage points more often than the "
                     "other (%s against %s; fair means within %.1f points).</li>\n",
                what, kick > 0.5 ? "kicks off" : "receives", 100 * edge, kick > 0.5 ? k : r, kick > 0.5 ? r : k,
                200 * FAIR_TOSS);
    else
        fprintf(out, "<li>%s the toss winner should %s: kicking off first wins %s of games, receiving first %s "
                     "(each within &plusmn;%.1e).</li>\n",
                what, kick > 0.5 ? "kick" : "receive", k, r, bound);
}

void pb_report_game_section(FILE *out, const pb_table_data *d)
{
    if (!d->game)
        return;
    pb_wp_stats st;
    pb_wp_stats_get(d->game, &st);
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts;
    double cb, kick = pb_table_game_coin(d, &cb);
    fprintf(out, "<section id=\"game\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Game solver: win probability"));
    /* the loosest bound among the values this section shows: the lead chart's states (every
     * lead of game-wp-lead at every card left, 1st and 10 after a touchback) and the toss */
    double shown = cb;
    for (int l = 1; l <= P; l++)
        for (int r = 0; r < pb_table_game_nleads; r++)
            for (int t = T > 0 ? T - 1 : 0; t <= T; t++) {
                double bb;
                double x = pb_table_game_first_down(d, l, pb_table_game_leads[r], t, T, &bb);
                if (!isnan(x) && !isnan(bb) && bb > shown)
                    shown = bb;
            }
    /* max_gap is an interval's width (hi - lo), a bound is a half-width */
    fprintf(out, "<p class=\"kind\"><b>Certified bound:</b> floating point; each value within the bound given with it: "
                 "at most &plusmn;%.1e for the values in the headline and the win-probability chart.", shown);
    if (st.max_gap / 2 > shown)
        fprintf(out, " Other solved states (other field positions, downs, leads or kicks) are looser: the widest "
                     "interval of any is %.1e wide (&plusmn;%.1e).", st.max_gap, st.max_gap / 2);
    fputs("</p>\n", out);
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
    if (d->game_deck_line) {  /* plain text: escaped all the same */
        fputs("<li>The uniform-card model; under the real deck, simulated (<code>verify deck</code>): ", out);
        for (const char *p = d->game_deck_line; *p; p++)
            if (*p == '<')
                fputs("&lt;", out);
            else if (*p == '>')
                fputs("&gt;", out);
            else if (*p == '&')
                fputs("&amp;", out);
            else
                fputc(*p, out);
        fputs("</li>\n", out);
    }
    if (d->rules.sw.overtime == PB_OT_SUDDEN_DEATH) {
        double ob, ok = pb_table_game_overtime_coin(d, &ob);
        toss_item(out, "<b>The overtime's toss</b> (sudden death: the first score wins):", ok, ob);
    }
    if (T > 0) {
        double b1, b2;
        double v1 = pb_table_game_first_down(d, P, 0, T, T, &b1), v0 = pb_table_game_first_down(d, P, 0, T - 1, T, &b2);
        fprintf(out, "<li><b>A timeout</b> at the start of the second half (tied, 1st and 10) is worth %+.1f percentage "
                     "points of win probability (&plusmn;%.1e points).</li>\n", 100 * (v1 - v0), 100 * (b1 + b2));
    }
    int late = P / 4 > 0 ? P / 4 : 1;
    double b, b2, v = pb_table_game_first_down(d, P, 7, T, T, &b), v2 = pb_table_game_first_down(d, late, 7, T, T, &b2);
    char pv[16], pv2[16];
    pb_report_pct_d(v, pv, sizeof pv, 1);
    pb_report_pct_d(v2, pv2, sizeof pv2, 1);
    fprintf(out, "<li><b>A 7-point lead</b> with the ball (1st and 10 after a touchback) at the start of the second "
                 "half has a win probability of %s (&plusmn;%.1e), a tie counted as half a win; with %d card%s left, "
                 "%s (&plusmn;%.1e).</li>\n</ul>\n",
            pv, b, late, late == 1 ? "" : "s", pv2, b2);
    fputs("<figure class=\"chart-fig\">\n", out);
    double worst = lead_chart(out, d);
    fprintf(out, "<figcaption>The win probability of the team with the ball at 1st and 10 after a touchback, in "
                 "percent, by its lead (a column each) and the play cards left in the second half (a row each); time "
                 "runs down. Every value is within &plusmn;%.1e of the exact one. Table game-wp-lead has every card, "
                 "with each row's bound.</figcaption>\n</figure>\n",
            worst);
    pb_report_game_fourth(out, d);
    fputs("<figure class=\"chart-fig\">\n", out);
    unsigned present = choice_chart(out, d, 0);
    fputs("<figcaption>After a touchdown in the second half: go for two or kick the PAT, by the lead with the 6 "
          "counted and the cards left; each cell says by how much the better choice raises the win probability, "
          "in percentage points.", out);
    grey_caption(out, present);
    fputs(" Hover a cell for both win probabilities.</figcaption>\n</figure>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    present = choice_chart(out, d, 1);
    fputs("<figcaption>The kickoff after a score in the second half: kick onside or deep, by the kicking team's lead "
          "and the cards left; each cell says by how much the better kick raises the win probability, in "
          "percentage points; no cell where the lead is beyond the solver's cap (the two kicks are only bounded "
          "there).", out);
    grey_caption(out, present);
    fputs(" Hover a cell for both win probabilities.</figcaption>\n</figure>\n", out);
    if (T > 0) {
        fputs("<figure class=\"chart-fig\">\n", out);
        timeout_chart(out, d);
        fprintf(out, "<figcaption>What a timeout is worth, tied at 1st and 10 after a touchback, by the cards left in "
                     "the second half: the win probability with all %d timeout%s minus the win probability with one "
                     "fewer (the opponent keeping all of its own), in percentage points. Table game-timeouts has the "
                     "values and their bounds.</figcaption>\n</figure>\n",
                T, T == 1 ? "" : "s");
    }
    fputs("</section>\n", out);
}
