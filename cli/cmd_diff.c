/* cli/cmd_diff.c: `paperbowl diff RULESET_A RULESET_B`: every cell of the grid whose exact
 * distribution changes from A to B, with the exact and decimal change of each summary, largest
 * first. With --solve: the drive games of A and B (solve/drive.h) compared instead: the try, the
 * kicks, the EP curve and the fourth-down decisions that change beyond the certified bounds
 * (verify/solve_diff.c). Exit status 0 when nothing changes, 1 when something does (for a
 * designer's CI), 2 on bad input. */
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_num.h"
#include "diff_game.h"
#include "verify.h"

static const char usage[] =
    "usage: paperbowl diff RULESET_A RULESET_B [--togo LIST] [--policy LIST] [--top N] [--threads N]\n"
    "       paperbowl diff RULESET_A RULESET_B --solve [--json] [--policy LIST] [--top N] [--threads N]\n"
    "       paperbowl diff RULESET_A RULESET_B --game [--lead-cap S] [--cache DIR] [--policy LIST] [--threads N]\n"
    "       (either form: [--switch ID=VALUE ...] [--switch-a ID=VALUE ...])\n\n"
    "Enumerates every cell under both rulesets (offense x defense x card none/01-24 x togo 1-99\n"
    "at 1st and 10, tied, full timeouts; card 07 also when leading; and every special-teams\n"
    "cell) and lists the cells whose exact distribution changed, with the change of each\n"
    "summary (exact, then correctly rounded), largest first. Exit 0: no change; 1: changes.\n\n"
    "With --solve, the drive game (paperbowl solve, doc/solve.md) is solved under both rulesets and\n"
    "compared: the try and the kicks, the EP at 1st and 10 by field position, the EP of every state,\n"
    "and every fourth-down decision (togo 1-99 x yards to gain 1-15) whose best choice changes. A\n"
    "value changes only when the certified intervals do not overlap (|B - A| > bound A + bound B);\n"
    "a decision only when the best choice differs and both margins exceed their bounds (else it is\n"
    "listed as too close to call).\n\n"
    "  RULESET_A, RULESET_B   embedded names (v1.11-ja, v1.11-en) or ruleset files\n"
    "  --switch ID=VALUE      flip a switch of B (repeatable): 'diff v1.11-ja v1.11-ja --switch X=Y'\n"
    "  --switch-a ID=VALUE    flip a switch of A (repeatable)\n"
    "  --policy LIST          decision policies (default best for all)\n"
    "  --togo LIST            only these field positions (comma-separated togo values; default 1-99)\n"
    "  --top N                list the N largest changes in detail (default 0: all); with --solve, the\n"
    "                         first N changed fourth-down decisions and N too close to call\n"
    "  --solve                compare the drive games' solutions instead of the cells\n"
    "  --game                 compare the whole games (paperbowl solve game): the coin toss and the win\n"
    "                         probability of a lead by cards left (half 2), each beside its certified\n"
    "                         bound, and the two-point and fourth-down choices that change (half 2; the\n"
    "                         fourth downs as togo ranges); a value changes only beyond both bounds\n"
    "  --lead-cap S           (--game) the game solver's lead cap (default 56)\n"
    "  --cache DIR            (--game) read each game's value file from DIR when it is fresh (the same\n"
    "                         ruleset, switches, policies and lead cap; 'solve game --output DIR' and\n"
    "                         'make tables' (DIR out) write them), else solve it and write it there\n"
    "  --json                 (--solve) the comparison as JSON\n"
    "  --tolerance X          (--solve) the solver's stopping width (default 2e-9)\n"
    "  --threads N            worker threads (default: " PB_CLI_CPUS ")\n";

static bool same_call(const pb_verify_cell *a, const pb_verify_cell *b)
{
    return a->action == b->action && a->offense == b->offense && a->defense == b->defense && a->card == b->card &&
           a->lead == b->lead;
}

static int cell_order(const void *pa, const void *pb)
{
    const pb_verify_cell *a = pa, *b = pb;
#define CMP(f) if (a->f != b->f) return a->f < b->f ? -1 : 1;
    CMP(action) CMP(offense) CMP(defense) CMP(card) CMP(lead) CMP(togo)
#undef CMP
    return 0;
}

/* The changed cells grouped by call, with their togo values. */
static void overview(const pb_verify_diff_result *res, FILE *out)
{
    pb_verify_cell *c = malloc((res->count ? res->count : 1) * sizeof *c);
    int *togo = malloc((res->count ? res->count : 1) * sizeof *togo);
    if (!c || !togo)
        pb_cli_oom_exit();
    for (size_t i = 0; i < res->count; i++)
        c[i] = res->changes[i].cell;
    qsort(c, res->count, sizeof *c, cell_order);
    for (size_t i = 0; i < res->count;) {
        size_t j = i, n = 0;
        while (j < res->count && same_call(&c[i], &c[j]))
            togo[n++] = c[j++].togo;
        char name[128], where[400];
        pb_verify_cell one = c[i];
        bool has_togo = one.action == PB_ACTION_PLAY || one.action == PB_ACTION_PUNT ||
                        one.action == PB_ACTION_RETURN || one.action == PB_ACTION_FIELD_GOAL;
        if (has_togo) {
            pb_cli_ranges(togo, n, where, sizeof where);
            one.togo = -1;
            pb_verify_cell_name(&one, name, sizeof name);
            char *t = strstr(name, ", togo -1");
            if (t)
                memmove(t, t + 9, strlen(t + 9) + 1);
            t = strstr(name, ", landing togo -1");
            if (t)
                memmove(t, t + 17, strlen(t + 17) + 1);
            t = strstr(name, "togo -1");
            if (t)
                *t = '\0';
            fprintf(out, "  %-36s togo %s (%zu)\n", name, where, n);
        } else {
            pb_verify_cell_name(&one, name, sizeof name);
            fprintf(out, "  %s\n", name);
        }
        i = j;
    }
    free(c);
    free(togo);
}

static void detail(const pb_verify_change *ch, FILE *out)
{
    char name[128];
    pb_verify_cell_name(&ch->cell, name, sizeof name);
    if (ch->missing_a || ch->missing_b) {
        fprintf(out, "%s: %s\n", name, ch->missing_a ? "not allowed under A, allowed under B"
                                                      : "allowed under A, not allowed under B");
        return;
    }
    fprintf(out, "%s%s\n", name, ch->outcomes_changed ? "" : " (outcomes unchanged; facts changed)");
    mpq_t d;
    mpq_init(d);
    bool any = false;
    for (int k = 0; k < PB_VERIFY_NSUM; k++) {
        if (mpq_equal(ch->a[k], ch->b[k]))
            continue;
        any = true;
        bool p = pb_verify_sum[k].probability;
        char a[48], b[48], c[48];
        pb_verify_fmt(a, sizeof a, ch->a[k], p, false);
        pb_verify_fmt(b, sizeof b, ch->b[k], p, false);
        mpq_sub(d, ch->b[k], ch->a[k]);
        pb_verify_fmt(c, sizeof c, d, p, true);
        char *exact = pb_verify_fraction(d, true);
        if (!exact)
            pb_cli_oom_exit();
        fprintf(out, "    %-11s %10s -> %-10s %10s  (exact %s)\n", pb_verify_sum[k].name, a, b, c, exact);
        free(exact);
    }
    if (!any)
        fprintf(out, "    (no summary changes: the distribution of the outcomes does)\n");
    mpq_clear(d);
}

/* ---- --solve ---- */

#define MAX_SWITCHES 32

typedef struct {
    const char *names[2];
    const char *switches[2][MAX_SWITCHES];
    int nswitches[2];
    pb_policies pol;
    int threads, top;
    double tolerance;
    bool json;
} solve_args;

static const char *const choice_names[] = {"go", "field goal", "punt"};
static const char *const choice_ids[] = {"go", "field_goal", "punt"};

static const char *spot(int togo, char *buf, size_t len)
{
    if (togo == 50)
        snprintf(buf, len, "50");
    else if (togo > 50)
        snprintf(buf, len, "own %d", 100 - togo);
    else
        snprintf(buf, len, "opp %d", togo);
    return buf;
}

static const char *down_name(int down)
{
    static const char *const n[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
    return n[(down - 1) % 6];
}

/* "4th and 3 at togo 35 (opp 35)"; "1st and goal at togo 5 (opp 5)" */
static void state_name(const pb_verify_ep_pair *p, char *buf, size_t len)
{
    char sp[16], y[16];
    if (p->ytg == p->togo)
        snprintf(y, sizeof y, "goal");
    else
        snprintf(y, sizeof y, "%d", p->ytg);
    snprintf(buf, len, "%s and %s at togo %d (%s)", down_name(p->down), y, p->togo, spot(p->togo, sp, sizeof sp));
}

static void ruleset_label(const pb_ruleset *rs, const char *const *sw, int n, char *buf, size_t len)
{
    size_t u = (size_t)snprintf(buf, len, "%s", rs->name);
    for (int i = 0; i < n && u < len; i++)
        u += (size_t)snprintf(buf + u, len - u, "%s%s", i ? ", " : " with ", sw[i]);
}

static void print_fourth_line(const pb_verify_fourth_pair *f, FILE *out)
{
    char sp[16], a[80], b[80];
    snprintf(a, sizeof a, "%s by %.9f (+-%.1e)", choice_names[f->best_a], f->margin_a, f->margin_bound_a);
    snprintf(b, sizeof b, "%s by %.9f (+-%.1e)", choice_names[f->best_b], f->margin_b, f->margin_bound_b);
    fprintf(out, "  %-7s %4d %3d   %-38s -> %s\n", spot(f->togo, sp, sizeof sp), f->togo, f->ytg, a, b);
}

/* For each yards to gain: "punt -> go: togo 55-60, 62" for every (A, B) pair of choices. */
static void fourth_overview(const pb_verify_solve_diff_result *r, FILE *out)
{
    for (int y = 1; y <= PB_VSD_YTG_MAX; y++) {
        bool line = false;
        for (int ca = 0; ca < 3; ca++)
            for (int cb = 0; cb < 3; cb++) {
                int togo[99];
                size_t n = 0;
                for (size_t i = r->nfourth_changed; i-- > 0;)  /* chart order is togo descending */
                    if (r->fourth[i].ytg == y && r->fourth[i].best_a == ca && r->fourth[i].best_b == cb)
                        togo[n++] = r->fourth[i].togo;
                if (!n)
                    continue;
                char where[400];
                pb_cli_ranges(togo, n, where, sizeof where);
                if (!line)
                    fprintf(out, "  4th and %-2d  ", y);
                fprintf(out, "%s%s -> %s: togo %s (%zu)", line ? "; " : "", choice_names[ca], choice_names[cb], where,
                        n);
                line = true;
            }
        if (line)
            fputc('\n', out);
    }
}

static void solve_text(const solve_args *o, const pb_ruleset *ra, const pb_ruleset *rb,
                       const pb_verify_solve_diff_result *r, double secs, FILE *out)
{
    char la[256], lb[256], pols[128];
    ruleset_label(ra, o->switches[0], o->nswitches[0], la, sizeof la);
    ruleset_label(rb, o->switches[1], o->nswitches[1], lb, sizeof lb);
    pb_policies_format(&o->pol, pols, sizeof pols);
    fprintf(out, "diff --solve: A = %s -> B = %s (%s -> %s)\n", la, lb, ra->source, rb->source);
    fprintf(out, "the drive game (doc/solve.md: next-score EP for the team with the ball, equilibrium play)\n"
                 "solved under both in %.1f s, policies %s\n"
                 "  A: %d states, %d sweeps, every EP within +-%.1e (certified)\n"
                 "  B: %d states, %d sweeps, every EP within +-%.1e (certified)\n",
            secs, pols, r->stats_a.states, r->stats_a.sweeps, r->stats_a.max_bound, r->stats_b.states,
            r->stats_b.sweeps, r->stats_b.max_bound);
    fprintf(out, "a value changes only when its certified intervals do not overlap: |B - A| > bound A + bound B;\n"
                 "a fourth-down decision only when the best choice differs and each margin exceeds its bound\n\n");
    if (r->nrule_lines) {
        fprintf(out, "ruleset lines that differ:\n");
        for (size_t i = 0; i < r->nrule_lines; i++)
            fprintf(out, "  %s\n", r->rule_lines[i]);
        fputc('\n', out);
    }

    fprintf(out, "the try and the kicks (EP of the scoring / kicking team):\n");
    fprintf(out, "  %-17s %14s %14s %14s %9s\n", "", "A", "B", "B - A", "bound A+B");
    for (int k = 0; k < PB_VSD_VALUES; k++) {
        const pb_verify_value_pair *v = &r->values[k];
        char name[40];
        if (k == PB_VSD_TRY)
            snprintf(name, sizeof name, "try (%s -> %s)", r->try_two_a ? "two" : "PAT", r->try_two_b ? "two" : "PAT");
        else
            snprintf(name, sizeof name, "%s", v->name);
        fprintf(out, "  %-17s %14.9f %14.9f %+14.9f %9.1e  %s\n", name, v->a, v->b, v->b - v->a,
                v->bound_a + v->bound_b, v->changed ? "changed" : "same");
    }
    fprintf(out, "  the kicking team's choice: A %s, B %s\n\n", r->onside_a ? "onside kick" : "regular kickoff",
            r->onside_b ? "onside kick" : "regular kickoff");

    fprintf(out, "EP at 1st and 10 (1st and goal inside the 10): %zu of 99 field positions change\n", r->curve_changed);
    if (r->curve_changed) {
        fprintf(out, "  %-7s %4s %14s %14s %14s %9s\n", "spot", "togo", "A", "B", "B - A", "bound A+B");
        for (int t = 99; t >= 1; t--) {
            const pb_verify_ep_pair *p = &r->curve[t - 1];
            if (!p->changed)
                continue;
            char sp[16];
            fprintf(out, "  %-7s %4d %14.9f %14.9f %+14.9f %9.1e\n", spot(t, sp, sizeof sp), t, p->a, p->b, p->b - p->a,
                    p->bound_a + p->bound_b);
        }
    }
    fputc('\n', out);

    fprintf(out, "summary: the EP changes at %zu of %zu states", r->states_changed, r->states);
    if (r->states_changed) {
        char w[96];
        state_name(&r->largest, w, sizeof w);
        fprintf(out, "; largest change %+.9f at %s (%.9f -> %.9f)", r->largest.b - r->largest.a, w, r->largest.a,
                r->largest.b);
    }
    fputc('\n', out);
    if (r->curve_changed) {
        char sp[16];
        const pb_verify_ep_pair *c = &r->curve_largest;
        fprintf(out, "  on the 1st-and-10 curve: largest change %+.9f at togo %d (%s) (%.9f -> %.9f)\n", c->b - c->a,
                c->togo, spot(c->togo, sp, sizeof sp), c->a, c->b);
    }
    fprintf(out, "  fourth down (togo 1-99 x yards to gain 1-15, %zu decisions): %zu change, %zu too close to call\n\n",
            r->fourth_cells, r->nfourth_changed, r->nfourth_close);

    if (r->nfourth_changed) {
        fprintf(out, "fourth-down decisions that change (A -> B), by yards to gain:\n");
        fourth_overview(r, out);
        size_t n = o->top > 0 && (size_t)o->top < r->nfourth_changed ? (size_t)o->top : r->nfourth_changed;
        fprintf(out, "\neach (margin: the best choice's EP minus the next best, +- its bound):\n");
        fprintf(out, "  %-7s %4s %3s   %-38s    %s\n", "spot", "togo", "ytg", "A", "B");
        for (size_t i = 0; i < n; i++)
            print_fourth_line(&r->fourth[i], out);
        if (n < r->nfourth_changed)
            fprintf(out, "  ... %zu more (--top 0 lists all)\n", r->nfourth_changed - n);
        fputc('\n', out);
    }
    if (r->nfourth_close) {
        fprintf(out, "too close to call (the best choice differs, but a margin is within its bound):\n");
        size_t n = o->top > 0 && (size_t)o->top < r->nfourth_close ? (size_t)o->top : r->nfourth_close;
        for (size_t i = 0; i < n; i++)
            print_fourth_line(&r->fourth[r->nfourth_changed + i], out);
        if (n < r->nfourth_close)
            fprintf(out, "  ... %zu more (--top 0 lists all)\n", r->nfourth_close - n);
        fputc('\n', out);
    }
    if (r->changed)
        fprintf(out, "changed: %zu of the 5 kick and try values, the EP at %zu states, %zu fourth-down decisions\n",
                (size_t)(r->values[0].changed + r->values[1].changed + r->values[2].changed + r->values[3].changed +
                         r->values[4].changed),
                r->states_changed, r->nfourth_changed);
    else
        fprintf(out, "no change: the try, the kicks, the EP of all %zu states and all %zu fourth-down decisions agree\n"
                     "within the certified bounds%s\n",
                r->states, r->fourth_cells,
                r->nrule_lines ? " (the ruleset lines above change nothing the drive game sees)" : "");
}

static json_t *json_side(const pb_ruleset *rs, const char *const *sw, int n, const pb_verify_solve_stats *st)
{
    json_t *a = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(sw[i]));
    return json_pack("{s:s, s:o, s:i, s:i, s:f, s:f}", "ruleset", rs->name, "switches", a, "states", st->states,
                     "sweeps", st->sweeps, "max_bound", st->max_bound, "max_exploit", st->max_exploit);
}

static json_t *json_ep(const pb_verify_ep_pair *p)
{
    return json_pack("{s:i, s:i, s:i, s:f, s:f, s:f, s:f, s:f, s:b}", "togo", p->togo, "down", p->down, "ytg", p->ytg,
                     "a", p->a, "b", p->b, "delta", p->b - p->a, "bound_a", p->bound_a, "bound_b", p->bound_b,
                     "changed", p->changed);
}

static json_t *json_choice_values(double go, double fg, double punt)
{
    json_t *o = json_pack("{s:f}", "go", go);
    json_object_set_new(o, "field_goal", isfinite(fg) ? json_real(fg) : json_null());
    json_object_set_new(o, "punt", json_real(punt));
    return o;
}

static json_t *json_fourth(const pb_verify_solve_diff_result *r, size_t from, size_t n)
{
    json_t *a = json_array();
    for (size_t i = from; i < from + n; i++) {
        const pb_verify_fourth_pair *f = &r->fourth[i];
        json_array_append_new(
            a, json_pack("{s:i, s:i, s:{s:s, s:f, s:f, s:o}, s:{s:s, s:f, s:f, s:o}}", "togo", f->togo, "ytg", f->ytg,
                         "a", "best", choice_ids[f->best_a], "margin", f->margin_a, "margin_bound", f->margin_bound_a,
                         "values", json_choice_values(f->go_a, f->fg_a, f->punt_a), "b", "best",
                         choice_ids[f->best_b], "margin", f->margin_b, "margin_bound", f->margin_bound_b, "values",
                         json_choice_values(f->go_b, f->fg_b, f->punt_b)));
    }
    return a;
}

static int solve_json(const solve_args *o, const pb_ruleset *ra, const pb_ruleset *rb,
                      const pb_verify_solve_diff_result *r, FILE *out)
{
    char pols[128];
    pb_policies_format(&o->pol, pols, sizeof pols);
    json_t *lines = json_array();
    for (size_t i = 0; i < r->nrule_lines; i++)
        json_array_append_new(lines, json_string(r->rule_lines[i]));
    json_t *values = json_array();
    for (int k = 0; k < PB_VSD_VALUES; k++) {
        const pb_verify_value_pair *v = &r->values[k];
        json_t *j = json_pack("{s:s, s:f, s:f, s:f, s:f, s:f, s:b}", "name", v->name, "a", v->a, "b", v->b, "delta",
                              v->b - v->a, "bound_a", v->bound_a, "bound_b", v->bound_b, "changed", v->changed);
        if (k == PB_VSD_TRY) {
            json_object_set_new(j, "choice_a", json_string(r->try_two_a ? "two_point" : "pat"));
            json_object_set_new(j, "choice_b", json_string(r->try_two_b ? "two_point" : "pat"));
        } else if (k == PB_VSD_KICKOFF) {
            json_object_set_new(j, "choice_a", json_string(r->onside_a ? "onside" : "regular"));
            json_object_set_new(j, "choice_b", json_string(r->onside_b ? "onside" : "regular"));
        }
        json_array_append_new(values, j);
    }
    json_t *curve = json_array();
    for (int t = 1; t <= 99; t++)
        json_array_append_new(curve, json_ep(&r->curve[t - 1]));
    json_t *root = json_pack(
        "{s:o, s:o, s:s, s:s, s:o, s:o, s:{s:i, s:o}, s:{s:i, s:i, s:o}, s:{s:i, s:o, s:o}, s:b}", "a",
        json_side(ra, o->switches[0], o->nswitches[0], &r->stats_a), "b",
        json_side(rb, o->switches[1], o->nswitches[1], &r->stats_b), "policies", pols, "rule",
        "a value changed only when |b - a| > bound_a + bound_b (the certified intervals do not overlap); a "
        "fourth-down decision changed only when the best choice differs and each margin exceeds its bound",
        "ruleset_lines", lines, "values", values, "ep_curve", "changed", (int)r->curve_changed, "points", curve,
        "states", "compared", (int)r->states, "changed", (int)r->states_changed, "largest",
        r->states_changed ? json_ep(&r->largest) : json_null(), "fourth", "cells", (int)r->fourth_cells, "changed",
        json_fourth(r, 0, r->nfourth_changed), "too_close", json_fourth(r, r->nfourth_changed, r->nfourth_close),
        "changed", r->changed);
    if (!root)
        return pb_cli_error("diff", "out of memory");
    int rc = json_dumpf(root, out, JSON_INDENT(1) | JSON_REAL_PRECISION(12) | JSON_PRESERVE_ORDER);
    fputc('\n', out);
    json_decref(root);
    return rc == 0 ? PB_EXIT_OK : pb_cli_error("diff", "cannot write the output");
}

static int diff_solve(const solve_args *o, const pb_ruleset *a, const pb_ruleset *b)
{
    pb_verify_solve_diff_result r;
    char err[512];
    double t0 = pb_verify_now();
    if (pb_verify_solve_diff(a, b, &o->pol, o->threads, o->tolerance, &r, err, sizeof err) != 0)
        return pb_cli_error("diff", "%s", err);
    double secs = pb_verify_now() - t0;
    int status = PB_EXIT_OK;
    if (o->json)
        status = solve_json(o, a, b, &r, stdout);
    else
        solve_text(o, a, b, &r, secs, stdout);
    pb_cli_stdout_flush();   /* (a failed write: pb_cli_stdout_close says so, status 2) */
    if (status == PB_EXIT_OK && r.changed)
        status = PB_EXIT_FAIL;
    pb_verify_solve_diff_release(&r);
    return status;
}

static int parse_tolerance(const char *cmd, const char *text, double *out)
{
    double v;
    if (pb_cli_num_double(text, 1e-12, 1e-3, &v) != PB_CLI_NUM_OK)
        return pb_cli_error(cmd, "--tolerance: '%s' must be a number from 1e-12 to 1e-3", text);
    *out = v;
    return 0;
}

int cmd_diff(int argc, char **argv)
{
    const char *cmd = "diff";
    enum { O_POLICY = 1000, O_TOP, O_THREADS, O_TOGO, O_SOLVE, O_JSON, O_SWITCH, O_SWITCH_A, O_TOLERANCE, O_GAME,
           O_CAP, O_CACHE };
    static const struct option options[] = {
        {"policy", required_argument, NULL, O_POLICY}, {"top", required_argument, NULL, O_TOP},
        {"togo", required_argument, NULL, O_TOGO},
        {"threads", required_argument, NULL, O_THREADS}, {"solve", no_argument, NULL, O_SOLVE},
        {"json", no_argument, NULL, O_JSON}, {"switch", required_argument, NULL, O_SWITCH},
        {"switch-a", required_argument, NULL, O_SWITCH_A}, {"tolerance", required_argument, NULL, O_TOLERANCE},
        {"game", no_argument, NULL, O_GAME}, {"lead-cap", required_argument, NULL, O_CAP},
        {"cache", required_argument, NULL, O_CACHE},
        PB_CLI_HELP_OPTION, {NULL, 0, NULL, 0}};
    solve_args so;
    memset(&so, 0, sizeof so);
    pb_policies pol;
    memset(&pol, 0, sizeof pol);
    int threads = pb_workers_default(), top = 0, opt;
    char err[512];
    const char *names[2];
    int nnames = 0, togos[99];
    size_t ntogo = 0;
    bool solve = false, json = false, tolerance_given = false, game = false;
    int lead_cap = 0;
    const char *cache = NULL;
    pb_cli_opts g;
    pb_cli_opts_init(&g, cmd, usage, argc, argv, options);
    g.shorts = "-:h";  /* the rulesets A and B come as code 1, in order */
    while ((opt = pb_cli_opts_next(&g)) > 0) {
        switch (opt) {
        case 1:
            if (nnames == 2)
                return pb_cli_error(cmd, "unexpected argument '%s' (two rulesets: A and B)", g.arg);
            names[nnames++] = g.arg;
            break;
        case O_POLICY:
            if (pb_cli_policies(cmd, g.arg, &pol) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_TOP:
            if (pb_cli_int(cmd, "--top", g.arg, 0, 10000000, &top) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_THREADS:
            if (pb_cli_int(cmd, "--threads", g.arg, 1, 256, &threads) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_TOGO:
            if (pb_verify_parse_togos(cmd, g.arg, togos, 99, &ntogo) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_SOLVE:
            solve = true;
            break;
        case O_GAME:
            game = true;
            break;
        case O_CAP:
            if (pb_cli_int(cmd, "--lead-cap", g.arg, 1, 400, &lead_cap) != 0)
                return PB_EXIT_USAGE;
            break;
        case O_JSON:
            json = true;
            break;
        case O_CACHE:
            if (!*g.arg)
                return pb_cli_error(cmd, "--cache: give a directory");
            cache = g.arg;
            break;
        case O_SWITCH:
        case O_SWITCH_A: {
            int side = opt == O_SWITCH ? 1 : 0;
            if (so.nswitches[side] == MAX_SWITCHES)
                return pb_cli_error(cmd, "--%s: at most %d", g.name, MAX_SWITCHES);
            so.switches[side][so.nswitches[side]++] = g.arg;
            break;
        }
        case O_TOLERANCE:
            if (parse_tolerance(cmd, g.arg, &so.tolerance) != 0)
                return PB_EXIT_USAGE;
            tolerance_given = true;
            break;
        }
    }
    if (opt == PB_CLI_OPTS_EXIT)
        return g.status;
    if (nnames != 2)
        return pb_cli_error(cmd, "give two rulesets, A and B (e.g. 'paperbowl diff v1.11-ja v1.11-en')");
    if (game && (solve || json || tolerance_given || ntogo || top))
        return pb_cli_error(cmd, "--game goes alone (not with --solve, --json, --tolerance, --togo or --top)");
    if (!game && (lead_cap || cache))
        return pb_cli_error(cmd, "--%s belongs to 'diff A B --game'", lead_cap ? "lead-cap" : "cache");
    if (cache && pb_cli_dist())
        return pb_cli_error(cmd, "--cache runs in one process: use paperbowl, not paperbowl-mpi");
    if (!solve && !game && (json || tolerance_given))
        return pb_cli_error(cmd, "--%s belongs to 'diff A B --solve'", json ? "json" : "tolerance");
    if (solve && ntogo)
        return pb_cli_error(cmd, "--togo belongs to the cell diff (without --solve): --solve compares every state");
    pb_ruleset a, b;
    if (pb_cli_ruleset(cmd, names[0], &a) != 0 || pb_cli_ruleset(cmd, names[1], &b) != 0)
        return PB_EXIT_USAGE;
    pb_ruleset *side[2] = {&a, &b};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < so.nswitches[k]; i++)
            if (pb_switch_apply(side[k], so.switches[k][i], err, sizeof err) != 0)
                return pb_cli_error(cmd, "--switch%s: %s", k ? "" : "-a", err);

    if (game) {
        char la[256], lb[256];
        ruleset_label(&a, so.switches[0], so.nswitches[0], la, sizeof la);
        ruleset_label(&b, so.switches[1], so.nswitches[1], lb, sizeof lb);
        pb_cli_diff_game_src src = {cache, {so.switches[0], so.switches[1]}, {so.nswitches[0], so.nswitches[1]}};
        return pb_cli_diff_game(&a, &b, la, lb, &pol, threads, lead_cap, &src);
    }
    if (solve) {
        so.names[0] = names[0];
        so.names[1] = names[1];
        so.pol = pol;
        so.threads = threads;
        so.top = top;
        so.json = json;
        return diff_solve(&so, &a, &b);
    }

    pb_verify_diff_result res;
    pb_verify_cells cells;
    pb_verify_cells_init(&cells);
    pb_verify_cells_grid_at(&cells, a.fg_max_togo > b.fg_max_togo ? a.fg_max_togo : b.fg_max_togo,
                            ntogo ? togos : NULL, ntogo);
    double t0 = pb_verify_now();
    int rc = pb_verify_diff(&a, &b, &pol, &cells, threads, &res, err, sizeof err);
    pb_verify_cells_release(&cells);
    if (rc != 0)
        return pb_cli_error(cmd, "%s", err);
    double secs = pb_verify_now() - t0;

    char pols[128];
    pb_policies_format(&pol, pols, sizeof pols);
    if (so.nswitches[0] || so.nswitches[1]) {
        char la[256], lb[256];
        ruleset_label(&a, so.switches[0], so.nswitches[0], la, sizeof la);
        ruleset_label(&b, so.switches[1], so.nswitches[1], lb, sizeof lb);
        printf("diff A = %s -> B = %s (%s -> %s)\n", la, lb, a.source, b.source);
    } else {
        printf("diff A = %s -> B = %s (%s -> %s)\n", a.name, b.name, a.source, b.source);
    }
    char where[400] = "1-99";
    if (ntogo) {
        size_t u = 0;
        for (size_t i = 0; i < ntogo && u < sizeof where - 8; i++)
            u += (size_t)snprintf(where + u, sizeof where - u, "%s%d", i ? "," : "", togos[i]);
    }
    printf("cells: offense x defense x card none/01-24 x togo %s at 1st and 10 (goal to go inside the 10),\n"
           "tied, each ruleset's timeouts; card 07 also leading by 1; the special teams (punts, returns and\n"
           "field goals at those togo values)\n", where);
    printf("policies %s; %zu cells compared in %.1f s\n\n", pols, res.cells, secs);
    if (res.nrule_lines) {
        printf("ruleset lines that differ:\n");
        for (size_t i = 0; i < res.nrule_lines; i++)
            printf("  %s\n", res.rule_lines[i]);
        printf("\n");
    }
    if (res.count == 0) {
        printf("no change: every one of the %zu cells has the same exact distribution under A and B\n", res.cells);
        if (res.nrule_lines)
            printf("(the lines above change nothing a single play or kick shows, e.g. game rules)\n");
        pb_verify_diff_release(&res);
        return PB_EXIT_OK;
    }
    size_t facts_only = 0;
    for (size_t i = 0; i < res.count; i++)
        facts_only += !res.changes[i].outcomes_changed;
    printf("%zu of %zu cells changed (%zu in their outcomes, %zu only in facts such as flags):\n", res.count,
           res.cells, res.count - facts_only, facts_only);
    overview(&res, stdout);
    size_t n = top > 0 && (size_t)top < res.count ? (size_t)top : res.count;
    printf("\nchanges, largest first (B - A)%s:\n", n < res.count ? "" : "");
    for (size_t i = 0; i < n; i++)
        detail(&res.changes[i], stdout);
    if (n < res.count)
        printf("... %zu more (--top 0 lists all)\n", res.count - n);
    pb_verify_diff_release(&res);
    return PB_EXIT_FAIL;
}
