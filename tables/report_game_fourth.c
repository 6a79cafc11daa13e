/* tables/report_game_fourth.c: the game section's last-down chart by win probability (see
 * report.h): at the start of the second half, the score tied, both sides with every timeout, the
 * call (go for it, field goal, punt) with the highest win probability at each field position and
 * yards to gain, from the game solver's value file where it keeps those states; a ring where the
 * drive solver's EP chart (score tied, no clock) calls otherwise. The charts only place marks
 * with the solver's doubles; the tooltips print them at one place of a percent. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"
#include "svg.h"

static const char *const choice_id[] = {PB_N_("go for it"), PB_N_("field goal"), PB_N_("punt")};

/* the moment: half 2, `left` cards left, tied, every timeout, down `down` at (togo, ytg) */
static int detail(const pb_table_data *d, int left, int togo, int ytg, pb_wp_detail *x)
{
    int T = d->rules.sw.timeouts;
    pb_wp_moment m = {PB_WP_SNAP, 2, left, 0, 0, T, T, 0, togo, d->rules.downs, ytg};
    char err[256];
    return pb_wp_detail_at(d->game, &m, x, err, sizeof err);
}

int pb_report_game_fourth_disagree(const pb_table_data *d, int *cells)
{
    int P = pb_table_game_cards(d), n = 0, k = 0;
    *cells = 0;
    if (!d->game || !d->drive || P < 1)
        return 0;
    for (int ytg = 1; ytg <= PB_TABLE_FOURTH_YTG; ytg++)
        for (int togo = ytg; togo <= 99; togo++) {
            pb_wp_detail x;
            pb_drive_choice ch;
            if (detail(d, P, togo, ytg, &x) != 0 || pb_drive_choices(d->drive, togo, d->rules.downs, ytg, &ch) != 0)
                continue;
            n++;
            k += (int)ch.best != (int)x.best;
        }
    *cells = n;
    return k;
}

void pb_report_game_fourth(FILE *out, const pb_table_data *d)
{
    enum { NR = PB_TABLE_FOURTH_YTG, NC = 99 };
    int P = pb_table_game_cards(d);
    if (!d->game || P < 1)
        return;
    static int cat[NR * NC];
    static unsigned char differ[NR * NC];
    static char tipbuf[NR * NC][480];
    pb_lang L = d->lang;
    const char *choice_label[3];
    for (int k = 0; k < 3; k++)
        choice_label[k] = pb_msg(L, choice_id[k]);
    const char *tip[NR * NC], *rowlabels[NR], *collabels[NC];
    char rl[NR][16], cl[NC][16], nth[16];
    int rowkey[NR], colkey[NC], cells = 0, disagree = 0, ex_togo = 0, ex_ytg = 0;
    double ex_a = 0, ex_b = 0;
    int ex_wp = 0, ex_ep = 0;
    pb_table_ordinal(d->rules.downs, nth, sizeof nth);
    for (int r = 0; r < NR; r++) {
        rowkey[r] = r + 1;
        snprintf(rl[r], sizeof rl[r], "%d", r + 1);
        rowlabels[r] = rl[r];
    }
    for (int c = 0; c < NC; c++) {
        colkey[c] = 99 - c;
        snprintf(cl[c], sizeof cl[c], "%d", 99 - c);
        collabels[c] = (99 - c) % 10 == 0 || c == 0 || c == NC - 1 ? cl[c] : "";
    }
    for (int r = 0; r < NR; r++)
        for (int c = 0; c < NC; c++) {
            int i = r * NC + c, ytg = r + 1, togo = 99 - c;
            pb_wp_detail x;
            cat[i] = -1;
            differ[i] = 0;
            tip[i] = tipbuf[i];
            tipbuf[i][0] = '\0';
            if (ytg > togo || detail(d, P, togo, ytg, &x) != 0)
                continue;
            cat[i] = (int)x.best;
            cells++;
            char ball[32], fg[96];
            pb_table_ball_on(d->lang, togo, ball, sizeof ball);
            if (isfinite(x.fg))
                snprintf(fg, sizeof fg, pb_msg(L, "field goal %.1f%%"), 100 * x.fg);
            else
                snprintf(fg, sizeof fg, "%s", pb_msg(L, "no field goal"));
            pb_drive_choice ch;
            int ep = d->drive && pb_drive_choices(d->drive, togo, d->rules.downs, ytg, &ch) == 0 ? (int)ch.best : -1;
            differ[i] = ep >= 0 && ep != cat[i];
            if (differ[i])
                snprintf(tipbuf[i], sizeof tipbuf[i], pb_msg(L, "togo %d (ball on %s), %s and %d: %s by win probability (go "
                                                                "%.1f%%, %s, punt %.1f%%); by EP: %s"),
                         togo, ball, nth, ytg, choice_label[x.best], 100 * x.go, fg, 100 * x.punt, choice_label[ep]);
            else
                snprintf(tipbuf[i], sizeof tipbuf[i], pb_msg(L, "togo %d (ball on %s), %s and %d: %s by win probability (go "
                                                                "%.1f%%, %s, punt %.1f%%)"),
                         togo, ball, nth, ytg, choice_label[x.best], 100 * x.go, fg, 100 * x.punt);
            if (differ[i]) {
                disagree++;
                /* the example the caption gives: the closest field to the own goal line */
                if (!ex_togo || togo > ex_togo || (togo == ex_togo && ytg > ex_ytg)) {
                    double v[3] = {x.go, x.fg, x.punt};
                    ex_togo = togo, ex_ytg = ytg, ex_wp = cat[i], ex_ep = ep, ex_a = v[cat[i]], ex_b = v[ep];
                }
            }
        }
    fputs("<figure class=\"chart-fig\" id=\"fig-game-fourth\">\n", out);
    if (cells == 0) {
        fputs("<p class=\"lead\" id=\"game-fourth-none\">", out);
        fprintf(out, pb_msg(L, "The %s-down chart by win probability needs the %s-down states of the second half, which "
                               "this value file does not keep (it was solved for the headline only: <code>paperbowl solve "
                               "game</code> without <code>--headline</code> keeps them)."), nth, nth);
        fputs("</p>\n</figure>\n", out);
        return;
    }
    char title[400], ylabel[128], mark[128];
    snprintf(title, sizeof title, pb_msg(L, "%s-down chart by win probability: the start of the second half (%d cards "
                                            "left), score tied"), nth, P);
    title[0] = (char)(title[0] >= 'a' && title[0] <= 'z' ? title[0] - 'a' + 'A' : title[0]);
    snprintf(ylabel, sizeof ylabel, pb_msg(L, "yards to gain on %s down"), nth);
    snprintf(mark, sizeof mark, "%s", pb_msg(L, "the EP chart calls otherwise"));
    pb_svg_frame f = {"chart-game-fourth", title, pb_msg(L, "yards to the goal line (togo)"), ylabel, 1000, 330, 0, 0};
    pb_svg_grid(out, &f, NR, rowkey, rowlabels, NC, colkey, collabels, cat, tip, differ, mark, NULL, 3, choice_label,
                pb_msg(L, "best call"));
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(L, "The call with the highest win probability on %s down at the start of the second half, the "
                           "score tied, both sides with every timeout, beside the drive solver's EP chart above (score "
                           "tied, no clock). A ring marks the %d of %d cells where the two disagree"),
            nth, disagree, cells);
    if (disagree) {
        char ball[32];
        pb_table_ball_on(d->lang, ex_togo, ball, sizeof ball);
        fprintf(out, pb_msg(L, "; e.g. %s and %d on the %s: by win probability %s (%.1f%% against %.1f%% for %s, %.2g "
                               "percentage points better), by EP %s"),
                nth, ex_ytg, ball, choice_label[ex_wp], 100 * ex_a, 100 * ex_b, choice_label[ex_ep],
                100 * (ex_a - ex_b), choice_label[ex_ep]);
    }
    fputs(pb_msg(L, ". Hover a cell for the three win probabilities. The chart is of the second half; the first half's "
                    "win probability by lead is in the charts above."), out);
    fputs("</figcaption>\n</figure>\n", out);
}
