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
    pb_report_pct_q(q, buf, len, 1);
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
    fputs("<li id=\"sum-first-down\">", out);
    fprintf(out, pb_msg(d->lang, "<b>First downs:</b> at 1st and 10 from midfield (deck average) the best matchup for "
                                 "the offense is %s against Defense %d, <b>%s</b>; the worst %s against Defense %d, %s "
                                 "(<a href=\"#chart-heatmap\">chart</a>)."),
            pb_report_offense(d, bo), bk, best, pb_report_offense(d, wo), wk, worst);
    fputs("</li>\n", out);
}

/* The last-down chart: at how many field positions going for it is the best call, at 4th and
 * 1, 5 and 10. */
static void fourth_item(FILE *out, const pb_table_data *d)
{
    static const int ytgs[] = {1, 5, 10};
    char nth[16], at[3][160];
    pb_table_ordinal(d->rules.downs, nth, sizeof nth);
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
            snprintf(at[j], sizeof at[j], pb_msg(d->lang, "at every field position at %s and %d"), nth, ytgs[j]);
        else
            snprintf(at[j], sizeof at[j], pb_msg(d->lang, "at %d of %d field positions at %s and %d"), go, n, nth,
                     ytgs[j]);
    }
    fputs("<li>", out);
    fprintf(out, pb_msg(d->lang, "<b>%s down:</b> going for it is the best call %s, %s, and %s "
                                 "(<a href=\"#chart-drive-fourth\">chart</a>)."),
            nth, at[0], at[1], at[2]);
    fputs("</li>\n", out);
}

static void drive_items(FILE *out, const pb_table_data *d)
{
    pb_drive_try tr;
    pb_drive_try_get(d->drive, &tr);
    pb_drive_kickoff k;
    fputs("<li>", out);
    fprintf(out, tr.two_better ? pb_msg(d->lang, "<b>After a touchdown:</b> go for two (two points %.3f EP, the PAT %.3f)")
                               : pb_msg(d->lang, "<b>After a touchdown:</b> kick the PAT (two points %.3f EP, the PAT "
                                                 "%.3f)"),
            tr.two_point, tr.pat);
    if (pb_drive_kickoff_get(d->drive, 0, &k) == 0)
        fprintf(out, k.onside_better ? pb_msg(d->lang, "; at the kickoff, kick onside (by %.3f EP)")
                                     : pb_msg(d->lang, "; at the kickoff, kick deep (by %.3f EP)"),
                fabs(k.regular - k.onside));
    fputs(pb_msg(d->lang, " (<a href=\"#drive\">drive solver</a>)."), out);
    fputs("</li>\n", out);
    fourth_item(out, d);
    int order[PB_CARD_COUNT];
    double mean[PB_CARD_COUNT];
    pb_table_drive_card_order(d, order, mean);
    int hi = order[0], lo = order[PB_CARD_COUNT - 1];
    char hname[PB_NAME_MAX * 6 + 1], lname[PB_NAME_MAX * 6 + 1];
    pb_report_html_text(d->rules.card[hi].name, hname, sizeof hname);
    pb_report_html_text(d->rules.card[lo].name, lname, sizeof lname);
    fputs("<li>", out);
    fprintf(out, pb_msg(d->lang, "<b>Play cards:</b> the most valuable is %02d %s (%+.3f EP on average when turned), the "
                                 "costliest %02d %s (%+.3f) (<a href=\"#chart-drive-cards\">chart</a>)."),
            hi + 1, hname, mean[hi], lo + 1, lname, mean[lo]);
    fputs("</li>\n", out);
    /* against a blank card: each state's values move by one constant, the order stays */
    double bmean = 0;
    for (int k = 0; k < PB_TABLE_DRIVE_NCARD; k++)
        bmean += d->card_blank[k] / PB_TABLE_DRIVE_NCARD;
    fputs("<li id=\"sum-cards-blank\">", out);
    fprintf(out, pb_msg(d->lang, "<b>Against a blank card</b> (a card with no effect, the score tied): the card worth "
                                 "most is %02d %s (%+.3f EP on average), the least %02d %s (%+.3f); the deck as a whole "
                                 "is worth %+.3f EP a snap against a blank card "
                                 "(<a href=\"#chart-drive-cards-blank\">chart</a>)."),
            hi + 1, hname, mean[hi] - bmean, lo + 1, lname, mean[lo] - bmean, -bmean);
    fputs("</li>\n", out);
}

/* The coin toss: a fair toss when the two sides' win probabilities are within FAIR_TOSS of each
 * other's mean (and undecided within the solve's bound). */
#define FAIR_TOSS 0.005
static void game_fourth_item(FILE *out, const pb_table_data *d)
{
    int cells, k = pb_report_game_fourth_disagree(d, &cells);
    char nth[16];
    pb_table_ordinal(d->rules.downs, nth, sizeof nth);
    if (cells > 0) {
        fputs("<li id=\"sum-game-fourth\">", out);
        fprintf(out, pb_msg(d->lang, "<b>%s down by win probability</b> (the start of the second half, tied): the call "
                                     "differs from the EP chart's at %d of %d field positions and yards to gain "
                                     "(<a href=\"#chart-game-fourth\">chart</a>)."),
                nth, k, cells);
        fputs("</li>\n", out);
    }
}

static void game_items(FILE *out, const pb_table_data *d)
{
    game_fourth_item(out, d);
    double cb, kick = pb_table_game_coin(d, &cb), edge = fabs(2 * kick - 1);
    char k[16], r[16];
    pb_report_pct_d(kick, k, sizeof k, 1);
    pb_report_pct_d(1 - kick, r, sizeof r, 1);
    fputs("<li id=\"sum-toss\">", out);
    if (edge <= 2 * cb)
        fprintf(out, pb_msg(d->lang, "<b>The coin toss</b> is fair: kicking off and receiving first are worth the same "
                                     "within the solve's bounds (&plusmn;%.1e) (<a href=\"#game\">game solver</a>)."),
                cb);
    else if (edge < 2 * FAIR_TOSS)
        fprintf(out, kick > 0.5 ? pb_msg(d->lang, "<b>The coin toss</b> is fair within %.2g percentage points: the side "
                                                  "that kicks off first wins %s of games, the other %s; fair means "
                                                  "within %.1f points (<a href=\"#game\">game solver</a>).")
                                : pb_msg(d->lang, "<b>The coin toss</b> is fair within %.2g percentage points: the side "
                                                  "that receives first wins %s of games, the other %s; fair means "
                                                  "within %.1f points (<a href=\"#game\">game solver</a>)."),
                100 * edge, kick > 0.5 ? k : r, kick > 0.5 ? r : k, 200 * FAIR_TOSS);
    else
        fprintf(out, kick > 0.5 ? pb_msg(d->lang, "<b>The coin toss</b> matters: the winner should kick (%s of games "
                                                  "against %s) (<a href=\"#game\">game solver</a>).")
                                : pb_msg(d->lang, "<b>The coin toss</b> matters: the winner should receive (%s of games "
                                                  "against %s) (<a href=\"#game\">game solver</a>)."),
                kick > 0.5 ? k : r, kick > 0.5 ? r : k);
    fputs("</li>\n", out);
}

/* Cards and calls the equilibrium nearly never uses: at 1st and 10 after a touchback, every
 * offense call and defense card played less than RARE_MIX of the time. */
#define RARE_MIX 0.05
static void rare_item(FILE *out, const pb_table_data *d)
{
    int togo = d->rules.touchback_togo, ytg = togo < d->rules.first_down_yards ? togo : d->rules.first_down_yards;
    pb_drive_state st;
    memset(&st, 0, sizeof st);
    pb_drive_get(d->drive, togo, 1, ytg, &st);
    double off[PB_DRIVE_CALLS];
    pb_table_drive_mix(&st, off);
    char ball[32];
    pb_table_ball_on(d->lang, togo, ball, sizeof ball);
    /* and the mean share over every field position at 1st and 10 (goal to go inside the 10) */
    double avg_def[PB_DEFENSE_COUNT] = {0}, avg_off[PB_DRIVE_CALLS] = {0};
    for (int t = 1; t <= 99; t++) {
        pb_drive_state s2;
        memset(&s2, 0, sizeof s2);
        pb_drive_get(d->drive, t, 1, t < d->rules.first_down_yards ? t : d->rules.first_down_yards, &s2);
        double o2[PB_DRIVE_CALLS];
        pb_table_drive_mix(&s2, o2);
        for (int k = 0; k < PB_DEFENSE_COUNT; k++)
            avg_def[k] += s2.def_mix[k] / 99;
        for (int c = 0; c < PB_DRIVE_CALLS; c++)
            avg_off[c] += o2[c] / 99;
    }
    int n = 0;
    char p1[16], p2[16];
    fputs("<li id=\"sum-rare\">", out);
    fprintf(out, pb_msg(d->lang, "<b>Nearly unused at equilibrium</b> (under %.0f%% of calls at 1st and %d on the %s, or "
                                 "on average over the field): "),
            100 * RARE_MIX, ytg, ball);
    for (int k = 0; k < PB_DEFENSE_COUNT; k++)
        if (st.def_mix[k] < RARE_MIX || avg_def[k] < RARE_MIX) {
            char dn[32];
            pb_report_defense(d, k + 1, dn, sizeof dn);
            pb_report_pct_d(st.def_mix[k], p1, sizeof p1, 1);
            pb_report_pct_d(avg_def[k], p2, sizeof p2, 1);
            fputs(n++ ? pb_msgc(d->lang, "list", ", ") : "", out);
            fprintf(out, pb_msg(d->lang, "%s (%s on the %s, %s on average)"), dn, p1, ball, p2);
        }
    for (int c = 0; c < 3; c++)
        if (off[c] < RARE_MIX || avg_off[c] < RARE_MIX) {
            pb_report_pct_d(off[c], p1, sizeof p1, 1);
            pb_report_pct_d(avg_off[c], p2, sizeof p2, 1);
            fputs(n++ ? pb_msgc(d->lang, "list", ", ") : "", out);
            fprintf(out, pb_msg(d->lang, "%s (%s on the %s, %s on average)"), pb_report_offense(d, c), p1, ball, p2);
        }
    if (!n)
        fputs(pb_msg(d->lang, "none: every card and call is played"), out);
    fputs(pb_msg(d->lang, ". A card the equilibrium nearly never plays is one the designer may strengthen or drop "
                          "(<a href=\"#chart-drive-mix-defense\">mixes</a>)."), out);
    fputs("</li>\n", out);
}

/* P(first down) that falls as the offense comes closer: for each offense and defense, the
 * largest drop by more than JUMP from one yard farther out (deck average, 1st and 10 or goal to
 * go), the largest first; the red zone's boundary makes such jumps. */
#define JUMP_PCT 10
static void jump_item(FILE *out, const pb_table_data *d)
{
    int bo = -1, bk = 0, bt = 0;
    mpq_t drop, best, lim;
    mpq_inits(drop, best, lim, NULL);
    mpq_set_ui(lim, JUMP_PCT, 100);
    mpq_set(best, lim);
    int count = 0;
    for (int o = 0; o < PB_OFFENSE_COUNT; o++)
        for (int k = 1; k <= PB_DEFENSE_COUNT; k++)
            for (int togo = 1; togo < 99; togo++) {
                mpq_sub(drop, pb_table_play(d, o, k, PB_TABLE_DECK, togo + 1)->first_down,
                        pb_table_play(d, o, k, PB_TABLE_DECK, togo)->first_down);
                if (mpq_cmp(drop, lim) > 0)
                    count++;
                if (mpq_cmp(drop, best) > 0)
                    mpq_set(best, drop), bo = o, bk = k, bt = togo;
            }
    if (bo >= 0) {
        char a[32], b[32];
        pct_text(pb_table_play(d, bo, bk, PB_TABLE_DECK, bt + 1)->first_down, a, sizeof a);
        pct_text(pb_table_play(d, bo, bk, PB_TABLE_DECK, bt)->first_down, b, sizeof b);
        fputs("<li id=\"sum-jump\">", out);
        fprintf(out, count == 1 ? pb_msg(d->lang, "<b>Not monotone:</b> P(first down) falls as the offense comes closer "
                                                  "at %d place by more than %d percentage points; the largest, %s "
                                                  "against Defense %d, from %s at togo %d to %s at togo %d "
                                                  "(<a href=\"#t-field-first-down\">table field-first-down</a>).")
                                : pb_msg(d->lang, "<b>Not monotone:</b> P(first down) falls as the offense comes closer "
                                                  "at %d places by more than %d percentage points; the largest, %s "
                                                  "against Defense %d, from %s at togo %d to %s at togo %d "
                                                  "(<a href=\"#t-field-first-down\">table field-first-down</a>)."),
                count, JUMP_PCT, pb_report_offense(d, bo), bk, a, bt + 1, b, bt);
        fputs("</li>\n", out);
    } else {
        fputs("<li id=\"sum-jump\">", out);
        fprintf(out, pb_msg(d->lang, "<b>Monotone:</b> no P(first down) falls by more than %d percentage points from one "
                                     "yard to the next as the offense comes closer "
                                     "(<a href=\"#t-field-first-down\">table field-first-down</a>)."),
                JUMP_PCT);
        fputs("</li>\n", out);
    }
    mpq_clears(drop, best, lim, NULL);
}

/* Whole games (the simulator): points per game, the tie rate and the most common final. */
static void sim_item(FILE *out, const pb_table_data *d)
{
    const pb_sim_totals *t = d->sim;
    char ppg[32], tie[32], fin[32];
    pb_report_sim_ratio(ppg, sizeof ppg, t->stat[0][PB_STAT_POINTS] + t->stat[1][PB_STAT_POINTS], 2 * t->games, 1, 0);
    pb_report_sim_ratio(tie, sizeof tie, t->ties, t->games, 2, 1);
    pb_report_final f;
    int n = pb_report_sim_finals(t, &f, 1);
    fputs("<li id=\"sum-sim\">", out);
    fprintf(out, pb_msg(d->lang, "<b>Whole games</b> (simulated, %llu games): %s points per game for each side on "
                                 "average, ties in %s &plusmn; %.2f%% of games"),
            (unsigned long long)t->games, ppg, tie, pb_report_sim_rate_se(t->ties, t->games));
    if (n > 0) {
        pb_report_sim_ratio(fin, sizeof fin, f.games, t->games, 2, 1);
        fprintf(out, pb_msg(d->lang, ", the most common final %d&ndash;%d (%s of games)"), f.winner, f.loser, fin);
    }
    fputs(pb_msg(d->lang, " (<a href=\"#sim\">whole games</a>)."), out);
    fputs("</li>\n", out);
}

void pb_report_summary(FILE *out, const pb_table_data *d)
{
    fprintf(out, "<section id=\"summary\">\n<h2>%s</h2>\n<ul class=\"headline\">\n", pb_msg(d->lang, "Summary"));
    first_down_item(out, d);
    jump_item(out, d);
    if (d->drive) {
        rare_item(out, d);
        drive_items(out, d);
    }
    if (d->game)
        game_items(out, d);
    if (d->sim && d->sim->games)
        sim_item(out, d);
    if (d->findings)
        fprintf(out, "<li>%s</li>\n",
                pb_msg(d->lang, "What <code>paperbowl verify findings</code> reports on this ruleset (dominated cards, "
                                "probabilities that are not monotone, jumps at the red zone) is in "
                                "<a href=\"#findings\">Findings</a>."));
    fputs("</ul>\n</section>\n", out);
}
