/* cli/verify_game.c: `paperbowl verify switches --game`: each alternative of each switch (doc/model.md
 * section 7) flipped alone, the whole game solved (solve/wp.h, headline states), and the switches
 * ranked by how far they move it: the coin toss (kicking first, 0-0) and the largest change of
 * the win probability of a lead (half 2, 1st and 10 after a touchback, leads -14..14, a few
 * cards-left values). One solve per alternative: minutes for small games, and for the default
 * game about 30 solves of half an hour or more each (the sweep MPI is for: doc/solve.md). OT has
 * no alternative the game solver plays (sudden-death overtime), nor the numeric TIMEOUTS. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "enumerate.h"
#include "switches.h"
#include "verify_game.h"
#include "wp.h"

typedef struct {
    char name[96];
    double coin, move;          /* change of the coin toss; largest change of a lead's value */
    int move_left, move_lead;
    double seconds;
} row;

static const int leads[] = {-14, -10, -7, -3, 0, 3, 7, 10, 14};

static int measure(const pb_ruleset *rs, const pb_policies *pol, int threads, int lead_cap, double *coin, double *wp,
                   int nl, const int *lefts, char *err, size_t errlen)
{
    pb_wp *w = NULL;
    pb_wp_opts o = {rs, *pol, threads, lead_cap, 0, pb_cli_dist()};
    if (pb_wp_solve(&w, &o, err, errlen) != 0)
        return -1;
    int P = pb_wp_cards_per_half(w), T = rs->sw.timeouts, tb = rs->touchback_togo;
    pb_wp_value v;
    pb_wp_moment m = {PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0};
    pb_wp_value_at(w, &m, &v, err, errlen);
    *coin = v.wp;
    for (int i = 0; i < nl; i++)
        for (int j = 0; j < 9; j++) {
            pb_wp_moment s = {PB_WP_SNAP, 2, lefts[i], 0, leads[j], T, T, 0, tb, 1, tb < 10 ? tb : 10};
            wp[i * 9 + j] = pb_wp_value_at(w, &s, &v, err, errlen) == 0 ? v.wp : NAN;
        }
    pb_wp_free(w);
    return 0;
}

static int by_move(const void *a, const void *b)
{
    const row *x = a, *y = b;
    double kx = fmax(fabs(x->coin), x->move), ky = fmax(fabs(y->coin), y->move);
    return kx < ky ? 1 : kx > ky ? -1 : strcmp(x->name, y->name);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int pb_cli_verify_switches_game(const pb_ruleset *rs, const pb_policies *pol, int threads, int lead_cap)
{
    const char *cmd = "verify";
    char err[512];
    int P = 2 * rs->plays_per_quarter, lefts[4] = {P, P / 2 > 0 ? P / 2 : 1, 4 < P ? 4 : P, 1}, nl = 4;
    double base_coin, base_wp[36], t0 = now();
    if (measure(rs, pol, threads, lead_cap, &base_coin, base_wp, nl, lefts, err, sizeof err) != 0)
        return pb_cli_error(cmd, "%s", err);
    double base_secs = now() - t0;
    printf("verify switches --game: %s, each switch's alternatives flipped alone, the whole game solved\n"
           "(doc/solve.md, \"The game solver\"); baseline solved in %.1f s: kicking first %.6f\n\n", rs->name,
           base_secs, base_coin);
    row *rows = calloc(64, sizeof *rows);
    int n = 0;
    for (size_t k = 0; k < pb_switch_count && rows; k++) {
        const pb_switch_info *s = &pb_switch_table[k];
        if (s->offset < 0 || !s->values[0] || strcmp(s->id, "OT") == 0)
            continue;
        int cur = pb_switch_get(&rs->sw, s);
        for (int v = 0; s->values[v] && n < 64; v++) {
            if (v == cur)
                continue;
            pb_ruleset alt = *rs;
            pb_switch_set(&alt.sw, s, v);
            row *r = &rows[n];
            snprintf(r->name, sizeof r->name, "%s=%s", s->id, s->values[v]);
            double coin, wp[36], t1 = now();
            if (measure(&alt, pol, threads, lead_cap, &coin, wp, nl, lefts, err, sizeof err) != 0) {
                free(rows);
                return pb_cli_error(cmd, "%s: %s", r->name, err);
            }
            r->seconds = now() - t1;
            r->coin = coin - base_coin;
            for (int i = 0; i < nl * 9; i++)
                if (fabs(wp[i] - base_wp[i]) > r->move) {
                    r->move = fabs(wp[i] - base_wp[i]);
                    r->move_left = lefts[i / 9];
                    r->move_lead = leads[i % 9];
                }
            n++;
        }
    }
    if (!rows)
        return pb_cli_error(cmd, "out of memory");
    qsort(rows, (size_t)n, sizeof *rows, by_move);
    printf("%-28s %12s %12s  %-22s %8s\n", "switch", "coin toss", "largest WP", "where (left, lead)", "seconds");
    for (int i = 0; i < n; i++) {
        char where[32] = "-";
        if (rows[i].move > 0)
            snprintf(where, sizeof where, "%2d left, lead %+3d", rows[i].move_left, rows[i].move_lead);
        printf("%-28s %+12.6f %12.6f  %-22s %8.1f\n", rows[i].name, rows[i].coin, rows[i].move, where, rows[i].seconds);
    }
    printf("\n%d alternatives; the values carry the solver's bounds (solve game prints them)\n", n);
    free(rows);
    pb_enum_cache_clear();
    return PB_EXIT_OK;
}
