/* cli/solve_game_print.c: text and JSON for `paperbowl solve game` (the headline answers of a
 * solved game) and `paperbowl solve wp` (one moment with its alternatives). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "solve_game.h"

static const char *const call_names[] = {"run", "short", "long"};
static const char *const choice_names[] = {"go", "field_goal", "punt"};

static double wp_of(const pb_wp *w, pb_wp_moment m, double *bound)
{
    pb_wp_value v;
    char err[256];
    if (pb_wp_value_at(w, &m, &v, err, sizeof err) != 0 || !v.stored) {
        *bound = NAN;
        return NAN;
    }
    *bound = v.bound;
    return v.wp;
}

/* The lead columns and cards-left rows of the charts. */
static const int chart_leads[] = {-21, -17, -14, -10, -7, -3, 0, 3, 7, 10, 14, 17, 21};
#define NLEADS ((int)(sizeof chart_leads / sizeof chart_leads[0]))

static int chart_lefts(const pb_wp *w, int *out)
{
    int P = pb_wp_cards_per_half(w), n = 0;
    const int cand[] = {P, 3 * P / 4, P / 2, P / 4, 10, 5, 3, 2, 1};
    for (int i = 0; i < (int)(sizeof cand / sizeof cand[0]); i++)
        if (cand[i] >= 1 && cand[i] <= P && (n == 0 || cand[i] < out[n - 1]))
            out[n++] = cand[i];
    return n;
}

/* "PATH, 12.4 MB (12968209 bytes), the headline states": where the value file went and its size. */
static void value_file_line(FILE *out, const pb_solve_game_ctx *c)
{
    struct stat sb;
    if (stat(c->values_path, &sb) != 0) {
        fprintf(out, "value file: %s\n", c->values_path);
        return;
    }
    double b = (double)sb.st_size;
    const char *unit = b >= 1e9 ? "GB" : b >= 1e6 ? "MB" : "kB";
    double div = b >= 1e9 ? 1e9 : b >= 1e6 ? 1e6 : 1e3;
    char last[112];
    snprintf(last, sizeof last, "every state of half 2's last %d card%s kept, the headline elsewhere (--full-last %d)",
             c->values_last, c->values_last == 1 ? "" : "s", c->values_last);
    fprintf(out, "value file: %s, %.1f %s (%lld bytes), %s\n", c->values_path, b / div, unit, (long long)sb.st_size,
            c->values_all ? "every state kept (--full)" : c->values_last > 0 ? last : "the headline states kept (--headline)");
}

/* The toss winner's choice: kicking off first is worth `kick` (+- b), receiving 1 - kick (+- b), so
 * the difference 2 kick - 1 is certain to within 2b: "kick", "receive", or "tie" when it is not
 * decided (the two are within the bound of a tie). */
static const char *toss_choice(double kick, double b)
{
    return !(fabs(2 * kick - 1) > 2 * b) ? "tie" : kick > 0.5 ? "kick" : "receive";
}

static void toss_lines(FILE *out, double kick, double b)
{
    fprintf(out, "  kick off first   %.9f\n  receive first    %.9f   (each +- %.2g)\n", kick, 1 - kick, b);
    const char *ch = toss_choice(kick, b);
    if (ch[0] == 't')
        fprintf(out, "  a tie within the bound: the two differ by %.3g, within +- %.2g\n", fabs(2 * kick - 1), 2 * b);
    else
        fprintf(out, "  the toss winner should %s: worth %.3g over %s (+- %.2g)\n", ch, fabs(2 * kick - 1),
                ch[0] == 'k' ? "receiving" : "kicking off", 2 * b);
}

int pb_solve_game_print(FILE *out, const pb_solve_game_ctx *c)
{
    const pb_wp *w = c->w;
    const pb_ruleset *rs = pb_wp_rules(w);
    int P = pb_wp_cards_per_half(w), T = rs->sw.timeouts, tb = rs->touchback_togo;
    pb_wp_stats st;
    pb_wp_stats_get(w, &st);
    double kb, kick = wp_of(w, (pb_wp_moment){PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0}, &kb);
    int lefts[16], nl = chart_lefts(w, lefts);
    /* the overtime's toss (OT=sudden-death): kicking off at its first card, 0-0 */
    int ot = rs->sw.overtime == PB_OT_SUDDEN_DEATH;
    double ob = NAN, okick = ot ? wp_of(w, (pb_wp_moment){PB_WP_KICKOFF, 3, P / 2, 0, 0, T, T, 0, 0, 0, 0}, &ob) : NAN;
    if (c->json) {
        fprintf(out, "{\"ruleset\":\"%s\",\"lead_cap\":%d,\"states\":%.0f,\"max_gap\":%.3g,\"max_exploit\":%.3g,",
                rs->name, st.lead_cap, st.states, st.max_gap, st.max_exploit);
        fprintf(out, "\"coin_toss\":{\"kick\":%.9f,\"receive\":%.9f,\"bound\":%.3g,\"choice\":\"%s\"},", kick,
                1 - kick, kb, toss_choice(kick, kb));
        if (c->deck_line) {  /* our own line: no quote, backslash or control character in it */
            fputs("\"real_deck_toss\":\"", out);
            for (const char *p = c->deck_line; *p; p++)
                if (*p != '"' && *p != '\\' && (unsigned char)*p >= 0x20)
                    fputc(*p, out);
            fputs("\",", out);
        }
        fprintf(out, "\"monotone\":{\"pairs\":%.0f,\"violations\":%.0f,\"largest_certain_drop\":%.3g,"
                     "\"largest_midpoint_drop\":%.3g",
                st.mono.pairs, st.mono.violations, st.mono.drop > 0 ? st.mono.drop : 0.0, st.mono.mid_drop);
        if (st.mono.violations > 0)
            fprintf(out, ",\"largest_at\":{\"half\":%d,\"left\":%d,\"lead\":%d}", st.mono.drop_half,
                    st.mono.drop_left, st.mono.drop_lead);
        fprintf(out, "},\"lead_window\":{\"settled_states\":%.0f,\"edge_width\":%.3g},", st.settled_states,
                st.window_width);
        if (ot)
            fprintf(out, "\"overtime_toss\":{\"kick\":%.9f,\"receive\":%.9f,\"bound\":%.3g,\"choice\":\"%s\"},", okick,
                    1 - okick, ob, toss_choice(okick, ob));
        fprintf(out, "\"wp_by_lead\":[");
        for (int i = 0; i < nl; i++)
            for (int j = 0; j < NLEADS; j++) {
                double b, v = wp_of(w, (pb_wp_moment){PB_WP_SNAP, 2, lefts[i], 0, chart_leads[j], T, T, 0, tb, 1,
                                                      tb < 10 ? tb : 10}, &b);
                fprintf(out, "%s{\"half\":2,\"left\":%d,\"lead\":%d,\"wp\":%.9f,\"bound\":%.3g}", i || j ? "," : "",
                        lefts[i], chart_leads[j], v, b);
            }
        fprintf(out, "]");
        struct stat sb;
        if (c->values_path && stat(c->values_path, &sb) == 0) {
            fprintf(out, ",\"value_file\":\"");
            for (const char *p = c->values_path; *p; p++)
                fprintf(out, *p == '"' || *p == '\\' ? "\\%c" : (unsigned char)*p < 0x20 ? "\\u%04x" : "%c",
                        (unsigned char)*p);
            fprintf(out, "\",\"value_file_bytes\":%lld,\"value_file_states\":\"%s\"", (long long)sb.st_size,
                    c->values_all ? "all" : c->values_last > 0 ? "last" : "headline");
            if (!c->values_all && c->values_last > 0)
                fprintf(out, ",\"value_file_full_last\":%d", c->values_last);
        }
        fprintf(out, "}\n");
        return PB_EXIT_OK;
    }
    fprintf(out, "Game solver: %s, lead cap +-%d, %.3g states solved\n", rs->name, st.lead_cap, st.states);
    if (c->values_path)
        value_file_line(out, c);
    fprintf(out, "largest certified interval (kept 1st downs, kicks, tries): %.3g; largest exploitability %.3g\n\n",
            st.max_gap, st.max_exploit);
    fprintf(out, "lead monotonicity, every solved value against the same moment one point ahead: %.0f pairs, ",
            st.mono.pairs);
    if (st.mono.violations > 0)
        fprintf(out, "%.0f certain falls (the largest %.3g: half %d, %d card%s left, lead %+d to %+d)",
                st.mono.violations, st.mono.drop, st.mono.drop_half, st.mono.drop_left, st.mono.drop_left == 1 ? "" : "s",
                st.mono.drop_lead, st.mono.drop_lead + 1);
    else
        fprintf(out, "no certain fall");
    fprintf(out, "; midpoints fall by at most %.3g\n", st.mono.mid_drop);
    fprintf(out, "lead windows: %.3g states settled beyond them, not solved (%.1f %% of the layers' states); "
                 "widest interval at their edges %.3g\n\n",
            st.settled_states, 100 * st.settled_states / (st.states + st.settled_states), st.window_width);
    fprintf(out, "Coin toss (0-0, %d timeout%s each, all %d cards of the half left):\n", T, T == 1 ? "" : "s", P);
    toss_lines(out, kick, kb);
    if (c->deck_line)
        fprintf(out, "  the uniform-card model; under the real deck, simulated: %s\n", c->deck_line);
    fputc('\n', out);
    if (ot) {
        fprintf(out, "Overtime (sudden death: the first score wins; 0-0, %d timeout%s each, all %d card%s left):\n", T,
                T == 1 ? "" : "s", P / 2, P / 2 == 1 ? "" : "s");
        toss_lines(out, okick, ob);
        fputc('\n', out);
    }

    fprintf(out, "Win probability of the team with the ball, half 2, 1st and 10 at togo %d, %d timeout%s each\n", tb, T, T == 1 ? "" : "s");
    fprintf(out, "(rows: cards left; columns: its lead):\n  left");
    for (int j = 0; j < NLEADS; j++)
        fprintf(out, " %6d", chart_leads[j]);
    fputc('\n', out);
    double worst = 0;
    for (int i = 0; i < nl; i++) {
        fprintf(out, "  %4d", lefts[i]);
        for (int j = 0; j < NLEADS; j++) {
            double b, v = wp_of(w, (pb_wp_moment){PB_WP_SNAP, 2, lefts[i], 0, chart_leads[j], T, T, 0, tb, 1,
                                                  tb < 10 ? tb : 10}, &b);
            worst = fmax(worst, b);
            fprintf(out, " %6.3f", v);
        }
        fputc('\n', out);
    }
    fprintf(out, "  (each value within +- %.2g)\n", worst);

    fprintf(out, "\nTwo-point chart, half 2 (rows: the lead after the touchdown, before the try; columns: cards\n"
                 "left after the scoring play; 2 = go for two, K = kick the PAT, . = the same, ? = within the bounds):\n  lead");
    int cand[] = {P - 1, P / 2, P / 4, 8, 4, 2, 1, 0}, tl[8], nt = 0;
    for (int i = 0; i < 8; i++)
        if (cand[i] >= 0 && cand[i] <= P - 1 && (nt == 0 || cand[i] < tl[nt - 1]))
            tl[nt++] = cand[i];
    for (int i = 0; i < nt; i++)
        fprintf(out, " %3d", tl[i]);
    fputc('\n', out);
    for (int s = -15; s <= 9; s++) {
        fprintf(out, "  %4d", s);
        for (int i = 0; i < nt; i++) {
            pb_wp_detail d;
            char err[256];
            pb_wp_moment m = {PB_WP_TRY, 2, tl[i] < 0 ? 0 : tl[i], 0, s, T, T, 0, 0, 0, 0};
            if (pb_wp_detail_at(w, &m, &d, err, sizeof err) != 0)
                fprintf(out, "   ?");
            else
            {   /* as the tables decide (tables/build_game.c) */
                double diff = fabs(d.two - d.pat);
                int open = diff <= 2 * d.radius;
                fprintf(out, "   %c", open && d.radius > 1e-12 ? '?'
                                         : diff <= 1e-12         ? '.'
                                         : open                  ? '?'
                                         : d.two > d.pat         ? '2'
                                                                 : 'K');
            }
        }
        fputc('\n', out);
    }

    if (T == 0)
        return PB_EXIT_OK;
    fprintf(out, "\nWhat a timeout is worth, half 2, 1st and 10 at togo %d, tied (WP with %d timeout%s minus WP "
                 "with %d; the opponent has %d):\n", tb, T, T == 1 ? "" : "s", T > 0 ? T - 1 : 0, T);
    for (int i = 0; i < nl && T > 0; i++) {
        double b1, b2;
        double v1 = wp_of(w, (pb_wp_moment){PB_WP_SNAP, 2, lefts[i], 0, 0, T, T, 0, tb, 1, tb < 10 ? tb : 10}, &b1);
        double v0 = wp_of(w, (pb_wp_moment){PB_WP_SNAP, 2, lefts[i], 0, 0, T - 1, T, 0, tb, 1, tb < 10 ? tb : 10}, &b2);
        fprintf(out, "  %2d card%s left: %+.6f (+- %.2g)\n", lefts[i], lefts[i] == 1 ? " " : "s", v1 - v0, b1 + b2);
    }
    return PB_EXIT_OK;
}

static void print_moment(FILE *out, const pb_wp_moment *m)
{
    fprintf(out, "half %d, %d card%s left, lead %+d, timeouts %d,%d", m->half, m->left, m->left == 1 ? "" : "s", m->lead,
            m->timeouts_own, m->timeouts_opp);
    if (m->half == 1)
        fprintf(out, ", %s the second-half kickoff", m->receives_second ? "receives" : "kicks");
    if (m->kind == PB_WP_SNAP)
        fprintf(out, ": down %d, %d to gain, togo %d\n", m->down, m->ytg, m->togo);
    else
        fprintf(out, ": %s\n", m->kind == PB_WP_TRY ? "the try" : m->kind == PB_WP_KICKOFF ? "kickoff" : "free kick");
}

int pb_solve_game_print_wp(FILE *out, const pb_solve_game_ctx *c, const pb_wp_moment *m)
{
    pb_wp_value v;
    pb_wp_detail d;
    char err[256], derr[256];
    int have = pb_wp_detail_at(c->w, m, &d, derr, sizeof derr) == 0;   /* (first: a value recomputed once) */
    if (!have && pb_wp_value_at(c->w, m, &v, err, sizeof err) != 0)
        return pb_cli_error("solve", "%s", err);
    if (have)
        v = d.value;
    else if (!v.stored)
        return pb_cli_error("solve", "%s", derr);
    if (c->json) {
        fprintf(out, "{\"wp\":%.12f,\"lo\":%.12f,\"hi\":%.12f,\"bound\":%.3g", v.wp, v.lo, v.hi, v.bound);
        if (v.recomputed)
            fprintf(out, ",\"recomputed\":true,\"states\":%ld", v.states);
        if (have)
            fprintf(out, ",\"alternatives_bound\":%.3g", d.radius);
        if (have && m->kind == PB_WP_SNAP) {
            fprintf(out, ",\"go\":%.12f", d.go);
            if (isinf(d.fg))
                fprintf(out, ",\"field_goal\":null");
            else
                fprintf(out, ",\"field_goal\":%.12f", d.fg);
            if (isinf(d.punt))
                fprintf(out, ",\"punt\":null");
            else
                fprintf(out, ",\"punt\":%.12f", d.punt);
            fprintf(out, ",\"best\":\"%s\"", m->left == 0 && d.best == PB_WP_GO ? "end" : choice_names[d.best]);
            if (m->left > 0) {
                fprintf(out, ",\"offense_mix\":{\"run\":%.9f,\"short\":%.9f,\"long\":%.9f}", d.off_mix[0],
                        d.off_mix[1], d.off_mix[2]);
                fprintf(out, ",\"defense_mix\":[%.9f,%.9f,%.9f,%.9f,%.9f],\"exploitability\":%.3g", d.def_mix[0],
                        d.def_mix[1], d.def_mix[2], d.def_mix[3], d.def_mix[4], d.exploit);
            }
            if (d.extra_off >= 0)
                fprintf(out, ",\"extra_play_offense\":{\"takes\":%s,\"wp\":%.12f,\"bound\":%.3g}",
                        d.extra_off ? "true" : "false", d.extra_off_value, d.extra_off_bound);
            if (d.extra_def >= 0) {
                fprintf(out, ",\"extra_play_defense\":{\"takes\":%s,\"wp\":%.12f,\"bound\":%.3g}",
                        d.extra_def ? "true" : "false", d.extra_def_value, d.extra_def_bound);
            }
        } else if (have && m->kind == PB_WP_TRY) {
            fprintf(out, ",\"pat\":%.12f,\"two_point\":%.12f,\"best\":\"%s\"", d.pat, d.two,
                    d.two > d.pat ? "two_point" : "pat");
        } else if (have) {
            fprintf(out, ",\"regular\":%.12f,\"onside\":%.12f,\"best\":\"%s\"", d.regular, d.onside,
                    d.onside > d.regular ? "onside" : "regular");
        }
        fprintf(out, "}\n");
        return PB_EXIT_OK;
    }
    print_moment(out, m);
    if (v.recomputed && v.lo <= v.hi) {   /* the digits the bound allows, the ends rounded outward */
        int dg = v.bound > 0 ? (int)floor(-log10(2 * v.bound)) : 9;
        dg = dg < 1 ? 1 : dg > 9 ? 9 : dg;
        double sc = pow(10, dg);
        fprintf(out, "win probability %.*f (recomputed from the kept states, %ld solved again; certified: %.*f .. %.*f, "
                     "bound %.2g)\n", dg, v.wp, v.states, dg, floor(v.lo * sc) / sc, dg, ceil(v.hi * sc) / sc, v.bound);
    } else if (v.lo > v.hi)   /* the solve's interval inverted: a defect of the solve, never shown as certified */
        fprintf(out, "win probability %.9f (NOT certified: the solve's interval is inverted, %.9f .. %.9f)\n", v.wp,
                v.lo, v.hi);
    else
        fprintf(out, "win probability %.9f (certified: %.9f .. %.9f)\n", v.wp, v.lo, v.hi);
    if (!have) {
        fprintf(out, "alternatives: %s\n", derr);
        return PB_EXIT_OK;
    }
    if (m->kind == PB_WP_SNAP && m->left == 0) {
        fprintf(out, "  let the half end  %.9f\n", d.go);
        if (!isinf(d.fg))
            fprintf(out, "  field goal        %.9f\n", d.fg);
        fprintf(out, "best: %s (each alternative within %.2g)\n", d.best == PB_WP_FIELD_GOAL ? "field goal" : "let the half end",
                d.radius);
    } else if (m->kind == PB_WP_SNAP) {
        fprintf(out, "  go          %.9f   offense", d.go);
        for (int o = 0; o < 3; o++)
            fprintf(out, " %s %.3f", call_names[o], d.off_mix[o]);
        fprintf(out, "; defense");
        for (int j = 0; j < 5; j++)
            fprintf(out, " d%d %.3f", j + 1, d.def_mix[j]);
        fprintf(out, "\n");
        if (!isinf(d.fg))
            fprintf(out, "  field goal  %.9f\n", d.fg);
        fprintf(out, "  punt        %.9f\n", d.punt);
        double alt[3] = {d.go, d.fg, d.punt}, second = -INFINITY;
        for (int k = 0; k < 3; k++)
            if (k != (int)d.best && alt[k] > second)
                second = alt[k];
        fprintf(out, "best: %s, by %.6f (each alternative within %.2g)\n", choice_names[d.best], alt[d.best] - second,
                d.radius);
        if (d.extra_off >= 0)
            fprintf(out, "last play: the offense %s a timeout for an extra play (%.6f ± %.2g)\n",
                    d.extra_off ? "takes" : "does not take", d.extra_off_value, d.extra_off_bound);
        if (d.extra_def >= 0)
            fprintf(out, "last play: the defense %s a timeout for an extra play (%.6f ± %.2g)\n",
                    d.extra_def ? "takes" : "does not take", d.extra_def_value, d.extra_def_bound);
        fprintf(out, "snap matrix (win probability, each within %.2g; rows run, short, long; columns Defense 1..5):\n",
                d.radius);
        for (int o = 0; o < 3; o++) {
            fprintf(out, "  %-5s", call_names[o]);
            for (int j = 0; j < 5; j++)
                fprintf(out, " %.6f", d.matrix[o][j]);
            fputc('\n', out);
        }
    } else if (m->kind == PB_WP_TRY) {
        fprintf(out, "  PAT kick    %.9f\n  two-point   %.9f   offense run %.3f short %.3f long %.3f\n", d.pat, d.two,
                d.two_off_mix[0], d.two_off_mix[1], d.two_off_mix[2]);
        fprintf(out, "best: %s (each alternative within %.2g)\n", d.two > d.pat ? "two-point" : "PAT kick", d.radius);
    } else {
        fprintf(out, "  regular     %.9f\n  onside      %.9f\nbest: %s (each alternative within %.2g)\n", d.regular,
                d.onside, d.onside > d.regular ? "onside" : "regular", d.radius);
    }
    return PB_EXIT_OK;
}
