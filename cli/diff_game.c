/* cli/diff_game.c: `paperbowl diff A B --game`: what a rule change does to the whole game under
 * equilibrium play (solve/wp.h): both games solved, then compared on the coin toss, the win
 * probability of a lead by cards left (half 2, 1st and 10 after a touchback), the two-point chart
 * (PAT or two, half 2) and, when every state is kept, the fourth-down chart (go / field goal /
 * punt, half 2, tied and +-3, at 4th and 1..10). A value counts as changed only when the two
 * certified intervals do not overlap; a choice only when it differs and both sides' margins exceed
 * their bounds. Exit status 1 when anything changes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "diff_game.h"
#include "enumerate.h"
#include "wp.h"

static int changed(const pb_wp_value *a, const pb_wp_value *b) { return a->hi < b->lo || b->hi < a->lo; }

static int value(const pb_wp *w, pb_wp_moment m, pb_wp_value *v)
{
    char err[256];
    return pb_wp_value_at(w, &m, v, err, sizeof err) == 0 && v->stored;
}

int pb_cli_diff_game(const pb_ruleset *a, const pb_ruleset *b, const pb_policies *pol, int threads, int lead_cap)
{
    const char *cmd = "diff";
    if (a->plays_per_quarter != b->plays_per_quarter || a->sw.timeouts != b->sw.timeouts)
        return pb_cli_error(cmd, "--game compares games of the same length and timeouts (plays_per_quarter %d/%d, "
                                 "TIMEOUTS %d/%d)", a->plays_per_quarter, b->plays_per_quarter, a->sw.timeouts,
                            b->sw.timeouts);
    pb_wp *w[2] = {NULL, NULL};
    const pb_ruleset *rs[2] = {a, b};
    char err[512];
    for (int k = 0; k < 2; k++) {
        pb_wp_opts o = {rs[k], *pol, threads, lead_cap, 0, pb_cli_dist()};
        double bytes = 3.0 * (2 * (lead_cap > 0 ? lead_cap : PB_WP_LEAD_CAP_DEFAULT) + 1) * (rs[k]->sw.timeouts + 1) *
                       (rs[k]->sw.timeouts + 1) * (2.0 * rs[k]->plays_per_quarter + 9) * rs[k]->downs * 4950 * 8;
        o.keep_all = bytes <= 2.0 * (1u << 30);
        if (pb_wp_solve(&w[k], &o, err, sizeof err) != 0) {
            pb_wp_free(w[0]);
            return pb_cli_error(cmd, "%s: %s", k ? "B" : "A", err);
        }
    }
    int P = pb_wp_cards_per_half(w[0]), T = a->sw.timeouts, tb = a->touchback_togo, changes = 0;
    printf("diff --game: A = %s -> B = %s (%s -> %s)\n", a->name, b->name, a->source, b->source);
    printf("the whole game under equilibrium play (doc/solve.md, \"The game solver\"), lead cap +-%d; a value\n"
           "changes when the certified intervals do not overlap\n\n", pb_wp_lead_cap(w[0]));
    pb_wp_value ka, kb;
    pb_wp_moment open = {PB_WP_KICKOFF, 1, P, 0, 0, T, T, 1, 0, 0, 0};
    value(w[0], open, &ka);
    value(w[1], open, &kb);
    printf("coin toss: kicking first %.6f -> %.6f (%+.6f)%s\n", ka.wp, kb.wp, kb.wp - ka.wp,
           changed(&ka, &kb) ? "  CHANGED" : "");
    changes += changed(&ka, &kb);

    static const int leads[] = {-14, -7, -3, 0, 3, 7, 14};
    int lefts[] = {P, P / 2, 10, 4, 1}, nwp = 0;
    double worst = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 7; j++) {
            if (lefts[i] < 1 || lefts[i] > P)
                continue;
            pb_wp_moment m = {PB_WP_SNAP, 2, lefts[i], 0, leads[j], T, T, 0, tb, 1, tb < 10 ? tb : 10};
            pb_wp_value x, y;
            if (!value(w[0], m, &x) || !value(w[1], m, &y))
                continue;
            if (changed(&x, &y)) {
                if (!nwp++)
                    printf("\nwin probability, half 2, 1st and 10 at togo %d (cards left, lead: A -> B):\n", tb);
                printf("  %2d left, lead %+3d: %.6f -> %.6f (%+.6f)\n", lefts[i], leads[j], x.wp, y.wp, y.wp - x.wp);
                worst = fmax(worst, fabs(y.wp - x.wp));
            }
        }
    if (nwp)
        printf("  %d changed, the largest by %.6f\n", nwp, worst);
    changes += nwp;

    int ntwo = 0;
    for (int left = 0; left < P; left++)
        for (int s = -15; s <= 9; s++) {
            pb_wp_moment m = {PB_WP_TRY, 2, left, 0, s, T, T, 0, 0, 0, 0};
            pb_wp_detail x, y;
            if (pb_wp_detail_at(w[0], &m, &x, err, sizeof err) != 0 || pb_wp_detail_at(w[1], &m, &y, err, sizeof err) != 0)
                continue;
            double mx = x.two - x.pat, my = y.two - y.pat, bx = x.value.bound * 2, by = y.value.bound * 2;
            if (fabs(mx) > bx && fabs(my) > by && (mx > 0) != (my > 0)) {
                if (!ntwo++)
                    printf("\ntwo-point chart, half 2 (cards left after the touchdown, lead after it: A -> B):\n");
                printf("  %2d left, lead %+3d: %s -> %s\n", left, s, mx > 0 ? "two" : "PAT", my > 0 ? "two" : "PAT");
            }
        }
    changes += ntwo;

    int nfourth = 0, checked = 0;
    static const char *const names[] = {"go", "field goal", "punt"};
    for (int li = 0; li < 2; li++)
        for (int s = -3; s <= 3; s += 3)
            for (int t = 1; t <= 99; t++)
                for (int y = 1; y <= 10 && y <= t; y++) {
                    int left = li ? 4 : P / 2;
                    pb_wp_moment m = {PB_WP_SNAP, 2, left, 0, s, T, T, 0, t, 4, y};
                    pb_wp_detail x, z;
                    if (pb_wp_detail_at(w[0], &m, &x, err, sizeof err) != 0 ||
                        pb_wp_detail_at(w[1], &m, &z, err, sizeof err) != 0)
                        continue;
                    checked++;
                    double ax[3] = {x.go, x.fg, x.punt}, az[3] = {z.go, z.fg, z.punt}, sx = -INFINITY, sz = -INFINITY;
                    for (int k = 0; k < 3; k++) {
                        if (k != (int)x.best)
                            sx = fmax(sx, ax[k]);
                        if (k != (int)z.best)
                            sz = fmax(sz, az[k]);
                    }
                    if (x.best != z.best && ax[x.best] - sx > 2 * x.radius && az[z.best] - sz > 2 * z.radius) {
                        if (!nfourth++)
                            printf("\nfourth down, half 2 (cards left, lead, togo, 4th and ytg: A -> B):\n");
                        printf("  %2d left, lead %+d, togo %2d, 4th and %2d: %s -> %s\n", left, s, t, y, names[x.best],
                               names[z.best]);
                    }
                }
    if (!checked)
        printf("\nfourth down: not compared (the games are too large to keep every state; doc/solve.md)\n");
    changes += nfourth;
    printf("\n%s\n", changes ? "the game changes" : "no change in the game's values and choices compared here");
    pb_wp_free(w[0]);
    pb_wp_free(w[1]);
    pb_enum_cache_clear();
    return changes ? PB_EXIT_FAIL : PB_EXIT_OK;
}
