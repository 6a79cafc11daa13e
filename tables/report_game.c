/* tables/report_game.c: the report's game-solver section (see report.h), present when the data
 * carry a solved game (`paperbowl tables --game`): what the numbers are, the coin toss and a
 * timeout's worth, and the charts: the win probability of a lead by cards left (a heat map with
 * the values), the two-point chart and the onside chart as coloured grids (each cell with the
 * better choice's gain; hover a cell for the two values), and what a timeout is worth by cards
 * left (a line; when the ruleset has timeouts); the same lead chart for the first half, what receiving
 * the second-half kickoff is worth there, and where the solve is loosest. Every word through the
 * catalogue (core/msg.h).
 * Every number shown is the solver's double printed by printf at a stated number of places; the
 * charts only place marks with the doubles. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"
#include "svg.h"

#define MAX_CARDS 64 /* the charts' most cards a half */

/* The win probability by lead and cards left in `half`: a heat map, a column per lead of the table
 * game-wp-lead (the lowest at the left), a row per card left (every one; time runs down the
 * chart), each cell labelled with its value as the report prints a probability ("> 99.9" where
 * it is not certain). In half 1 the team with the ball kicks off the second half (as after the
 * opening kickoff; game-wp-lead-half1 has the receiving team's rows too). Returns the largest
 * bound. */
static double lead_chart(FILE *out, const pb_table_data *d, int half)
{
    enum { NC = 16, NR = MAX_CARDS };
    double worst = 0, v[NR * NC];
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts, nc = pb_table_game_nleads;
    if (nc > NC || P < 1 || P > NR)
        return 0;
    int nr = P;
    static char rl[NR][16], cl[NC][32], tb[NR * NC][16];
    const char *rows[NR], *cols[NC], *text[NR * NC];
    for (int c = 0; c < nc; c++) {
        int lead = pb_table_game_leads[c];
        if (lead)
            snprintf(cl[c], sizeof cl[c], "%+d", lead);
        else
            snprintf(cl[c], sizeof cl[c], "%s", pb_msg(d->lang, "tied"));
        cols[c] = cl[c];
    }
    for (int r = 0; r < nr; r++) {
        int left = P - r;
        snprintf(rl[r], sizeof rl[r], "%d", left);
        rows[r] = rl[r];
        for (int c = 0; c < nc; c++) {
            double b, x = pb_table_game_first_down_in(d, half, left, pb_table_game_leads[c], T, T, 0, &b);
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
    char ball[32], title[400];
    pb_table_ball_on(d->lang, d->rules.touchback_togo, ball, sizeof ball);
    snprintf(title, sizeof title,
             half == 1 ? pb_msg(d->lang, "Win probability (%%) of the team with the ball by its lead and the cards left in "
                                         "the first half (1st and 10 on the %s; it kicks off the second half)")
                       : pb_msg(d->lang, "Win probability (%%) of the team with the ball by its lead and the cards left in "
                                         "the second half (1st and 10 on the %s)"),
             ball);
    pb_svg_frame f = {half == 1 ? "chart-game-lead-half1" : "chart-game-lead", title,
                      pb_msg(d->lang, "lead of the team with the ball (points)"),
                      half == 1 ? pb_msg(d->lang, "play cards left in the first half")
                                : pb_msg(d->lang, "play cards left in the second half"),
                      900, 60 + (nr < 8 ? 30 : 20) * nr + 44, 0, 0};
    if (f.height < 300)   /* room for the rotated axis label beside a few rows */
        f.height = 300;
    pb_svg_heatmap(out, &f, nr, rows, nc, cols, v, text, 0, 100, "0%", "100%", NULL,
                   pb_msg(d->lang, "win probability"));
    return worst;
}

/* A line chart's y axis for values in [lo, hi]: a 1-2-5 step giving at most 6 steps, the range
 * rounded out to it. */
static void y_scale(double lo, double hi, double *ymin, double *ymax, double *step)
{
    static const double steps[] = {0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20};
    double st = 50;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if ((hi - lo) / steps[i] <= 6) {
            st = steps[i];
            break;
        }
    *ymin = floor(lo / st) * st;
    *ymax = ceil(hi / st) * st;
    if (*ymax <= *ymin)
        *ymax = *ymin + st;
    *step = st;
}

/* What receiving the second-half kickoff is worth in the first half: a line a lead (behind by 7,
 * tied, ahead by 7) over the cards left, the win probability of the team with the ball at 1st and
 * 10 after a touchback when it receives the second-half kickoff minus when it kicks it, in
 * percentage points. Returns the largest bound of a difference (the two values' bounds summed). */
static double receive_chart(FILE *out, const pb_table_data *d)
{
    enum { NS = 3 };
    static const int leads[NS] = {-7, 0, 7};
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts;
    if (P < 1 || P > MAX_CARDS)
        return 0;
    int x[MAX_CARDS];
    double y[NS * MAX_CARDS], lo = 0, hi = 0, worst = 0;
    for (int s = 0; s < NS; s++)
        for (int i = 0; i < P; i++) {
            double b1, b0;
            double v1 = pb_table_game_first_down_in(d, 1, P - i, leads[s], T, T, 1, &b1);
            double v0 = pb_table_game_first_down_in(d, 1, P - i, leads[s], T, T, 0, &b0);
            x[i] = P - i;
            y[s * P + i] = isnan(v1) || isnan(v0) ? 0 : 100 * (v1 - v0);
            if (!isnan(b1) && !isnan(b0))
                worst = fmax(worst, b1 + b0);
            lo = fmin(lo, y[s * P + i]);
            hi = fmax(hi, y[s * P + i]);
        }
    double ymin, ymax, st;
    y_scale(lo, hi, &ymin, &ymax, &st);
    const char *names[NS] = {pb_msg(d->lang, "behind by 7"), pb_msg(d->lang, "tied"), pb_msg(d->lang, "ahead by 7")};
    pb_svg_frame f = {"chart-game-receive", pb_msg(d->lang, "What receiving the second-half kickoff is worth in the "
                                                            "first half, at 1st and 10 after a touchback, by the lead "
                                                            "and the cards left"),
                      pb_msg(d->lang, "play cards left in the first half"),
                      pb_msg(d->lang, "worth (percentage points)"), 900, 300, 0, 0};
    pb_svg_lines(out, &f, P, x, P, 1, P >= 20 ? 5 : 1, NS, names, y, ymin, ymax, st, "");
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
    double ymin, ymax, st;
    y_scale(lo, hi, &ymin, &ymax, &st);
    const char *names[1] = {pb_msg(d->lang, "a timeout's worth")};
    pb_svg_frame f = {"chart-game-timeouts", pb_msg(d->lang, "What a timeout is worth: the win probability it adds, tied at "
                                                             "1st and 10, by the cards left in the second half"),
                      pb_msg(d->lang, "play cards left in the second half"),
                      pb_msg(d->lang, "worth (percentage points)"), 900, 300, 0, 0};
    pb_svg_lines(out, &f, P, x, P, 1, P >= 20 ? 5 : 1, 1, names, y, ymin, ymax, st, "");
}

/* A choice grid: rows the lead (top: the highest), columns every card left from the half's last
 * natural one down to 0 (kick: 1). */
static unsigned choice_chart(FILE *out, const pb_table_data *d, int kick)
{
    static const char *const try_ids[] = {PB_N_("within the bounds"), PB_N_("go for two"), PB_N_("kick the PAT"),
                                          PB_N_("the same")};
    static const char *const kick_ids[] = {PB_N_("within the bounds"), PB_N_("kick onside"), PB_N_("kick deep"),
                                           PB_N_("the same")};
    const char *try_names[4], *kick_names[4];
    for (int k = 0; k < 4; k++) {
        try_names[k] = pb_msg(d->lang, try_ids[k]);
        kick_names[k] = pb_msg(d->lang, kick_ids[k]);
    }
    enum { NR = 26, NC = MAX_CARDS };
    int P = pb_table_game_cards(d), lo = kick ? -17 : -15, hi = kick ? 8 : 9;
    int nr = hi - lo + 1, last = kick ? 1 : 0, nc = P - last;   /* columns: P - 1 .. last */
    if (nr > NR || nc > NC || nc < 1)
        return 0;
    unsigned present = 0;
    static int cat[NR * NC];
    static char tipbuf[NR * NC][320], textbuf[NR * NC][16];
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
                snprintf(tipbuf[i], sizeof tipbuf[i], pb_msg(d->lang, "lead %+d, %d cards left: %s (win probability "
                                                                      "deep %.1f%%, onside %.1f%%)"),
                         s, colkey[c], kick_names[k < 0 ? 0 : k], 100 * a, 100 * b);
            else
                snprintf(tipbuf[i], sizeof tipbuf[i], pb_msg(d->lang, "lead %+d after the touchdown, %d cards left: %s "
                                                                      "(win probability PAT %.1f%%, two %.1f%%)"),
                         s, colkey[c], try_names[k < 0 ? 0 : k], 100 * a, 100 * b);
        }
    }
    /* collabels: pb_svg_grid labels every column; blank the ones skipped */
    for (int c = 0; c < nc; c++)
        if (!collabels[c])
            collabels[c] = "";
    pb_svg_frame f = {kick ? "chart-game-onside" : "chart-game-two-point",
                      kick ? pb_msg(d->lang, "When to kick onside: the kicking team's choice by its lead and the cards "
                                             "left (second half)")
                           : pb_msg(d->lang, "The two-point chart: PAT or two by the lead after the touchdown and the "
                                             "cards left (second half)"),
                      pb_msg(d->lang, "play cards left in the half"),
                      kick ? pb_msg(d->lang, "the kicking team's lead") : pb_msg(d->lang, "lead after the touchdown (6 counted)"),
                      900, 520, 0, 0};
    pb_svg_grid(out, &f, nr, rowkey, rowlabels, nc, colkey, collabels, cat, tip, NULL, NULL, text, 4,
                kick ? kick_names : try_names, pb_msg(d->lang, "best choice"));
    return present;
}

/* The grey cells of a choice chart, as its caption says them: only the kinds its legend has
 * (bit 3: "the same", bit 0: "within the bounds"). */
static void grey_caption(FILE *out, pb_lang L, unsigned present)
{
    if (present & 8u)
        fputs(pb_msg(L, " Light grey where both are worth the same (the game is decided either way)."), out);
    if (present & 1u)
        fputs(pb_msg(L, " Dark grey (\"within the bounds\") where the two values differ by less than their certified "
                        "bounds."), out);
}

/* A headline item for a coin toss: the kicking team's value `kick` and its bound; overtime: the
 * overtime's toss. Within FAIR_TOSS of an even game it is a fair toss, and the item says by how much. */
#define FAIR_TOSS 0.005   /* half a percentage point of win probability */
static void toss_item(FILE *out, pb_lang L, int overtime, double kick, double bound)
{
    double edge = fabs(2 * kick - 1);   /* the better side's win probability minus the other's */
    const char *what = overtime ? pb_msg(L, "<b>The overtime's toss</b> (sudden death: the first score wins):")
                                : pb_msg(L, "<b>The coin toss:</b>");
    char k[16], r[16];
    pb_report_pct_d(kick, k, sizeof k, 1);
    pb_report_pct_d(1 - kick, r, sizeof r, 1);
    fputs("<li>", out);
    if (edge <= 2 * bound)
        fprintf(out, pb_msg(L, "%s a fair toss: kicking off first and receiving first are worth the same within the "
                               "solve's bounds (&plusmn;%.1e)."), what, bound);
    else if (edge < 2 * FAIR_TOSS && kick > 0.5)
        fprintf(out, pb_msg(L, "%s a fair toss: the side that kicks off first wins %.2g percentage points more often "
                               "than the other (%s against %s; fair means within %.1f points)."),
                what, 100 * edge, k, r, 200 * FAIR_TOSS);
    else if (edge < 2 * FAIR_TOSS)
        fprintf(out, pb_msg(L, "%s a fair toss: the side that receives first wins %.2g percentage points more often "
                               "than the other (%s against %s; fair means within %.1f points)."),
                what, 100 * edge, r, k, 200 * FAIR_TOSS);
    else if (kick > 0.5)
        fprintf(out, pb_msg(L, "%s the toss winner should kick: kicking off first wins %s of games, receiving first %s "
                               "(each within &plusmn;%.1e)."), what, k, r, bound);
    else
        fprintf(out, pb_msg(L, "%s the toss winner should receive: kicking off first wins %s of games, receiving first "
                               "%s (each within &plusmn;%.1e)."), what, k, r, bound);
    fputs("</li>\n", out);
}

/* The loosest states in words (pb_wp_widest): "... the widest interval of any is X wide (+-Y): at
 * the 1st and 10 on the own 20 of the second half with 3 cards left, leads +8 to +10 ...". */
static void loose_sentence(FILE *out, const pb_table_data *d, const pb_wp_widest *x)
{
    pb_lang L = d->lang;
    const pb_wp_moment *m = &x->at;
    char kind[128], leads[96], half[96];
    if (m->kind == PB_WP_SNAP) {
        char ball[32];
        pb_table_ball_on(L, m->togo, ball, sizeof ball);
        snprintf(kind, sizeof kind, pb_msg(L, "a 1st down on the %s"), ball);
    } else
        snprintf(kind, sizeof kind, "%s",
                 m->kind == PB_WP_KICKOFF     ? pb_msg(L, "a kickoff")
                 : m->kind == PB_WP_FREE_KICK ? pb_msg(L, "a free kick after a safety")
                                              : pb_msg(L, "a try after a touchdown"));
    snprintf(half, sizeof half, "%s",
             m->half == 1 ? pb_msg(L, "the first half") : m->half == 2 ? pb_msg(L, "the second half") : pb_msg(L, "the overtime"));
    if (x->lead_min == x->lead_max)
        snprintf(leads, sizeof leads, pb_msg(L, "lead %+d only"), m->lead);
    else
        snprintf(leads, sizeof leads, pb_msg(L, "leads %+d to %+d"), x->lead_min, x->lead_max);
    fprintf(out, m->left == 1 ? pb_msg(L, " Other solved states are looser: the widest interval of any kept state is %.1e "
                                          "wide (&plusmn;%.1e): %s in %s with %d play card left, at lead %+d, %d timeouts "
                                          "to the opponent's %d; the same kind of state of that card is at least half as "
                                          "wide at %s.")
                              : pb_msg(L, " Other solved states are looser: the widest interval of any kept state is %.1e "
                                          "wide (&plusmn;%.1e): %s in %s with %d play cards left, at lead %+d, %d timeouts "
                                          "to the opponent's %d; the same kind of state of that card is at least half as "
                                          "wide at %s."),
            x->width, x->width / 2, kind, half, m->left, m->lead, m->timeouts_own, m->timeouts_opp, leads);
}

void pb_report_game_section(FILE *out, const pb_table_data *d)
{
    if (!d->game)
        return;
    pb_lang L = d->lang;
    pb_wp_stats st;
    pb_wp_stats_get(d->game, &st);
    int P = pb_table_game_cards(d), T = d->rules.sw.timeouts;
    double cb, kick = pb_table_game_coin(d, &cb);
    fprintf(out, "<section id=\"game\">\n<h2>%s</h2>\n", pb_msg(L, "Game solver: win probability"));
    /* the loosest bound among the values this section shows: the lead charts' states (every
     * lead of game-wp-lead at every card left of either half, 1st and 10 after a touchback) and the toss */
    double shown = cb;
    for (int half = 1; half <= 2; half++)
        for (int l = 1; l <= P; l++)
            for (int r = 0; r < pb_table_game_nleads; r++)
                for (int t = T > 0 ? T - 1 : 0; t <= T; t++)
                    for (int rec = 0; rec <= (half == 1); rec++) {
                        double bb;
                        double x = pb_table_game_first_down_in(d, half, l, pb_table_game_leads[r], t, T, rec, &bb);
                        if (!isnan(x) && !isnan(bb) && bb > shown)
                            shown = bb;
                    }
    /* a width (hi - lo) against a bound (a half-width) */
    fprintf(out, "<p class=\"kind\">%s", pb_msg(L, "<b>Certified bound:</b> "));
    fprintf(out, pb_msg(L, "floating point; each value within the bound given with it: at most &plusmn;%.1e for the "
                           "values in the headline and the win-probability charts."), shown);
    pb_wp_widest wd;
    pb_wp_widest_get(d->game, &wd);
    if (wd.width / 2 > shown)
        loose_sentence(out, d, &wd);
    fputs("</p>\n", out);
    fputs("<p class=\"lead\">", out);
    fprintf(out,
            pb_msg(L, "What a moment of a whole game is worth: the <b>win probability</b> (P(win) + P(tie)/2) "
                      "of the team with the ball when both sides play their best from there on: at every snap the "
                      "equilibrium of the matrix game of the calls, and every kick, try, fourth down and end-of-half "
                      "timeout chosen by win probability. The clock is the cards: %d play cards a half, each drawn "
                      "<b>uniformly from the 24 on every play</b>. %.3g states solved; every value is certified (it lies "
                      "in an interval around the value shown, the bounds are given with each number), leads beyond "
                      "&plusmn;%d are bounded rather than solved, and no side gains more than %.1e by deviating from the "
                      "mixes."),
            P, st.states, st.lead_cap, st.max_exploit);
    fprintf(out, " %s <a href=\"#t-game-coin-toss\">game-coin-toss</a>, <a href=\"#t-game-wp-lead\">game-wp-lead</a>, "
                 "<a href=\"#t-game-wp-lead-half1\">game-wp-lead-half1</a>, <a href=\"#t-game-two-point\">game-two-point</a>, "
                 "<a href=\"#t-game-onside\">game-onside</a>, <a href=\"#t-game-cards-blank\">game-cards-blank</a>%s.</p>\n",
            pb_msg(L, "Tables:"), T > 0 ? ", <a href=\"#t-game-timeouts\">game-timeouts</a>" : "");
    fputs("<ul class=\"headline\">\n", out);
    toss_item(out, L, 0, kick, cb);
    if (d->game_deck_line) {  /* plain text: escaped all the same */
        fprintf(out, "<li>%s", pb_msg(L, "The uniform-card model; under the real deck, simulated (<code>verify deck</code>): "));
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
        toss_item(out, L, 1, ok, ob);
    }
    if (T > 0) {
        double b1, b2;
        double v1 = pb_table_game_first_down(d, P, 0, T, T, &b1), v0 = pb_table_game_first_down(d, P, 0, T - 1, T, &b2);
        fputs("<li>", out);
        fprintf(out, pb_msg(L, "<b>A timeout</b> at the start of the second half (tied, 1st and 10) is worth %+.1f "
                               "percentage points of win probability (&plusmn;%.1e points)."),
                100 * (v1 - v0), 100 * (b1 + b2));
        fputs("</li>\n", out);
    }
    int late = P / 4 > 0 ? P / 4 : 1;
    double b, b2, v = pb_table_game_first_down(d, P, 7, T, T, &b), v2 = pb_table_game_first_down(d, late, 7, T, T, &b2);
    char pv[16], pv2[16];
    pb_report_pct_d(v, pv, sizeof pv, 1);
    pb_report_pct_d(v2, pv2, sizeof pv2, 1);
    fputs("<li>", out);
    fprintf(out, late == 1 ? pb_msg(L, "<b>A 7-point lead</b> with the ball (1st and 10 after a touchback) at the start of "
                                       "the second half has a win probability of %s (&plusmn;%.1e), a tie counted as half "
                                       "a win; with %d card left, %s (&plusmn;%.1e).")
                           : pb_msg(L, "<b>A 7-point lead</b> with the ball (1st and 10 after a touchback) at the start of "
                                       "the second half has a win probability of %s (&plusmn;%.1e), a tie counted as half "
                                       "a win; with %d cards left, %s (&plusmn;%.1e)."),
            pv, b, late, pv2, b2);
    fputs("</li>\n", out);
    {   /* the same lead at the start of the first half, kicking off the second half or receiving it */
        double bk, br, k1 = pb_table_game_first_down_in(d, 1, P, 7, T, T, 0, &bk);
        double r1 = pb_table_game_first_down_in(d, 1, P, 7, T, T, 1, &br);
        char pk[16], pr[16];
        pb_report_pct_d(k1, pk, sizeof pk, 1);
        pb_report_pct_d(r1, pr, sizeof pr, 1);
        fputs("<li>", out);
        fprintf(out, pb_msg(L, "<b>The same lead at the start of the first half</b> is worth %s (&plusmn;%.1e) to a team "
                               "that kicks off the second half, %s (&plusmn;%.1e) to one that receives it."),
                pk, bk, pr, br);
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    double worst = lead_chart(out, d, 2);
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(L, "The win probability of the team with the ball at 1st and 10 after a touchback, in percent, by "
                           "its lead (a column each) and the play cards left in the second half (a row each); time runs "
                           "down. Every value is within &plusmn;%.1e of the exact one. Table game-wp-lead has every card, "
                           "with each row's bound."), worst);
    fputs("</figcaption>\n</figure>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    worst = lead_chart(out, d, 1);
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(L, "The same in the first half, for the team with the ball that kicks off the second half (as the "
                           "team that received the opening kickoff does): its win probability at 1st and 10 after a "
                           "touchback, in percent, by its lead and the play cards left in the first half. Every value is "
                           "within &plusmn;%.1e of the exact one. Table game-wp-lead-half1 has these rows and those of the "
                           "team that receives the second-half kickoff, with each row's bound."), worst);
    fputs("</figcaption>\n</figure>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    worst = receive_chart(out, d);
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(L, "What receiving the second-half kickoff is worth during the first half: the win probability of "
                           "the team with the ball at 1st and 10 after a touchback when it receives the second-half "
                           "kickoff minus when it kicks it, in percentage points, behind by 7, tied and ahead by 7, by the "
                           "cards left in the first half (each difference within &plusmn;%.1e, as a probability; the rows "
                           "of table game-wp-lead-half1)."), worst);
    fputs("</figcaption>\n</figure>\n", out);
    pb_report_game_fourth(out, d);
    fputs("<figure class=\"chart-fig\">\n", out);
    unsigned present = choice_chart(out, d, 0);
    fputs("<figcaption>", out);
    fputs(pb_msg(L, "After a touchdown in the second half: go for two or kick the PAT, by the lead with the 6 counted and "
                    "the cards left; each cell says by how much the better choice raises the win probability, in "
                    "percentage points."), out);
    grey_caption(out, L, present);
    fputs(pb_msg(L, " Hover a cell for both win probabilities."), out);
    fputs("</figcaption>\n</figure>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    present = choice_chart(out, d, 1);
    fputs("<figcaption>", out);
    fputs(pb_msg(L, "The kickoff after a score in the second half: kick onside or deep, by the kicking team's lead and the "
                    "cards left; each cell says by how much the better kick raises the win probability, in percentage "
                    "points; no cell where the lead is beyond the solver's cap (the two kicks are only bounded there)."),
          out);
    grey_caption(out, L, present);
    fputs(pb_msg(L, " Hover a cell for both win probabilities."), out);
    fputs("</figcaption>\n</figure>\n", out);
    pb_report_game_cards(out, d);
    if (T > 0) {
        fputs("<figure class=\"chart-fig\">\n", out);
        timeout_chart(out, d);
        fputs("<figcaption>", out);
        fprintf(out, T == 1 ? pb_msg(L, "What a timeout is worth, tied at 1st and 10 after a touchback, by the cards left "
                                        "in the second half: the win probability with all %d timeout minus the win "
                                        "probability with one fewer (the opponent keeping all of its own), in percentage "
                                        "points. Table game-timeouts has the values and their bounds.")
                            : pb_msg(L, "What a timeout is worth, tied at 1st and 10 after a touchback, by the cards left "
                                        "in the second half: the win probability with all %d timeouts minus the win "
                                        "probability with one fewer (the opponent keeping all of its own), in percentage "
                                        "points. Table game-timeouts has the values and their bounds."),
                T);
        fputs("</figcaption>\n</figure>\n", out);
    }
    fputs("</section>\n", out);
}
