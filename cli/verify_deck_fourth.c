/* cli/verify_deck_fourth.c: the 4th-down choices of `paperbowl verify deck` (verify_deck_fourth.h):
 * whether the drive solver's go / field goal / punt call holds under the rulebook's deck. For each
 * of a few 4th-down states (three fixed ones and the solver's three closest calls), each choice is
 * played from that state as drive chains, the solved drive strategy on both sides with that choice
 * forced at the state (the offense's call, and for "go" both sides' mixes of the game restricted to
 * the run and the passes, as the solver values it), with the uniform card and with the real deck
 * on common random numbers (verify/deck.h). The uniform runs check the forcing against the solver's
 * value of each choice (z); the paired shifts (real - uniform) move the solver's margin between the
 * best call and the next: the call holds, flips or is undecided at 3 SE under the real deck. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "drive.h"
#include "solve_print.h"
#include "strategy.h"
#include "verify_deck_fourth.h"

/* The fixed states (togo, ytg): a long field goal or go, midfield's 4th and 1, the own 30's punt. */
static const int fixed_states[][2] = {{35, 3}, {50, 1}, {70, 10}};
#define NFIXED ((int)(sizeof fixed_states / sizeof fixed_states[0]))

static const char *choice_label(pb_drive_choice_kind k)
{
    return k == PB_CHOICE_GO ? "go" : k == PB_CHOICE_FG ? "field goal" : "punt";
}

static double choice_value(const pb_drive_choice *c, pb_drive_choice_kind k)
{
    return k == PB_CHOICE_GO ? c->go : k == PB_CHOICE_FG ? c->fg : c->punt;
}

static int taken(const pb_verify_fourth *f, int n, int togo, int ytg)
{
    for (int i = 0; i < n; i++)
        if (f->state[i].togo == togo && f->state[i].ytg == ytg)
            return 1;
    return 0;
}

/* The states: the fixed ones that are on the field, then the closest calls (the smallest margin
 * between the best choice and the next, ytg <= the first-down yards), togo ascending on ties. */
static void pick_states(const pb_drive *d, const pb_ruleset *rs, pb_verify_fourth *f)
{
    int down = rs->downs, n = 0;
    for (int i = 0; i < NFIXED; i++) {
        int t = fixed_states[i][0], y = fixed_states[i][1];
        if (y <= t && pb_drive_choices(d, t, down, y, &f->state[n].choice) == 0) {
            f->state[n].togo = t;
            f->state[n].ytg = y;
            n++;
        }
    }
    while (n < PB_VERIFY_FOURTH_STATES) {
        int bt = 0, by = 0;
        double best = INFINITY;
        pb_drive_choice bc;
        for (int t = 1; t <= 99; t++)
            for (int y = 1; y <= t && y <= rs->first_down_yards; y++) {
                pb_drive_choice c;
                if (taken(f, n, t, y) || pb_drive_choices(d, t, down, y, &c) != 0 || !(c.margin < best))
                    continue;
                best = c.margin;
                bt = t;
                by = y;
                bc = c;
            }
        if (bt == 0)
            break;
        f->state[n].togo = bt;
        f->state[n].ytg = by;
        f->state[n].choice = bc;
        n++;
    }
    f->nstates = n;
    for (int i = 0; i < n; i++) {
        pb_verify_fourth_state *s = &f->state[i];
        s->nchoices = 0;
        s->kind[s->nchoices++] = PB_CHOICE_GO;
        if (s->choice.fg_allowed)
            s->kind[s->nchoices++] = PB_CHOICE_FG;
        s->kind[s->nchoices++] = PB_CHOICE_PUNT;
        for (int k = 0; k < s->nchoices; k++)
            s->solver[k] = choice_value(&s->choice, s->kind[k]);
    }
}

static void weights(char *buf, size_t len, const char *const *names, const double *mix, int n)
{
    size_t at = 0;
    unsigned long w[5], sum = 0;
    for (int i = 0; i < n; i++)
        sum += w[i] = (unsigned long)lround(mix[i] * 1e6);
    if (sum == 0)
        w[0] = 1;   /* a mix that rounds to nothing: its first call (not reached by a solved game) */
    for (int i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s %lu", i ? ", " : "", names[i], w[i]);
}

/* The solved strategy's text with the choice forced at (down, togo, ytg): the rules go first in
 * their sections, so they win (the first matching rule decides). NULL when out of memory. */
static char *forced_text(const char *base, int down, int togo, int ytg, pb_drive_choice_kind k,
                         const pb_drive_choice *c)
{
    static const char *const off[] = {"run", "short", "long"};
    static const char *const def[] = {"d1", "d2", "d3", "d4", "d5"};
    char orule[200], drule[200] = "", mix[160];
    if (k == PB_CHOICE_GO) {
        weights(mix, sizeof mix, off, c->go_off_mix, 3);
        snprintf(orule, sizeof orule, "down %d, togo %d, ytg %d = %s\n", down, togo, ytg, mix);
        weights(mix, sizeof mix, def, c->go_def_mix, 5);
        snprintf(drule, sizeof drule, "down %d, togo %d, ytg %d = %s\n", down, togo, ytg, mix);
    } else
        snprintf(orule, sizeof orule, "down %d, togo %d, ytg %d = %s 1\n", down, togo, ytg,
                 k == PB_CHOICE_FG ? "fg" : "punt");
    const char *o = strstr(base, "\n[offense]\n"), *dsec = strstr(base, "\n[defense]\n");
    if (!o || !dsec || dsec < o)
        return NULL;
    o += strlen("\n[offense]\n");
    dsec += strlen("\n[defense]\n");
    size_t n = strlen(base) + strlen(orule) + strlen(drule) + 1;
    char *t = malloc(n);
    if (!t)
        return NULL;
    snprintf(t, n, "%.*s%s%.*s%s%s", (int)(o - base), base, orule, (int)(dsec - o), o, drule, dsec);
    return t;
}

int pb_verify_deck_fourth(const char *cmd, const pb_sim_config *base, uint64_t drives, pb_verify_fourth *f)
{
    const pb_ruleset *rs = base->rules;
    char err[400];
    pb_drive_opts dopts = {rs, base->policies, base->threads, 0};
    pb_drive *d = NULL;
    if (pb_drive_solve(&d, &dopts, err, sizeof err) != 0)
        return pb_cli_error(cmd, "the drive solve: %s", err);
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int status = PB_EXIT_OK;
    if (!mem || pb_solve_print_strategy(mem, d, &base->policies) != 0 || fclose(mem) != 0) {
        free(text);
        pb_drive_free(d);
        return pb_cli_error(cmd, "out of memory");
    }
    pick_states(d, rs, f);
    f->drives = drives;
    for (int i = 0; i < f->nstates && status == PB_EXIT_OK; i++) {
        pb_verify_fourth_state *s = &f->state[i];
        for (int k = 0; k < s->nchoices && status == PB_EXIT_OK; k++) {
            char *forced = forced_text(text, rs->downs, s->togo, s->ytg, s->kind[k], &s->choice);
            pb_strategy st;
            if (!forced) {
                status = pb_cli_error(cmd, "out of memory");
                break;
            }
            if (pb_strategy_parse(&st, forced, "the forced solved strategy", err, sizeof err) != 0) {
                free(forced);
                status = pb_cli_error(cmd, "%s", err);
                break;
            }
            free(forced);
            pb_sim_config cfg = *base;
            cfg.strategy[PB_HOME] = cfg.strategy[PB_AWAY] = &st;
            cfg.drive = true;
            cfg.drive_togo = s->togo;
            cfg.drive_down = rs->downs;
            cfg.drive_ytg = s->ytg;
            cfg.games = drives;
            pb_verify_pair p;
            if (pb_verify_deck_pair(&cfg, PB_VERIFY_DECK_REAL, &p, err, sizeof err) != 0)
                status = pb_cli_error(cmd, "%s", err);
            else
                pb_verify_pair_stats(&p, 1.0, &s->stats[k]);
            pb_strategy_release(&st);
        }
        /* the best call and the next by the solver, and the margin between them moved by the shifts */
        int b = 0, n = -1;
        for (int k = 1; k < s->nchoices; k++)
            if (s->solver[k] > s->solver[b])
                b = k;
        for (int k = 0; k < s->nchoices; k++)
            if (k != b && (n < 0 || s->solver[k] > s->solver[n]))
                n = k;
        s->best = b;
        s->next = n;
        s->real_margin = s->solver[b] - s->solver[n] + s->stats[b].diff - s->stats[n].diff;
        s->real_margin_se = hypot(s->stats[b].se_paired, s->stats[n].se_paired);
    }
    free(text);
    pb_drive_free(d);
    return status;
}

static const char *verdict(const pb_verify_fourth_state *s)
{
    return s->real_margin > 3 * s->real_margin_se ? "holds" : s->real_margin < -3 * s->real_margin_se ? "flips"
                                                                                                         : "undecided";
}

void pb_verify_deck_fourth_text(FILE *out, const pb_verify_fourth *f)
{
    fprintf(out, "4th-down calls (the solved drive strategy on both sides, the call forced at the state; %llu paired\n"
                 "drive chains a call; solver = the drive solver's EP of the call, z = (uniform - solver) / SE):\n",
            (unsigned long long)f->drives);
    for (int i = 0; i < f->nstates; i++) {
        const pb_verify_fourth_state *s = &f->state[i];
        fprintf(out, "  4th and %d at togo %d: the solver's call %s, by %.5f EP over %s\n", s->ytg, s->togo,
                choice_label(s->kind[s->best]), s->solver[s->best] - s->solver[s->next], choice_label(s->kind[s->next]));
        fprintf(out, "    %-10s %9s %9s %8s %6s %9s %8s %10s %9s\n", "call", "solver", "uniform", "SE", "z", "real", "SE",
                "real-unif", "paired SE");
        for (int k = 0; k < s->nchoices; k++) {
            const pb_verify_pair_stats_t *e = &s->stats[k];
            double z = e->se[0] > 0 ? (e->mean[0] - s->solver[k]) / e->se[0] : 0;
            fprintf(out, "    %-10s %9.5f %9.5f %8.5f %+6.2f %9.5f %8.5f %+10.5f %9.5f\n", choice_label(s->kind[k]),
                    s->solver[k], e->mean[0], e->se[0], z, e->mean[1], e->se[1], e->diff, e->se_paired);
        }
        fprintf(out, "    under the real deck: %s - %s = %+.5f (SE %.5f): the call %s at 3 SE\n",
                choice_label(s->kind[s->best]), choice_label(s->kind[s->next]), s->real_margin, s->real_margin_se,
                verdict(s));
    }
}

void pb_verify_deck_fourth_json(FILE *out, const pb_verify_fourth *f)
{
    fprintf(out, "\"fourth\":{\"drives\":%llu,\"states\":[", (unsigned long long)f->drives);
    for (int i = 0; i < f->nstates; i++) {
        const pb_verify_fourth_state *s = &f->state[i];
        fprintf(out, "%s{\"togo\":%d,\"ytg\":%d,\"best\":\"%s\",\"next\":\"%s\",\"solver_margin\":%.9g,"
                     "\"real_margin\":%.9g,\"real_margin_se\":%.6g,\"verdict\":\"%s\",\"calls\":[",
                i ? "," : "", s->togo, s->ytg, pb_drive_choice_name(s->kind[s->best]),
                pb_drive_choice_name(s->kind[s->next]), s->solver[s->best] - s->solver[s->next], s->real_margin,
                s->real_margin_se, verdict(s));
        for (int k = 0; k < s->nchoices; k++) {
            const pb_verify_pair_stats_t *e = &s->stats[k];
            fprintf(out, "%s{\"call\":\"%s\",\"solver\":%.9g,\"uniform\":%.9g,\"uniform_se\":%.6g,\"real\":%.9g,"
                         "\"real_se\":%.6g,\"diff\":%.9g,\"se_paired\":%.6g,\"z\":%.4f,\"z_solver\":%.4f}",
                    k ? "," : "", pb_drive_choice_name(s->kind[k]), s->solver[k], e->mean[0], e->se[0], e->mean[1],
                    e->se[1], e->diff, e->se_paired, e->z, e->se[0] > 0 ? (e->mean[0] - s->solver[k]) / e->se[0] : 0);
        }
        fputs("]}", out);
    }
    fputs("]}", out);
}
