/* tables/report_drive.c: the report's drive-solver section (see report.h): what the numbers
 * are, the try and kickoff headline, and four charts: EP by field position (a line per down),
 * the last-down chart as a coloured grid (the margin in each cell's tooltip), the equilibrium
 * mixes of both sides by field position (stacked bars), and the card values (a diverging
 * heatmap). Every number shown is the solver's double printed by printf at a stated number of
 * places (correctly rounded); the charts only place marks with the doubles. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "build.h"
#include "report.h"
#include "svg.h"

/* The margin under which a last-down call is marked close. */
#define CLOSE_CALL 0.25

/* The last-down chart's calls in the report's language, as legend names (pb_svg_color colours them
 * as everywhere in the report). */
static void choice_labels(const pb_table_data *d, const char *label[3])
{
    label[PB_CHOICE_GO] = pb_msgc(d->lang, "legend", "go for it");
    label[PB_CHOICE_FG] = pb_msgc(d->lang, "legend", "field goal");
    label[PB_CHOICE_PUNT] = pb_msgc(d->lang, "legend", "punt");
}

/* The drive solver's calls (PB_DRIVE_RUN .. PB_DRIVE_PUNT) and the defense cards as legend names. */
static void call_labels(const pb_table_data *d, const char *off[PB_DRIVE_CALLS])
{
    off[0] = pb_msgc(d->lang, "legend", "Run");
    off[1] = pb_msgc(d->lang, "legend", "Short Pass");
    off[2] = pb_msgc(d->lang, "legend", "Long Pass");
    off[3] = pb_msgc(d->lang, "legend", "Field goal");
    off[4] = pb_msgc(d->lang, "legend", "Punt");
}

static int goal_ytg(const pb_table_data *d, int togo)
{
    return togo < d->rules.first_down_yards ? togo : d->rules.first_down_yards;
}

/* a step from 1-2-5 giving at most 8 steps over [lo, hi], and the range rounded out to it */
static void ep_scale(double lo, double hi, double *ymin, double *ymax, double *step)
{
    static const double steps[] = {0.5, 1, 2, 5, 10};
    double s = 10;
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if ((hi - lo) / steps[i] <= 8) {
            s = steps[i];
            break;
        }
    *step = s;
    *ymin = floor(lo / s) * s;
    *ymax = ceil(hi / s) * s;
    if (*ymin > 0)
        *ymin = 0;
    if (*ymax <= *ymin)
        *ymax = *ymin + s;
}

static void ep_chart(FILE *out, const pb_table_data *d)
{
    const int downs = d->rules.downs < 8 ? d->rules.downs : 8;
    int x[99];
    double y[8 * 99], lo = 0, hi = 0;
    char nb[8][48];
    const char *names[8];
    for (int down = 1; down <= downs; down++) {
        char nth[16];
        snprintf(nb[down - 1], sizeof nb[down - 1], pb_msg(d->lang, "%s down"), pb_table_ordinal(down, nth, sizeof nth));
        names[down - 1] = nb[down - 1];
    }
    for (int i = 0; i < 99; i++) {
        int togo = 99 - i;
        x[i] = togo;
        for (int down = 1; down <= downs; down++) {
            double v = pb_drive_ep(d->drive, togo, down, goal_ytg(d, togo));
            y[(down - 1) * 99 + i] = v;
            if (v < lo)
                lo = v;
            if (v > hi)
                hi = v;
        }
    }
    double ymin, ymax, step;
    ep_scale(lo, hi, &ymin, &ymax, &step);
    char title[200];
    snprintf(title, sizeof title, pb_msg(d->lang, "Expected points (the next score) by field position: each down "
                                                  "with %d yards to gain (goal to go inside the %d)"),
             d->rules.first_down_yards, d->rules.first_down_yards);
    pb_svg_frame f = {"chart-drive-ep", title, pb_msg(d->lang, "yards to the goal line (togo)"),
                      pb_msg(d->lang, "EP (points)"), 900, 340, 0, 0};
    pb_svg_lines(out, &f, 99, x, 99, 1, 10, downs, names, y, ymin, ymax, step, "");
}

/* The last-down chart: yards to gain (a row each, 1 at the top) by field position (a column each,
 * togo 99 at the left: the ball moves right as the offense drives, as in every chart of the
 * report); each cell opaque in its call's colour, a ring where the call is close (within
 * CLOSE_CALL EP of the next best). */
static void fourth_chart(FILE *out, const pb_table_data *d)
{
    enum { NR = PB_TABLE_FOURTH_YTG, NC = 99 };
    const int down = d->rules.downs;
    static int cat[NR * NC];
    static unsigned char close[NR * NC];
    static char tipbuf[NR * NC][200];
    const char *tip[NR * NC], *rowlabels[NR], *collabels[NC];
    char rl[NR][16], cl[NC][16], nth[16];
    int rowkey[NR], colkey[NC];
    const char *choice_label[3];
    choice_labels(d, choice_label);
    pb_table_ordinal(down, nth, sizeof nth);
    for (int r = 0; r < NR; r++) {
        rowkey[r] = r + 1;
        snprintf(rl[r], sizeof rl[r], "%d", r + 1);
        rowlabels[r] = rl[r];
    }
    for (int c = 0; c < NC; c++) {
        int togo = 99 - c;
        colkey[c] = togo;
        snprintf(cl[c], sizeof cl[c], "%d", togo);
        collabels[c] = togo % 10 == 0 || togo == 1 || togo == 99 ? cl[c] : "";
    }
    for (int r = 0; r < NR; r++)
        for (int c = 0; c < NC; c++) {
            int i = r * NC + c, ytg = r + 1, togo = 99 - c;
            char ball[32];
            pb_table_ball_on(d->lang, togo, ball, sizeof ball);
            pb_drive_choice ch;
            cat[i] = -1;
            close[i] = 0;
            tip[i] = tipbuf[i];
            tipbuf[i][0] = '\0';
            if (ytg > togo || pb_drive_choices(d->drive, togo, down, ytg, &ch) != 0)
                continue;
            cat[i] = (int)ch.best;
            close[i] = ch.margin < CLOSE_CALL;
            if (ch.fg_allowed)
                snprintf(tipbuf[i], sizeof tipbuf[i], pb_msg(d->lang, "togo %d (ball on %s), %s and %d: %s, by %.3f EP "
                                                                      "(go %.3f, field goal %.3f, punt %.3f)"),
                         togo, ball, nth, ytg, choice_label[ch.best], ch.margin, ch.go, ch.fg, ch.punt);
            else
                snprintf(tipbuf[i], sizeof tipbuf[i], pb_msg(d->lang, "togo %d (ball on %s), %s and %d: %s, by %.3f EP "
                                                                      "(go %.3f, no field goal, punt %.3f)"),
                         togo, ball, nth, ytg, choice_label[ch.best], ch.margin, ch.go, ch.punt);
        }
    char title[160], ylabel[64], legend[64], mark[64];
    snprintf(title, sizeof title, pb_msg(d->lang, "%s-down chart: the best call by EP (score tied, no clock)"), nth);
    title[0] = (char)(title[0] >= 'a' && title[0] <= 'z' ? title[0] - 'a' + 'A' : title[0]);
    snprintf(ylabel, sizeof ylabel, pb_msg(d->lang, "yards to gain on %s down"), nth);
    snprintf(legend, sizeof legend, "%s", pb_msg(d->lang, "best call"));
    snprintf(mark, sizeof mark, pb_msg(d->lang, "close: within %.2f EP"), CLOSE_CALL);
    pb_svg_frame f = {"chart-drive-fourth", title, pb_msg(d->lang, "yards to the goal line (togo)"), ylabel, 1000, 330,
                      0, 0};
    pb_svg_grid(out, &f, NR, rowkey, rowlabels, NC, colkey, collabels, cat, tip, close, mark, NULL, 3, choice_label,
                legend);
}

static void mix_charts(FILE *out, const pb_table_data *d)
{
    const char *off_names[PB_DRIVE_CALLS], *def_names[PB_DEFENSE_COUNT];
    char dn[PB_DEFENSE_COUNT][32];
    call_labels(d, off_names);
    for (int k = 0; k < PB_DEFENSE_COUNT; k++) {
        pb_report_defense(d, k + 1, dn[k], sizeof dn[k]);
        def_names[k] = dn[k];
    }
    int x[99];
    static double yo[PB_DRIVE_CALLS * 99], yd[PB_DEFENSE_COUNT * 99];
    static char to[99][240], td[99][240];
    const char *tipo[99], *tipd[99];
    for (int i = 0; i < 99; i++) {
        int togo = 99 - i;
        x[i] = togo;
        pb_drive_state s;
        memset(&s, 0, sizeof s);
        pb_drive_get(d->drive, togo, 1, goal_ytg(d, togo), &s);
        double off[PB_DRIVE_CALLS];
        pb_table_drive_mix(&s, off);
        char ball[32], sit[96];
        pb_table_ball_on(d->lang, togo, ball, sizeof ball);
        if (goal_ytg(d, togo) == togo)
            snprintf(sit, sizeof sit, pb_msg(d->lang, "togo %d (ball on %s), 1st and goal"), togo, ball);
        else
            snprintf(sit, sizeof sit, pb_msg(d->lang, "togo %d (ball on %s), 1st and %d"), togo, ball, goal_ytg(d, togo));
        size_t n = (size_t)snprintf(to[i], sizeof to[i], "%s:", sit);
        for (int c = 0; c < PB_DRIVE_CALLS; c++) {
            yo[c * 99 + i] = 100 * off[c];
            if (off[c] > 0 && n < sizeof to[i])
                n += (size_t)snprintf(to[i] + n, sizeof to[i] - n, " %s %.1f%%", off_names[c], 100 * off[c]);
        }
        n = (size_t)snprintf(td[i], sizeof td[i], "%s:", sit);
        for (int k = 0; k < PB_DEFENSE_COUNT; k++) {
            yd[k * 99 + i] = 100 * s.def_mix[k];
            if (s.def_mix[k] > 0 && n < sizeof td[i])
                n += (size_t)snprintf(td[i] + n, sizeof td[i] - n, " %s %.1f%%", def_names[k], 100 * s.def_mix[k]);
        }
        tipo[i] = to[i];
        tipd[i] = td[i];
    }
    pb_svg_frame fo = {"chart-drive-mix-offense", pb_msg(d->lang, "Offense at equilibrium: how often each call, 1st and 10"),
                       pb_msg(d->lang, "yards to the goal line (togo)"), pb_msg(d->lang, "share of calls (%)"), 626, 300,
                       0, 0};
    pb_svg_frame fd = {"chart-drive-mix-defense", pb_msg(d->lang, "Defense at equilibrium: how often each card, 1st and 10"),
                       pb_msg(d->lang, "yards to the goal line (togo)"), pb_msg(d->lang, "share of calls (%)"), 626, 300,
                       0, 0};
    int lines = pb_svg_title_lines(&fo) > pb_svg_title_lines(&fd) ? pb_svg_title_lines(&fo) : pb_svg_title_lines(&fd);
    fo.title_lines = fd.title_lines = lines;
    pb_svg_stacked(out, &fo, 99, x, 10, PB_DRIVE_CALLS, off_names, yo, tipo);
    pb_svg_stacked(out, &fd, 99, x, 10, PB_DEFENSE_COUNT, def_names, yd, tipd);
}

/* The card values as a heat map, a row per card (most valuable first) and a column per state and
 * the mean: against the deck average (blank 0), or against a blank card (blank 1: each value less
 * the blank card's, and a last row for the deck itself, a random card against a blank one). */
static void card_chart(FILE *out, const pb_table_data *d, int blank)
{
    enum { NC = PB_TABLE_DRIVE_NCARD + 1, NR = PB_CARD_COUNT + 1 };
    int order[PB_CARD_COUNT], nr = blank ? NR : PB_CARD_COUNT;
    double mean[PB_CARD_COUNT], v[NR * NC], m = 0;
    char rl[NR][PB_NAME_MAX + 8], cl[NC][32], tb[NR * NC][24];
    const char *rows[NR], *cols[NC], *text[NR * NC];
    pb_table_drive_card_order(d, order, mean);
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++) {
        pb_table_drive_card_label(d, k, cl[k], sizeof cl[k]);
        cols[k] = cl[k];
    }
    snprintf(cl[NC - 1], sizeof cl[NC - 1], "%s", pb_msg(d->lang, "mean"));
    cols[NC - 1] = cl[NC - 1];
    for (int i = 0; i < nr; i++) {
        int c = i < PB_CARD_COUNT ? order[i] : -1;   /* -1: the deck (a random card) */
        if (c >= 0)
            snprintf(rl[i], sizeof rl[i], "%02d %s", c + 1, d->rules.card[c].name);
        else
            snprintf(rl[i], sizeof rl[i], "%s", pb_msg(d->lang, "the deck (a random card)"));
        rows[i] = rl[i];
        for (int k = 0; k < NC; k++) {
            double x = c < 0 ? 0 : k < PB_TABLE_DRIVE_NCARD ? d->card_value[k][c] : mean[c];
            if (blank && k < PB_TABLE_DRIVE_NCARD)
                x -= d->card_blank[k];
            else if (blank)   /* the mean of the differences (card 07's: 0 exactly, as its cells) */
                for (int j = x = 0; j < PB_TABLE_DRIVE_NCARD; j++)
                    x += ((c < 0 ? 0 : d->card_value[j][c]) - d->card_blank[j]) / PB_TABLE_DRIVE_NCARD;
            v[i * NC + k] = x;
            snprintf(tb[i * NC + k], sizeof tb[i * NC + k], "%+.3f", x);
            text[i * NC + k] = tb[i * NC + k];
            if (fabs(x) > m)
                m = fabs(x);
        }
    }
    double top = ceil(m * 2) / 2; /* a symmetric scale in halves of a point */
    if (top <= 0)
        top = 0.5;
    char lo[16], hi[16];
    snprintf(lo, sizeof lo, "%+.1f", -top);
    snprintf(hi, sizeof hi, "%+.1f", top);
    pb_svg_frame f = {blank ? "chart-drive-cards-blank" : "chart-drive-cards",
                      blank ? pb_msg(d->lang, "Play card values against a blank card: the EP change when the card is "
                                              "turned instead of a card with no effect (most valuable first)")
                            : pb_msg(d->lang, "Play card values: the EP change when the card is turned (most valuable "
                                              "first)"),
                      pb_msg(d->lang, "1st and 10 at togo 80, 50, 20; 1st and goal at 5; the mean of the four"),
                      pb_msg(d->lang, "play card"), 760, blank ? 625 : 600, 0, 0};
    pb_svg_heatmap_tips(out, &f, nr, rows, NC, cols, v, text, -top, top, lo, hi, "0", pb_msg(d->lang, "EP change"),
                        pb_msgc(d->lang, "heat map cell", "%s vs %s: %s"));
}

/* A sentence (`format`: the card's number and name) for each card that applies only when the
 * offense leads: the card charts' values are with the score tied. */
static void lead_cards_note(FILE *out, const pb_table_data *d, const char *format)
{
    for (int c = 0; c < PB_CARD_COUNT; c++)
        if (d->rules.card[c].requires_lead) {
            char name[PB_NAME_MAX * 6 + 1];
            pb_report_html_text(d->rules.card[c].name, name, sizeof name);
            fputc(' ', out);
            fprintf(out, format, c + 1, name);
        }
}

void pb_report_drive_section(FILE *out, const pb_table_data *d)
{
    if (!d->drive)
        return;
    pb_drive_stats st;
    pb_drive_stats_get(d->drive, &st);
    pb_drive_try tr;
    pb_drive_try_get(d->drive, &tr);
    pb_drive_kickoff k[2];
    int kok[2];
    for (int f = 0; f < 2; f++)
        kok[f] = pb_drive_kickoff_get(d->drive, f, &k[f]) == 0;
    const int fd = d->rules.first_down_yards;
    fprintf(out, "<section id=\"drive\">\n<h2>%s</h2>\n", pb_msg(d->lang, "Drive solver: expected points and play-calling"));
    fprintf(out, "<p class=\"kind\"><b>%s</b> ", pb_msg(d->lang, "Certified bound:"));
    fprintf(out, pb_msg(d->lang, "floating point; every EP within &plusmn;%.1e of the exact value."), st.max_bound);
    fputs("</p>\n<p class=\"lead\">", out);
    fprintf(out, pb_msg(d->lang, "What a situation is worth, and what to call in it. <b>Expected points (EP)</b> are "
                                 "the points of the <em>next score</em>, counted for the team with the ball: a "
                                 "touchdown is 6 plus the try, a field goal 3, a safety &minus;2, and the opponent's "
                                 "scores count against it. Offense and defense reveal their cards at once, so each "
                                 "snap is a zero-sum game: both sides play its <b>equilibrium</b> (mixed strategies "
                                 "that neither side can beat by calling something else), and the values of all %d "
                                 "states (field position, down, yards to gain) are solved together."),
            st.states);
    fputc(' ', out);
    fprintf(out, d->rules.sw.timeouts == 1
                     ? pb_msg(d->lang, "The play card is drawn <b>uniformly from the 24 on every play</b> (the deck's "
                                       "memory is ignored); every snap is played with the <b>score tied</b> and "
                                       "<b>%d timeout each</b>; there is no clock.")
                     : pb_msg(d->lang, "The play card is drawn <b>uniformly from the 24 on every play</b> (the deck's "
                                       "memory is ignored); every snap is played with the <b>score tied</b> and "
                                       "<b>%d timeouts each</b>; there is no clock."),
            d->rules.sw.timeouts);
    fputc(' ', out);
    fprintf(out, pb_msg(d->lang, "The numbers are floating point, certified: every EP lies within &plusmn;%.1e of the "
                                 "exact value, and no side gains more than %.1e by deviating from the mixes shown. "
                                 "Values are printed rounded to the places shown."),
            st.max_bound, st.max_exploit);
    fputc(' ', out);
    fprintf(out, pb_msg(d->lang, "Tables: %s."),
            "<a href=\"#t-drive-ep\">drive-ep</a>, <a href=\"#t-drive-fourth\">drive-fourth</a>, "
            "<a href=\"#t-drive-mixes\">drive-mixes</a>, <a href=\"#t-drive-cards\">drive-cards</a>, "
            "<a href=\"#t-drive-cards-blank\">drive-cards-blank</a>, <a href=\"#t-drive-kicks\">drive-kicks</a>");
    fputs("</p>\n", out);
    fputs("<ul class=\"headline\">\n", out);
    fprintf(out, "<li><b>%s</b> ", pb_msg(d->lang, "The try:"));
    fprintf(out, tr.two_better ? pb_msg(d->lang, "the two-point try is worth %.3f points (%.1f%% to score at "
                                                 "equilibrium), the PAT kick %.3f: go for two, by %.3f points.")
                               : pb_msg(d->lang, "the two-point try is worth %.3f points (%.1f%% to score at "
                                                 "equilibrium), the PAT kick %.3f: kick the PAT, by %.3f points."),
            tr.two_point, 100 * tr.two_point / 2, tr.pat, fabs(tr.two_point - tr.pat));
    fputs("</li>\n", out);
    for (int f = 0; f < 2; f++)
        if (kok[f]) {
            fprintf(out, "<li><b>%s</b> ", f ? pb_msg(d->lang, "The free kick after a safety:")
                                             : pb_msg(d->lang, "The kickoff:"));
            fprintf(out, k[f].onside_better ? pb_msg(d->lang, "a regular kick leaves the kicking team at %.3f EP, an "
                                                              "onside kick (kept %.1f%%) at %.3f: kick onside, by %.3f.")
                                            : pb_msg(d->lang, "a regular kick leaves the kicking team at %.3f EP, an "
                                                              "onside kick (kept %.1f%%) at %.3f: kick deep, by %.3f."),
                    k[f].regular, 100 * k[f].p_kept, k[f].onside, fabs(k[f].regular - k[f].onside));
            fputs("</li>\n", out);
        }
    fputs("<li>", out);
    fprintf(out, pb_msg(d->lang, "<b>1st and %d</b> is worth %.3f EP at the own 20, %.3f at midfield and %.3f at the "
                                 "opponent's 20."),
            fd, pb_drive_ep(d->drive, 80, 1, goal_ytg(d, 80)), pb_drive_ep(d->drive, 50, 1, goal_ytg(d, 50)),
            pb_drive_ep(d->drive, 20, 1, goal_ytg(d, 20)));
    fputs("</li>\n</ul>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    ep_chart(out, d);
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(d->lang, "Expected points of the next score for the team with the ball, by field position, on "
                                 "each down with %d yards to gain (goal to go inside the %d); the ball moves right as "
                                 "the offense drives. Certified: every value is within &plusmn;%.1e of the exact fixed "
                                 "point (%d sweeps of interval iteration)."),
            fd, fd, st.max_bound, st.sweeps);
    fputs("</figcaption>\n</figure>\n", out);
    char nth[16];
    pb_table_ordinal(d->rules.downs, nth, sizeof nth);
    fputs("<div class=\"side\">\n<figure class=\"chart-fig\">\n", out);
    fourth_chart(out, d);
    fputs("<figcaption>", out);
    fprintf(out, pb_msg(d->lang, "On %s down: go for it (Run, Short or Long Pass at equilibrium), kick a field goal, "
                                 "or punt, whichever has the highest EP, by the yards to gain (a row each) and the "
                                 "field position (the ball moves right as the offense drives); a ring marks a close "
                                 "call, one that beats the next best by less than %.2f EP. The score is tied and there "
                                 "is no clock: late in a half, or behind, the game solver's win probability may call "
                                 "it otherwise. Hover a cell for the margin and the three values (in EP); table "
                                 "drive-fourth-detail has them all."),
            nth, CLOSE_CALL);
    fputs("</figcaption>\n</figure>\n", out);
    fputs("<figure class=\"chart-fig\">\n<div class=\"stack\">\n", out);
    mix_charts(out, d);
    fputs("</div>\n<figcaption>", out);
    fprintf(out, pb_msg(d->lang, "The equilibrium mixes at 1st and %d (goal to go inside the %d): the share of each "
                                 "call by field position, the offense's and the defense's. Hover a bar for the "
                                 "numbers."),
            fd, fd);
    fputs("</figcaption>\n</figure>\n</div>\n", out);
    fputs("<figure class=\"chart-fig\">\n", out);
    card_chart(out, d, 0);
    fprintf(out, "<figcaption>%s", pb_msg(d->lang, "How much each play card is worth when it is turned: the EP with "
                                                   "that card instead of a random one, minus the EP, with both sides "
                                                   "keeping their equilibrium calls: the darker the cell, the more the "
                                                   "card adds (mid grey: 0; light: it costs). A card's worth is "
                                                   "measured against the deck average (a random card), not against a "
                                                   "blank card, and with the score tied."));
    lead_cards_note(out, d, pb_msg(d->lang, "Card %02d (%s) applies only when the offense leads, so here it changes "
                                            "nothing: its value is what a blank card is worth against the average one."));
    fputs("</figcaption>\n</figure>\n<figure class=\"chart-fig\">\n", out);
    card_chart(out, d, 1);
    fprintf(out, "<figcaption>%s", pb_msg(d->lang, "The same values against a blank card, a card with no effect (the "
                                                   "play as with no card turned): the EP with the card turned minus the "
                                                   "EP with a blank card turned, both sides keeping their equilibrium "
                                                   "calls, the score tied. The last row is the deck itself: a random "
                                                   "card against a blank one."));
    lead_cards_note(out, d, pb_msg(d->lang, "Card %02d (%s) applies only when the offense leads: with the score tied it "
                                            "is a blank card, worth 0."));
    fprintf(out, " %s</figcaption>\n</figure>\n</section>\n",
            pb_msg(d->lang, "P(touchdown) against a blank card is not shown: the drive solver values states by "
                            "expected points only; a drive's P(touchdown) under the mixes is a second linear solve "
                            "that the report does not make."));
}
