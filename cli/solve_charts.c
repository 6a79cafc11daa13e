/* cli/solve_charts.c: the drive solver's charts and exports (see solve_print.h): the
 * fourth-down chart, the kicks and the try, the card values, and the solved strategy as a
 * strategy file the simulator plays. */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "solve_print.h"

#define FOURTH_YTG_MAX 15

/* ---- the fourth-down chart ---- */

static const char choice_letter[] = {'G', 'F', 'P'};

/* "1-5, 9-40" for the togo values t (ascending) where best[t] == k; "-" when none. */
static void print_ranges(FILE *out, const int *best, int k)
{
    int printed = 0;
    for (int t = 1; t <= 99; t++) {
        if (best[t] != k || (t > 1 && best[t - 1] == k))
            continue;
        int e = t;
        while (e < 99 && best[e + 1] == k)
            e++;
        fprintf(out, "%s%d", printed++ ? ", " : "", t);
        if (e > t)
            fprintf(out, "-%d", e);
    }
    if (!printed)
        fputc('-', out);
}

int pb_solve_print_fourth(FILE *out, const pb_solve_print_ctx *c)
{
    const pb_drive *d = c->d;
    int down = pb_drive_rules(d)->downs;
    if (c->format == PB_SOLVE_CSV)
        fprintf(out, "togo,ytg,best,margin,go,field_goal,punt,p_first_down,p_fg_good\n");
    json_t *rows = c->format == PB_SOLVE_JSON ? json_array() : NULL;
    static int best[FOURTH_YTG_MAX + 1][100];
    for (int y = 1; y <= FOURTH_YTG_MAX; y++)
        for (int t = 1; t <= 99; t++) {
            best[y][t] = -1;
            pb_drive_choice ch;
            if (y > t || pb_drive_choices(d, t, down, y, &ch) != 0)
                continue;
            best[y][t] = (int)ch.best;
            if (c->format == PB_SOLVE_CSV) {
                fprintf(out, "%d,%d,%s", t, y, pb_drive_choice_name(ch.best));
                pb_solve_csv_real(out, ch.margin);
                pb_solve_csv_real(out, ch.go);
                if (ch.fg_allowed)
                    pb_solve_csv_real(out, ch.fg);
                else
                    fputc(',', out);
                pb_solve_csv_real(out, ch.punt);
                pb_solve_csv_real(out, ch.go_convert);
                if (ch.fg_allowed)
                    pb_solve_csv_real(out, ch.fg_good);
                else
                    fputc(',', out);
                fputc('\n', out);
            } else if (rows) {
                json_t *r = json_pack("{s:i, s:i, s:s, s:f, s:f, s:f, s:f}", "togo", t, "ytg", y, "best",
                                      pb_drive_choice_name(ch.best), "margin", ch.margin, "go", ch.go, "punt", ch.punt,
                                      "p_first_down", ch.go_convert);
                if (ch.fg_allowed) {
                    json_object_set_new(r, "field_goal", json_real(ch.fg));
                    json_object_set_new(r, "p_fg_good", json_real(ch.fg_good));
                }
                json_array_append_new(rows, r);
            }
        }
    if (c->format == PB_SOLVE_CSV)
        return 0;
    if (rows) {
        json_t *root = json_pack("{s:s, s:i, s:o}", "ruleset", pb_drive_rules(d)->name, "down", down, "chart", rows);
        return pb_solve_json_out(out, root);
    }
    pb_solve_heading(out, c, "the fourth-down chart");
    fprintf(out, "G go for it, F field goal, P punt: the best by EP on 4th down (margins: --format csv)\n\n");
    fprintf(out, "%-7s %4s  ", "spot", "togo");
    for (int y = 1; y <= FOURTH_YTG_MAX; y++)
        fprintf(out, "%3d", y);
    fprintf(out, "   <- yards to gain\n");
    for (int t = 99; t >= 1; t--) {
        char spot[16];
        fprintf(out, "%-7s %4d  ", pb_solve_spot_name(t, spot, sizeof spot), t);
        for (int y = 1; y <= FOURTH_YTG_MAX; y++)
            fprintf(out, "  %c", best[y][t] < 0 ? ' ' : choice_letter[best[y][t]]);
        fputc('\n', out);
    }
    fprintf(out, "\nwhere each is best (togo ranges), by yards to gain:\n");
    for (int y = 1; y <= FOURTH_YTG_MAX; y++) {
        fprintf(out, "  4th and %-2d  go: ", y);
        print_ranges(out, best[y], PB_CHOICE_GO);
        fprintf(out, "; field goal: ");
        print_ranges(out, best[y], PB_CHOICE_FG);
        fprintf(out, "; punt: ");
        print_ranges(out, best[y], PB_CHOICE_PUNT);
        fputc('\n', out);
    }
    return 0;
}

/* ---- the try, the kickoffs, touchback or return ---- */

int pb_solve_print_special(FILE *out, const pb_solve_print_ctx *c)
{
    const pb_drive *d = c->d;
    pb_drive_try tr;
    pb_drive_try_get(d, &tr);
    pb_drive_kickoff k[2];
    for (int f = 0; f < 2; f++)
        if (pb_drive_kickoff_get(d, f, &k[f]) != 0)
            return pb_cli_error("solve", "the kickoff could not be evaluated");
    pb_drive_landing land[101];
    for (int l = 1; l <= 100; l++)
        pb_drive_landing_get(d, l, &land[l]);
    if (c->format != PB_SOLVE_TXT) {
        json_t *spots = json_array();
        for (int l = 1; l <= 100; l++)
            json_array_append_new(spots, json_pack("{s:i, s:f, s:f, s:s}", "landing", l, "touchback", land[l].touchback,
                                                   "return", land[l].ret, "choice",
                                                   land[l].returns ? "return" : "touchback"));
        json_t *kicks = json_array();
        for (int f = 0; f < 2; f++)
            json_array_append_new(kicks, json_pack("{s:s, s:f, s:f, s:f, s:s}", "kick", f ? "free_kick" : "kickoff",
                                                   "regular", k[f].regular, "onside", k[f].onside, "p_onside_kept",
                                                   k[f].p_kept, "best", k[f].onside_better ? "onside" : "regular"));
        json_t *root = json_pack("{s:s, s:{s:f, s:f, s:o, s:o, s:f, s:s}, s:o, s:o}", "ruleset", pb_drive_rules(d)->name,
                                 "try", "pat", tr.pat, "two_point", tr.two_point, "two_point_offense_mix",
                                 pb_solve_json_mix(tr.two_off_mix, 3), "two_point_defense_mix", pb_solve_json_mix(tr.two_def_mix, 5),
                                 "value", tr.value, "best", tr.two_better ? "two_point" : "pat", "kickoffs", kicks,
                                 "landing", spots);
        return pb_solve_json_out(out, root);
    }
    pb_solve_heading(out, c, "kicks and the try");
    fprintf(out, "the try after a touchdown:\n");
    fprintf(out, "  PAT kick        %.6f points\n", tr.pat);
    fprintf(out, "  two-point try   %.6f points (2 x P(good) at equilibrium; offense run/short/long %.1f/%.1f/%.1f %%,"
                 " defense D1-D5 %.1f/%.1f/%.1f/%.1f/%.1f %%)\n",
            tr.two_point, 100 * tr.two_off_mix[0], 100 * tr.two_off_mix[1], 100 * tr.two_off_mix[2],
            100 * tr.two_def_mix[0], 100 * tr.two_def_mix[1], 100 * tr.two_def_mix[2], 100 * tr.two_def_mix[3],
            100 * tr.two_def_mix[4]);
    fprintf(out, "  best: %s, by %.6f points\n\n", tr.two_better ? "the two-point try" : "the PAT kick",
            fabs(tr.two_point - tr.pat));
    fprintf(out, "kickoffs, EP for the kicking team (the receiver takes touchback or return by EP):\n");
    for (int f = 0; f < 2; f++)
        fprintf(out, "  %-26s regular %10.6f   onside %10.6f (kept %.4f)   best: %s by %.6f\n",
                f ? "free kick (after a safety)" : "kickoff", k[f].regular, k[f].onside, k[f].p_kept,
                k[f].onside_better ? "onside" : "regular", fabs(k[f].regular - k[f].onside));
    fprintf(out, "\ntouchback or return where a kick or punt stops (the receiver's EP), chosen here by EP; the\n"
                 "tables, roll, dist and sim choose by yards (--policy return=best: the touchback when a return's\n"
                 "expected start is worse), so they may take a touchback where this returns:\n");
    fprintf(out, "%8s %11s %11s  %s\n", "landing", "touchback", "return", "choice");
    for (int l = 100; l >= 1; l--)
        fprintf(out, "%8d %11.6f %11.6f  %s\n", l, land[l].touchback, land[l].ret,
                land[l].returns ? "return" : "touchback");
    return 0;
}

/* ---- card values ---- */

int pb_solve_print_cards(FILE *out, const pb_solve_print_ctx *c, const pb_situation *s)
{
    const pb_drive *d = c->d;
    const pb_ruleset *rs = pb_drive_rules(d);
    int states[4][3] = {{80, 1, 10}, {50, 1, 10}, {20, 1, 10}, {5, 1, 5}};
    int n = 4;
    if (s) {
        states[0][0] = s->togo;
        states[0][1] = s->down;
        states[0][2] = s->ytg;
        n = 1;
    }
    double v[4][24], mean[24] = {0};
    char err[256];
    for (int i = 0; i < n; i++) {
        if (pb_drive_card_values(d, states[i][0], states[i][1], states[i][2], v[i], err, sizeof err) != 0)
            return pb_cli_error("solve", "%s", err);
        for (int k = 0; k < 24; k++)
            mean[k] += v[i][k] / n;
    }
    if (c->format != PB_SOLVE_TXT) {
        json_t *cards = json_array();
        for (int k = 0; k < 24; k++) {
            json_t *at = json_array();
            for (int i = 0; i < n; i++)
                json_array_append_new(at, json_pack("{s:i, s:i, s:i, s:f}", "togo", states[i][0], "down", states[i][1],
                                                    "ytg", states[i][2], "ep_change", v[i][k]));
            json_array_append_new(cards, json_pack("{s:i, s:s, s:f, s:o}", "card", k + 1, "name", rs->card[k].name,
                                                   "mean", mean[k], "at", at));
        }
        return pb_solve_json_out(out, json_pack("{s:s, s:o}", "ruleset", rs->name, "cards", cards));
    }
    pb_solve_heading(out, c, "card values: EP when the card is turned, minus the state's EP (the calls at equilibrium)");
    fprintf(out, "%-4s %-24s", "card", "name");
    for (int i = 0; i < n; i++) {
        char col[32];
        if (states[i][2] == states[i][0])
            snprintf(col, sizeof col, "%d&G @%d", states[i][1], states[i][0]);
        else
            snprintf(col, sizeof col, "%d&%d @%d", states[i][1], states[i][2], states[i][0]);
        fprintf(out, " %10s", col);
    }
    fprintf(out, "%s\n", n > 1 ? "       mean" : "");
    for (int k = 0; k < 24; k++) {
        fprintf(out, "%02d   %-24.24s", k + 1, rs->card[k].name);
        for (int i = 0; i < n; i++)
            fprintf(out, " %+10.4f", v[i][k]);
        if (n > 1)
            fprintf(out, " %+10.4f", mean[k]);
        fputc('\n', out);
    }
    int order[24];
    for (int k = 0; k < 24; k++)
        order[k] = k;
    for (int a = 1; a < 24; a++)  /* insertion sort by mean, descending; ties by card number */
        for (int b = a; b > 0 && mean[order[b]] > mean[order[b - 1]]; b--) {
            int t = order[b];
            order[b] = order[b - 1];
            order[b - 1] = t;
        }
    fprintf(out, "\nmost valuable:");
    for (int i = 0; i < 3; i++)
        fprintf(out, " %02d %s (%+.4f)%s", order[i] + 1, rs->card[order[i]].name, mean[order[i]], i < 2 ? "," : "\n");
    fprintf(out, "most costly:  ");
    for (int i = 23; i > 20; i--)
        fprintf(out, " %02d %s (%+.4f)%s", order[i] + 1, rs->card[order[i]].name, mean[order[i]], i > 21 ? "," : "\n");
    return 0;
}

/* ---- the solved strategy as a strategy file ---- */

static void print_weights(FILE *out, const char *const *names, const double *p, int n)
{
    int printed = 0;
    for (int i = 0; i < n; i++) {
        long w = lround(p[i] * 1e6);
        if (w <= 0)
            continue;
        fprintf(out, "%s%s %ld", printed++ ? ", " : "", names[i], w);
    }
    if (!printed) {  /* cannot happen for a distribution; keep the file valid all the same */
        fprintf(out, "%s 1", names[0]);
    }
    fputc('\n', out);
}

int pb_solve_print_strategy(FILE *out, const pb_drive *d, const pb_policies *policies)
{
    const pb_ruleset *rs = pb_drive_rules(d);
    static const char *const off_names[] = {"run", "short", "long", "fg", "punt"};
    static const char *const def_names[] = {"d1", "d2", "d3", "d4", "d5"};
    static const char *const try_names[] = {"run", "short", "long"};
    char pol[128];
    pb_policies_format(policies, pol, sizeof pol);
    pb_drive_try tr;
    pb_drive_try_get(d, &tr);
    pb_drive_kickoff k;
    if (pb_drive_kickoff_get(d, 0, &k) != 0)
        return -1;
    fprintf(out, "; the solved drive strategy of `paperbowl solve ep` (ruleset %s, policies %s):\n"
                 "; the equilibrium mixes of every state (down, togo, ytg), weights = probability x 1,000,000.\n"
                 "; It ignores the clock and the score (doc/solve.md). Play it: paperbowl sim --home FILE.\n\n",
            rs->name, pol);
    fprintf(out, "[strategy]\nname = solved-drive\ndescription = equilibrium of the drive game (next-score EP), "
                 "ruleset %s\n\n[offense]\n", rs->name);
    for (int pass = 0; pass < 2; pass++) {
        if (pass)
            fprintf(out, "\n[defense]\n");
        for (int t = 1; t <= 99; t++)
            for (int dn = 1; dn <= rs->downs; dn++)
                for (int y = 1; y <= t; y++) {
                    pb_drive_state s;
                    pb_drive_get(d, t, dn, y, &s);
                    fprintf(out, "down %d, togo %d, ytg %d = ", dn, t, y);
                    if (pass) {
                        print_weights(out, def_names, s.def_mix, 5);
                    } else {
                        double mix[PB_DRIVE_CALLS] = {0};
                        for (int i = 0; i < s.ncalls; i++)
                            mix[s.calls[i]] = s.off_mix[i];
                        print_weights(out, off_names, mix, PB_DRIVE_CALLS);
                    }
                }
        fprintf(out, "default = %s\n", pass ? "d1 1" : "run 1");
    }
    fprintf(out, "\n[kickoff]\ndefault = %s 1\n\n[try]\ndefault = ", k.onside_better ? "onside" : "regular");
    if (tr.two_better)
        print_weights(out, try_names, tr.two_off_mix, 3);
    else
        fprintf(out, "kick 1\n");
    fprintf(out, "\n[return]\n; where a kick or punt stops (the receiver's togo, 100 = its goal line): the choice by EP\n");
    for (int l = 1; l <= 100;) {
        pb_drive_landing a;
        pb_drive_landing_get(d, l, &a);
        int e = l;
        for (pb_drive_landing b; e < 100 && pb_drive_landing_get(d, e + 1, &b) == 0 && b.returns == a.returns;)
            e++;
        if (e > l)
            fprintf(out, "togo %d-%d = %s 1\n", l, e, a.returns ? "return" : "touchback");
        else
            fprintf(out, "togo %d = %s 1\n", l, a.returns ? "return" : "touchback");
        l = e + 1;
    }
    fprintf(out, "\n[end_of_half]\ndefault = timeout 1\nfinal_field_goal = yes\n");
    return ferror(out) ? -1 : 0;
}
