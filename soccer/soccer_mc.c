/* soccer/soccer_mc.c: the Monte Carlo cross-check (soccer_mc.h). The simulator below is written
 * apart from the exact resolvers on purpose: it shares only the ruleset and the line format. */
#include "soccer_mc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "soccer_duel.h"
#include "soccer_kick.h"
#include "splitmix.h"

static const char *const plant_names[MS_PLANTS] = {"none", "trap-deflects", "tie-holder", "lob-all-faces",
                                                   "pk-two-off"};

const char *ms_plant_name(ms_plant p) { return p < MS_PLANTS ? plant_names[p] : "?"; }

int ms_plant_parse(const char *name, ms_plant *out)
{
    for (int i = 0; i < MS_PLANTS; i++)
        if (strcmp(name, plant_names[i]) == 0) {
            *out = (ms_plant)i;
            return 0;
        }
    return -1;
}


static int die(uint64_t *s) { return (int)(pb_splitmix_next(s) % 6) + 1; }

static char at(const char *line, int i) { return i <= (int)strlen(line) ? line[i - 1] : '.'; }

/* one kick, the kind of its outcome (the deflection sent in counts as its own kind 8) */
static int sim_kick(const ms_rules *r, const ms_kick *k, int face, ms_plant plant)
{
    bool gk = k->kicker == MS_KICKER_GOAL_KICK || (k->kicker == MS_KICKER_GK_AREA && r->gk_adv_all_area_kicks);
    if (k->type == MS_LOB) {
        int bonus = (r->lob_plus[face] || plant == MS_PLANT_LOB_ALL_FACES) ? r->lob_adv : 0;
        int g = gk ? r->goal_kick_adv : 0;
        int land = face + (r->gk_lob_stack ? bonus + g : (bonus > g ? bonus : g));
        for (int i = 1; i <= land; i++) {
            char c = at(k->line, i);
            if (c == 'G')
                return i == land ? MS_OUT_GOAL : MS_OUT_OVER;
            if (c == '|')
                return MS_OUT_OUT;
            if (i == land)
                return c == '.' ? MS_OUT_LOOSE : c == 'T' ? MS_OUT_PASS : MS_OUT_STEAL;
        }
        return MS_OUT_LOOSE;
    }
    if (k->type == MS_INSIDE)
        return -1;
    int strength = face + (gk ? r->goal_kick_adv : 0), pos = 0;
    while (strength > 0) {
        pos++;
        strength--;
        char c = at(k->line, pos);
        if (c == '.')
            continue;
        if (c == 'G')
            return strength == 0 || r->grounder_past_goal_scores ? MS_OUT_GOAL : MS_OUT_OVER;
        if (c == '|')
            return MS_OUT_OUT;
        int over;  /* squares the deflection carries, 0: kept */
        if (pos == 1)
            over = r->adjacent[face];
        else
            over = strength >= 2 || (plant == MS_PLANT_TRAP_DEFLECTS && strength == 1) ? strength : 0;
        if (over == 0)
            return c == 'T' ? MS_OUT_PASS : MS_OUT_STEAL;
        bool ours = c == 'T' || pos == 1 || r->chooser == MS_CHOOSER_KICKER;
        if (ours) {  /* straight on: does it go in? */
            for (int j = pos + 1; j <= pos + over; j++) {
                char e = at(k->line, j);
                if (e == 'G' && (r->grounder_past_goal_scores || j == pos + over))
                    return 8;
                if (e == '|' || e == 'G' || (e != '.' && r->deflect_stops))
                    break;
            }
        }
        return MS_OUT_DEFLECT;
    }
    return MS_OUT_LOOSE;
}

typedef struct {
    const ms_mc_opts *o;
    ms_mc_result *res;
    uint64_t rng;
} ctx;

/* holds the count of `hits` in n trials against the exact p (num/den) */
static void compare(ctx *c, const char *what, long hits, long n, double p)
{
    c->res->compared++;
    double z;
    if (p <= 0.0 || p >= 1.0)
        z = (hits == (long)(p * (double)n + 0.5)) ? 0.0 : INFINITY;
    else
        z = ((double)hits - (double)n * p) / sqrt((double)n * p * (1.0 - p));
    if (fabs(z) > c->o->z_max)
        c->res->failed++;
    if (fabs(z) > c->res->worst_z || (c->res->compared == 1 && c->res->worst[0] == 0)) {
        c->res->worst_z = fabs(z);
        snprintf(c->res->worst, sizeof c->res->worst, "%s: seen %ld of %ld, exact %.6f, z %.2f", what, hits, n, p, z);
    }
}

static void check_kick(ctx *c, const ms_rules *r, const ms_kick *k)
{
    long n = c->o->trials, count[9] = {0};
    for (long t = 0; t < n; t++)
        count[sim_kick(r, k, die(&c->rng), c->o->plant)]++;
    c->res->cases++;
    for (int kind = 0; kind < MS_OUT_KINDS; kind++) {
        if (kind == MS_OUT_BARRED)
            continue;
        mpq_t q, all;
        mpq_inits(q, all, NULL);
        ms_kick_p(q, r, k, (ms_outcome_kind)kind, false);
        long hits = count[kind];
        if (kind == MS_OUT_DEFLECT)
            hits += count[8];
        char what[96];
        snprintf(what, sizeof what, "%s %sline %s: %s", k->type == MS_LOB ? "lob" : "grounder",
                 k->kicker == MS_KICKER_GOAL_KICK ? "goal kick " : "", k->line, ms_outcome_name((ms_outcome_kind)kind));
        compare(c, what, hits, n, mpq_get_d(q));
        if (kind == MS_OUT_GOAL) {
            ms_kick_p(all, r, k, MS_OUT_GOAL, true);
            mpq_sub(all, all, q);
            snprintf(what, sizeof what, "grounder line %s: deflection sent in", k->line);
            if (k->type == MS_GROUNDER)
                compare(c, what, count[8], n, mpq_get_d(all));
        }
        mpq_clears(q, all, NULL);
    }
}

static void line_of(char *line, int d, char last, int keeper)
{
    memset(line, '.', (size_t)d - 1);
    line[d - 1] = last;
    line[d] = 0;
    if (keeper)
        line[keeper - 1] = 'K';
}

void ms_mc_check(const ms_rules *r, const ms_mc_opts *o, ms_mc_result *res)
{
    memset(res, 0, sizeof *res);
    ctx c = {o, res, o->seed};
    ms_kick k;
    for (int type = 0; type < 2; type++)
        for (int kicker = 0; kicker < 3; kicker++)
            for (int d = 1; d <= 10; d++)
                for (int who = 0; who < 3; who++) {
                    memset(&k, 0, sizeof k);
                    k.type = type ? MS_LOB : MS_GROUNDER;
                    k.kicker = (ms_kicker)kicker;
                    line_of(k.line, d, "GTO"[who], 0);
                    check_kick(&c, r, &k);
                }
    for (int g = 2; g <= 7; g++)
        for (int d = 1; d < g; d++) {
            memset(&k, 0, sizeof k);
            k.type = MS_GROUNDER;
            line_of(k.line, g, 'G', d);
            check_kick(&c, r, &k);
        }
    /* charges: two dice */
    for (int ch = 0; ch < MS_CHARGERS; ch++) {
        int bonus = ms_charge_bonus(r, (ms_charger)ch);
        long wins = 0;
        for (long t = 0; t < o->trials; t++) {
            int a = die(&c.rng) + bonus, b = die(&c.rng);
            wins += a > b || (a == b && o->plant != MS_PLANT_TIE_HOLDER);
        }
        mpq_t q;
        mpq_init(q);
        ms_charge_p(q, r, (ms_charger)ch);
        char what[96];
        snprintf(what, sizeof what, "charge by a %s: charger wins", ms_charger_name((ms_charger)ch));
        res->cases++;
        compare(&c, what, wins, o->trials, mpq_get_d(q));
        mpq_clear(q);
    }
    /* penalty kicks and whole shoot-outs: the keeper guesses as the rules say */
    int off = r->pk_off_faces + (o->plant == MS_PLANT_PK_TWO_OFF);
    long goals = 0, first = 0, second = 0, level = 0;
    double kicks = 0, kicks2 = 0;
    int n = r->shootout_kicks;
    for (long t = 0; t < o->trials; t++) {
        int sa = 0, sb = 0, ta = 0, tb = 0;
        bool done = false;
        while (!done) {
            int guess = r->pk_keeper_any || off >= 6 ? die(&c.rng) : off + 1 + (int)(pb_splitmix_next(&c.rng) % (unsigned)(6 - off));
            int f = die(&c.rng);
            bool in = f > off && f != guess;
            if (ta == 0)
                goals += in;
            bool a_kicks = ta == tb;
            if (a_kicks) {
                sa += in;
                ta++;
            } else {
                sb += in;
                tb++;
            }
            if (ta <= n && tb <= n && !(ta == n && tb == n)) {
                done = sa + (n - ta) < sb || sb + (n - tb) < sa;
            } else if (ta == n && tb == n) {
                if (sa == sb)
                    level++;
                done = sa != sb || !r->sudden_death;
            } else if (ta == tb) {
                done = sa != sb || ta > 1000;
            }
        }
        kicks += ta + tb;
        kicks2 += (double)(ta + tb) * (ta + tb);
        first += sa > sb;
        second += sb > sa;
    }
    mpq_t p;
    mpq_init(p);
    ms_pk_p(p, r);
    res->cases++;
    compare(&c, "penalty kick: goal", goals, o->trials, mpq_get_d(p));
    ms_shootout s;
    ms_shootout_init(&s);
    ms_shootout_solve(&s, r, p, p);
    res->cases++;
    compare(&c, "shoot-out: first wins", first, o->trials, mpq_get_d(s.first_wins));
    compare(&c, "shoot-out: second wins", second, o->trials, mpq_get_d(s.second_wins));
    compare(&c, "shoot-out: level after the regular kicks", level, o->trials, mpq_get_d(s.regular_tied));
    if (!s.endless) {  /* the mean number of kicks: a z-score with the sample's own spread is enough here */
        double mean = kicks / (double)o->trials, exact = mpq_get_d(s.kicks);
        double var = kicks2 / (double)o->trials - mean * mean;
        double z = var > 0 ? (mean - exact) / sqrt(var / (double)o->trials) : (mean == exact ? 0 : INFINITY);
        res->compared++;
        if (fabs(z) > o->z_max)
            res->failed++;
        if (fabs(z) > res->worst_z) {
            res->worst_z = fabs(z);
            snprintf(res->worst, sizeof res->worst, "shoot-out: mean kicks %.4f, exact %.4f, z %.2f", mean, exact, z);
        }
    }
    ms_shootout_clear(&s);
    mpq_clear(p);
}
