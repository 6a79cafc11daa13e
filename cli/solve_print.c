/* cli/solve_print.c: the drive solver's answers for people (text), spreadsheets (CSV) and
 * programs (JSON), see solve_print.h. Values are printed with their certified bounds; mixes
 * as probabilities. JSON numbers keep 12 significant digits (the bounds are ~1e-9). */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "solve_print.h"
#include "table.h"

#define JSON_FLAGS (JSON_INDENT(1) | JSON_REAL_PRECISION(12) | JSON_PRESERVE_ORDER)
static const char *const call_labels[] = {"run", "short", "long", "field goal", "punt"};

const char *pb_solve_spot_name(int togo, char *buf, size_t len)
{
    if (togo == 50)
        snprintf(buf, len, "50");
    else if (togo > 50)
        snprintf(buf, len, "own %d", 100 - togo);
    else
        snprintf(buf, len, "opp %d", togo);
    return buf;
}

void pb_solve_heading(FILE *out, const pb_solve_print_ctx *c, const char *what)
{
    pb_drive_stats st;
    pb_drive_stats_get(c->d, &st);
    char pol[128];
    pb_policies_format(c->policies, pol, sizeof pol);
    fprintf(out, "%s, ruleset %s", what, pb_drive_rules(c->d)->name);
    for (int i = 0; i < c->nswitches; i++)
        fprintf(out, "%s%s", i ? ", " : " with ", c->switches[i]);
    fprintf(out, "; policies %s\n", pol);
    fprintf(out, "next-score expected points for the team with the ball, equilibrium play; every snap tied with\n"
                 "full timeouts, the play card uniform over the 24; %d states, %d sweeps, every value within\n"
                 "+-%.1e (certified), every mix exploitable by at most %.1e\n\n",
            st.states, st.sweeps, st.max_bound, st.max_exploit);
}

static json_t *json_heading(const pb_solve_print_ctx *c)
{
    pb_drive_stats st;
    pb_drive_stats_get(c->d, &st);
    char pol[128];
    pb_policies_format(c->policies, pol, sizeof pol);
    json_t *sw = json_array();
    for (int i = 0; i < c->nswitches; i++)
        json_array_append_new(sw, json_string(c->switches[i]));
    json_t *h = json_pack("{s:s, s:o, s:s, s:{s:i, s:i, s:i, s:f, s:f}}", "ruleset", pb_drive_rules(c->d)->name,
                          "switches", sw, "policies", pol, "solve", "states", st.states, "cells", st.cells, "sweeps",
                          st.sweeps, "max_bound", st.max_bound, "max_exploit", st.max_exploit);
    if (c->timings) {  /* only when asked: the same inputs must otherwise give the same bytes */
        json_t *solve = json_object_get(h, "solve");
        json_object_set_new(solve, "build_seconds", json_real(st.build_seconds));
        json_object_set_new(solve, "solve_seconds", json_real(st.solve_seconds));
    }
    return h;
}

int pb_solve_json_out(FILE *out, json_t *root)
{
    int rc = json_dumpf(root, out, JSON_FLAGS);
    fputc('\n', out);
    json_decref(root);
    return rc == 0 ? 0 : PB_EXIT_FAIL;
}

json_t *pb_solve_json_mix(const double *p, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_real(p[i]));
    return a;
}

/* The offense mix indexed by call (0 for calls not available). */
static void mix_by_call(const pb_drive_state *s, double mix[PB_DRIVE_CALLS])
{
    for (int i = 0; i < PB_DRIVE_CALLS; i++)
        mix[i] = 0;
    for (int i = 0; i < s->ncalls; i++)
        mix[s->calls[i]] = s->off_mix[i];
}

static json_t *json_state(const pb_drive_state *s)
{
    double mix[PB_DRIVE_CALLS];
    mix_by_call(s, mix);
    return json_pack("{s:i, s:i, s:i, s:f, s:f, s:f, s:f, s:o, s:o, s:f}", "togo", s->togo, "down", s->down, "ytg",
                     s->ytg, "ep", s->ep, "bound", s->bound, "lo", s->lo, "hi", s->hi, "offense_mix",
                     pb_solve_json_mix(mix, PB_DRIVE_CALLS), "defense_mix", pb_solve_json_mix(s->def_mix, 5), "exploit", s->exploit);
}

void pb_solve_csv_real(FILE *out, double v)
{
    char buf[40];
    pb_table_csv_real(buf, sizeof buf, v);
    fputc(',', out);
    fputs(buf, out);
}

static void print_mix_pct(FILE *out, const double *p, int n)
{
    for (int i = 0; i < n; i++)
        fprintf(out, " %5.1f", 100 * p[i]);
}

int pb_solve_print_ep(FILE *out, const pb_solve_print_ctx *c)
{
    const pb_drive *d = c->d;
    const pb_ruleset *rs = pb_drive_rules(d);
    if (c->format == PB_SOLVE_CSV) {
        fprintf(out, "togo,down,ytg,ep,bound,lo,hi,run,short,long,field_goal,punt,d1,d2,d3,d4,d5,exploit\n");
        for (int t = 1; t <= 99; t++)
            for (int dn = 1; dn <= rs->downs; dn++)
                for (int y = 1; y <= t; y++) {
                    pb_drive_state s;
                    pb_drive_get(d, t, dn, y, &s);
                    double mix[PB_DRIVE_CALLS];
                    mix_by_call(&s, mix);
                    fprintf(out, "%d,%d,%d", t, dn, y);
                    pb_solve_csv_real(out, s.ep);
                    pb_solve_csv_real(out, s.bound);
                    pb_solve_csv_real(out, s.lo);
                    pb_solve_csv_real(out, s.hi);
                    for (int i = 0; i < PB_DRIVE_CALLS; i++)
                        pb_solve_csv_real(out, mix[i]);
                    for (int j = 0; j < 5; j++)
                        pb_solve_csv_real(out, s.def_mix[j]);
                    pb_solve_csv_real(out, s.exploit);
                    fputc('\n', out);
                }
        return 0;
    }
    pb_drive_try tr;
    pb_drive_try_get(d, &tr);
    if (c->format == PB_SOLVE_JSON) {
        json_t *root = json_heading(c);
        json_object_set_new(root, "try", json_pack("{s:f, s:f, s:s}", "pat", tr.pat, "two_point", tr.two_point, "best",
                                                   tr.two_better ? "two_point" : "pat"));
        json_t *states = json_array();
        for (int t = 1; t <= 99; t++)
            for (int dn = 1; dn <= rs->downs; dn++)
                for (int y = 1; y <= t; y++) {
                    pb_drive_state s;
                    pb_drive_get(d, t, dn, y, &s);
                    json_array_append_new(states, json_state(&s));
                }
        json_object_set_new(root, "states", states);
        return pb_solve_json_out(out, root);
    }
    pb_solve_heading(out, c, "drive expected points (EP)");
    fprintf(out, "a touchdown is worth 6 + %.6f (the try: %s)\n", tr.value,
            tr.two_better ? "two-point try" : "PAT kick");
    fprintf(out, "1st and 10 (1st and goal inside the 10) by field position; mixes in %%\n\n");
    fprintf(out, "%-7s %5s %12s %9s  %5s %5s %5s %5s %5s  %5s %5s %5s %5s %5s\n", "spot", "togo", "EP", "+-",
            "run", "short", "long", "fg", "punt", "D1", "D2", "D3", "D4", "D5");
    for (int t = 99; t >= 1; t--) {
        pb_drive_state s;
        int y = t < rs->first_down_yards ? t : rs->first_down_yards;
        pb_drive_get(d, t, 1, y, &s);
        double mix[PB_DRIVE_CALLS];
        mix_by_call(&s, mix);
        char spot[16];
        fprintf(out, "%-7s %5d %12.9f %9.1e ", pb_solve_spot_name(t, spot, sizeof spot), t, s.ep, s.bound);
        print_mix_pct(out, mix, PB_DRIVE_CALLS);
        fputc(' ', out);
        print_mix_pct(out, s.def_mix, 5);
        fputc('\n', out);
    }
    return 0;
}

static void print_choices_txt(FILE *out, const pb_drive_choice *ch)
{
    fprintf(out, "go, field goal or punt (the state's value is the best of the three):\n");
    fprintf(out, "  go          EP %10.6f   P(first down or touchdown) %.4f\n", ch->go, ch->go_convert);
    fprintf(out, "              offense run/short/long %%");
    print_mix_pct(out, ch->go_off_mix, 3);
    fprintf(out, "; defense D1-D5 %%");
    print_mix_pct(out, ch->go_def_mix, 5);
    fputc('\n', out);
    if (ch->fg_allowed)
        fprintf(out, "  field goal  EP %10.6f   P(good) %.4f; EP if good %.0f, if missed %.6f\n", ch->fg, ch->fg_good,
                ch->fg_ep_good, ch->fg_ep_miss);
    else
        fprintf(out, "  field goal  out of range\n");
    fprintf(out, "  punt        EP %10.6f\n", ch->punt);
    fprintf(out, "  best: %s, by %.6f EP over the next best\n", pb_drive_choice_name(ch->best), ch->margin);
}

static json_t *json_choices(const pb_drive_choice *ch)
{
    json_t *fg = ch->fg_allowed ? json_pack("{s:b, s:f, s:f, s:f, s:f}", "allowed", 1, "p_good", ch->fg_good, "ep_good",
                                            ch->fg_ep_good, "ep_miss", ch->fg_ep_miss, "ep", ch->fg)
                                : json_pack("{s:b}", "allowed", 0);
    return json_pack("{s:{s:f, s:f, s:o, s:o, s:f}, s:o, s:{s:f}, s:s, s:f}", "go", "ep", ch->go, "p_first_down",
                     ch->go_convert, "offense_mix", pb_solve_json_mix(ch->go_off_mix, 3), "defense_mix",
                     pb_solve_json_mix(ch->go_def_mix, 5), "exploit", ch->go_exploit, "field_goal", fg, "punt", "ep", ch->punt,
                     "best", pb_drive_choice_name(ch->best), "margin", ch->margin);
}

int pb_solve_print_state(FILE *out, const pb_solve_print_ctx *c, int togo, int down, int ytg)
{
    pb_drive_state s;
    pb_drive_choice ch;
    if (pb_drive_get(c->d, togo, down, ytg, &s) != 0 || pb_drive_choices(c->d, togo, down, ytg, &ch) != 0)
        return pb_cli_error("solve", "togo %d, down %d, ytg %d is not a state of the drive game", togo, down, ytg);
    if (c->format == PB_SOLVE_JSON || c->format == PB_SOLVE_CSV) {
        json_t *root = json_heading(c);
        json_t *st = json_state(&s);
        json_t *rows = json_array();
        for (int i = 0; i < s.ncalls; i++)
            json_array_append_new(rows, json_pack("{s:s, s:f, s:o}", "call", pb_drive_call_name(s.calls[i]), "mix",
                                                  s.off_mix[i], "vs_defense", pb_solve_json_mix(s.matrix[i], 5)));
        json_object_set_new(st, "matrix", rows);
        json_object_set_new(st, "choices", json_choices(&ch));
        json_object_update(root, st);
        json_decref(st);
        return pb_solve_json_out(out, root);
    }
    pb_solve_heading(out, c, "one situation");
    char spot[16], yards[16];
    static const char *const ordinal[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
    if (ytg == togo)
        snprintf(yards, sizeof yards, "goal");
    else
        snprintf(yards, sizeof yards, "%d", ytg);
    fprintf(out, "%s and %s at togo %d (%s)\n", ordinal[(down - 1) % 6], yards, togo,
            pb_solve_spot_name(togo, spot, sizeof spot));
    fprintf(out, "EP %.9f +- %.1e (certified interval [%.10f, %.10f])\n\n", s.ep, s.bound, s.lo, s.hi);
    fprintf(out, "the snap: EP of each call against each defense card, and both mixes\n");
    fprintf(out, "%-11s %10s %10s %10s %10s %10s %8s\n", "", "Defense 1", "Defense 2", "Defense 3", "Defense 4",
            "Defense 5", "mix %");
    for (int i = 0; i < s.ncalls; i++) {
        fprintf(out, "%-11s", call_labels[s.calls[i]]);
        for (int j = 0; j < 5; j++)
            fprintf(out, " %10.6f", s.matrix[i][j]);
        fprintf(out, " %8.2f\n", 100 * s.off_mix[i]);
    }
    fprintf(out, "%-11s", "mix %");
    for (int j = 0; j < 5; j++)
        fprintf(out, " %10.2f", 100 * s.def_mix[j]);
    fprintf(out, "\nexploitability of the mixes: %.1e EP\n\n", s.exploit);
    print_choices_txt(out, &ch);
    return 0;
}
