/* carriers/carriers_mc.c: the Monte Carlo cross-check (carriers_mc.h), written apart from the
 * exact code: it rolls the dice and applies the rules text directly. */
#include "carriers_mc.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "carriers_dice.h"
#include "carriers_tables.h"
#include "splitmix.h"

const char *cr_plant_name(cr_plant p)
{
    static const char *const n[CR_PLANTS] = {"none", "zone-c-mod2", "injury-no-reset", "each-as-choose"};
    return p < CR_PLANTS ? n[p] : "?";
}

static int die(uint64_t *s) { return (int)(pb_splitmix_next(s) % 6) + 1; }

/* the rules text, applied to one roll of the defense's two dice */
static bool sim_zone(int zone, int a, int b, cr_plant plant)
{
    switch (zone) {
    case 0: return a != b;
    case 1: return (a & 1) == (b & 1);
    case 2: return plant == CR_PLANT_ZONE_C_MOD2 ? a % 2 == b % 2 : a % 3 == b % 3;
    default: return a == b;
    }
}

static void compare(cr_mc_result *res, double z_max, const char *what, long hits, long n, double p)
{
    res->compared++;
    double z;
    if (p <= 0.0 || p >= 1.0)
        z = hits == (long)(p * (double)n + 0.5) ? 0.0 : INFINITY;
    else
        z = ((double)hits - (double)n * p) / sqrt((double)n * p * (1.0 - p));
    if (fabs(z) > z_max)
        res->failed++;
    if (fabs(z) > res->worst_z || !res->worst[0]) {
        res->worst_z = fabs(z);
        snprintf(res->worst, sizeof res->worst, "%s: seen %ld of %ld, exact %.6f, z %.2f", what, hits, n, p, z);
    }
}

void cr_mc_check(const cr_rules *r, long trials, uint64_t seed, double z_max, cr_plant plant, cr_mc_result *res)
{
    memset(res, 0, sizeof *res);
    uint64_t s = seed;
    mpq_t q;
    mpq_init(q);
    char what[96];
    for (int z = 0; z < CR_ZONES; z++) {
        long hits = 0;
        for (long t = 0; t < trials; t++) {
            int a = die(&s), b = die(&s);
            hits += sim_zone(z, a, b, plant);
        }
        cr_zone_p(q, (cr_zone)z);
        snprintf(what, sizeof what, "zone %c", 'A' + z);
        compare(res, z_max, what, hits, trials, mpq_get_d(q));
    }
    for (int k = 0; k < CR_ROLLS; k++) {
        long hits = 0;
        for (long t = 0; t < trials; t++) {
            int a = die(&s), b = die(&s);
            hits += k == CR_ROLL_INJURY ? a % 3 == b % 3 : (a & 1) == (b & 1);
        }
        cr_roll_p(q, (cr_roll)k);
        compare(res, z_max, cr_roll_name((cr_roll)k), hits, trials, mpq_get_d(q));
    }
    /* a defender on every route square of each chart vector */
    for (int v = 0; v < CR_CHART_VECTORS; v++) {
        cr_square sq[CR_ROUTE_MAX];
        cr_zone zs[CR_ROUTE_MAX];
        int n = cr_route(r, cr_chart_vectors[v][0], cr_chart_vectors[v][1], sq, CR_ROUTE_MAX);
        for (int k = 0; k < n; k++)
            zs[k] = sq[k].zone;
        long hits = 0;
        for (long t = 0; t < trials; t++) {
            bool in = false;
            if (r->roll_each && plant != CR_PLANT_EACH_AS_CHOOSE) {
                for (int k = 0; k < n && !in; k++) {
                    int a = die(&s), b = die(&s);
                    in = sim_zone(zs[k], a, b, plant);
                }
            } else {  /* the defense rolls once with the piece in the lowest zone letter */
                int best = CR_ZONES;
                for (int k = 0; k < n; k++)
                    if ((int)zs[k] < best)
                        best = zs[k];
                int a = die(&s), b = die(&s);
                in = best < CR_ZONES && sim_zone(best, a, b, plant);
            }
            hits += in;
        }
        cr_intercept_p(q, r, zs, n);
        snprintf(what, sizeof what, "pass (%d,%d), every route square covered", cr_chart_vectors[v][0],
                 cr_chart_vectors[v][1]);
        compare(res, z_max, what, hits, trials, mpq_get_d(q));
    }
    /* injuries over a phase of n tackles */
    for (int n = 1; n <= 8; n++) {
        long hits = 0;
        for (long t = 0; t < trials; t++) {
            int count = 0;
            bool injured = false;
            for (int k = 0; k < n && !injured; k++) {
                bool counts = true;
                if (r->injury_higher_only)
                    counts = (long)(pb_splitmix_next(&s) % (uint64_t)r->higher_den) < r->higher_num;
                if (counts && ++count == 2) {
                    int a = die(&s), b = die(&s);
                    injured = a % 3 == b % 3;
                    if (plant != CR_PLANT_INJURY_NO_RESET)
                        count = 0;
                }
                if (plant == CR_PLANT_INJURY_NO_RESET && count >= 2)
                    count = 1;  /* planted: the count is kept, so every later tackle checks again */
            }
            hits += injured;
        }
        cr_injury_p(q, r, n);
        snprintf(what, sizeof what, "injured within %d tackles", n);
        compare(res, z_max, what, hits, trials, mpq_get_d(q));
    }
    mpq_clear(q);
}
